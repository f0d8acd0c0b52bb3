//! Flecs' float formatter (`flecs_strbuf_ftoa` with precision 10, as `ecs_strbuf_appendflt`
//! calls it), reproduced step by step so the bytes match:
//!
//! 1. NaN and ±Inf are `NaN` and `Inf` (the sign of infinity is lost), between the delimiter.
//! 2. A negative number gets `-` and is negated (`-0.0` is not negative: it prints `0`).
//! 3. `0.00000000005` is added (rounding to 10 decimals).
//! 4. While the number exceeds `INT64_MAX` it is divided by 10⁹, 9 going to the exponent.
//! 5. The integer part is written, then `.` and 10 fraction digits, each taken by multiplying
//!    by 10 and truncating.
//! 6. Trailing `0`s and then a trailing `.` are removed.
//! 7. If more than 3 integer zeros remain at the end, or the exponent is not 0, those zeros go
//!    to the exponent.
//! 8. With an exponent, a `.` goes after the text's first character and the characters move
//!    right one place each until the end or the old `.` (the digit before the old `.` and every
//!    fraction digit are then dropped, without rounding); the exponent grows by the places
//!    moved, then `e<exponent>` follows, all between the delimiters: `"1e4"`, `"5.9722e24"`,
//!    `"1.98849999999e30"`. For a negative number the first character is the sign, so the `.`
//!    lands before the first digit: `-10000` prints `"-.1e5"`.

use super::mode::Mode;

/// `INT64_MAX` as a double (2⁶³), the bound of step 4.
const INT64_MAX_F: f64 = i64::MAX as f64;

/// The flecs float text of `f` appended to `out`. `delim` wraps `NaN`, `Inf` and exponent
/// forms: JSON passes `Some('"')` (see [`push_f64`]), Flecs' expression format `None`.
///
/// One value breaks Flecs' formatter: when the number is exactly 2⁶³ after step 4 its
/// integer part converts to `INT64_MIN` and prints as `-` and `'0' - d` characters.
/// [`Mode::Engine`] writes those bytes, the other modes the digits of 2⁶³. This is Flecs'
/// formatter in every mode: [`push_f64_mode`] is what chooses the lossless text.
pub fn ftoa(out: &mut String, f: f64, delim: Option<char>, mode: Mode) {
    // Whole numbers of at most four digits, the most common values, skip the digit loop: it
    // writes ten `0`s for them, which step 6 removes, and step 7 leaves at most three integer
    // zeros alone (the test `whole_numbers_match_the_digit_loop` checks every one).
    if f.fract() == 0.0 && f.abs() < 10_000.0 {
        if f < 0.0 {
            out.push('-');
        }
        out.push_str(itoa::Buffer::new().format(f.abs() as u16));
        return;
    }
    ftoa_digits(out, f, delim, mode);
}

