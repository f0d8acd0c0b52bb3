//! `ecs_iter_to_json` (v3.2.12, `serialize.c`): a query's results, one object per result
//! (per table, and per matched id for wildcards, variables and Or chains).
//!
//! Top-level members in order: `ids` (the first `field_count` terms' ids), `id_labels`,
//! `vars` (named variables; always, when there are any), `type_info`, `field_info`,
//! `results`, `eval_duration`. Per result: `ids`, `id_labels`, `sources`, `vars`,
//! `var_labels`, `var_ids`, `is_set` (only for a query with Optional or Not terms), `parent`,
//! `entities`, `entity_ids`, `entity_labels` (only tables with doc names), `colors`,
//! `values`. In table mode a result shows its table's whole type and one column per id; in
//! row mode (`serialize_rows`) one object per entity, with `parent`, `name`, `tags`, `pairs`,
//! `vars`, `is_set` and `components`.

use std::time::Instant;

use rosetta_world::builtin::{DOC_COLOR, DOC_DESCRIPTION, NAME, PRIVATE};
use rosetta_world::eval::{FieldValue, Match, Query};
use rosetta_world::query::InOut;
use rosetta_world::{Id, World};

use super::builtins;
use super::names::{alive_or, push_id, push_id_label, push_label, push_path, push_u32, NAME_PAIR};
use super::options::{IterDesc, Page};
use super::plan::{has_column, parent_of, var_of, Plan, Rows, View};
use super::rows;
use crate::error::{Error, Result};
use crate::text::{self, List};

/// `ecs_page_iter`: offset and limit counted in entities of the results with a table; a
/// result without one (no `$this`) passes through outside offset and limit, as Flecs' page
/// iterator yields it untouched.
struct Pager {
    skip: usize,
    left: usize,
}

impl Pager {
    /// The rows of a result inside the page (`None`: skipped), and whether more may follow.
    fn take(&mut self, m: &Match<'_, '_>) -> (Option<(u32, u32)>, bool) {
        if m.table().is_none() {
            return (Some((0, 0)), true);
        }
        if self.left == 0 {
            // The limit is reached at the next result with a table.
            return (None, false);
        }
        let n = m.count() as usize;
        if self.skip >= n {
            self.skip -= n;
            return (None, true);
        }
        let take = (n - self.skip).min(self.left);
        let taken = (m.offset() + self.skip as u32, take as u32);
        self.left -= take;
        self.skip = 0;
        (Some(taken), true)
    }
}

/// `ecs_iter_to_json` over `query`'s results, with a bound on the query's search steps
/// (`rosetta_world::eval::DEFAULT_STEP_LIMIT` takes a second or two).
pub fn iter_to_json_bounded(
    world: &World,
    query: &Query,
    desc: &IterDesc,
    page: Page,
    max_steps: u64,
) -> Result<String> {
    let start = Instant::now();
    let mut plan = Plan::new(world, query, desc);
    let mode = plan.mode;
    let w = world;
    let mut out = String::with_capacity(256);
    let mut obj = List::open(&mut out, '{');
    if !desc.rows {
        if desc.term_ids && plan.field_count > 0 {
            obj.key(&mut out, "ids", mode);
            let mut l = List::open(&mut out, '[');
            for &(id, _) in &plan.term_ids {
                l.next(&mut out);
                push_id(&mut out, w, id, mode);
            }
            l.close(&mut out, ']');
        }
        if desc.term_labels && plan.field_count > 0 {
            obj.key(&mut out, "id_labels", mode);
            let mut l = List::open(&mut out, '[');
            for &(id, _) in &plan.term_ids {
                l.next(&mut out);
                push_id_label(&mut out, w, id, mode);
            }
            l.close(&mut out, ']');
        }
        if !plan.vars.is_empty() {
            obj.key(&mut out, "vars", mode);
            let mut l = List::open(&mut out, '[');
            for &(_, name) in &plan.vars {
                l.next(&mut out);
                text::push_raw(&mut out, name, mode);
            }
            l.close(&mut out, ']');
        }
    }
    if desc.type_info && plan.field_count > 0 && !plan.no_data {
        obj.key(&mut out, "type_info", mode);
        type_info(&mut out, w, &plan)?;
    }
    if desc.field_info && plan.field_count > 0 {
        obj.key(&mut out, "field_info", mode);
        super::rows::field_info(&mut out, w, query, &mut plan)?;
    }
    if desc.query_info {
        super::query_info::query_info(&mut out, &mut obj, w, query, mode);
    }
    // Flecs writes a plan for rules only.
    if desc.query_plan && query.engine() == rosetta_world::Engine::Rule {
        super::query_info::query_plan(&mut out, &mut obj, w, query, mode);
    }
    if desc.query_profile {
        super::query_info::query_profile(&mut out, &mut obj, w, query, mode, max_steps)?;
    }
    if desc.results {
        obj.key(&mut out, "results", mode);
        let mut results = List::open(&mut out, '[');
        let mut pager = Pager {
            skip: page.offset,
            left: page.limit.unwrap_or(usize::MAX),
        };
        let mut failed: Option<Error> = None;
        let mut ctx = rows::RowCtx::default();
        if pager.left > 0 {
            query.each_bounded(w, max_steps, |m| {
                let (taken, more) = pager.take(m);
                if let Some((offset, count)) = taken {
                    let rows = Rows {
                        table: m.table(),
                        offset,
                        count,
                    };
                    let v = View { m, rows };
                    let r = if desc.rows {
                        rows::result(&mut out, &mut results, w, &v, &mut plan, &mut ctx)
                    } else {
                        result(&mut out, &mut results, w, &v, &mut plan)
                    };
                    if let Err(e) = r {
                        failed = Some(e);
                        return false;
                    }
                }
                more
            })?;
        }
        if let Some(e) = failed {
            return Err(e);
        }
        results.close(&mut out, ']');
    }
    if desc.eval_duration {
        obj.key(&mut out, "eval_duration", mode);
        text::ftoa(&mut out, start.elapsed().as_secs_f64(), Some('"'), mode);
    }
    obj.close(&mut out, '}');
    Ok(out)
}

