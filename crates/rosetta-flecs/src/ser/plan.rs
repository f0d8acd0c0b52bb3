//! What the iterator serializers (`iter.rs`, `rows.rs`, `world.rs`) share: the [`Plan`] worked
//! out once per call, the rows of a result inside the page ([`Rows`], [`View`]), and the small
//! questions each asks of a table or a result.

use rosetta_world::builtin::{CHILD_OF, WILDCARD};
use rosetta_world::eval::{Engine, Match, Query};
use rosetta_world::query::{InOut, Oper, QueryAst, TermKind};
use rosetta_world::{Id, TableId, World};

use super::builtins::Writer;
use super::names::alive_or;
use super::options::IterDesc;
use crate::error::Result;
use crate::text::Mode;

/// What the serializer works out once per call: the query's fields and variables as Flecs'
/// iterator holds them, and the value writers compiled so far.
pub(super) struct Plan<'q> {
    pub mode: Mode,
    pub desc: IterDesc,
    pub field_count: usize,
    /// `it->terms[i].id` and its access for `i < field_count` (v3.2.12 indexes terms by
    /// field number, so an Or chain shifts the fields after it).
    pub term_ids: Vec<(Id, InOut)>,
    /// Each field's access (`[out]` fields write `0`, `[none]` fields have no data).
    pub field_inout: Vec<InOut>,
    /// `EcsIterNoData`: no term carries data (tags, `[none]`), so no `values`.
    pub no_data: bool,
    /// `EcsIterHasCondSet`: an Optional or Not term, so `is_set` is written.
    pub cond_set: bool,
    /// Named variables (index, name): not `$this`, not `_`-prefixed.
    pub vars: Vec<(usize, &'q str)>,
    writers: Vec<(Id, Option<Writer>)>,
}

impl<'q> Plan<'q> {
    pub fn new(w: &World, q: &'q Query, desc: &IterDesc) -> Plan<'q> {
        let ast = q.ast();
        let fids = q.field_ids();
        let field_inout = q.field_inout();
        let field_count = q.field_count();
        let ids: Vec<(Id, InOut)> = (0..ast.terms.len())
            .map(|i| term_id(w, q, ast, &fids, &field_inout, i))
            .collect();
        let no_data = ids.iter().enumerate().all(|(i, &(id, inout))| {
            inout == InOut::None
                || ast.terms.get(i).is_some_and(|t| t.kind != TermKind::Id)
                || w.type_id_of(id).is_none()
        });
        let vars = if q.engine() == Engine::Rule {
            q.variables()
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, v)| !v.anonymous && !v.name.starts_with('_') && v.name != "this")
                .map(|(i, v)| (i, v.name.as_str()))
                .collect()
        } else {
            Vec::new()
        };
        let cond_set = ast
            .terms
            .iter()
            .any(|t| matches!(t.oper, Oper::Optional | Oper::Not));
        Plan {
            mode: desc.mode,
            desc: *desc,
            field_count,
            term_ids: ids.into_iter().take(field_count).collect(),
            field_inout,
            no_data,
            cond_set,
            vars,
            writers: Vec::new(),
        }
    }

    /// The value writer of type entity `ty`, `None` for a type without reflection data.
    pub fn writer(&mut self, w: &World, ty: Id) -> Result<Option<&Writer>> {
        let i = match self.writers.iter().position(|(t, _)| *t == ty) {
            Some(i) => i,
            None => {
                let wr = Writer::for_type(w, ty, self.mode)?;
                self.writers.push((ty, wr));
                self.writers.len() - 1
            }
        };
        Ok(self.writers.get(i).and_then(|(_, wr)| wr.as_ref()))
    }

    /// Whether field `f` of a result has a data pointer (`it->ptrs[f]`): set, with access,
    /// and its matched id carries data.
    pub fn has_ptr(&self, w: &World, m: &Match<'_, '_>, f: usize) -> bool {
        !self.no_data
            && m.is_set(f)
            && self.field_inout.get(f) != Some(&InOut::None)
            && w.type_id_of(m.id(f)).is_some()
    }
}

/// Term `i`'s id and access. The first term of a field is the field's stated id; a later
/// term of an Or chain is resolved on its own.
fn term_id(
    w: &World,
    q: &Query,
    ast: &QueryAst,
    fids: &[Id],
    finout: &[InOut],
    i: usize,
) -> (Id, InOut) {
    let Some(t) = ast.terms.get(i) else {
        return (
            fids.get(i).copied().unwrap_or_default(),
            finout.get(i).copied().unwrap_or_default(),
        );
    };
    let first_of_field = i == 0 || ast.terms.get(i - 1).map_or(true, |p| p.field != t.field);
    if first_of_field {
        return (
            fids.get(t.field).copied().unwrap_or_default(),
            finout.get(t.field).copied().unwrap_or_default(),
        );
    }
    let mut single = t.clone();
    single.field = 0;
    single.oper = Oper::And;
    let one = QueryAst {
        terms: vec![single],
        field_count: 1,
        warnings: Vec::new(),
    };
    let id = Query::from_ast(w, one, q.engine())
        .ok()
        .and_then(|q1| q1.field_ids().first().copied())
        .unwrap_or_default();
    (id, t.effective_inout())
}

/// Rows of a table: a result's entities inside the page.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rows {
    /// The table, `None` for a result without `$this`.
    pub table: Option<TableId>,
    /// First row, in the table.
    pub offset: u32,
    /// Entities (0 for a result without `$this`).
    pub count: u32,
}

impl Rows {
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
}

/// One result as written: the part of a [`Match`] inside the page.
pub(super) struct View<'a, 'w, 's> {
    pub m: &'a Match<'w, 's>,
    pub rows: Rows,
}

impl View<'_, '_, '_> {
    /// Index into the match's own values of this view's entity `j`.
    pub fn value_index(&self, j: usize) -> usize {
        (self.rows.offset - self.m.offset()) as usize + j
    }
}

/// Variable `i`'s value as the rules engine holds it: a variable no term wrote (an optional
/// term that did not match) is `*`, as `flecs_rule_iter_init` and `flecs_rule_var_reset` leave
/// it, which the explorer's entity tree reads as "no base".
pub(super) fn var_of(m: &Match<'_, '_>, i: usize) -> Id {
    match m.var(i) {
        Id(0) => rosetta_world::builtin::WILDCARD,
        v => v,
    }
}

/// The `ChildOf` target of a table's entities.
pub(super) fn parent_of(w: &World, t: TableId) -> Option<Id> {
    let table = w.table(t);
    let rec = table.record(Id::pair(CHILD_OF, WILDCARD))?;
    let id = table.ids().get(rec.index as usize)?;
    Some(alive_or(w, id.second()))
}

/// Whether type index `k` of a table has a storage column (a component with data).
pub(super) fn has_column(w: &World, t: TableId, k: usize) -> bool {
    matches!(
        w.table(t).column_at(k),
        Some(rosetta_world::Column::Data(_) | rosetta_world::Column::Flat(_))
    )
}
