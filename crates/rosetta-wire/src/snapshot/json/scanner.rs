//! [`JsonScanner`]: a pull parser over the JSON text of one snapshot entity, for codecs that
//! read component data straight from the text ([`ComponentJson::read_json`]).
//!
//! Why a scanner of its own rather than serde: the reader hands a codec the text of one
//! component at a time through a `dyn`-safe trait, and serde's `Deserializer` can only be
//! driven through generic visitors; a concrete pull parser can be passed as `&mut`. It is also
//! lighter than serde_json's `Value` path: keys without escapes are borrowed from the text, no
//! tree is built, and numbers are only turned into the kind the schema wants.
//!
//! The scanner is strict where it accepts (JSON's grammar, UTF-8 strings, serde_json's number
//! values, at most [`MAX_JSON_NESTING`] levels) and says nothing about what it refuses: any
//! error sends the snapshot reader back over the entity through serde_json `Value`s, whose
//! error is the one reported. So a codec may refuse whatever it does not handle itself.
//!
//! [`ComponentJson::read_json`]: super::ComponentJson::read_json

use std::borrow::Cow;

use rosetta_types::MAX_JSON_NESTING;
use serde_json::Value;

use crate::error::{Error, Result};
use crate::json_input::UniqueValue;

/// The kind of the next JSON value, by its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonKind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// A JSON number as serde_json reads it: a non-negative integer as `U64`, a negative one as
/// `I64`, and a fraction, an exponent, `-0` or an integer beyond 64 bits as the nearest `F64`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum JsonNumber {
    /// A non-negative integer.
    U64(u64),
    /// A negative integer.
    I64(i64),
    /// Any other (finite) number.
    F64(f64),
}

impl JsonNumber {
    /// The number as serde_json's `Number` of the same text.
    pub fn to_serde(self) -> serde_json::Number {
        match self {
            JsonNumber::U64(n) => n.into(),
            JsonNumber::I64(n) => n.into(),
            // Finite by construction (an infinite value is refused when scanned); zero if not.
            JsonNumber::F64(f) => serde_json::Number::from_f64(f).unwrap_or_else(|| 0.into()),
        }
    }
}

/// A place in the text to come back to ([`JsonScanner::mark`], [`JsonScanner::reset`]), with
/// the nesting there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonMark {
    pos: usize,
    depth: usize,
    first: bool,
}

/// A pull parser over JSON text (one snapshot entity).
///
/// Containers are read as `begin_object` then `next_key` until it returns `None` (reading each
/// member's value in between), and `begin_array` then `next_item` until it returns `false`
/// (reading each item in between). Values are read by kind: [`string`](Self::string),
/// [`number`](Self::number), [`bool`](Self::bool), [`null`](Self::null), or skipped
/// ([`skip_value`](Self::skip_value)), or read as a serde_json `Value`
/// ([`value`](Self::value)).
#[derive(Debug)]
pub struct JsonScanner<'a> {
    text: &'a [u8],
    pos: usize,
    /// How many arrays and objects are open.
    depth: usize,
    /// Set after a container is opened, until its first member or item is asked for.
    first: bool,
    /// Set when the text ended where more was needed (the reader then reads more input).
    truncated: bool,
}

/// The error of the scanner (and of a codec that gives up): never shown, see the module docs.
fn refused() -> Error {
    Error::custom("not read directly")
}

impl<'a> JsonScanner<'a> {
    /// A scanner at the start of `text`, nothing open.
    pub fn new(text: &'a [u8]) -> Self {
        JsonScanner {
            text,
            pos: 0,
            depth: 0,
            first: false,
            truncated: false,
        }
    }

    /// How many bytes of the text have been read.
    pub fn position(&self) -> usize {
        self.pos
    }

    /// Whether the text ended where more was needed.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// The place before the next value, to read it later ([`reset`](Self::reset)).
    pub fn mark(&self) -> JsonMark {
        JsonMark {
            pos: self.pos,
            depth: self.depth,
            first: self.first,
        }
    }

    /// Goes back (or forward) to a place marked before.
    pub fn reset(&mut self, mark: JsonMark) {
        self.pos = mark.pos;
        self.depth = mark.depth;
        self.first = mark.first;
    }

    fn end(&mut self) -> Error {
        self.truncated = true;
        refused()
    }

    /// The next byte that is not whitespace, not consumed.
    #[inline]
    fn peek_byte(&mut self) -> Result<u8> {
        while let Some(&b) = self.text.get(self.pos) {
            if !matches!(b, b' ' | b'\n' | b'\r' | b'\t') {
                return Ok(b);
            }
            self.pos += 1;
        }
        Err(self.end())
    }

