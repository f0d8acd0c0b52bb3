//! [`JsonSnapshotReader`]: entities from JSON snapshot text.
//!
//! Two paths read an entity. The direct one scans the text with a [`JsonScanner`] and has the
//! codec read each component straight from it ([`ComponentJson::read_json`]): no serde_json
//! `Value` is built. It only ever accepts; on anything it does not take (an error of any kind,
//! or an entity it does not read itself) the entity is read again by the `Value` path, the
//! reader this crate always had: serde_json `Value`s with duplicate members refused
//! ([`UniqueValue`]), the framing of [`JsonEntities`](super::JsonEntities), and
//! [`ComponentJson::from_json`]. That path's result is the reader's, error or entity; so every
//! error is the `Value` path's, word for word, and its line and column are where the error is
//! in the whole input.
//!
//! The input is read into a buffer, at least [`CHUNK`] bytes at a time; an entity that runs
//! past the end of the buffer is read again once more input is in (the buffer doubles when
//! one entity needs it, so that a large entity costs linear time).

use std::io::{self, Read};

use rosetta_schema::Schema;
use serde_json::{Map, Value};

use super::codec::ComponentJson;
use super::entities::{entity_from, Origin};
use super::frame::{id_text, pointer_token, snapshot_error, ENTITY_ID_KEY};
use super::scanner::{JsonKind, JsonNumber, JsonScanner};
use crate::error::{Error, Result};
use crate::json_input::SkipBom;
use crate::snapshot::entity::SnapshotEntity;
use crate::snapshot::ids::EntityIds;

/// How much input is read at a time (more when one entity needs more).
const CHUNK: usize = 256 * 1024;

/// Reads a JSON snapshot one entity (one JSON object) at a time: an iterator of
/// `Result<SnapshotEntity>`. Components keep the order of the JSON object. An error (with the
/// entity's index and the JSON Pointer of the value, or the line and column of bad JSON) is
/// yielded once and ends the iteration. The framing is read as
/// [`JsonEntities`](super::JsonEntities) reads it.
pub struct JsonSnapshotReader<'s, R: Read, C> {
    input: SkipBom<R>,
    /// Input read and not yet given back as entities starts at `start`.
    buf: Vec<u8>,
    start: usize,
    /// Whether the input has ended (or failed: `failed`).
    eof: bool,
    /// A read error, reported when the entity that needs the input beyond it is read.
    failed: Option<io::Error>,
    /// Bytes dropped from the front of `buf`, and the line and column of `buf[0]`.
    dropped: usize,
    origin: Origin,
    schema: &'s Schema,
    codec: C,
    entities: u64,
    ids: EntityIds,
    done: bool,
    /// The components met so far by name (a few, looked up before the registry's hash map).
    known: Vec<(Box<[u8]>, u32)>,
}

/// How many component names the reader keeps at hand.
const KNOWN: usize = 32;

/// What the direct path made of the next entity.
enum Direct {
    Entity(SnapshotEntity, usize),
    /// Only whitespace up to the end of the buffer.
    End,
    /// The entity (or the number at the end of the buffer) may go on past the buffer.
    More,
    /// Not read directly: the `Value` path reads it.
    Refused,
}

impl<'s, R: Read, C: ComponentJson> JsonSnapshotReader<'s, R, C> {
    /// A reader of `input`: component names are looked up in `schema`, component data is read
    /// by `codec`.
    pub fn new(input: R, schema: &'s Schema, codec: C) -> Self {
        JsonSnapshotReader {
            input: SkipBom::new(input),
            buf: Vec::new(),
            start: 0,
            eof: false,
            failed: None,
            dropped: 0,
            origin: Origin::START,
            schema,
            codec,
            entities: 0,
            ids: EntityIds::default(),
            done: false,
            known: Vec::new(),
        }
    }

    /// How many entities have been read.
    pub fn entities_read(&self) -> u64 {
        self.entities
    }

    /// How many bytes of the input the entities read so far took (a byte order mark not
    /// counted).
    pub fn byte_offset(&self) -> usize {
        self.dropped + self.start
    }

    /// The next entity, `None` at the end of the input.
    pub fn read_entity(&mut self) -> Result<Option<SnapshotEntity>> {
        if self.done {
            return Ok(None);
        }
        let result = self.step();
        if !matches!(result, Ok(Some(_))) {
            self.done = true;
        }
        result
    }

