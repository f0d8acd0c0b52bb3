//! The scalar spellings of the compiler's JSON printer (protobuf 3.x `JsonObjectWriter`): string
//! escaping, integers, and `float`/`double` as C++ `SimpleFtoa`/`SimpleDtoa` print them.

use std::fmt::Write as _;

/// Appends `s` escaped as protobuf's `JsonEscaping` does: `"` and `\`, control characters (C0,
/// DEL and C1), `<` and `>` (as `\u003c`/`\u003e`), and a fixed list of invisible format
/// characters; everything else, non-ASCII included, is written as UTF-8.
pub(crate) fn push_escaped(out: &mut String, s: &str) {
    let bytes = s.as_bytes();
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let cp = u32::from(c);
        // Fast path: printable ASCII that needs no escape, and most of the rest of Unicode.
        let needs = match cp {
            0x20..=0x7e => matches!(c, '"' | '\\' | '<' | '>'),
            0..=0x1f | 0x7f..=0x9f => true,
            _ => is_special_format_char(cp),
        };
        if !needs {
            continue;
        }
        out.push_str(&s[start..i]);
        start = i + c.len_utf8();
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\u{c}' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            _ if cp > 0xffff => {
                let v = cp - 0x1_0000;
                push_u_escape(out, 0xd800 + (v >> 10));
                push_u_escape(out, 0xdc00 + (v & 0x3ff));
            }
            _ => push_u_escape(out, cp),
        }
    }
    out.push_str(&s[start..bytes.len()]);
}

/// The non-control characters protobuf escapes "to prevent security bugs in javascript".
fn is_special_format_char(cp: u32) -> bool {
    matches!(
        cp,
        0xad | 0x600..=0x603
            | 0x6dd
            | 0x70f
            | 0x17b4
            | 0x17b5
            | 0x200b..=0x200f
            | 0x2028..=0x202e
            | 0x2060..=0x2064
            | 0x206a..=0x206f
            | 0xfeff
            | 0xfff9..=0xfffb
            | 0xe0001
            | 0x1d173..=0x1d17a
            | 0xe0020..=0xe007f
    )
}

fn push_u_escape(out: &mut String, unit: u32) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(char::from(HEX[((unit >> shift) & 0xf) as usize]));
    }
}

/// Appends the decimal digits of `v`.
pub(crate) fn push_u64(out: &mut String, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    for &b in &buf[i..] {
        out.push(char::from(b));
    }
}

/// Appends `v` in decimal, with a leading `-` when negative.
pub(crate) fn push_i64(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_u64(out, v.unsigned_abs());
}

/// A fixed stack buffer for `core::fmt` output (float digits never exceed it).
struct StackBuf {
    bytes: [u8; 64],
    len: usize,
}

