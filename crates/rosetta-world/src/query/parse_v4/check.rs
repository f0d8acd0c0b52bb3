//! The checks Flecs v4.1.6's query validator (`src/query/validator.c`) makes that need no
//! world, in its order, worded as it words them, and field index assignment.

use crate::query::ast::{IdRef, InOut, Oper, Term, TermId, TermKind, Traversal};
use crate::query::error::ParseError;

use super::term_str::{validator_error_in, Stage, Written};

/// `FLECS_QUERY_SCOPE_NESTING_MAX`: a query may nest scopes fewer levels deep than this.
const SCOPE_NESTING_MAX: usize = 8;

/// The error v4's validator logs for term `index` as it finalizes it without a world: the
/// terms before it finalized, names as written (see [`term_str`](super::term_str)).
pub(crate) fn validator_error(
    expr: &str,
    terms: &[Term],
    index: usize,
    stage: Stage,
    message: impl Into<String>,
) -> ParseError {
    validator_error_in(expr, terms, index, stage, &Written, message)
}

/// Whether two sources are the same for an Or chain (`flecs_term_ref_same`): `*` and `_`
/// never are.
fn same_src(a: &TermId, b: &TermId) -> bool {
    match (&a.id, &b.id) {
        (IdRef::Wildcard | IdRef::Any, _) => false,
        (x, y) => x == y,
    }
}

/// The first check term `t` fails: how far finalizing it got, and the message.
fn check_term(t: &Term) -> Result<(), (Stage, String)> {
    check_refs(t).map_err(|m| {
        (
            Stage::Failing {
                looked_up: 0,
                failed: false,
            },
            m,
        )
    })?;
    check_verify(t).map_err(|m| {
        (
            Stage::Failing {
                looked_up: 3,
                failed: false,
            },
            m,
        )
    })
}

/// The checks of `flecs_term_ref_finalize_flags`, before any lookup.
fn check_refs(t: &Term) -> Result<(), String> {
    for (name, r) in [("src", &t.src), ("first", &t.first), ("second", &t.second)] {
        if r.id == IdRef::Singleton {
            return Err(format!(
                "invalid variable name for term.{name} ('$' syntax support is removed, use new \
                 Singleton trait)"
            ));
        }
    }
    Ok(())
}

/// The checks made as the elements are looked up and the term verified.
fn check_verify(t: &Term) -> Result<(), String> {
    for r in [&t.src, &t.first, &t.second] {
        if let IdRef::Variable(v) = &r.id {
            if v.starts_with('.') || v.ends_with('.') || v.contains("..") {
                return Err(format!("invalid variable name '{v}'"));
            }
        }
    }
    // `#0` names no entity: Flecs refuses it as a term's first element.
    if t.kind == TermKind::Id && t.first.id == IdRef::Entity(0) {
        return Err("invalid \"0\" for first.name".into());
    }
    if t.kind == TermKind::Id && t.src.id != IdRef::Entity(0) {
        for (name, r) in [("first", &t.first), ("second", &t.second)] {
            if r.trav.flags & Traversal::CASCADE != 0 {
                return Err(format!("cascade modifier invalid for term.{name}"));
            }
        }
        for (name, r) in [("first", &t.first), ("second", &t.second)] {
            if r.trav.flags & Traversal::DESC != 0 {
                return Err(format!("desc modifier invalid for term.{name}"));
            }
        }
        let f = t.src.trav.flags;
        if f & Traversal::DESC != 0 && f & Traversal::CASCADE == 0 {
            return Err("desc modifier invalid without cascade".into());
        }
    }
    if matches!(t.oper, Oper::AndFrom | Oper::OrFrom | Oper::NotFrom)
        && !matches!(t.inout, InOut::Default | InOut::None)
    {
        return Err("invalid inout value for AndFrom/OrFrom/NotFrom term".into());
    }
    if matches!(t.kind, TermKind::Eq | TermKind::Match) {
        let (src, second) = (&t.src.id, &t.second.id);
        if !matches!(t.oper, Oper::And | Oper::Not | Oper::Or) {
            return Err("invalid operator combination".into());
        }
        if matches!(src, IdRef::Str(_)) && matches!(second, IdRef::Str(_)) {
            return Err("both sides of operator cannot be a name".into());
        }
        if src.is_entity() && second.is_entity() {
            return Err("both sides of operator cannot be an entity".into());
        }
        if !src.is_variable() {
            return Err("left-hand of operator must be a variable".into());
        }
        if t.kind == TermKind::Match && !matches!(second, IdRef::Str(_)) {
            return Err("right-hand of match operator must be a string".into());
        }
        if second.is_variable() && src == second {
            return Err("both sides of operator are equal".into());
        }
    }
    Ok(())
}

