//! The iterator's `field_info`, `query_info`, `query_plan` and `query_profile` members as
//! v4.1.6 writes them (`serialize_field_info.c`, `serialize_query_info.c`,
//! `serialize_iter.c`).

use std::time::Instant;

use rosetta_world::builtin::EXCLUSIVE;
use rosetta_world::eval::{Query, TermRef};
use rosetta_world::query::{InOut, Oper};
use rosetta_world::{Id, World};

use super::iter_names::{alive_or, push_label};
use super::iter_row::Ctx;
use crate::error::Result;
use crate::text::{self, List, Mode};

/// At most this many profiling runs, and no more once a millisecond is spent.
const PROFILE_RUNS: u32 = 100;
const PROFILE_BUDGET_SECS: f64 = 0.001;

/// `field_info`: per field `{"id":"(Rel,Tgt)", "optional"?, "exclusive"?, "type"?,
/// "symbol"?, "schema"?}` (`"not":true` for a Not field, `{"id":0}` without an id). The id is
/// the query's stated id as a full path; it also fixes the field's key for the values.
pub(super) fn field_info(out: &mut String, cx: &mut Ctx<'_>, q: &Query) -> Result<()> {
    let w = cx.w;
    let mode = cx.desc.mode;
    let ast = q.ast();
    let mut l = List::open(out, '[');
    for f in 0..cx.plan.field_count {
        l.next(out);
        let mut obj = List::open(out, '{');
        obj.key(out, "id", mode);
        let id = cx.plan.field_ids.get(f).copied().unwrap_or_default();
        if id == Id::NULL || cx.plan.or_field.get(f).copied().unwrap_or(false) {
            out.push('0');
            obj.close(out, '}');
            continue;
        }
        let (label, ty, has_ser) = {
            let c = cx.plan.field_ctx(w, f, id, true)?;
            (c.label.clone(), c.ty, c.writer.is_some())
        };
        text::push_escaped(out, &label, mode);
        let ti = ast.terms.iter().position(|t| t.field == f).unwrap_or(0);
        let term = ast.terms.get(ti);
        let inout = cx.plan.terms.get(ti).map_or(InOut::Default, |t| t.inout);
        if term.is_some_and(|t| t.oper == Oper::Not) {
            obj.key(out, "not", mode);
            out.push_str("true");
        } else {
            if term.is_some_and(|t| t.oper == Oper::Optional) {
                obj.key(out, "optional", mode);
                out.push_str("true");
            }
            let first_entity = term.is_some_and(|t| t.first.id.is_entity());
            if id.is_pair() && first_entity && w.has(alive_or(w, id.first()), EXCLUSIVE) {
                obj.key(out, "exclusive", mode);
                out.push_str("true");
            }
            if inout != InOut::None {
                if let Some(ty) = ty {
                    obj.key(out, "type", mode);
                    push_label(out, w, ty, mode);
                    if let Some(sym) = w.symbol_of(ty) {
                        obj.key(out, "symbol", mode);
                        text::push_escaped(out, sym, mode);
                    }
                    if has_ser {
                        obj.key(out, "schema", mode);
                        crate::ser::type_info::type_info_to_json_mode(out, w, ty, mode)?;
                    }
                }
                cx.types.add(w, ty, mode);
            }
        }
        obj.close(out, '}');
    }
    l.close(out, ']');
    Ok(())
}

/// The entity `(OnInstantiate, Inherit)` marks as inherited, when the world has those
/// traits (v4's builtins).
pub(super) fn can_inherit(w: &World, e: Id) -> bool {
    match (
        w.lookup("flecs.core.OnInstantiate"),
        w.lookup("flecs.core.Inherit"),
    ) {
        (Some(on), Some(inherit)) => w.has(e, Id::pair(on, inherit)),
        _ => false,
    }
}

