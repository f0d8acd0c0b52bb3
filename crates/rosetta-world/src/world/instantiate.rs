//! v4's instantiation (`flecs_add_overrides_for_base`): adding `(IsA, base)` copies to the
//! instance every id of the base whose `OnInstantiate` trait is `Override`, v4's default, with
//! its value; ids with `(OnInstantiate, Inherit)` stay shared through `IsA` and ids with
//! `(OnInstantiate, DontInherit)` (`ChildOf`, names, `Prefab`, ...) are neither.
//!
//! A prefab's children are instantiated too (`flecs_instantiate_children`): each child of the
//! prefab gets a copy under the instance with the same name, ids and values, and the copies'
//! own children follow, level by level.

use crate::builtin::{CHILD_OF, IS_A, PREFAB, SLOT_OF};
use crate::error::Result;
use crate::id::Id;
use crate::store::{Cell, Column, ColumnKind};
use crate::version::FlecsVersion;
use crate::world::World;

/// What a component or relationship does on instantiation (its `OnInstantiate` target).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnInstantiate {
    /// Copied to the instance (v4's default).
    Override,
    /// Shared with the instance through `IsA`.
    Inherit,
    /// Neither copied nor shared.
    DontInherit,
}

impl World {
    /// The `OnInstantiate` trait of `id` (for a pair, of its relationship), as v4.1.6 sets it:
    /// `(OnInstantiate, Inherit)` or `(OnInstantiate, DontInherit)` on the entity, else
    /// `Override`.
    pub fn on_instantiate(&self, id: Id) -> OnInstantiate {
        let pred = if id.has_pair_flag() {
            id.first()
        } else {
            id.without_flags()
        };
        let (Some(p), Some([oi, inherit, dont])) = (self.alive(pred), self.on_instantiate) else {
            return OnInstantiate::Override;
        };
        match self.target(p, oi, 0) {
            Some(t) if t == inherit => OnInstantiate::Inherit,
            Some(t) if t == dont => OnInstantiate::DontInherit,
            _ => OnInstantiate::Override,
        }
    }

    /// Whether adding `id` makes a prefab in a v4 world: `(ChildOf, p)` with a prefab `p`
    /// (v4.1.6's table graph adds `Prefab` with such a pair; v3.2.12 does not).
    pub(crate) fn child_of_prefab_v4(&self, id: Id) -> bool {
        self.version == FlecsVersion::V4
            && id.is_pair()
            && id.first() == CHILD_OF
            && self
                .alive(id.second())
                .is_some_and(|p| self.owns(p, PREFAB))
    }

    /// After `Prefab` was added to `e` in a v4 world: its children become prefabs, and
    /// theirs (4.1.6's `flecs_on_add_prefab` observer adds `Prefab` to each child; a child
    /// that already was one is left as it is, with its children).
    pub(crate) fn prefab_descendants_v4(&mut self, e: Id) {
        if self.version != FlecsVersion::V4 {
            return;
        }
        let mut todo = vec![e];
        while let Some(parent) = todo.pop() {
            let tables = self.tables_with(Id::pair(CHILD_OF, parent)).to_vec();
            let children: Vec<Id> = tables
                .iter()
                .flat_map(|&t| self.store.table(t).entities().to_vec())
                .collect();
            for child in children {
                if self.owns(child, PREFAB) {
                    continue;
                }
                let ty = self.type_with(self.type_of(child), PREFAB);
                let dst = self.ensure_table(ty);
                // Prefab is a tag: the only new id carries no data.
                self.move_to(child, dst, |_, _| Cell::Empty);
                todo.push(child);
            }
        }
    }

    /// After `(IsA, base)` was added to `e` in a v4 world: `e` gets its own copy of the base's
    /// overridden ids that it does not have yet.
    pub(crate) fn instantiate_v4(&mut self, e: Id, base: Id) -> Result<()> {
        if self.version != FlecsVersion::V4 {
            return Ok(());
        }
        let ids: Vec<Id> = self.type_of(base).to_vec();
        for id in ids {
            if (id.is_pair() && id.first() == IS_A)
                || self.on_instantiate(id) != OnInstantiate::Override
                || self.owns(e, id)
            {
                continue;
            }
            match self.get_owned(base, id).map(|v| v.into_owned()) {
                Some(v) => self.set(e, id, v)?,
                None => self.add(e, id)?,
            }
        }
        self.instantiate_children(base, e)
    }