/// [`ftoa`]'s steps as Flecs takes them.
fn ftoa_digits(out: &mut String, f: f64, delim: Option<char>, mode: Mode) {
    if f.is_nan() || f.is_infinite() {
        let word = if f.is_nan() { "NaN" } else { "Inf" };
        match delim {
            Some(d) => {
                out.push(d);
                out.push_str(word);
                out.push(d);
            }
            None => out.push_str(word),
        }
        return;
    }
    // The number's text, built as ASCII bytes on the stack.
    let mut buf = Ascii::new();
    let mut f = f;
    if f < 0.0 {
        f = -f;
        buf.push(b'-');
    }
    f += 0.000_000_000_05;
    let mut exp: i64 = 0;
    while f > INT64_MAX_F {
        f /= 1_000_000_000.0;
        exp += 9;
    }
    if f >= INT64_MAX_F && mode != Mode::Engine {
        buf.extend(b"9223372036854775808");
        f = 0.0;
    } else if f >= INT64_MAX_F {
        // x86's conversion of 2⁶³ (the one value the loop lets through that does not fit)
        // gives INT64_MIN; Rust's `as` saturates, so that case is spelled out.
        f -= i64::MIN as f64;
        push_flecs_int(&mut buf, i64::MIN);
    } else {
        let int_part = f as i64;
        f -= int_part as f64;
        buf.extend(itoa::Buffer::new().format(int_part).as_bytes());
    }
    buf.push(b'.');
    if (0.0..1.0).contains(&f) {
        // Each digit is below 10: a plain truncation is C's (char) cast.
        for _ in 0..10 {
            f *= 10.0;
            let digit = f as u8;
            buf.push(b'0' + digit);
            f -= f64::from(digit);
        }
    } else {
        for _ in 0..10 {
            f *= 10.0;
            let digit = c_char_of(f);
            buf.push(b'0'.wrapping_add(digit as u8));
            f -= f64::from(digit);
        }
    }
    // Step 6: trailing zeros, never the first character, then a trailing '.'.
    while buf.len > 1 && buf.last() == b'0' {
        buf.len -= 1;
    }
    if buf.len > 1 && buf.last() == b'.' {
        buf.len -= 1;
    }
    // Step 7: integer zeros left at the end.
    let bytes = buf.as_bytes();
    let mut zeros = 0;
    while bytes.len() - zeros > 1 && bytes[bytes.len() - zeros - 1] == b'0' {
        zeros += 1;
    }
    if exp != 0 || zeros > 3 {
        buf.len -= zeros;
        exp += zeros as i64;
    }
    if exp == 0 {
        buf.write_to(out);
        return;
    }
    // Step 8: the mantissa.
    let mut text = Ascii::new();
    if let Some(d) = delim {
        text.push(d as u8);
    }
    let bytes = buf.as_bytes();
    text.push(bytes[0]);
    if bytes.len() > 1 {
        text.push(b'.');
        // Each character moves one place right (the exponent counts the places); reaching
        // the old '.', the character before it is dropped with the fraction.
        for &c in &bytes[1..] {
            if c == b'.' {
                text.len -= 1;
                break;
            }
            text.push(c);
            exp += 1;
        }
    }
    text.push(b'e');
    push_flecs_int(&mut text, exp);
    if let Some(d) = delim {
        text.push(d as u8);
    }
    text.write_to(out);
}

/// ASCII text on the stack: a float's text is at most 40 bytes (sign, 19 integer digits,
/// `.`, 10 digits, `e`, exponent, delimiters).
pub(crate) struct Ascii {
    b: [u8; 48],
    len: usize,
}

impl Ascii {
    pub(crate) fn new() -> Ascii {
        Ascii { b: [0; 48], len: 0 }
    }

    pub(crate) fn push(&mut self, c: u8) {
        // The texts written here are bounded well below the buffer's size.
        if let Some(slot) = self.b.get_mut(self.len) {
            *slot = c;
            self.len += 1;
        }
    }

    fn extend(&mut self, s: &[u8]) {
        for &c in s {
            self.push(c);
        }
    }

    fn last(&self) -> u8 {
        self.as_bytes().last().copied().unwrap_or(0)
    }

    pub(crate) fn as_bytes(&self) -> &[u8] {
        &self.b[..self.len]
    }

    pub(crate) fn write_to(&self, out: &mut String) {
        match std::str::from_utf8(self.as_bytes()) {
            Ok(s) => out.push_str(s),
            Err(_) => out.extend(self.as_bytes().iter().map(|&c| char::from(c))),
        }
    }
}

/// C's `(char)f` as x86-64 compiles it: truncated to a 32-bit integer (a value out of range
/// gives `INT_MIN`), then its low byte as a signed char. Only the 2⁶³ case of [`ftoa`] reaches
/// out-of-range values.
fn c_char_of(f: f64) -> i8 {
    let i = if f > -2_147_483_649.0 && f < 2_147_483_648.0 {
        f as i32
    } else {
        i32::MIN
    };
    i as i8
}

/// The JSON form of `f` (`flecs_json_number`): [`ftoa`] with `"` around `NaN`, `Inf` and
/// exponent forms, always valid JSON (Flecs' bytes, [`Mode::Valid`]).
pub fn push_f64(out: &mut String, f: f64) {
    ftoa(out, f, Some('"'), Mode::Valid);
}

/// A double in `mode`: [`push_f64_lossless`] in [`Mode::Lossless`], Flecs' formatter
/// ([`ftoa`]) in [`Mode::Valid`] and [`Mode::Engine`].
pub fn push_f64_mode(out: &mut String, f: f64, mode: Mode) {
    if mode == Mode::Compatible {
        push_compatible(out, f, |back| back.to_bits() == f.to_bits());
    } else if mode.is_lossless() {
        push_f64_lossless(out, f);
    } else {
        ftoa(out, f, Some('"'), mode);
    }
}

