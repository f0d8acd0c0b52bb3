//! [`VariantSerializer`]: any `Serialize` value to a [`Variant`].

use super::variant_serde::{take_stashed, PASSTHROUGH};
use crate::error::{Error, Result};
use crate::variant::{Array, Dictionary, Variant};
use serde::ser::{self, Impossible, Serialize};

/// A serde `Serializer` whose output is a [`Variant`] (mapping: [the module docs](super)).
///
/// Prefer [`to_variant`](super::to_variant): used directly, a `Variant` inside the value is
/// written in its serde form rather than passed through unchanged.
#[derive(Debug, Clone, Copy, Default)]
pub struct VariantSerializer;

fn int<T: TryInto<i64> + std::fmt::Display + Copy>(v: T) -> Result<Variant> {
    v.try_into()
        .map(Variant::Int)
        .map_err(|_| Error::Unencodable(format!("integer {v} does not fit Godot's 64-bit int")))
}

fn dict(entries: Vec<(Variant, Variant)>) -> Variant {
    Variant::Dictionary(Box::new(Dictionary::untyped(entries)))
}

fn array(items: Vec<Variant>) -> Variant {
    Variant::Array(Box::new(Array::untyped(items)))
}

fn one_entry(variant: &'static str, value: Variant) -> Variant {
    dict(vec![(Variant::String(variant.to_owned()), value)])
}

impl ser::Serializer for VariantSerializer {
    type Ok = Variant;
    type Error = Error;
    type SerializeSeq = SeqSerializer;
    type SerializeTuple = TupleSerializer;
    type SerializeTupleStruct = TupleSerializer;
    type SerializeTupleVariant = TupleSerializer;
    type SerializeMap = MapSerializer;
    type SerializeStruct = MapSerializer;
    type SerializeStructVariant = MapSerializer;

    fn is_human_readable(&self) -> bool {
        false
    }