/// `query_info`: `{"vars":[...], "terms":[...]}`.
pub(super) fn query_info(out: &mut String, cx: &Ctx<'_>, q: &Query) {
    let w = cx.w;
    let mode = cx.desc.mode;
    let mut info = List::open(out, '{');
    let vars: Vec<&str> = q
        .variables()
        .iter()
        .enumerate()
        .filter(|(i, v)| (*i > 0 || q.matches_this()) && !v.anonymous)
        .map(|(i, v)| if i == 0 { "this" } else { v.name.as_str() })
        .collect();
    if !vars.is_empty() {
        info.key(out, "vars", mode);
        let mut l = List::open(out, '[');
        for v in vars {
            l.next(out);
            text::push_escaped(out, v, mode);
        }
        l.close(out, ']');
    }
    info.key(out, "terms", mode);
    let mut terms = List::open(out, '[');
    let ast = q.ast();
    for (i, t) in q.term_info(w).into_iter().enumerate() {
        terms.next(out);
        let plan = cx.plan.terms.get(i);
        let inout = plan.map_or(t.inout, |p| p.inout);
        let field = plan.map_or(0, |p| p.field);
        let mut o = List::open(out, '{');
        o.key(out, "inout", mode);
        out.push_str(match inout {
            InOut::In => "\"in\"",
            InOut::Out => "\"out\"",
            InOut::InOut => "\"inout\"",
            InOut::None => "\"none\"",
            InOut::Filter => "\"filter\"",
            InOut::Default => "\"default\"",
        });
        o.key(out, "has_value", mode);
        let data = cx.plan.data.get(field).copied().unwrap_or(false);
        out.push_str(if data { "true" } else { "false" });
        let inherits = match &t.first {
            TermRef::Entity(e) => *e != Id::NULL && can_inherit(w, *e),
            _ => false,
        };
        if inherits {
            o.key(out, "can_inherit", mode);
            out.push_str("true");
        }
        o.key(out, "oper", mode);
        out.push_str(match t.oper {
            Oper::And => "\"and\"",
            Oper::Not => "\"not\"",
            Oper::Or => "\"or\"",
            Oper::Optional => "\"optional\"",
            Oper::AndFrom => "\"andfrom\"",
            Oper::NotFrom => "\"notfrom\"",
            Oper::OrFrom => "\"orfrom\"",
        });
        o.key(out, "src", mode);
        term_ref(out, w, &t.src, mode);
        o.key(out, "first", mode);
        term_ref(out, w, &t.first, mode);
        if let Some(second) = &t.second {
            o.key(out, "second", mode);
            term_ref(out, w, second, mode);
        }
        // v4 traverses only what is written, and `IsA` for what inherits.
        let explicit = ast.terms.get(i).is_some_and(|a| a.src.trav.flags != 0);
        let (self_, up, cascade, trav) = if explicit {
            (t.self_, t.up, t.cascade, t.trav)
        } else if inherits && !matches!(t.src, TermRef::Entity(Id::NULL)) {
            (true, true, false, Some(rosetta_world::builtin::IS_A))
        } else {
            (
                !matches!(t.src, TermRef::Entity(Id::NULL)),
                false,
                false,
                None,
            )
        };
        if let Some(trav) = trav {
            o.key(out, "trav", mode);
            let mut e = List::open(out, '{');
            crate::ser::query_info::term_entity(out, &mut e, w, trav, mode, symbol);
            e.close(out, '}');
        }
        o.key(out, "flags", mode);
        let mut flags = List::open(out, '[');
        for (on, word) in [
            (self_, "\"self\""),
            (cascade, "\"cascade\""),
            (up && !cascade, "\"up\""),
        ] {
            if on {
                flags.next(out);
                out.push_str(word);
            }
        }
        flags.close(out, ']');
        o.close(out, '}');
    }
    terms.close(out, ']');
    info.close(out, '}');
}

