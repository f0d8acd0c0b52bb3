//! The C library's number parsing and printing that O3DE's serializers rely on: `strtoll` and
//! `strtoull` with base 0 (prefix parse, leading whitespace, `0x` hex, `0` octal), `strtod`
//! (prefix parse) and `printf("%f")`.

/// What `strtoll`/`strtoull` made of a text: the magnitude, its sign and whether it overflowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CInt {
    pub negative: bool,
    pub magnitude: u64,
    pub overflow: bool,
}

fn is_c_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0b' | b'\x0c' | b'\r')
}

/// Parses the longest integer prefix as `strtol` with base 0 does; `None` when no digit was read
/// (the C functions then return 0 with `end == text`).
pub(crate) fn parse_c_int(text: &str) -> Option<CInt> {
    parse_int_prefix(text, true)
}

/// The longest decimal integer prefix (`strtol` with base 10): `"010"` is 10, `"0x1F"` is 0.
pub(crate) fn parse_decimal_int(text: &str) -> Option<CInt> {
    parse_int_prefix(text, false)
}

fn parse_int_prefix(text: &str, base0: bool) -> Option<CInt> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && is_c_space(b[i]) {
        i += 1;
    }
    let mut negative = false;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        negative = b[i] == b'-';
        i += 1;
    }
    let (radix, start) = if !base0 {
        (10, i)
    } else if b.get(i) == Some(&b'0')
        && matches!(b.get(i + 1), Some(b'x' | b'X'))
        && b.get(i + 2).is_some_and(u8::is_ascii_hexdigit)
    {
        (16, i + 2)
    } else if b.get(i) == Some(&b'0') {
        (8, i)
    } else {
        (10, i)
    };
    let mut magnitude: u64 = 0;
    let mut overflow = false;
    let mut digits = 0;
    for &c in &b[start..] {
        let Some(d) = (c as char).to_digit(radix) else {
            break;
        };
        digits += 1;
        match magnitude
            .checked_mul(u64::from(radix))
            .and_then(|m| m.checked_add(u64::from(d)))
        {
            Some(m) => magnitude = m,
            None => overflow = true,
        }
    }
    (digits > 0).then_some(CInt {
        negative,
        magnitude,
        overflow,
    })
}

impl CInt {
    /// The value `strtoll` returns, or `None` on `ERANGE`.
    pub fn as_i64(self) -> Option<i64> {
        if self.overflow {
            return None;
        }
        if self.negative {
            0i64.checked_sub_unsigned(self.magnitude)
        } else {
            i64::try_from(self.magnitude).ok()
        }
    }

    /// The value `strtoull` returns, or `None` on `ERANGE` or for negative text (which O3DE
    /// rejects for unsigned targets before calling `strtoull`). `-0` is 0.
    pub fn as_u64(self) -> Option<u64> {
        if self.overflow || (self.negative && self.magnitude != 0) {
            None
        } else {
            Some(self.magnitude)
        }
    }
}

/// Parses the longest floating-point prefix as `strtod` does in the "C" locale (decimal and
/// hexadecimal forms, `inf`, `infinity` and `nan`). `None` when nothing was parsed or the
/// value is out of range (`ERANGE`).
pub(crate) fn parse_c_double(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && is_c_space(b[i]) {
        i += 1;
    }
    let start = i;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let rest = &text[i..];
    for word in ["infinity", "inf", "nan"] {
        let head = rest.as_bytes().get(..word.len());
        if head.is_some_and(|h| h.eq_ignore_ascii_case(word.as_bytes())) {
            let negative = b[start] == b'-';
            return Some(match (word, negative) {
                ("nan", _) => f64::NAN,
                (_, true) => f64::NEG_INFINITY,
                _ => f64::INFINITY,
            });
        }
    }
    if let Some(magnitude) = hex_float(&b[i..]) {
        let value = if b[start] == b'-' {
            -magnitude?
        } else {
            magnitude?
        };
        return Some(value);
    }
    let int_start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let mut digits = i - int_start;
    if i < b.len() && b[i] == b'.' {
        let frac_start = i + 1;
        let mut j = frac_start;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        digits += j - frac_start;
        if digits > 0 {
            i = j;
        }
    }
    if digits == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let exp_start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > exp_start {
            i = j;
        }
    }
    let value: f64 = text[start..i].parse().ok()?;
    // strtod reports ERANGE for overflow to infinity (and for underflow, which O3DE also
    // rejects; a true zero is fine).
    let is_zero_text = text[start..i]
        .bytes()
        .take_while(|c| !matches!(c, b'e' | b'E'))
        .all(|c| !c.is_ascii_digit() || c == b'0');
    if value.is_infinite() || (value == 0.0 && !is_zero_text) {
        return None;
    }
    Some(value)
}