/// Checks the terms as v4's validator does where no world is needed and assigns field
/// indices (an Or chain is one field). Returns the number of fields.
pub(super) fn validate(expr: &str, terms: &mut [Term]) -> Result<usize, ParseError> {
    let done = Stage::Failing {
        looked_up: 3,
        failed: false,
    };
    let err = |terms: &[Term], i: usize, m: String| validator_error(expr, terms, i, done, m);
    let mut fields = 0usize;
    let mut nesting = 0usize;
    for i in 0..terms.len() {
        let Some(t) = terms.get(i) else { break };
        check_term(t).map_err(|(st, m)| validator_error(expr, terms, i, st, m))?;
        let prev = i.checked_sub(1).and_then(|p| terms.get(p));
        let prev_is_or = prev.is_some_and(|p| p.oper == Oper::Or);
        if let Some(p) = prev.filter(|_| prev_is_or) {
            if !same_src(&p.src, &t.src) {
                return Err(err(
                    terms,
                    i,
                    "terms in an OR chain must have the same source".into(),
                ));
            }
            if !matches!(t.oper, Oper::Or | Oper::And) {
                return Err(err(
                    terms,
                    i,
                    "term after OR expression cannot use operators".into(),
                ));
            }
        }
        match t.kind {
            TermKind::ScopeOpen => {
                if !matches!(t.oper, Oper::And | Oper::Not) {
                    return Err(err(terms, i, "invalid operator for scope".into()));
                }
                nesting += 1;
                if nesting >= SCOPE_NESTING_MAX {
                    return Err(err(terms, i, "query has too many nested scopes".into()));
                }
            }
            TermKind::ScopeClose => {
                if prev.is_some_and(|p| p.kind == TermKind::ScopeOpen) {
                    return Err(err(terms, i, "invalid empty scope".into()));
                }
                nesting = match nesting.checked_sub(1) {
                    Some(n) => n,
                    None => return Err(err(terms, i, "'}' without matching '{'".into())),
                };
            }
            _ => {}
        }
        if !prev_is_or {
            fields += 1;
        }
        if let Some(t) = terms.get_mut(i) {
            t.field = fields - 1;
        }
    }
    let last = terms.len().saturating_sub(1);
    if nesting != 0 {
        return Err(err(terms, last, "missing '}'".into()));
    }
    if terms.last().is_some_and(|t| t.oper == Oper::Or) {
        return Err(err(
            terms,
            last,
            "last term of query can't have OR operator".into(),
        ));
    }
    let mut cascades = 0;
    for (i, t) in terms.iter().enumerate() {
        if t.src.trav.flags & Traversal::CASCADE != 0 {
            cascades += 1;
            let in_or = t.oper == Oper::Or
                || i.checked_sub(1)
                    .and_then(|p| terms.get(p))
                    .is_some_and(|p| p.oper == Oper::Or);
            if in_or {
                return Err(err(
                    terms,
                    last,
                    "cascade term cannot be part of an OR chain".into(),
                ));
            }
        }
    }
    if cascades > 1 {
        return Err(err(
            terms,
            last,
            "query can only have one cascade term".into(),
        ));
    }
    Ok(fields)
}
