//! Printing terms back as query text, in a canonical form that parses to the same terms.

use std::fmt::{self, Write as _};

use super::ast::{IdFlag, IdRef, InOut, Oper, QueryAst, Term, TermId, TermKind, Traversal};
use super::error::ParseError;

/// Writes a name or variable name, escaping what would end the token.
/// (`*`, `$` and `"` may stay plain only where they start the token, so not after a
/// variable's `$`; a relationship name is kept as its token was written.)
fn write_name(out: &mut String, name: &str, starts_token: bool) {
    for (i, ch) in name.chars().enumerate() {
        let plain = ch.is_ascii_alphanumeric()
            || ch == '_'
            || ch == '.'
            || (i == 0 && starts_token && matches!(ch, '*' | '$' | '"'));
        if !plain {
            out.push('\\');
        }
        out.push(ch);
    }
}

fn write_str(out: &mut String, text: &str, negate: bool) {
    out.push('"');
    if negate {
        out.push('!');
    }
    for ch in text.chars() {
        // `<` and `>` nest even inside a string, so they are escaped too.
        if matches!(ch, '"' | '\\' | '<' | '>') {
            out.push('\\');
        }
        out.push(ch);
    }
    out.push('"');
}

fn write_id(out: &mut String, id: &IdRef) {
    match id {
        IdRef::Unset => {}
        IdRef::This => out.push_str("$this"),
        // `$""` is the one way to write a variable with an empty name.
        IdRef::Variable(name) if name.is_empty() => out.push_str("$\"\""),
        IdRef::Variable(name) => {
            out.push('$');
            write_name(out, name, false);
        }
        IdRef::Name(name) => write_name(out, name, true),
        IdRef::Entity(id) => {
            let _ = write!(out, "{id}");
        }
        IdRef::Wildcard => out.push('*'),
        IdRef::Any => out.push('_'),
        IdRef::Singleton => out.push('$'),
        IdRef::Str(text) => write_str(out, text, false),
    }
}

fn write_trav(out: &mut String, trav: &Traversal) {
    let mut words = Traversal::KEYWORDS
        .iter()
        .filter(|(_, flag)| trav.flags & flag != 0)
        .peekable();
    while let Some((word, _)) = words.next() {
        out.push_str(word);
        if words.peek().is_some() {
            out.push('|');
        } else if let Some(rel) = &trav.rel {
            out.push('(');
            write_name(out, rel, true);
            out.push(')');
        }
    }
}

/// An element with its set expression, `name:flags` (only the flags for a `$this` source).
fn write_arg(out: &mut String, id: &TermId, is_src: bool) {
    let flags_only = (is_src && id.id == IdRef::This) || id.id == IdRef::Unset;
    if flags_only && !id.trav.is_empty() {
        write_trav(out, &id.trav);
        return;
    }
    write_id(out, &id.id);
    if !id.trav.is_empty() {
        out.push(':');
        write_trav(out, &id.trav);
    }
}

fn write_prefix(out: &mut String, term: &Term) {
    match term.oper {
        Oper::Not if term.kind != TermKind::Eq => {
            let negated_str =
                term.kind == TermKind::Match && matches!(term.second.id, IdRef::Str(_));
            if !negated_str {
                out.push('!');
            }
        }
        Oper::Optional => out.push('?'),
        _ => {}
    }
    match (term.oper, term.id_flag) {
        (Oper::AndFrom, _) => out.push_str("AND|"),
        (Oper::OrFrom, _) => out.push_str("OR|"),
        (Oper::NotFrom, _) => out.push_str("NOT|"),
        (_, IdFlag::Toggle) => out.push_str("TOGGLE|"),
        (_, IdFlag::Override) => out.push_str("OVERRIDE|"),
        _ => {}
    }
}

fn write_args(out: &mut String, term: &Term, sep: &str) {
    out.push('(');
    write_arg(out, &term.src, true);
    if term.second.id.is_set() || !term.second.trav.is_empty() {
        out.push_str(sep);
        write_arg(out, &term.second, false);
    }
    out.push(')');
}

