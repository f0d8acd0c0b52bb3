//! The parser: Flecs v3.2.12's `ecs_parse_term` loop as `ecs_filter_init` runs it, including
//! the expansions it makes (`Rel($a, $b, $c)`, `(Rel, A || B)`, `$(Rel)`), producing terms
//! without looking anything up.

mod args;
mod cursor;
mod raw;
mod term;

use crate::query::ast::{Oper, Term, TermKind, MAX_TERMS};
use crate::query::error::ParseError;

use args::Extra;
use cursor::{is_ident, Src};
use raw::{RawId, RawTerm, Role};

/// The terms of `text` and the errors Flecs logs without failing, or the first error Flecs
/// logs when it fails.
pub(crate) fn parse_terms(text: &str) -> Result<(Vec<Term>, Vec<ParseError>), ParseError> {
    // Flecs reads a C string: it ends at the first NUL.
    let bytes = text.as_bytes();
    let bytes = match bytes.iter().position(|&b| b == 0) {
        Some(end) => bytes.get(..end).unwrap_or_default(),
        None => bytes,
    };
    // Flecs accepts an empty expression as a query that matches nothing (`ecs_rule_init`
    // compiles it to its `Nothing` instruction); here it is an error, as it is almost always
    // a mistake (`0` still asks for nothing).
    if bytes
        .iter()
        .all(|b| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
    {
        return Err(ParseError::in_query(
            bytes,
            bytes.len(),
            "empty query (write at least one term, or 0 to match nothing)",
        ));
    }
    let mut parser = Parser {
        src: Src { bytes },
        logged: Vec::new(),
        terms: Vec::new(),
        ended_one: false,
    };
    match parser.run() {
        Ok(()) => Ok((parser.terms, parser.logged)),
        // The term limit is Rosetta's, not a Flecs error: it is reported as it is.
        Err(err) if parser.terms.len() > MAX_TERMS => Err(err),
        Err(err) => Err(parser.logged.into_iter().next().unwrap_or(err)),
    }
}

/// At most this many errors logged without failing are kept.
const MAX_LOGGED: usize = 16;

struct Parser<'a> {
    src: Src<'a>,
    /// Errors logged without stopping (the first logged error is the one Flecs reports).
    logged: Vec<ParseError>,
    terms: Vec<Term>,
    /// Whether a term was read already.
    ended_one: bool,
}

/// What may follow a term (Flecs also allows what its script language puts there).
fn is_valid_end(ch: u8) -> bool {
    matches!(
        ch,
        b',' | b'|' | b'\n' | 0 | b'/' | b'{' | b'}' | b'[' | b']' | b':' | b'='
    )
}

