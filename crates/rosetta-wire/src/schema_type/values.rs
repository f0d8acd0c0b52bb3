//! The runtime's types for the schema's `EntityId` and `Entity`, and the unknown fields a
//! generated type keeps.

use std::collections::BTreeMap;

use super::input::Input;
use crate::encoding::{put_tag, put_varint, WireType};
use crate::error::Result;
use crate::object::Object;

/// A schema `EntityId` (`Schema_EntityId`): an `int64` on the wire, a plain number in JSON.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(transparent)]
pub struct EntityId(pub i64);

impl From<i64> for EntityId {
    fn from(id: i64) -> Self {
        EntityId(id)
    }
}

impl From<EntityId> for i64 {
    fn from(id: EntityId) -> Self {
        id.0
    }
}

/// A schema `Entity`: component data by component id, ascending. Each component is kept as a
/// dynamic [`Object`]; [`Entity::get`] reads one as its generated type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Entity {
    /// Each component's data, by component id.
    pub components: BTreeMap<u32, Object>,
}

impl Entity {
    /// The data of component `C`, as its generated type.
    pub fn get<C: super::traits::Component>(&self) -> crate::error::Result<Option<C>> {
        self.components.get(&C::ID).map(C::from_object).transpose()
    }

    /// Sets the data of component `C`.
    pub fn insert<C: super::traits::Component>(&mut self, data: &C) {
        self.components.insert(C::ID, data.to_object());
    }
}

/// JSON (and any serde format) sees an entity as a map from component id to its wire bytes.
impl serde::Serialize for Entity {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(self.components.len()))?;
        for (id, data) in &self.components {
            map.serialize_entry(id, &super::serde_bytes::Bytes(&data.encode()))?;
        }
        map.end()
    }
}

impl<'de> serde::Deserialize<'de> for Entity {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = BTreeMap::<u32, super::serde_bytes::ByteBuf>::deserialize(deserializer)?;
        let mut components = BTreeMap::new();
        for (id, bytes) in raw {
            let data = Object::decode(&bytes.0).map_err(serde::de::Error::custom)?;
            components.insert(id, data);
        }
        Ok(Entity { components })
    }
}

/// The fields a generated type read that its schema does not have (a newer schema's), kept as
/// their wire bytes in the order they came, and written back after the known fields: data
/// that passes through a program built against an older schema loses nothing.
///
/// serde leaves them out (the schema-driven formats have no place for a field without a
/// name); they compare equal only when the same bytes were kept.
///
/// ```
/// use rosetta_wire::encoding::WireType;
/// use rosetta_wire::schema_type::{Input, UnknownFields};
///
/// // Field 9, the varint 300, which the schema does not have.
/// let bytes = [0x48, 0xac, 0x02];
/// let mut input = Input::new(&bytes);
/// let (id, wire) = input.tag().unwrap();
/// let mut unknown = UnknownFields::default();
/// unknown.read(id, wire, &mut input).unwrap();
/// let mut out = Vec::new();
/// unknown.write(&mut out);
/// assert_eq!(out, bytes);
///
/// // A varint written longer than it needs to be is kept in its shortest form.
/// let long = [0x48, 0xf3, 0x00];
/// let mut input = Input::new(&long);
/// let (id, wire) = input.tag().unwrap();
/// let mut unknown = UnknownFields::default();
/// unknown.read(id, wire, &mut input).unwrap();
/// assert_eq!(unknown.as_bytes(), [0x48, 0x73]);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct UnknownFields {
    /// `None` when nothing was kept (never an empty `Vec`, so that the derived equality holds).
    /// Boxed on purpose: one pointer's width in every generated struct rather than a `Vec`'s
    /// three, which a list of small structs (100k waypoints) feels in memory and speed.
    #[allow(clippy::box_collection)]
    bytes: Option<Box<Vec<u8>>>,
}

impl UnknownFields {
    /// Whether no field was kept.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_none()
    }

    /// The kept fields' wire bytes, tags included.
    pub fn as_bytes(&self) -> &[u8] {
        self.bytes.as_deref().map_or(&[], Vec::as_slice)
    }

    /// Forgets every kept field.
    pub fn clear(&mut self) {
        self.bytes = None;
    }

    /// Keeps the field whose tag was just read: its value is read from `input`. The tag and
    /// any varint (a value, a length) are kept in their shortest form, as an `Object` writes
    /// them, so that typed and dynamic data agree byte for byte.
    #[cold]
    pub fn read(&mut self, id: u32, wire: WireType, input: &mut Input<'_>) -> Result<()> {
        /// A field's value, read before anything is kept: a field cut short keeps nothing.
        enum Value<'a> {
            Varint(u64),
            Fixed32(u32),
            Fixed64(u64),
            Len(&'a [u8]),
        }
        let value = match wire {
            WireType::Varint => Value::Varint(input.varint()?),
            WireType::Fixed32 => Value::Fixed32(input.fixed32()?),
            WireType::Fixed64 => Value::Fixed64(input.fixed64()?),
            WireType::Len => Value::Len(input.len_delimited()?),
        };
        let bytes = self.bytes.get_or_insert_with(Box::default);
        put_tag(bytes, id, wire);
        match value {
            Value::Varint(v) => put_varint(bytes, v),
            Value::Fixed32(v) => bytes.extend_from_slice(&v.to_le_bytes()),
            Value::Fixed64(v) => bytes.extend_from_slice(&v.to_le_bytes()),
            Value::Len(payload) => {
                put_varint(bytes, payload.len() as u64);
                bytes.extend_from_slice(payload);
            }
        }
        Ok(())
    }

    /// Appends the kept fields.
    #[inline]
    pub fn write(&self, out: &mut Vec<u8>) {
        if let Some(bytes) = &self.bytes {
            out.extend_from_slice(bytes);
        }
    }
}