/// Writes one term (`flecs`: as Flecs prints a finalized term back in errors, where `!{` is
/// `{` and a pair's elements are separated by `,` alone).
pub(crate) fn write_term(out: &mut String, term: &Term, flecs: bool) {
    let sep = if flecs { "," } else { ", " };
    match term.kind {
        TermKind::ScopeOpen => {
            if !flecs {
                write_prefix(out, term);
            }
            out.push('{');
            return;
        }
        TermKind::ScopeClose => {
            // `!}` and `?}` parse too.
            if !flecs {
                write_prefix(out, term);
            }
            out.push('}');
            return;
        }
        TermKind::Eq | TermKind::Match => {
            write_prefix(out, term);
            write_id(out, &term.src.id);
            out.push_str(match (term.kind, term.oper) {
                (TermKind::Eq, Oper::Not) => " != ",
                (TermKind::Eq, _) => " == ",
                _ => " ~= ",
            });
            match &term.second.id {
                IdRef::Str(text) => write_str(
                    out,
                    text,
                    term.oper == Oper::Not && term.kind == TermKind::Match,
                ),
                other => write_id(out, other),
            }
            return;
        }
        TermKind::Id => {}
    }
    match term.inout {
        InOut::Default => {}
        InOut::In => out.push_str("[in] "),
        InOut::Out => out.push_str("[out] "),
        InOut::InOut => out.push_str("[inout] "),
        InOut::None => out.push_str("[none] "),
        InOut::Filter => out.push_str("[filter] "),
    }
    write_prefix(out, term);
    let default_src = term.src.id == IdRef::This && term.src.trav.is_empty();
    let has_second = term.second.id.is_set();
    // A second element with flags but no name (`Rel(Src, up)`) is written as an argument.
    let default_src = default_src && (has_second || term.second.trav.is_empty());
    if !term.first.trav.is_empty() {
        // `(First:flags)` alone cannot be followed by a space (Flecs reads on right after
        // its `)`), so without a second element the source is written out.
        if default_src && has_second {
            out.push('(');
            write_arg(out, &term.first, false);
            out.push_str(sep);
            write_arg(out, &term.second, false);
            out.push(')');
        } else {
            write_arg(out, &term.first, false);
            out.push(':');
            write_args(out, term, sep);
        }
    } else if default_src {
        if has_second {
            out.push('(');
            write_id(out, &term.first.id);
            out.push_str(sep);
            write_arg(out, &term.second, false);
            out.push(')');
        } else {
            write_id(out, &term.first.id);
        }
    } else if flecs && term.src.id == IdRef::Entity(0) && !has_second {
        // Flecs prints a term without source as `A()`.
        write_id(out, &term.first.id);
        out.push_str("()");
    } else {
        write_id(out, &term.first.id);
        write_args(out, term, sep);
    }
}

/// Writes a term as Flecs prints one its filter has not finalized yet (the terms after the
/// one an error is about): without the finalized default flags, the source always goes in
/// parentheses (`Kind()` for `$this`, `ChildOf(,$p)` for a pair).
fn write_parsed_term(out: &mut String, term: &Term, after_or: bool) {
    let pred = match term.kind {
        TermKind::Id => None,
        TermKind::Eq => Some("PredEq"),
        TermKind::Match => Some("PredMatch"),
        TermKind::ScopeOpen | TermKind::ScopeClose => {
            write_term(out, term, true);
            return;
        }
    };
    // The parser gives `==` and `~=` terms no inout and a `self` source.
    let inout = if pred.is_some() {
        InOut::None
    } else {
        term.inout
    };
    if !after_or {
        match inout {
            InOut::In => out.push_str("[in] "),
            InOut::Out => out.push_str("[out] "),
            InOut::InOut => out.push_str("[inout] "),
            InOut::None if term.oper != Oper::Not => out.push_str("[none] "),
            _ => {}
        }
    }
    let has_second = term.second.id.is_set();
    if let Some(name) = pred {
        if term.oper == Oper::Not {
            out.push('!');
        }
        out.push_str(name);
        out.push('(');
        write_id(out, &term.src.id);
        out.push_str(":self,");
        match &term.second.id {
            IdRef::Str(text) => out.push_str(text),
            other => write_id(out, other),
        }
        out.push(')');
        return;
    }
    write_prefix(out, term);
    write_arg(out, &term.first, false);
    if matches!(term.src.id, IdRef::Entity(0)) {
        // No source: `A()`, and `A(0,B)` for a pair.
        out.push_str(if has_second { "(0," } else { "()" });
        if has_second {
            write_arg(out, &term.second, false);
            out.push(')');
        }
        return;
    }
    out.push('(');
    // `self|up` is what finalizing would fill in: not printed.
    let trav = &term.src.trav;
    let default_trav = trav.flags == Traversal::SELF | Traversal::UP && trav.rel.is_none();
    let show_trav = !trav.is_empty() && !default_trav;
    if term.src.id != IdRef::This {
        write_id(out, &term.src.id);
        if show_trav {
            out.push(':');
        }
    }
    if show_trav {
        write_trav(out, trav);
    }
    if has_second {
        out.push(',');
        write_arg(out, &term.second, false);
    }
    out.push(')');
}