    fn step(&mut self) -> Result<Option<SnapshotEntity>> {
        loop {
            match self.direct() {
                Direct::Entity(entity, end) => {
                    self.start += end;
                    self.entities += 1;
                    return Ok(Some(entity));
                }
                Direct::End if self.eof => {
                    if let Some(e) = self.failed.take() {
                        return Err(self.read_error(&e));
                    }
                    self.start = self.buf.len();
                    return Ok(None);
                }
                Direct::End | Direct::More if !self.eof => self.fill(),
                Direct::End | Direct::More | Direct::Refused => return self.by_values(),
            }
        }
    }

    /// The error of a failed read, as the `Value` path gives it.
    fn read_error(&self, e: &io::Error) -> Error {
        snapshot_error(format!("bad JSON: {e}")).in_entity(self.entities, None)
    }

    /// Reads more input into the buffer (dropping what has been given back): at least
    /// [`CHUNK`] bytes, and at least as many as are held, so that one entity read again and
    /// again as the input comes costs linear time.
    fn fill(&mut self) {
        if self.start > 0 {
            self.origin = advance(self.origin, &self.buf[..self.start]);
            self.buf.drain(..self.start);
            self.dropped += self.start;
            self.start = 0;
        }
        let held = self.buf.len();
        let want = CHUNK.max(held);
        // `read_to_end` fills the spare capacity without zeroing it first, and grows the
        // buffer only as far as the input goes (a small input keeps a small buffer).
        match (&mut self.input)
            .take(want as u64)
            .read_to_end(&mut self.buf)
        {
            Ok(got) if got < want => self.eof = true,
            Ok(_) => {}
            // What was read before the error is in the buffer, to be read first.
            Err(e) => {
                self.eof = true;
                self.failed = Some(e);
            }
        }
    }

    /// The next entity by the direct path.
    fn direct(&mut self) -> Direct {
        let text = &self.buf[self.start..];
        let mut scanner = JsonScanner::new(text);
        match scanner.peek() {
            Ok(JsonKind::Object) => {}
            Ok(_) => return Direct::Refused,
            Err(_) if scanner.truncated() => return Direct::End,
            Err(_) => return Direct::Refused,
        }
        let read = entity(&mut scanner, self.schema, &self.codec, &mut self.known);
        match read {
            Ok((id, mut entity)) => {
                if self.ids.insert(id, self.entities).is_err() {
                    return Direct::Refused;
                }
                entity.id = id;
                Direct::Entity(entity, scanner.position())
            }
            Err(_) if scanner.truncated() => Direct::More,
            Err(_) => Direct::Refused,
        }
    }

    /// The next entity by the `Value` path, which gives the error there is.
    fn by_values(&mut self) -> Result<Option<SnapshotEntity>> {
        loop {
            let text = &self.buf[self.start..];
            let mut stream = crate::json_input::stream(text);
            let item = stream.next();
            // The text may end where more input would go on: then the result could differ
            // (serde_json reads `1.` at the end as an invalid number), so read more first.
            let at_end = match &item {
                None => true,
                Some(Ok(_)) => false,
                Some(Err(e)) => error_index(text, e) + 4 >= text.len(),
            };
            if at_end && !self.eof {
                self.fill();
                continue;
            }
            if at_end {
                if let Some(e) = self.failed.take() {
                    return Err(self.read_error(&e));
                }
            }
            let consumed = stream.byte_offset();
            let index = self.entities;
            let origin = advance(self.origin, &self.buf[..self.start]);
            let Some((id, members)) = entity_from(item, index, &mut self.ids, origin)? else {
                self.start = self.buf.len();
                return Ok(None);
            };
            self.start += consumed;
            self.entities += 1;
            return by_members(self.schema, &self.codec, id, &members)
                .map(Some)
                .map_err(|e| e.in_entity(index, Some(id)));
        }
    }
}

