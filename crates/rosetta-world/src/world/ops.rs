//! Adding, removing and setting ids: entities move between tables as Flecs moves them.

use std::borrow::Cow;

use rosetta_types::Value;

use crate::builtin::{self, CHILD_OF, EXCLUSIVE, IDENTIFIER, NAME, UNION};
use crate::error::{Error, Result};
use crate::id::Id;
use crate::store::{Cell, ColumnKind, Location, TableId};
use crate::world::World;

impl World {
    fn check_alive(&self, e: Id) -> Result<()> {
        if self.is_alive(e) {
            Ok(())
        } else {
            Err(Error::NotAlive(e.0))
        }
    }

    /// Checks an id before it is added: not 0, no wildcard, alive elements.
    pub(crate) fn check_id(&self, id: Id) -> Result<()> {
        let bad = |reason| Err(Error::InvalidId { id: id.0, reason });
        if id.0 == 0 {
            return bad("the null id");
        }
        if id.is_wildcard() {
            return bad("wildcards cannot be added");
        }
        if id.has_pair_flag() {
            // `ecs_id_is_valid` allows flags on pairs (`TOGGLE | (R, T)` for `ecs_enable_id`).
            if id.flags() & !(Id::PAIR | Id::TOGGLE | Id::OVERRIDE) != 0 {
                return bad("unsupported id flag");
            }
            if id.first().0 == 0 || id.second().0 == 0 {
                return bad("a pair element is 0");
            }
            if self.alive(id.first()).is_none() {
                return bad("the relationship is not alive");
            }
            if self.alive(id.second()).is_none() {
                return bad("the target is not alive");
            }
        } else {
            let plain = id.without_flags();
            if id.flags() & !(Id::TOGGLE | Id::OVERRIDE) != 0 {
                return bad("unsupported id flag");
            }
            if plain.0 >> 32 != 0 && self.alive(plain) != Some(plain) {
                return bad("not alive");
            }
            if self.alive(plain).is_none() {
                return bad("not alive");
            }
        }
        Ok(())
    }

    /// The column kind an id gets in a table.
    pub(crate) fn column_kind(&self, id: Id) -> ColumnKind {
        if id.is_pair() && id.first() == UNION {
            ColumnKind::Union
        } else if id.has_flag(Id::TOGGLE) {
            ColumnKind::Toggle
        } else if let Some(c) = self.type_id_of(id) {
            match self.layouts.get(&c.index()) {
                Some(l) => ColumnKind::Flat(std::sync::Arc::clone(l)),
                None => ColumnKind::Data,
            }
        } else {
            ColumnKind::None
        }
    }

    /// The table of this sorted type, created if needed (Flecs creates a table the first time
    /// an entity would move into it).
    pub(crate) fn ensure_table(&mut self, ids: Vec<Id>) -> TableId {
        if let Some(t) = self.store.find(&ids) {
            return t;
        }
        let kinds: Vec<ColumnKind> = ids.iter().map(|&i| self.column_kind(i)).collect();
        self.store.create(ids.into_boxed_slice(), &kinds)
    }

    /// The type `ids` with `id` added (pairs of an exclusive relationship replace each other,
    /// a union relationship's pair becomes `(Union, Rel)`).
    pub(crate) fn type_with(&self, ids: &[Id], id: Id) -> Vec<Id> {
        let mut v: Vec<Id> = ids.to_vec();
        let stored = self.stored_id(id);
        if id.is_pair() && stored == id {
            let rel = id.first();
            if self.alive(rel).is_some_and(|r| self.owns(r, EXCLUSIVE)) {
                v.retain(|x| !(x.is_pair() && x.first() == rel));
            }
        }
        if let Err(pos) = v.binary_search(&stored) {
            v.insert(pos, stored);
        }
        v
    }

    /// The id as a table stores it: `(Rel, Tgt)` of a union relationship is `(Union, Rel)`.
    pub(crate) fn stored_id(&self, id: Id) -> Id {
        if id.is_pair() && id.first() != UNION {
            if let Some(rel) = self.alive(id.first()) {
                if self.owns(rel, UNION) {
                    return Id::pair(UNION, rel);
                }
            }
        }
        id
    }

