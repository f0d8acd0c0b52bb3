//! The iterator's `query_info`, `query_plan` and `query_profile` members (v3.2.12's
//! `serialize_query_info.c` and `flecs_json_serialize_query_plan` / `_profile`).

use std::time::Instant;

use rosetta_world::builtin::{COMPONENT, FLECS_CORE};
use rosetta_world::eval::{Query, TermRef};
use rosetta_world::query::{InOut, Oper};
use rosetta_world::{Id, World};

use super::names::push_path;
use crate::error::Result;
use crate::text::{self, List, Mode};

/// How many times `query_profile` evaluates the query at most, and for how long in all (Flecs
/// stops after 100 runs or once a millisecond is spent).
const PROFILE_RUNS: u32 = 100;
const PROFILE_BUDGET_SECS: f64 = 0.001;

/// `"query_info":{"terms":[...]}`: each term as the filter finalized it.
pub(super) fn query_info(out: &mut String, obj: &mut List, w: &World, q: &Query, mode: Mode) {
    obj.key(out, "query_info", mode);
    let mut info = List::open(out, '{');
    info.key(out, "terms", mode);
    let mut terms = List::open(out, '[');
    for t in q.term_info(w) {
        terms.next(out);
        let mut o = List::open(out, '{');
        o.key(out, "inout", mode);
        out.push_str(match t.inout {
            InOut::In => "\"in\"",
            InOut::Out => "\"out\"",
            InOut::InOut => "\"inout\"",
            InOut::None => "\"none\"",
            InOut::Filter => "\"filter\"",
            InOut::Default => "\"default\"",
        });
        o.key(out, "has_data", mode);
        out.push_str(if t.has_data { "true" } else { "false" });
        if t.dont_inherit {
            o.key(out, "dont_inherit", mode);
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
        if let Some(trav) = t.trav {
            o.key(out, "trav", mode);
            let mut e = List::open(out, '{');
            term_entity(out, &mut e, w, trav, mode, symbol);
            e.close(out, '}');
        }
        o.key(out, "flags", mode);
        let mut flags = List::open(out, '[');
        let words = [
            (t.self_, "\"self\""),
            (t.cascade, "\"cascade\""),
            (t.up && !t.cascade, "\"up\""),
        ];
        for (on, word) in words {
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

/// `{"entity":...}`, `{"var":...}` or `{"name":...}`, with v3.2.12's symbols.
fn term_ref(out: &mut String, w: &World, r: &TermRef, mode: Mode) {
    term_ref_with(out, w, r, mode, symbol);
}

/// `{"entity":...}`, `{"var":...}` or `{"name":...}` (both versions write a term's parts
/// alike); `symbol` gives an entity's symbol, the one thing v3 and v4 look up differently.
pub(crate) fn term_ref_with(
    out: &mut String,
    w: &World,
    r: &TermRef,
    mode: Mode,
    symbol: fn(&World, Id) -> Option<String>,
) {
    let mut o = List::open(out, '{');
    match r {
        TermRef::Entity(e) => term_entity(out, &mut o, w, *e, mode, symbol),
        TermRef::Var(name) => {
            o.key(out, "var", mode);
            text::push_escaped(out, name, mode);
        }
        TermRef::Name(name) => {
            o.key(out, "name", mode);
            text::push_escaped(out, name, mode);
        }
    }
    o.close(out, '}');
}

/// `"entity":<path>`, its `"symbol"` if it has one and `"type":true` for a component.
pub(crate) fn term_entity(
    out: &mut String,
    o: &mut List,
    w: &World,
    e: Id,
    mode: Mode,
    symbol: fn(&World, Id) -> Option<String>,
) {
    o.key(out, "entity", mode);
    push_path(out, w, e, mode);
    if e == Id::NULL {
        return;
    }
    if let Some(symbol) = symbol(w, e) {
        o.key(out, "symbol", mode);
        text::push_escaped(out, &symbol, mode);
    }
    if w.owns(e, COMPONENT) {
        o.key(out, "type", mode);
        out.push_str("true");
    }
}

/// The entity's symbol; Flecs' core entities have their C names (`EcsChildOf`), which this
/// world does not store.
fn symbol(w: &World, e: Id) -> Option<String> {
    if let Some(s) = w.symbol_of(e) {
        return Some(s.to_owned());
    }
    let name = w.name_of(e)?;
    (w.target(e, rosetta_world::builtin::CHILD_OF, 0) == Some(FLECS_CORE))
        .then(|| format!("Ecs{name}"))
}

/// `"query_plan":"..."`: the plan with Flecs' terminal colors, escaped (ESC as `[`). The plan
/// is text for the explorer to show, not data to read back, so even [`Mode::Lossless`] writes
/// it as Flecs does: the explorer's color handling was written against those bytes.
pub(super) fn query_plan(out: &mut String, obj: &mut List, w: &World, q: &Query, mode: Mode) {
    obj.key(out, "query_plan", mode);
    let text_mode = if mode.is_lossless() {
        Mode::Valid
    } else {
        mode
    };
    text::push_escaped(out, &q.plan_str(w, true), text_mode);
}

/// `"query_profile":{...}`: the query evaluated again (up to 100 times, a millisecond at most,
/// each run bounded by `max_steps`) and what one evaluation found. `eval_count` is 1: the
/// serializer's own evaluation.
pub(super) fn query_profile(
    out: &mut String,
    obj: &mut List,
    w: &World,
    q: &Query,
    mode: Mode,
    max_steps: u64,
) -> Result<()> {
    let mut counts = Default::default();
    let (mut total, mut min, mut max, mut runs) = (0.0f64, 0.0f64, 0.0f64, 0u32);
    while runs < PROFILE_RUNS {
        let start = Instant::now();
        counts = q.profile_counts(w, max_steps)?;
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
    obj.key(out, "query_profile", mode);
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
