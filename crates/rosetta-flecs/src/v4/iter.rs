//! `ecs_iter_to_json` as Flecs v4.1.6 writes it (`serialize_iter.c`,
//! `serialize_iter_result*.c`): `{"results":[...]}` with one object per entity (per result for
//! a query without `$this`).
//!
//! Top level, in order: `type_info` (every type met while writing, keyed by its path: the
//! query's terms' types first), `field_info`, `query_info`, `query_plan`, `query_profile`,
//! `results` (left out with `dont_serialize_results`). Per entity: `parent`, `name`, `id` (and
//! `version` for a recycled id) with `entity_ids`, `doc` with `doc`, then `vars` and `fields`
//! (`is_set`, `ids` of the fields whose id is not fixed, `sources` when a field is matched
//! elsewhere than `$this` or has a named variable as source, `values`), or with `table` the
//! entity's whole type: `tags`, `pairs`, `vars`, `inherited`, `components` (written by
//! `iter_table.rs`).
//!
//! v4 has no `rows`, `eval_duration` or `try` option in the serializer: `rows` and `try` are
//! REST parameters (the first ignored since v4, the second about errors), and no duration is
//! written. Paging is `ecs_page_iter`'s: see [`Page`].
//!
//! Kept quirks: `vars` and `fields` are joined by `,` without a space (Flecs writes them once
//! per result into a list of its own); a field's key and type are the ones of its first match.

use rosetta_world::eval::{FieldValue, Match, Query};
use rosetta_world::{Id, World};

use super::iter_names::{push_id, push_path};
use super::iter_plan::Plan;
use super::iter_row::{this, vars, Ctx, ThisData, TypeInfo};
use crate::error::{Error, Result};
use crate::text::{self, List, Mode};
use crate::Page;

pub use super::iter_desc::IterDesc;

/// `ecs_page_iter`'s state. Offset and limit count entities of results with a table; a
/// result without one passes through. A limit of 0 is no limit; with neither an offset nor a
/// limit a result with a table and no entities ends the iteration, as in Flecs.
struct Pager {
    offset: usize,
    limit: usize,
    remaining: usize,
}

enum Take {
    Rows(u32, u32),
    Skip,
    Stop,
}

impl Pager {
    fn new(page: Page) -> Pager {
        let limit = page.limit.unwrap_or(0);
        Pager {
            offset: page.offset,
            limit,
            remaining: limit,
        }
    }

    fn take(&mut self, m: &Match<'_, '_>) -> Take {
        if m.table().is_none() {
            return Take::Rows(0, 0);
        }
        let count = m.count() as usize;
        if self.offset == 0 && self.limit == 0 {
            return if count > 0 {
                Take::Rows(m.offset(), m.count())
            } else {
                Take::Stop
            };
        }
        let mut first = m.offset() as usize;
        let mut count = count;
        if self.offset > 0 {
            if self.offset > count {
                self.offset -= count;
                return Take::Skip;
            }
            first += self.offset;
            count -= self.offset;
            self.offset = 0;
        }
        if self.remaining > 0 {
            if self.remaining > count {
                self.remaining -= count;
            } else {
                count = self.remaining;
                self.remaining = 0;
            }
        } else if self.limit > 0 {
            return Take::Stop;
        }
        if count == 0 {
            return Take::Skip;
        }
        Take::Rows(first as u32, count as u32)
    }
}

