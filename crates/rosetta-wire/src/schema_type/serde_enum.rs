//! Serde for generated enums: a constant the schema names as its name (a unit variant), any
//! other value as its number; read from a name, or from a number taken as the enum's value.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, EnumAccess, VariantAccess, Visitor};
use serde::Serializer;

use super::traits::SchemaEnum;

/// Serializes a generated enum.
pub fn serialize<E: SchemaEnum, S: Serializer>(
    value: &E,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    let v = value.value();
    match E::VALUES.iter().position(|&(_, c)| c == v) {
        Some(index) => {
            serializer.serialize_unit_variant(E::RUST_NAME, index as u32, E::VALUES[index].0)
        }
        None => serializer.serialize_u32(v),
    }
}

/// Deserializes a generated enum from whatever the format holds (a name, a number, or an enum
/// of the format's own), so that a number, the form of a value no constant names, reads back
/// as the value it is: `deserialize_enum` would take it as a variant index.
pub fn deserialize<'de, E: SchemaEnum, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<E, D::Error> {
    deserializer.deserialize_any(EnumVisitor::<E>(PhantomData))
}

struct EnumVisitor<E>(PhantomData<E>);

/// A constant by name (exact, else in any case), or a value written as text (a map key in
/// JSON).
fn by_name<E: SchemaEnum, Err: de::Error>(name: &str) -> Result<E, Err> {
    // The exact name first: two constants may differ only in case.
    let constant = E::VALUES
        .iter()
        .find(|(n, _)| *n == name)
        .or_else(|| E::VALUES.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)));
    match (constant, name.parse::<u32>()) {
        (Some(&(_, v)), _) | (None, Ok(v)) => Ok(E::from_value(v)),
        (None, Err(_)) => Err(Err::unknown_variant(name, E::NAMES)),
    }
}

fn by_value<E: SchemaEnum, Err: de::Error>(v: u64) -> Result<E, Err> {
    u32::try_from(v)
        .map(E::from_value)
        .map_err(|_| Err::invalid_value(de::Unexpected::Unsigned(v), &"a uint32 enum value"))
}

impl<'de, E: SchemaEnum> Visitor<'de> for EnumVisitor<E> {
    type Value = E;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a constant of {}", E::RUST_NAME)
    }
    fn visit_str<Err: de::Error>(self, v: &str) -> Result<E, Err> {
        by_name(v)
    }
    fn visit_u64<Err: de::Error>(self, v: u64) -> Result<E, Err> {
        by_value(v)
    }
    fn visit_i64<Err: de::Error>(self, v: i64) -> Result<E, Err> {
        u64::try_from(v)
            .map_err(|_| Err::invalid_value(de::Unexpected::Signed(v), &"a uint32 enum value"))
            .and_then(by_value)
    }
    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<E, A::Error> {
        let (value, variant) = data.variant_seed(Ident::<E>(PhantomData))?;
        variant.unit_variant()?;
        Ok(value)
    }
}

struct Ident<E>(PhantomData<E>);

impl<'de, E: SchemaEnum> de::DeserializeSeed<'de> for Ident<E> {
    type Value = E;
    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<E, D::Error> {
        deserializer.deserialize_identifier(EnumVisitor::<E>(PhantomData))
    }
}