/// A term's part as v3 writes it, with the symbol the entity has (v4 has no `Ecs<Name>`
/// fallback for core entities: its builtins have their symbols in the world).
fn term_ref(out: &mut String, w: &World, r: &TermRef, mode: Mode) {
    crate::ser::query_info::term_ref_with(out, w, r, mode, symbol);
}

/// The entity's symbol, if it has one (`ecs_get_symbol`).
fn symbol(w: &World, e: Id) -> Option<String> {
    w.symbol_of(e).map(str::to_owned)
}

/// `query_plan`: the plan listing with Flecs' terminal colors, escaped.
pub(super) fn query_plan(out: &mut String, w: &World, q: &Query, mode: Mode) {
    let text_mode = if mode.is_lossless() {
        Mode::Valid
    } else {
        mode
    };
    text::push_escaped(out, &q.plan_str(w, true), text_mode);
}

/// `query_profile`: the query evaluated again (up to 100 times, a millisecond at most) and
/// what one evaluation found; `eval_count` is 1, the serializer's own evaluation.
pub(super) fn query_profile(
    out: &mut String,
    cx: &Ctx<'_>,
    q: &Query,
    max_steps: u64,
) -> Result<()> {
    let mode = cx.desc.mode;
    let mut counts = Counts::default();
    let (mut total, mut min, mut max, mut runs) = (0.0f64, 0.0f64, 0.0f64, 0u32);
    while runs < PROFILE_RUNS {
        let start = Instant::now();
        counts = profile_counts(cx, q, max_steps)?;
        let t = start.elapsed().as_secs_f64();
        min = if runs == 0 { t } else { min.min(t) };
        max = max.max(t);
        total += t;
        runs += 1;
        if total > PROFILE_BUDGET_SECS {
            break;
        }
    }
    let avg = total / f64::from(runs.max(1));
    let mut o = List::open(out, '{');
    let numbers = [
        ("eval_count", 1.0),
        ("result_count", counts.results as f64),
        ("entity_count", counts.entities as f64),
        ("eval_time_avg_us", avg * 1e6),
        ("eval_time_min_us", min * 1e6),
        ("eval_time_max_us", max * 1e6),
        ("component_bytes", counts.component_bytes as f64),
        (
            "shared_component_bytes",
            counts.shared_component_bytes as f64,
        ),
    ];
    for (key, value) in numbers {
        o.key(out, key, mode);
        text::ftoa(out, value, Some('"'), mode);
    }
    o.close(out, '}');
    Ok(())
}

/// What one evaluation finds (`query_profile`'s counts).
#[derive(Debug, Default, Clone, Copy)]
struct Counts {
    results: usize,
    entities: usize,
    component_bytes: usize,
    shared_component_bytes: usize,
}

/// One evaluation counted as Flecs counts it: per set field with a size (`ecs_field_size`:
/// the C size of the matched id's type; 0 for an Or field, which states no id), the size
/// times the entities when matched on `$this`, once otherwise.
fn profile_counts(cx: &Ctx<'_>, q: &Query, max_steps: u64) -> Result<Counts> {
    let w = cx.w;
    let mut c = Counts::default();
    let mut sizes: Vec<(Id, usize)> = Vec::new();
    let fields = cx.plan.field_count;
    q.each_bounded(w, max_steps, |m| {
        c.results += 1;
        let count = m.count() as usize;
        c.entities += count;
        for f in 0..fields {
            if !m.is_set(f) || cx.plan.or_field.get(f).copied().unwrap_or(false) {
                continue;
            }
            let id = m.id(f);
            let size = match sizes.iter().find(|(i, _)| *i == id) {
                Some(&(_, s)) => s,
                None => {
                    let s = w
                        .type_id_of(id)
                        .and_then(|ty| w.c_layout(ty))
                        .map_or(0, |l| l.size as usize);
                    sizes.push((id, s));
                    s
                }
            };
            if m.source(f) == Id::NULL {
                c.component_bytes += size * count;
            } else {
                c.shared_component_bytes += size;
            }
        }
        true
    })?;
    Ok(c)
}