impl Parser<'_> {
    fn run(&mut self) -> Result<(), ParseError> {
        let src = self.src;
        let mut pos = 0;
        while src.at(pos) != 0 {
            match self.term(pos)? {
                Some(next) => pos = next,
                None => break,
            }
        }
        Ok(())
    }

    /// Reads the term at `pos` (after what ended the previous one) and appends it with its
    /// expansions. Returns where the next starts, or `None` if the query ends here.
    fn term(&mut self, mut pos: usize) -> Result<Option<usize>, ParseError> {
        let src = self.src;
        // Flecs skips what ended the previous term on every call but the first. It tells the
        // first by the position, so a query starting with `{` would be read from 0 forever
        // (Flecs hangs); counting calls instead reads the `{` once.
        if self.ended_one {
            match src.at(pos) {
                b',' | b'{' => pos += 1,
                b'|' => pos += 2,
                b'}' => {}
                // Each error copies the query, so only the first few are kept (linear time).
                _ if self.logged.len() < MAX_LOGGED => {
                    self.logged.push(src.error(pos, "invalid preceding token"));
                }
                _ => {}
            }
        }
        pos = src.ws_eol(pos.min(src.bytes.len()));
        if src.at(pos) == 0 || (pos == 0 && src.bytes == b"0") {
            return Ok(None);
        }

        let start = pos;
        let mut extra = Extra::default();
        // Flecs parses a term as an expression of its own: errors inside it show the query
        // from the term's start.
        let (mut term, next) =
            term::parse_term(src, pos, &mut extra).map_err(|e| e.shown_from_term_start(start))?;
        pos = next;

        // `$(Rel)` is `Rel($this, $Rel)`, `$(Rel, src)` is `Rel(src, $Rel)`. Only a bare `$`:
        // a variable named `$` (`$\$(A, B)`) is a predicate like any other.
        if term.first.name_is(b"$") && !term.first.var && term.src.name.is_some() {
            term.first = std::mem::take(&mut term.src);
            if term.second.name.is_some() {
                term.src = std::mem::take(&mut term.second);
            } else {
                term.src = RawId {
                    this: true,
                    var: true,
                    ..term.first.clone()
                };
                term.src.name = None;
            }
            let path = term.first.name.clone().unwrap_or_default();
            let var = match path.iter().rposition(|&b| b == b'.') {
                Some(dot) => path.get(dot + 1..).unwrap_or_default().to_vec(),
                None => path,
            };
            term.second.name = Some(var);
            term.second.var = true;
        }

        if src.starts_with(pos, b"||") {
            if term.oper != Oper::And {
                return Err(src.error(pos, "cannot combine || with other operators"));
            }
            term.oper = Oper::Or;
        }

        let ch = src.at(pos);
        if !is_valid_end(ch) && (!is_ident(ch) || (pos != 0 && src.at(pos - 1) != b' ')) {
            return Err(src.error(pos, "expected end of expression or next term"));
        }

        // A term that is just `0` matches nothing and ends the query.
        if term.first.name_is(b"0") {
            if src.at(pos) != 0 {
                return Err(src.error(pos, "unexpected term after 0"));
            }
            if term.src.has_flags() {
                return Err(src.error(pos, "invalid combination of 0 with non-default subject"));
            }
            return Ok(None);
        }

        let scope = matches!(term.kind, TermKind::ScopeOpen | TermKind::ScopeClose);
        if term.oper != Oper::And && term.src.zero && term.src.name.is_none() && !scope {
            return Err(src.error(pos, "invalid operator for empty source"));
        }
        if !term.src.zero && term.src.name.is_none() && !term.src.this {
            term.src.this = true;
            term.src.var = true;
        }
        if term.src.name_is(b"0") {
            term.src = RawId {
                zero: true,
                ..RawId::default()
            };
        }
        match term.role {
            Role::And => term.oper = Oper::AndFrom,
            Role::Or => term.oper = Oper::OrFrom,
            Role::Not => term.oper = Oper::NotFrom,
            _ => {}
        }
        pos = src.ws_eol(pos);
        self.ended_one = true;
        self.push(term, extra, start, pos);
        if self.terms.len() > MAX_TERMS {
            return Err(src.error(
                start,
                format!("too many terms: a query has at most MAX_TERMS ({MAX_TERMS})"),
            ));
        }
        Ok(Some(pos))
    }

    /// Appends a term and the terms its extra arguments expand to: with `,`, each takes the
    /// previous one's second element as its source (`Rel($a, $b, $c)`); with `||`, each
    /// shares the previous one's source and the previous one becomes part of an Or chain.
    fn push(&mut self, term: RawTerm, extra: Extra, start: usize, end: usize) {
        let src = self.src;
        let mut out = vec![term.clone()];
        for arg in extra.args.into_iter().take_while(|arg| arg.name.is_some()) {
            let mut next = term.clone();
            if let Some(prev) = out.last_mut() {
                if extra.oper == Oper::Or {
                    next.src = prev.src.clone();
                    prev.oper = Oper::Or;
                } else {
                    next.src = prev.second.clone();
                    // A source `0` is no source, whatever traversal it was written with, as
                    // for a source written in place (so the term prints back as it reads).
                    if next.src.name_is(b"0") {
                        next.src = RawId {
                            zero: true,
                            ..RawId::default()
                        };
                    }
                    // Flecs makes a source without a name `$this` when it finalizes.
                    if next.src.name.is_none() && !next.src.zero {
                        next.src.this = true;
                        next.src.var = true;
                    }
                }
            }
            next.second = arg;
            out.push(next);
        }
        self.terms
            .extend(out.into_iter().map(|t| t.into_term(src, start, end)));
    }
}
