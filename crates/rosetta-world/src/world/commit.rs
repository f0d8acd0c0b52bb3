//! [`World::commit`]: an entity put in the table of a whole type in one move, as
//! `ecs_commit` does for `ecs_world_from_json`.

use crate::builtin::{CHILD_OF, COMPONENT, EXCLUSIVE, MODULE};
use crate::error::{Error, Result};
use crate::id::Id;
use crate::store::{Cell, ColumnKind};
use crate::world::World;

impl World {
    /// `ecs_commit` to the table of `ids`: `e` ends up with exactly these ids (in any order;
    /// one listed twice counts once), in one move, creating that table (and no other) if it
    /// does not exist yet. Values of ids `e` keeps stay; a new component gets its default
    /// value; ids `e` had and `ids` lacks are removed. Each id is checked as [`World::add`]
    /// checks it ([`World::check_add`]: a parent that is `e` or its descendant is refused), and two pairs of one exclusive relationship (`ChildOf`) are refused. The
    /// pair of a union relationship is stored as `(Union, Rel)` with its target set; a new
    /// parent re-indexes the entity's name. On an error `e` is left as it was.
    ///
    /// ```
    /// use rosetta_world::{builtin, Id, World};
    /// let mut w = World::new();
    /// let (a, b, p) = (w.entity("A")?, w.entity("B")?, w.entity("p")?);
    /// let e = w.entity("e")?;
    /// w.add(e, a)?;
    /// let name = Id::pair(builtin::IDENTIFIER, builtin::NAME);
    /// let tables = w.tables().len();
    /// w.commit(e, &[b, Id::pair(builtin::CHILD_OF, p), name])?;
    /// assert!(!w.has(e, a) && w.has(e, b));
    /// assert_eq!(w.path_of(e), "p.e");
    /// assert_eq!(w.lookup("p.e"), Some(e));
    /// assert_eq!(w.tables().len(), tables + 1, "one new table, no steps on the way");
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn commit(&mut self, e: Id, ids: &[Id]) -> Result<()> {
        if !self.is_alive(e) {
            return Err(Error::NotAlive(e.0));
        }
        let mut stored: Vec<Id> = Vec::with_capacity(ids.len());
        let mut unions: Vec<(Id, Id)> = Vec::new();
        for &id in ids {
            // As `add` checks each id: valid, and no ChildOf cycle.
            self.check_add(e, id)?;
            let s = self.stored_id(id);
            if s != id {
                unions.push((s, id));
            }
            stored.push(s);
        }
        stored.sort_unstable();
        stored.dedup();
        for pair in stored.windows(2) {
            let (x, y) = (pair[0], pair[1]);
            if x.is_pair() && y.is_pair() && x.first() == y.first() {
                let rel = x.first();
                if self.alive(rel).is_some_and(|r| self.owns(r, EXCLUSIVE)) {
                    return Err(Error::InvalidId {
                        id: y.0,
                        reason: "a second pair of an exclusive relationship",
                    });
                }
            }
        }
        let old_parent = self.target(e, CHILD_OF, 0);
        // v4's hooks for a new Component or Module (`ecs_world_from_json` adds a row's ids one
        // by one, after the name: a Module's "before" is the new type without it).
        let hooked: Vec<(Id, Vec<Id>)> = if self.version == crate::version::FlecsVersion::V4 {
            [COMPONENT, MODULE]
                .into_iter()
                .filter(|&id| stored.binary_search(&id).is_ok() && !self.owns(e, id))
                .map(|id| (id, stored.iter().copied().filter(|&x| x != id).collect()))
                .collect()
        } else {
            Vec::new()
        };
        let dst = self.ensure_table(stored);
        self.move_to(e, dst, |w, id| match w.column_kind(id) {
            ColumnKind::Data | ColumnKind::Flat(_) => match w.type_id_of(id) {
                Some(c) => Cell::Value(w.default_value_of(c)),
                None => Cell::Empty,
            },
            ColumnKind::Union => Cell::Target(Id::NULL),
            ColumnKind::Toggle => Cell::Enabled(false),
            ColumnKind::None => Cell::Empty,
        });
        for (_, id) in unions {
            // `add` finds the stored pair in place and only sets the target.
            self.add(e, id)?;
        }
        if self.target(e, CHILD_OF, 0) != old_parent {
            self.reindex_name(e, old_parent);
        }
        for (id, before) in hooked {
            self.on_added_v4(e, id, &before)?;
        }
        Ok(())
    }
}