    /// `flecs_instantiate` for the children: when `base` is a prefab, every child of it gets a
    /// copy under `instance`, and so on down the prefab's hierarchy. The prefab's child tables
    /// are visited in creation order (4.1.6 walks its `(ChildOf, base)` table cache), each
    /// table's children in row order; a level is copied whole before its children's children.
    /// An instance inside its own prefab's hierarchy gets no children (Flecs stops such a
    /// cycle with an error in debug builds).
    fn instantiate_children(&mut self, base: Id, instance: Id) -> Result<()> {
        if self.ancestors_or_self(instance).any(|a| a == base) {
            return Ok(());
        }
        let root = (base, instance);
        // (prefab, copy) pairs whose children are still to be copied. The prefab's hierarchy
        // is finite and the copies go under the instance, outside it, so this ends.
        let mut todo: Vec<(Id, Id)> = vec![(base, instance)];
        while let Some((base, instance)) = todo.pop() {
            if !self.owns(base, PREFAB) {
                // Flecs copies the children of prefabs only.
                continue;
            }
            let tables = self.tables_with(Id::pair(CHILD_OF, base)).to_vec();
            let mut level: Vec<(Id, Id)> = Vec::new();
            for t in tables {
                let children = self.store.table(t).entities().to_vec();
                if children.is_empty() {
                    continue;
                }
                let (ids, slot_of) = self.child_type(t, base, instance);
                let dst = self.ensure_table(ids);
                for child in children {
                    let copy = self.alloc_child_id(child, root);
                    let cells: Vec<(Id, Cell)> = self
                        .store
                        .table(dst)
                        .ids()
                        .to_vec()
                        .into_iter()
                        .map(|id| (id, self.copied_cell(child, id)))
                        .collect();
                    self.place(copy, dst, |id| {
                        cells
                            .iter()
                            .find(|(i, _)| *i == id)
                            .map_or(Cell::Empty, |(_, c)| c.clone())
                    });
                    self.reindex_name(copy, None);
                    if let Some(slot_of) = slot_of {
                        self.instantiate_slot(base, instance, slot_of, child, copy)?;
                    }
                    level.push((child, copy));
                }
            }
            // Popped last-in first-out: push in reverse so children are done in order.
            todo.extend(level.into_iter().rev());
        }
        Ok(())
    }

    /// The type a copy of the children in table `t` (children of `base`) gets under
    /// `instance`: the table's ids without the `DontInherit` ones (except the name and the
    /// parent), `(ChildOf, instance)` for `(ChildOf, base)`, auto-overrides made concrete,
    /// `Prefab` when the instance is a prefab, and no `SlotOf` pair when it is not (the slot
    /// that pair names is returned).
    fn child_type(
        &self,
        t: crate::store::TableId,
        base: Id,
        instance: Id,
    ) -> (Vec<Id>, Option<Id>) {
        let instance_is_prefab = self.owns(instance, PREFAB);
        let mut slot_of = None;
        let mut ids: Vec<Id> = Vec::new();
        for &id in self.store.table(t).ids() {
            let parent = id.is_pair() && id.first() == CHILD_OF;
            if id != World::NAME_PAIR
                && !parent
                && self.on_instantiate(id) == OnInstantiate::DontInherit
            {
                continue;
            }
            if !instance_is_prefab && id.is_pair() && id.first() == SLOT_OF {
                slot_of = self.alive(id.second());
                continue;
            }
            let id = if parent && id.second().index() == base.index() {
                Id::pair(CHILD_OF, instance)
            } else if id.has_flag(Id::OVERRIDE) {
                id.without_flags()
            } else {
                id
            };
            ids.push(id);
        }
        if instance_is_prefab {
            ids.push(PREFAB);
        }
        ids.sort_unstable();
        ids.dedup();
        (ids, slot_of)
    }

    /// The cell the copy of `child` gets for `id`: the child's own value (or, for an id made
    /// concrete from an auto-override, the value it inherits), its toggle bit, its name.
    fn copied_cell(&self, child: Id, id: Id) -> Cell {
        match self.column_kind(id) {
            ColumnKind::Data | ColumnKind::Flat(_) => {
                let v = self
                    .get_owned(child, id)
                    .or_else(|| self.get(child, id))
                    .map(|v| v.into_owned());
                match (v, self.type_id_of(id)) {
                    (Some(v), _) => Cell::Value(v),
                    (None, Some(c)) => Cell::Value(self.default_value_of(c)),
                    (None, None) if id == World::NAME_PAIR => {
                        Cell::Value(World::name_value(self.name_of(child).unwrap_or("")))
                    }
                    (None, None) => Cell::Empty,
                }
            }
            ColumnKind::Toggle => {
                let enabled = self.index.location(child).and_then(|l| {
                    match self.store.table(l.table?).column(id)? {
                        Column::Toggle(bits) => bits.get(l.row as usize).copied(),
                        _ => None,
                    }
                });
                Cell::Enabled(enabled.unwrap_or(false))
            }
            ColumnKind::Union => {
                Cell::Target(self.target(child, id.second(), 0).unwrap_or(Id::NULL))
            }
            ColumnKind::None => Cell::Empty,
        }
    }