    fn serialize_bool(self, v: bool) -> Result<Variant> {
        Ok(Variant::Bool(v))
    }
    fn serialize_i8(self, v: i8) -> Result<Variant> {
        Ok(Variant::Int(v.into()))
    }
    fn serialize_i16(self, v: i16) -> Result<Variant> {
        Ok(Variant::Int(v.into()))
    }
    fn serialize_i32(self, v: i32) -> Result<Variant> {
        Ok(Variant::Int(v.into()))
    }
    fn serialize_i64(self, v: i64) -> Result<Variant> {
        Ok(Variant::Int(v))
    }
    fn serialize_i128(self, v: i128) -> Result<Variant> {
        int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Variant> {
        Ok(Variant::Int(v.into()))
    }
    fn serialize_u16(self, v: u16) -> Result<Variant> {
        Ok(Variant::Int(v.into()))
    }
    fn serialize_u32(self, v: u32) -> Result<Variant> {
        Ok(Variant::Int(v.into()))
    }
    fn serialize_u64(self, v: u64) -> Result<Variant> {
        int(v)
    }
    fn serialize_u128(self, v: u128) -> Result<Variant> {
        int(v)
    }
    fn serialize_f32(self, v: f32) -> Result<Variant> {
        Ok(Variant::Float(v.into()))
    }
    fn serialize_f64(self, v: f64) -> Result<Variant> {
        Ok(Variant::Float(v))
    }
    fn serialize_char(self, v: char) -> Result<Variant> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Variant> {
        if v.contains('\0') {
            return Err(Error::Unencodable(format!(
                "string {v:?} holds a NUL character, which Godot strings cannot"
            )));
        }
        Ok(Variant::String(v.to_owned()))
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Variant> {
        Ok(Variant::PackedByteArray(v.to_vec()))
    }
    fn serialize_none(self) -> Result<Variant> {
        Ok(Variant::Nil)
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Variant> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<Variant> {
        Ok(Variant::Nil)
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Variant> {
        Ok(Variant::Nil)
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Variant> {
        Ok(Variant::String(variant.to_owned()))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<Variant> {
        if name == PASSTHROUGH {
            if let Some(variant) = take_stashed() {
                return Ok(variant);
            }
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Variant> {
        Ok(one_entry(variant, value.serialize(self)?))
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<SeqSerializer> {
        Ok(SeqSerializer {
            bytes: Vec::new(),
            items: Vec::new(),
            byte_mode: true,
            len_hint: len.unwrap_or(0).min(4096),
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<TupleSerializer> {
        Ok(TupleSerializer {
            variant: None,
            items: Vec::with_capacity(len.min(4096)),
        })
    }
    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<TupleSerializer> {
        self.serialize_tuple(len)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<TupleSerializer> {
        Ok(TupleSerializer {
            variant: Some(variant),
            items: Vec::with_capacity(len.min(4096)),
        })
    }
    fn serialize_map(self, len: Option<usize>) -> Result<MapSerializer> {
        Ok(MapSerializer {
            variant: None,
            entries: Vec::with_capacity(len.unwrap_or(0).min(4096)),
            key: None,
        })
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<MapSerializer> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<MapSerializer> {
        Ok(MapSerializer {
            variant: Some(variant),
            entries: Vec::with_capacity(len.min(4096)),
            key: None,
        })
    }
}

/// Builds a sequence: a `PackedByteArray` while every element so far was a `u8`, an `Array`
/// otherwise.
#[doc(hidden)]
pub struct SeqSerializer {
    bytes: Vec<u8>,
    items: Vec<Variant>,
    /// Every element so far was serialized with `serialize_u8`.
    byte_mode: bool,
    len_hint: usize,
}

impl ser::SerializeSeq for SeqSerializer {
    type Ok = Variant;
    type Error = Error;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        if self.byte_mode {
            if let Ok(b) = value.serialize(ByteProbe) {
                if self.bytes.is_empty() {
                    self.bytes.reserve(self.len_hint);
                }
                self.bytes.push(b);
                return Ok(());
            }
            self.byte_mode = false;
            self.items.reserve(self.len_hint);
            self.items
                .extend(self.bytes.drain(..).map(|b| Variant::Int(b.into())));
        }
        self.items.push(value.serialize(VariantSerializer)?);
        Ok(())
    }

    fn end(self) -> Result<Variant> {
        if self.byte_mode && !self.bytes.is_empty() {
            Ok(Variant::PackedByteArray(self.bytes))
        } else {
            Ok(array(self.items))
        }
    }
}

/// Builds a tuple (or tuple variant) as an `Array`.
#[doc(hidden)]
pub struct TupleSerializer {
    variant: Option<&'static str>,
    items: Vec<Variant>,
}

impl TupleSerializer {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.items.push(value.serialize(VariantSerializer)?);
        Ok(())
    }

    fn finish(self) -> Result<Variant> {
        let value = array(self.items);
        Ok(match self.variant {
            Some(variant) => one_entry(variant, value),
            None => value,
        })
    }
}

impl ser::SerializeTuple for TupleSerializer {
    type Ok = Variant;
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Variant> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for TupleSerializer {
    type Ok = Variant;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Variant> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for TupleSerializer {
    type Ok = Variant;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.push(value)
    }
    fn end(self) -> Result<Variant> {
        self.finish()
    }
}

/// Builds a map, struct or struct variant as a `Dictionary`.
#[doc(hidden)]
pub struct MapSerializer {
    variant: Option<&'static str>,
    entries: Vec<(Variant, Variant)>,
    key: Option<Variant>,
}

impl MapSerializer {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        let value = value.serialize(VariantSerializer)?;
        self.entries.push((Variant::String(key.to_owned()), value));
        Ok(())
    }

    fn finish(self) -> Result<Variant> {
        let value = dict(self.entries);
        Ok(match self.variant {
            Some(variant) => one_entry(variant, value),
            None => value,
        })
    }
}

impl ser::SerializeMap for MapSerializer {
    type Ok = Variant;
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(key.serialize(VariantSerializer)?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self
            .key
            .take()
            .ok_or_else(|| Error::Unencodable("map value without a key".into()))?;
        self.entries
            .push((key, value.serialize(VariantSerializer)?));
        Ok(())
    }
    fn end(self) -> Result<Variant> {
        self.finish()
    }
}

impl ser::SerializeStruct for MapSerializer {
    type Ok = Variant;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }
    fn end(self) -> Result<Variant> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for MapSerializer {
    type Ok = Variant;
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }
    fn end(self) -> Result<Variant> {
        self.finish()
    }
}

/// Succeeds only for a value serialized with `serialize_u8`: tells a `Vec<u8>` from other
/// sequences without serializing elements twice (any other first call fails at once).
pub(super) struct ByteProbe;

fn not_a_byte<T>() -> Result<T> {
    Err(Error::Unencodable(String::new()))
}

impl ser::Serializer for ByteProbe {
    type Ok = u8;
    type Error = Error;
    type SerializeSeq = Impossible<u8, Error>;
    type SerializeTuple = Impossible<u8, Error>;
    type SerializeTupleStruct = Impossible<u8, Error>;
    type SerializeTupleVariant = Impossible<u8, Error>;
    type SerializeMap = Impossible<u8, Error>;
    type SerializeStruct = Impossible<u8, Error>;
    type SerializeStructVariant = Impossible<u8, Error>;

    fn serialize_u8(self, v: u8) -> Result<u8> {
        Ok(v)
    }
    fn serialize_bool(self, _: bool) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_i8(self, _: i8) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_i16(self, _: i16) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_i32(self, _: i32) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_i64(self, _: i64) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_u16(self, _: u16) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_u32(self, _: u32) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_u64(self, _: u64) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_f32(self, _: f32) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_f64(self, _: f64) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_char(self, _: char) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_str(self, _: &str) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_none(self) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _: &T) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_unit(self) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, _: &T) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<u8> {
        not_a_byte()
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> {
        not_a_byte()
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        not_a_byte()
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        not_a_byte()
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        not_a_byte()
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        not_a_byte()
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
        not_a_byte()
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        not_a_byte()
    }
}
