//! [`RawEntity`]: an entity whose components are still their wire bytes.

use bytes::Bytes;

use super::entity::{last, replace_last, SnapshotEntity};
use crate::error::Result;
use crate::object::Object;
use crate::schema_type::Component;

/// One entity of a snapshot with each component's data as its wire bytes, undecoded
/// ([`SnapshotReader::read_raw_entity`](super::SnapshotReader::read_raw_entity)).
///
/// This is the entity to use when a program needs a few components of each entity, or passes
/// most of them on unchanged: [`get`](RawEntity::get) decodes one component straight from its
/// bytes as its generated type, and the components nobody asked for are written back
/// ([`SnapshotWriter::write_raw_entity`](super::SnapshotWriter::write_raw_entity)) exactly as
/// they were read, without being decoded and encoded again.
///
/// ```
/// use rosetta_wire::snapshot::{read_entities, Compression, RawEntity, SnapshotReader, SnapshotWriter};
/// use rosetta_wire::{family::Double, Bytes, Object};
///
/// let mut position = Object::new();
/// position.add_object(1).add::<Double>(1, 10.0);
/// let entity = RawEntity::new(1).with_component(54, Bytes::from(position.encode()));
///
/// let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw)?;
/// writer.write_raw_entity(&entity)?;
/// let stream = writer.finish()?;
///
/// let mut reader = SnapshotReader::new(&stream[..])?;
/// let read = reader.read_raw_entity()?.unwrap();
/// assert_eq!(read, entity);
/// assert_eq!(read.decode()?, read_entities(&stream)?[0]);
/// # Ok::<(), rosetta_wire::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RawEntity {
    /// The entity id (`Schema_EntityId`).
    pub id: i64,
    /// Each component's id and data bytes (the fields of its `Schema_ComponentData`), in the
    /// record's order.
    pub components: Vec<(u32, Bytes)>,
}

impl RawEntity {
    /// An entity with no components.
    pub fn new(id: i64) -> Self {
        RawEntity {
            id,
            components: Vec::new(),
        }
    }

    /// The entity with one more component, given as its data's wire bytes.
    pub fn with_component(mut self, component_id: u32, data: Bytes) -> Self {
        self.components.push((component_id, data));
        self
    }

    /// The wire bytes of a component's data, the last occurrence when it occurs more than once.
    pub fn component_bytes(&self, component_id: u32) -> Option<&Bytes> {
        last(&self.components, component_id)
    }

    /// The data of a component as a dynamic [`Object`] (sharing these bytes), the last
    /// occurrence when it occurs more than once.
    pub fn component(&self, component_id: u32) -> Option<Result<Object>> {
        self.component_bytes(component_id)
            .map(|bytes| Object::decode_shared(bytes.clone()))
    }

    /// The data of component `C` as its generated type, decoded straight from its bytes
    /// ([`decode_shared`](crate::SchemaType::decode_shared): `Bytes` fields share them);
    /// `None` when the entity has no such component. No other component is decoded. Errors
    /// give byte offsets within the component's data.
    pub fn get<C: Component>(&self) -> Result<Option<C>> {
        self.component_bytes(C::ID)
            .map(C::decode_shared)
            .transpose()
    }

    /// Sets the data of component `C` from its generated type, replacing any it had.
    pub fn insert<C: Component>(&mut self, data: &C) {
        replace_last(&mut self.components, C::ID, Bytes::from(data.encode()));
    }

    /// The component ids, in the entity's order.
    pub fn component_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.components.iter().map(|(id, _)| *id)
    }

    /// Every component decoded as a dynamic [`Object`] (each sharing its bytes).
    pub fn decode(&self) -> Result<SnapshotEntity> {
        let components = self
            .components
            .iter()
            .map(|(id, bytes)| Ok((*id, Object::decode_shared(bytes.clone())?)))
            .collect::<Result<_>>()?;
        Ok(SnapshotEntity {
            id: self.id,
            components,
        })
    }
}

impl From<&SnapshotEntity> for RawEntity {
    /// Each component encoded.
    fn from(entity: &SnapshotEntity) -> Self {
        RawEntity {
            id: entity.id,
            components: entity
                .components
                .iter()
                .map(|(id, data)| (*id, Bytes::from(data.encode())))
                .collect(),
        }
    }
}
