//! The checks Flecs v3.2.12 makes when it finalizes a filter that need no world, field index
//! assignment, and the defaults it fills in, as helpers for the evaluator.

use rosetta_types::MAX_NESTING;

use super::ast::{IdRef, InOut, Oper, Term, TermKind, Traversal};
use super::display::term_error as error;
use super::error::ParseError;

/// What Flecs compares to tell whether two terms of an Or chain have the same source: the
/// source's entity id, which is 0 for a named variable or a string.
#[derive(PartialEq, Eq)]
enum SrcKey<'a> {
    Zero,
    This,
    Wildcard,
    Any,
    Named(&'a str),
    Id(u64),
}

fn src_key(term: &Term) -> SrcKey<'_> {
    let id = match &term.src.id {
        // `$` stands for the term's first element.
        IdRef::Singleton => &term.first.id,
        other => other,
    };
    match id {
        IdRef::This => SrcKey::This,
        IdRef::Wildcard => SrcKey::Wildcard,
        IdRef::Any => SrcKey::Any,
        IdRef::Name(name) => SrcKey::Named(name),
        IdRef::Entity(id) => SrcKey::Id(*id),
        IdRef::Unset | IdRef::Variable(_) | IdRef::Str(_) | IdRef::Singleton => SrcKey::Zero,
    }
}

/// Checks of one term (`flecs_term_finalize` and `flecs_term_verify` without lookups).
fn check_term(terms: &[Term], i: usize, term: &Term) -> Result<(), ParseError> {
    if term.kind == TermKind::Id && term.first.id == IdRef::Singleton {
        return Err(error(terms, i, "invalid $ for term.first"));
    }
    if matches!(term.oper, Oper::AndFrom | Oper::OrFrom | Oper::NotFrom)
        && !matches!(term.inout, InOut::Default | InOut::None)
    {
        return Err(error(
            terms,
            i,
            "invalid inout value for AndFrom/OrFrom/NotFrom term",
        ));
    }
    let (src, second) = (&term.src.id, &term.second.id);
    if matches!(src, IdRef::Str(_)) && matches!(second, IdRef::Str(_)) {
        return Err(error(terms, i, "mismatch between term.id_flags & term.id"));
    }
    if !matches!(term.kind, TermKind::Eq | TermKind::Match) {
        return Ok(());
    }
    if !matches!(term.oper, Oper::And | Oper::Not | Oper::Or) {
        return Err(error(terms, i, "invalid operator combination"));
    }
    if src.is_entity() && second.is_entity() {
        return Err(error(
            terms,
            i,
            "both sides of operator cannot be an entity",
        ));
    }
    if !src.is_variable() {
        return Err(error(terms, i, "left-hand of operator must be a variable"));
    }
    if term.kind == TermKind::Match && !matches!(second, IdRef::Str(_)) {
        return Err(error(
            terms,
            i,
            "right-hand of match operator must be a string",
        ));
    }
    if second.is_variable() && src == second {
        return Err(error(terms, i, "both sides of operator are equal"));
    }
    Ok(())
}

/// Checks the terms as Flecs' filter finalization does where no world is needed, and assigns
/// field indices (an Or chain is one field). Returns the number of fields.
pub(crate) fn validate(terms: &mut [Term]) -> Result<usize, ParseError> {
    let mut fields = 0usize;
    let mut depth = 0usize;
    for i in 0..terms.len() {
        let (before, rest) = terms.split_at(i);
        let Some(term) = rest.first() else { break };
        check_term(terms, i, term)?;
        match before.last() {
            Some(prev) if prev.oper == Oper::Or => {
                if src_key(prev) != src_key(term) {
                    return Err(error(terms, i, "mismatching src.id for OR terms"));
                }
                if !matches!(term.oper, Oper::Or | Oper::And) {
                    return Err(error(
                        terms,
                        i,
                        "term after OR operator must use AND operator",
                    ));
                }
            }
            _ => fields += 1,
        }
        match term.kind {
            TermKind::ScopeOpen => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(error(
                        terms,
                        i,
                        format!("scopes nest deeper than {MAX_NESTING} levels"),
                    ));
                }
            }
            TermKind::ScopeClose => {
                if before.last().is_some_and(|p| p.kind == TermKind::ScopeOpen) {
                    return Err(error(terms, i, "invalid empty scope"));
                }
                // Flecs logs this and goes on; its rules engine cannot run such a query, so
                // it is refused here.
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| error(terms, i, "'}' without matching '{'"))?;
            }
            _ => {}
        }
        if let Some(term) = terms.get_mut(i) {
            term.field = fields.saturating_sub(1);
        }
    }
    let last = terms.len().saturating_sub(1);
    if depth != 0 {
        return Err(error(terms, last, "missing '}'"));
    }
    if terms.last().is_some_and(|t| t.oper == Oper::Or) {
        return Err(error(
            terms,
            last,
            "last term of filter can't have OR operator",
        ));
    }
    Ok(fields)
}

