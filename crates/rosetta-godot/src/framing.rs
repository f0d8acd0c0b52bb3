//! The length prefix of `FileAccess.store_var` / `StreamPeer.put_var`, kept apart from the
//! codec: a `u32` byte length, then the encoded value (`store_var("ab")` →
//! `0c000000 04000000 02000000 61620000`). `bytes_to_var` and `Marshalls` use no prefix.

use crate::decode::{decode, DecodeOptions};
use crate::encode::{encode, EncodeOptions};
use crate::error::{Error, Result};
use crate::variant::Variant;

/// Encodes `value` with its `u32` length prefix, as `store_var` / `put_var` write it.
pub fn store_var(value: &Variant, options: &EncodeOptions) -> Result<Vec<u8>> {
    let body = encode(value, options)?;
    let len = u32::try_from(body.len())
        .map_err(|_| Error::Unencodable(format!("{} bytes do not fit a u32 prefix", body.len())))?;
    let mut out = Vec::with_capacity(body.len() + 4);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&body);
    Ok(out)
}

/// Reads one length-prefixed value (`get_var`); returns it and the bytes used, prefix
/// included (the declared length, which may exceed what the value used).
pub fn get_var(bytes: &[u8], options: &DecodeOptions) -> Result<(Variant, usize)> {
    let prefix: [u8; 4] =
        bytes
            .get(..4)
            .and_then(|b| b.try_into().ok())
            .ok_or(Error::UnexpectedEnd {
                offset: 0,
                needed: 4,
                available: bytes.len(),
                what: "a length prefix",
            })?;
    let len = u32::from_le_bytes(prefix) as usize;
    let body = bytes
        .get(4..)
        .and_then(|rest| rest.get(..len))
        .ok_or(Error::UnexpectedEnd {
            offset: 4,
            needed: len,
            available: bytes.len() - 4,
            what: "a length-prefixed value",
        })?;
    let (value, _) = decode(body, options).map_err(|e| shift(e, 4))?;
    Ok((value, 4 + len))
}

/// The same error with its offset moved by `by` bytes.
fn shift(error: Error, by: usize) -> Error {
    match error {
        Error::UnexpectedEnd {
            offset,
            needed,
            available,
            what,
        } => Error::UnexpectedEnd {
            offset: offset + by,
            needed,
            available,
            what,
        },
        Error::Invalid { offset, message } => Error::Invalid {
            offset: offset + by,
            message,
        },
        Error::ObjectsNotAllowed { offset, class } => Error::ObjectsNotAllowed {
            offset: offset + by,
            class,
        },
        Error::TooDeep { offset, limit } => Error::TooDeep {
            offset: offset + by,
            limit,
        },
        Error::TypedElement(mut e) => {
            e.offset = e.offset.map(|o| o + by);
            Error::TypedElement(e)
        }
        other @ Error::Unencodable(_) => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Version;

    #[test]
    fn store_var_prefixes_the_length() {
        let bytes = store_var(
            &Variant::String("ab".into()),
            &EncodeOptions::new(Version::Godot4),
        )
        .unwrap();
        assert_eq!(
            bytes,
            [12, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 0, 0]
        );
        let (value, used) = get_var(&bytes, &DecodeOptions::new(Version::Godot4)).unwrap();
        assert_eq!(value, Variant::String("ab".into()));
        assert_eq!(used, 16);
        assert!(get_var(&bytes[..10], &DecodeOptions::new(Version::Godot4)).is_err());
    }
}
