//! JSON input as Rosetta's SpatialOS formats read it (JSON snapshots here, and `json-spatialos`
//! data in `rosetta-json`): a UTF-8 byte order mark before the text is allowed and skipped, as the
//! `json` format and the JSON utilities allow it; an object with two members of one name is an
//! error that says which member and where ([`UniqueValue`]), as the JSON utilities say it; and
//! arrays and objects nest at most [`MAX_JSON_NESTING`] deep, which is as deep as schema data
//! within [`MAX_NESTING`](rosetta_types::MAX_NESTING) needs ([`from_str`], [`stream`]): serde_json
//! would stop at 128, before such data, and without a limit deep input would overflow the stack.
//!
//! serde_json on its own would keep the last of two members silently, and one of the two values
//! would be lost unseen; the SDK's loaders are gone, so nothing says they took either.

use std::fmt;
use std::io::{self, Read};

use rosetta_types::MAX_JSON_NESTING;
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::de::IoRead;
use serde_json::{Map, Number, StreamDeserializer, Value};

/// The byte order mark, as UTF-8 text starts with it when it starts with one.
pub const BYTE_ORDER_MARK: &str = "\u{feff}";

/// `text` without its byte order mark, if it starts with one.
pub fn strip_bom(text: &str) -> &str {
    text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text)
}

/// A reader that passes `inner` on without the byte order mark it may start with.
#[derive(Debug)]
pub struct SkipBom<R> {
    inner: R,
    /// The first bytes, read to look for the mark, and how many of them are still to be given.
    head: [u8; 3],
    head_len: usize,
    head_pos: usize,
    checked: bool,
}

impl<R: Read> SkipBom<R> {
    /// A reader of `inner` that skips its byte order mark.
    pub fn new(inner: R) -> Self {
        SkipBom {
            inner,
            head: [0; 3],
            head_len: 0,
            head_pos: 0,
            checked: false,
        }
    }

    /// The reader it reads.
    pub fn get_ref(&self) -> &R {
        &self.inner
    }

    fn check(&mut self) -> io::Result<()> {
        while self.head_len < 3 {
            match self.inner.read(&mut self.head[self.head_len..]) {
                Ok(0) => break,
                Ok(n) => self.head_len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
        if self.head[..self.head_len] == *BYTE_ORDER_MARK.as_bytes() {
            self.head_pos = self.head_len;
        }
        self.checked = true;
        Ok(())
    }
}

impl<R: Read> Read for SkipBom<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if !self.checked {
            self.check()?;
        }
        if self.head_pos < self.head_len {
            let n = buf.len().min(self.head_len - self.head_pos);
            buf[..n].copy_from_slice(&self.head[self.head_pos..self.head_pos + n]);
            self.head_pos += n;
            return Ok(n);
        }
        self.inner.read(buf)
    }
}

/// A JSON value read with every object's member names checked: a second member of one name is
/// an error, `a second member `NAME` (at /JSON/Pointer/NAME)`, to which serde_json adds the line
/// and column. Otherwise the same [`Value`] serde_json reads. Arrays and objects nested deeper
/// than [`MAX_JSON_NESTING`] are an error too, but serde_json's own limit of 128 comes first
/// unless it is turned off, as [`from_str`] and [`stream`] do.
///
/// ```
/// use rosetta_wire::json_input::UniqueValue;
/// let ok: UniqueValue = serde_json::from_str(r#"{"a": [{"b": 1}, {"b": 2}]}"#).unwrap();
/// assert_eq!(ok.0, serde_json::json!({"a": [{"b": 1}, {"b": 2}]}));
/// let e = serde_json::from_str::<UniqueValue>(r#"{"a": [{"b": 1, "b": 2}]}"#).unwrap_err();
/// assert_eq!(e.to_string(), "a second member `b` (at /a/0/b) at line 1 column 19");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct UniqueValue(pub Value);

impl<'de> de::Deserialize<'de> for UniqueValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut path = Vec::new();
        Build {
            path: &mut path,
            unique: true,
        }
        .deserialize(deserializer)
        .map(UniqueValue)
    }
}

/// Whether `error` (from reading a [`UniqueValue`]) is about a second member of one name, not
/// about the syntax.
pub fn is_duplicate_member(error: &serde_json::Error) -> bool {
    error.classify() == serde_json::error::Category::Data
        && error.to_string().starts_with(DUPLICATE)
}

const DUPLICATE: &str = "a second member `";

/// Whether `error` (from reading a [`UniqueValue`]) is about arrays and objects nested deeper
/// than [`MAX_JSON_NESTING`].
pub fn is_too_deep(error: &serde_json::Error) -> bool {
    error.classify() == serde_json::error::Category::Data && error.to_string().starts_with(TOO_DEEP)
}

