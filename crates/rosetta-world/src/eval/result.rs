//! Query results: borrowed ([`Match`], while iterating) and owned ([`QueryResult`]), the
//! values of their fields, and paging (offset and limit).

use std::borrow::Cow;

use rosetta_types::Value;

use crate::id::Id;
use crate::store::{TableId, Values};
use crate::world::World;

use super::run::State;

/// A field's component values in one result.
///
/// Values of a fixed-size type are stored flat (see [`crate::store::Layout`]): read them as a
/// slice of a `#[repr(C)]` type with [`Values::as_slice`], or one [`Value`] at a time.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue<'w> {
    /// No data: a tag, an unset field, or an id without a column.
    None,
    /// One value per entity of the result (matched on `$this`).
    Owned(Values<'w>),
    /// One value shared by the result (a fixed, variable or traversed source).
    Shared(Cow<'w, Value>),
}

impl<'w> FieldValue<'w> {
    /// The value for the result's entity `i`: its own, or the shared one.
    pub fn get(&self, i: usize) -> Option<Cow<'w, Value>> {
        match self {
            FieldValue::None => None,
            FieldValue::Owned(v) => v.get(i),
            FieldValue::Shared(v) => Some(v.clone()),
        }
    }
}

fn values_of<'w>(
    w: &'w World,
    table: Option<TableId>,
    offset: u32,
    count: u32,
    id: Id,
    src: Id,
    set: bool,
) -> FieldValue<'w> {
    if !set {
        return FieldValue::None;
    }
    if src.0 != 0 {
        return match w.get_owned(src, id) {
            Some(v) => FieldValue::Shared(v),
            None => FieldValue::None,
        };
    }
    let Some(t) = table else {
        return FieldValue::None;
    };
    let lo = offset as usize;
    match w
        .table(t)
        .column(id)
        .and_then(|c| c.slice(lo, lo + count as usize))
    {
        Some(s) => FieldValue::Owned(s),
        None => FieldValue::None,
    }
}

/// One result while the query runs: borrowed from the world and the search.
///
/// ```
/// use rosetta_world::{eval::{FieldValue, Query}, script};
/// let mut l = script::load_str(r#"[["struct", "Mass", [["value", "i32"]]],
///     ["entity", "a"], ["set", "a", "Mass", {"value": 3}]]"#)?;
/// l.world.process_pending();
/// let q = Query::new(&l.world, "Mass").unwrap();
/// q.each(&l.world, |m| {
///     assert!(matches!(m.value(0), FieldValue::Owned(v) if v.len() == 1));
///     true
/// });
/// # Ok::<(), rosetta_world::Error>(())
/// ```
#[derive(Debug)]
pub struct Match<'w, 's> {
    world: &'w World,
    st: &'s State,
}

impl<'w, 's> Match<'w, 's> {
    pub(crate) fn new(world: &'w World, st: &'s State) -> Self {
        Match { world, st }
    }

    /// The `$this` table, if the query matched one.
    pub fn table(&self) -> Option<TableId> {
        self.st.this.map(|t| t.0)
    }

    /// The first row of the result in its table.
    pub fn offset(&self) -> u32 {
        self.st.this.map_or(0, |t| t.1)
    }

    /// How many entities the result has (0 for a query without `$this`).
    pub fn count(&self) -> u32 {
        self.st.this.map_or(0, |t| t.2)
    }

    /// The result's entities.
    pub fn entities(&self) -> &'w [Id] {
        match self.st.this {
            Some((t, off, n)) => {
                let lo = off as usize;
                self.world
                    .table(t)
                    .entities()
                    .get(lo..lo + n as usize)
                    .unwrap_or_default()
            }
            None => &[],
        }
    }

    /// The id field `i` matched (the stated id if it is not set).
    pub fn id(&self, i: usize) -> Id {
        self.st.ids.get(i).copied().unwrap_or_default()
    }

    /// The ids of all fields.
    pub fn ids(&self) -> &'s [Id] {
        &self.st.ids
    }

    /// The source of field `i`: `0` for `$this`, else the entity it matched on.
    pub fn source(&self, i: usize) -> Id {
        self.st.srcs.get(i).copied().unwrap_or_default()
    }

    /// The sources of all fields.
    pub fn sources(&self) -> &'s [Id] {
        &self.st.srcs
    }

    /// Whether field `i` is set (false for an unmatched Optional term and for Not terms).
    pub fn is_set(&self, i: usize) -> bool {
        self.st.set.get(i).copied().unwrap_or(false)
    }

    /// Whether each field is set.
    pub fn is_set_all(&self) -> &'s [bool] {
        &self.st.set
    }

    /// The value of variable `i` (see [`super::Query::variables`]; 0 is `$this`, which is
    /// the single entity of a one-row result, else 0).
    pub fn var(&self, i: usize) -> Id {
        if i == 0 {
            return match self.entities() {
                [one] => *one,
                _ => Id::NULL,
            };
        }
        self.st.vars.get(i).copied().unwrap_or_default()
    }

    /// The values of field `i`.
    pub fn value(&self, i: usize) -> FieldValue<'w> {
        values_of(
            self.world,
            self.table(),
            self.offset(),
            self.count(),
            self.id(i),
            self.source(i),
            self.is_set(i),
        )
    }

    /// An owned copy.
    pub fn to_owned(&self) -> QueryResult {
        QueryResult {
            table: self.table(),
            offset: self.offset(),
            count: self.count(),
            ids: self.st.ids.clone(),
            sources: self.st.srcs.clone(),
            is_set: self.st.set.clone(),
            vars: (0..self.st.vars.len()).map(|i| self.var(i)).collect(),
        }
    }
}

