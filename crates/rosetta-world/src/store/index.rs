//! The entity index: which ids are alive (with their generation), where each lives, and which
//! id to hand out next. Recycling follows Flecs' sparse set: a deleted id goes right after the
//! alive ones with its generation bumped, and the next new id reuses the most recently deleted.
//!
//! As in Flecs, the sparse side is paged by the id's low 32 bits (pages of 4096 slots made
//! when first used), so finding an entity is two array reads, not a hash lookup.

use super::table::TableId;
use crate::id::Id;

/// Bits of an index within its page.
const PAGE_BITS: u32 = 12;
/// Slots per page.
const PAGE_SIZE: usize = 1 << PAGE_BITS;

/// Where an alive entity is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Location {
    /// Its table, `None` for an entity that was created without ids (`ecs_new_id`).
    pub table: Option<TableId>,
    /// Its row in the table.
    pub row: u32,
}

/// One index's sparse slot: its place in `dense` (0, which `dense` leaves unused, for an index
/// that was never used) and its location.
#[derive(Debug, Clone, Copy, Default)]
struct Slot {
    dense: u32,
    loc: Location,
}

/// Flecs' `ecs_entity_index_t`: sparse by index (paged), dense by id (slot 0 unused).
#[derive(Debug, Clone)]
pub(crate) struct EntityIndex {
    pages: Vec<Option<Box<[Slot]>>>,
    dense: Vec<u64>,
    alive: usize,
    pub(crate) max_id: u32,
}

impl EntityIndex {
    pub(crate) fn new() -> Self {
        EntityIndex {
            pages: Vec::new(),
            dense: vec![0],
            alive: 1,
            max_id: 0,
        }
    }

    /// The slot of an index that was used.
    fn slot(&self, index: u32) -> Option<&Slot> {
        let page = self.pages.get((index >> PAGE_BITS) as usize)?.as_deref()?;
        page.get(index as usize & (PAGE_SIZE - 1))
            .filter(|s| s.dense != 0)
    }

    fn slot_mut(&mut self, index: u32) -> Option<&mut Slot> {
        let page = self
            .pages
            .get_mut((index >> PAGE_BITS) as usize)?
            .as_deref_mut()?;
        page.get_mut(index as usize & (PAGE_SIZE - 1))
            .filter(|s| s.dense != 0)
    }

    /// Gives `index` the dense place `dense` and no location, making its page if needed.
    fn insert_slot(&mut self, index: u32, dense: usize) {
        let p = (index >> PAGE_BITS) as usize;
        if self.pages.len() <= p {
            self.pages.resize_with(p + 1, || None);
        }
        let page = self.pages[p]
            .get_or_insert_with(|| vec![Slot::default(); PAGE_SIZE].into_boxed_slice());
        page[index as usize & (PAGE_SIZE - 1)] = Slot {
            dense: dense as u32,
            loc: Location::default(),
        };
    }

    /// The alive id with this index, whatever its generation.
    pub(crate) fn alive_of(&self, index: u32) -> Option<Id> {
        let d = self.slot(index)?.dense as usize;
        (d < self.alive).then(|| Id(self.dense[d]))
    }

    pub(crate) fn is_alive(&self, e: Id) -> bool {
        self.alive_of(e.index()) == Some(e)
    }

    pub(crate) fn location(&self, e: Id) -> Option<Location> {
        let s = self.slot(e.index())?;
        let d = s.dense as usize;
        (d < self.alive && self.dense[d] == e.0).then_some(s.loc)
    }

    pub(crate) fn set_location(&mut self, e: Id, loc: Location) {
        if let Some(s) = self.slot_mut(e.index()) {
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
        self.insert_slot(id, self.dense.len() - 1);
        self.alive += 1;
        Id(id as u64)
    }

    /// `ecs_make_alive`: `false` if another generation of the index is alive.
    pub(crate) fn make_alive(&mut self, e: Id) -> bool {
        let index = e.index();
        let dense = match self.slot(index).map(|s| s.dense as usize) {
            Some(d) if d < self.alive => return self.dense[d] == e.0,
            Some(d) => {
                self.dense[d] = e.0;
                d
            }
            None => {
                self.dense.push(e.0);
                let d = self.dense.len() - 1;
                self.insert_slot(index, d);
                self.max_id = self.max_id.max(index);
                d
            }
        };
        // swap with the first dead element
        let first_dead = self.alive;
        let other = self.dense[first_dead];
        self.dense.swap(dense, first_dead);
        if let Some(s) = self.slot_mut(other as u32) {
            s.dense = dense as u32;
        }
        if let Some(s) = self.slot_mut(index) {
            s.dense = first_dead as u32;
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
        let Some(dense) = self.slot(e.index()).map(|s| s.dense as usize) else {
            return;
        };
        self.alive -= 1;
        let last = self.alive;
        let other = self.dense[last];
        if let Some(s) = self.slot_mut(other as u32) {
            s.dense = dense as u32;
        }
        self.dense[dense] = other;
        self.dense[last] = e.next_generation().0;
        if let Some(s) = self.slot_mut(e.index()) {
            s.dense = last as u32;
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

    /// Ids that died and wait to be recycled (`flecs_entity_index_not_alive_count`).
    pub(crate) fn not_alive_count(&self) -> usize {
        self.dense.len().saturating_sub(self.alive)
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

    #[test]
    fn far_apart_indexes_share_no_page() {
        let mut ix = EntityIndex::new();
        let high = Id(u64::from(u32::MAX - 3));
        assert!(ix.make_alive(high));
        assert!(ix.make_alive(Id(5)));
        let loc = Location {
            table: Some(TableId(2)),
            row: 7,
        };
        ix.set_location(high, loc);
        assert_eq!(ix.location(high), Some(loc));
        assert_eq!(ix.location(Id(5)), Some(Location::default()));
        assert_eq!(ix.alive_of(4096 + 5), None);
        assert_eq!(ix.new_id().index(), u32::MAX - 2);
        ix.remove(Id(5));
        assert_eq!(ix.alive_of(5), None);
        assert_eq!(ix.alive_count(), 2);
    }
}