impl Term {
    /// The access the term's field has, with Flecs' defaults applied: `[none]` for `Not`
    /// terms, for `*` and `(*, *)`, for a wildcard source, for equality terms and scopes; `[in]`
    /// (read-only) for a term that is not matched on `$this` or that is matched only upwards;
    /// `[inout]` otherwise. An evaluator also makes a term `[none]` when its id has no data
    /// (a tag), which needs the world.
    ///
    /// ```
    /// use rosetta_world::query::{parse, InOut};
    ///
    /// let q = parse("Position, Mass(Game), !Frozen, Velocity(up), [out] Rotation").unwrap();
    /// let inout: Vec<InOut> = q.terms.iter().map(|t| t.effective_inout()).collect();
    /// assert_eq!(inout, [InOut::InOut, InOut::In, InOut::None, InOut::In, InOut::Out]);
    /// ```
    pub fn effective_inout(&self) -> InOut {
        if self.kind != TermKind::Id {
            return InOut::None;
        }
        if self.inout != InOut::Default {
            return self.inout;
        }
        let wildcard_src = matches!(self.src.id, IdRef::Wildcard | IdRef::Any);
        let wildcard_id = self.first.id == IdRef::Wildcard
            && matches!(self.second.id, IdRef::Unset | IdRef::Wildcard);
        if self.oper == Oper::Not || wildcard_src || wildcard_id {
            return InOut::None;
        }
        let (src_trav, _) = self.src_traversal();
        if self.src.id != IdRef::This || src_trav & Traversal::SELF == 0 {
            return InOut::In;
        }
        InOut::InOut
    }

    /// The source's traversal with Flecs' defaults filled in: `self|up` when none is written;
    /// `parent` adds `up` with `ChildOf`; `cascade` alone adds `up`; `up` or `down` without a
    /// relationship traverse `IsA`. Returns the flags and the relationship's name (`None` if
    /// nothing is traversed, or no source). The evaluator still drops `up(IsA)` for an id
    /// that cannot be inherited (`DontInherit`) and checks the relationship is `Traversable`.
    ///
    /// ```
    /// use rosetta_world::query::{parse, Traversal};
    ///
    /// let q = parse("Position, Position(parent), Position(self)").unwrap();
    /// assert_eq!(q.terms[0].src_traversal(), (Traversal::SELF | Traversal::UP, Some("IsA")));
    /// assert_eq!(q.terms[1].src_traversal(), (Traversal::UP | Traversal::PARENT, Some("ChildOf")));
    /// assert_eq!(q.terms[2].src_traversal(), (Traversal::SELF, None));
    /// ```
    pub fn src_traversal(&self) -> (u8, Option<&str>) {
        if self.src.id == IdRef::Entity(0) {
            return (0, None);
        }
        let trav = &self.src.trav;
        let mut flags = if trav.is_empty() {
            Traversal::SELF | Traversal::UP
        } else {
            trav.flags
        };
        let mut rel = trav.rel.as_deref();
        if flags & Traversal::PARENT != 0 {
            flags |= Traversal::UP;
            rel = Some("ChildOf");
        }
        if flags & Traversal::CASCADE != 0 && flags & (Traversal::UP | Traversal::DOWN) == 0 {
            flags |= Traversal::UP;
        }
        if flags & (Traversal::UP | Traversal::DOWN) == 0 {
            rel = None;
        } else if rel.is_none() {
            rel = Some("IsA");
        }
        (flags, rel)
    }
}
