//! One term of Flecs v4.1.6's query language, read rule by rule as its query DSL parser
//! does: access modifier, `!`/`?`, `and|`/`or|`/`not|`/`toggle|`/`auto_override|`, a
//! predicate with arguments, a pair, an equality (`==`, `!=`, `~=`) or a scope bracket, and
//! the token that ends it (`,`, `||`, `}` given back, or the end).

use crate::query::ast::{IdFlag, InOut, Oper, TermKind, Traversal};
use crate::query::error::ParseError;

use super::token::{Kind, Lexer, Token};

/// The most arguments a term may have (`FLECS_TERM_ARG_COUNT_MAX`).
const ARG_COUNT_MAX: usize = 16;

/// One element of a term as the parser fills it in (`ecs_term_ref_t` before finalizing).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(super) struct RawRef {
    /// The token as written (`$x`, `Position`, `*`, `12`, `#0`), or a string's text.
    pub name: Option<Vec<u8>>,
    /// Written as a string (`"text"`, after `==`/`!=`/`~=`).
    pub is_name: bool,
    /// Set to no entity without a name (`Position()`).
    pub zero: bool,
    /// `self`, `up`, `cascade`, `desc` as written.
    pub trav: u8,
}

/// A term as the parser fills it in.
#[derive(Debug, Clone)]
pub(super) struct RawTerm {
    pub kind: TermKind,
    pub first: RawRef,
    pub second: RawRef,
    pub src: RawRef,
    /// The relationship named after traversal flags (`up ChildOf`): one per term.
    pub trav_rel: Option<Vec<u8>>,
    pub flag: IdFlag,
    pub oper: Oper,
    pub inout: InOut,
}

impl Default for RawTerm {
    fn default() -> Self {
        RawTerm {
            kind: TermKind::Id,
            first: RawRef::default(),
            second: RawRef::default(),
            src: RawRef::default(),
            trav_rel: None,
            flag: IdFlag::None,
            oper: Oper::And,
            inout: InOut::Default,
        }
    }
}

/// Which element an argument fills.
#[derive(Clone, Copy)]
enum Slot {
    Src,
    Second,
    Extra(usize),
}

/// Reads terms; holds the arguments past the second of the current term.
pub(super) struct TermParser<'a> {
    pub lx: Lexer<'a>,
    pub term: RawTerm,
    pub extra: Vec<RawRef>,
    /// `,` or `||` between the extra arguments (`Rel(A, B, C)`, `(Rel, A || B)`).
    pub extra_oper: Oper,
}

fn trav_flag(word: &[u8]) -> u8 {
    match word {
        b"self" => Traversal::SELF,
        b"up" => Traversal::UP,
        b"cascade" => Traversal::CASCADE,
        b"desc" => Traversal::DESC,
        _ => 0,
    }
}

/// An identifier, a number or `*`: what can name a term's element.
fn is_term_ident(t: &Token) -> bool {
    matches!(t.kind, Kind::Ident | Kind::Number) || t.is("*")
}

impl<'a> TermParser<'a> {
    pub fn new(lx: Lexer<'a>) -> Self {
        TermParser {
            lx,
            term: RawTerm::default(),
            extra: Vec::new(),
            extra_oper: Oper::And,
        }
    }

    /// The error Flecs' grammar reports with the parser just past `end`.
    fn err(&self, end: usize, message: impl Into<String>) -> ParseError {
        self.lx.error(end.saturating_sub(1), message)
    }

    fn unexpected(&self, t: &Token) -> ParseError {
        self.err(t.end, t.unexpected())
    }

    fn slot(&mut self, slot: Slot) -> &mut RawRef {
        match slot {
            Slot::Src => &mut self.term.src,
            Slot::Second => &mut self.term.second,
            Slot::Extra(i) => {
                while self.extra.len() <= i {
                    self.extra.push(RawRef::default());
                }
                // The loop above made index `i` exist.
                &mut self.extra[i]
            }
        }
    }

    /// A term from `pos`; returns where the next term starts.
    pub fn term(&mut self, pos: usize) -> Result<usize, ParseError> {
        let t = self.lx.next(pos)?;
        match t.kind {
            Kind::Op("[") => self.inout(t.end),
            _ if is_term_ident(&t) => self.flags(t.value, t.end),
            Kind::Op("(") => self.pair(t.end),
            Kind::Op("!") => {
                self.term.oper = Oper::Not;
                self.unary(t.end)
            }
            Kind::Op("?") => {
                self.term.oper = Oper::Optional;
                self.unary(t.end)
            }
            Kind::Op("{") => {
                self.scope(TermKind::ScopeOpen);
                Ok(t.end)
            }
            Kind::Op("}") => {
                self.scope(TermKind::ScopeClose);
                let next = self.lx.next(t.end)?;
                Ok(if next.is(",") { next.end } else { t.end })
            }
            Kind::End => Ok(t.end),
            _ => Err(self.unexpected(&t)),
        }
    }

