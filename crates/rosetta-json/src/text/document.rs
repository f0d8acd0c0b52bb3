//! JSON documents as O3DE reads its files: RapidJSON with `kParseCommentsFlag`, so `//` and
//! `/* */` comments and a byte order mark are allowed; trailing commas are not.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

use ::serde::de::{self, DeserializeSeed, Deserializer as _, MapAccess, SeqAccess, Visitor};
use serde_json::Value;

/// A JSON document read as O3DE reads its files: a byte order mark and `//` and `/* */`
/// comments are allowed (RapidJSON's `kParseCommentsFlag`), trailing commas are not. Arrays and
/// objects nest at most [`MAX_JSON_NESTING`](rosetta_types::MAX_JSON_NESTING) deep (304: as deep
/// as schema data within [`MAX_NESTING`](rosetta_types::MAX_NESTING) needs; serde_json alone
/// stops at 128).
pub fn parse_document(text: &str) -> serde_json::Result<Value> {
    rosetta_wire::json_input::from_str_keep_last(&json_text(text))
}

/// `text` as serde_json reads it: without its byte order mark and comments.
fn json_text(text: &str) -> Cow<'_, str> {
    without_comments(text.strip_prefix('\u{feff}').unwrap_or(text))
}

/// `text` with its `//` and `/* */` comments (which O3DE's reader accepts and serde_json does
/// not) turned into spaces, line breaks kept, so that positions in errors stay right. An
/// unterminated `/*` is left for the parser to reject, as O3DE does.
pub fn without_comments(text: &str) -> Cow<'_, str> {
    let b = text.as_bytes();
    if !b.contains(&b'/') {
        return Cow::Borrowed(text);
    }
    let mut out = b.to_vec();
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let end = match (c, b.get(i + 1)) {
            (b'"', _) => {
                i = crate::text::scan::string_end(b, i);
                continue;
            }
            (b'/', Some(b'/')) => b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |n| i + n),
            (b'/', Some(b'*')) => match b[i + 2..].windows(2).position(|w| w == b"*/") {
                Some(n) => i + 2 + n + 2,
                None => break,
            },
            _ => {
                i += 1;
                continue;
            }
        };
        for byte in &mut out[i..end] {
            if *byte != b'\n' {
                *byte = b' ';
            }
        }
        i = end;
    }
    // Whole comments became spaces, so the text is still UTF-8.
    String::from_utf8(out).map_or(Cow::Borrowed(text), Cow::Owned)
}

/// [`parse_document`], refusing an object with two members of the same name (serde_json keeps
/// the last, RapidJSON both, and its lookups find the first): the error says which and where.
/// For documents whose meaning such a member would change silently, as a JSON Patch operation
/// with two `op`s (RFC 6902, A.13).
pub fn parse_unique_document(text: &str) -> serde_json::Result<Value> {
    let text = json_text(text);
    let value = rosetta_wire::json_input::from_str_keep_last(&text)?;
    // As deep as the value just read, which is bounded.
    let mut de = serde_json::Deserializer::from_str(&text);
    de.disable_recursion_limit();
    de.deserialize_any(Unique)?;
    Ok(value)
}

/// Reads a value, checking that no object has two members of one name.
#[derive(Clone, Copy)]
struct Unique;

impl<'de> DeserializeSeed<'de> for Unique {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, de: D) -> Result<(), D::Error> {
        de.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Unique {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(self)?.is_some() {}
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut names = HashSet::new();
        while let Some(name) = map.next_key::<Cow<'de, str>>()? {
            if names.contains(&name) {
                return Err(de::Error::custom(format!("a second member `{name}`")));
            }
            map.next_value_seed(self)?;
            names.insert(name);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_a_byte_order_mark_are_allowed() {
        let doc = parse_document("\u{feff}{\"a\": /* one */ 1} // end");
        assert_eq!(doc.ok(), Some(serde_json::json!({"a": 1})));
    }

    #[test]
    fn a_second_member_of_one_name_is_refused_where_it_is() {
        let text =
            "[{\"op\": \"add\", \"path\": \"/a\",\n \"value\": {\"x\": 1}, \"op\": \"remove\"}]";
        assert!(parse_document(text).is_ok());
        let e = parse_unique_document(text).err().map(|e| e.to_string());
        assert_eq!(
            e.as_deref(),
            Some("a second member `op` at line 2 column 24")
        );
        // Escaped names are compared by what they spell; the same name in two objects is fine.
        assert!(parse_unique_document(r#"{"a": 1, "\u0061": 2}"#).is_err());
        assert!(parse_unique_document(r#"[{"a": 1}, {"a": {"a": 2}}]"#).is_ok());
    }

    #[test]
    fn comments_become_spaces_outside_strings() {
        let text = "{\"a\": \"x // y /* z */\", // note\n \"b\": /* é\n */ 1}";
        let stripped = without_comments(text);
        assert_eq!(stripped.len(), text.len());
        let value: Value = serde_json::from_str(&stripped).unwrap_or_default();
        assert_eq!(value, serde_json::json!({"a": "x // y /* z */", "b": 1}));
        // Line breaks stay where they were.
        assert_eq!(stripped.matches('\n').count(), 2);
        // An unterminated comment is left for the parser to reject.
        assert_eq!(without_comments("{} /* open"), "{} /* open");
        assert_eq!(without_comments("[1]"), "[1]");
    }
}