    #[inline]
    fn expect(&mut self, byte: u8) -> Result<()> {
        if self.peek_byte()? == byte {
            self.pos += 1;
            Ok(())
        } else {
            Err(refused())
        }
    }

    /// The kind of the next value.
    pub fn peek(&mut self) -> Result<JsonKind> {
        Ok(match self.peek_byte()? {
            b'{' => JsonKind::Object,
            b'[' => JsonKind::Array,
            b'"' => JsonKind::String,
            b't' | b'f' => JsonKind::Bool,
            b'n' => JsonKind::Null,
            b'-' | b'0'..=b'9' => JsonKind::Number,
            _ => return Err(refused()),
        })
    }

    fn open(&mut self, bracket: u8) -> Result<()> {
        self.expect(bracket)?;
        if self.depth >= MAX_JSON_NESTING {
            return Err(refused());
        }
        self.depth += 1;
        self.first = true;
        Ok(())
    }

    /// Before the next member or item of the open container: `false` at its closing
    /// bracket (consumed), else past the comma, if one is due.
    fn more(&mut self, close: u8) -> Result<bool> {
        let b = self.peek_byte()?;
        if b == close {
            self.pos += 1;
            self.depth -= 1;
            self.first = false;
            return Ok(false);
        }
        if self.first {
            self.first = false;
        } else if b == b',' {
            self.pos += 1;
        } else {
            return Err(refused());
        }
        Ok(true)
    }

    /// Opens an object.
    pub fn begin_object(&mut self) -> Result<()> {
        self.open(b'{')
    }

