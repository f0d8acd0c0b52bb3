//! A term while it is being parsed, shaped like Flecs' `ecs_term_t` before finalization
//! (names and flags), and its conversion into the AST.

use crate::query::ast::{IdFlag, IdRef, InOut, Oper, Span, Term, TermId, TermKind, Traversal};
use crate::query::error::ParseError;

use super::cursor::Src;

/// One element of a term as the parser fills it in.
#[derive(Debug, Clone, Default)]
pub(super) struct RawId {
    /// The identifier, without its `$` or quotes.
    pub name: Option<Vec<u8>>,
    /// Written with `$`.
    pub var: bool,
    /// Written as a string.
    pub is_name: bool,
    /// Set to entity 0 without a name (`Position()`, scopes).
    pub zero: bool,
    /// Set to `$this` without a name (the pair form, the default source).
    pub this: bool,
    /// Traversal flags and relationship.
    pub trav: u8,
    pub trav_rel: Option<Vec<u8>>,
}

impl RawId {
    /// Whether any flag is set (Flecs' `flags != 0`).
    pub fn has_flags(&self) -> bool {
        self.var || self.is_name || self.zero || self.this || self.trav != 0
    }

    /// Fills in the identifier from a token: `$name` is a variable, `"text"` a string.
    pub fn assign(&mut self, token: &[u8]) -> Result<(), ParseError> {
        let mut rest = token;
        if rest.len() > 1 && rest.first() == Some(&b'$') {
            self.var = true;
            rest = rest.get(1..).unwrap_or_default();
        }
        if rest.len() > 1 && rest.first() == Some(&b'"') {
            self.is_name = true;
            rest = rest.get(1..).unwrap_or_default();
            if rest.first() == Some(&b'!') {
                rest = rest.get(1..).unwrap_or_default();
            }
            match rest.split_last() {
                Some((b'"', inner)) => rest = inner,
                _ => {
                    let text = String::from_utf8_lossy(token);
                    return Err(ParseError::in_text(
                        &text,
                        0,
                        "missing '\"' at end of string",
                    ));
                }
            }
        }
        self.name = Some(rest.to_vec());
        Ok(())
    }

    /// The name compared with `text`.
    pub fn name_is(&self, text: &[u8]) -> bool {
        self.name.as_deref() == Some(text)
    }
}

/// `AND|`, `OR|`, `NOT|`, `TOGGLE|`, `OVERRIDE|`, or the pair flag arguments set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(super) enum Role {
    #[default]
    None,
    Pair,
    And,
    Or,
    Not,
    Toggle,
    Override,
}

/// A term as the parser fills it in.
#[derive(Debug, Clone)]
pub(super) struct RawTerm {
    pub kind: TermKind,
    pub first: RawId,
    pub second: RawId,
    pub src: RawId,
    pub role: Role,
    pub oper: Oper,
    pub inout: InOut,
}

impl Default for RawTerm {
    fn default() -> Self {
        RawTerm {
            kind: TermKind::Id,
            first: RawId::default(),
            second: RawId::default(),
            src: RawId::default(),
            role: Role::None,
            oper: Oper::And,
            inout: InOut::Default,
        }
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An all-digit identifier written the way a number is printed (`0`, or no leading zero).
fn entity_id(name: &[u8]) -> Option<u64> {
    if name.is_empty() || !name.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if name.len() > 1 && name.first() == Some(&b'0') {
        return None;
    }
    std::str::from_utf8(name).ok()?.parse().ok()
}

fn id_ref(raw: &RawId) -> IdRef {
    let Some(name) = raw.name.as_deref() else {
        return if raw.zero {
            IdRef::Entity(0)
        } else if raw.this {
            IdRef::This
        } else {
            IdRef::Unset
        };
    };
    if raw.zero {
        return IdRef::Entity(0);
    }
    if raw.var {
        return match name {
            b"this" | b"This" => IdRef::This,
            _ => IdRef::Variable(text(name)),
        };
    }
    if raw.is_name {
        return IdRef::Str(text(name));
    }
    match name {
        b"*" => IdRef::Wildcard,
        b"_" => IdRef::Any,
        b"$" => IdRef::Singleton,
        _ => entity_id(name).map_or_else(|| IdRef::Name(text(name)), IdRef::Entity),
    }
}

fn term_id(raw: &RawId) -> TermId {
    TermId {
        id: id_ref(raw),
        trav: Traversal {
            flags: raw.trav,
            rel: raw.trav_rel.as_deref().map(text),
        },
    }
}

impl RawTerm {
    /// The AST term, spanning `start..end` of `src` (trailing spaces left out).
    pub fn into_term(self, src: Src<'_>, start: usize, end: usize) -> Term {
        let mut end = end.min(src.bytes.len()).max(start);
        while end > start && src.at(end - 1).is_ascii_whitespace() {
            end -= 1;
        }
        let id_flag = match self.role {
            Role::Toggle => IdFlag::Toggle,
            Role::Override => IdFlag::Override,
            _ => IdFlag::None,
        };
        Term {
            kind: self.kind,
            first: term_id(&self.first),
            second: term_id(&self.second),
            src: term_id(&self.src),
            id_flag,
            oper: self.oper,
            inout: self.inout,
            field: 0,
            span: Span { start, end },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(token: &str) -> IdRef {
        let mut raw = RawId::default();
        raw.assign(token.as_bytes()).unwrap();
        id_ref(&raw)
    }

    #[test]
    fn identifiers() {
        assert_eq!(r("Position"), IdRef::Name("Position".into()));
        assert_eq!(r("a.b"), IdRef::Name("a.b".into()));
        assert_eq!(r("$x"), IdRef::Variable("x".into()));
        assert_eq!(r("$_x"), IdRef::Variable("_x".into()));
        assert_eq!(r("$this"), IdRef::This);
        assert_eq!(r("$This"), IdRef::This);
        assert_eq!(r("this"), IdRef::Name("this".into()));
        assert_eq!(r("*"), IdRef::Wildcard);
        assert_eq!(r("_"), IdRef::Any);
        assert_eq!(r("$"), IdRef::Singleton);
        assert_eq!(r("10000"), IdRef::Entity(10000));
        assert_eq!(r("0"), IdRef::Entity(0));
        assert_eq!(r("007"), IdRef::Name("007".into()));
        assert_eq!(
            r("99999999999999999999999"),
            IdRef::Name("99999999999999999999999".into())
        );
        assert_eq!(r("\"Foo\""), IdRef::Str("Foo".into()));
        assert_eq!(r("\"!Foo\""), IdRef::Str("Foo".into()));
        assert_eq!(r("\"\""), IdRef::Str(String::new()));
        assert_eq!(r("\""), IdRef::Name("\"".into()));
    }

    #[test]
    fn unterminated_string() {
        let mut raw = RawId::default();
        let e = raw.assign(b"\"Foo").unwrap_err();
        assert_eq!(e.to_string(), "missing '\"' at end of string\n\"Foo\n^");
        assert!(RawId::default().assign(b"\"!").is_err());
    }
}