/// An `f32` in `mode`. Flecs widens it to `f64` first (`0.1f32` prints `0.1000000015`);
/// [`Mode::Lossless`] writes the float's own shortest text ([`push_f32_lossless`]).
pub fn push_f32(out: &mut String, f: f32, mode: Mode) {
    if mode == Mode::Compatible {
        push_compatible(out, f64::from(f), |back| {
            (back as f32).to_bits() == f.to_bits()
        });
    } else if mode.is_lossless() {
        push_f32_lossless(out, f);
    } else {
        ftoa(out, f64::from(f), Some('"'), mode);
    }
}

/// [`Mode::Compatible`]: Flecs' text for `f` (widened from its own type) when it is a plain
/// number that `same` accepts after reading it back, else the lossless text. Flecs' special
/// forms (`"Inf"` for both infinities, quoted exponents) are never kept: the lossless forms
/// are what Flecs writes there too, or exact where Flecs' are not.
fn push_compatible(out: &mut String, f: f64, same: impl Fn(f64) -> bool) {
    // `-0` would read back as the integer 0 in most JSON readers: the lossless `-0.0` instead.
    if f.is_finite() && !(f == 0.0 && f.is_sign_negative()) {
        let start = out.len();
        ftoa(out, f, Some('"'), Mode::Valid);
        let text = out.get(start..).unwrap_or_default();
        if !text.starts_with('"') && text.parse::<f64>().is_ok_and(&same) {
            return;
        }
        out.truncate(start);
    }
    push_f64_lossless(out, f);
}

/// `f` as the shortest decimal text that reads back to the same bits (Rust's float
/// formatting, which is shortest round-trip), in the forms Flecs' readers take:
///
/// - a plain JSON number when the text has no exponent (`0.3333333333333333`, `1`, `-2.5`;
///   an integral value without `.0`, as Flecs writes it), `-0.0` for negative zero (so that
///   the sign survives a JSON reader);
/// - quoted when it has one (`"1e300"`, `"5e-324"`), as Flecs quotes its own exponent forms
///   (its JSON reader takes a number in a string, and an exponent in a bare number it does
///   not);
/// - `"NaN"`, `"Inf"`, `"-Inf"` (Flecs writes `"Inf"` for both infinities; its reader, like
///   Rosetta's, takes the sign), and `"-NaN"` for a NaN with its sign bit set. A NaN's payload
///   is not kept: every NaN reads back as the quiet NaN of its sign.
///
/// ```
/// let text = |f: f64| { let mut s = String::new(); rosetta_flecs::text::float::push_f64_lossless(&mut s, f); s };
/// assert_eq!(text(1.0 / 3.0), "0.3333333333333333");
/// assert_eq!(text(10000.0), "10000");
/// assert_eq!(text(5e-324), "\"5e-324\"");
/// assert_eq!(text(-0.0), "-0.0");
/// assert_eq!(text(f64::NEG_INFINITY), "\"-Inf\"");
/// ```
pub fn push_f64_lossless(out: &mut String, f: f64) {
    use std::fmt::Write;
    if non_finite(out, f.is_nan(), f.is_infinite(), f.is_sign_negative()) {
        return;
    }
    let start = out.len();
    // `{:?}` is the shortest round-trip text, with an exponent for very large and very small
    // magnitudes; writing to a String cannot fail.
    let _ = write!(out, "{f:?}");
    finish_lossless(out, start, f == 0.0 && f.is_sign_negative());
}

/// An `f32` as the shortest text that reads back to the same `f32` ([`push_f64_lossless`]'s
/// forms). A reader that parses the text as a double and then narrows it rounds twice; in the
/// rare case where that would give another `f32`, the widened double's text is written
/// instead (exact as a double, so narrowing it is exact too).
pub fn push_f32_lossless(out: &mut String, f: f32) {
    use std::fmt::Write;
    if non_finite(out, f.is_nan(), f.is_infinite(), f.is_sign_negative()) {
        return;
    }
    let start = out.len();
    let _ = write!(out, "{f:?}");
    let narrowed = out[start..].parse::<f64>().map(|d| d as f32);
    if narrowed.map_or(true, |n| n.to_bits() != f.to_bits()) {
        out.truncate(start);
        let _ = write!(out, "{:?}", f64::from(f));
    }
    finish_lossless(out, start, f == 0.0 && f.is_sign_negative());
}

