//! [`Input`]: the cursor generated decoders read from.

use bytes::Bytes;

use crate::encoding::{get_fixed, get_len, get_tag, get_varint, WireType};
use crate::error::{Error, ErrorKind, Result};
use rosetta_types::MAX_NESTING;

/// A cursor over the bytes of one object, as generated decoders read it, and how deep the object
/// nests. It holds the object's bytes alone (no end to check against the buffer's on every
/// read) and where they start in the whole buffer, so that byte offsets in errors are from the
/// start of the buffer.
#[derive(Debug)]
pub struct Input<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// Where `bytes` starts in the buffer the decoding began with.
    base: usize,
    depth: usize,
    /// That buffer, when it is shared: `Bytes` fields are then slices of it, not copies.
    shared: Option<&'a Bytes>,
}

impl<'a> Input<'a> {
    /// A cursor at the start of `bytes`, read as one top-level object.
    pub fn new(bytes: &'a [u8]) -> Self {
        Input {
            bytes,
            pos: 0,
            base: 0,
            depth: 1,
            shared: None,
        }
    }

    /// A cursor at the start of a shared buffer, read as one top-level object: the
    /// [`SharedBlob`](super::codec::SharedBlob) values read from it (generated `Bytes`
    /// fields) share the buffer instead of copying their bytes.
    pub fn shared(bytes: &'a Bytes) -> Self {
        Input {
            shared: Some(bytes),
            ..Input::new(bytes)
        }
    }

    /// Whether the current object has no bytes left.
    #[inline(always)]
    pub fn at_end(&self) -> bool {
        self.pos >= self.bytes.len()
    }

    /// The offset of the next byte in the whole buffer.
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// Moves an error's byte offset from this object's bytes into the whole buffer.
    #[cold]
    fn placed(&self, error: Error) -> Error {
        error.shifted(self.base)
    }

    /// Reads the next tag.
    #[inline(always)]
    pub fn tag(&mut self) -> Result<(u32, WireType)> {
        get_tag(self.bytes, &mut self.pos).map_err(|e| self.placed(e))
    }

    /// Reads a varint.
    #[inline(always)]
    pub fn varint(&mut self) -> Result<u64> {
        get_varint(self.bytes, &mut self.pos).map_err(|e| self.placed(e))
    }

    /// Reads four little-endian bytes.
    #[inline(always)]
    pub fn fixed32(&mut self) -> Result<u32> {
        get_fixed::<4>(self.bytes, &mut self.pos)
            .map(u32::from_le_bytes)
            .map_err(|e| self.placed(e))
    }

    /// Reads eight little-endian bytes.
    #[inline(always)]
    pub fn fixed64(&mut self) -> Result<u64> {
        get_fixed::<8>(self.bytes, &mut self.pos)
            .map(u64::from_le_bytes)
            .map_err(|e| self.placed(e))
    }

    /// Reads a length-delimited run of bytes.
    #[inline]
    pub fn len_delimited(&mut self) -> Result<&'a [u8]> {
        let range = get_len(self.bytes, &mut self.pos).map_err(|e| self.placed(e))?;
        Ok(&self.bytes[range])
    }

    /// Reads a length-delimited run of bytes as [`Bytes`]: a slice of the buffer when it is
    /// [`shared`](Input::shared), else a copy.
    #[inline]
    pub fn len_delimited_bytes(&mut self) -> Result<Bytes> {
        let range = get_len(self.bytes, &mut self.pos).map_err(|e| self.placed(e))?;
        Ok(match self.shared {
            Some(buffer) => buffer.slice(self.base + range.start..self.base + range.end),
            None => Bytes::copy_from_slice(&self.bytes[range]),
        })
    }

    /// A cursor over the length-delimited bytes at the cursor, `deeper` levels down.
    #[inline]
    fn inner(&mut self, deeper: usize) -> Result<Input<'a>> {
        let range = get_len(self.bytes, &mut self.pos).map_err(|e| self.placed(e))?;
        Ok(Input {
            base: self.base + range.start,
            bytes: &self.bytes[range],
            pos: 0,
            depth: self.depth + deeper,
            shared: self.shared,
        })
    }

    /// Reads a length-delimited object, handing a cursor over its bytes to `read`: one level
    /// deeper, refused past [`MAX_NESTING`].
    #[inline]
    pub fn nested<T>(&mut self, read: impl FnOnce(&mut Input<'a>) -> Result<T>) -> Result<T> {
        let start = self.offset();
        let mut inner = self.inner(1)?;
        if inner.depth > MAX_NESTING {
            return Err(Error::too_deep_at(start));
        }
        read(&mut inner)
    }

    /// Reads a packed run (a length-delimited list of scalars), handing a cursor over its bytes
    /// to `read`; the run is no object, so it nests no deeper.
    #[inline]
    pub fn packed<T>(&mut self, read: impl FnOnce(&mut Input<'a>) -> Result<T>) -> Result<T> {
        let mut inner = self.inner(0)?;
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
    #[cold]
    pub fn wrong_wire_type(&self, field: u32, wire: WireType, expected: &str) -> Error {
        Error::at(
            ErrorKind::Other(format!(
                "field {field} has wire type {}, where {expected} was expected",
                wire.number()
            )),
            self.offset(),
        )
    }

    /// An error about the bytes just read.
    #[cold]
    pub fn error(&self, message: impl Into<String>) -> Error {
        Error::at(ErrorKind::Other(message.into()), self.offset())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_in_errors_are_from_the_start_of_the_buffer() {
        // field 1: an object of 3 bytes holding field 1, a varint cut short.
        let bytes = [0x0a, 0x02, 0x08, 0x80];
        let mut input = Input::new(&bytes);
        assert_eq!(input.tag().unwrap(), (1, WireType::Len));
        let error = input
            .nested(|inner| {
                inner.tag()?;
                inner.varint()
            })
            .unwrap_err();
        assert_eq!(error.byte_offset(), Some(3));
    }

    #[test]
    fn a_shared_buffer_is_sliced_not_copied() {
        // field 1: an object holding field 2, the bytes "abc".
        let buffer = Bytes::from_static(&[0x0a, 0x05, 0x12, 0x03, b'a', b'b', b'c']);
        for shared in [true, false] {
            let mut input = if shared {
                Input::shared(&buffer)
            } else {
                Input::new(&buffer)
            };
            input.tag().unwrap();
            let value = input
                .nested(|inner| {
                    inner.tag()?;
                    inner.len_delimited_bytes()
                })
                .unwrap();
            assert_eq!(&value[..], b"abc");
            assert_eq!(value.as_ptr() == buffer[4..].as_ptr(), shared);
        }
    }

    #[test]
    fn nesting_stops_at_the_limit() {
        // Objects nested 150 deep: 0x0a LEN ... built from the inside out.
        let mut bytes = Vec::new();
        for _ in 0..150 {
            let mut outer = vec![0x0a];
            crate::encoding::put_varint(&mut outer, bytes.len() as u64);
            outer.extend_from_slice(&bytes);
            bytes = outer;
        }
        fn walk(input: &mut Input<'_>) -> Result<usize> {
            if input.at_end() {
                return Ok(0);
            }
            input.tag()?;
            input.nested(walk).map(|d| d + 1)
        }
        let error = walk(&mut Input::new(&bytes)).unwrap_err();
        assert!(error.to_string().contains("nesting"), "{error}");
    }
}
