//! Printing terms back in Flecs v4.1.6's query language, in a canonical form that parses to
//! the same terms: `[inout] !Position($x|self|up ChildOf)`, `(Likes, $Food)`,
//! `$this ~= "P"`, `{`, `}`.

use crate::query::ast::{IdFlag, IdRef, InOut, Oper, QueryAst, Term, TermId, TermKind, Traversal};

use super::token::{is_ident_start, is_keyword};

/// Writes a name so that v4's tokenizer reads it back as one identifier with this text:
/// every byte that would end the token is escaped with `\`, and so is the last letter of a
/// script keyword (`in` would read as the keyword `in` before a space).
fn write_name(out: &mut String, name: &str) {
    // A name ending in a balanced `<...>` (a template argument list) is written with that
    // part as it is: the tokenizer copies it whole, spaces and all, and ends the name there.
    if let Some(at) = template_start(name) {
        let (head, tail) = name.split_at(at);
        write_plain_name(out, head);
        out.push_str(tail);
        return;
    }
    write_plain_name(out, name)
}

/// Where a trailing balanced `<...>` of `name` starts, if it has one: scanning back from a
/// final `>`, the `<` where the brackets first balance (a `<` before it is escaped).
fn template_start(name: &str) -> Option<usize> {
    let bytes = name.as_bytes();
    if bytes.last() != Some(&b'>') {
        return None;
    }
    let mut depth = 0i64;
    for (i, &b) in bytes.iter().enumerate().rev() {
        match b {
            b'>' => depth -= 1,
            b'<' => depth += 1,
            _ => {}
        }
        if depth == 0 {
            // At 0 only for a variable, whose `$` comes first.
            return Some(i);
        }
    }
    None
}

fn write_plain_name(out: &mut String, name: &str) {
    let bytes = name.as_bytes();
    let keyword = is_keyword(bytes);
    for (i, ch) in name.char_indices() {
        let c = ch as u32;
        let ascii = u8::try_from(c).ok();
        let plain = match ascii {
            Some(b) if i == 0 => is_ident_start(b),
            Some(b'\\') => bytes.get(i + 1) == Some(&b'.'),
            Some(b'*') => i > 0 && bytes.get(i - 1) == Some(&b'.'),
            Some(b'.') => bytes.get(i + 1) != Some(&b'.'),
            Some(b) => is_ident_start(b) || b.is_ascii_digit(),
            None => false,
        };
        if !plain || (keyword && i + ch.len_utf8() == bytes.len()) {
            out.push('\\');
        }
        out.push(ch);
    }
}

/// Whether `text` reads back unchanged between `delim`s: the tokenizer copies a string raw,
/// skipping `\\x` pairs (in a `` ` `` string only `` \\` ``), and ends it at a bare delimiter.
fn fits(text: &str, delim: u8) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let next = b.get(i + 1).copied();
        if c == b'\\' && (delim == b'"' || next == Some(b'`')) {
            if next.is_none() {
                return false;
            }
            i += 2;
        } else if c == delim || (c == b'\\' && next.is_none()) {
            return false;
        } else {
            i += 1;
        }
    }
    true
}

/// A string between `"`s, or between `` ` ``s when it has a bare `"` (what a `` ` `` string
/// may hold).
fn write_str(out: &mut String, text: &str, negate: bool) {
    let delim = if fits(text, b'"') || !fits(text, b'`') {
        '"'
    } else {
        '`'
    };
    out.push(delim);
    if negate {
        out.push('!');
    }
    out.push_str(text);
    out.push(delim);
}

fn write_id(out: &mut String, id: &IdRef) {
    match id {
        IdRef::Unset => {}
        IdRef::This => out.push_str("$this"),
        IdRef::Variable(name) => {
            out.push('$');
            write_name(out, name);
        }
        IdRef::Name(name) => {
            // A number is its own token and is read back as the same name.
            let number = name
                .bytes()
                .next()
                .is_some_and(|b| b.is_ascii_digit() || b == b'-');
            if number {
                out.push_str(name);
            } else {
                write_name(out, name);
            }
        }
        IdRef::Entity(id) => {
            out.push('#');
            out.push_str(&id.to_string());
        }
        IdRef::Wildcard => out.push('*'),
        IdRef::Any => out.push('_'),
        IdRef::Singleton => out.push('$'),
        IdRef::Str(text) => write_str(out, text, false),
    }
}

/// The flags of an element, `self|up`, and the term's traversal relationship after them.
fn write_flags(out: &mut String, flags: u8, rel: Option<&str>) {
    let mut first = true;
    for (word, flag) in Traversal::KEYWORDS {
        if flags & flag != 0 && !matches!(word, "down" | "parent") {
            if !first {
                out.push('|');
            }
            out.push_str(word);
            first = false;
        }
    }
    if let Some(rel) = rel {
        out.push(' ');
        write_name(out, rel);
    }
}

/// An element: its name, then `|flags` if any (flags alone for a source that is `$this`).
/// A relationship given with no flag word (`A|x Rel`) is written after `|_`, a word that
/// sets no flag.
fn write_ref(out: &mut String, id: &TermId, rel: Option<&str>, flags_alone: bool) {
    let has_flags = id.trav.flags & !(Traversal::DOWN | Traversal::PARENT) != 0;
    if !(flags_alone && has_flags) {
        write_id(out, &id.id);
        if has_flags && id.id.is_set() {
            out.push('|');
        }
    }
    if has_flags {
        write_flags(out, id.trav.flags, rel);
    } else if let Some(rel) = rel {
        out.push_str("|_ ");
        write_name(out, rel);
    }
}

