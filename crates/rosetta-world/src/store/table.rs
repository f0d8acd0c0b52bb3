//! Archetype tables: a sorted type, the entities that have exactly that type, and one dense
//! column per id that carries data.

use std::sync::Arc;

use rosetta_types::Value;

use super::flat::{FlatColumn, Layout, Values};
use crate::hash::HashMap;
use crate::id::Id;

/// A table's index in creation order (the root table, with the empty type, is 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TableId(pub u32);

/// What a column of a table holds, per row.
#[derive(Debug, Clone, PartialEq)]
pub enum Column {
    /// A tag or a pair without data.
    None,
    /// Component values, one boxed [`Value`] each.
    Data(Vec<Value>),
    /// Component values of a fixed-size type, as bytes in its C layout.
    Flat(FlatColumn),
    /// The current target of a union relationship (the type holds `(Union, Rel)`), and per
    /// row when the target was last set: Flecs keeps the rows of each target in a list,
    /// newest first (`flecs_switch_set` prepends), and cached queries walk it in that order.
    Union(Vec<Id>, Vec<u64>),
    /// The enabled bits of a `TOGGLE` id (Flecs' bitset; new rows start disabled).
    Toggle(Vec<bool>),
}

/// The kind of column an id gets in a table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum ColumnKind {
    None,
    Data,
    Flat(Arc<Layout>),
    Union,
    Toggle,
}

impl Column {
    /// A column of `values`: flat if there is a layout and every value has its shape.
    pub(crate) fn of_values(values: Vec<Value>, layout: Option<Arc<Layout>>) -> Column {
        if let Some(l) = layout {
            let mut c = FlatColumn::new(l);
            if values.iter().all(|v| c.push(v)) {
                return Column::Flat(c);
            }
        }
        Column::Data(values)
    }

    /// The values of a data column (boxed or flat), every row.
    pub fn values(&self) -> Option<Values<'_>> {
        match self {
            Column::Data(v) => Some(Values::Boxed(v)),
            Column::Flat(c) => c.slice(0, c.len()),
            _ => None,
        }
    }

    /// The values of rows `lo..hi` of a data column.
    pub fn slice(&self, lo: usize, hi: usize) -> Option<Values<'_>> {
        match self {
            Column::Data(v) => v.get(lo..hi).map(Values::Boxed),
            Column::Flat(c) => c.slice(lo, hi),
            _ => None,
        }
    }

    /// Turns a flat column whose next value does not fit its layout into boxed values, so
    /// that no value is lost (the world validates values first, so this is a safety net).
    fn unflatten(&mut self) -> &mut Vec<Value> {
        if let Column::Flat(c) = self {
            *self = Column::Data(c.to_values());
        }
        match self {
            Column::Data(v) => v,
            // Invariant: a flat column became a data column just above; callers pass only
            // data or flat columns.
            _ => unreachable!("unflatten of a column without values"),
        }
    }
}

/// Where an id (or a wildcard id) occurs in a table's type: Flecs' `ecs_table_record_t`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRecord {
    /// Index of the first matching id in the type.
    pub index: u32,
    /// How many consecutive ids of the type match.
    pub count: u32,
}

/// An archetype table.
///
/// ```
/// use rosetta_world::World;
/// let mut w = World::new();
/// let pos = w.component("Position").unwrap();
/// let e = w.new_entity();
/// w.add(e, pos).unwrap();
/// let t = w.table_of(e).unwrap();
/// assert_eq!(w.table(t).ids(), &[pos]);
/// assert_eq!(w.table(t).entities(), &[e]);
/// ```
#[derive(Debug, Clone)]
pub struct Table {
    pub(crate) id: TableId,
    pub(crate) ids: Box<[Id]>,
    pub(crate) entities: Vec<Id>,
    pub(crate) columns: Vec<Column>,
    pub(crate) records: HashMap<Id, TableRecord>,
    /// Whether the id records list this table as non-empty (updated when pending tables are
    /// processed, as Flecs does).
    pub(crate) listed_nonempty: bool,
    /// When the table last moved between the empty and non-empty lists.
    pub(crate) stamp: u64,
    /// Counts union target changes, to order each target's rows newest first.
    pub(crate) union_clock: u64,
}

