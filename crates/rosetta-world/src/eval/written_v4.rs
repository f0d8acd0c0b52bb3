//! Two rules of Flecs v4.1.6's query compiler about a term's source variable:
//!
//! - which variables earlier terms write (`ctx->written`, `flecs_query_write_ctx`): a Not or
//!   Optional term whose source variable no earlier term writes is preceded by a search of
//!   every entity (`flecs_query_select_all`); a source variable an earlier term writes stays
//!   as that term left it, `*` when an Optional term did not match;
//! - an anonymous variable (`$_x`) can't be the source of a field with data
//!   (`flecs_query_discover_vars`).

use crate::query::{Oper, ParseError, TermKind};
use crate::world::World;

use super::compile::{CTerm, Ref, Variable, Writes};
use super::info::in_or_chain;

/// Sets each term's [`Writes`]. Every variable a term uses is written after it (Not and
/// Optional terms too), conditionally if an Optional term or an Or chain is the first to
/// write it; a not-scope's writes end with it, and the terms of an Or chain all see the state
/// before the chain.
pub(super) fn mark_src_written(out: &mut [CTerm], var_count: usize) {
    let mut written = vec![false; var_count];
    let mut cond = vec![false; var_count];
    let mut scopes: Vec<Option<(Vec<bool>, Vec<bool>)>> = Vec::new();
    let mut before_or: Option<(Vec<bool>, Vec<bool>)> = None;
    for i in 0..out.len() {
        let chained = i > 0 && out.get(i - 1).is_some_and(|p| p.oper == Oper::Or);
        if !chained {
            before_or = None;
        }
        let Some(t) = out.get_mut(i) else { break };
        match t.kind {
            TermKind::ScopeOpen => {
                scopes.push((t.oper == Oper::Not).then(|| (written.clone(), cond.clone())));
                continue;
            }
            TermKind::ScopeClose => {
                if let Some(Some((w, c))) = scopes.pop() {
                    (written, cond) = (w, c);
                }
                continue;
            }
            _ => {}
        }
        let in_or = t.oper == Oper::Or || chained;
        if t.oper == Oper::Or && before_or.is_none() {
            before_or = Some((written.clone(), cond.clone()));
        }
        let (seen, seen_cond) = before_or.clone().unwrap_or((written.clone(), cond.clone()));
        let vars: Vec<usize> = [t.src, t.first, t.second]
            .into_iter()
            .filter_map(|r| match r {
                Ref::Var(v) => Some(v),
                _ => None,
            })
            .collect();
        t.written = Some(Writes {
            src: match t.src {
                Ref::Var(v) => seen.get(v).copied().unwrap_or(true),
                _ => true,
            },
            // Or chains are left as they were (their alternatives decide on the state).
            cond: if in_or {
                Vec::new()
            } else {
                vars.iter()
                    .copied()
                    .filter(|&v| v != 0 && seen_cond.get(v).copied().unwrap_or(false))
                    .collect()
            },
        });
        let conditional = t.oper == Oper::Optional || in_or;
        for v in vars {
            if let (Some(w), Some(c)) = (written.get_mut(v), cond.get_mut(v)) {
                if !*w && conditional {
                    *c = true;
                }
                *w = true;
            }
        }
    }
}

