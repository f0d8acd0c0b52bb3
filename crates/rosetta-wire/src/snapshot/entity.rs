//! One entity of a snapshot, as read and written.

use crate::error::Result;
use crate::object::Object;

/// One entity of a snapshot: its id and its components' data, as `(component id, data)`.
///
/// Components are kept in the order they were read or added; [`SnapshotWriter`](super::SnapshotWriter) writes them in
/// ascending id order unless told to keep this order ([`ComponentOrder`](super::ComponentOrder)). The
/// SDK's other view of the same thing, an `Entity` field (an [`Object`] whose field ids are
/// component ids), is [`SnapshotEntity::to_entity_object`] and
/// [`SnapshotEntity::from_entity_object`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SnapshotEntity {
    /// The entity id (`Schema_EntityId`).
    pub id: i64,
    /// Each component's id and data (the component's `Schema_ComponentData` fields).
    pub components: Vec<(u32, Object)>,
}

impl SnapshotEntity {
    /// An entity with no components.
    pub fn new(id: i64) -> Self {
        SnapshotEntity {
            id,
            components: Vec::new(),
        }
    }

    /// The entity with one more component.
    pub fn with_component(mut self, component_id: u32, data: Object) -> Self {
        self.components.push((component_id, data));
        self
    }

    /// The data of a component, the last one when it occurs more than once.
    pub fn component(&self, component_id: u32) -> Option<&Object> {
        self.components
            .iter()
            .rev()
            .find(|(id, _)| *id == component_id)
            .map(|(_, data)| data)
    }

    /// Checks that each component's data the schema knows nests no deeper than
    /// [`MAX_NESTING`](rosetta_types::MAX_NESTING) object levels (each a root, as in JSON
    /// snapshots), with [`typed::check_nesting`](crate::typed::check_nesting): the error is at
    /// `/<component qualified name>/...`, where a JSON snapshot has the value. A binary snapshot
    /// is read and written without a schema, so only a caller with one can check it; components
    /// the schema does not have are left to it.
    pub fn check_nesting(&self, registry: &rosetta_types::TypeRegistry) -> Result<()> {
        for (id, data) in &self.components {
            let Some(ty) = registry.component(*id) else {
                continue;
            };
            crate::typed::check_nesting(registry, ty.id(), data).map_err(|e| {
                let name = crate::typed::component_step(registry, *id);
                e.under_path(&format!("/{name}"))
            })?;
        }
        Ok(())
    }

    /// The component ids, in the entity's order.
    pub fn component_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.components.iter().map(|(id, _)| *id)
    }

    /// Sorts the components by id, keeping the order of repeated ids (as the writer does by
    /// default).
    pub fn sort_components(&mut self) {
        self.components.sort_by_key(|(id, _)| *id);
    }

    /// The components as an `Entity` field's object: field id = component id, one object field
    /// per component, in the entity's order. An error for a component id no tag can carry
    /// (2^29 and above), which no `Entity` holds.
    pub fn to_entity_object(&self) -> Result<Object> {
        let mut entity = Object::new();
        for (id, data) in &self.components {
            *entity.try_add_object(*id)? = data.clone();
        }
        Ok(entity)
    }

    /// An entity from an `Entity` field's object (field id = component id); an error names a
    /// field that does not hold objects.
    pub fn from_entity_object(id: i64, entity: &Object) -> Result<Self> {
        let mut components = Vec::new();
        for component_id in entity.unique_field_ids() {
            for data in entity.objects(component_id)? {
                components.push((component_id, data.clone()));
            }
        }
        Ok(SnapshotEntity { id, components })
    }
}
