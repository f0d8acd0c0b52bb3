//! Protobuf wire primitives: varints, zig-zag, tags and wire types.

use crate::error::{Error, ErrorKind, Result};

/// How a value is laid out on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum WireType {
    /// Variable-length integer (wire type 0).
    Varint,
    /// Eight little-endian bytes (wire type 1).
    Fixed64,
    /// A length-prefixed run of bytes (wire type 2): bytes, strings, objects, packed lists.
    Len,
    /// Four little-endian bytes (wire type 5).
    Fixed32,
}

impl WireType {
    /// The 3-bit number in a tag.
    pub fn number(self) -> u8 {
        match self {
            WireType::Varint => 0,
            WireType::Fixed64 => 1,
            WireType::Len => 2,
            WireType::Fixed32 => 5,
        }
    }

    /// The wire type of a tag's low 3 bits.
    pub fn from_number(n: u8) -> Option<Self> {
        match n {
            0 => Some(WireType::Varint),
            1 => Some(WireType::Fixed64),
            2 => Some(WireType::Len),
            5 => Some(WireType::Fixed32),
            _ => None,
        }
    }
}

/// The largest field number a tag can carry (the schema's largest field number).
pub const MAX_FIELD_ID: u32 = rosetta_types::MAX_FIELD_NUMBER;

/// Checks that a field can be written with this id, 1 to [`MAX_FIELD_ID`]: a tag holds the id
/// in 29 bits, and readers refuse 0.
///
/// ```
/// use rosetta_wire::encoding::{check_field_id, MAX_FIELD_ID};
/// assert!(check_field_id(1).is_ok() && check_field_id(MAX_FIELD_ID).is_ok());
/// let error = check_field_id(0).unwrap_err();
/// assert_eq!(error.to_string(), "invalid field id 0: field ids go from 1 to 536870911");
/// assert!(check_field_id(MAX_FIELD_ID + 1).is_err());
/// ```
pub fn check_field_id(id: u32) -> Result<()> {
    if id == 0 || id > MAX_FIELD_ID {
        return Err(Error::from_kind(ErrorKind::FieldIdOutOfRange {
            id,
            max: MAX_FIELD_ID,
        }));
    }
    Ok(())
}

/// Appends a varint.
#[inline]
pub fn put_varint(out: &mut Vec<u8>, mut value: u64) {
    while value >= 0x80 {
        out.push(value as u8 | 0x80);
        value >>= 7;
    }
    out.push(value as u8);
}

/// How many bytes a varint takes.
#[inline]
pub fn varint_len(value: u64) -> usize {
    // 1 byte per started group of 7 bits; 0 takes one byte.
    (64 - (value | 1).leading_zeros() as usize).div_ceil(7)
}

/// Appends a field's tag.
#[inline]
pub fn put_tag(out: &mut Vec<u8>, field: u32, wire: WireType) {
    put_varint(out, (u64::from(field) << 3) | u64::from(wire.number()));
}

/// Zig-zag encodes a signed 64-bit integer.
#[inline]
pub fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

/// Undoes [`zigzag`].
#[inline]
pub fn unzigzag(value: u64) -> i64 {
    ((value >> 1) as i64) ^ -((value & 1) as i64)
}

/// Reads a varint at `*pos`, advancing it. One and two bytes (tags of fields 1 to 2047, small
/// values) are read inline; longer ones out of line.
#[inline(always)]
pub fn get_varint(bytes: &[u8], pos: &mut usize) -> Result<u64> {
    let start = *pos;
    if let Some(&b0) = bytes.get(start) {
        if b0 < 0x80 {
            *pos = start + 1;
            return Ok(u64::from(b0));
        }
        if let Some(&b1) = bytes.get(start + 1) {
            if b1 < 0x80 {
                *pos = start + 2;
                return Ok(u64::from(b0 & 0x7f) | u64::from(b1) << 7);
            }
        }
    }
    get_long_varint(bytes, pos)
}

/// [`get_varint`] for any length: kept out of line, so that the short cases inline.
#[inline(never)]
fn get_long_varint(bytes: &[u8], pos: &mut usize) -> Result<u64> {
    let start = *pos;
    let mut value = 0u64;
    for i in 0..10 {
        let Some(&byte) = bytes.get(start + i) else {
            return Err(Error::at(ErrorKind::Truncated("a varint"), start));
        };
        value |= u64::from(byte & 0x7f) << (7 * i);
        if byte < 0x80 {
            *pos = start + i + 1;
            return Ok(value);
        }
    }
    Err(Error::at(ErrorKind::VarintTooLong, start))
}

/// Reads `N` bytes at `*pos`, advancing it.
#[inline]
pub fn get_fixed<const N: usize>(bytes: &[u8], pos: &mut usize) -> Result<[u8; N]> {
    let start = *pos;
    let chunk = bytes
        .get(start..start + N)
        .and_then(|s| <[u8; N]>::try_from(s).ok())
        .ok_or_else(|| Error::at(ErrorKind::Truncated("a fixed-width value"), start))?;
    *pos = start + N;
    Ok(chunk)
}

/// Reads a tag at `*pos`: the field number and wire type.
#[inline]
pub fn get_tag(bytes: &[u8], pos: &mut usize) -> Result<(u32, WireType)> {
    let start = *pos;
    let key = get_varint(bytes, pos)?;
    let wire = WireType::from_number((key & 7) as u8)
        .ok_or_else(|| Error::at(ErrorKind::BadWireType((key & 7) as u8), start))?;
    let field = key >> 3;
    if field == 0 || field > u64::from(MAX_FIELD_ID) {
        return Err(Error::at(ErrorKind::BadFieldNumber(field), start));
    }
    Ok((field as u32, wire))
}

/// Reads a length prefix at `*pos` and returns the range it covers, checked against the input.
#[inline]
pub fn get_len(bytes: &[u8], pos: &mut usize) -> Result<std::ops::Range<usize>> {
    let start = *pos;
    let length = get_varint(bytes, pos)?;
    let remaining = bytes.len() - *pos;
    if length > remaining as u64 {
        return Err(Error::at(
            ErrorKind::LengthTooLarge { length, remaining },
            start,
        ));
    }
    let range = *pos..*pos + length as usize;
    *pos = range.end;
    Ok(range)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_measure() {
        for value in [0, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, value);
            assert_eq!(out.len(), varint_len(value), "{value}");
            let mut pos = 0;
            assert_eq!(get_varint(&out, &mut pos), Ok(value));
            assert_eq!(pos, out.len());
        }
        let mut pos = 0;
        assert!(get_varint(&[0x80; 11], &mut pos).is_err());
        assert!(get_varint(&[0x80], &mut 0).is_err());
    }

    #[test]
    fn zigzag_matches_protobuf() {
        assert_eq!(zigzag(0), 0);
        assert_eq!(zigzag(-1), 1);
        assert_eq!(zigzag(1), 2);
        assert_eq!(zigzag(i64::MIN), u64::MAX);
        for v in [0, -1, 1, i64::MIN, i64::MAX, -300] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
    }

    #[test]
    fn lengths_are_checked_against_the_input() {
        let error = get_len(&[0x05, 1, 2], &mut 0).unwrap_err();
        assert_eq!(error.byte_offset(), Some(0));
        assert!(error.to_string().contains("larger than the 2 bytes"));
        assert!(get_tag(&[0x00], &mut 0).is_err());
        assert!(get_tag(&[0x0b], &mut 0).is_err());
    }
}
