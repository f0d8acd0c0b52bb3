//! The entity index: which ids are alive (with their generation), where each lives, and which
//! id to hand out next. Recycling follows Flecs' sparse set: a deleted id goes right after the
//! alive ones with its generation bumped, and the next new id reuses the most recently deleted.

use std::collections::HashMap;

use crate::id::Id;
use crate::store::TableId;

/// Where an alive entity is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Location {
    /// Its table, `None` for an entity that was created without ids (`ecs_new_id`).
    pub table: Option<TableId>,
    /// Its row in the table.
    pub row: u32,
}

#[derive(Debug, Clone, Copy)]
struct Slot {
    dense: usize,
    loc: Location,
}

/// Flecs' `ecs_entity_index_t`: sparse by index, dense by id (slot 0 unused).
#[derive(Debug, Clone)]
pub(crate) struct EntityIndex {
    sparse: HashMap<u32, Slot>,
    dense: Vec<u64>,
    alive: usize,
    pub(crate) max_id: u32,
}

impl EntityIndex {
    pub(crate) fn new() -> Self {
        EntityIndex {
            sparse: HashMap::new(),
            dense: vec![0],
            alive: 1,
            max_id: 0,
        }
    }

    /// The alive id with this index, whatever its generation.
    pub(crate) fn alive_of(&self, index: u32) -> Option<Id> {
        let s = self.sparse.get(&index)?;
        (s.dense < self.alive).then(|| Id(self.dense[s.dense]))
    }

    pub(crate) fn is_alive(&self, e: Id) -> bool {
        self.alive_of(e.index()) == Some(e)
    }

    pub(crate) fn location(&self, e: Id) -> Option<Location> {
        let s = self.sparse.get(&e.index())?;
        (s.dense < self.alive && self.dense[s.dense] == e.0).then_some(s.loc)
    }

    pub(crate) fn set_location(&mut self, e: Id, loc: Location) {
        if let Some(s) = self.sparse.get_mut(&e.index()) {
            s.loc = loc;
        }
    }

    /// `flecs_entity_index_new_id`.
    pub(crate) fn new_id(&mut self) -> Id {
        if self.alive < self.dense.len() {
            let id = self.dense[self.alive];
            self.alive += 1;
            return Id(id);
        }
        self.max_id = self.max_id.wrapping_add(1);
        let id = self.max_id;
        self.dense.push(id as u64);
        self.sparse.insert(
            id,
            Slot {
                dense: self.dense.len() - 1,
                loc: Location::default(),
            },
        );
        self.alive += 1;
        Id(id as u64)
    }

    /// `ecs_make_alive`: `false` if another generation of the index is alive.
    pub(crate) fn make_alive(&mut self, e: Id) -> bool {
        let index = e.index();
        let dense = match self.sparse.get(&index) {
            Some(s) if s.dense < self.alive => return self.dense[s.dense] == e.0,
            Some(s) => {
                let d = s.dense;
                self.dense[d] = e.0;
                d
            }
            None => {
                self.dense.push(e.0);
                let d = self.dense.len() - 1;
                self.sparse.insert(
                    index,
                    Slot {
                        dense: d,
                        loc: Location::default(),
                    },
                );
                self.max_id = self.max_id.max(index);
                d
            }
        };
        // swap with the first dead element
        let first_dead = self.alive;
        let other = self.dense[first_dead];
        self.dense.swap(dense, first_dead);
        if let Some(s) = self.sparse.get_mut(&(other as u32)) {
            s.dense = dense;
        }
        if let Some(s) = self.sparse.get_mut(&index) {
            s.dense = first_dead;
            s.loc = Location::default();
        }
        self.alive += 1;
        true
    }

    /// `flecs_entity_index_remove`: the id dies and its next generation waits to be recycled.
    pub(crate) fn remove(&mut self, e: Id) {
        if !self.is_alive(e) {
            return;
        }
        let Some(dense) = self.sparse.get(&e.index()).map(|s| s.dense) else {
            return;
        };
        self.alive -= 1;
        let last = self.alive;
        let other = self.dense[last];
        if let Some(s) = self.sparse.get_mut(&(other as u32)) {
            s.dense = dense;
        }
        self.dense[dense] = other;
        self.dense[last] = e.next_generation().0;
        if let Some(s) = self.sparse.get_mut(&e.index()) {
            s.dense = last;
            s.loc = Location::default();
        }
    }

    /// Alive ids, in the index's dense order.
    pub(crate) fn alive_ids(&self) -> impl Iterator<Item = Id> + '_ {
        self.dense[1..self.alive].iter().map(|&e| Id(e))
    }

    pub(crate) fn alive_count(&self) -> usize {
        self.alive - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recycles_with_generation() {
        let mut ix = EntityIndex::new();
        ix.max_id = 384;
        let a = ix.new_id();
        let b = ix.new_id();
        assert_eq!((a.0, b.0), (385, 386));
        ix.remove(a);
        assert!(!ix.is_alive(a));
        let c = ix.new_id();
        assert_eq!(c.index(), 385);
        assert_eq!(c.generation(), 1);
        assert!(ix.is_alive(c) && ix.is_alive(b));
    }

    #[test]
    fn make_alive_raises_max() {
        let mut ix = EntityIndex::new();
        assert!(ix.make_alive(Id(10_000)));
        assert_eq!(ix.new_id().0, 10_001);
        assert!(ix.make_alive(Id(10_000)));
        assert!(!ix.make_alive(Id(10_000).next_generation()));
        assert_eq!(ix.alive_count(), 2);
    }
}