impl Table {
    pub(crate) fn new(id: TableId, ids: Box<[Id]>, kinds: &[ColumnKind], stamp: u64) -> Table {
        let columns = kinds
            .iter()
            .map(|k| match k {
                ColumnKind::None => Column::None,
                ColumnKind::Data => Column::Data(Vec::new()),
                ColumnKind::Flat(l) => Column::Flat(FlatColumn::new(Arc::clone(l))),
                ColumnKind::Union => Column::Union(Vec::new(), Vec::new()),
                ColumnKind::Toggle => Column::Toggle(Vec::new()),
            })
            .collect();
        let records = records_for(&ids);
        Table {
            id,
            ids,
            entities: Vec::new(),
            columns,
            records,
            listed_nonempty: false,
            stamp,
            union_clock: 0,
        }
    }

    /// The table's id (its index in creation order).
    pub fn id(&self) -> TableId {
        self.id
    }

    /// The type: ids sorted ascending.
    pub fn ids(&self) -> &[Id] {
        &self.ids
    }

    /// The entities, in row order.
    pub fn entities(&self) -> &[Id] {
        &self.entities
    }

    /// Number of entities.
    pub fn len(&self) -> usize {
        self.entities.len()
    }

    /// Whether the table has no entities.
    pub fn is_empty(&self) -> bool {
        self.entities.is_empty()
    }

    /// The index of `id` in the type.
    pub fn index_of(&self, id: Id) -> Option<usize> {
        self.ids.binary_search(&id).ok()
    }

    /// Where `id` (exact, or a wildcard form `*`, `_`, `(R,*)`, `(*,T)`, `(*,*)`, `(ChildOf,0)`)
    /// occurs in the type.
    pub fn record(&self, id: Id) -> Option<TableRecord> {
        self.records.get(&id).copied()
    }

    /// The column of the id at type index `index`.
    pub fn column_at(&self, index: usize) -> Option<&Column> {
        self.columns.get(index)
    }

    /// The column of `id`.
    pub fn column(&self, id: Id) -> Option<&Column> {
        self.index_of(id).and_then(|i| self.columns.get(i))
    }

    /// The component values of `id`, one per entity, if the id carries data.
    pub fn values(&self, id: Id) -> Option<Values<'_>> {
        self.column(id)?.values()
    }

    /// Overwrites the value in column `index`, row `row`; false if the column holds no values
    /// or the row does not exist.
    pub(crate) fn set_value(&mut self, index: usize, row: usize, v: Value) -> bool {
        let Some(col) = self.columns.get_mut(index) else {
            return false;
        };
        match col {
            Column::Flat(c) if row < c.len() => {
                if !c.set(row, &v) {
                    col.unflatten()[row] = v;
                }
                true
            }
            Column::Data(vals) => match vals.get_mut(row) {
                Some(slot) => {
                    *slot = v;
                    true
                }
                None => false,
            },
            _ => false,
        }
    }

    /// The union targets stored for `(Union, rel)`, one per entity.
    pub fn union_targets(&self, rel: Id) -> Option<&[Id]> {
        match self.column(Id::pair(crate::builtin::UNION, rel))? {
            Column::Union(v, _) => Some(v),
            _ => None,
        }
    }

    /// Sets row `row`'s target in the union column at type index `index` (a change makes it
    /// the newest row of its target, as `flecs_switch_set` does; the same target keeps it).
    pub(crate) fn set_union_target(&mut self, index: usize, row: usize, target: Id) {
        if let Some(Column::Union(v, s)) = self.columns.get_mut(index) {
            if let (Some(slot), Some(when)) = (v.get_mut(row), s.get_mut(row)) {
                if *slot != target {
                    *slot = target;
                    self.union_clock += 1;
                    *when = self.union_clock;
                }
            }
        }
    }

    /// When each row's target of union column `(Union, rel)` was set (larger is newer).
    pub(crate) fn union_stamps(&self, rel: Id) -> Option<&[u64]> {
        match self.column(Id::pair(crate::builtin::UNION, rel))? {
            Column::Union(_, s) => Some(s),
            _ => None,
        }
    }

    pub(crate) fn push(&mut self, e: Id, mut take: impl FnMut(usize, Id) -> Cell) -> u32 {
        let row = self.entities.len();
        self.entities.push(e);
        for (i, col) in self.columns.iter_mut().enumerate() {
            let cell = take(i, self.ids[i]);
            match (col, cell) {
                (Column::Data(v), Cell::Value(x)) => v.push(x),
                (col @ Column::Flat(_), Cell::Value(x)) => {
                    if let Column::Flat(c) = col {
                        if c.push(&x) {
                            continue;
                        }
                    }
                    col.unflatten().push(x);
                }
                (Column::Flat(c), _) => c.push_zeroed(),
                (Column::Union(v, s), Cell::Target(t)) => {
                    v.push(t);
                    self.union_clock += 1;
                    s.push(self.union_clock);
                }
                (Column::Toggle(v), Cell::Enabled(b)) => v.push(b),
                (Column::Data(v), _) => v.push(Value::Tuple(Box::new([]))),
                (Column::Union(v, s), _) => {
                    v.push(Id::NULL);
                    self.union_clock += 1;
                    s.push(self.union_clock);
                }
                (Column::Toggle(v), _) => v.push(false),
                (Column::None, _) => {}
            }
        }
        row as u32
    }

    /// Removes `row` by moving the last row into it; returns the cells of the removed row and
    /// the entity that moved into `row`, if any.
    pub(crate) fn swap_remove(&mut self, row: usize) -> (Vec<Cell>, Option<Id>) {
        let cells = self
            .columns
            .iter_mut()
            .map(|c| match c {
                Column::None => Cell::Empty,
                Column::Data(v) => Cell::Value(v.swap_remove(row)),
                Column::Flat(c) => c.swap_remove(row).map_or(Cell::Empty, Cell::Value),
                Column::Union(v, s) => {
                    // The last row moves into `row` and keeps its place in its target's list.
                    s.swap_remove(row);
                    Cell::Target(v.swap_remove(row))
                }
                Column::Toggle(v) => Cell::Enabled(v.swap_remove(row)),
            })
            .collect();
        self.entities.swap_remove(row);
        (cells, self.entities.get(row).copied())
    }
}