    /// Moves `e` to table `dst`, keeping the values of ids both tables have; `new_cell` gives
    /// the cell of an id only `dst` has.
    pub(crate) fn move_to(
        &mut self,
        e: Id,
        dst: TableId,
        mut new_cell: impl FnMut(&World, Id) -> Cell,
    ) {
        let loc = self.index.location(e).unwrap_or_default();
        if loc.table == Some(dst) {
            return;
        }
        let mut old: Vec<(Id, Cell)> = Vec::new();
        if let Some(src) = loc.table {
            let table = self.store.table_mut(src);
            let ids = table.ids.clone();
            let (cells, moved) = table.swap_remove(loc.row as usize);
            let now_empty = table.entities.is_empty();
            old = ids.iter().copied().zip(cells).collect();
            if let Some(m) = moved {
                self.index.set_location(
                    m,
                    Location {
                        table: Some(src),
                        row: loc.row,
                    },
                );
            }
            if now_empty {
                self.store.mark_pending(src);
            }
        }
        let dst_ids = self.store.table(dst).ids.clone();
        let mut cells: Vec<Cell> = Vec::with_capacity(dst_ids.len());
        for &id in dst_ids.iter() {
            let cell = match old.iter_mut().find(|(i, _)| *i == id) {
                Some((_, c)) => std::mem::replace(c, Cell::Empty),
                None => new_cell(self, id),
            };
            cells.push(cell);
        }
        let table = self.store.table_mut(dst);
        let mut it = cells.into_iter();
        let row = table.push(e, |_, _| it.next().unwrap_or(Cell::Empty));
        if row == 0 {
            self.store.mark_pending(dst);
        }
        self.index.set_location(
            e,
            Location {
                table: Some(dst),
                row,
            },
        );
    }

    /// Puts `e` in table `dst` with the cell `cell` gives for each id of the type: what
    /// [`World::move_to`] does for an entity that has no table yet, without gathering the cells
    /// first. (An entity that has a table moves as `move_to` moves it.)
    pub(crate) fn place(&mut self, e: Id, dst: TableId, mut cell: impl FnMut(Id) -> Cell) {
        let loc = self.index.location(e).unwrap_or_default();
        if loc.table.is_some() {
            self.move_to(e, dst, |_, id| cell(id));
            return;
        }
        let row = self.store.table_mut(dst).push(e, |_, id| cell(id));
        if row == 0 {
            self.store.mark_pending(dst);
        }
        self.index.set_location(
            e,
            Location {
                table: Some(dst),
                row,
            },
        );
    }

    fn default_cell(w: &World, id: Id) -> Cell {
        match w.column_kind(id) {
            ColumnKind::Data | ColumnKind::Flat(_) => match w.type_id_of(id) {
                Some(c) => Cell::Value(w.default_value_of(c)),
                None => Cell::Empty,
            },
            ColumnKind::Union => Cell::Target(Id::NULL),
            ColumnKind::Toggle => Cell::Enabled(false),
            ColumnKind::None => Cell::Empty,
        }
    }

    /// `ecs_add_id`: adds a tag, component, pair or flagged id to `e`.
    ///
    /// ```
    /// use rosetta_world::{Id, World};
    /// let mut w = World::new();
    /// let (likes, apples) = (w.entity("Likes")?, w.entity("Apples")?);
    /// let e = w.entity("e")?;
    /// w.add(e, Id::pair(likes, apples))?;
    /// assert!(w.has(e, Id::pair(likes, apples)));
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    ///
    /// Refused, with nothing changed, where [`World::check_add`] refuses it (a `ChildOf` cycle
    /// among others).
    pub fn add(&mut self, e: Id, id: Id) -> Result<()> {
        // v4.1.6's hooks for a new Component or Module ([`World::on_added_v4`]).
        let hooked = self.version == crate::version::FlecsVersion::V4
            && (id == builtin::COMPONENT || id == builtin::MODULE)
            && self.is_alive(e)
            && !self.owns(e, id);
        if !hooked {
            return self.add_plain(e, id);
        }
        let before = self.type_of(e).to_vec();
        self.add_plain(e, id)?;
        self.on_added_v4(e, id, &before)
    }

    /// [`World::add`] without v4's Component and Module hooks.
    pub(crate) fn add_plain(&mut self, e: Id, id: Id) -> Result<()> {
        self.check_add(e, id)?;
        let stored = self.stored_id(id);
        let cur = self.type_of(e);
        let had_target = cur.binary_search(&stored).is_ok();
        let old_parent = self.target(e, CHILD_OF, 0);
        let mut new_type = self.type_with(cur, id);
        if self.child_of_prefab_v4(id) {
            // v4: a child of a prefab is a prefab, in the same move.
            new_type = self.type_with(&new_type, builtin::PREFAB);
        }
        let dst = self.ensure_table(new_type);
        self.move_to(e, dst, World::default_cell);
        if !had_target && id == builtin::PREFAB {
            self.prefab_descendants_v4(e);
        }
        if stored != id {
            self.set_union_target(e, stored, self.alive(id.second()).unwrap_or(id.second()));
        } else if !had_target && id.is_pair() && id.first() == CHILD_OF {
            self.reindex_name(e, old_parent);
        } else if !had_target && id.is_pair() && id.first() == builtin::IS_A {
            if let Some(base) = self.alive(id.second()) {
                self.instantiate_v4(e, base)?;
            }
        }
        Ok(())
    }