impl std::fmt::Write for StackBuf {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let dst = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Formats into a stack buffer; formatting a finite float cannot overflow 64 bytes (on the
/// impossible error the text is just shorter).
fn format_stack(args: std::fmt::Arguments<'_>) -> StackBuf {
    let mut buf = StackBuf {
        bytes: [0; 64],
        len: 0,
    };
    let _ = buf.write_fmt(args);
    buf
}

impl StackBuf {
    fn text(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

/// Decimal digits (no leading or trailing zeros, at least one digit) and the power of ten of the
/// first digit, parsed from Rust's `{:e}` output such as `-1.25e-3`.
struct Decimal {
    negative: bool,
    digits: [u8; 40],
    len: usize,
    exp: i32,
}

fn decimal(buf: &StackBuf) -> Decimal {
    let text = &buf.bytes[..buf.len];
    let mut d = Decimal {
        negative: false,
        digits: [0; 40],
        len: 0,
        exp: 0,
    };
    let mut rest = text;
    if let [b'-', tail @ ..] = rest {
        d.negative = true;
        rest = tail;
    }
    let mut exp_text: &[u8] = b"0";
    for (i, &b) in rest.iter().enumerate() {
        match b {
            b'0'..=b'9' if d.len < d.digits.len() => {
                d.digits[d.len] = b;
                d.len += 1;
            }
            b'e' => {
                exp_text = &rest[i + 1..];
                break;
            }
            _ => {}
        }
    }
    let (neg_exp, exp_digits) = match exp_text {
        [b'-', tail @ ..] => (true, tail),
        other => (false, other),
    };
    let magnitude = exp_digits
        .iter()
        .filter(|b| b.is_ascii_digit())
        .fold(0i32, |acc, &b| {
            acc.saturating_mul(10).saturating_add(i32::from(b - b'0'))
        });
    d.exp = if neg_exp { -magnitude } else { magnitude };
    while d.len > 1 && d.digits[d.len - 1] == b'0' {
        d.len -= 1;
    }
    if d.len == 0 {
        d.digits[0] = b'0';
        d.len = 1;
    }
    d
}

/// Lays the digits out as C's `%.{precision}g` does (after trailing zeros are removed).
fn push_g(out: &mut String, d: &Decimal, precision: i32) {
    let digits = &d.digits[..d.len];
    let is_zero = digits == b"0";
    if d.negative {
        out.push('-');
    }
    let exp = if is_zero { 0 } else { d.exp };
    let push_digits = |out: &mut String, ds: &[u8]| {
        for &b in ds {
            out.push(char::from(b));
        }
    };
    if exp < -4 || exp >= precision {
        push_digits(out, &digits[..1]);
        if digits.len() > 1 {
            out.push('.');
            push_digits(out, &digits[1..]);
        }
        out.push('e');
        out.push(if exp < 0 { '-' } else { '+' });
        if exp.unsigned_abs() < 10 {
            out.push('0');
        }
        push_u64(out, u64::from(exp.unsigned_abs()));
    } else if exp >= 0 {
        let int_len = exp as usize + 1;
        if digits.len() <= int_len {
            push_digits(out, digits);
            for _ in digits.len()..int_len {
                out.push('0');
            }
        } else {
            push_digits(out, &digits[..int_len]);
            out.push('.');
            push_digits(out, &digits[int_len..]);
        }
    } else {
        out.push_str("0.");
        for _ in 0..(-exp - 1) {
            out.push('0');
        }
        push_digits(out, digits);
    }
}

/// Appends a `double` as the compiler's JSON printer did: finite values like C++ `SimpleDtoa`
/// (`%.15g`, or `%.17g` when 15 digits do not round-trip), so `2.0` is `2`, `1e20` is `1e+20`;
/// non-finite values as the quoted strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
pub(crate) fn push_f64(out: &mut String, v: f64) {
    if !v.is_finite() {
        push_non_finite(out, v.is_nan(), v < 0.0);
        return;
    }
    let short = format_stack(format_args!("{v:.14e}"));
    if short.text().parse::<f64>().ok() == Some(v) {
        push_g(out, &decimal(&short), 15);
    } else {
        push_g(out, &decimal(&format_stack(format_args!("{v:.16e}"))), 17);
    }
}

/// Appends a `float` as C++ `SimpleFtoa` prints it (`%.6g`, or `%.9g` when 6 digits do not
/// round-trip through `float`), so `10.5f` is `10.5` and `0.1f` is `0.1`; non-finite values
/// as quoted strings.
pub(crate) fn push_f32(out: &mut String, v: f32) {
    if !v.is_finite() {
        push_non_finite(out, v.is_nan(), v < 0.0);
        return;
    }
    let short = format_stack(format_args!("{v:.5e}"));
    if short.text().parse::<f32>().ok() == Some(v) {
        push_g(out, &decimal(&short), 6);
    } else {
        push_g(out, &decimal(&format_stack(format_args!("{v:.8e}"))), 9);
    }
}

fn push_non_finite(out: &mut String, nan: bool, negative: bool) {
    out.push_str(match (nan, negative) {
        (true, _) => "\"NaN\"",
        (false, false) => "\"Infinity\"",
        (false, true) => "\"-Infinity\"",
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f64s(v: f64) -> String {
        let mut s = String::new();
        push_f64(&mut s, v);
        s
    }

    fn f32s(v: f32) -> String {
        let mut s = String::new();
        push_f32(&mut s, v);
        s
    }

    fn esc(v: &str) -> String {
        let mut s = String::new();
        push_escaped(&mut s, v);
        s
    }

    #[test]
    fn doubles_print_like_simple_dtoa() {
        assert_eq!(f64s(2.0), "2");
        assert_eq!(f64s(-15.5), "-15.5");
        assert_eq!(f64s(0.0), "0");
        assert_eq!(f64s(-0.0), "-0");
        assert_eq!(f64s(0.1), "0.1");
        assert_eq!(f64s(0.0001), "0.0001");
        assert_eq!(f64s(0.00001), "1e-05");
        assert_eq!(f64s(1e15), "1e+15");
        assert_eq!(f64s(123456789012345.0), "123456789012345");
        assert_eq!(f64s(1e100), "1e+100");
        assert_eq!(f64s(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(f64s(1.0 / 3.0), "0.33333333333333331");
        assert_eq!(f64s(f64::MAX), "1.7976931348623157e+308");
        assert_eq!(f64s(5e-324), "4.94065645841247e-324");
        // An exact tie at the 17th digit rounds to even, as glibc printf does.
        assert_eq!(f64s(1e8 + 1.0 / 512.0), "100000000.00195312");
        assert_eq!(f64s(f64::NAN), "\"NaN\"");
        assert_eq!(f64s(f64::NEG_INFINITY), "\"-Infinity\"");
    }

    #[test]
    fn floats_print_like_simple_ftoa() {
        assert_eq!(f32s(10.5), "10.5");
        assert_eq!(f32s(2.0), "2");
        assert_eq!(f32s(0.1), "0.1");
        assert_eq!(f32s(1.0 / 3.0), "0.333333343");
        assert_eq!(f32s(1e6), "1e+06");
        assert_eq!(f32s(123456.0), "123456");
        assert_eq!(f32s(1234567.0), "1234567");
        assert_eq!(f32s(16777216.0), "16777216");
        assert_eq!(f32s(f32::MAX), "3.40282347e+38");
        assert_eq!(f32s(f32::INFINITY), "\"Infinity\"");
    }

    #[test]
    fn shortest_form_round_trips_through_f64_parsing() {
        for bits in (0u32..=0xffff_ffff).step_by(65_521) {
            let v = f32::from_bits(bits);
            if !v.is_finite() {
                continue;
            }
            let text = f32s(v);
            let back: f64 = text.parse().unwrap_or(f64::NAN);
            assert_eq!((back as f32).to_bits(), v.to_bits(), "{text}");
            let d = f64::from(v) * 1.000_000_1;
            let back: f64 = f64s(d).parse().unwrap_or(f64::NAN);
            assert_eq!(back.to_bits(), d.to_bits());
        }
    }

    /// Every finite `f32` as printed reads back exactly through `f64` parsing and `as f32` (the
    /// path `from_json` takes). Slow: run with `cargo test --release -- --ignored`; set
    /// `F32_STRIDE` to check every n-th bit pattern only.
    #[test]
    #[ignore]
    fn every_f32_reads_back_exactly() {
        let stride: usize = std::env::var("F32_STRIDE")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        let mut text = String::new();
        for bits in (0u32..=u32::MAX).step_by(stride) {
            let v = f32::from_bits(bits);
            if !v.is_finite() {
                continue;
            }
            text.clear();
            push_f32(&mut text, v);
            let back = text.parse::<f64>().map(|d| d as f32).unwrap_or(f32::NAN);
            assert_eq!(back.to_bits(), bits, "{text}");
        }
    }

    #[test]
    fn strings_escape_like_protobuf() {
        assert_eq!(esc("plain ünïcödé"), "plain ünïcödé");
        assert_eq!(esc("a\"b\\c"), "a\\\"b\\\\c");
        assert_eq!(esc("<tag>&'"), "\\u003ctag\\u003e&'");
        assert_eq!(
            esc("\n\t\r\u{8}\u{c}\u{1}\u{7f}\u{85}"),
            "\\n\\t\\r\\b\\f\\u0001\\u007f\\u0085"
        );
        assert_eq!(esc("\u{2028}\u{feff}\u{ad}"), "\\u2028\\ufeff\\u00ad");
        assert_eq!(esc("\u{e0001}x"), "\\udb40\\udc01x");
        assert_eq!(esc("😀"), "😀");
    }

    #[test]
    fn integers() {
        let mut s = String::new();
        push_i64(&mut s, i64::MIN);
        s.push(' ');
        push_u64(&mut s, u64::MAX);
        s.push(' ');
        push_i64(&mut s, 0);
        assert_eq!(s, "-9223372036854775808 18446744073709551615 0");
    }
}
