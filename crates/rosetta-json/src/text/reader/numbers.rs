//! The reader's numbers: integers as they are scanned, decimals by the fast paths, the rest as
//! RapidJSON computes them.

use super::*;

impl<'a> Reader<'a> {
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
        // The value is the one O3DE's RapidJSON computes (see `text::number::rapidjson`), or the
        // correctly rounded one. Short decimals (above) come out the same either way.
        let text = &b[start..end];
        let value = if self.full_precision {
            fast_float2::parse::<f64, _>(text)
                .ok()
                .filter(|x| x.is_finite())
        } else {
            rapidjson::double(text)
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
}
