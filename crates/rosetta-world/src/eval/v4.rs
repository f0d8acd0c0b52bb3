//! Finalizing terms as Flecs v4.1.6 does (`flecs_term_finalize` in `src/query/validator.c`)
//! where it differs from v3.2.12's rules:
//!
//! - a term without traversal flags matches `self|up IsA` only when its component has the
//!   `(OnInstantiate, Inherit)` trait; otherwise `self` (v4 components are copied into
//!   instances, `Override`, by default);
//! - `up` (and `cascade`, which implies `up`) without a relationship traverses `ChildOf`;
//! - `up IsA` for a component without the trait is refused;
//! - `!(ChildOf, _)` and `!(ChildOf, *)` become `(ChildOf, #0)`: the roots;
//! - `$This` is an ordinary variable; errors are v4's validator's.

use crate::builtin::{
    CHILD_OF, DISABLED, IS_A, PRED_EQ, PRED_MATCH, PREFAB, SCOPE_CLOSE, SCOPE_OPEN, TRAVERSABLE,
    WILDCARD,
};
use crate::id::Id;
use crate::query::{
    FinalTrav, IdRef, InOut, Oper, ParseError, QueryAst, Term, TermKind, Traversal,
};
use crate::world::World;

use super::compile::{
    check_written, path_v4, resolve_name, scope_partners, stated_id, CTerm, Compiled, Ctx, Ref,
    Variable,
};
use super::written_v4::{check_anonymous_src, mark_src_written};

/// The `(OnInstantiate, Inherit)` pair of this world, if it has those entities.
fn inherit_trait(w: &World) -> Option<Id> {
    let on_instantiate = w.lookup("flecs.core.OnInstantiate")?;
    let inherit = w.lookup("flecs.core.Inherit")?;
    Some(Id::pair(on_instantiate, inherit))
}

/// Whether terms for `first` match `self|up IsA` by default.
fn inherits(w: &World, trait_pair: Option<Id>, first: Ref) -> bool {
    match (first, trait_pair) {
        (Ref::Ent(f), Some(pair)) if f != Id::NULL => w.owns(f, pair),
        _ => false,
    }
}

/// The id as `ecs_id_str` prints it in v4's errors.
fn id_str(w: &World, id: Id) -> String {
    if id.is_pair() {
        format!("({},{})", w.path_of(id.first()), w.path_of(id.second()))
    } else {
        w.path_of(id)
    }
}

/// `unresolved traversal relationship`, at the last byte of the name in the term's text.
fn unresolved_trav(expr: &str, t: &Term, name: &str) -> ParseError {
    let span = expr.get(t.span.start..t.span.end).unwrap_or_default();
    let column = match span.rfind(name) {
        Some(at) => t.span.start + at + name.len(),
        None => t.span.end,
    };
    ParseError::v4_parser(
        expr.as_bytes(),
        column.saturating_sub(1),
        format!("unresolved traversal relationship '{name}'"),
    )
}

/// The access a term's field has with v4's defaults.
fn effective_inout(t: &Term, src: Ref, self_: bool) -> InOut {
    if t.kind != TermKind::Id {
        return InOut::None;
    }
    match t.inout {
        InOut::Default => {}
        InOut::Filter => return InOut::None,
        other => return other,
    }
    let wildcard_src = matches!(src, Ref::Wild | Ref::Any);
    let wildcard_id =
        t.first.id == IdRef::Wildcard && matches!(t.second.id, IdRef::Unset | IdRef::Wildcard);
    if t.oper == Oper::Not || wildcard_src || wildcard_id {
        return InOut::None;
    }
    if src != Ref::Var(0) || !self_ {
        return InOut::In;
    }
    InOut::InOut
}

