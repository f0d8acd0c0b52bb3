//! The reader's strings: borrowed from the text when they hold no escapes, else unescaped.

use super::*;

impl<'a> Reader<'a> {
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
    pub(super) fn string_at_quote(&mut self) -> Result<Cow<'a, str>> {
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
}
