//! Storage: the entity index, archetype tables in creation order, and the id records (which
//! tables hold an id or a wildcard form of it, in the order Flecs lists them).

mod flat;
mod index;
mod table;

pub use flat::{FlatColumn, Layout, Values};
pub(crate) use index::EntityIndex;
pub use index::Location;
pub(crate) use table::{Cell, ColumnKind};
pub use table::{Column, Table, TableId, TableRecord};

use crate::hash::{HashMap, HashSet};
use crate::id::Id;

/// Tables, the type → table lookup, and the id records.
#[derive(Debug, Clone)]
pub(crate) struct Store {
    pub(crate) tables: Vec<Table>,
    by_type: HashMap<Box<[Id]>, TableId>,
    /// Id (or wildcard id) → tables whose type matches it, in creation order.
    records: HashMap<Id, Vec<TableId>>,
    pending: Vec<TableId>,
    pending_set: HashSet<TableId>,
    stamp: u64,
}

impl Store {
    /// A store with the root table (empty type), as Flecs' `world->store.root`.
    pub(crate) fn new() -> Store {
        let mut s = Store {
            tables: Vec::new(),
            by_type: HashMap::default(),
            records: HashMap::default(),
            pending: Vec::new(),
            pending_set: HashSet::default(),
            stamp: 0,
        };
        s.create(Box::new([]), &[]);
        s
    }

    pub(crate) fn find(&self, ids: &[Id]) -> Option<TableId> {
        self.by_type.get(ids).copied()
    }

    /// Creates the table for a sorted type (the caller checked it does not exist).
    pub(crate) fn create(&mut self, ids: Box<[Id]>, kinds: &[ColumnKind]) -> TableId {
        let id = TableId(self.tables.len() as u32);
        self.stamp += 1;
        let table = Table::new(id, ids.clone(), kinds, self.stamp);
        for rec in table.records.keys() {
            self.records.entry(*rec).or_default().push(id);
        }
        self.tables.push(table);
        self.by_type.insert(ids, id);
        id
    }

    pub(crate) fn table(&self, t: TableId) -> &Table {
        // Invariant: TableIds are only made by `create`, and tables are never removed.
        &self.tables[t.0 as usize]
    }

    pub(crate) fn table_mut(&mut self, t: TableId) -> &mut Table {
        // Invariant: as in `table`.
        &mut self.tables[t.0 as usize]
    }

    /// Notes that a table went from empty to non-empty or back (`flecs_table_set_empty`).
    pub(crate) fn mark_pending(&mut self, t: TableId) {
        if self.pending_set.insert(t) {
            self.pending.push(t);
        }
    }

    /// `flecs_process_pending_tables`: tables whose emptiness changed move, in the order they
    /// changed, to the end of the non-empty or empty lists of their id records.
    pub(crate) fn process_pending(&mut self) {
        let pending = std::mem::take(&mut self.pending);
        self.pending_set.clear();
        for t in pending {
            let table = self.table_mut(t);
            let nonempty = !table.entities.is_empty();
            if nonempty != table.listed_nonempty {
                table.listed_nonempty = nonempty;
                self.stamp += 1;
                let stamp = self.stamp;
                self.table_mut(t).stamp = stamp;
            }
        }
    }

    /// All tables registered for `id`, in creation order (empty ones included).
    pub(crate) fn tables_for(&self, id: Id) -> &[TableId] {
        self.records.get(&id).map(Vec::as_slice).unwrap_or(&[])
    }

    /// The non-empty tables for `id` in creation order (v4.1.6's single-list table cache).
    pub(crate) fn nonempty_in_creation_order(&self, id: Id) -> Vec<TableId> {
        self.tables_for(id)
            .iter()
            .copied()
            .filter(|&t| !self.table(t).entities.is_empty())
            .collect()
    }

    /// The non-empty tables for `id` in the order v3.2.12's table cache iterates them.
    pub(crate) fn iter_order(&self, id: Id) -> Vec<TableId> {
        let mut v: Vec<TableId> = self
            .tables_for(id)
            .iter()
            .copied()
            .filter(|&t| self.table(t).listed_nonempty)
            .collect();
        v.sort_by_key(|&t| self.table(t).stamp);
        v
    }
}
