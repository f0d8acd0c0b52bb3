//! Flecs v4.1.6's query language (`src/addons/query_dsl/parser.c` over the script
//! tokenizer), read into the same [`QueryAst`] as v3.2.12's.
//!
//! The grammar is v4's: traversal is written `Position(self|up ChildOf)` (no parentheses,
//! no `parent`, no `:` set expressions), `and|`/`or|`/`not|`/`toggle|`/`auto_override|` are
//! lower case, `#123` names an entity by id, a number is a name, `$this` is the only this
//! variable, `(Rel)` without a target and `$` as singleton are refused, a trailing `,` is
//! allowed. Errors are worded and placed as v4 logs them (`1: unexpected ')'` and the line
//! with a caret). The checks v4's validator makes without a world follow in [`check`].

mod check;
mod display;
mod term;
pub(crate) mod term_str;
pub(crate) mod token;

use crate::query::ast::{IdRef, Oper, QueryAst, Span, Term, TermId, TermKind, Traversal};
use crate::query::error::ParseError;

use term::{RawRef, RawTerm, TermParser};
pub(crate) use term_str::{validator_error_in as validator_error_v4, FinalTrav, Finalized, Stage};
use token::Lexer;

/// The most terms a v4 query may have (`FLECS_TERM_COUNT_MAX`).
pub const MAX_TERMS_V4: usize = 32;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `#123`: an entity by id, as `ecs_lookup` reads it (`#0` is no entity).
fn hash_id(name: &[u8]) -> Option<u64> {
    let digits = name.strip_prefix(b"#")?;
    if name == b"#0" {
        return Some(0);
    }
    if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n: u64 = std::str::from_utf8(digits).ok()?.parse().ok()?;
    (n != 0 && n < u64::from(u32::MAX)).then_some(n)
}

fn id_ref(raw: &RawRef, default_this: bool) -> IdRef {
    let Some(name) = raw.name.as_deref() else {
        return if raw.zero {
            IdRef::Entity(0)
        } else if default_this {
            IdRef::This
        } else {
            IdRef::Unset
        };
    };
    if raw.is_name {
        return IdRef::Str(text(name));
    }
    match name {
        b"$" => IdRef::Singleton,
        b"$this" => IdRef::This,
        b"*" => IdRef::Wildcard,
        b"_" => IdRef::Any,
        _ => match name.strip_prefix(b"$") {
            Some(var) => IdRef::Variable(text(var)),
            None => hash_id(name).map_or_else(|| IdRef::Name(text(name)), IdRef::Entity),
        },
    }
}

fn term_id(raw: &RawRef, default_this: bool, rel: Option<&[u8]>) -> TermId {
    TermId {
        id: id_ref(raw, default_this),
        trav: Traversal {
            flags: raw.trav,
            rel: rel.map(text),
        },
    }
}

fn into_term(raw: RawTerm, span: Span) -> Term {
    let is_id = raw.kind == TermKind::Id;
    Term {
        kind: raw.kind,
        first: term_id(&raw.first, false, None),
        second: term_id(&raw.second, false, None),
        src: term_id(&raw.src, is_id, raw.trav_rel.as_deref()),
        id_flag: raw.flag,
        oper: raw.oper,
        inout: raw.inout,
        field: 0,
        span,
    }
}

/// Reads the terms of `text`, with `Rel(A, B, C)` and `(Rel, A || B)` expanded.
fn parse_terms(text: &str) -> Result<Vec<Term>, ParseError> {
    let lx = Lexer::new(text);
    if lx.bytes == b"0" {
        return Ok(Vec::new());
    }
    let too_many = || {
        ParseError::v4_plain(
            format!(
                "max number of terms ({MAX_TERMS_V4}) reached, increase \
                 FLECS_TERM_COUNT_MAX to support more"
            ),
            None,
        )
    };
    let mut terms: Vec<Term> = Vec::new();
    let mut pos = 0;
    loop {
        if terms.len() == MAX_TERMS_V4 {
            return Err(too_many());
        }
        let mut start = pos;
        while start < lx.bytes.len() && lx.at(start).is_ascii_whitespace() {
            start += 1;
        }
        let mut p = TermParser::new(lx);
        let next = p.term(pos)?;
        let raw = p.term;
        let initialized = raw.kind != TermKind::Id || raw.first.name.is_some();
        if !initialized {
            break;
        }
        let span = Span {
            start,
            end: next.max(start),
        };
        let mut prev = raw;
        let extra_oper = p.extra_oper;
        let mut expanded = Vec::with_capacity(p.extra.len() + 1);
        for arg in p.extra {
            let mut copy = prev.clone();
            if extra_oper == Oper::Or {
                copy.second = arg;
                prev.oper = Oper::Or;
            } else {
                copy.src = prev.second.clone();
                copy.second = arg;
            }
            expanded.push(prev);
            prev = copy;
        }
        expanded.push(prev);
        for (i, raw) in expanded.into_iter().enumerate() {
            if i > 0 && terms.len() == MAX_TERMS_V4 {
                return Err(too_many());
            }
            terms.push(into_term(raw, span));
        }
        pos = next;
        if pos >= lx.bytes.len() {
            break;
        }
    }
    Ok(terms)
}

/// Parses a query in Flecs v4.1.6's query language. See [`crate::query::parse_v4`].
pub(crate) fn parse(text: &str) -> Result<QueryAst, ParseError> {
    let mut terms = parse_terms(text)?;
    let field_count = check::validate(text, &mut terms)?;
    Ok(QueryAst {
        terms,
        field_count,
        warnings: Vec::new(),
    })
}

#[cfg(test)]
mod tests;