/// A hexadecimal float (`0x1.8p3`, `0x10`, `0x.8`) at the start of `b`, after the sign:
/// `None` when `b` is not one (`0x` without a hex digit is the decimal `0`), `Some(None)` when
/// it is out of range.
fn hex_float(b: &[u8]) -> Option<Option<f64>> {
    let digits = match b {
        [b'0', b'x' | b'X', rest @ ..] => rest,
        _ => return None,
    };
    let hex = |c: u8| char::from(c).to_digit(16);
    // Up to 15 significant hex digits (60 bits) exactly; later ones only as a sticky bit,
    // which keeps the rounding to 53 bits right.
    let (mut mantissa, mut exponent, mut sticky, mut any) = (0u64, 0i64, false, false);
    let mut i = 0;
    let mut after_point = false;
    while let Some(&c) = digits.get(i) {
        if c == b'.' && !after_point {
            after_point = true;
        } else if let Some(d) = hex(c) {
            any = true;
            if mantissa >> 60 == 0 {
                mantissa = mantissa << 4 | u64::from(d);
                exponent -= 4 * i64::from(after_point);
            } else {
                sticky |= d != 0;
                exponent += 4 * i64::from(!after_point);
            }
        } else {
            break;
        }
        i += 1;
    }
    if !any {
        return None;
    }
    if let [b'p' | b'P', rest @ ..] = &digits[i..] {
        let (negative, rest) = match rest {
            [b'-', r @ ..] => (true, r),
            [b'+', r @ ..] => (false, r),
            r => (false, r),
        };
        let n = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        if n > 0 {
            let e = rest[..n]
                .iter()
                .fold(0i64, |e, c| (e * 10 + i64::from(c - b'0')).min(100_000));
            exponent += if negative { -e } else { e };
        }
    }
    if mantissa == 0 {
        return Some(Some(0.0));
    }
    // Scaled in steps that stay normal doubles, so only the last can round.
    let mut value = (mantissa | u64::from(sticky)) as f64;
    let mut exponent = exponent.clamp(-2200, 2200) as i32;
    while exponent.abs() > 960 {
        let step = 960 * exponent.signum();
        value *= 2f64.powi(step);
        exponent -= step;
    }
    value *= 2f64.powi(exponent);
    // strtod's ERANGE: overflow, or a nonzero value that underflows to zero.
    Some((value.is_finite() && value != 0.0).then_some(value))
}

/// `printf("%f", value)`: six decimals, no exponent (`3.141500`, `-0.000000`, `inf`, `nan`).
pub(crate) fn format_percent_f(value: f64) -> String {
    if value.is_nan() {
        return if value.is_sign_negative() {
            "-nan"
        } else {
            "nan"
        }
        .into();
    }
    if value.is_infinite() {
        return if value < 0.0 { "-inf" } else { "inf" }.into();
    }
    format!("{value:.6}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ll(text: &str) -> Option<i64> {
        parse_c_int(text).and_then(CInt::as_i64)
    }

    #[test]
    fn strtoll_base_zero() {
        assert_eq!(ll("34 Hello"), Some(34));
        assert_eq!(ll("12.6"), Some(12));
        assert_eq!(ll("-12.6"), Some(-12));
        assert_eq!(ll("  42"), Some(42));
        assert_eq!(ll("0x1F"), Some(31));
        assert_eq!(ll("010"), Some(8));
        assert_eq!(ll("0"), Some(0));
        assert_eq!(ll("08"), Some(0));
        assert_eq!(ll("0x"), Some(0));
        assert_eq!(ll("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(ll("18446744073709551615"), None);
        for bad in ["", ".5", "-.5", "hello 2.4", "   ", "ee0"] {
            assert_eq!(parse_c_int(bad), None, "{bad:?}");
        }
        let max = parse_c_int("18446744073709551615").unwrap();
        assert_eq!(max.as_u64(), Some(u64::MAX));
        assert_eq!(parse_c_int("-1").unwrap().as_u64(), None);
        assert_eq!(parse_c_int("-0").unwrap().as_u64(), Some(0));
        assert_eq!(parse_c_int("99999999999999999999").unwrap().as_u64(), None);
    }

    #[test]
    fn strtod_prefixes() {
        assert_eq!(parse_c_double("12.5f"), Some(12.5));
        assert_eq!(parse_c_double("2.4 42.0"), Some(2.4));
        assert_eq!(parse_c_double("42"), Some(42.0));
        assert_eq!(parse_c_double(" -12.5"), Some(-12.5));
        assert_eq!(parse_c_double(".5"), Some(0.5));
        assert_eq!(parse_c_double("5."), Some(5.0));
        assert_eq!(parse_c_double("1e5x"), Some(1e5));
        assert_eq!(parse_c_double("1e"), Some(1.0));
        assert_eq!(parse_c_double("-inf"), Some(f64::NEG_INFINITY));
        assert_eq!(parse_c_double("0.0"), Some(0.0));
        assert_eq!(parse_c_double("0x10"), Some(16.0));
        assert_eq!(parse_c_double("-0x1p4"), Some(-16.0));
        assert_eq!(parse_c_double("0X1.8P+1z"), Some(3.0));
        assert_eq!(parse_c_double("0x.8"), Some(0.5));
        assert_eq!(parse_c_double("0x1p-1074"), Some(5e-324));
        assert_eq!(parse_c_double("0x1p"), Some(1.0));
        assert_eq!(parse_c_double("0xg"), Some(0.0));
        assert_eq!(parse_c_double("0x1.fffffffffffff8p0"), Some(2.0));
        assert_eq!(
            parse_c_double("0x123456789abcdef0123p0"),
            Some(5.373003642731685e21)
        );
        for bad in [
            "",
            "hello",
            "hello 2.4",
            ".",
            "-",
            "1e999",
            "1e-999",
            "a€",
            "-a€",
            "aaaaaaa€",
            "0x1p9999",
            "0x1p-9999",
        ] {
            assert_eq!(parse_c_double(bad), None, "{bad:?}");
        }
        assert_eq!(parse_c_double(&("9".repeat(500) + ".0")), None);
    }

    #[test]
    fn percent_f() {
        assert_eq!(format_percent_f(2.5), "2.500000");
        assert_eq!(format_percent_f(1.0 / 3.0), "0.333333");
        assert_eq!(format_percent_f(-2.0), "-2.000000");
        assert_eq!(format_percent_f(1e20), "100000000000000000000.000000");
    }
}
