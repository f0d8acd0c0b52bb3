//! One term: access modifier, operator, role, then a predicate (`Id`, `Id(args)`,
//! `$x == y`), a pair (`(Rel, Tgt)`), or a scope bracket.

use crate::query::ast::{InOut, Oper, TermKind, Traversal};
use crate::query::error::ParseError;

use super::args::{arguments, term_flags, Extra};
use super::cursor::{is_ident_start, is_token_start, Src};
use super::raw::{RawTerm, Role};

/// The error for a byte no term can have here.
fn unexpected_char(src: Src<'_>, pos: usize) -> ParseError {
    let ch = src.at(pos);
    if ch != 0 && ch != b'\n' {
        src.error(pos, format!("unexpected character '{}'", src.char_at(pos)))
    } else {
        src.error(pos, "unexpected end of term")
    }
}

/// Reads one term starting at `pos`; returns it and where reading goes on.
pub(super) fn parse_term(
    src: Src<'_>,
    pos: usize,
    extra: &mut Extra,
) -> Result<(RawTerm, usize), ParseError> {
    let mut term = RawTerm::default();
    let mut pos = src.ws(pos);

    if src.at(pos) == b'[' {
        pos = annotation(src, pos, &mut term.inout)?;
        pos = src.ws_eol(pos);
    }
    match src.at(pos) {
        b'?' => {
            term.oper = Oper::Optional;
            pos = src.ws(pos + 1);
        }
        b'!' => {
            term.oper = Oper::Not;
            pos = src.ws(pos + 1);
        }
        _ => {}
    }

    let ch = src.at(pos);
    if ch != 0 && is_ident_start(ch) {
        let (token, next) = src.identifier(pos)?;
        pos = next;
        if src.at(pos) == b'|' && src.at(pos + 1) != b'|' {
            pos += 1;
            term.role = role(src, pos, &token)?;
            pos = src.ws(pos);
            if is_token_start(src.at(pos)) {
                let (token, next) = src.identifier(pos)?;
                return predicate(src, term, &token, next, extra);
            } else if src.at(pos) == b'(' {
                return pair(src, term, pos, extra);
            }
            return Err(src.error(pos, "expected identifier after role"));
        }
        predicate(src, term, &token, pos, extra)
    } else if ch == b'(' {
        pair(src, term, pos, extra)
    } else if ch == b'{' {
        term.kind = TermKind::ScopeOpen;
        term.src.zero = true;
        term.inout = InOut::None;
        Ok((term, pos))
    } else if ch == b'}' {
        term.kind = TermKind::ScopeClose;
        term.src.zero = true;
        term.inout = InOut::None;
        Ok((term, src.ws(pos + 1)))
    } else {
        Err(unexpected_char(src, pos))
    }
}

/// `[in]`, `[out]`, `[inout]`, `[none]` (another word is accepted and ignored, as Flecs does).
fn annotation(src: Src<'_>, open: usize, inout: &mut InOut) -> Result<usize, ParseError> {
    let (token, pos) = src.identifier(open + 1)?;
    match token.as_slice() {
        b"in" => *inout = InOut::In,
        b"out" => *inout = InOut::Out,
        b"inout" => *inout = InOut::InOut,
        b"none" => *inout = InOut::None,
        _ => {}
    }
    let pos = src.ws(pos);
    if src.at(pos) != b']' {
        return Err(src.error(open, "expected ]"));
    }
    Ok(pos + 1)
}

fn role(src: Src<'_>, pos: usize, token: &[u8]) -> Result<Role, ParseError> {
    Ok(match token {
        b"AND" => Role::And,
        b"OR" => Role::Or,
        b"NOT" => Role::Not,
        b"OVERRIDE" => Role::Override,
        b"TOGGLE" => Role::Toggle,
        _ => {
            let token = String::from_utf8_lossy(token);
            return Err(src.error(pos, format!("invalid role '{token}'")));
        }
    })
}