/// Resolves and finalizes the terms with v4.1.6's rules.
pub(super) fn compile(mut cx: Ctx<'_>, ast: &QueryAst) -> Result<Compiled, ParseError> {
    let w = cx.w;
    let trait_pair = inherit_trait(w);
    let mut out = Vec::with_capacity(ast.terms.len());
    let (mut match_prefab, mut match_disabled) = (false, false);
    let mut cascade = None;
    for (i, t) in ast.terms.iter().enumerate() {
        // v4 looks up the source, then the first element, then the second.
        cx.part = 0;
        let src = cx.resolve(i, &t.src.id)?;
        cx.part = 1;
        let first = cx.resolve(i, &t.first.id)?;
        cx.part = 2;
        let mut second = cx.resolve(i, &t.second.id)?;
        cx.part = 3;
        let text = match &t.second.id {
            IdRef::Str(s) => Some(s.clone()),
            _ => None,
        };
        let mut oper = t.oper;
        if t.kind == TermKind::Id
            && oper == Oper::Not
            && first == Ref::Ent(CHILD_OF)
            && matches!(second, Ref::Any | Ref::Wild)
            && src != Ref::Any
        {
            // `!(ChildOf, _)`: the roots, through the `(ChildOf, 0)` index.
            oper = Oper::And;
            second = Ref::Ent(Id::NULL);
        }
        if matches!(oper, Oper::AndFrom | Oper::OrFrom | Oper::NotFrom)
            && (second != Ref::Unset || !matches!(first, Ref::Ent(_)))
        {
            // The id of `and|`/`or|`/`not|` names a type entity: no pair, no variable.
            return Err(cx.error(
                i,
                "invalid AndFrom/OrFrom/NotFrom term: id must be a regular entity",
            ));
        }
        let inherit = inherits(w, trait_pair, first);
        let written = t.src.trav.flags;
        let rel = match t.src.trav.rel.as_deref() {
            Some(name) => match resolve_name(w, name) {
                Some(r) => Some(r),
                // v4's parser looks the relationship up as it reads it, and reports it
                // there: after the name.
                None => return Err(unresolved_trav(cx.v4.unwrap_or_default(), t, name)),
            },
            None => None,
        };
        let no_src = src == Ref::Ent(Id::NULL);
        let (self_, up) = if no_src || t.kind != TermKind::Id {
            (true, None)
        } else if written & (Traversal::SELF | Traversal::UP | Traversal::CASCADE) == 0 {
            if inherit {
                (true, Some(rel.unwrap_or(IS_A)))
            } else if let Some(r) = rel {
                let id = stated_id(first, second);
                return Err(cx.error(
                    i,
                    format!(
                        "traversal relationship (term::trav) '{}' specified for component \
                         '{}' which can't be inherited",
                        w.path_of(r),
                        id_str(w, id)
                    ),
                ));
            } else {
                (true, None)
            }
        } else {
            let up = written & (Traversal::UP | Traversal::CASCADE) != 0;
            (
                written & Traversal::SELF != 0,
                up.then(|| rel.unwrap_or(CHILD_OF)),
            )
        };
        if up == Some(IS_A) && !inherit {
            let id = stated_id(first, second);
            return Err(cx.error(
                i,
                format!(
                    "IsA traversal not allowed for '{}' because the component doesn't have \
                     the (OnInstantiate, Inherit) trait",
                    id_str(w, id)
                ),
            ));
        }
        if let Some(r) = up {
            if r != IS_A && r != CHILD_OF && !w.owns(r, TRAVERSABLE) {
                return Err(cx.error(
                    i,
                    format!(
                        "cannot traverse non-traversable relationship '{}'",
                        w.path_of(r)
                    ),
                ));
            }
        }
        if cascade.is_none() && written & Traversal::CASCADE != 0 {
            if let Some(r) = up {
                cascade = Some((r, written & Traversal::DESC != 0));
            }
        }
        let id = match t.kind {
            TermKind::Id => stated_id(first, second),
            // v4's field ids for predicates and scopes are their builtin ids.
            TermKind::Eq => match second {
                Ref::Ent(e) => Id::pair(PRED_EQ, e),
                Ref::Unset => PRED_EQ,
                _ => Id::pair(PRED_EQ, WILDCARD),
            },
            TermKind::Match => PRED_MATCH,
            TermKind::ScopeOpen => SCOPE_OPEN,
            TermKind::ScopeClose => SCOPE_CLOSE,
        };
        // A field of `_` reports the id as written with `*`; the roots term as written.
        let any_as_wildcard = |r: Ref| if r == Ref::Any { Ref::Wild } else { r };
        let report_id = if t.kind == TermKind::Id
            && (first == Ref::Any || second == Ref::Any || second == Ref::Ent(Id::NULL))
        {
            Some(stated_id(any_as_wildcard(first), any_as_wildcard(second)))
        } else {
            None
        };
        if t.kind == TermKind::Id && second == Ref::Unset && !no_src {
            match first {
                Ref::Ent(e) if e == PREFAB => match_prefab = true,
                Ref::Ent(e) if e == DISABLED && self_ => match_disabled = true,
                _ => {}
            }
        }
        cx.finals.push(FinalTrav {
            self_,
            up: up.map(|r| path_v4(w, r)),
        });
        out.push(CTerm {
            kind: t.kind,
            first,
            second,
            src,
            oper,
            field: t.field,
            inout: effective_inout(t, src, self_),
            self_,
            up,
            text,
            id,
            report_id,
            report_src: (src == Ref::Any).then_some(WILDCARD),
            never_set: no_src || matches!(t.kind, TermKind::ScopeOpen | TermKind::ScopeClose),
            written: None,
        });
    }
    // `flecs_query_discover_vars` runs before the compiler's checks.
    check_anonymous_src(w, &out, &cx.vars)?;
    if let Some((i, _)) = wildcard_match_lhs(&out) {
        // `* ~= "x"`: the wildcard is no variable a term could write (Flecs names it
        // `(null)`).
        return Err(ParseError::v4_plain(
            "uninitialized variable '(null)' on left-hand side of equality operator",
            ast.terms.get(i).map(|t| t.span.start),
        ));
    }
    mark_src_written(&mut out, cx.vars.len());
    check_written(&ast.terms, &out, &cx.vars)?;
    check_lookup_vars(&ast.terms, &out, &cx.vars)?;
    let lookups = lookups(&cx.vars);
    Ok(Compiled {
        terms: out,
        field_count: ast.field_count,
        vars: cx.vars,
        match_prefab,
        match_disabled,
        cascade,
        scopes: scope_partners(&ast.terms),
        lookups,
    })
}