    /// `flecs_instantiate_alloc_child_id`: the copy of a prefab child gets the id at the
    /// same distance from the root instance as the child has from the root prefab, when that
    /// id is free (stable ids for instance children); else a new id.
    fn alloc_child_id(&mut self, child: Id, (root_prefab, root_instance): (Id, Id)) -> Id {
        if child.index() < root_prefab.index() {
            return self.new_entity();
        }
        let offset = u64::from(child.index() - root_prefab.index());
        let Some(index) = root_instance.index().checked_add(offset as u32) else {
            return self.new_entity();
        };
        if offset == 0 || self.alive(Id(u64::from(index))).is_some() {
            return self.new_entity();
        }
        // The root instance's generation, as Flecs adds the offset to the whole id.
        match self.make_alive(Id(root_instance.0 + offset)) {
            Ok(e) => e,
            Err(_) => self.new_entity(),
        }
    }

    /// `flecs_instantiate_slot`: the copy of a slot child becomes `(slot, copy)` on the
    /// instance of the prefab the slot belongs to (`slot_of`): the instance itself, or its
    /// nearest ancestor that is an instance of `slot_of` (the slot looked up there by the
    /// path from that ancestor). Flecs reports a slot it cannot place and goes on; so does
    /// this (the pair is left out).
    fn instantiate_slot(
        &mut self,
        base: Id,
        instance: Id,
        slot_of: Id,
        slot: Id,
        copy: Id,
    ) -> Result<()> {
        if base == slot_of {
            return self.add(instance, Id::pair(slot, copy));
        }
        let Some(name) = self.name_of(slot).map(str::to_owned) else {
            return Ok(());
        };
        let mut parent = Some(instance);
        let mut depth = 0;
        while let Some(p) = parent {
            if self.has(p, Id::pair(IS_A, slot_of)) {
                let found = if depth == 0 {
                    self.lookup_child(slot_of, &name)
                } else {
                    let (outer, inner) = (self.path_of(p), self.path_of(copy));
                    inner
                        .strip_prefix(outer.as_str())
                        .and_then(|r| r.strip_prefix('.'))
                        .and_then(|path| self.lookup_from(slot_of, path, false))
                };
                if let Some(s) = found {
                    self.add(p, Id::pair(s, copy))?;
                }
                return Ok(());
            }
            depth += 1;
            parent = self.target(p, CHILD_OF, 0);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::builtin::{CHILD_OF, IS_A, PREFAB, SLOT_OF};
    use crate::{FlecsVersion, Id, World};

    fn prefab_with_child(version: FlecsVersion) -> (World, Id, Id) {
        let mut w = World::with_version(version);
        let p = w.entity_with("P", &[PREFAB]).unwrap();
        let c = w.entity("P.C").unwrap();
        (w, p, c)
    }

    #[test]
    fn v4_copies_children_with_stable_ids_and_names() {
        let (mut w, p, c) = prefab_with_child(FlecsVersion::V4);
        assert!(w.owns(c, PREFAB), "a child of a prefab is a prefab in v4");
        let i = w.entity("I").unwrap();
        w.add(i, Id::pair(IS_A, p)).unwrap();
        let copy = w.lookup("I.C").unwrap();
        assert_eq!(copy.index() - i.index(), c.index() - p.index());
        assert!(!w.owns(copy, PREFAB));
        assert!(!w.owns(copy, Id::pair(IS_A, c)));
        // Adding the pair again instantiates nothing more.
        w.add(i, Id::pair(IS_A, p)).unwrap();
        assert_eq!(w.tables_with(Id::pair(CHILD_OF, i)).len(), 1);
    }

    /// v3.2.12's table graph adds no `Prefab` with `(ChildOf, prefab)`.
    #[test]
    fn v3_children_of_prefabs_stay_as_they_are() {
        let (w, _, c) = prefab_with_child(FlecsVersion::V3);
        assert!(!w.owns(c, PREFAB));
    }

    #[test]
    fn prefab_added_later_makes_the_children_prefabs() {
        let mut w = World::with_version(FlecsVersion::V4);
        let p = w.entity("P").unwrap();
        let c = w.entity("P.C").unwrap();
        let g = w.entity("P.C.G").unwrap();
        w.add(p, PREFAB).unwrap();
        assert!(w.owns(c, PREFAB) && w.owns(g, PREFAB));
    }

    #[test]
    fn a_slot_becomes_a_pair_on_the_instance() {
        let (mut w, p, c) = prefab_with_child(FlecsVersion::V4);
        w.add(c, Id::pair(SLOT_OF, p)).unwrap();
        let i = w.entity("I").unwrap();
        w.add(i, Id::pair(IS_A, p)).unwrap();
        let copy = w.lookup("I.C").unwrap();
        assert!(w.owns(i, Id::pair(c, copy)));
        assert!(!w.owns(copy, Id::pair(SLOT_OF, p)));
    }

    #[test]
    fn an_instance_inside_its_prefab_gets_no_copies() {
        let (mut w, p, c) = prefab_with_child(FlecsVersion::V4);
        w.add(c, Id::pair(IS_A, p)).unwrap();
        assert_eq!(w.lookup("P.C.C"), None);
    }
}