/// One result, owned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QueryResult {
    /// The `$this` table, if any.
    pub table: Option<TableId>,
    /// First row in the table.
    pub offset: u32,
    /// Number of entities (0 without `$this`).
    pub count: u32,
    /// Per field, the id matched.
    pub ids: Vec<Id>,
    /// Per field, the source (0 for `$this`).
    pub sources: Vec<Id>,
    /// Per field, whether it is set.
    pub is_set: Vec<bool>,
    /// Variable values, index 0 is `$this` (0 unless the result has one entity).
    pub vars: Vec<Id>,
}

impl QueryResult {
    /// The result's entities.
    pub fn entities<'w>(&self, w: &'w World) -> &'w [Id] {
        match self.table {
            Some(t) => {
                let lo = self.offset as usize;
                w.table(t)
                    .entities()
                    .get(lo..lo + self.count as usize)
                    .unwrap_or_default()
            }
            None => &[],
        }
    }

    /// The values of field `i`.
    pub fn value<'w>(&self, w: &'w World, i: usize) -> FieldValue<'w> {
        values_of(
            w,
            self.table,
            self.offset,
            self.count,
            self.ids.get(i).copied().unwrap_or_default(),
            self.sources.get(i).copied().unwrap_or_default(),
            self.is_set.get(i).copied().unwrap_or(false),
        )
    }
}

/// Applies an offset and a limit counted in entities, as `ecs_page_iter` does: results are
/// cut to the entities in `offset..offset + limit`; results without entities count as one.
///
/// ```
/// use rosetta_world::eval::{page, QueryResult};
/// use rosetta_world::store::TableId;
/// let r = QueryResult { table: Some(TableId(1)), offset: 0, count: 5, ids: vec![],
///     sources: vec![], is_set: vec![], vars: vec![] };
/// let p = page(vec![r.clone(), r], 3, Some(4));
/// assert_eq!(p.iter().map(|r| (r.offset, r.count)).collect::<Vec<_>>(), [(3, 2), (0, 2)]);
/// ```
pub fn page(results: Vec<QueryResult>, offset: usize, limit: Option<usize>) -> Vec<QueryResult> {
    let mut pager = Pager::new(offset, limit);
    for r in results {
        if !pager.push(r) {
            break;
        }
    }
    pager.out
}

/// [`page`] one result at a time, so that a search can stop once the page is full.
#[derive(Debug)]
pub(crate) struct Pager {
    skip: usize,
    left: usize,
    pub(crate) out: Vec<QueryResult>,
}

impl Pager {
    pub(crate) fn new(offset: usize, limit: Option<usize>) -> Pager {
        Pager {
            skip: offset,
            left: limit.unwrap_or(usize::MAX),
            out: Vec::new(),
        }
    }

    /// Whether the page still has room (false: stop searching).
    pub(crate) fn wants_more(&self) -> bool {
        self.left > 0
    }

    /// Takes a result (or the part of it in the page); false once the page is full.
    pub(crate) fn push(&mut self, mut r: QueryResult) -> bool {
        if self.left == 0 {
            return false;
        }
        let n = if r.table.is_some() {
            r.count as usize
        } else {
            1
        };
        if self.skip >= n {
            self.skip -= n;
            return true;
        }
        if r.table.is_some() {
            let take = (n - self.skip).min(self.left);
            r.offset += self.skip as u32;
            r.count = take as u32;
            self.left -= take;
        } else {
            self.left -= 1;
        }
        self.skip = 0;
        self.out.push(r);
        self.left > 0
    }
}
