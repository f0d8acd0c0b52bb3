//! Argument lists (`Rel(src, second, more...)`) and set expressions (`self|up(Rel)`).

use crate::query::ast::{Oper, Traversal};
use crate::query::error::ParseError;

use super::cursor::{is_token_start, Src};
use super::raw::{RawId, RawTerm, Role};

/// At most this many arguments in a term (Flecs' `ECS_PARSER_MAX_ARGS`).
const MAX_ARGS: usize = 16;

/// Arguments past the second (`Rel($a, $b, $c)`) or targets after the first of a pair
/// (`(Rel, A || B)`), and whether they were separated by `,` or `||`.
#[derive(Debug, Default)]
pub(super) struct Extra {
    pub oper: Oper,
    pub args: Vec<RawId>,
}

/// The flag a set-expression keyword stands for.
fn set_token(token: &[u8]) -> Option<u8> {
    Traversal::KEYWORDS
        .iter()
        .find(|(word, _)| word.as_bytes() == token)
        .map(|&(_, flag)| flag)
}

/// Reads a set expression (`self|up(ChildOf)`) into `id`, up to `end` (or `,` or the end of
/// the text). `token` is its first keyword if the caller has read it already. Errors are
/// reported at `column`, as Flecs does.
pub(super) fn term_flags(
    src: Src<'_>,
    column: usize,
    mut pos: usize,
    token: Option<Vec<u8>>,
    id: &mut RawId,
    end: u8,
) -> Result<usize, ParseError> {
    let mut token = match token {
        Some(token) => token,
        None => {
            let (token, next) = src.identifier(pos)?;
            pos = next;
            token
        }
    };
    loop {
        let quoted = || String::from_utf8_lossy(&token).into_owned();
        let Some(flag) = set_token(&token) else {
            return Err(src.error(column, format!("invalid set token '{}'", quoted())));
        };
        if id.trav & flag != 0 {
            return Err(src.error(column, format!("duplicate set token '{}'", quoted())));
        }
        id.trav |= flag;

        if src.at(pos) == b'(' {
            pos += 1;
            let ch = src.at(pos);
            if !ch.is_ascii_digit() && is_token_start(ch) {
                let (rel, next) = src.identifier(pos)?;
                pos = next;
                // Flecs looks the relationship up here; without a world it is kept by name.
                id.trav_rel = Some(rel);
                if src.at(pos) == b',' {
                    pos = src.ws(pos + 1);
                } else if src.at(pos) != b')' {
                    return Err(src.error(column, "expected ',' or ')'"));
                }
            }
            if src.at(pos) != b')' {
                if src.at(pos) == 0 {
                    // Flecs formats the NUL into the message, which cuts it short there.
                    return Err(ParseError::truncated(
                        src.bytes,
                        column,
                        "expected ')', got '",
                    ));
                }
                return Err(src.error(column, format!("expected ')', got '{}'", src.char_at(pos))));
            }
            pos = src.ws(pos + 1);
            let ch = src.at(pos);
            if ch != end && ch != b',' && ch != 0 {
                return Err(src.error(column, "expected end of set expr"));
            }
        }

        let ch = src.at(pos);
        if ch == b'|' {
            pos += 1;
            if is_token_start(src.at(pos)) {
                let (next_token, next) = src.identifier(pos)?;
                token = next_token;
                pos = next;
            }
        } else if ch == end || ch == b',' || ch == 0 {
            return Ok(pos);
        }
    }
}

/// Reads the arguments of a term after its `(`: the source, the second element, and more
/// (into `extra`). Without a `term`, reads only more targets of a pair (`(Rel, A, B)`).
pub(super) fn arguments(
    src: Src<'_>,
    mut pos: usize,
    mut term: Option<&mut RawTerm>,
    extra: &mut Extra,
) -> Result<usize, ParseError> {
    extra.args.clear();
    let mut arg = if term.is_some() { 0 } else { 2 };
    loop {
        if !is_token_start(src.at(pos)) {
            return Err(src.error(pos, "expected identifier or set expression"));
        }
        if arg == MAX_ARGS {
            return Err(src.error(pos, "too many arguments in term"));
        }
        let (token, next) = src.identifier(pos)?;
        pos = src.ws_eol(next);

        let id = match (arg, term.as_deref_mut()) {
            (0, Some(term)) => &mut term.src,
            (1, Some(term)) => &mut term.second,
            _ => {
                extra.args.push(RawId::default());
                match extra.args.last_mut() {
                    Some(id) => id,
                    None => return Err(src.error(pos, "too many arguments in term")),
                }
            }
        };

        if src.at(pos) == b':' {
            id.assign(&token)?;
            pos = src.ws_eol(pos + 1);
            pos = term_flags(src, pos, pos, None, id, b')')?;
        } else if set_token(&token).is_some() {
            pos = term_flags(src, pos, pos, Some(token), id, b')')?;
        } else {
            id.assign(&token)?;
        }

        let ch = src.at(pos);
        if ch == b',' {
            if extra.oper != Oper::And {
                return Err(src.error(pos, "cannot mix ',' and '||' in term arguments"));
            }
            pos = src.ws_eol(pos + 1);
            if let Some(term) = term.as_deref_mut() {
                term.role = Role::Pair;
            }
        } else if ch == b')' {
            return Ok(src.ws(pos + 1));
        } else if src.starts_with(pos, b"||") {
            if arg >= 2 && extra.oper != Oper::Or {
                return Err(src.error(pos, "cannot mix ',' and '||' in term arguments"));
            }
            extra.oper = Oper::Or;
            pos = src.ws_eol(pos + 2);
            if let Some(term) = term.as_deref_mut() {
                term.role = Role::Pair;
            }
        } else {
            return Err(src.error(pos, "expected ',' or ')'"));
        }
        arg += 1;
    }
}