    fn scope(&mut self, kind: TermKind) {
        self.term.kind = kind;
        self.term.src.zero = true;
        self.term.inout = InOut::None;
    }

    /// The token after a term: `,`, `||` (the term becomes part of an Or chain), the end, or
    /// `}` (left for the next term).
    fn end_of_term(&mut self, pos: usize) -> Result<usize, ParseError> {
        let t = self.lx.next(pos)?;
        self.end_token(t)
    }

    /// [`Self::end_of_term`] for a token already read.
    fn end_token(&mut self, t: Token) -> Result<usize, ParseError> {
        match t.kind {
            Kind::Op("}") => Ok(t.end - 1),
            Kind::Op("||") => {
                if self.term.oper != Oper::And {
                    return Err(self.err(t.end, "cannot mix operators in || expression"));
                }
                self.term.oper = Oper::Or;
                Ok(t.end)
            }
            Kind::Op(",") | Kind::End => Ok(t.end),
            _ => Err(self.unexpected(&t)),
        }
    }

    fn inout(&mut self, pos: usize) -> Result<usize, ParseError> {
        let word = self.lx.next(pos)?;
        if word.kind != Kind::Ident {
            return Err(self.unexpected(&word));
        }
        let close = self.lx.next(word.end)?;
        if !close.is("]") {
            return Err(self.unexpected(&close));
        }
        self.term.inout = match word.value.as_slice() {
            b"default" => InOut::Default,
            b"none" => InOut::None,
            b"filter" => InOut::Filter,
            b"inout" => InOut::InOut,
            b"in" => InOut::In,
            b"out" => InOut::Out,
            _ => self.term.inout,
        };
        let t = self.lx.next(close.end)?;
        match t.kind {
            _ if is_term_ident(&t) => self.flags(t.value, t.end),
            Kind::Op("!") => {
                self.term.oper = Oper::Not;
                self.unary(t.end)
            }
            Kind::Op("?") => {
                self.term.oper = Oper::Optional;
                self.unary(t.end)
            }
            Kind::Op("(") => self.pair(t.end),
            _ => Err(self.unexpected(&t)),
        }
    }

    /// After `!` or `?`: a pair, `{`, or a predicate.
    fn unary(&mut self, pos: usize) -> Result<usize, ParseError> {
        let t = self.lx.next(pos)?;
        match t.kind {
            Kind::Op("(") => self.pair(t.end),
            Kind::Op("{") => {
                self.scope(TermKind::ScopeOpen);
                Ok(t.end)
            }
            _ if is_term_ident(&t) => {
                self.term.first.name = Some(t.value);
                self.id(t.end)
            }
            _ => Err(self.unexpected(&t)),
        }
    }

    /// A term's first identifier: an operator or id flag followed by `|`, or the predicate.
    fn flags(&mut self, token: Vec<u8>, pos: usize) -> Result<usize, ParseError> {
        let (oper, flag) = match token.as_slice() {
            b"and" => (Some(Oper::AndFrom), IdFlag::None),
            b"or" => (Some(Oper::OrFrom), IdFlag::None),
            b"not" => (Some(Oper::NotFrom), IdFlag::None),
            b"auto_override" => (None, IdFlag::Override),
            b"toggle" => (None, IdFlag::Toggle),
            _ => {
                self.term.first.name = Some(token);
                return self.id(pos);
            }
        };
        let bar = self.lx.next(pos)?;
        if !bar.is("|") {
            return Err(self.unexpected(&bar));
        }
        let t = self.lx.next(bar.end)?;
        if is_term_ident(&t) {
            match oper {
                Some(o) => self.term.oper = o,
                None => self.term.flag = flag,
            }
            self.term.first.name = Some(t.value);
            return self.id(t.end);
        }
        if t.is("(") {
            // Flecs leaves the operator or flag off a pair written after it.
            return self.pair(t.end);
        }
        Err(self.unexpected(&t))
    }

    /// After the predicate: an equality operator, `|flags`, arguments, or the term's end.
    fn id(&mut self, pos: usize) -> Result<usize, ParseError> {
        let t = self.lx.next(pos)?;
        match t.kind {
            Kind::Op("==") => self.equality(t.end, TermKind::Eq),
            Kind::Op("!=") => {
                let end = self.equality(t.end, TermKind::Eq)?;
                if self.term.oper == Oper::Or {
                    return Err(self.err(end, "cannot mix operators in || expression"));
                }
                self.term.oper = Oper::Not;
                Ok(end)
            }
            Kind::Op("~=") => self.equality(t.end, TermKind::Match),
            Kind::Op("|") => {
                let mut first = std::mem::take(&mut self.term.first);
                let pos = self.trav(&mut first, t.end);
                self.term.first = first;
                let pos = pos?;
                let t = self.lx.next(pos)?;
                if t.is("(") {
                    return self.args(t.end, 0);
                }
                self.end_token(t)
            }
            Kind::Op("(") => {
                let close = self.lx.next(t.end)?;
                if close.is(")") {
                    self.term.src.zero = true;
                    return self.end_of_term(close.end);
                }
                self.args(t.end, 0)
            }
            _ => self.end_token(t),
        }
    }

