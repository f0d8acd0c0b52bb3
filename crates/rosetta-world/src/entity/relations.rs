//! Relationships: `ChildOf` targets, `IsA` inheritance (bases of bases, diamonds), deletion with
//! cascading children, disabling, doc strings, toggles and singletons.

use rosetta_types::Value;

use crate::builtin::{
    self, CHILD_OF, DISABLED, DOC_BRIEF, DOC_COLOR, DOC_DESCRIPTION, DOC_LINK, DONT_INHERIT, IS_A,
    NAME, UNION,
};
use crate::error::{Error, Result};
use crate::id::Id;
use crate::store::Column;
use crate::world::ops::id_matches;
use crate::world::World;

/// Bound on `IsA` depth while searching bases.
const MAX_BASE_DEPTH: usize = 64;

/// Which doc string: `(flecs.doc.Description, kind)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// The doc name (`flecs.core.Name`): a label.
    Name,
    /// `flecs.doc.Brief`.
    Brief,
    /// `flecs.doc.Link`.
    Link,
    /// `flecs.doc.Color`.
    Color,
}

impl DocKind {
    /// The second element of the doc pair.
    pub fn id(self) -> Id {
        match self {
            DocKind::Name => NAME,
            DocKind::Brief => DOC_BRIEF,
            DocKind::Link => DOC_LINK,
            DocKind::Color => DOC_COLOR,
        }
    }

    /// `name`, `brief`, `link`, `color`.
    pub fn parse(s: &str) -> Option<DocKind> {
        Some(match s {
            "name" => DocKind::Name,
            "brief" => DocKind::Brief,
            "link" => DocKind::Link,
            "color" => DocKind::Color,
            _ => return None,
        })
    }
}

impl World {
    /// The `index`-th target of relationship `rel` on `e` (`ecs_get_target`), alive ids only.
    /// For a union relationship, its current target.
    pub fn target(&self, e: Id, rel: Id, index: usize) -> Option<Id> {
        let loc = self.index.location(e)?;
        let table = self.store.table(loc.table?);
        if let Some(targets) = table.union_targets(rel) {
            let t = *targets.get(loc.row as usize)?;
            return (index == 0).then(|| self.alive(t)).flatten();
        }
        let rec = table.record(Id::pair(rel, builtin::WILDCARD))?;
        if index >= rec.count as usize {
            return None;
        }
        let id = table.ids().get(rec.index as usize + index)?;
        self.alive(id.second())
    }

    /// All targets of `rel` on `e`, in type order.
    pub fn targets(&self, e: Id, rel: Id) -> Vec<Id> {
        (0..).map_while(|i| self.target(e, rel, i)).collect()
    }

    /// Whether an id is inherited through `IsA` (not `DontInherit`).
    fn inheritable(&self, id: Id) -> bool {
        let pred = if id.has_pair_flag() {
            id.first()
        } else {
            id.without_flags()
        };
        match self.alive(pred) {
            // v4 shares only what has `(OnInstantiate, Inherit)`; the rest was copied or is
            // not inherited at all.
            Some(_) if self.version == crate::version::FlecsVersion::V4 => {
                self.on_instantiate(id) == crate::world::instantiate::OnInstantiate::Inherit
            }
            Some(p) => !self.owns(p, DONT_INHERIT),
            None => false,
        }
    }

    /// `ecs_get_target_for_id(e, IsA, id)`: the entity `e` gets `id` from, itself if it owns
    /// it, else the first base (depth first, in type order) that does.
    pub fn source_of(&self, e: Id, id: Id) -> Option<Id> {
        if self.owns(e, id) {
            return Some(e);
        }
        if !self.inheritable(id) {
            return None;
        }
        self.base_with(e, id, 0)
    }

