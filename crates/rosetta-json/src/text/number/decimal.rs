//! Plain decimals (`-12.375`) read without fast-float, when the result is certain: what
//! shortest float text mostly is, and what a float widened to double always is.

/// Powers of ten that are exact doubles.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// Negative powers of ten, each the nearest double.
const NEG_POW10: [f64; 23] = [
    1e0, 1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9, 1e-10, 1e-11, 1e-12, 1e-13, 1e-14,
    1e-15, 1e-16, 1e-17, 1e-18, 1e-19, 1e-20, 1e-21, 1e-22,
];

/// The digits of `int.frac` with no exponent, `dot` at the `.`: the digits as one integer, the
/// number of fraction digits and the end; `None` beyond 19 digits (or 15 before the point) or
/// when an exponent or anything a number cannot end with follows.
#[inline]
fn digits(b: &[u8], dot: usize, int: u64, int_digits: usize) -> Option<(u64, usize, usize)> {
    if int_digits > 15 || b.get(dot) != Some(&b'.') {
        return None;
    }
    let mut m = int;
    let mut j = dot + 1;
    // At most 19 digits in all, so `m` cannot overflow.
    let limit = (dot + 1 + (19 - int_digits)).min(b.len());
    while j + 8 <= limit {
        let Some(v) = eight_digits(&b[j..j + 8]) else {
            break;
        };
        m = m * 100_000_000 + v;
        j += 8;
    }
    while j < limit && b[j].is_ascii_digit() {
        m = m * 10 + u64::from(b[j] - b'0');
        j += 1;
    }
    let frac = j - dot - 1;
    let ends = !matches!(
        b.get(j),
        Some(b'e' | b'E' | b'+' | b'-' | b'.' | b'0'..=b'9')
    );
    (ends && frac > 0 && frac <= 22).then_some((m, frac, j))
}

/// The value of eight ASCII digits, if they are (SWAR, as fast-float reads them).
#[inline]
fn eight_digits(bytes: &[u8]) -> Option<u64> {
    let mut w = [0u8; 8];
    w.copy_from_slice(bytes);
    let v = u64::from_le_bytes(w);
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const ZEROS: u64 = 0x3030_3030_3030_3030;
    if v & HIGH != ZEROS || v.wrapping_add(0x0606_0606_0606_0606) & HIGH != ZEROS {
        return None;
    }
    let v = v - ZEROS;
    let v = v.wrapping_mul(10).wrapping_add(v >> 8);
    let low = (v & 0x0000_00FF_0000_00FF).wrapping_mul(100 + (1_000_000 << 32));
    let high = ((v >> 16) & 0x0000_00FF_0000_00FF).wrapping_mul(1 + (10_000 << 32));
    Some(low.wrapping_add(high) >> 32)
}

/// The magnitude and end of the decimal whose `.` is at `dot`, after `int_digits` digits making
/// `int`, when its digits make an integer of at most 2^53: the digits and the power of ten are
/// both exact, so the one division rounds correctly (Clinger's fast path).
#[inline]
pub(crate) fn short_decimal(
    b: &[u8],
    dot: usize,
    int: u64,
    int_digits: usize,
) -> Option<(f64, usize)> {
    let (m, frac, end) = digits(b, dot, int, int_digits)?;
    (m <= 1 << 53).then(|| (m as f64 / POW10[frac], end))
}

/// The float (the double rounded to float, as the general path makes it) and end of a plain
/// decimal starting at `start`, when it is certain. Digits of more than 2^53 make `x`, the
/// digits times the power of ten, within 2^-51 of the exact value (three roundings), and the
/// double the text names is within 2^-53; when `x` is within 2^-40 of a float, both are much
/// nearer that float than any halfway point between floats (2^-25 away at least), so both round
/// to it. A float widened to double is always such a text. `None` for everything else.
#[inline]
pub(crate) fn float_decimal(b: &[u8], start: usize) -> Option<(f32, usize)> {
    let negative = b.get(start) == Some(&b'-');
    let int_start = start + usize::from(negative);
    let mut i = int_start;
    let mut int = 0u64;
    while i < b.len() && b[i].is_ascii_digit() && i - int_start < 16 {
        int = int * 10 + u64::from(b[i] - b'0');
        i += 1;
    }
    let int_digits = i - int_start;
    if int_digits == 0 || (int_digits > 1 && b[int_start] == b'0') {
        return None;
    }
    let (m, frac, end) = digits(b, i, int, int_digits)?;
    let f = if m <= 1 << 53 {
        // `x` is the double itself (Clinger), so its float is the general path's.
        (m as f64 / POW10[frac]) as f32
    } else {
        let x = m as f64 * NEG_POW10[frac];
        let f = x as f32;
        if (x - f64::from(f)).abs() > x * (1.0 / (1u64 << 40) as f64) {
            return None;
        }
        f
    };
    Some((if negative { -f } else { f }, end))
}

