//! The double RapidJSON 1.1.0 (O3DE's package) makes of a JSON number, parsed as O3DE parses
//! (without `kParseFullPrecisionFlag`): the significand gathered exactly while it fits 2^53,
//! then in a double up to 17 digits, and one multiplication or division by a power of ten
//! (`Reader::ParseNumber`, `internal::StrtodNormalPrecision`). That is often one unit in the
//! last place away from the correctly rounded double, and it is what the engine loads.

use std::sync::OnceLock;

/// `internal::Pow10`: 1e0 ..= 1e308, each the nearest double (C++ literals).
fn pow10(n: usize) -> f64 {
    static TABLE: OnceLock<Vec<f64>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..=308)
            .map(|n| format!("1e{n}").parse::<f64>().unwrap_or(f64::INFINITY))
            .collect()
    });
    table.get(n).copied().unwrap_or(f64::INFINITY)
}

/// `internal::FastPath`.
fn fast_path(significand: f64, exp: i32) -> f64 {
    if exp < -308 {
        0.0
    } else if exp >= 0 {
        significand * pow10(exp as usize)
    } else {
        significand / pow10(exp.unsigned_abs() as usize)
    }
}

/// The value of `text`, a JSON number with a fraction or an exponent (or an integer beyond
/// 64 bits), as RapidJSON computes it; `None` where RapidJSON stops with
/// `kParseErrorNumberTooBig` (an exponent above `308 - fraction digits`, whatever the digits,
/// or an integer part of 309 digits or more). Overflow is infinity, as there.
pub(crate) fn double(text: &[u8]) -> Option<f64> {
    let digit = |i: usize| text.get(i).filter(|c| c.is_ascii_digit()).map(|c| c - b'0');
    let minus = text.first() == Some(&b'-');
    let mut i = usize::from(minus);
    // The integer part: 32 bits, then 64, then a double.
    let (mut small, mut wide, mut use64) = (0u32, 0u64, false);
    let mut significand_digits = 0;
    match digit(i) {
        Some(0) => i += 1,
        Some(first) => {
            small = u32::from(first);
            i += 1;
            let (limit, last) = if minus {
                (214_748_364, 8)
            } else {
                (429_496_729, 5)
            };
            while let Some(d) = digit(i) {
                if small >= limit && (small != limit || d > last) {
                    wide = u64::from(small);
                    use64 = true;
                    break;
                }
                small = small * 10 + u32::from(d);
                i += 1;
                significand_digits += 1;
            }
        }
        None => return None,
    }
    let mut value = 0.0f64;
    let mut use_double = false;
    if use64 {
        let (limit, last) = if minus {
            (0x0CCC_CCCC_CCCC_CCCC, 8)
        } else {
            (0x1999_9999_9999_9999, 5)
        };
        while let Some(d) = digit(i) {
            if wide >= limit && (wide != limit || d > last) {
                value = wide as f64;
                use_double = true;
                break;
            }
            wide = wide * 10 + u64::from(d);
            i += 1;
            significand_digits += 1;
        }
    }
    if use_double {
        while let Some(d) = digit(i) {
            if value >= 1.797_693_134_862_315_7e307 {
                return None;
            }
            value = value * 10.0 + f64::from(d);
            i += 1;
        }
    }
    let mut exp_frac = 0i32;
    if text.get(i) == Some(&b'.') {
        i += 1;
        if !use_double {
            if !use64 {
                wide = u64::from(small);
            }
            while let Some(d) = digit(i) {
                if wide > (1 << 53) - 1 {
                    break;
                }
                wide = wide * 10 + u64::from(d);
                i += 1;
                exp_frac -= 1;
                if wide != 0 {
                    significand_digits += 1;
                }
            }
            value = wide as f64;
            use_double = true;
        }
        while let Some(d) = digit(i) {
            if significand_digits < 17 {
                value = value * 10.0 + f64::from(d);
                exp_frac -= 1;
                if value > 0.0 {
                    significand_digits += 1;
                }
            }
            i += 1;
        }
    }
    let mut exp = 0i32;
    if matches!(text.get(i), Some(b'e' | b'E')) {
        i += 1;
        if !use_double {
            value = if use64 { wide as f64 } else { f64::from(small) };
        }
        let exp_minus = text.get(i) == Some(&b'-');
        if matches!(text.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        exp = i32::from(digit(i)?);
        i += 1;
        let max_exp = 308 - exp_frac;
        while let Some(d) = digit(i) {
            i += 1;
            if exp_minus {
                // RapidJSON stops growing it past 214748364 (the rest is read and dropped).
                if exp < 214_748_364 {
                    exp = exp * 10 + i32::from(d);
                }
            } else {
                exp = exp * 10 + i32::from(d);
                if exp > max_exp {
                    return None;
                }
            }
        }
        if exp_minus {
            exp = -exp;
        }
    } else if !use_double {
        value = if use64 { wide as f64 } else { f64::from(small) };
    }
    // Saturating where C++ would overflow (absurd exponents only): the result is 0 either way.
    let p = exp.saturating_add(exp_frac);
    let magnitude = if p < -308 {
        fast_path(fast_path(value, -308), p + 308)
    } else {
        fast_path(value, p)
    };
    Some(if minus { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests {
    use super::double;

    fn bits(text: &str) -> Option<u64> {
        double(text.as_bytes()).map(f64::to_bits)
    }

    /// What RapidJSON 1.1.0 (Debian's `rapidjson-dev` 1.1.0+dfsg2, the version O3DE pins) gives
    /// for these texts, from a C++ program calling `Document::Parse<kParseCommentsFlag>`.
    #[test]
    fn rapidjson_values() {
        let cases: [(&str, Option<u64>); 9] = [
            ("417.10333251953125", Some(0x407a_11a7_4000_0001)),
            ("9007199254740993.5", Some(0x4340_0000_0000_0000)),
            (
                "1.00000000000000011102230246251565404236316680908203126",
                Some(0x3ff0_0000_0000_0000),
            ),
            ("2.4703282292062328e-324", Some(0)),
            ("0e400", None),
            ("1e400", None),
            ("1.8e308", Some(f64::INFINITY.to_bits())),
            ("0.0000001e310", Some(1e303f64.to_bits())),
            ("-0.0", Some((-0.0f64).to_bits())),
        ];
        for (text, want) in cases {
            assert_eq!(bits(text), want, "{text}");
        }
    }

    #[test]
    fn short_decimals_are_correctly_rounded_as_there() {
        for text in ["0.1", "1.5", "-37.125", "123456.789", "1e22", "5e-324"] {
            assert_eq!(double(text.as_bytes()), text.parse::<f64>().ok(), "{text}");
        }
    }
}