/// `ecs_iter_to_json` over `query`'s results, paged as `ecs_page_iter(it, offset, limit)`
/// pages them; the search stops after `max_steps` steps with an error. Call
/// [`World::process_pending`] first, as Flecs does when it creates an iterator.
pub fn iter_to_json(
    world: &World,
    query: &Query,
    desc: &IterDesc,
    page: Page,
    max_steps: u64,
) -> Result<String> {
    let mode = desc.mode;
    let w = world;
    let mut cx = Ctx {
        w,
        desc,
        plan: Plan::new(w, query, mode),
        types: TypeInfo::new(desc.type_info),
    };
    if desc.type_info {
        for t in cx.plan.terms.clone() {
            if t.inout == rosetta_world::query::InOut::None {
                continue;
            }
            let id = cx.plan.field_ids.get(t.field).copied().unwrap_or_default();
            let ty = super::iter_plan::type_of(w, id);
            cx.types.add(w, ty, mode);
        }
    }
    let mut body = String::with_capacity(256);
    let mut obj = List::new();
    if desc.field_info && cx.plan.field_count > 0 {
        obj.key(&mut body, "field_info", mode);
        super::query_info::field_info(&mut body, &mut cx, query)?;
    }
    if desc.query_info {
        obj.key(&mut body, "query_info", mode);
        super::query_info::query_info(&mut body, &cx, query);
    }
    if desc.query_plan {
        obj.key(&mut body, "query_plan", mode);
        super::query_info::query_plan(&mut body, w, query, mode);
    }
    if desc.query_profile {
        obj.key(&mut body, "query_profile", mode);
        super::query_info::query_profile(&mut body, &cx, query, max_steps)?;
    }
    if !desc.dont_serialize_results {
        obj.key(&mut body, "results", mode);
        let mut results = List::open(&mut body, '[');
        let mut pager = Pager::new(page);
        let mut failed: Option<Error> = None;
        query.each_bounded(w, max_steps, |m| match pager.take(m) {
            Take::Stop => false,
            Take::Skip => true,
            Take::Rows(first, count) => {
                let r = if desc.table {
                    super::iter_table::result(&mut body, &mut results, &mut cx, m, first, count)
                } else {
                    result(&mut body, &mut results, &mut cx, m, first, count)
                };
                match r {
                    Ok(()) => true,
                    Err(e) => {
                        failed = Some(e);
                        false
                    }
                }
            }
        })?;
        if let Some(e) = failed {
            return Err(e);
        }
        results.close(&mut body, ']');
    }
    // `flecs_json_assemble_output`: type info first, then the body's members.
    let mut out = String::with_capacity(body.len() + cx.types.out.len() + 16);
    out.push('{');
    if desc.type_info {
        out.push_str("\"type_info\":");
        let mut t = std::mem::take(&mut cx.types.out);
        t.push('}');
        out.push_str(&t);
        if !body.is_empty() {
            out.push_str(text::SEP);
        }
    }
    out.push_str(&body);
    out.push('}');
    Ok(out)
}

/// The part of every row of a result that is the same: `vars` and `fields`' `is_set`, `ids`
/// and `sources` (the `fields` object left open). Returns the text and whether `fields`
/// holds a member.
fn common(cx: &mut Ctx<'_>, m: &Match<'_, '_>) -> (String, bool) {
    let mode = cx.desc.mode;
    let w = cx.w;
    let fields = cx.plan.field_count;
    let mut s = String::new();
    // Joined by "," without a space, as the list Flecs opens for them.
    let mut tight = TightList::default();
    if !cx.plan.vars.is_empty() {
        tight.next(&mut s);
        let mut dummy = List::new();
        vars(&mut s, &mut dummy, cx, m);
    }
    let mut any = false;
    if cx.desc.fields {
        tight.next(&mut s);
        s.push_str("\"fields\":");
        let mut o = List::open(&mut s, '{');
        if cx.plan.cond_set {
            any = true;
            o.key(&mut s, "is_set", mode);
            let mut l = List::open(&mut s, '[');
            for f in 0..fields {
                l.next(&mut s);
                s.push_str(if m.is_set(f) { "true" } else { "false" });
            }
            l.close(&mut s, ']');
        }
        if !cx.plan.static_id.iter().all(|&st| st) {
            any = true;
            o.key(&mut s, "ids", mode);
            let mut l = List::open(&mut s, '[');
            for f in 0..fields {
                l.next(&mut s);
                if !m.is_set(f) || cx.plan.static_id[f] {
                    s.push('0');
                } else {
                    push_id(&mut s, w, m.id(f), mode);
                }
            }
            l.close(&mut s, ']');
        }
        for (f, last) in cx.plan.last_src.iter_mut().enumerate() {
            if m.is_set(f) {
                *last = m.source(f);
            } else if let Some(Some(v)) = cx.plan.src_var.get(f) {
                // `flecs_query_setvars` fills the source of a field whose source is a
                // variable even when the field is not set (a Not or a failed Optional
                // term): the variable's entity, `*` while it is unbound.
                *last = match m.var(*v) {
                    Id(0) => rosetta_world::builtin::WILDCARD,
                    e => e,
                };
            }
        }
        // `flecs_json_serialize_iter_result_sources` reads `it->sources`, where a field that
        // is not set still holds the source an earlier result gave it.
        if cx.plan.last_src.iter().any(|&src| src != Id::NULL) {
            any = true;
            o.key(&mut s, "sources", mode);
            let mut l = List::open(&mut s, '[');
            for f in 0..fields {
                l.next(&mut s);
                match m.source(f) {
                    src if src == Id::NULL || !m.is_set(f) => s.push('0'),
                    src => push_path(&mut s, w, src, mode),
                }
            }
            l.close(&mut s, ']');
        }
        // The object stays open: the row's values go in it.
        let _ = o;
    }
    (s, any)
}

