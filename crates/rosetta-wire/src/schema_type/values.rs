//! The runtime's types for the schema's `EntityId` and `Entity`.

use std::collections::BTreeMap;

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
