//! A pull parser over JSON text in memory: the loader asks for the next value of the kind it
//! expects, so text becomes typed values with no tree in between. Positions can be saved and
//! restored, which is how the loader looks ahead (for `$type`, or the last color key) without
//! buffering. Comments (`//`, `/* */`) are whitespace, as O3DE's file loader allows them.

use std::borrow::Cow;

use super::decimal::{float_array, float_decimal, short_decimal};
use super::rapidjson_number;
use super::scan::{find_special, same_plain_bytes};
use crate::error::{Error, Result};

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

    /// Reads a number: an integer of up to 19 digits is accumulated as it is scanned, a short
    /// decimal by Clinger's fast path; anything else as RapidJSON computes it.
    #[inline]
    pub fn number(&mut self) -> Result<Num> {
        self.skip_ws()?;
        let start = self.pos;
        let b = self.src;
        let mut i = start;
        let negative = b.get(i) == Some(&b'-');
        if negative {
            i += 1;
        }
        let int_start = i;
        let mut magnitude: u64 = 0;
        while let Some(&c) = b.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            magnitude = magnitude.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            i += 1;
        }
        let int_digits = i - int_start;
        if int_digits == 0 || (int_digits > 1 && b[int_start] == b'0') {
            return Err(self.error_at(start, "invalid number"));
        }
        if !matches!(b.get(i), Some(b'.' | b'e' | b'E')) {
            self.pos = i;
            let magnitude = if int_digits <= 19 {
                Some(magnitude)
            } else {
                // The scanned digits are ASCII, so slicing the input there cannot fail.
                self.text
                    .get(int_start..i)
                    .and_then(|t| t.parse::<u64>().ok())
            };
            match (negative, magnitude) {
                (false, Some(m)) => return Ok(Num::Uint(m)),
                (true, Some(m)) => {
                    if let Some(v) = 0i64.checked_sub_unsigned(m) {
                        return Ok(if v == 0 { Num::Uint(0) } else { Num::Int(v) });
                    }
                }
                _ => {}
            }
        }
        if b.get(i) == Some(&b'.') && !b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            return Err(self.error_at(i + 1, "expected a digit after the decimal point"));
        }
        if let Some(x) = short_decimal(b, i, magnitude, int_digits) {
            self.pos = x.1;
            return Ok(Num::Double(if negative { -x.0 } else { x.0 }));
        }
        // The fraction (its first digit checked above) and the exponent; an exponent without
        // digits ("1e", "1e+") is left unread, for the check after.
        let digits_from = |mut j: usize| {
            while b.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            j
        };
        let mut end = if b.get(i) == Some(&b'.') {
            digits_from(i + 1)
        } else {
            i
        };
        if matches!(b.get(end), Some(b'e' | b'E')) {
            let sign = usize::from(matches!(b.get(end + 1), Some(b'+' | b'-')));
            let digits = end + 1 + sign;
            let exponent_end = digits_from(digits);
            if exponent_end > digits {
                end = exponent_end;
            }
        }
        if matches!(
            b.get(end),
            Some(b'e' | b'E' | b'+' | b'-' | b'.' | b'0'..=b'9')
        ) {
            return Err(self.error_at(end, "expected a digit in the exponent"));
        }
        // The value is the one O3DE's RapidJSON computes (see `rapidjson_number`), or the
        // correctly rounded one. Short decimals (above) come out the same either way.
        let text = &b[start..end];
        let value = if self.full_precision {
            fast_float2::parse::<f64, _>(text)
                .ok()
                .filter(|x| x.is_finite())
        } else {
            rapidjson_number::double(text)
        }
        .ok_or_else(|| self.error_at(start, "number out of range"))?;
        self.pos = end;
        Ok(Num::Double(value))
    }

    /// Reads an integer written as JSON writes one (no fraction, no exponent) whose magnitude
    /// fits a `u64`: its sign and magnitude; `None`, with nothing consumed, for anything else.
    /// Small enough to come back in registers, for the typed readers' common case.
    #[inline]
    pub fn plain_integer(&mut self) -> Result<Option<(bool, u64)>> {
        self.skip_ws()?;
        let b = self.src;
        let negative = b.get(self.pos) == Some(&b'-');
        let start = self.pos + usize::from(negative);
        let mut i = start;
        let mut magnitude = 0u64;
        while let Some(&c) = b.get(i) {
            if !c.is_ascii_digit() {
                break;
            }
            magnitude = magnitude.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            i += 1;
        }
        let digits = i - start;
        if digits == 0
            || digits > 19
            || (digits > 1 && b[start] == b'0')
            || matches!(b.get(i), Some(b'.' | b'e' | b'E'))
        {
            return Ok(self.long_integer(negative, start, i));
        }
        self.pos = i;
        Ok(Some((negative, magnitude)))
    }

    /// The text of a plain integer ahead (`-?digits`, no fraction or exponent), taken; `None`
    /// (nothing taken) for anything else. For integers wider than 64 bits.
    pub fn integer_text(&mut self) -> Result<Option<&'a str>> {
        self.skip_ws()?;
        let b = self.src;
        let start = self.pos;
        let digits_start = start + usize::from(b.get(start) == Some(&b'-'));
        let end = digits_start
            + b[digits_start..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
        if end == digits_start || matches!(b.get(end), Some(b'.' | b'e' | b'E')) {
            return Ok(None);
        }
        self.pos = end;
        // ASCII digits and a sign: the slice is on character boundaries.
        Ok(self.text.get(start..end))
    }

    /// [`Reader::plain_integer`] for the digits at `start..end` that it did not take: twenty
    /// of them can still fit a `u64` (up to 19 cannot overflow; `u64::MAX` has 20).
    #[cold]
    #[inline(never)]
    fn long_integer(&mut self, negative: bool, start: usize, end: usize) -> Option<(bool, u64)> {
        let b = self.src;
        if end - start != 20 || b[start] == b'0' || matches!(b.get(end), Some(b'.' | b'e' | b'E')) {
            return None;
        }
        let magnitude = b.get(start..end)?.iter().try_fold(0u64, |m, &c| {
            m.checked_mul(10)?.checked_add(u64::from(c - b'0'))
        })?;
        self.pos = end;
        Some((negative, magnitude))
    }

    /// Reads a number for a float target when it is a plain decimal whose float is certain
    /// (see [`float_decimal`]); `None`, with nothing consumed, for [`Reader::number`] to read.
    #[inline]
    pub fn float32(&mut self) -> Result<Option<f32>> {
        self.skip_ws()?;
        Ok(float_decimal(self.src, self.pos).map(|(f, end)| {
            self.pos = end;
            f
        }))
    }

    /// Reads a flat array of plain decimals into `out` when [`float_array`] can (and the array
    /// is within the nesting limit); `false`, with nothing consumed, otherwise.
    #[inline]
    pub fn floats(&mut self, out: &mut [f32]) -> Result<bool> {
        self.skip_ws()?;
        if self.depth >= self.max_depth {
            return Ok(false);
        }
        match float_array(self.src, self.pos, out) {
            Some(end) => {
                self.pos = end;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Reads a string if one is next (borrowed when it has no escapes); `None`, with nothing
    /// consumed, for any other value. One look at the text where a peek and a read take two.
    #[inline]
    pub fn string_if_next(&mut self) -> Result<Option<Cow<'a, str>>> {
        self.skip_ws()?;
        if self.src.get(self.pos) != Some(&b'"') {
            return Ok(None);
        }
        self.string_at_quote().map(Some)
    }

    /// Reads `true` or `false` if one is next; `None`, with nothing consumed, otherwise.
    #[inline]
    pub fn bool_if_next(&mut self) -> Result<Option<bool>> {
        self.skip_ws()?;
        // Compared with constants: a few instructions, where a call to `literal` compares
        // with `memcmp`.
        let rest = self.src.get(self.pos..).unwrap_or_default();
        if rest.starts_with(b"true") {
            self.pos += 4;
            return Ok(Some(true));
        }
        if rest.starts_with(b"false") {
            self.pos += 5;
            return Ok(Some(false));
        }
        match rest.first() {
            Some(b't' | b'f') => Err(self.error("invalid literal")),
            _ => Ok(None),
        }
    }

    /// Reads a number if one is next; `None`, with nothing consumed, otherwise.
    #[inline]
    pub fn number_if_next(&mut self) -> Result<Option<Num>> {
        self.skip_ws()?;
        match self.src.get(self.pos) {
            Some(b'-' | b'0'..=b'9') => self.number().map(Some),
            _ => Ok(None),
        }
    }

    /// Reads a string; borrowed when it has no escapes.
    #[inline]
    pub fn string(&mut self) -> Result<Cow<'a, str>> {
        match self.string_if_next()? {
            Some(s) => Ok(s),
            None => Err(self.error("expected a string")),
        }
    }

    /// Reads the string whose opening quote is at the current position. A string without
    /// escapes, nearly every one, comes back borrowed in registers: no `Result` through memory.
    #[inline(always)]
    fn string_at_quote(&mut self) -> Result<Cow<'a, str>> {
        match self.plain_string_at_quote() {
            Some(s) => Ok(Cow::Borrowed(s)),
            None => self.escaped_string_at_quote(),
        }
    }

    /// The string whose opening quote is at the current position if it ends before any escape
    /// or control character; `None`, with nothing consumed, otherwise.
    #[inline(always)]
    fn plain_string_at_quote(&mut self) -> Option<&'a str> {
        let start = self.pos + 1;
        let end = start + self.src.get(start..).and_then(find_special)?;
        if self.src.get(end) != Some(&b'"') {
            return None;
        }
        // Quotes are ASCII, so both ends are character boundaries.
        let s = self.text.get(start..end)?;
        self.pos = end + 1;
        Some(s)
    }

    /// [`Reader::string_at_quote`] for strings with escapes (or errors).
    #[inline(never)]
    fn escaped_string_at_quote(&mut self) -> Result<Cow<'a, str>> {
        let start = self.pos + 1;
        let b = self.src;
        let mut i = match b.get(start..).and_then(find_special) {
            Some(at) => start + at,
            None => b.len(),
        };
        match b.get(i) {
            Some(b'"') => {
                self.pos = i + 1;
                return self.utf8(start, i).map(Cow::Borrowed);
            }
            Some(b'\\') => {}
            Some(_) => return Err(self.error_at(i, "control character in a string")),
            None => return Err(self.error_at(start - 1, "unterminated string")),
        }
        let mut out: Vec<u8> = b[start..i].to_vec();
        loop {
            match b.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    return String::from_utf8(out)
                        .map(Cow::Owned)
                        .map_err(|_| self.error_at(start, "invalid UTF-8 in a string"));
                }
                Some(b'\\') => {
                    i += 1;
                    let c = match b.get(i) {
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        Some(b'/') => b'/',
                        Some(b'b') => 8,
                        Some(b'f') => 12,
                        Some(b'n') => b'\n',
                        Some(b'r') => b'\r',
                        Some(b't') => b'\t',
                        Some(b'u') => {
                            let ch = self.unicode_escape(&mut i)?;
                            let mut buf = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                            continue;
                        }
                        _ => return Err(self.error_at(i, "invalid escape")),
                    };
                    out.push(c);
                    i += 1;
                }
                Some(&c) if c < 0x20 => {
                    return Err(self.error_at(i, "control character in a string"))
                }
                Some(&c) => {
                    out.push(c);
                    i += 1;
                }
                None => return Err(self.error_at(start - 1, "unterminated string")),
            }
        }
    }

    /// The input between two offsets that are at ASCII characters (quotes).
    #[inline]
    fn utf8(&self, start: usize, end: usize) -> Result<&'a str> {
        self.text
            .get(start..end)
            .ok_or_else(|| self.error_at(start, "invalid UTF-8 in a string"))
    }

    /// `i` is at the `u` of `\uXXXX`; leaves `i` after the escape (and a low surrogate's).
    fn unicode_escape(&self, i: &mut usize) -> Result<char> {
        let hex4 = |at: usize| -> Option<u32> {
            let s = self.src.get(at..at + 4)?;
            let s = std::str::from_utf8(s).ok()?;
            u32::from_str_radix(s, 16).ok()
        };
        let at = *i;
        let hi = hex4(at + 1).ok_or_else(|| self.error_at(at, "invalid \\u escape"))?;
        *i = at + 5;
        if (0xD800..0xDC00).contains(&hi) {
            if self.src.get(*i..*i + 2) == Some(b"\\u") {
                if let Some(lo) = hex4(*i + 2).filter(|lo| (0xDC00..0xE000).contains(lo)) {
                    *i += 6;
                    let c = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                    return char::from_u32(c)
                        .ok_or_else(|| self.error_at(at, "invalid \\u escape"));
                }
            }
            return Err(self.error_at(at, "unpaired surrogate in a \\u escape"));
        }
        char::from_u32(hi).ok_or_else(|| self.error_at(at, "unpaired surrogate in a \\u escape"))
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

#[cfg(test)]
mod tests;
