//! [`VariantDeserializer`]: a [`Variant`] into any `Deserialize` type.

use super::variant_serde::{lower, stash, take_stashed, PASSTHROUGH};
use crate::error::{Error, Result};
use crate::variant::Variant;
use serde::de::value::{MapDeserializer, SeqDeserializer};
use serde::de::{
    self, DeserializeSeed, EnumAccess, Error as _, IntoDeserializer, Unexpected, VariantAccess,
    Visitor,
};
use serde::forward_to_deserialize_any;

/// A serde `Deserializer` reading from an owned [`Variant`] (mapping: [the module docs](super)).
#[derive(Debug, Clone)]
pub struct VariantDeserializer {
    value: Variant,
    /// How many Arrays, Dictionaries and enum wrappers are around this value.
    depth: usize,
}

/// How deep [`VariantDeserializer`] descends into nested Arrays and Dictionaries: each level
/// recurses through serde's visitors, which need far more stack than the decoder does (like
/// `serde_json`'s limit of 128). A [`Variant`] target is handed over whole and is not limited.
pub const SERDE_MAX_DEPTH: usize = 256;

fn enter(depth: usize) -> Result<usize> {
    if depth >= SERDE_MAX_DEPTH {
        return Err(Error::TooDeep {
            offset: 0,
            limit: SERDE_MAX_DEPTH,
        });
    }
    Ok(depth + 1)
}

impl VariantDeserializer {
    /// A deserializer for `value`.
    pub fn new(value: Variant) -> Self {
        VariantDeserializer { value, depth: 0 }
    }
}

impl<'de> IntoDeserializer<'de, Error> for VariantDeserializer {
    type Deserializer = Self;
    fn into_deserializer(self) -> Self {
        self
    }
}

fn unexpected(value: &Variant) -> Unexpected<'_> {
    match value {
        Variant::Nil => Unexpected::Unit,
        Variant::Bool(b) => Unexpected::Bool(*b),
        Variant::Int(i) => Unexpected::Signed(*i),
        Variant::Float(f) => Unexpected::Float(*f),
        Variant::String(s) | Variant::StringName(s) => Unexpected::Str(s),
        Variant::Array(_) => Unexpected::Seq,
        Variant::Dictionary(_) => Unexpected::Map,
        Variant::PackedByteArray(b) => Unexpected::Bytes(b),
        _ => Unexpected::Other("a Godot math or engine value"),
    }
}

#[inline(never)]
fn visit_array<'de, V: Visitor<'de>>(
    items: Vec<Variant>,
    depth: usize,
    visitor: V,
) -> Result<V::Value> {
    visit_items(items.into_iter(), depth, visitor)
}

#[inline(never)]
fn visit_dictionary<'de, V: Visitor<'de>>(
    entries: Vec<(Variant, Variant)>,
    depth: usize,
    visitor: V,
) -> Result<V::Value> {
    let depth = enter(depth)?;
    let mut map = MapDeserializer::new(entries.into_iter().map(|(k, v)| {
        (
            VariantDeserializer { value: k, depth },
            VariantDeserializer { value: v, depth },
        )
    }));
    let value = visitor.visit_map(&mut map)?;
    map.end()?;
    Ok(value)
}

#[inline(never)]
fn visit_lowered<'de, V: Visitor<'de>>(
    value: Variant,
    depth: usize,
    visitor: V,
) -> Result<V::Value> {
    match lower(&value) {
        Some(lowered) => de::Deserializer::deserialize_any(
            VariantDeserializer {
                value: lowered,
                depth,
            },
            visitor,
        ),
        None => Err(Error::invalid_type(unexpected(&value), &visitor)),
    }
}

#[inline(never)]
fn visit_items<'de, V: Visitor<'de>>(
    items: impl Iterator<Item = Variant>,
    depth: usize,
    visitor: V,
) -> Result<V::Value> {
    let depth = enter(depth)?;
    let mut seq = SeqDeserializer::new(items.map(|value| VariantDeserializer { value, depth }));
    let value = visitor.visit_seq(&mut seq)?;
    seq.end()?;
    Ok(value)
}

impl<'de> de::Deserializer<'de> for VariantDeserializer {
    type Error = Error;

    fn is_human_readable(&self) -> bool {
        false
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        // Kept small: nested values recurse through here (the other paths are out of line).
        match self.value {
            Variant::Nil => visitor.visit_unit(),
            Variant::Bool(b) => visitor.visit_bool(b),
            Variant::Int(i) => visitor.visit_i64(i),
            Variant::Float(f) => visitor.visit_f64(f),
            Variant::String(s) | Variant::StringName(s) => visitor.visit_string(s),
            Variant::Rid(id) => visitor.visit_u64(id),
            Variant::PackedByteArray(b) => visitor.visit_byte_buf(b),
            Variant::Array(a) => visit_array(a.items, self.depth, visitor),
            Variant::Dictionary(d) => visit_dictionary(d.entries, self.depth, visitor),
            other => visit_lowered(other, self.depth, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Variant::Nil => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name == PASSTHROUGH {
            // `Variant`'s own Deserialize: hand the value over as it is.
            stash(self.value);
            let result = visitor.visit_unit();
            take_stashed();
            return result;
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.value {
            Variant::PackedByteArray(b) => visit_items(
                b.into_iter().map(|b| Variant::Int(b.into())),
                self.depth,
                visitor,
            ),
            _ => self.deserialize_any(visitor),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        match self.value {
            Variant::String(_) | Variant::StringName(_) => visitor.visit_enum(EnumDeserializer {
                variant: self.value,
                value: None,
                depth: self.depth,
            }),
            Variant::Dictionary(d) if d.entries.len() == 1 => {
                let (variant, value) = d.entries.into_iter().next().expect("one entry");
                visitor.visit_enum(EnumDeserializer {
                    variant,
                    value: Some(value),
                    depth: enter(self.depth)?,
                })
            }
            other => Err(Error::invalid_type(
                unexpected(&other),
                &"a variant name or a one-entry Dictionary",
            )),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct map struct identifier
    }
}

struct EnumDeserializer {
    variant: Variant,
    value: Option<Variant>,
    /// The depth of the variant's value.
    depth: usize,
}

impl<'de> EnumAccess<'de> for EnumDeserializer {
    type Error = Error;
    type Variant = VariantValue;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, VariantValue)> {
        let depth = self.depth;
        let variant = seed.deserialize(VariantDeserializer {
            value: self.variant,
            depth,
        })?;
        Ok((
            variant,
            VariantValue {
                value: self.value,
                depth,
            },
        ))
    }
}

struct VariantValue {
    value: Option<Variant>,
    depth: usize,
}

impl VariantValue {
    fn take(self, what: &'static str) -> Result<VariantDeserializer> {
        self.value
            .map(|value| VariantDeserializer {
                value,
                depth: self.depth,
            })
            .ok_or_else(|| Error::invalid_type(Unexpected::UnitVariant, &what))
    }
}

impl<'de> VariantAccess<'de> for VariantValue {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        match self.value {
            None | Some(Variant::Nil) => Ok(()),
            Some(other) => Err(Error::invalid_type(unexpected(&other), &"a unit variant")),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self.take("a newtype variant")?)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self.take("a tuple variant")?, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_any(self.take("a struct variant")?, visitor)
    }
}