    fn base_with(&self, e: Id, id: Id, depth: usize) -> Option<Id> {
        if depth >= MAX_BASE_DEPTH {
            return None;
        }
        for base in self.targets(e, IS_A) {
            if self.owns(base, id) {
                return Some(base);
            }
            if let Some(found) = self.base_with(base, id, depth + 1) {
                return Some(found);
            }
        }
        None
    }

    /// `ecs_get_id`: the value of `comp` on `e`, owned or inherited from a base.
    ///
    /// ```
    /// use rosetta_world::{builtin, Id, World};
    /// use rosetta_types::Value;
    /// let mut w = World::new();
    /// let mass = w.component_of("Mass", rosetta_types::TypeId::INT32)?;
    /// let base = w.prefab("Base")?;
    /// w.set(base, mass, Value::I32(10))?;
    /// let e = w.entity("e")?;
    /// w.add(e, Id::pair(builtin::IS_A, base))?;
    /// assert_eq!(w.get(e, mass).as_deref(), Some(&Value::I32(10)));
    /// assert_eq!(w.get_owned(e, mass), None);
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn get(&self, e: Id, comp: Id) -> Option<std::borrow::Cow<'_, Value>> {
        let src = self.source_of(e, comp)?;
        self.get_owned(src, comp)
    }

    /// `ecs_has_id`: owned or inherited.
    pub fn has(&self, e: Id, id: Id) -> bool {
        self.source_of(e, id).is_some()
    }

    /// The `IsA` bases of `e` flattened depth first, a base's own bases before it, without
    /// removing duplicates (as Flecs JSON lists them; a diamond lists the shared base twice).
    pub fn bases_flat(&self, e: Id) -> Vec<Id> {
        let mut out = Vec::new();
        self.bases_into(e, &mut out, 0);
        out
    }

    fn bases_into(&self, e: Id, out: &mut Vec<Id>, depth: usize) {
        if depth >= MAX_BASE_DEPTH || out.len() > 4096 {
            return;
        }
        for b in self.targets(e, IS_A) {
            self.bases_into(b, out, depth + 1);
            out.push(b);
        }
    }

    /// `ecs_enable(e, enabled)`: removes or adds the `Disabled` tag.
    pub fn enable(&mut self, e: Id, enabled: bool) -> Result<()> {
        if enabled {
            self.remove(e, DISABLED)
        } else {
            self.add(e, DISABLED)
        }
    }

    /// Whether `e` has the `Disabled` tag.
    pub fn is_disabled(&self, e: Id) -> bool {
        self.owns(e, DISABLED)
    }

    /// `ecs_new_prefab`: a named entity with the `Prefab` tag.
    pub fn prefab(&mut self, name: &str) -> Result<Id> {
        self.entity_with(name, &[builtin::PREFAB])
    }

    /// `ecs_enable_id`: adds `TOGGLE|id` if needed and sets `e`'s bit.
    pub fn enable_id(&mut self, e: Id, id: Id, enabled: bool) -> Result<()> {
        let t = id.with_flag(Id::TOGGLE);
        if !self.owns(e, t) {
            self.add(e, t)?;
        }
        let loc = self.index.location(e).ok_or(Error::NotAlive(e.0))?;
        let Some(tid) = loc.table else { return Ok(()) };
        let table = self.store.table_mut(tid);
        if let Some(i) = table.index_of(t) {
            if let Some(Column::Toggle(bits)) = table.columns.get_mut(i) {
                if let Some(b) = bits.get_mut(loc.row as usize) {
                    *b = enabled;
                }
            }
        }
        Ok(())
    }

    /// `ecs_is_enabled_id`: an id without a toggle is enabled if present.
    pub fn is_enabled_id(&self, e: Id, id: Id) -> bool {
        let t = id.with_flag(Id::TOGGLE);
        let Some(loc) = self.index.location(e) else {
            return false;
        };
        let Some(tid) = loc.table else { return false };
        match self.store.table(tid).column(t) {
            Some(Column::Toggle(bits)) => bits.get(loc.row as usize).copied().unwrap_or(false),
            _ => self.has(e, id),
        }
    }

    /// `ecs_singleton_set`: sets `comp` on the component entity itself.
    pub fn singleton_set(&mut self, comp: Id, value: Value) -> Result<()> {
        self.set(comp, comp, value)
    }

    /// Sets (or with `None` removes) a doc string: `(flecs.doc.Description, kind)`.
    pub fn doc_set(&mut self, e: Id, kind: DocKind, text: Option<&str>) -> Result<()> {
        let pair = Id::pair(DOC_DESCRIPTION, kind.id());
        match text {
            Some(t) => self.set(e, pair, Value::String(t.into())),
            None => self.remove(e, pair),
        }
    }

    /// A doc string of `e` (own only: doc pairs are `DontInherit`).
    pub fn doc_get(&self, e: Id, kind: DocKind) -> Option<&str> {
        match self.get_boxed(e, Id::pair(DOC_DESCRIPTION, kind.id()))? {
            Value::String(s) => Some(s.as_str()),
            _ => None,
        }
    }

    /// `ecs_doc_get_name`: the doc name, else the name.
    pub fn label_of(&self, e: Id) -> Option<&str> {
        self.doc_get(e, DocKind::Name).or_else(|| self.name_of(e))
    }

    /// `ecs_delete`: deletes `e`, its children (recursively, `ChildOf` cleanup), and removes
    /// every id that refers to it (`e`, `(e, *)`, `(*, e)`) from the entities that have one.
    /// Union targets are kept (Flecs keeps the dead target in the union column). A builtin
    /// entity, or one with `(OnDelete, Panic)`, in the subtree refuses the whole delete
    /// ([`World::check_delete`]). A dead `e` is no error.
    pub fn delete(&mut self, e: Id) -> Result<()> {
        self.check_delete(e)?;
        for d in self.subtree(e).into_iter().rev() {
            self.delete_one(d);
        }
        Ok(())
    }

    fn delete_one(&mut self, e: Id) {
        if !self.is_alive(e) {
            return;
        }
        let parent = self.target(e, CHILD_OF, 0).unwrap_or(Id::NULL);
        if let Some(name) = self.name_of(e).map(rosetta_types::Str::from) {
            if self.names.get(parent.index(), &name) == Some(e) {
                self.names.remove(parent.index(), &name);
            }
        }
        // remove from its own table
        if let Some(loc) = self.index.location(e) {
            if let Some(t) = loc.table {
                let table = self.store.table_mut(t);
                let (_, moved) = table.swap_remove(loc.row as usize);
                let empty = table.entities.is_empty();
                if let Some(m) = moved {
                    self.index.set_location(
                        m,
                        crate::store::Location {
                            table: Some(t),
                            row: loc.row,
                        },
                    );
                }
                if empty {
                    self.store.mark_pending(t);
                }
            }
        }
        self.index.remove(e);
        // ids that refer to e
        let patterns = [
            e,
            Id::pair(e, builtin::WILDCARD),
            Id::pair(builtin::WILDCARD, e),
        ];
        for pat in patterns {
            let tables: Vec<_> = self.store.tables_for(pat).to_vec();
            for t in tables {
                let ents: Vec<Id> = self.store.table(t).entities().to_vec();
                for x in ents {
                    let cur = self.type_of(x).to_vec();
                    let keep: Vec<Id> = cur
                        .iter()
                        .copied()
                        .filter(|&id| {
                            !(id == pat
                                || (pat.is_pair() && id_matches(pat, id) && id.first() != UNION))
                        })
                        .collect();
                    if keep.len() != cur.len() {
                        let dst = self.ensure_table(keep);
                        self.move_to(x, dst, |_, _| crate::store::Cell::Empty);
                    }
                }
            }
        }
        self.components.remove(&e.index());
        self.flecs_types.remove(&e.index());
    }
}
