//! The entities of a JSON snapshot as serde_json `Value`s: [`JsonEntities`], and the step that
//! turns one parsed JSON value into an entity's id and members, which the snapshot reader's
//! fallback takes too (so that its errors are these, word for word).

use std::io::{BufReader, Read};

use serde_json::de::IoRead;
use serde_json::{Map, StreamDeserializer, Value};

use super::frame::{entity_id, snapshot_error, ENTITY_ID_KEY};
use crate::error::{Error, Result};
use crate::json_input::{is_duplicate_member, is_too_deep, SkipBom, UniqueValue};
use crate::snapshot::ids::EntityIds;

/// The line and column (serde_json's: the line from 1, the column in bytes from 0) at which a
/// parse of part of a stream started, so that its error positions can be given in the whole
/// stream's terms.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Origin {
    pub(crate) line: usize,
    pub(crate) column: usize,
}

impl Origin {
    /// The start of the stream.
    pub(crate) const START: Origin = Origin { line: 1, column: 0 };

    /// `error`'s text, its position moved from the part's terms to the stream's.
    fn message(self, error: &serde_json::Error) -> String {
        let text = error.to_string();
        if error.line() == 0 {
            return text;
        }
        let suffix = format!(" at line {} column {}", error.line(), error.column());
        let Some(message) = text.strip_suffix(&suffix) else {
            return text;
        };
        // serde_json counts lines and columns as it reads bytes, so a position is the part's
        // added to where the part started: on the part's first line the columns add up.
        let (line, column) = if error.line() == 1 {
            (self.line, self.column + error.column())
        } else {
            (self.line + error.line() - 1, error.column())
        };
        format!("{message} at line {line} column {column}")
    }
}

/// One step of reading entities: what the stream of JSON values gave (`None` at its end) made
/// into the entity's id and members, or the error, for the entity of index `index`. A new id
/// is recorded in `ids`.
pub(crate) fn entity_from(
    item: Option<serde_json::Result<UniqueValue>>,
    index: u64,
    ids: &mut EntityIds,
    origin: Origin,
) -> Result<Option<(i64, Map<String, Value>)>> {
    let value = match item {
        None => return Ok(None),
        Some(Ok(UniqueValue(value))) => value,
        Some(Err(e)) if is_duplicate_member(&e) || is_too_deep(&e) => {
            return Err(snapshot_error(origin.message(&e)).in_entity(index, None));
        }
        Some(Err(e)) => {
            return Err(
                snapshot_error(format!("bad JSON: {}", origin.message(&e))).in_entity(index, None)
            );
        }
    };
    let Value::Object(members) = value else {
        return Err(
            snapshot_error("an entity should be a JSON object".into()).in_entity(index, None)
        );
    };
    let id = entity_id(&members).map_err(|e| e.in_entity(index, None))?;
    ids.insert(id, index).map_err(|bad| {
        Error::at_path(bad.message(id), format!("/{ENTITY_ID_KEY}")).in_entity(index, Some(id))
    })?;
    Ok(Some((id, members)))
}

/// The entities of a JSON snapshot as JSON: each entity's id and its members (the components by
/// name, `__entity_id` among them), one JSON object at a time, with no schema. What the CLI
/// counts entities with; [`JsonSnapshotReader`](super::JsonSnapshotReader) reads the same
/// framing, with the same errors.
///
/// A byte order mark before the first object is skipped. An object with two members of one
/// name is an error (`a second member `NAME` (at /POINTER) at line L column C`), and so is an
/// entity id that is not a positive 64-bit integer or that an earlier entity has (naming that
/// entity's record). Errors give the entity's index and are yielded once.
pub struct JsonEntities<R: Read> {
    stream: StreamDeserializer<'static, IoRead<BufReader<SkipBom<R>>>, UniqueValue>,
    entities: u64,
    ids: EntityIds,
    done: bool,
}

impl<R: Read> JsonEntities<R> {
    /// The entities of `input`.
    pub fn new(input: R) -> Self {
        let reader = BufReader::new(SkipBom::new(input));
        JsonEntities {
            stream: crate::json_input::stream(reader),
            entities: 0,
            ids: EntityIds::default(),
            done: false,
        }
    }

    /// How many entities have been read.
    pub fn entities_read(&self) -> u64 {
        self.entities
    }

    /// How many bytes of the input the entities read so far took (a byte order mark not
    /// counted).
    pub fn byte_offset(&self) -> usize {
        self.stream.byte_offset()
    }

    /// The next entity's id and members, `None` at the end of the input.
    pub fn read_entity(&mut self) -> Result<Option<(i64, Map<String, Value>)>> {
        if self.done {
            return Ok(None);
        }
        let result = entity_from(
            self.stream.next(),
            self.entities,
            &mut self.ids,
            Origin::START,
        );
        match result {
            Ok(Some(_)) => self.entities += 1,
            _ => self.done = true,
        }
        result
    }
}

impl<R: Read> Iterator for JsonEntities<R> {
    type Item = Result<(i64, Map<String, Value>)>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_entity().transpose()
    }
}

impl<R: Read> std::fmt::Debug for JsonEntities<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonEntities")
            .field("entities", &self.entities)
            .field("done", &self.done)
            .finish_non_exhaustive()
    }
}
