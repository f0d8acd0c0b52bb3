//! The record framing of a decompressed snapshot (`varint length` + message), and the messages
//! inside the records.

use std::io::{self, BufRead};

use bytes::Bytes;

use super::format::ComponentOrder;
use crate::encoding::{
    get_fixed, get_len, get_tag, get_varint, put_tag, put_varint, varint_len, WireType,
};
use crate::error::{Error, ErrorKind, Result};
use crate::object::Object;

/// The top-level field of an entity record.
const ENTITY_FIELD: u32 = 2;
/// The top-level field of the end record.
const END_FIELD: u32 = 1;
/// The entity id's field in an entity record.
const ID_FIELD: u32 = 1;
/// The entity object's field in an entity record.
const ENTITY_OBJECT_FIELD: u32 = 3;

/// Reads records from a decompressed stream, counting the bytes it consumes.
#[derive(Debug)]
pub(crate) struct RecordStream<R> {
    input: R,
    offset: u64,
}

/// A record as read: where it starts (its length prefix) and its message bytes.
pub(crate) struct Record {
    pub(crate) start: u64,
    pub(crate) payload_start: u64,
    pub(crate) bytes: Bytes,
}

impl<R: BufRead> RecordStream<R> {
    pub(crate) fn new(input: R) -> Self {
        RecordStream { input, offset: 0 }
    }

    /// Bytes consumed so far.
    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    pub(crate) fn get_ref(&self) -> &R {
        &self.input
    }

    pub(crate) fn into_inner(self) -> R {
        self.input
    }

    fn error(&self, kind: ErrorKind, offset: u64) -> Error {
        Error::at(kind, to_usize(offset))
    }

    /// One byte, `None` at the end of the stream.
    fn byte(&mut self) -> Result<Option<u8>> {
        loop {
            match self.input.fill_buf() {
                Ok([]) => return Ok(None),
                Ok([first, ..]) => {
                    let first = *first;
                    self.input.consume(1);
                    self.offset += 1;
                    return Ok(Some(first));
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::io(&e, Some(to_usize(self.offset)))),
            }
        }
    }