/// Each lookup variable's base variable and the path under it (`$a.b`: `$a`, `b`).
fn lookups(vars: &[Variable]) -> Vec<Option<(usize, String)>> {
    vars.iter()
        .map(|v| {
            let (base, path) = v.name.split_once('.')?;
            let b = vars.iter().position(|x| x.name == base)?;
            Some((b, path.to_owned()))
        })
        .collect()
}

/// A variable named with a dot (`$a.b`) is v4's lookup variable: the child `b` of `$a`'s
/// entity. Compiling a term that reads it needs `$a` written by an earlier term
/// (`flecs_query_compile_ensure_vars`), or the query is refused.
fn check_lookup_vars(terms: &[Term], out: &[CTerm], vars: &[Variable]) -> Result<(), ParseError> {
    let mut written = vec![false; vars.len()];
    for (t, ct) in terms.iter().zip(out) {
        for r in [ct.src, ct.first, ct.second] {
            let Ref::Var(v) = r else { continue };
            let Some((base, _)) = vars.get(v).and_then(|x| x.name.split_once('.')) else {
                continue;
            };
            let base_written = match vars.iter().position(|x| x.name == base) {
                Some(b) => written.get(b).copied().unwrap_or(false),
                // `$this` is numbered 0 and named `this`; another base no term names.
                None => false,
            };
            if !base_written {
                let name = vars.get(v).map_or("", |x| x.name.as_str());
                return Err(ParseError::v4_plain(
                    format!("dependent variable of '${name}' is not written"),
                    Some(t.span.start),
                ));
            }
        }
        // A `$this` source is found even by a `!` term (which then selects every table
        // first, `flecs_query_select_all`); other variables only by a matching term.
        if ct.src == Ref::Var(0) {
            if let Some(w) = written.get_mut(0) {
                *w = true;
            }
        }
        if ct.oper != Oper::Not {
            for r in [ct.src, ct.first, ct.second] {
                if let Some(w) = match r {
                    Ref::Var(v) => written.get_mut(v),
                    _ => None,
                } {
                    *w = true;
                }
            }
        }
    }
    Ok(())
}

/// The first `~=` term whose left-hand side is `*` or `_`.
fn wildcard_match_lhs(out: &[CTerm]) -> Option<(usize, &CTerm)> {
    out.iter()
        .enumerate()
        .find(|(_, t)| t.kind == TermKind::Match && matches!(t.src, Ref::Wild | Ref::Any))
}
