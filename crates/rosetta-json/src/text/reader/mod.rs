//! A pull parser over JSON text in memory: the loader asks for the next value of the kind it
//! expects, so text becomes typed values with no tree in between. Positions can be saved and
//! restored, which is how the loader looks ahead (for `$type`, or the last color key) without
//! buffering. Comments (`//`, `/* */`) are whitespace, as O3DE's file loader allows them.

use std::borrow::Cow;

use crate::error::{Error, Result};
use crate::text::number::decimal::{float_array, float_decimal, short_decimal};
use crate::text::number::rapidjson;
use crate::text::scan::{find_special, same_plain_bytes};

/// The kind of the next value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Peek {
    Null,
    Bool,
    Number,
    String,
    Array,
    Object,
}

impl Peek {
    /// The kind's name for messages.
    pub fn name(self) -> &'static str {
        match self {
            Peek::Null => "null",
            Peek::Bool => "a bool",
            Peek::Number => "a number",
            Peek::String => "a string",
            Peek::Array => "an array",
            Peek::Object => "an object",
        }
    }
}

/// A JSON number as RapidJSON keeps it: a non-negative integer, a negative integer, or a double
/// (anything with a fraction or exponent, and integers too large for 64 bits).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Num {
    Uint(u64),
    Int(i64),
    Double(f64),
}

impl Num {
    /// The value as a double.
    pub fn as_f64(self) -> f64 {
        match self {
            Num::Uint(u) => u as f64,
            Num::Int(i) => i as f64,
            Num::Double(d) => d,
        }
    }
}

/// A member key, as [`Reader::next_member`] found it.
pub(crate) enum Member<'a> {
    /// The object's `}`: no more members.
    End,
    /// The key that was expected.
    Expected,
    /// Another key.
    Other(Cow<'a, str>),
}

/// A value that is not a container.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Scalar<'a> {
    Null,
    Bool(bool),
    Num(Num),
    Str(Cow<'a, str>),
}

/// `repr(C)` keeps `pos` and `depth` apart: adjacent, [`Reader::save`] loads them as one wide
/// word right after `pos` alone was stored, which waits for the store to reach the cache (a
/// failed store forward) on every typed read that may need to rewind.
#[repr(C)]
pub(crate) struct Reader<'a> {
    pos: usize,
    text: &'a str,
    depth: usize,
    src: &'a [u8],
    max_depth: usize,
    /// Numbers as the correctly rounded doubles, not as RapidJSON computes them.
    full_precision: bool,
}

impl<'a> Reader<'a> {
    pub fn new(text: &'a str, max_depth: usize) -> Self {
        Reader {
            text,
            src: text.as_bytes(),
            // A UTF-8 byte order mark is skipped, as RapidJSON's `EncodedInputStream` does.
            pos: if text.starts_with('\u{feff}') { 3 } else { 0 },
            depth: 0,
            max_depth,
            full_precision: false,
        }
    }

    /// The same reader, reading numbers with full precision or not.
    pub fn with_full_precision(mut self, full_precision: bool) -> Self {
        self.full_precision = full_precision;
        self
    }

    /// A reader of other text with the same nesting limit.
    pub fn over(&self, text: &'a str) -> Self {
        Reader::new(text, self.max_depth).with_full_precision(self.full_precision)
    }

    /// Saved state to come back to with [`Reader::restore`].
    pub fn save(&self) -> (usize, usize) {
        (self.pos, self.depth)
    }

    pub fn restore(&mut self, (pos, depth): (usize, usize)) {
        self.pos = pos;
        self.depth = depth;
    }

    /// A syntax error at the current position.
    pub fn error(&self, message: impl Into<String>) -> Error {
        self.error_at(self.pos, message)
    }

    fn error_at(&self, offset: usize, message: impl Into<String>) -> Error {
        let offset = offset.min(self.src.len());
        let before = &self.src[..offset];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        Error::syntax_at(format!("{} (byte {offset})", message.into()), line, column)
    }

    #[inline]
    fn skip_ws(&mut self) -> Result<()> {
        loop {
            match self.src.get(self.pos) {
                Some(b' ' | b'\n' | b'\r' | b'\t') => self.pos += 1,
                Some(b'/') => self.skip_comment()?,
                _ => return Ok(()),
            }
        }
    }