/// The end of a flat array of `out.len()` plain decimals starting at `start` (at its `[`), each
/// float certain ([`float_decimal`]) and stored in `out`, with only whitespace around them;
/// `None` for anything else (comments, other numbers, other lengths, errors).
#[inline]
pub(crate) fn float_array(b: &[u8], start: usize, out: &mut [f32]) -> Option<usize> {
    if b.get(start) != Some(&b'[') {
        return None;
    }
    let mut i = start + 1;
    for (k, slot) in out.iter_mut().enumerate() {
        i = spaces(b, i);
        if k > 0 {
            if b.get(i) != Some(&b',') {
                return None;
            }
            i = spaces(b, i + 1);
        }
        let (f, end) = float_decimal(b, i)?;
        *slot = f;
        i = end;
    }
    i = spaces(b, i);
    (b.get(i) == Some(&b']')).then_some(i + 1)
}

#[inline]
fn spaces(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\n' | b'\r' | b'\t')) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the general path makes: the double, rounded to float.
    fn general(text: &str) -> f32 {
        text.parse::<f64>().unwrap() as f32
    }

    #[test]
    fn floats_are_those_of_the_double() {
        let mut texts: Vec<String> = [
            "0.20000000298023224",
            "0.20000000298023225",
            "0.30000001192092898",
            "-0.0",
            "0.5",
            "1024.5",
            "-37.125",
            "0.30000001192092896",
            "-9.8100004196167",
            "300.1000061035156",
            "0.1",
            "123456789012345.6789",
            "0.0000000000000000000001",
            "3.4028234663852886",
            "16777217.0",
            "0.333333333333333333",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        // Widened floats of every magnitude, and texts near halfway points between floats.
        for k in 0..20_000u32 {
            let f = f32::from_bits(0x3000_0000 + k.wrapping_mul(40_503) % 0x1800_0000);
            texts.push(format!("{}", f64::from(f)));
            let next = f64::from(f32::from_bits(f.to_bits() + 1));
            texts.push(format!("{}", (f64::from(f) + next) / 2.0));
            texts.push(format!("{:.12}", f64::from(f)));
            texts.push(format!("{}", -f64::from(f)));
        }
        let mut fast = 0;
        for text in &texts {
            if let Some((f, end)) = float_decimal(text.as_bytes(), 0) {
                assert_eq!(end, text.len(), "{text}");
                assert_eq!(f.to_bits(), general(text).to_bits(), "{text}");
                fast += 1;
            }
            let dot = text.find('.');
            if let (Some(dot), false) = (dot, text.starts_with('-')) {
                let int: u64 = text[..dot].parse().unwrap_or(u64::MAX);
                if let Some((x, _)) = short_decimal(text.as_bytes(), dot, int, dot) {
                    assert_eq!(
                        x.to_bits(),
                        text.parse::<f64>().unwrap().to_bits(),
                        "{text}"
                    );
                }
            }
        }
        assert!(fast > texts.len() / 3, "{fast} of {}", texts.len());
    }

    #[test]
    fn float_arrays() {
        let mut out = [0.0f32; 3];
        let text = b"[ 1.5,\n-0.30000001192092896 ,2.25] ";
        assert_eq!(float_array(text, 0, &mut out), Some(text.len() - 1));
        assert_eq!(out, [1.5, -0.3, 2.25]);
        for bad in [
            "[1.5, 2.5]",
            "[1.5, 2.5, 3.5, 4.5]",
            "[1.5, 2, 3.5]",
            "[1.5, /* c */ 2.5, 3.5]",
            "[1.5, 2.5, 3.5",
            "[1.5 2.5, 3.5]",
            "[1.5, 2.5x, 3.5]",
            "{1.5, 2.5, 3.5]",
        ] {
            assert_eq!(float_array(bad.as_bytes(), 0, &mut out), None, "{bad}");
        }
    }

    #[test]
    fn eight_digits_at_once() {
        assert_eq!(eight_digits(b"12345678"), Some(12_345_678));
        assert_eq!(eight_digits(b"00000009"), Some(9));
        assert_eq!(eight_digits(b"99999999"), Some(99_999_999));
        for bad in [b"1234567.", b"/2345678", b"1234567:", b"a2345678"] {
            assert_eq!(eight_digits(bad), None);
        }
    }

    #[test]
    fn the_rest_is_left_to_the_general_path() {
        for text in [
            "1",
            "1.",
            "1e5",
            "1.5e3",
            "01.5",
            "1.5.3",
            "-",
            ".5",
            "1.5x",
            "1.5-",
            "12345678901234567.5",
            "0.12345678901234567890",
        ] {
            if text == "1.5x" {
                // A letter ends a number; the caller reports what follows.
                assert!(float_decimal(text.as_bytes(), 0).is_some());
                continue;
            }
            assert_eq!(float_decimal(text.as_bytes(), 0), None, "{text}");
        }
        // Halfway between two floats: the double decides, so the general path reads it.
        let f = 1.0f32;
        let half = (f64::from(f) + f64::from(f32::from_bits(f.to_bits() + 1))) / 2.0;
        assert_eq!(float_decimal(format!("{half}").as_bytes(), 0), None);
    }
}
