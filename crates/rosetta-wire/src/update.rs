//! The update algebra: apply an update to data, merge updates, diff two data values, and turn
//! data into an update.
//!
//! A field present in an update replaces all of the data's occurrences of it, whole: nested
//! objects are not merged ("the top-level component update gets diffed, but any sub-objects do
//! not"). Cleared ids remove the field. Events never touch data.

use rosetta_types::{Arity, Kind, TypeId, TypeRegistry};

use crate::error::{Error, Result};
use crate::roots::{ComponentData, ComponentUpdate};

impl ComponentData {
    /// Applies an update (`Schema_ApplyComponentUpdateToData`).
    ///
    /// ```
    /// use rosetta_wire::{family::Int32, ComponentData, ComponentUpdate};
    /// let mut data = ComponentData::new();
    /// data.fields_mut().add::<Int32>(1, 10);
    /// let mut update = ComponentUpdate::new();
    /// update.fields_mut().add::<Int32>(1, 11);
    /// data.apply(&update);
    /// assert_eq!(data.fields().get::<Int32>(1), 11);
    /// ```
    pub fn apply(&mut self, update: &ComponentUpdate) {
        let fields = self.fields_mut();
        for &id in &update.cleared {
            fields.clear_field(id);
        }
        for id in update.fields.unique_field_ids() {
            fields.replace_field_from(&update.fields, id);
        }
    }

    /// The smallest update that turns `self` into `to`: the fields that differ, and the fields
    /// `to` lacks as cleared ids.
    pub fn diff(&self, to: &ComponentData) -> ComponentUpdate {
        let (from, to) = (self.fields(), to.fields());
        let mut update = ComponentUpdate::new();
        for id in to.unique_field_ids() {
            if !from.field_equals(to, id) {
                update.fields.copy_field_from(to, id);
            }
        }
        for id in from.unique_field_ids() {
            if !to.has_field(id) {
                update.add_cleared_field(id);
            }
        }
        update
    }

    /// Converts data into an update that sets every field (`Schema_ConvertComponentDataIntoUpdate`):
    /// applying it to any data of the component gives this data. Empty option, list and map
    /// fields become cleared ids; fields the component does not declare are dropped.
    pub fn to_update(&self, registry: &TypeRegistry, component: TypeId) -> Result<ComponentUpdate> {
        let ty = registry
            .get(component)
            .ok_or_else(|| Error::msg(format!("unknown type id {}", component.as_u32())))?;
        let Kind::Struct(def) = ty.kind() else {
            return Err(Error::msg(format!(
                "`{}` is not a type with fields",
                registry.display(component)
            )));
        };
        let mut update = ComponentUpdate::new();
        for field in def.fields() {
            let Some(id) = field.number() else { continue };
            if self.fields().has_field(id) {
                update.fields.copy_field_from(self.fields(), id);
            } else if field.arity() != Arity::Singular {
                update.add_cleared_field(id);
            }
        }
        Ok(update)
    }
}

impl ComponentUpdate {
    /// Merges a later update into this one (`Schema_MergeComponentUpdateIntoUpdate`): applying
    /// the result equals applying `self` and then `later`. Events concatenate.
    pub fn merge(&mut self, later: &ComponentUpdate) {
        for &id in &later.cleared {
            self.fields.clear_field(id);
            self.add_cleared_field(id);
        }
        for id in later.fields.unique_field_ids() {
            self.fields.replace_field_from(&later.fields, id);
            self.cleared.retain(|c| *c != id);
        }
        self.events.copy_from(&later.events);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::{Int32, Uint32};

    fn data(fields: &[(u32, &[u32])]) -> ComponentData {
        let mut data = ComponentData::new();
        for (id, values) in fields {
            data.fields_mut().add_list::<Uint32>(*id, values);
        }
        data
    }

    #[test]
    fn apply_replaces_whole_fields_and_clears() {
        let mut d = data(&[(1, &[1]), (2, &[1, 2, 3]), (3, &[9])]);
        let mut u = ComponentUpdate::new();
        u.fields_mut().add::<Uint32>(2, 7);
        u.add_cleared_field(3);
        u.add_event(1).add::<Int32>(1, 5);
        d.apply(&u);
        assert_eq!(d, data(&[(1, &[1]), (2, &[7])]));
    }

    #[test]
    fn diff_then_apply_gives_the_target() {
        let a = data(&[(1, &[1]), (2, &[1, 2]), (3, &[3])]);
        let b = data(&[(1, &[1]), (2, &[2]), (4, &[4])]);
        let u = a.diff(&b);
        assert_eq!(u.fields().unique_field_ids(), [2, 4]);
        assert_eq!(u.cleared_fields(), [3]);
        let mut c = a.clone();
        c.apply(&u);
        assert_eq!(c, b);
    }

    #[test]
    fn merge_equals_applying_in_order() {
        let a = data(&[(1, &[1]), (2, &[2])]);
        let mut u1 = ComponentUpdate::new();
        u1.fields_mut().add::<Uint32>(1, 10);
        u1.add_cleared_field(2);
        u1.add_event(1);
        let mut u2 = ComponentUpdate::new();
        u2.fields_mut().add::<Uint32>(2, 20);
        u2.add_cleared_field(1);
        u2.add_event(1);
        let mut step = a.clone();
        step.apply(&u1);
        step.apply(&u2);
        let mut merged = u1.clone();
        merged.merge(&u2);
        let mut once = a.clone();
        once.apply(&merged);
        assert_eq!(step, once);
        assert_eq!(merged.events().object_count(1), 2);
    }
}