/// A list whose elements are joined by `,` alone.
#[derive(Default)]
struct TightList {
    n: usize,
}

impl TightList {
    fn next(&mut self, out: &mut String) {
        if self.n > 0 {
            out.push(',');
        }
        self.n += 1;
    }
}

/// `flecs_json_serialize_iter_result_query`: one object per entity in `first..first+count`
/// of the result's table (one object for a result without `$this`).
fn result(
    out: &mut String,
    results: &mut List,
    cx: &mut Ctx<'_>,
    m: &Match<'_, '_>,
    first: u32,
    count: u32,
) -> Result<()> {
    let mode = cx.desc.mode;
    let w = cx.w;
    let (common, common_fields) = common(cx, m);
    let fields = cx.plan.field_count;
    let has_values = cx.desc.fields && cx.desc.values && fields > 0 && cx.plan.any_data();
    let values: Vec<FieldValue<'_>> = if has_values {
        (0..fields).map(|f| m.value(f)).collect()
    } else {
        Vec::new()
    };
    let td = m
        .table()
        .filter(|_| count > 0)
        .map(|t| ThisData::new(w, t, cx.desc));
    let rows = if td.is_some() { count as usize } else { 1 };
    for j in 0..rows {
        let row_start = out.len();
        results.next(out);
        let mut obj = match &td {
            Some(td) => this(out, cx, td, first as usize + j),
            None => List::open(out, '{'),
        };
        if !common.is_empty() {
            obj.next(out);
            out.push_str(&common);
        }
        if cx.desc.fields {
            if has_values {
                if common_fields {
                    out.push_str(text::SEP);
                }
                let vi = (first - m.offset()) as usize + j;
                row_values(out, cx, m, &values, vi, mode)?;
            }
            out.push('}');
        }
        obj.close(out, '}');
        if j == 0 && rows > 1 {
            // Room for the other rows at this one's size and a quarter more (later rows have
            // longer ids and values): a large result then grows the text once, not by
            // doubling, whose copies of tens of megabytes showed in the 1M-entity bench.
            let per_row = (out.len() - row_start).saturating_mul(5) / 4;
            out.reserve(per_row.saturating_mul(rows - 1));
        }
    }
    Ok(())
}