/// The top-level `type_info`: per field, `"Type":<type info>`, or `"<id>":0` when the field
/// has no type (an untyped pair's key shows its relationship twice, as v3.2.12 does).
fn type_info(out: &mut String, w: &World, plan: &Plan<'_>) -> Result<()> {
    let mode = plan.mode;
    let mut l = List::open(out, '{');
    for &(id, inout) in &plan.term_ids {
        l.next(out);
        let ty = if inout == InOut::None {
            None
        } else {
            w.type_id_of(id)
        };
        match ty {
            Some(ty) => {
                super::names::push_id_str(out, w, ty, mode);
                out.push(':');
                builtins::type_info(out, w, ty, mode)?;
            }
            None => {
                super::names::push_id_str(out, w, id, mode);
                out.push_str(":0");
            }
        }
    }
    l.close(out, '}');
    Ok(())
}

/// `flecs_json_serialize_iter_result`: one result object.
fn result(
    out: &mut String,
    results: &mut List,
    w: &World,
    v: &View<'_, '_, '_>,
    plan: &mut Plan<'_>,
) -> Result<()> {
    let desc = plan.desc;
    let mode = plan.mode;
    let m = v.m;
    let fields = plan.field_count;
    results.next(out);
    let mut obj = List::open(out, '{');
    if desc.table {
        table_type(out, &mut obj, w, &v.rows, &desc);
    } else {
        if desc.ids {
            obj.key(out, "ids", mode);
            let mut l = List::open(out, '[');
            for f in 0..fields {
                l.next(out);
                push_id(out, w, m.id(f), mode);
            }
            l.close(out, ']');
        }
        if desc.id_labels {
            obj.key(out, "id_labels", mode);
            let mut l = List::open(out, '[');
            for f in 0..fields {
                l.next(out);
                push_id_label(out, w, m.id(f), mode);
            }
            l.close(out, ']');
        }
    }
    if desc.sources && !desc.table {
        obj.key(out, "sources", mode);
        let mut l = List::open(out, '[');
        for f in 0..fields {
            l.next(out);
            match m.source(f) {
                Id(0) => out.push('0'),
                s => push_path(out, w, s, mode),
            }
        }
        l.close(out, ']');
    }
    if !plan.vars.is_empty() {
        if desc.variables {
            obj.key(out, "vars", mode);
            let mut l = List::open(out, '[');
            for &(i, _) in &plan.vars {
                l.next(out);
                push_path(out, w, var_of(m, i), mode);
            }
            l.close(out, ']');
        }
        if desc.variable_labels {
            obj.key(out, "var_labels", mode);
            let mut l = List::open(out, '[');
            for &(i, _) in &plan.vars {
                l.next(out);
                push_label(out, w, var_of(m, i), mode);
            }
            l.close(out, ']');
        }
        if desc.variable_ids {
            obj.key(out, "var_ids", mode);
            let mut l = List::open(out, '[');
            for &(i, _) in &plan.vars {
                l.next(out);
                push_u32(out, var_of(m, i).index());
            }
            l.close(out, ']');
        }
    }
    if desc.is_set && !desc.table && plan.cond_set {
        obj.key(out, "is_set", mode);
        let mut l = List::open(out, '[');
        for f in 0..fields {
            l.next(out);
            out.push_str(if m.is_set(f) { "true" } else { "false" });
        }
        l.close(out, ']');
    }
    if v.rows.count > 0 {
        entities(out, &mut obj, w, &v.rows, &desc);
    }
    if desc.table {
        table_values(out, &mut obj, w, &v.rows, plan)?;
    } else if desc.values && !plan.no_data {
        values(out, &mut obj, w, v, plan)?;
    }
    obj.close(out, '}');
    Ok(())
}

