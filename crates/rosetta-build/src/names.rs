//! Rust names for schema names: the casing Rust expects, never a keyword, never two alike.

use std::collections::HashSet;

use heck::{ToSnakeCase, ToUpperCamelCase};
use proc_macro2::{Ident, Span};

/// Words that cannot be raw identifiers (`r#self` is no identifier): they take a `_` suffix.
const NOT_RAW: &[&str] = &["self", "Self", "super", "crate", "_"];

/// Rust's keywords, strict and reserved, of every edition up to 2024.
const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// A name as Rust code spells it: the plain word (for collision checks and serde renames) and
/// whether it must be written raw (`r#type`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RustName {
    pub word: String,
    raw: bool,
}

impl RustName {
    fn new(mut word: String) -> Self {
        if word.is_empty() || word.starts_with(|c: char| c.is_ascii_digit()) {
            word.insert(0, '_');
        }
        if NOT_RAW.contains(&word.as_str()) {
            word.push('_');
        }
        let raw = KEYWORDS.contains(&word.as_str());
        RustName { word, raw }
    }

    pub fn ident(&self) -> Ident {
        if self.raw {
            Ident::new_raw(&self.word, Span::call_site())
        } else {
            Ident::new(&self.word, Span::call_site())
        }
    }
}

/// Keeps characters Rust allows in identifiers (schema names are ASCII words already; this
/// guards a bundle from elsewhere).
fn clean(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `PlayerInfo` for `player_info` or `PLAYER_INFO`; a name in upper camel case already is kept
/// as the schema spells it (`NPCRole`), so that the Rust and schema names match.
pub fn type_name(name: &str) -> String {
    let name = clean(name);
    let upper_camel = name.starts_with(|c: char| c.is_ascii_uppercase())
        && !name.contains('_')
        && name.chars().any(|c| c.is_ascii_lowercase());
    if upper_camel {
        return name;
    }
    let camel = name.to_upper_camel_case();
    if camel.is_empty() {
        "_".into()
    } else {
        camel
    }
}

/// `player_info` for `PlayerInfo`.
pub fn field_name(name: &str) -> String {
    clean(name).to_snake_case()
}

/// Hands out names in one namespace, each once: a name taken already gets `_` appended until
/// it is free (as prost-build does).
#[derive(Debug, Default)]
pub struct Namespace {
    taken: HashSet<String>,
}

impl Namespace {
    pub fn new() -> Self {
        Namespace::default()
    }

    /// Reserves a word without handing it out (a name the generated code uses itself).
    pub fn reserve(&mut self, word: &str) {
        self.taken.insert(word.to_owned());
    }

    pub fn claim(&mut self, word: String) -> RustName {
        let mut name = RustName::new(word);
        while !self.taken.insert(name.word.clone()) {
            name = RustName::new(format!("{}_", name.word));
        }
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_are_raw_or_suffixed_and_repeats_get_suffixes() {
        let mut ns = Namespace::new();
        assert_eq!(ns.claim(field_name("type")).ident().to_string(), "r#type");
        assert_eq!(ns.claim(field_name("self")).ident().to_string(), "self_");
        assert_eq!(ns.claim(field_name("fooBar")).word, "foo_bar");
        assert_eq!(ns.claim(field_name("foo_bar")).word, "foo_bar_");
        assert_eq!(ns.claim(field_name("1st")).word, "_1st");
        assert_eq!(type_name("player_info"), "PlayerInfo");
        assert_eq!(type_name("NPCRole"), "NPCRole");
        assert_eq!(type_name("RED"), "Red");
    }
}