/// `flecs_json_serialize_iter_result_field_values`: `"values":[...]` of row `vi` of the
/// match.
fn row_values(
    out: &mut String,
    cx: &mut Ctx<'_>,
    m: &Match<'_, '_>,
    values: &[FieldValue<'_>],
    vi: usize,
    mode: Mode,
) -> Result<()> {
    let w = cx.w;
    out.push_str("\"values\":");
    let mut l = List::open(out, '[');
    for (f, value) in values.iter().enumerate() {
        l.next(out);
        if !m.is_set(f) || !cx.plan.data.get(f).copied().unwrap_or(false) {
            out.push('0');
            continue;
        }
        let full = cx.desc.full_paths;
        let ctx = cx.plan.field_ctx(w, f, m.id(f), full)?;
        let ty = ctx.ty;
        cx.types.add(w, ty, mode);
        let Some(writer) = cx.plan.ctx[f].as_ref().and_then(|c| c.writer.as_ref()) else {
            out.push('0');
            continue;
        };
        match value {
            FieldValue::Owned(vals) => match vals.get(vi) {
                Some(x) => writer.write(out, w, &x)?,
                None => out.push('0'),
            },
            FieldValue::Shared(x) => writer.write(out, w, x)?,
            FieldValue::None => out.push('0'),
        }
    }
    l.close(out, ']');
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::{script, FlecsVersion};

    fn run(q: &str, desc: &IterDesc, page: Page) -> String {
        run_in(
            r#"[["tag", "T"], ["entity", "a"], ["add", "a", "T"], ["entity", "b"],
                ["add", "b", "T"], ["entity", "c"], ["add", "c", "T"]]"#,
            q,
            desc,
            page,
        )
    }

    /// The query's JSON in the v4 world of `script`.
    fn run_in(script: &str, q: &str, desc: &IterDesc, page: Page) -> String {
        let mut l =
            script::load_str_version(script, FlecsVersion::V4).unwrap_or_else(|e| panic!("{e}"));
        l.world.process_pending();
        let q = Query::new(&l.world, q).unwrap_or_else(|e| panic!("{e}"));
        iter_to_json(&l.world, &q, desc, page, u64::MAX).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_limit_of_zero_is_no_limit_as_in_ecs_page_iter() {
        let d = IterDesc::default();
        let page = |offset, limit| Page {
            offset,
            limit: Some(limit),
        };
        let all = r#"{"results":[{"name":"a", "fields":{}}, {"name":"b", "fields":{}}, {"name":"c", "fields":{}}]}"#;
        assert_eq!(run("T", &d, page(0, 0)), all);
        assert_eq!(
            run("T", &d, page(1, 1)),
            r#"{"results":[{"name":"b", "fields":{}}]}"#
        );
        assert_eq!(
            run("T", &d, page(2, 0)),
            r#"{"results":[{"name":"c", "fields":{}}]}"#
        );
        assert_eq!(run("T", &d, page(3, 0)), r#"{"results":[]}"#);
    }

    #[test]
    fn options_are_set_by_their_rest_or_c_names() {
        let mut d = IterDesc::default();
        assert!(d.set("serialize_entity_ids", true) && d.entity_ids);
        assert!(d.set("results", false) && d.dont_serialize_results);
        assert!(!d.set("rows", true));
        assert_eq!(run("T", &d, Page::default()), "{}");
    }

    #[test]
    fn an_or_field_of_two_types_has_no_values() {
        // v4.1.6 (`flecs_query_or_other_type`): `Position || Kind` writes ids only.
        let out = run_in(
            r#"[["struct", "Position", [["x", "f32"]]], ["struct", "Mass", [["v", "f64"]]],
                ["entity", "a"], ["set", "a", "Position", {"x": 1}],
                ["entity", "b"], ["set", "b", "Mass", {"v": 2}]]"#,
            "Position || Mass",
            &IterDesc::default(),
            Page::default(),
        );
        assert_eq!(
            out,
            r#"{"results":[{"name":"a", "fields":{"ids":[["Position"]]}}, {"name":"b", "fields":{"ids":[["Mass"]]}}]}"#
        );
    }

    #[test]
    fn sources_are_written_while_a_field_keeps_an_earlier_results_source() {
        // v4.1.6 writes `sources` when `it->sources` holds one, and an optional field that is
        // not set keeps the source an earlier result gave it (the explorer's tree query:
        // `"sources":[0, ..., 0]` for an entity without children after one with).
        let out = run_in(
            r#"[["tag", "T"], ["tag", "U"], ["entity", "a"], ["add", "a", "T"],
                ["entity", "a.c"], ["entity", "b"], ["add", "b", "T"], ["add", "b", "U"]]"#,
            "T, [none] ?ChildOf(_, $this)",
            &IterDesc::default(),
            Page::default(),
        );
        assert_eq!(
            out,
            r#"{"results":[{"name":"a", "fields":{"is_set":[true, true], "ids":[0, ["flecs.core.ChildOf","a"]], "sources":[0, "*"]}}, {"name":"b", "fields":{"is_set":[true, false], "ids":[0, 0], "sources":[0, 0]}}]}"#
        );
    }

    #[test]
    fn a_not_field_on_a_variable_source_writes_sources() {
        // v4.1.6's `setvars` operation copies `$p` into `it->sources` for `!U($p)` although
        // the field is never set, so `sources` is written (all 0): the explorer's observers
        // page, `Observer, ..., !Observer($parent)`.
        let out = run_in(
            r#"[["tag", "T"], ["tag", "U"], ["entity", "p"], ["entity", "p.a"],
                ["add", "p.a", "T"]]"#,
            "T, (ChildOf, $p), !U($p)",
            &IterDesc::default(),
            Page::default(),
        );
        assert_eq!(
            out,
            r#"{"results":[{"parent":"p", "name":"a", "vars":{"p":"p"},"fields":{"is_set":[true, true, false], "ids":[0, ["flecs.core.ChildOf","p"], 0], "sources":[0, 0, 0]}}]}"#
        );
    }
}