/// `parent`, `entities`, `entity_ids`, `entity_labels` and `colors` of a result with
/// entities.
pub(super) fn entities(out: &mut String, obj: &mut List, w: &World, v: &Rows, desc: &IterDesc) {
    let mode = desc.mode;
    let Some(t) = v.table else { return };
    let table = w.table(t);
    let ents = v.entities(w);
    let (lo, hi) = (v.offset as usize, (v.offset + v.count) as usize);
    if desc.entities {
        if let Some(p) = parent_of(w, t) {
            obj.key(out, "parent", mode);
            push_path(out, w, p, mode);
        }
        obj.key(out, "entities", mode);
        let mut l = List::open(out, '[');
        match table.column(NAME_PAIR).and_then(|c| c.slice(lo, hi)) {
            Some(names) => {
                for n in names.iter() {
                    l.next(out);
                    match &*n {
                        rosetta_types::Value::String(s) => text::push_raw(out, s.as_str(), mode),
                        _ => out.push_str("\"\""),
                    }
                }
            }
            None => {
                out.reserve(ents.len() * 12);
                for e in ents {
                    l.next(out);
                    push_u32(out, e.index());
                }
            }
        }
        l.close(out, ']');
    }
    if desc.entity_ids {
        obj.key(out, "entity_ids", mode);
        let mut l = List::open(out, '[');
        for e in ents {
            l.next(out);
            push_u32(out, e.index());
        }
        l.close(out, ']');
    }
    for (on, kind, key, escaped) in [
        (desc.entity_labels, NAME, "entity_labels", true),
        (desc.colors, DOC_COLOR, "colors", false),
    ] {
        if !on {
            continue;
        }
        let Some(col) = table
            .column(Id::pair(DOC_DESCRIPTION, kind))
            .and_then(|c| c.slice(lo, hi))
        else {
            continue;
        };
        obj.key(out, key, mode);
        let mut l = List::open(out, '[');
        for s in col.iter() {
            l.next(out);
            let s = match &*s {
                rosetta_types::Value::String(s) => s.as_str().to_owned(),
                _ => String::new(),
            };
            if escaped {
                text::push_escaped(out, &s, mode);
            } else {
                text::push_raw(out, &s, mode);
            }
        }
        l.close(out, ']');
    }
}

/// `flecs_json_serialize_iter_result_values`.
fn values(
    out: &mut String,
    obj: &mut List,
    w: &World,
    v: &View<'_, '_, '_>,
    plan: &mut Plan<'_>,
) -> Result<()> {
    let mode = plan.mode;
    let m = v.m;
    obj.key(out, "values", mode);
    let mut l = List::open(out, '[');
    for f in 0..plan.field_count {
        l.next(out);
        let set = m.is_set(f);
        if set && !plan.has_ptr(w, m, f) {
            out.push('0');
            continue;
        }
        if plan.field_inout.get(f) == Some(&InOut::Out) {
            out.push('0');
            continue;
        }
        let Some(ty) = w.type_id_of(m.id(f)) else {
            out.push('0');
            continue;
        };
        let Some(writer) = plan.writer(w, ty)? else {
            out.push('0');
            continue;
        };
        if !set {
            out.push_str("[]");
            continue;
        }
        match m.value(f) {
            FieldValue::Owned(vals) => {
                let n = v.rows.count as usize;
                let mut a = List::open(out, '[');
                for j in 0..n {
                    a.next(out);
                    let before = out.len();
                    match vals.get(v.value_index(j)) {
                        Some(x) => writer.write(out, w, &x)?,
                        None => out.push('0'),
                    }
                    if j == 0 {
                        // Room for the rest at the first value's size: a large result then
                        // grows the text once rather than by doubling.
                        out.reserve((n - 1) * (out.len() - before + text::SEP.len()));
                    }
                }
                a.close(out, ']');
            }
            FieldValue::Shared(x) => writer.write(out, w, &x)?,
            FieldValue::None => out.push('0'),
        }
    }
    l.close(out, ']');
    Ok(())
}

/// Whether the predicate of a type id is `Private` (table mode: `ecs_owns_id`).
fn owns_private(w: &World, id: Id) -> bool {
    let e = if id.is_pair() {
        alive_or(w, id.first())
    } else {
        Id(id.0 & Id::COMPONENT_MASK)
    };
    w.owns(e, PRIVATE)
}

