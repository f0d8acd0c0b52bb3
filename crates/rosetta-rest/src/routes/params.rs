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

/// C's `atoi`: leading white space, a sign, then digits up to the first other character; no
/// digits is 0. Out-of-range values (undefined in C) are clamped to the `int` range.
pub(crate) fn atoi(text: &str) -> i64 {
    let t = text.trim_start_matches([' ', '\t', '\n', '\r', '\u{b}', '\u{c}']);
    let (negative, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut n: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        n = (n * 10 + i64::from(b - b'0')).min(i64::from(i32::MAX) + 1);
    }
    let n = if negative { -n } else { n };
    n.clamp(i64::from(i32::MIN), i64::from(i32::MAX))
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
        assert_eq!(atoi("99999999999999999999999"), i64::from(i32::MAX));
        assert_eq!(atoi("-99999999999999999999999"), i64::from(i32::MIN));
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