/// After the first identifier of a term that is not a pair: a set expression (`Id:self`), an
/// equality (`$x == y`), arguments (`Id(src, ...)`), or nothing more.
fn predicate(
    src: Src<'_>,
    mut term: RawTerm,
    token: &[u8],
    mut pos: usize,
    extra: &mut Extra,
) -> Result<(RawTerm, usize), ParseError> {
    term.first.assign(token)?;

    if src.at(pos) == b':' {
        pos = src.ws(pos + 1);
        pos = term_flags(src, pos, pos, None, &mut term.first, b':')?;
        pos = src.ws(pos);
        let ch = src.at(pos);
        if ch == b',' || ch == 0 {
            return Ok((term, pos));
        }
        if ch != b':' {
            return Err(src.error(
                pos,
                format!(
                    "unexpected token '{}' after predicate set expression",
                    src.char_at(pos)
                ),
            ));
        }
        pos = src.ws(pos + 1);
    } else if src.starts_with(pos, b"==") {
        return equality(src, term, TermKind::Eq, src.ws(pos + 2));
    } else if src.starts_with(pos, b"!=") {
        let pos = src.ws(pos + 2);
        if term.oper != Oper::And {
            return Err(src.error(pos, "invalid operator combination"));
        }
        term.oper = Oper::Not;
        return equality(src, term, TermKind::Eq, pos);
    } else if src.starts_with(pos, b"~=") {
        return equality(src, term, TermKind::Match, src.ws(pos + 2));
    } else {
        pos = src.ws(pos);
    }

    if src.at(pos) == b'(' {
        pos = src.ws_eol(pos + 1);
        if src.at(pos) == b')' {
            term.src.zero = true;
            pos = src.ws(pos + 1);
        } else {
            pos = arguments(src, pos, Some(&mut term), extra)?;
        }
    }
    Ok((term, pos))
}

/// The right-hand side of `==`, `!=` or `~=`; the left-hand side becomes the source.
fn equality(
    src: Src<'_>,
    mut term: RawTerm,
    kind: TermKind,
    pos: usize,
) -> Result<(RawTerm, usize), ParseError> {
    term.src = std::mem::take(&mut term.first);
    term.kind = kind;
    if !is_token_start(src.at(pos)) {
        return Err(src.error(pos, "expected identifier"));
    }
    let (token, pos) = src.identifier(pos)?;
    if kind == TermKind::Match && token.starts_with(b"\"!") {
        term.oper = Oper::Not;
    }
    term.second.assign(&token)?;
    term.src.trav = Traversal::SELF;
    term.src.trav_rel = None;
    term.inout = InOut::None;
    Ok((term, pos))
}

/// A pair `(First[:flags], Second[:flags] [, more | || more])` with `$this` as source.
fn pair(
    src: Src<'_>,
    mut term: RawTerm,
    open: usize,
    extra: &mut Extra,
) -> Result<(RawTerm, usize), ParseError> {
    let (first, mut pos) = src.identifier(open + 1)?;
    if src.at(pos) == b':' {
        pos = src.ws(pos + 1);
        pos = term_flags(src, pos, pos, None, &mut term.first, b')')?;
    }
    match src.at(pos) {
        b',' => {
            pos = src.ws(pos + 1);
            if src.at(pos) == b')' {
                return Err(src.error(pos, "expected identifier for second element of pair"));
            }
        }
        b')' => {}
        _ => return Err(unexpected_char(src, pos)),
    }
    term.src.this = true;
    term.src.var = true;
    term.first.assign(&first)?;

    pos = src.ws(pos);
    let second;
    if is_token_start(src.at(pos)) {
        let (token, next) = src.identifier(pos)?;
        second = token;
        pos = next;
        if src.at(pos) == b':' {
            pos = src.ws(pos + 1);
            pos = term_flags(src, pos, pos, None, &mut term.second, b')')?;
        }
        if !matches!(src.at(pos), b')' | b',' | b'|') {
            return Err(unexpected_char(src, pos));
        }
    } else if src.at(pos) == b')' {
        // No second element: `(Position)` is `Position`.
        return Ok((term, pos + 1));
    } else {
        return Err(src.error(pos, "expected pair object or ')'"));
    }

    term.second.assign(&second)?;
    if term.role == Role::None {
        term.role = Role::Pair;
    }
    if src.at(pos) == b',' {
        pos = src.ws(pos + 1);
        pos = arguments(src, pos, None, extra)?;
    } else if src.starts_with(pos, b"||") {
        pos = src.ws_eol(pos + 2);
        extra.oper = Oper::Or;
        pos = arguments(src, pos, None, extra)?;
    } else {
        pos += 1;
    }
    Ok((term, src.ws(pos)))
}