    /// `$x == y`, `$x ~= "text"`: the predicate read so far is the source.
    fn equality(&mut self, pos: usize, kind: TermKind) -> Result<usize, ParseError> {
        if self.term.oper != Oper::And {
            return Err(self.err(pos, "cannot mix operator with equality expression"));
        }
        self.term.src = std::mem::take(&mut self.term.first);
        self.term.kind = kind;
        let t = self.lx.next(pos)?;
        if is_term_ident(&t) {
            self.term.second.name = Some(t.value);
        } else if t.kind == Kind::Str {
            let mut text = t.value;
            if kind == TermKind::Match && text.first() == Some(&b'!') {
                text.remove(0);
                self.term.oper = Oper::Not;
            }
            self.term.second.name = Some(text);
            self.term.second.is_name = true;
        } else {
            return Err(self.unexpected(&t));
        }
        self.end_of_term(t.end)
    }

    /// Traversal flags `self|up ChildOf`: words joined by `|`, then maybe a relationship.
    fn trav(&mut self, r: &mut RawRef, mut pos: usize) -> Result<usize, ParseError> {
        loop {
            let word = self.lx.next(pos)?;
            if word.kind != Kind::Ident {
                return Err(self.unexpected(&word));
            }
            r.trav |= trav_flag(&word.value);
            pos = word.end;
            let next = self.lx.next(pos)?;
            if next.is("|") {
                pos = next.end;
                continue;
            }
            if next.kind == Kind::Ident {
                self.term.trav_rel = Some(next.value);
                return Ok(next.end);
            }
            return Ok(pos);
        }
    }

    /// The arguments from number `arg` on (0: source, 1: pair target, then extra ones).
    fn args(&mut self, mut pos: usize, mut arg: usize) -> Result<usize, ParseError> {
        loop {
            let slot = match arg {
                0 => Slot::Src,
                1 => Slot::Second,
                n if n > ARG_COUNT_MAX => {
                    return Err(self.err(pos, "too many arguments in term"));
                }
                n => Slot::Extra(n - 2),
            };
            let t = self.lx.next(pos)?;
            if t.kind == Kind::Ident && trav_flag(&t.value) != 0 {
                let mut r = std::mem::take(self.slot(slot));
                let res = self.trav(&mut r, pos);
                *self.slot(slot) = r;
                pos = res?;
            } else if is_term_ident(&t) {
                self.slot(slot).name = Some(t.value);
                pos = t.end;
                let bar = self.lx.next(pos)?;
                if bar.is("|") {
                    let mut r = std::mem::take(self.slot(slot));
                    let res = self.trav(&mut r, bar.end);
                    *self.slot(slot) = r;
                    pos = res?;
                    let rel = self.lx.next(pos)?;
                    if rel.kind == Kind::Ident {
                        self.term.trav_rel = Some(rel.value);
                        pos = rel.end;
                    }
                }
            } else {
                return Err(self.unexpected(&t));
            }
            let t = self.lx.next(pos)?;
            match t.kind {
                Kind::Op(",") | Kind::Op("||") => {
                    let oper = if t.is(",") { Oper::And } else { Oper::Or };
                    if arg > 1 && self.extra_oper != oper {
                        return Err(self.err(t.end, "cannot mix operators in extra term arguments"));
                    }
                    self.extra_oper = oper;
                    pos = t.end;
                    arg += 1;
                }
                Kind::Op(")") => return self.end_of_term(t.end),
                _ => return Err(self.unexpected(&t)),
            }
        }
    }

    /// A pair `(First[|flags], second ...)`.
    fn pair(&mut self, pos: usize) -> Result<usize, ParseError> {
        let t = self.lx.next(pos)?;
        if !is_term_ident(&t) {
            return Err(self.unexpected(&t));
        }
        self.term.first.name = Some(t.value);
        let mut pos = t.end;
        let bar = self.lx.next(pos)?;
        if bar.is("|") {
            let mut first = std::mem::take(&mut self.term.first);
            let res = self.trav(&mut first, bar.end);
            self.term.first = first;
            pos = res?;
        }
        let comma = self.lx.next(pos)?;
        if !comma.is(",") {
            return Err(self.unexpected(&comma));
        }
        self.args(comma.end, 1)
    }
}
