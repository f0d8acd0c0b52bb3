//! [`Input`]: the cursor generated decoders read from.

use crate::encoding::{get_fixed, get_len, get_tag, get_varint, WireType};
use crate::error::{Error, ErrorKind, Result};
use rosetta_types::MAX_NESTING;

/// A cursor over one buffer of wire bytes, as generated decoders read it: the current object's
/// end, and how deep it nests. Byte offsets in errors are from the start of the buffer.
#[derive(Debug)]
pub struct Input<'a> {
    bytes: &'a [u8],
    pos: usize,
    end: usize,
    depth: usize,
}

impl<'a> Input<'a> {
    /// A cursor at the start of `bytes`, read as one top-level object.
    pub fn new(bytes: &'a [u8]) -> Self {
        Input {
            bytes,
            pos: 0,
            end: bytes.len(),
            depth: 1,
        }
    }

    /// Whether the current object has no bytes left.
    #[inline]
    pub fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    /// The offset of the next byte.
    pub fn offset(&self) -> usize {
        self.pos
    }

    #[inline]
    fn window(&self) -> &'a [u8] {
        // `end` never passes the buffer: it is the buffer's length or a checked length prefix.
        &self.bytes[..self.end]
    }

    /// Reads the next tag.
    #[inline]
    pub fn tag(&mut self) -> Result<(u32, WireType)> {
        get_tag(self.window(), &mut self.pos)
    }

    /// Reads a varint.
    #[inline]
    pub fn varint(&mut self) -> Result<u64> {
        get_varint(self.window(), &mut self.pos)
    }

    /// Reads four little-endian bytes.
    #[inline]
    pub fn fixed32(&mut self) -> Result<u32> {
        get_fixed::<4>(self.window(), &mut self.pos).map(u32::from_le_bytes)
    }

    /// Reads eight little-endian bytes.
    #[inline]
    pub fn fixed64(&mut self) -> Result<u64> {
        get_fixed::<8>(self.window(), &mut self.pos).map(u64::from_le_bytes)
    }

    /// Reads a length-delimited run of bytes.
    #[inline]
    pub fn len_delimited(&mut self) -> Result<&'a [u8]> {
        let range = get_len(self.window(), &mut self.pos)?;
        Ok(&self.bytes[range])
    }

    /// Reads a length-delimited object, handing a cursor over its bytes to `read`: one level
    /// deeper, refused past [`MAX_NESTING`].
    #[inline]
    pub fn nested<T>(&mut self, read: impl FnOnce(&mut Input<'a>) -> Result<T>) -> Result<T> {
        let start = self.pos;
        let range = get_len(self.window(), &mut self.pos)?;
        if self.depth >= MAX_NESTING {
            return Err(Error::too_deep_at(start));
        }
        let mut inner = Input {
            bytes: self.bytes,
            pos: range.start,
            end: range.end,
            depth: self.depth + 1,
        };
        read(&mut inner)
    }

    /// Reads a packed run (a length-delimited list of scalars), handing a cursor over its bytes
    /// to `read`; the run is no object, so it nests no deeper.
    #[inline]
    pub fn packed<T>(&mut self, read: impl FnOnce(&mut Input<'a>) -> Result<T>) -> Result<T> {
        let range = get_len(self.window(), &mut self.pos)?;
        let mut inner = Input {
            bytes: self.bytes,
            pos: range.start,
            end: range.end,
            depth: self.depth,
        };
        read(&mut inner)
    }

    /// Skips a field's value of this wire type: a field the schema does not have.
    pub fn skip(&mut self, wire: WireType) -> Result<()> {
        match wire {
            WireType::Varint => self.varint().map(drop),
            WireType::Fixed32 => self.fixed32().map(drop),
            WireType::Fixed64 => self.fixed64().map(drop),
            WireType::Len => self.len_delimited().map(drop),
        }
    }

    /// The error for a field that came with a wire type its type cannot have.
    pub fn wrong_wire_type(&self, field: u32, wire: WireType, expected: &str) -> Error {
        Error::at(
            ErrorKind::Other(format!(
                "field {field} has wire type {}, where {expected} was expected",
                wire.number()
            )),
            self.pos,
        )
    }

    /// An error about the bytes just read.
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::at(ErrorKind::Other(message.into()), self.pos)
    }
}