/// One row's content of one column, while an entity moves between tables.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cell {
    Empty,
    Value(Value),
    Target(Id),
    Enabled(bool),
}

/// The records Flecs registers for a type (`flecs_table_init`): each id, `(R,*)` per
/// relationship, `(*,T)` per target, `*` over the plain ids, `(*,*)` over the pairs, `_`, and
/// `(ChildOf, 0)` for a type without a parent.
fn records_for(ids: &[Id]) -> HashMap<Id, TableRecord> {
    use crate::builtin::{ANY, CHILD_OF, WILDCARD};
    let mut r: HashMap<Id, TableRecord> = HashMap::default();
    let mut add = |id: Id, i: usize| {
        r.entry(id)
            .and_modify(|rec| rec.count += 1)
            .or_insert(TableRecord {
                index: i as u32,
                count: 1,
            });
    };
    let mut plain = 0usize;
    let mut first_pair = None;
    let mut has_childof = false;
    for (i, &id) in ids.iter().enumerate() {
        add(id, i);
        if id.is_pair() {
            first_pair.get_or_insert(i);
            add(Id::pair(id.first(), WILDCARD), i);
            add(Id::pair(WILDCARD, id.second()), i);
            has_childof |= id.first() == CHILD_OF;
        } else if id.flags() == 0 {
            plain += 1;
        }
    }
    if plain > 0 {
        r.insert(
            WILDCARD,
            TableRecord {
                index: 0,
                count: plain as u32,
            },
        );
    }
    if let Some(fp) = first_pair {
        let n = ids[fp..].iter().filter(|i| i.is_pair()).count();
        r.insert(
            Id::pair(WILDCARD, WILDCARD),
            TableRecord {
                index: fp as u32,
                count: n as u32,
            },
        );
    }
    if !ids.is_empty() {
        r.insert(ANY, TableRecord { index: 0, count: 1 });
        if !has_childof {
            r.insert(
                Id::pair(CHILD_OF, Id::NULL),
                TableRecord { index: 0, count: 1 },
            );
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::{CHILD_OF, IDENTIFIER, NAME, WILDCARD};

    #[test]
    fn wildcard_records() {
        let ids: Box<[Id]> = vec![
            Id(10),
            Id(11),
            Id::pair(IDENTIFIER, NAME),
            Id::pair(Id(500), Id(600)),
            Id::pair(Id(500), Id(601)),
        ]
        .into();
        let t = Table::new(TableId(1), ids, &vec![ColumnKind::None; 5], 0);
        assert_eq!(
            t.record(Id::pair(Id(500), WILDCARD)),
            Some(TableRecord { index: 3, count: 2 })
        );
        assert_eq!(t.record(WILDCARD), Some(TableRecord { index: 0, count: 2 }));
        assert_eq!(
            t.record(Id::pair(WILDCARD, WILDCARD)),
            Some(TableRecord { index: 2, count: 3 })
        );
        assert!(t.record(Id::pair(CHILD_OF, Id::NULL)).is_some());
    }
}