    fn set_union_target(&mut self, e: Id, stored: Id, target: Id) {
        let Some(loc) = self.index.location(e) else {
            return;
        };
        let Some(t) = loc.table else { return };
        let table = self.store.table_mut(t);
        if let Some(i) = table.index_of(stored) {
            table.set_union_target(i, loc.row as usize, target);
        }
    }

    /// `ecs_remove_id`. Removing a pair with a wildcard target removes every matching pair.
    pub fn remove(&mut self, e: Id, id: Id) -> Result<()> {
        self.check_alive(e)?;
        let cur = self.type_of(e).to_vec();
        let old_parent = self.target(e, CHILD_OF, 0);
        let stored = self.stored_id(id);
        let new_type: Vec<Id> = cur
            .iter()
            .copied()
            .filter(|&x| !id_matches(stored, x))
            .collect();
        if new_type.len() == cur.len() {
            return Ok(());
        }
        let dst = self.ensure_table(new_type);
        self.move_to(e, dst, World::default_cell);
        if id.is_pair() && id.first() == CHILD_OF {
            self.reindex_name(e, old_parent);
        }
        Ok(())
    }

    /// `ecs_set_id`: adds `comp` (a component or a pair whose [`World::type_id_of`] is a
    /// component) if needed and sets its value. The value must fit the component's type
    /// ([`World::check_set`]); when it does not, nothing changes.
    pub fn set(&mut self, e: Id, comp: Id, value: Value) -> Result<()> {
        self.check_set(e, comp, &value)?;
        if !self.type_of(e).contains(&comp) {
            self.add(e, comp)?;
        }
        if let Some(loc) = self.index.location(e) {
            if let Some(t) = loc.table {
                let table = self.store.table_mut(t);
                if let Some(i) = table.index_of(comp) {
                    table.set_value(i, loc.row as usize, value);
                }
            }
        }
        Ok(())
    }

    /// The value of `comp` that `e` owns: borrowed from a column of boxed values, decoded
    /// from a flat one.
    pub fn get_owned(&self, e: Id, comp: Id) -> Option<Cow<'_, Value>> {
        let loc = self.index.location(e)?;
        self.store
            .table(loc.table?)
            .values(comp)?
            .get(loc.row as usize)
    }

    /// The value of `comp` that `e` owns where the column holds boxed values (names, doc
    /// strings: strings are never flat).
    pub(crate) fn get_boxed(&self, e: Id, comp: Id) -> Option<&Value> {
        let loc = self.index.location(e)?;
        match self.store.table(loc.table?).column(comp)? {
            crate::store::Column::Data(v) => v.get(loc.row as usize),
            _ => None,
        }
    }

    /// Whether `e`'s own type holds `id` (wildcard forms and union pairs included).
    pub fn owns(&self, e: Id, id: Id) -> bool {
        let Some(t) = self.table_of(e) else {
            return false;
        };
        let table = self.store.table(t);
        if table.record(id).is_some() {
            return true;
        }
        if id.is_pair() && id.first() != UNION {
            let stored = Id::pair(UNION, id.first());
            if let Some(targets) = table.union_targets(id.first()) {
                let row = self.index.location(e).map_or(0, |l| l.row as usize);
                let tgt = targets.get(row).copied().unwrap_or_default();
                return table.index_of(stored).is_some()
                    && (id.second() == builtin::WILDCARD
                        || id.second() == builtin::ANY
                        || tgt.index() == id.second().index());
            }
        }
        false
    }

    /// Interns a name column value.
    pub(crate) fn name_value(name: &str) -> Value {
        Value::String(name.into())
    }

    /// The `(Identifier, Name)` id.
    pub(crate) const NAME_PAIR: Id = Id::pair(IDENTIFIER, NAME);
}

/// Whether `pattern` (maybe with `*` elements) matches `id`.
pub(crate) fn id_matches(pattern: Id, id: Id) -> bool {
    if pattern == id {
        return true;
    }
    if pattern.is_pair() && id.is_pair() {
        let w = |p: Id, x: Id| p == builtin::WILDCARD || p == builtin::ANY || p == x;
        return w(pattern.first(), id.first()) && w(pattern.second(), id.second());
    }
    false
}