/// Where serde_json's error is in `text` (its line and column are counted as bytes are read).
fn error_index(text: &[u8], error: &serde_json::Error) -> usize {
    let mut line_start = 0;
    for _ in 1..error.line() {
        match text[line_start..].iter().position(|&b| b == b'\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    line_start + error.column()
}

/// How many newlines `text` has: eight bytes at a time (every byte of the input goes through
/// here once, to keep the line count of what the buffer drops).
fn newlines(text: &[u8]) -> usize {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let mut chunks = text.chunks_exact(8);
    let mut count = 0;
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // The bytes that were `\n` are zero; their high bits are set in `zero`, no other's.
        let x = u64::from_ne_bytes(word) ^ 0x0a0a_0a0a_0a0a_0a0a;
        let zero = !(((x & LOW) + LOW) | x | LOW);
        count += zero.count_ones() as usize;
    }
    count + chunks.remainder().iter().filter(|&&b| b == b'\n').count()
}

/// The line and column after `text`, which starts at `origin`.
fn advance(origin: Origin, text: &[u8]) -> Origin {
    let newlines = newlines(text);
    match text.iter().rposition(|&b| b == b'\n') {
        Some(last) => Origin {
            line: origin.line + newlines,
            column: text.len() - last - 1,
        },
        None => Origin {
            line: origin.line,
            column: origin.column + text.len(),
        },
    }
}

/// An entity read directly: its id and its components. Any error only means "not read
/// directly".
fn entity(
    scanner: &mut JsonScanner<'_>,
    schema: &Schema,
    codec: &impl ComponentJson,
    known: &mut Vec<(Box<[u8]>, u32)>,
) -> Result<(i64, SnapshotEntity)> {
    let refused = || Error::custom("not read directly");
    let registry = schema.registry();
    let mut id = None;
    let mut entity = SnapshotEntity::new(0);
    scanner.begin_object()?;
    while let Some(name) = scanner.next_key_bytes()? {
        if name == ENTITY_ID_KEY.as_bytes() {
            let read = match scanner.peek()? {
                JsonKind::String => id_text(&scanner.string()?),
                JsonKind::Number => match scanner.number()? {
                    JsonNumber::U64(n) => i64::try_from(n).ok(),
                    JsonNumber::I64(n) => Some(n),
                    JsonNumber::F64(_) => None,
                },
                _ => None,
            };
            // A second `__entity_id` is an error of the `Value` path's.
            if id.is_some() || read.is_none() {
                return Err(refused());
            }
            id = read;
            continue;
        }
        let component_id = match known.iter().find(|(known, _)| **known == *name) {
            Some(&(_, id)) => id,
            None => {
                let text = std::str::from_utf8(name).map_err(|_| refused())?;
                let component = registry
                    .get_by_name(text)
                    .and_then(|ty| ty.component())
                    .ok_or_else(refused)?;
                if known.len() < KNOWN {
                    known.push((name.into(), component.id()));
                }
                component.id()
            }
        };
        // Two members of one name are an error of the `Value` path's (two names of one
        // component are not, but are left to it too).
        if entity.components.iter().any(|(c, _)| *c == component_id) {
            return Err(refused());
        }
        let data = codec.read_json(component_id, scanner)?;
        entity.components.push((component_id, data));
    }
    Ok((id.ok_or_else(refused)?, entity))
}

/// An entity from its members, read by the `Value` path.
fn by_members(
    schema: &Schema,
    codec: &impl ComponentJson,
    id: i64,
    members: &Map<String, Value>,
) -> Result<SnapshotEntity> {
    let registry = schema.registry();
    let mut entity = SnapshotEntity::new(id);
    for (name, value) in members {
        if name == ENTITY_ID_KEY {
            continue;
        }
        let path = format!("/{}", pointer_token(name));
        let ty = registry
            .lookup(name)
            .and_then(|ty| registry.get(ty))
            .ok_or_else(|| Error::at_path(format!("unknown component {name}"), &path))?;
        let component = ty
            .component()
            .ok_or_else(|| Error::at_path(format!("{name} is not a component"), &path))?;
        let data = codec
            .from_json(component.id(), value)
            .map_err(|e| e.under_path(&path))?;
        entity.components.push((component.id(), data));
    }
    Ok(entity)
}

impl<R: Read, C: ComponentJson> Iterator for JsonSnapshotReader<'_, R, C> {
    type Item = Result<SnapshotEntity>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_entity().transpose()
    }
}

impl<R: Read, C> std::fmt::Debug for JsonSnapshotReader<'_, R, C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonSnapshotReader")
            .field("entities", &self.entities)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newlines_are_counted_and_positions_advance() {
        let text = b"ab\ncd\n\n\xff\x0a\x0b\x09 0123456789\n";
        for len in 0..=text.len() {
            let slow = text[..len].iter().filter(|&&b| b == b'\n').count();
            assert_eq!(newlines(&text[..len]), slow, "{len}");
        }
        let at = advance(Origin::START, b"{}\n  {");
        assert_eq!((at.line, at.column), (2, 3));
        let at = advance(at, b"  ");
        assert_eq!((at.line, at.column), (2, 5));
    }
}