    /// Up to `length` bytes onto `buf`, as many as the stream has.
    fn take_into(&mut self, length: u64, buf: &mut Vec<u8>) -> io::Result<u64> {
        let mut left = length;
        while left > 0 {
            let available = match self.input.fill_buf() {
                Ok(available) => available,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            let n = available
                .len()
                .min(usize::try_from(left).unwrap_or(usize::MAX));
            buf.extend_from_slice(&available[..n]);
            self.input.consume(n);
            left -= n as u64;
        }
        Ok(length - left)
    }

    /// The next record, `None` when the stream ends cleanly before one. Lengths above `max` are
    /// refused; the record's bytes are allocated as they arrive, never up front.
    pub(crate) fn next_record(&mut self, max: u64) -> Result<Option<Record>> {
        let start = self.offset;
        let Some(first) = self.byte()? else {
            return Ok(None);
        };
        let mut length = u64::from(first & 0x7f);
        let mut last = first;
        let mut shift = 7;
        while last & 0x80 != 0 {
            if shift >= 70 {
                return Err(self.error(ErrorKind::VarintTooLong, start));
            }
            last = self
                .byte()?
                .ok_or_else(|| self.error(ErrorKind::Truncated("a record length"), start))?;
            length |= u64::from(last & 0x7f).checked_shl(shift).unwrap_or(0);
            shift += 7;
        }
        if length > max {
            return Err(self.error(
                ErrorKind::Snapshot(format!(
                    "a record of {length} bytes is larger than the limit of {max} bytes"
                )),
                start,
            ));
        }
        let payload_start = self.offset;
        // A length that lies costs no more memory than the bytes that really follow.
        let mut buf = Vec::with_capacity(to_usize(length.min(64 << 10)));
        let read = self
            .take_into(length, &mut buf)
            .map_err(|e| Error::io(&e, Some(to_usize(payload_start))))?;
        self.offset += read;
        if read < length {
            return Err(self.error(
                ErrorKind::Snapshot(format!(
                    "the stream ends inside a record of {length} bytes, after {read} of them"
                )),
                start,
            ));
        }
        Ok(Some(Record {
            start,
            payload_start,
            bytes: Bytes::from(buf),
        }))
    }
}

/// What a record (after the header) holds.
pub(crate) enum Message<C> {
    /// An entity record: the id and each component's data, as `component` made it.
    Entity(i64, Vec<(u32, C)>),
    /// The end record (its value is not checked: every known file has 1).
    End,
}

/// Reads a record's message, making each component's data from its bytes with `component`.
/// Offsets in errors are relative to the message's first byte.
pub(crate) fn parse_message<C>(
    bytes: &Bytes,
    component: fn(Bytes) -> Result<C>,
) -> Result<Message<C>> {
    let input: &[u8] = bytes;
    let mut pos = 0;
    let mut message = None;
    while pos < input.len() {
        let at = pos;
        let (field, wire) = get_tag(input, &mut pos)?;
        let parsed = match (field, wire) {
            (ENTITY_FIELD, WireType::Len) => {
                let range = get_len(input, &mut pos)?;
                let start = range.start;
                let (id, components) = parse_entity_record(&bytes.slice(range), component)
                    .map_err(|e| e.shifted(start))?;
                Message::Entity(id, components)
            }
            (END_FIELD, WireType::Varint) => {
                get_varint(input, &mut pos)?;
                Message::End
            }
            _ => return Err(unexpected(field, wire, "a snapshot record", at)),
        };
        if message.is_some() {
            return Err(Error::at(
                ErrorKind::Snapshot("a snapshot record holds more than one entity or end".into()),
                at,
            ));
        }
        message = Some(parsed);
    }
    message.ok_or_else(|| {
        Error::at(
            ErrorKind::Snapshot("an empty record where an entity or the end was expected".into()),
            0,
        )
    })
}

/// The entity id and components of an `EntityRecord`: `{1: entity id, 3: Entity}`.
type EntityParts<C> = (i64, Vec<(u32, C)>);

/// Reads an `EntityRecord`.
fn parse_entity_record<C>(
    bytes: &Bytes,
    component: fn(Bytes) -> Result<C>,
) -> Result<EntityParts<C>> {
    let input: &[u8] = bytes;
    let mut pos = 0;
    let mut id = None;
    let mut components = Vec::new();
    while pos < input.len() {
        let at = pos;
        let (field, wire) = get_tag(input, &mut pos)?;
        match (field, wire) {
            (ID_FIELD, WireType::Varint) => {
                if id.is_some() {
                    return Err(Error::at(
                        ErrorKind::Snapshot("an entity record with two entity ids".into()),
                        at,
                    ));
                }
                id = Some(get_varint(input, &mut pos)? as i64);
            }
            (ENTITY_OBJECT_FIELD, WireType::Len) => {
                let range = get_len(input, &mut pos)?;
                let start = range.start;
                parse_components(&bytes.slice(range), component, &mut components)
                    .map_err(|e| e.shifted(start))?;
            }
            _ => return Err(unexpected(field, wire, "an entity record", at)),
        }
    }
    let id = id.ok_or_else(|| {
        Error::at(
            ErrorKind::Snapshot("an entity record without an entity id (field 1)".into()),
            0,
        )
    })?;
    Ok((id, components))
}

/// Reads an `Entity` object: one object field per component, field id = component id.
fn parse_components<C>(
    bytes: &Bytes,
    component: fn(Bytes) -> Result<C>,
    out: &mut Vec<(u32, C)>,
) -> Result<()> {
    let input: &[u8] = bytes;
    let mut pos = 0;
    while pos < input.len() {
        let at = pos;
        let (id, wire) = get_tag(input, &mut pos)?;
        if wire != WireType::Len {
            return Err(Error::at(
                ErrorKind::Snapshot(format!(
                    "component {id} is not an object (wire type {})",
                    wire.number()
                )),
                at,
            ));
        }
        let range = get_len(input, &mut pos)?;
        let start = range.start;
        let data = component(bytes.slice(range)).map_err(|e| e.shifted(start))?;
        out.push((id, data));
    }
    Ok(())
}

/// Checks the framing of one object's fields, as [`Object::decode_shared`] reads it (tags,
/// varints, fixed widths and lengths within the bytes), without decoding them: the component
/// data of a [`RawEntity`](super::RawEntity).
pub(crate) fn check_object_framing(bytes: Bytes) -> Result<Bytes> {
    let input: &[u8] = &bytes;
    let mut pos = 0;
    while pos < input.len() {
        let (_, wire) = get_tag(input, &mut pos)?;
        match wire {
            WireType::Varint => {
                get_varint(input, &mut pos)?;
            }
            WireType::Fixed32 => {
                get_fixed::<4>(input, &mut pos)?;
            }
            WireType::Fixed64 => {
                get_fixed::<8>(input, &mut pos)?;
            }
            WireType::Len => {
                get_len(input, &mut pos)?;
            }
        }
    }
    Ok(bytes)
}

fn unexpected(field: u32, wire: WireType, place: &str, at: usize) -> Error {
    Error::at(
        ErrorKind::Snapshot(format!(
            "unexpected field {field} (wire type {}) in {place}",
            wire.number()
        )),
        at,
    )
}

/// A component's data as an entity record holds it: an [`Object`] encoded, or bytes as they are.
pub(crate) trait ComponentBytes {
    /// The length of the encoded data.
    fn encoded_len(&self) -> usize;
    /// Appends the encoded data.
    fn encode_to(&self, out: &mut Vec<u8>);
}

impl ComponentBytes for Object {
    fn encoded_len(&self) -> usize {
        Object::encoded_len(self)
    }
    fn encode_to(&self, out: &mut Vec<u8>) {
        Object::encode_to(self, out)
    }
}

impl ComponentBytes for Bytes {
    fn encoded_len(&self) -> usize {
        self.len()
    }
    fn encode_to(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(self)
    }
}

/// Appends one entity record, length prefix included, its components in the order given.
pub(crate) fn put_entity_record<C: ComponentBytes>(
    out: &mut Vec<u8>,
    entity_id: i64,
    components: &[(u32, C)],
    order: ComponentOrder,
) -> Result<()> {
    let mut components: Vec<&(u32, C)> = components.iter().collect();
    if order == ComponentOrder::Ascending {
        components.sort_by_key(|(id, _)| *id);
    }
    let mut entity_len = 0;
    let mut lens = Vec::with_capacity(components.len());
    for (id, data) in &components {
        if *id == 0 || *id > crate::encoding::MAX_FIELD_ID {
            return Err(Error::msg(format!("{id} is not a valid component id")));
        }
        let len = data.encoded_len();
        lens.push(len);
        entity_len += varint_len(u64::from(*id) << 3) + varint_len(len as u64) + len;
    }
    let id_bits = entity_id as u64;
    let record_len = 1 + varint_len(id_bits) + 1 + varint_len(entity_len as u64) + entity_len;
    let message_len = 1 + varint_len(record_len as u64) + record_len;
    out.reserve(varint_len(message_len as u64) + message_len);
    put_varint(out, message_len as u64);
    put_tag(out, ENTITY_FIELD, WireType::Len);
    put_varint(out, record_len as u64);
    put_tag(out, ID_FIELD, WireType::Varint);
    put_varint(out, id_bits);
    put_tag(out, ENTITY_OBJECT_FIELD, WireType::Len);
    put_varint(out, entity_len as u64);
    for ((id, data), len) in components.iter().zip(lens) {
        put_tag(out, *id, WireType::Len);
        put_varint(out, len as u64);
        data.encode_to(out);
    }
    Ok(())
}

/// Offsets are `u64` in a stream and `usize` in errors; a stream longer than `usize::MAX` (on a
/// 32-bit target) reports the largest offset it can.
pub(crate) fn to_usize(offset: u64) -> usize {
    usize::try_from(offset).unwrap_or(usize::MAX)
}