/// `"NaN"`, `"-NaN"`, `"Inf"` or `"-Inf"` for a value that is not finite; whether it was one.
fn non_finite(out: &mut String, nan: bool, inf: bool, negative: bool) -> bool {
    match (nan, inf) {
        (true, _) if negative => out.push_str("\"-NaN\""),
        (true, _) => out.push_str("\"NaN\""),
        (_, true) if negative => out.push_str("\"-Inf\""),
        (_, true) => out.push_str("\"Inf\""),
        _ => return false,
    }
    true
}

/// Rust's float text from `start` on, put in the lossless JSON form: quoted with an exponent,
/// `.0` dropped from integral values (but not from negative zero).
fn finish_lossless(out: &mut String, start: usize, negative_zero: bool) {
    if out[start..].contains('e') {
        out.insert(start, '"');
        out.push('"');
    } else if !negative_zero && out.ends_with(".0") {
        out.truncate(out.len() - 2);
    }
}

/// `flecs_strbuf_itoa`, including its overflow on `i64::MIN` (the negation wraps, so every
/// digit comes out as `'0' - d`); [`super::int`] decides when that is wanted.
pub(crate) fn push_flecs_int(buf: &mut Ascii, v: i64) {
    if v == 0 {
        buf.push(b'0');
        return;
    }
    let mut v = v;
    if v < 0 {
        buf.push(b'-');
        v = v.wrapping_neg();
    }
    let start = buf.len;
    while v != 0 {
        let div = v / 10;
        let rem = v - div * 10; // negative only for i64::MIN
        buf.push((i64::from(b'0') + rem) as u8);
        v = div;
    }
    buf.b[start..buf.len].reverse();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_match_the_digit_loop() {
        for i in -10_001..=10_001 {
            for f in [f64::from(i), f64::from(i) + 0.25, f64::from(i) - 0.5] {
                for mode in [Mode::Valid, Mode::Engine] {
                    let (mut fast, mut slow) = (String::new(), String::new());
                    ftoa(&mut fast, f, Some('"'), mode);
                    ftoa_digits(&mut slow, f, Some('"'), mode);
                    assert_eq!(fast, slow, "{f}");
                }
            }
        }
        let (mut fast, mut slow) = (String::new(), String::new());
        ftoa(&mut fast, -0.0, None, Mode::Valid);
        ftoa_digits(&mut slow, -0.0, None, Mode::Valid);
        assert_eq!(fast, slow);
    }

    fn json(f: f64) -> String {
        let mut s = String::new();
        push_f64_mode(&mut s, f, Mode::Engine);
        let mut valid = String::new();
        push_f64(&mut valid, f);
        if s != valid {
            assert!(
                serde_json::from_str::<serde_json::Value>(&valid).is_ok(),
                "{valid}"
            );
        }
        s
    }

    #[test]
    fn research_note_examples() {
        let cases: &[(f64, &str)] = &[
            (0.1, "0.1"),
            (1.0 / 3.0, "0.3333333333"),
            (1000.0, "1000"),
            (10000.0, "\"1e4\""),
            (12345.0, "12345"),
            (100000.0, "\"1e5\""),
            (2147483648.0, "2147483648"),
            (1e-11, "0"),
            (0.999999999999, "1"),
            (-0.0, "0"),
            (5.9722e24, "\"5.9722e24\""),
            (f64::MAX, "\"1.7976931348e308\""),
            (1e300, "\"1.00000000000e300\""),
            (1.9885e30, "\"1.98849999999e30\""),
            (60000.0, "\"6e4\""),
            (10.5, "10.5"),
        ];
        for (f, want) in cases {
            assert_eq!(json(*f), *want, "{f:e}");
        }
    }

    /// The corpus' probes, given as the C literals they were printed from.
    #[test]
    fn corpus_probe_values() {
        let cases: &[(&str, &str)] = &[
            ("1", "1"),
            ("0.5", "0.5"),
            ("0.33333333333333331", "0.3333333333"),
            ("3.14159265358979", "3.1415926536"),
            ("100", "100"),
            ("123456.789", "123456.789"),
            ("1000000", "\"1e6\""),
            ("10000000000", "\"1e10\""),
            ("10000000000000000", "\"1e16\""),
            ("1.0000000000000001e-05", "0.00001"),
            ("-273.14999999999998", "-273.15"),
            ("9.9999999999900009", "10"),
        ];
        for (f, want) in cases {
            assert_eq!(json(f.parse().unwrap()), *want, "{f}");
        }
    }

    #[test]
    fn f32_is_widened() {
        let cases: &[(&str, &str)] = &[
            ("0.100000001", "0.1000000015"),
            ("0.300000012", "0.3000000119"),
            ("1.10000002", "1.1000000238"),
            ("100.5", "100.5"),
            ("0.00100000005", "0.001"),
            ("-2.5", "-2.5"),
            ("0.333332986", "0.3333329856"),
        ];
        for (f, want) in cases {
            let mut s = String::new();
            push_f32(&mut s, f.parse().unwrap(), Mode::Valid);
            assert_eq!(s, *want, "{f}");
        }
    }

    #[test]
    fn nan_and_inf() {
        assert_eq!(json(f64::NAN), "\"NaN\"");
        assert_eq!(json(f64::INFINITY), "\"Inf\"");
        assert_eq!(json(f64::NEG_INFINITY), "\"Inf\"");
        let mut s = String::new();
        ftoa(&mut s, f64::NAN, None, Mode::Valid);
        assert_eq!(s, "NaN");
    }

    #[test]
    fn negative_exponent_forms_put_the_point_after_the_sign() {
        assert_eq!(json(-10000.0), "\"-.1e5\"");
        assert_eq!(json(-5.9722e24), "\"-.59722e25\"");
        assert_eq!(json(-1000.0), "-1000");
    }

    /// Outputs of v3.2.12's `flecs_strbuf_ftoa` compiled from its source (x86-64, gcc): this
    /// port matched it on 2998 random and edge-case doubles.
    #[test]
    fn edge_cases_checked_against_the_c_formatter() {
        let cases: &[(f64, &str)] = &[
            (-1e-11, "-0"),
            (1e23, "\"9.999999999999e22\""),
            (-1e300, "\"-.100000000000e301\""),
            (-1.9885e30, "\"-.198849999999e31\""),
            (123456789012345678.0, "123456789012345680"),
            (99999.99999999999, "\"1e5\""),
            (1e-10, "0.0000000001"),
            (4.9999999e-11, "0"),
            (1e19, "\"1e19\""),
            // 2^63 passes the loop and converts to INT64_MIN: digits of '0' - d.
            (9.223372036854776e18, "-'..--).0-*(+,))+(0("),
            (-9.223372036854776e18, "--'..--).0-*(+,))+(0("),
        ];
        for (f, want) in cases {
            assert_eq!(json(*f), *want, "{f:e}");
        }
        let mut valid = String::new();
        push_f64(&mut valid, -9.223372036854776e18);
        assert_eq!(valid, "-9223372036854775808");
    }

    fn lossless(f: f64) -> String {
        let mut s = String::new();
        push_f64_mode(&mut s, f, Mode::Lossless);
        s
    }

    /// What Flecs' formatter loses, the lossless text keeps: every double below reads back
    /// (as JSON, then as the reader takes a quoted number) to the same bits.
    #[test]
    fn lossless_doubles_read_back_to_the_same_bits() {
        let cases: &[(f64, &str)] = &[
            (1.0 / 3.0, "0.3333333333333333"),
            (0.1, "0.1"),
            (10000.0, "10000"),
            (-2.5, "-2.5"),
            (0.0, "0"),
            (-0.0, "-0.0"),
            (5e-324, "\"5e-324\""),
            (2.2250738585072014e-308, "\"2.2250738585072014e-308\""),
            (1e300, "\"1e300\""),
            (f64::MAX, "\"1.7976931348623157e308\""),
            (-f64::MAX, "\"-1.7976931348623157e308\""),
            (1e16, "\"1e16\""),
            (9.223372036854776e18, "\"9.223372036854776e18\""),
            (123456789012345680.0, "\"1.2345678901234568e17\""),
            (1e-7, "\"1e-7\""),
            (f64::INFINITY, "\"Inf\""),
            (f64::NEG_INFINITY, "\"-Inf\""),
        ];
        for (f, want) in cases {
            let text = lossless(*f);
            assert_eq!(text, *want, "{f:e}");
            let back = match serde_json::from_str::<serde_json::Value>(&text).unwrap() {
                serde_json::Value::String(s) => s.replace("Inf", "inf").parse::<f64>().unwrap(),
                n => n.as_f64().unwrap(),
            };
            assert_eq!(back.to_bits(), f.to_bits(), "{text}");
        }
        assert_eq!(lossless(f64::NAN), "\"NaN\"");
        assert_eq!(lossless(-f64::NAN), "\"-NaN\"");
        // Valid and Engine keep Flecs' formatter.
        let mut s = String::new();
        push_f64_mode(&mut s, 1.0 / 3.0, Mode::Valid);
        assert_eq!(s, "0.3333333333");
    }

    #[test]
    fn lossless_f32_is_its_own_shortest_text() {
        let text = |f: f32| {
            let mut s = String::new();
            push_f32(&mut s, f, Mode::Lossless);
            s
        };
        assert_eq!(text(0.1), "0.1");
        assert_eq!(text(1.0e-45), "\"1e-45\"");
        assert_eq!(text(f32::MAX), "\"3.4028235e38\"");
        assert_eq!(text(-0.0), "-0.0");
        assert_eq!(text(16777216.0), "16777216");
        for bits in (0..u32::MAX).step_by(65_537) {
            let f = f32::from_bits(bits);
            if f.is_nan() {
                continue;
            }
            let t = text(f);
            let back = t
                .trim_matches('"')
                .replace("Inf", "inf")
                .parse::<f64>()
                .unwrap() as f32;
            assert_eq!(back.to_bits(), f.to_bits(), "{t}");
        }
    }

    #[test]
    fn exponent_without_delimiter() {
        let mut s = String::new();
        ftoa(&mut s, 10000.0, None, Mode::Valid);
        assert_eq!(s, "1e4");
    }

    #[test]
    fn large_exact_integers_keep_every_digit() {
        // Divided once by 1e9: no '.' left, so no digit is dropped.
        assert_eq!(json(1.234_567_890_123_4e22), "\"1.2345678901234e22\"");
    }

    #[test]
    fn flecs_itoa_overflows_on_int64_min() {
        let mut b = Ascii::new();
        push_flecs_int(&mut b, i64::MIN);
        let want: String = "9223372036854775808"
            .bytes()
            .map(|d| char::from(b'0' - (d - b'0')))
            .collect();
        assert_eq!(b.as_bytes(), format!("-{want}").as_bytes());
        let mut b = Ascii::new();
        push_flecs_int(&mut b, -42);
        assert_eq!(b.as_bytes(), b"-42");
    }

    #[test]
    fn compatible_keeps_flecs_text_only_where_it_reads_back() {
        let f64_text = |f: f64| {
            let mut s = String::new();
            push_f64_mode(&mut s, f, Mode::Compatible);
            s
        };
        let f32_text = |f: f32| {
            let mut s = String::new();
            push_f32(&mut s, f, Mode::Compatible);
            s
        };
        // Flecs' text, exact for these.
        assert_eq!(f32_text(1.1), "1.1000000238");
        assert_eq!(f64_text(0.5), "0.5");
        assert_eq!(f64_text(10000.0), "10000");
        // Flecs' 10 decimals would lose digits: the shortest round-trip text.
        assert_eq!(f64_text(1.0 / 3.0), "0.3333333333333333");
        assert_eq!(f64_text(5e-324), "\"5e-324\"");
        assert_eq!(f64_text(-0.0), "-0.0");
        assert_eq!(f64_text(f64::NEG_INFINITY), "\"-Inf\"");
        for f in [0.1f32, -3.5, 1e-30, 3.4e38, f32::MIN_POSITIVE, 123456.79] {
            let back: f32 = f32_text(f).trim_matches('"').parse().unwrap();
            assert_eq!(back.to_bits(), f.to_bits(), "{f}");
        }
    }
}