/// `[in] ` and the like (after `||` too: each term of an Or chain keeps its own).
fn write_inout(out: &mut String, inout: InOut) {
    match inout {
        InOut::Default => {}
        InOut::In => out.push_str("[in] "),
        InOut::Out => out.push_str("[out] "),
        InOut::InOut => out.push_str("[inout] "),
        InOut::None => out.push_str("[none] "),
        InOut::Filter => out.push_str("[filter] "),
    }
}

fn write_flag(out: &mut String, flag: IdFlag) {
    match flag {
        IdFlag::Toggle => out.push_str("toggle|"),
        IdFlag::Override => out.push_str("auto_override|"),
        IdFlag::None => {}
    }
}

/// Writes one term in canonical v4 form.
pub(crate) fn term_v4(out: &mut String, t: &Term) {
    match t.kind {
        TermKind::ScopeOpen => {
            out.push_str(if t.oper == Oper::Not { "!{" } else { "{" });
            return;
        }
        TermKind::ScopeClose => {
            out.push('}');
            return;
        }
        TermKind::Eq | TermKind::Match => {
            // The access and flag are kept as written (v4's validator then makes it `[none]`).
            write_inout(out, t.inout);
            write_flag(out, t.id_flag);
            write_id(out, &t.src.id);
            let op = match (t.kind, t.oper) {
                (TermKind::Eq, Oper::Not) => " != ",
                (TermKind::Eq, _) => " == ",
                _ => " ~= ",
            };
            out.push_str(op);
            match &t.second.id {
                IdRef::Str(s) => {
                    write_str(out, s, t.kind == TermKind::Match && t.oper == Oper::Not)
                }
                other => write_id(out, other),
            }
            return;
        }
        TermKind::Id => write_inout(out, t.inout),
    }
    match t.oper {
        Oper::Not => out.push('!'),
        Oper::Optional => out.push('?'),
        Oper::AndFrom => out.push_str("and|"),
        Oper::OrFrom => out.push_str("or|"),
        Oper::NotFrom => out.push_str("not|"),
        Oper::And | Oper::Or => {}
    }
    write_flag(out, t.id_flag);
    let rel = t.src.trav.rel.as_deref();
    let src_flags = t.src.trav.flags != 0;
    let second_flags = t.second.trav.flags != 0;
    // The relationship is written after the first flags that are printed.
    let (rel_first, rel_src, rel_second) = if src_flags {
        (None, rel, None)
    } else if t.first.trav.flags != 0 || !second_flags {
        (rel, None, None)
    } else {
        (None, None, rel)
    };
    let plain_src = t.src.id == IdRef::This && !src_flags;
    // `and|(R, T)` would lose its operator or flag (v4's parser drops them before a pair).
    let prefixed =
        matches!(t.oper, Oper::AndFrom | Oper::OrFrom | Oper::NotFrom) || t.id_flag != IdFlag::None;
    let pair_form = plain_src && (t.second.id.is_set() || second_flags) && !prefixed;
    let simple = plain_src && !t.second.id.is_set() && !second_flags;
    if pair_form {
        out.push('(');
        write_ref(out, &t.first, rel_first, false);
        out.push_str(", ");
        write_ref(out, &t.second, rel_second, false);
        out.push(')');
        return;
    }
    write_ref(out, &t.first, rel_first, false);
    if simple {
        return;
    }
    // No source is written `#0` (`()` cannot follow traversal flags).
    out.push('(');
    write_ref(out, &t.src, rel_src, t.src.id == IdRef::This);
    if t.second.id.is_set() || second_flags {
        out.push_str(", ");
        write_ref(out, &t.second, rel_second, false);
    }
    out.push(')');
}

/// Writes the terms as a v4 query: `, ` between terms, ` || ` in an Or chain, nothing after
/// `{` or before `}`.
pub(crate) fn write_terms_v4(terms: &[Term]) -> String {
    let mut out = String::new();
    for (i, t) in terms.iter().enumerate() {
        term_v4(&mut out, t);
        if let Some(next) = terms.get(i + 1) {
            if t.oper == Oper::Or && t.kind != TermKind::ScopeOpen {
                out.push_str(" || ");
            } else if t.kind != TermKind::ScopeOpen && next.kind != TermKind::ScopeClose {
                out.push_str(", ");
            }
        }
    }
    out
}

impl QueryAst {
    /// Prints the query in Flecs v4.1.6's language, in a canonical form that
    /// [`crate::query::parse_v4`] reads back to the same terms.
    ///
    /// ```
    /// let q = rosetta_world::query::parse_v4("[in]Position($this|up ChildOf),(Likes,$Food)").unwrap();
    /// assert_eq!(q.to_v4_string(), "[in] Position(up ChildOf), (Likes, $Food)");
    /// ```
    pub fn to_v4_string(&self) -> String {
        if self.terms.is_empty() {
            return "0".to_owned();
        }
        let text = write_terms_v4(&self.terms);
        // The text `0` alone is the empty query; a predicate named `0` needs its source.
        if text == "0" {
            return "0($this)".to_owned();
        }
        text
    }
}