const TOO_DEEP: &str = "arrays and objects nested deeper than ";

/// The error for an array or object past [`MAX_JSON_NESTING`].
#[cold]
fn too_deep<E: de::Error>() -> E {
    E::custom(format!(
        "{TOO_DEEP}{MAX_JSON_NESTING} levels, more than schema data of {} object levels needs",
        rosetta_types::MAX_NESTING
    ))
}

/// Reads JSON text as Rosetta's SpatialOS formats read it: a byte order mark skipped, a second
/// member of one name an error ([`UniqueValue`]), arrays and objects nested at most
/// [`MAX_JSON_NESTING`] deep.
///
/// ```
/// use rosetta_wire::json_input::from_str;
/// let deep = "[".repeat(300) + &"]".repeat(300);
/// assert!(from_str(&deep).is_ok());
/// let deeper = "[".repeat(100_000);
/// let error = from_str(&deeper).unwrap_err();
/// assert!(error.to_string().starts_with("arrays and objects nested deeper than 304 levels"));
/// ```
pub fn from_str(text: &str) -> serde_json::Result<Value> {
    let mut deserializer = serde_json::Deserializer::from_str(strip_bom(text));
    deserializer.disable_recursion_limit();
    let value = de::Deserialize::deserialize(&mut deserializer).map(|v: UniqueValue| v.0)?;
    deserializer.end()?;
    Ok(value)
}

/// [`from_str`] for a reader whose rules take two members of one name (O3DE's: the JSON
/// utilities and the `json` format's imports, which report it themselves): the last one is kept,
/// as serde_json keeps it; the byte order mark is skipped and nesting bounded alike.
pub fn from_str_keep_last(text: &str) -> serde_json::Result<Value> {
    let mut deserializer = serde_json::Deserializer::from_str(strip_bom(text));
    deserializer.disable_recursion_limit();
    let mut path = Vec::new();
    let build = Build {
        path: &mut path,
        unique: false,
    };
    let value = build.deserialize(&mut deserializer)?;
    deserializer.end()?;
    Ok(value)
}

/// The JSON values one after the other in `reader` (JSON snapshots), read as [`from_str`] reads
/// one (the byte order mark aside: [`SkipBom`] skips it).
pub fn stream<R: Read>(reader: R) -> StreamDeserializer<'static, IoRead<R>, UniqueValue> {
    let mut deserializer = serde_json::Deserializer::from_reader(reader);
    deserializer.disable_recursion_limit();
    deserializer.into_iter()
}

/// One step of the JSON Pointer to the value being read.
enum Segment {
    Name(String),
    Index(usize),
}

/// Builds a [`Value`], keeping the path to it for the message of a second member (and, by its
/// length, how deep the value is).
struct Build<'p> {
    path: &'p mut Vec<Segment>,
    /// A second member of one name is an error; otherwise the last one is kept.
    unique: bool,
}

impl Build<'_> {
    fn duplicate(&self, name: &str) -> String {
        let mut pointer = String::new();
        for segment in self.path.iter() {
            pointer.push('/');
            match segment {
                Segment::Name(name) => push_token(&mut pointer, name),
                Segment::Index(i) => pointer.push_str(&i.to_string()),
            }
        }
        pointer.push('/');
        push_token(&mut pointer, name);
        format!("{DUPLICATE}{name}` (at {pointer})")
    }
}

