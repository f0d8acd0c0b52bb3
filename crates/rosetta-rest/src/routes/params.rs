//! Parameters read as `flecs_rest_bool_param` and `flecs_rest_int_param` read them.

use crate::request::Request;

/// Sets `*value` from parameter `name` if it is present: true only for the exact text `true`
/// (`TRUE`, `1` and the empty value are false).
pub(crate) fn bool_param(req: &Request, name: &str, value: &mut bool) {
    if let Some(text) = req.param(name) {
        *value = text == "true";
    }
}

/// Sets `*value` from parameter `name` if it is present, read as C's `atoi`.
pub(crate) fn int_param(req: &Request, name: &str, value: &mut i64) {
    if let Some(text) = req.param(name) {
        *value = atoi(text);
    }
}

/// C's `atoi` as glibc computes it on a 64-bit target, where Flecs v3.2.12 runs: `(int)
/// strtol(text, NULL, 10)`. Leading white space, a sign, then digits up to the first other
/// character; no digits is 0; the value saturates at the `long` range and is then cut to its
/// low 32 bits, so `2147483648` reads as `-2147483648` and `99999999999999999999` as `-1`
/// (REST's `limit` and `offset` refuse those as negative, as Flecs does).
pub(crate) fn atoi(text: &str) -> i64 {
    let t = text.trim_start_matches([' ', '\t', '\n', '\r', '\u{b}', '\u{c}']);
    let (negative, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    // Accumulated as a negative number so that `long`'s minimum fits; saturates as strtol.
    let mut n: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        n = n.saturating_mul(10).saturating_sub(i64::from(b - b'0'));
    }
    let long = if negative {
        n
    } else {
        n.checked_neg().unwrap_or(i64::MAX)
    };
    // The conversion to `int` keeps the low 32 bits (two's complement).
    i64::from(long as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoi_as_c_reads() {
        assert_eq!(atoi("25"), 25);
        assert_eq!(atoi("  -3x"), -3);
        assert_eq!(atoi("+7"), 7);
        assert_eq!(atoi("abc"), 0);
        assert_eq!(atoi(""), 0);
        assert_eq!(atoi("2147483647"), 2147483647);
        assert_eq!(atoi("2147483648"), -2147483648);
        assert_eq!(atoi("4294967297"), 1);
        assert_eq!(atoi("99999999999"), 1215752191);
        // strtol saturates at LONG_MAX / LONG_MIN, whose low 32 bits are -1 and 0.
        assert_eq!(atoi("99999999999999999999999"), -1);
        assert_eq!(atoi("-99999999999999999999999"), 0);
        assert_eq!(atoi("-9223372036854775808"), 0);
    }

    #[test]
    fn booleans_only_exact_true() {
        let Ok(req) = Request::parse("GET", "/q?a=true&b=TRUE&c=1&d=") else {
            panic!("parse")
        };
        let mut v = [true, true, true, true, true];
        for (i, name) in ["a", "b", "c", "d"].iter().enumerate() {
            bool_param(&req, name, &mut v[i]);
        }
        bool_param(&req, "missing", &mut v[4]);
        assert_eq!(v, [true, false, false, false, true]);
    }
}