    fn skip_comment(&mut self) -> Result<()> {
        let start = self.pos;
        match self.src.get(self.pos + 1) {
            Some(b'/') => {
                while self.pos < self.src.len() && self.src[self.pos] != b'\n' {
                    self.pos += 1;
                }
                Ok(())
            }
            Some(b'*') => {
                let body = &self.src[self.pos + 2..];
                match body.windows(2).position(|w| w == b"*/") {
                    Some(end) => {
                        self.pos += 2 + end + 2;
                        Ok(())
                    }
                    None => Err(self.error_at(start, "unterminated comment")),
                }
            }
            _ => Err(self.error("expected a value")),
        }
    }

    /// The kind of the next value, without reading it.
    #[inline]
    pub fn peek(&mut self) -> Result<Peek> {
        self.skip_ws()?;
        Ok(match self.src.get(self.pos) {
            Some(b'n') => Peek::Null,
            Some(b't' | b'f') => Peek::Bool,
            Some(b'-' | b'0'..=b'9') => Peek::Number,
            Some(b'"') => Peek::String,
            Some(b'[') => Peek::Array,
            Some(b'{') => Peek::Object,
            Some(_) => return Err(self.error("expected a JSON value")),
            None => return Err(self.error("unexpected end of input")),
        })
    }

    fn literal(&mut self, word: &[u8]) -> Result<()> {
        if self.src[self.pos..].starts_with(word) {
            self.pos += word.len();
            Ok(())
        } else {
            Err(self.error("invalid literal"))
        }
    }

