//! Flecs v3.2.12's query language (the dialect of its rules engine, which the REST API's
//! `/query?q=` uses), parsed into an AST without a world.
//!
//! [`parse`] reads the text the way Flecs' parser does, makes the expansions it makes
//! (`Rel($a, $b, $c)` into `Rel($a, $b), Rel($b, $c)`; `(Rel, A || B)` into an Or chain;
//! `$(Rel)` into `Rel($this, $Rel)`), runs the checks Flecs makes when it finalizes a filter
//! that need no world (scopes, Or chains, equality operands), and assigns field indices.
//! Names are not looked up: `Position`, `a.b.c`, `10000` stay as written, for the evaluator
//! to resolve (and report `unresolved identifier` for). Errors print as Flecs logs them.
//!
//! ```
//! use rosetta_world::query::{parse, IdRef, Oper};
//!
//! let q = parse("Position, (Likes, $Food), !Frozen(up(ChildOf))").unwrap();
//! assert_eq!(q.terms[1].second.id, IdRef::Variable("Food".into()));
//! assert_eq!(q.terms[2].oper, Oper::Not);
//!
//! let err = parse("Position, Velocity)").unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "expected end of expression or next term\nPosition, Velocity)\n                  ^"
//! );
//! ```

mod ast;
mod display;
mod error;
mod parse;
mod parse_v4;
mod validate;

pub use ast::{
    IdFlag, IdRef, InOut, Oper, QueryAst, Span, Term, TermId, TermKind, Traversal, MAX_TERMS,
};
pub use error::ParseError;
pub use parse_v4::MAX_TERMS_V4;

pub(crate) use display::term_error;

/// Parses a query in Flecs v3.2.12's query language.
///
/// Never panics, and takes time linear in the text's length. The text ends at a NUL
/// character, as Flecs' C string does.
///
/// ```
/// let q = rosetta_world::query::parse("Position, ?Velocity").unwrap();
/// assert_eq!(q.terms.len(), 2);
/// assert!(rosetta_world::query::parse("Position,, Velocity").is_err());
/// ```
pub fn parse(text: &str) -> Result<QueryAst, ParseError> {
    let (mut terms, warnings) = parse::parse_terms(text)?;
    let field_count = validate::validate(&mut terms)?;
    Ok(QueryAst {
        terms,
        field_count,
        warnings,
    })
}

/// Parses a query in Flecs v4.1.6's query language (the one REST `/query?expr=` and the
/// current explorer use). The terms are the same [`QueryAst`] as v3's; errors print as v4
/// logs them.
///
/// Never panics, and takes time linear in the text's length.
///
/// ```
/// use rosetta_world::query::{parse_v4, IdRef, Oper};
///
/// let q = parse_v4("[none] ?flecs.core.Module, Position(self|up ChildOf)").unwrap();
/// assert_eq!(q.terms[0].oper, Oper::Optional);
/// assert_eq!(q.terms[1].src.trav.rel.as_deref(), Some("ChildOf"));
///
/// let err = parse_v4("Position, (Likes)").unwrap_err();
/// assert_eq!(err.to_string(), "1: unexpected ')'\nPosition, (Likes)\n                ^");
/// ```
pub fn parse_v4(text: &str) -> Result<QueryAst, ParseError> {
    parse_v4::parse(text)
}

pub(crate) use parse_v4::{validator_error_v4, FinalTrav, Finalized, Stage};

#[cfg(test)]
mod tests;