/// `can't use anonymous variable '_x' as source of data term`: for a term whose field has
/// data (a typed component, read or written, not a Not term, not in a scope, not in an Or
/// chain of other types) and whose source is a variable whose name starts with `_`.
pub(super) fn check_anonymous_src(
    w: &World,
    out: &[CTerm],
    vars: &[Variable],
) -> Result<(), ParseError> {
    let mut data = Vec::new();
    let mut depth = 0usize;
    let mut chain_type = None;
    for (i, t) in out.iter().enumerate() {
        if t.kind == TermKind::ScopeClose {
            depth = depth.saturating_sub(1);
        }
        let ty = w.type_id_of(t.id);
        let chained = i > 0 && out.get(i - 1).is_some_and(|p| p.oper == Oper::Or);
        if !chained {
            chain_type = Some(ty);
        }
        let other_type = in_or_chain(out, i) && chain_type != Some(ty);
        let has = t.kind == TermKind::Id
            && t.oper != Oper::Not
            && t.src != Ref::Ent(crate::id::Id::NULL)
            && t.inout != crate::query::InOut::None
            && depth == 0
            && ty.is_some()
            && !other_type;
        if data.len() <= t.field {
            data.resize(t.field + 1, false);
        }
        if let Some(d) = data.get_mut(t.field) {
            *d = (*d || has) && !other_type;
        }
        if t.kind == TermKind::ScopeOpen {
            depth += 1;
        }
    }
    for t in out {
        let Ref::Var(v) = t.src else { continue };
        let Some(var) = vars.get(v) else { continue };
        if v != 0 && var.anonymous && data.get(t.field).copied().unwrap_or(false) {
            return Err(ParseError::v4_plain(
                format!(
                    "can't use anonymous variable '{}' as source of data term",
                    var.name
                ),
                None,
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtin::WILDCARD;
    use crate::eval::Query;
    use crate::script;
    use crate::world::World;
    use crate::FlecsVersion;

    /// `Sun` (Position), its child `Earth` (Position), Earth's child `Moon` (Position), and
    /// `Rock` (a plain entity), in a v4 world.
    fn world() -> World {
        let mut l = script::load_str_version(
            r#"[["component", "Position"], ["entity", "Sun"], ["add", "Sun", "Position"],
                ["entity", "Sun.Earth"], ["add", "Sun.Earth", "Position"],
                ["entity", "Sun.Earth.Moon"], ["add", "Sun.Earth.Moon", "Position"],
                ["entity", "Rock"]]"#,
            FlecsVersion::V4,
        )
        .unwrap();
        l.world.process_pending();
        assert_eq!(l.world.version(), FlecsVersion::V4);
        l.world
    }

    /// One result: `$this`'s path, `$p`'s path, and each field's (is_set, source path).
    type Row = (String, String, Vec<(bool, String)>);

    fn rows(w: &World, q: &str) -> Vec<Row> {
        let q = Query::new(w, q).unwrap();
        let p = q.variables().iter().position(|v| v.name == "p").unwrap();
        let path = |e: crate::Id| {
            if e.0 == 0 {
                "0".to_owned()
            } else {
                w.path_of(e)
            }
        };
        q.results(w)
            .iter()
            .map(|r| {
                let this = r
                    .entities(w)
                    .first()
                    .map_or("-".to_owned(), |&e| w.path_of(e));
                let fields = r.is_set.iter().zip(&r.sources);
                let fields = fields.map(|(&s, &src)| (s, path(src))).collect();
                (this, path(r.vars[p]), fields)
            })
            .collect()
    }

    #[test]
    fn a_not_term_on_an_unwritten_variable_is_matched_against_every_entity() {
        let w = world();
        let r = rows(&w, "Position, !Position($p)");
        // Every Position entity with every entity without Position (builtins included).
        assert!(r.iter().any(|(t, p, _)| t == "Sun" && p == "Rock"));
        assert!(r
            .iter()
            .any(|(t, p, _)| t == "Sun.Earth" && p == "flecs.core"));
        assert!(!r
            .iter()
            .any(|(_, p, _)| p == "Sun" || p == "Sun.Earth.Moon"));
        // The Not field is unset, its source the variable's value.
        let rock = r
            .iter()
            .find(|(t, p, _)| t == "Sun" && p == "Rock")
            .unwrap();
        assert_eq!(rock.2, [(true, "0".into()), (false, "Rock".into())]);
    }

    #[test]
    fn an_optional_term_on_an_unwritten_variable_is_matched_against_every_entity() {
        let w = world();
        let r = rows(&w, "Position, ?Position($p)");
        let sun: Vec<_> = r.iter().filter(|(t, _, _)| t == "Sun").collect();
        assert!(sun.iter().any(|(_, p, f)| p == "Rock" && !f[1].0));
        assert!(sun
            .iter()
            .any(|(_, p, f)| p == "Sun.Earth" && f[1] == (true, "Sun.Earth".into())));
    }

    #[test]
    fn a_variable_only_an_optional_term_wrote_stays_unset_and_skips_later_terms() {
        let w = world();
        let star = w.path_of(WILDCARD);
        for q in [
            "Position, ?(ChildOf, $p), ?Position($p)",
            "Position, ?(ChildOf, $p), Position($p)",
        ] {
            let r = rows(&w, q);
            assert_eq!(r.len(), 3, "{q}: {r:?}");
            assert_eq!(r[0].0, "Sun", "{q}");
            assert_eq!(r[0].1, "0", "{q}");
            assert_eq!(r[0].2[2], (false, star.clone()), "{q}");
            assert_eq!(
                (r[1].0.as_str(), r[1].1.as_str()),
                ("Sun.Earth", "Sun"),
                "{q}"
            );
        }
        // Skipped for Sun; where `$p` is set and has Position it fails.
        let r = rows(&w, "Position, ?(ChildOf, $p), !Position($p)");
        assert_eq!(r.len(), 1, "{r:?}");
        assert_eq!(r[0].2[2], (false, star));
        assert_eq!(rows(&w, "Position, (ChildOf, $p), !Position($p)").len(), 0);
    }

    #[test]
    fn an_anonymous_variable_cannot_be_the_source_of_a_data_term() {
        let w = world();
        for q in [
            "Position($_p)",
            "Position, ?Position($_p)",
            "[in] Position($_p)",
        ] {
            let err = Query::new(&w, q).unwrap_err();
            assert_eq!(
                err.message(),
                "can't use anonymous variable '_p' as source of data term",
                "{q}"
            );
        }
        // No data: a tag, `[none]`, a Not term.
        for q in [
            "[none] Position($_p)",
            "ChildOf($_p, Sun)",
            "!Position($_p)",
        ] {
            assert!(Query::new(&w, q).is_ok(), "{q}");
        }
    }
}