    /// Reads a scalar (after [`Reader::peek`] said it is one).
    pub fn scalar(&mut self) -> Result<Scalar<'a>> {
        Ok(match self.peek()? {
            Peek::Null => {
                self.literal(b"null")?;
                Scalar::Null
            }
            Peek::Bool => Scalar::Bool(self.boolean()?),
            Peek::Number => Scalar::Num(self.number()?),
            Peek::String => Scalar::Str(self.string()?),
            Peek::Array | Peek::Object => return Err(self.error("expected a scalar")),
        })
    }

    pub fn boolean(&mut self) -> Result<bool> {
        self.skip_ws()?;
        if self.src.get(self.pos) == Some(&b't') {
            self.literal(b"true")?;
            Ok(true)
        } else {
            self.literal(b"false")?;
            Ok(false)
        }
    }

    #[inline]
    fn enter(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > self.max_depth {
            return Err(self.too_deep());
        }
        self.pos += 1;
        Ok(())
    }

    #[cold]
    fn too_deep(&self) -> Error {
        self.error(format!("nesting deeper than {} levels", self.max_depth))
    }

    /// The next byte after whitespace, not consumed (for fast paths that decide on it).
    #[inline]
    pub fn next_byte(&mut self) -> Result<Option<u8>> {
        self.skip_ws()?;
        Ok(self.src.get(self.pos).copied())
    }

    /// Consumes the byte [`Reader::next_byte`] returned (never `[`, `{`, `]` or `}`).
    #[inline]
    pub fn bump(&mut self) {
        self.pos += 1;
    }

    /// Consumes the `]` [`Reader::next_byte`] returned.
    #[inline]
    pub fn close_array(&mut self) {
        self.pos += 1;
        self.depth -= 1;
    }

    /// Reads `[` (after a peek).
    #[inline]
    pub fn begin_array(&mut self) -> Result<()> {
        self.skip_ws()?;
        self.enter()
    }

    /// Before each element: `Ok(true)` if one follows, `Ok(false)` after reading `]`.
    #[inline]
    pub fn next_element(&mut self, first: &mut bool) -> Result<bool> {
        self.skip_ws()?;
        match self.src.get(self.pos) {
            Some(b']') => {
                self.pos += 1;
                self.depth -= 1;
                return Ok(false);
            }
            Some(b',') if !*first => {
                self.pos += 1;
            }
            _ if *first => {}
            _ => return Err(self.error("expected `,` or `]`")),
        }
        *first = false;
        Ok(true)
    }

    /// Reads `{` (after a peek).
    #[inline]
    pub fn begin_object(&mut self) -> Result<()> {
        self.skip_ws()?;
        self.enter()
    }

    /// The next member's key (and its `:`), or `None` after reading `}`.
    #[inline(always)]
    pub fn next_key(&mut self, first: &mut bool) -> Result<Option<Cow<'a, str>>> {
        if !self.key_ahead(first)? {
            return Ok(None);
        }
        self.key_at_quote().map(Some)
    }

    /// [`Reader::next_key`] for a struct whose members usually come in order: a key spelled
    /// exactly `expected` (no escapes) is matched where it stands in the text, with no string
    /// read and no comparison after.
    #[inline(always)]
    pub fn next_member(&mut self, first: &mut bool, expected: Option<&str>) -> Result<Member<'a>> {
        if !self.key_ahead(first)? {
            return Ok(Member::End);
        }
        if let Some(name) = expected {
            let at = self.pos + 1;
            let n = name.len();
            if let Some(text) = self.src.get(at..at + n + 1) {
                if text[n] == b'"' && same_plain_bytes(&text[..n], name.as_bytes()) {
                    self.pos = at + n + 1;
                    self.colon()?;
                    return Ok(Member::Expected);
                }
            }
        }
        self.key_at_quote().map(Member::Other)
    }

    /// Before a member: `Ok(true)` with the key's opening quote next, `Ok(false)` after `}`.
    #[inline(always)]
    fn key_ahead(&mut self, first: &mut bool) -> Result<bool> {
        self.skip_ws()?;
        match self.src.get(self.pos) {
            Some(b'}') => {
                self.pos += 1;
                self.depth -= 1;
                return Ok(false);
            }
            Some(b',') if !*first => {
                self.pos += 1;
                self.skip_ws()?;
            }
            Some(b'"') if *first => {}
            _ if *first => return Err(self.error("expected a member name or `}`")),
            _ => return Err(self.error("expected `,` or `}`")),
        }
        *first = false;
        if self.src.get(self.pos) != Some(&b'"') {
            return Err(self.error("expected a member name"));
        }
        Ok(true)
    }

    /// The key whose opening quote is next, and its `:`.
    #[inline(always)]
    fn key_at_quote(&mut self) -> Result<Cow<'a, str>> {
        let key = self.string_at_quote()?;
        self.colon()?;
        Ok(key)
    }

    #[inline(always)]
    fn colon(&mut self) -> Result<()> {
        self.skip_ws()?;
        if self.src.get(self.pos) != Some(&b':') {
            return Err(self.error("expected `:` after a member name"));
        }
        self.pos += 1;
        Ok(())
    }

    /// Reads and discards the next value (bounded by the nesting limit).
    pub fn skip_value(&mut self) -> Result<()> {
        match self.peek()? {
            Peek::Array => {
                self.begin_array()?;
                let mut first = true;
                while self.next_element(&mut first)? {
                    self.skip_value()?;
                }
                Ok(())
            }
            Peek::Object => {
                self.begin_object()?;
                let mut first = true;
                while self.next_key(&mut first)?.is_some() {
                    self.skip_value()?;
                }
                Ok(())
            }
            _ => self.scalar().map(drop),
        }
    }

    /// Whether the next value is the explicit default `{}` (without reading it).
    pub fn at_empty_object(&mut self) -> Result<bool> {
        self.skip_ws()?;
        if self.src.get(self.pos) != Some(&b'{') {
            return Ok(false);
        }
        let mut i = self.pos + 1;
        while matches!(self.src.get(i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
            i += 1;
        }
        if self.src.get(i) != Some(&b'/') {
            return Ok(self.src.get(i) == Some(&b'}'));
        }
        // A comment inside (`{ /* default */ }`), rare: skipped as whitespace is.
        let saved = self.save();
        self.pos = i;
        self.skip_ws()?;
        let empty = self.src.get(self.pos) == Some(&b'}');
        self.restore(saved);
        Ok(empty)
    }

    /// Reads `{}` (after [`Reader::at_empty_object`]).
    pub fn empty_object(&mut self) -> Result<()> {
        self.begin_object()?;
        let mut first = true;
        match self.next_key(&mut first)? {
            None => Ok(()),
            Some(_) => Err(self.error("expected `{}`")),
        }
    }

    /// After the document: only whitespace may follow.
    pub fn finish(&mut self) -> Result<()> {
        self.skip_ws()?;
        // RapidJSON's memory stream reads a NUL byte as the end of the text.
        if self.pos < self.src.len() && self.src[self.pos] != 0 {
            return Err(self.error("trailing characters after the JSON value"));
        }
        Ok(())
    }
}

mod numbers;
mod strings;
#[cfg(test)]
mod tests;
