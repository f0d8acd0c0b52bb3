//! `#[serde(with = "rosetta_wire::schema_type::serde_bytes")]`: `bytes` fields as byte strings
//! (base64 in JSON), not as arrays of numbers, for `Vec<u8>`, `Vec<Vec<u8>>`,
//! `bytes::Bytes`, `Vec<bytes::Bytes>` and options of them.

use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

/// A borrowed byte string that serializes as bytes.
pub struct Bytes<'a>(pub &'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self.0)
    }
}

/// An owned byte string that deserializes from bytes (or a sequence of numbers).
pub struct ByteBuf(pub Vec<u8>);

impl<'de> Deserialize<'de> for ByteBuf {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Buf;
        impl<'de> Visitor<'de> for Buf {
            type Value = ByteBuf;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a byte string")
            }
            fn visit_bytes<E>(self, v: &[u8]) -> Result<ByteBuf, E> {
                Ok(ByteBuf(v.to_vec()))
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<ByteBuf, E> {
                Ok(ByteBuf(v))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ByteBuf, A::Error> {
                // Capped: the hint is the input's word, not a length checked against it.
                let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
                while let Some(b) = seq.next_element::<u8>()? {
                    out.push(b);
                }
                Ok(ByteBuf(out))
            }
        }
        deserializer.deserialize_byte_buf(Buf)
    }
}

/// The field types this module serializes.
pub trait BytesField: Sized {
    /// Serializes the field.
    fn serialize_field<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;
    /// Deserializes the field.
    fn deserialize_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

impl BytesField for Vec<u8> {
    fn serialize_field<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self)
    }
    fn deserialize_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        ByteBuf::deserialize(deserializer).map(|b| b.0)
    }
}

/// A field of type `T` seen by serde as `T` serializes it here.
struct Field<T>(T);

impl<T: BytesField> Serialize for Field<&T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_field(serializer)
    }
}

impl<'de, T: BytesField> Deserialize<'de> for Field<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_field(deserializer).map(Field)
    }
}

impl<T: BytesField> BytesField for Option<T> {
    fn serialize_field<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Some(value) => serializer.serialize_some(&Field(value)),
            None => serializer.serialize_none(),
        }
    }
    fn deserialize_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Option::<Field<T>>::deserialize(deserializer).map(|f| f.map(|f| f.0))
    }
}

impl BytesField for bytes::Bytes {
    fn serialize_field<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(self)
    }
    fn deserialize_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        ByteBuf::deserialize(deserializer).map(|b| bytes::Bytes::from(b.0))
    }
}

impl BytesField for Vec<bytes::Bytes> {
    fn serialize_field<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for bytes in self {
            seq.serialize_element(&Bytes(bytes))?;
        }
        seq.end()
    }
    fn deserialize_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<ByteBuf>::deserialize(deserializer)
            .map(|v| v.into_iter().map(|b| bytes::Bytes::from(b.0)).collect())
    }
}

impl BytesField for Vec<Vec<u8>> {
    fn serialize_field<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.len()))?;
        for bytes in self {
            seq.serialize_element(&Bytes(bytes))?;
        }
        seq.end()
    }
    fn deserialize_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Vec::<ByteBuf>::deserialize(deserializer).map(|v| v.into_iter().map(|b| b.0).collect())
    }
}

/// Serializes a `bytes` field.
pub fn serialize<T: BytesField, S: Serializer>(
    value: &T,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    value.serialize_field(serializer)
}

/// Deserializes a `bytes` field.
pub fn deserialize<'de, T: BytesField, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    T::deserialize_field(deserializer)
}
