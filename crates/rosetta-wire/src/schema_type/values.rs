//! The runtime's types for the schema's `EntityId` and `Entity`, and the unknown fields a
//! generated type keeps.

use std::borrow::Cow;
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

/// The fields a generated type read that its schema does not have (a newer schema's), kept and
/// written back after the known fields: data that passes through a program built against an
/// older schema loses nothing.
///
/// They are written as an [`Object`] writes them (each field once, where it first came; a
/// repeated number packed; every varint in its shortest form), so that typed and dynamic data
/// agree byte for byte, and two values compare equal when they write the same bytes. serde
/// leaves them out (the schema-driven formats have no place for a field without a name).
///
/// ```
/// use rosetta_wire::encoding::WireType;
/// use rosetta_wire::schema_type::{Input, UnknownFields};
///
/// // Field 9 twice (the varints 300 and 115, the second written long as `f3 00`), and field 8.
/// let bytes = [0x48, 0xac, 0x02, 0x48, 0xf3, 0x00, 0x45, 1, 0, 0, 0];
/// let mut input = Input::new(&bytes);
/// let mut unknown = UnknownFields::default();
/// while !input.at_end() {
///     let (id, wire) = input.tag().unwrap();
///     unknown.read(id, wire, &mut input).unwrap();
/// }
/// let mut out = Vec::new();
/// unknown.write(&mut out);
/// // Field 9 packed (`4a 03 ac 02 73`), then field 8.
/// assert_eq!(out, [0x4a, 0x03, 0xac, 0x02, 0x73, 0x45, 1, 0, 0, 0]);
/// ```
#[derive(Debug, Clone, Default)]
pub struct UnknownFields {
    /// `None` when nothing was kept. Boxed on purpose: one pointer's width in every generated
    /// struct, which a list of small structs (100k waypoints) feels in memory and speed.
    kept: Option<Box<Kept>>,
}

/// The kept fields as read, each tag and varint in its shortest form.
#[derive(Debug, Clone)]
struct Kept {
    bytes: Vec<u8>,
    /// The largest field id kept.
    max_id: u32,
    /// Whether every id came once, in ascending order: then `bytes` are already as an `Object`
    /// writes them, and need no second look.
    ascending: bool,
}

impl UnknownFields {
    /// Whether no field was kept.
    pub fn is_empty(&self) -> bool {
        self.kept.is_none()
    }

    /// Forgets every kept field.
    pub fn clear(&mut self) {
        self.kept = None;
    }

    /// Keeps the field whose tag was just read: its value is read from `input`.
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
        let kept = self.kept.get_or_insert_with(|| {
            Box::new(Kept {
                bytes: Vec::new(),
                max_id: 0,
                ascending: true,
            })
        });
        kept.ascending &= id > kept.max_id;
        kept.max_id = kept.max_id.max(id);
        let bytes = &mut kept.bytes;
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

    /// The kept fields' wire bytes, tags included, as [`write`](UnknownFields::write) writes
    /// them.
    pub fn to_bytes(&self) -> Cow<'_, [u8]> {
        match &self.kept {
            None => Cow::Borrowed(&[]),
            Some(kept) if kept.ascending => Cow::Borrowed(&kept.bytes),
            // An id came back or out of order: an `Object` groups and packs it (in linear time).
            // The bytes were read field by field, so they always decode; were they not, they
            // would be written as they are.
            Some(kept) => match Object::decode(&kept.bytes) {
                Ok(object) => Cow::Owned(object.encode()),
                Err(_) => Cow::Borrowed(&kept.bytes),
            },
        }
    }

    /// Appends the kept fields.
    #[inline]
    pub fn write(&self, out: &mut Vec<u8>) {
        if self.kept.is_some() {
            out.extend_from_slice(&self.to_bytes());
        }
    }
}

impl PartialEq for UnknownFields {
    fn eq(&self, other: &Self) -> bool {
        match (&self.kept, &other.kept) {
            (None, None) => true,
            (Some(a), Some(b)) if a.bytes == b.bytes => true,
            (Some(_), Some(_)) => self.to_bytes() == other.to_bytes(),
            _ => false,
        }
    }
}

impl Eq for UnknownFields {}

impl std::hash::Hash for UnknownFields {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.to_bytes().hash(state);
    }
}