    /// The next member's name (its value is next), or `None` at the end of the object.
    pub fn next_key(&mut self) -> Result<Option<Cow<'a, str>>> {
        if !self.more(b'}')? {
            return Ok(None);
        }
        // After a comma the member must follow: `{"a": 1,}` is no JSON.
        if self.peek_byte()? != b'"' {
            return Err(refused());
        }
        let key = self.string()?;
        self.expect(b':')?;
        Ok(Some(key))
    }

    /// The next member's name as it is in the text (its value is next), or `None` at the end
    /// of the object: for a reader that compares names with its own, which spares checking
    /// that the text is UTF-8 (a name that matches one of its own is). A name with escapes is
    /// refused.
    pub fn next_key_bytes(&mut self) -> Result<Option<&'a [u8]>> {
        if !self.more(b'}')? {
            return Ok(None);
        }
        if self.peek_byte()? != b'"' {
            return Err(refused());
        }
        let text = self.text;
        let start = self.pos + 1;
        let mut i = start;
        loop {
            match text.get(i) {
                None => return Err(self.end()),
                Some(b'"') => break,
                Some(b'\\' | 0x00..=0x1f) => return Err(refused()),
                Some(_) => i += 1,
            }
        }
        self.pos = i + 1;
        self.expect(b':')?;
        Ok(Some(&text[start..i]))
    }

    /// Opens an array.
    pub fn begin_array(&mut self) -> Result<()> {
        self.open(b'[')
    }

    /// Whether another item of the array follows (to be read next); `false` at its end.
    pub fn next_item(&mut self) -> Result<bool> {
        if !self.more(b']')? {
            return Ok(false);
        }
        // `[1,]` is no JSON: the peek of the item's value refuses the `]`.
        Ok(true)
    }

    /// A string.
    pub fn string(&mut self) -> Result<Cow<'a, str>> {
        self.expect(b'"')?;
        let start = self.pos;
        let text = self.text;
        let mut i = start;
        loop {
            match text.get(i) {
                None => return Err(self.end()),
                Some(b'"') => break,
                Some(b'\\') => return self.escaped(start),
                // Control characters must be escaped.
                Some(0x00..=0x1f) => return Err(refused()),
                Some(_) => i += 1,
            }
        }
        self.pos = i + 1;
        std::str::from_utf8(&text[start..i])
            .map(Cow::Borrowed)
            .map_err(|_| refused())
    }

    /// A string with escapes, from its first byte after the quote: read by serde_json, which
    /// knows every escape and surrogate rule.
    #[cold]
    fn escaped(&mut self, start: usize) -> Result<Cow<'a, str>> {
        let end = self.string_end(start)?;
        let text: String =
            serde_json::from_slice(&self.text[start - 1..end]).map_err(|_| refused())?;
        self.pos = end;
        Ok(Cow::Owned(text))
    }

    /// Where the string whose content starts at `start` ends (past its closing quote).
    fn string_end(&mut self, start: usize) -> Result<usize> {
        let mut i = start;
        loop {
            match self.text.get(i) {
                None => return Err(self.end()),
                Some(b'"') => return Ok(i + 1),
                Some(b'\\') => i += 2,
                Some(_) => i += 1,
            }
        }
    }

    /// A number, by JSON's grammar (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`).
    pub fn number(&mut self) -> Result<JsonNumber> {
        self.peek_byte()?;
        let text = self.text;
        let start = self.pos;
        let mut i = start;
        let negative = text.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let digits = i;
        let mut value: u64 = 0;
        let mut overflow = false;
        while let Some(&b) = text.get(i) {
            if !b.is_ascii_digit() {
                break;
            }
            match value
                .checked_mul(10)
                .and_then(|v| v.checked_add(u64::from(b - b'0')))
            {
                Some(v) => value = v,
                None => overflow = true,
            }
            i += 1;
        }
        let int_len = i - digits;
        if int_len == 0 || (int_len > 1 && text[digits] == b'0') {
            return Err(self.refuse_at(i));
        }
        let mut integer = true;
        if text.get(i) == Some(&b'.') {
            integer = false;
            i += 1;
            let from = i;
            while text.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            if i == from {
                return Err(self.refuse_at(i));
            }
        }
        if matches!(text.get(i), Some(b'e' | b'E')) {
            integer = false;
            i += 1;
            if matches!(text.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let from = i;
            while text.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            if i == from {
                return Err(self.refuse_at(i));
            }
        }
        // A number that reaches the end of the text may go on after it.
        if i == text.len() {
            return Err(self.end());
        }
        self.pos = i;
        if integer && !overflow {
            if !negative {
                return Ok(JsonNumber::U64(value));
            }
            // serde_json: `-0` and integers below i64::MIN are floats.
            let neg = (value as i64).wrapping_neg();
            if neg < 0 {
                return Ok(JsonNumber::I64(neg));
            }
        }
        // The token is ASCII by the grammar above; std's parse is correctly rounded, as
        // serde_json's is with `float_roundtrip` (on in this workspace), and out of range is
        // an error in serde_json.
        let token = std::str::from_utf8(&text[start..i]).map_err(|_| refused())?;
        match token.parse::<f64>() {
            Ok(f) if f.is_finite() => Ok(JsonNumber::F64(f)),
            _ => Err(refused()),
        }
    }

    /// Refuses at `i`: the end of the text there may only mean that more is to come.
    fn refuse_at(&mut self, i: usize) -> Error {
        if i >= self.text.len() {
            self.end()
        } else {
            refused()
        }
    }

    /// `true` or `false`.
    pub fn bool(&mut self) -> Result<bool> {
        match self.peek_byte()? {
            b't' => self.literal(b"true").map(|()| true),
            b'f' => self.literal(b"false").map(|()| false),
            _ => Err(refused()),
        }
    }

    /// `null`.
    pub fn null(&mut self) -> Result<()> {
        self.peek_byte()?;
        self.literal(b"null")
    }

    fn literal(&mut self, word: &[u8]) -> Result<()> {
        let end = self.pos + word.len();
        match self.text.get(self.pos..end) {
            Some(bytes) if bytes == word => {
                self.pos = end;
                Ok(())
            }
            Some(_) => Err(refused()),
            None => Err(self.end()),
        }
    }

    /// Passes over the next value, however deep (up to the nesting limit), without a loop
    /// deeper than this one. Lenient: a value passed over is checked when it is read (a
    /// deferred member) or by serde_json ([`value`](Self::value)).
    pub fn skip_value(&mut self) -> Result<()> {
        let base = self.depth;
        loop {
            match self.peek_byte()? {
                b'{' | b'[' => {
                    if self.depth >= MAX_JSON_NESTING {
                        return Err(refused());
                    }
                    self.depth += 1;
                    self.pos += 1;
                }
                b'}' | b']' => {
                    if self.depth == base {
                        return Err(refused());
                    }
                    self.depth -= 1;
                    self.pos += 1;
                }
                b',' | b':' if self.depth > base => self.pos += 1,
                b'"' => {
                    let end = self.string_end(self.pos + 1)?;
                    self.pos = end;
                }
                b'-' | b'0'..=b'9' | b'a'..=b'z' => {
                    let text = self.text;
                    let rest = &text[self.pos..];
                    let len = rest
                        .iter()
                        .position(
                            |b| !matches!(b, b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'E'),
                        )
                        .ok_or_else(|| self.end())?;
                    self.pos += len;
                }
                _ => return Err(refused()),
            }
            if self.depth == base {
                self.first = false;
                return Ok(());
            }
        }
    }

    /// The next value as a serde_json `Value`, read as the snapshot reader's `Value` path reads
    /// it (a second member of one name refused).
    pub fn value(&mut self) -> Result<Value> {
        self.peek_byte()?;
        let start = self.pos;
        self.skip_value()?;
        let text = &self.text[start..self.pos];
        // Within the nesting limit: `skip_value` counted it.
        let mut de = serde_json::Deserializer::from_slice(text);
        de.disable_recursion_limit();
        let value: UniqueValue = serde::Deserialize::deserialize(&mut de).map_err(|_| refused())?;
        de.end().map_err(|_| refused())?;
        Ok(value.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_serde_jsons() {
        for text in [
            "0",
            "-0",
            "5",
            "-5",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "1.5",
            "-2.5e3",
            "1E2",
            "0.1",
            "123456789012345678901234567890",
            "1e-400",
            "-0.0",
        ] {
            let padded = format!("{text} ");
            let ours = JsonScanner::new(padded.as_bytes())
                .number()
                .map(JsonNumber::to_serde)
                .ok();
            let theirs: serde_json::Number = serde_json::from_str(text).unwrap();
            assert_eq!(ours, Some(theirs.clone()), "{text}");
            // The kind too (`-0` is a float in serde_json).
            assert_eq!(
                ours.map(|n| (n.is_u64(), n.is_i64(), n.is_f64())),
                Some((theirs.is_u64(), theirs.is_i64(), theirs.is_f64())),
                "{text}"
            );
        }
        for bad in ["01 ", "- ", "1. ", "1e ", ".5 ", "1e400 ", "+1 "] {
            assert!(JsonScanner::new(bad.as_bytes()).number().is_err(), "{bad}");
        }
        let mut cut = JsonScanner::new(b"12");
        assert!(cut.number().is_err());
        assert!(cut.truncated());
    }

    #[test]
    fn containers_and_strings() {
        let text = br#" {"a": [1, true, null, "x\n\u00e9"], "b\"": {}, "c": []} "#;
        let mut s = JsonScanner::new(text);
        s.begin_object().unwrap();
        assert_eq!(s.next_key().unwrap().as_deref(), Some("a"));
        s.begin_array().unwrap();
        assert!(s.next_item().unwrap());
        assert_eq!(s.number().unwrap(), JsonNumber::U64(1));
        assert!(s.next_item().unwrap());
        assert!(s.bool().unwrap());
        assert!(s.next_item().unwrap());
        s.null().unwrap();
        assert!(s.next_item().unwrap());
        assert_eq!(s.string().unwrap(), "x\n\u{e9}");
        assert!(!s.next_item().unwrap());
        assert_eq!(s.next_key().unwrap().as_deref(), Some("b\""));
        let mark = s.mark();
        s.skip_value().unwrap();
        let after = s.mark();
        s.reset(mark);
        assert_eq!(s.value().unwrap(), serde_json::json!({}));
        assert_eq!(s.mark(), after);
        assert_eq!(s.next_key().unwrap().as_deref(), Some("c"));
        assert_eq!(s.peek().unwrap(), JsonKind::Array);
        s.skip_value().unwrap();
        assert_eq!(s.next_key().unwrap(), None);
        for bad in [
            &br#"{"a": 1,}"#[..],
            b"[1,]",
            b"{,}",
            b"[1 2]",
            b"{\"a\" 1}",
        ] {
            let mut s = JsonScanner::new(bad);
            let read = s.value().and_then(|_| {
                let mut s = JsonScanner::new(bad);
                skip_all(&mut s)
            });
            assert!(read.is_err(), "{}", String::from_utf8_lossy(bad));
        }
        assert!(JsonScanner::new(b"\"a\x01\"").string().is_err());
        assert!(JsonScanner::new(b"\"\xff\"").string().is_err());
        assert!(JsonScanner::new(br#""\ud800""#).string().is_err());
    }

    /// Reads every value strictly (no skipping).
    fn skip_all(s: &mut JsonScanner<'_>) -> Result<()> {
        match s.peek()? {
            JsonKind::Object => {
                s.begin_object()?;
                while s.next_key()?.is_some() {
                    skip_all(s)?;
                }
            }
            JsonKind::Array => {
                s.begin_array()?;
                while s.next_item()? {
                    skip_all(s)?;
                }
            }
            JsonKind::String => drop(s.string()?),
            JsonKind::Number => drop(s.number()?),
            JsonKind::Bool => drop(s.bool()?),
            JsonKind::Null => s.null()?,
        }
        Ok(())
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = "[".repeat(MAX_JSON_NESTING + 1);
        let mut s = JsonScanner::new(deep.as_bytes());
        assert!(s.skip_value().is_err());
        assert!(!s.truncated());
        let mut s = JsonScanner::new(deep.as_bytes());
        let mut opened = 0;
        while s.begin_array().is_ok() {
            opened += 1;
        }
        assert_eq!(opened, MAX_JSON_NESTING);
    }
}