/// Table mode's `ids` and `id_labels`: the table's type, private ids skipped unless asked.
pub(super) fn table_type(out: &mut String, obj: &mut List, w: &World, v: &Rows, d: &IterDesc) {
    let Some(t) = v.table else { return };
    let ids = w.table(t).ids();
    for (on, key, labels) in [(d.ids, "ids", false), (d.id_labels, "id_labels", true)] {
        if !on {
            continue;
        }
        obj.key(out, key, d.mode);
        let mut l = List::open(out, '[');
        for &id in ids {
            if !d.private && owns_private(w, id) {
                continue;
            }
            l.next(out);
            if labels {
                push_id_label(out, w, id, d.mode);
            } else {
                push_id(out, w, id, d.mode);
            }
        }
        l.close(out, ']');
    }
}

/// Table mode's `values`: per id of the type, its column (rows from the table's first, as
/// v3.2.12 reads them) or `0`. No member for a table without data columns.
pub(super) fn table_values(
    out: &mut String,
    obj: &mut List,
    w: &World,
    v: &Rows,
    plan: &mut Plan<'_>,
) -> Result<()> {
    let Some(t) = v.table else { return Ok(()) };
    let n = w.table(t).ids().len();
    if !(0..n).any(|k| has_column(w, t, k)) {
        return Ok(());
    }
    let mode = plan.mode;
    obj.key(out, "values", mode);
    let mut l = List::open(out, '[');
    for k in 0..n {
        let id = w.table(t).ids()[k];
        if !plan.desc.private && owns_private(w, id) {
            continue;
        }
        l.next(out);
        let col = w.table(t).column_at(k).and_then(|c| c.values());
        let ty = w.type_id_of(id);
        let (Some(col), Some(ty)) = (col.filter(|_| has_column(w, t, k)), ty) else {
            out.push('0');
            continue;
        };
        let Some(writer) = plan.writer(w, ty)? else {
            out.push('0');
            continue;
        };
        let mut a = List::open(out, '[');
        for j in 0..v.count as usize {
            a.next(out);
            match col.get(j) {
                Some(x) => writer.write(out, w, &x)?,
                None => out.push('0'),
            }
        }
        a.close(out, ']');
    }
    l.close(out, ']');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::script;

    fn run(setup: &str, q: &str, desc: &IterDesc, page: Page) -> String {
        let mut l = script::load_str(setup).unwrap_or_else(|e| panic!("{e}"));
        l.world.process_pending();
        let q = Query::new(&l.world, q).unwrap_or_else(|e| panic!("{e}"));
        iter_to_json_bounded(&l.world, &q, desc, page, u64::MAX).unwrap_or_else(|e| panic!("{e}"))
    }

    const TAGS: &str = r#"[["tag", "T"], ["entity", "a"], ["add", "a", "T"],
        ["entity", "b"], ["add", "b", "T"], ["entity", "c"], ["add", "c", "T"]]"#;

    /// The explorer's entity tree asks `?IsA($this, $base:self)` and reads an unset `$base` as
    /// `*` (the rules engine's value of a variable no term wrote).
    #[test]
    fn unset_variables_are_the_wildcard() {
        let d = IterDesc {
            entities: true,
            variables: true,
            variable_labels: true,
            ..IterDesc::none()
        };
        assert_eq!(
            run(
                r#"[["prefab", "P"], ["entity", "a"], ["add", "a", ["IsA", "P"]], ["entity", "b"],
                    ["tag", "T"], ["add", "a", "T"], ["add", "b", "T"]]"#,
                "T, ?IsA($this, $base:self)",
                &d,
                Page::default()
            ),
            r#"{"vars":["base"], "results":[{"vars":["P"], "var_labels":["P"], "entities":["a"]}, {"vars":["*"], "var_labels":["*"], "entities":["b"]}]}"#
        );
    }

    #[test]
    fn pages_count_entities() {
        let d = IterDesc {
            entities: true,
            ..IterDesc::none()
        };
        let page = Page {
            offset: 1,
            limit: Some(1),
        };
        assert_eq!(
            run(TAGS, "T", &d, page),
            r#"{"results":[{"entities":["b"]}]}"#
        );
        let none = Page {
            offset: 0,
            limit: Some(0),
        };
        assert_eq!(run(TAGS, "T", &d, none), r#"{"results":[]}"#);
    }

    #[test]
    fn tags_write_no_values_and_no_type_info() {
        let d = IterDesc {
            type_info: true,
            ..IterDesc::default()
        };
        assert_eq!(
            run(TAGS, "T", &d, Page::default()),
            r#"{"ids":[["T"]], "results":[{"ids":[["T"]], "sources":[0], "entities":["a", "b", "c"]}]}"#
        );
    }

    #[test]
    fn the_duration_comes_last() {
        let d = IterDesc {
            eval_duration: true,
            ..IterDesc::none()
        };
        let s = run(TAGS, "T", &d, Page::default());
        assert!(s.starts_with(r#"{"results":[{}], "eval_duration":"#), "{s}");
    }
}