/// Writes the terms as a query; with `mark`, as Flecs prints it back in errors (the terms up
/// to `mark` finalized, the ones after it as parsed), and the column Flecs reports for term
/// `mark` in that text (two past the term's start, for any term but the first).
pub(crate) fn write_terms(terms: &[Term], mark: Option<usize>) -> (String, usize) {
    let mut out = String::new();
    let mut column = 0;
    for (i, term) in terms.iter().enumerate() {
        if mark == Some(i) {
            column = out.len() + if i > 0 { 2 } else { 0 };
        }
        match mark {
            Some(m) if i > m => {
                let after_or = i > 0 && terms.get(i - 1).is_some_and(|p| p.oper == Oper::Or);
                write_parsed_term(&mut out, term, after_or);
            }
            _ => write_term(&mut out, term, mark.is_some()),
        }
        if let Some(next) = terms.get(i + 1) {
            if term.oper == Oper::Or {
                out.push_str(" || ");
            } else if term.kind != TermKind::ScopeOpen
                && (next.kind != TermKind::ScopeClose
                    || (mark.is_none() && !matches!(next.oper, Oper::And | Oper::Or)))
            {
                out.push_str(", ");
            }
        }
    }
    (out, column)
}

/// The error Flecs reports while finalizing term `index` once names are looked up (e.g.
/// `unresolved identifier 'Foo'`): shown against the query printed back, at the column Flecs
/// gives that term. For the evaluator ([`crate::eval`]).
pub(crate) fn term_error(terms: &[Term], index: usize, message: impl Into<String>) -> ParseError {
    let (text, column) = write_terms(terms, Some(index));
    let offset = terms.get(index).map(|t| t.span.start);
    ParseError::in_text(&text, column, message).with_offset(offset)
}

/// Prints the query in canonical form: it parses back to the same terms, except for a name
/// that has no spelling of its own (one with a `"`, which switches Flecs' tokenizer into
/// string mode, or with a non-ASCII byte taken in through a backslash escape), and a string
/// as first element (`("x")`, which Flecs cannot read followed by a space), and a source or
/// target named like a traversal keyword (`self`, `up`, ...), which an argument list reads
/// as the keyword.
///
/// ```
/// let q = rosetta_world::query::parse("[in]Position($this),(Likes,$Food)||(Likes,Apples)").unwrap();
/// assert_eq!(q.to_string(), "[in] Position, (Likes, $Food) || (Likes, Apples)");
/// ```
impl fmt::Display for QueryAst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            // No terms is written `0` (an empty query does not parse).
            return f.write_str("0");
        }
        f.write_str(&write_terms(&self.terms, None).0)
    }
}

/// Prints one term in canonical form.
///
/// ```
/// let q = rosetta_world::query::parse("Position(my_widget:parent)").unwrap();
/// assert_eq!(q.terms[0].to_string(), "Position(my_widget:parent)");
/// ```
impl fmt::Display for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_term(&mut out, self, false);
        f.write_str(&out)
    }
}