/// Appends a JSON Pointer token, `~` and `/` escaped.
fn push_token(pointer: &mut String, name: &str) {
    for c in name.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

impl<'de> DeserializeSeed<'de> for Build<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Build<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        if self.path.len() >= MAX_JSON_NESTING {
            return Err(too_deep());
        }
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        self.path.push(Segment::Index(0));
        while let Some(item) = seq.next_element_seed(Build {
            path: &mut *self.path,
            unique: self.unique,
        })? {
            items.push(item);
            if let Some(Segment::Index(i)) = self.path.last_mut() {
                *i += 1;
            }
        }
        self.path.pop();
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        if self.path.len() >= MAX_JSON_NESTING {
            return Err(too_deep());
        }
        let mut map = Map::new();
        while let Some(name) = access.next_key::<String>()? {
            if self.unique && map.contains_key(&name) {
                return Err(de::Error::custom(self.duplicate(&name)));
            }
            self.path.push(Segment::Name(name));
            let value = access.next_value_seed(Build {
                path: &mut *self.path,
                unique: self.unique,
            })?;
            if let Some(Segment::Name(name)) = self.path.pop() {
                map.insert(name, value);
            }
        }
        Ok(Value::Object(map))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Value, String> {
        serde_json::from_str::<UniqueValue>(strip_bom(text))
            .map(|v| v.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let text =
            r#"{"a": [1, -2, 2.5, 18446744073709551615, "x", null, true, {}], "b": {"c": []}}"#;
        let expected: Value = serde_json::from_str(text).unwrap_or_default();
        assert_eq!(read(text), Ok(expected));
        // Member order is kept.
        let keys: Vec<String> = match read(r#"{"z": 1, "a": 2}"#) {
            Ok(Value::Object(map)) => map.keys().cloned().collect(),
            _ => Vec::new(),
        };
        assert_eq!(keys, ["z", "a"]);
    }

    #[test]
    fn a_second_member_says_which_and_where() {
        assert_eq!(
            read("{\"a\": 1,\n \"a\": 2}"),
            Err("a second member `a` (at /a) at line 2 column 4".into())
        );
        assert_eq!(
            read(r#"[0, {"x/y": {"k~": 1, "k~": 2}}]"#),
            Err("a second member `k~` (at /1/x~1y/k~0) at line 1 column 26".into())
        );
        // Escapes spell the same name; one name in two objects is fine.
        assert!(read(r#"{"a": 1, "\u0061": 2}"#).is_err());
        assert!(read(r#"[{"a": 1}, {"a": {"a": 2}}]"#).is_ok());
        let e = serde_json::from_str::<UniqueValue>(r#"{"a": 1, "a": 2}"#).unwrap_err();
        assert!(is_duplicate_member(&e));
        let e = serde_json::from_str::<UniqueValue>(r#"{"a": }"#).unwrap_err();
        assert!(!is_duplicate_member(&e));
    }

    #[test]
    fn nesting_is_bounded_deeper_than_serde_json_and_without_overflow() {
        let nested = |open: &str, close: &str, levels: usize| {
            open.repeat(levels) + "1" + &close.repeat(levels)
        };
        for (open, close) in [("[", "]"), (r#"{"a":"#, "}")] {
            assert!(from_str(&nested(open, close, MAX_JSON_NESTING)).is_ok());
            let error = from_str(&nested(open, close, MAX_JSON_NESTING + 1)).unwrap_err();
            assert!(is_too_deep(&error), "{error}");
            assert!(!is_duplicate_member(&error));
            // Far deeper input stops at the limit, not at the end of the stack.
            let error = from_str(&nested(open, close, 100_000)).unwrap_err();
            assert!(is_too_deep(&error), "{error}");
            let text = nested(open, close, 100_000);
            let mut values = stream(text.as_bytes());
            assert!(matches!(values.next(), Some(Err(e)) if is_too_deep(&e)));
        }
        // Unclosed, inside a member no schema knows: the error is at the first bracket past the
        // limit (the 305th; in the object, the 304th `[`).
        for (text, column) in [
            ("[".repeat(100_000), 305),
            (
                format!(r#"{{"known": 1, "unknown": {}}}"#, "[".repeat(100_000)),
                24 + 304,
            ),
        ] {
            let error = from_str(&text).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "arrays and objects nested deeper than 304 levels, more than schema data of \
                     100 object levels needs at line 1 column {column}"
                )
            );
        }
    }

    #[test]
    fn keeping_the_last_member_reads_what_serde_json_reads_within_the_bound() {
        let text = r#"{"a": 1, "b": [2], "a": {"c": 3}}"#;
        let expected: Value = serde_json::from_str(text).unwrap_or_default();
        assert_eq!(from_str_keep_last(text).ok(), Some(expected));
        let deep = "[".repeat(MAX_JSON_NESTING) + &"]".repeat(MAX_JSON_NESTING);
        assert!(from_str_keep_last(&deep).is_ok());
        let deeper = "[".repeat(100_000);
        let error = from_str_keep_last(&deeper).unwrap_err();
        assert!(is_too_deep(&error), "{error}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        assert_eq!(read("\u{feff}[1]"), Ok(serde_json::json!([1])));
        for (input, expected) in [
            (&b"\xef\xbb\xbf{}"[..], &b"{}"[..]),
            (b"{}", b"{}"),
            (b"\xef\xbb", b"\xef\xbb"),
            (b"", b""),
            (b"\xef\xbb\xbf", b""),
        ] {
            let mut out = Vec::new();
            let read = SkipBom::new(input).read_to_end(&mut out);
            assert!(read.is_ok());
            assert_eq!(out, expected);
        }
        // A reader that gives one byte at a time.
        struct Trickle<'a>(&'a [u8]);
        impl Read for Trickle<'_> {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                let Some((first, rest)) = self.0.split_first() else {
                    return Ok(0);
                };
                buf[0] = *first;
                self.0 = rest;
                Ok(1)
            }
        }
        let mut out = Vec::new();
        let read = SkipBom::new(Trickle(b"\xef\xbb\xbf[2]")).read_to_end(&mut out);
        assert!(read.is_ok());
        assert_eq!(out, b"[2]");
    }
}
