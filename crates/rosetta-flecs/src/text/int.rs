//! Integers as Flecs writes them: `ecs_strbuf_appendint` (its own `itoa`), `%llu` for `u64`,
//! `%u` for `uptr`, and the quotes v3.2.9+ puts around `u64`/`i64` values of 2³¹ and more.

use super::float::{push_flecs_int, Ascii};
use super::mode::Mode;

/// Values from here on are quoted when they are a `u64` or `i64` (commit `6d0feeeec`).
pub const LARGE_INT: u64 = 2_147_483_648;

/// `ecs_strbuf_appendint`: plain decimal. Flecs' formatter overflows on `i64::MIN` and writes
/// `-` and a digit string of `'0' - d` characters, not a number: [`Mode::Engine`] writes those
/// bytes, [`Mode::Valid`] the number.
pub fn push_i64(out: &mut String, v: i64, mode: Mode) {
    if v == i64::MIN && mode == Mode::Engine {
        let mut b = Ascii::new();
        push_flecs_int(&mut b, v);
        b.write_to(out);
    } else {
        out.push_str(itoa::Buffer::new().format(v));
    }
}

/// An unsigned value in decimal (`%llu`, or `appendint` of a zero-extended value).
pub fn push_u64(out: &mut String, v: u64) {
    out.push_str(itoa::Buffer::new().format(v));
}

/// A reflected `i64` member: quoted from 2³¹ on (negative values never).
pub fn push_i64_member(out: &mut String, v: i64, mode: Mode) {
    if v >= LARGE_INT as i64 {
        out.push('"');
        push_i64(out, v, mode);
        out.push('"');
    } else {
        push_i64(out, v, mode);
    }
}

/// A reflected `u64` member: quoted from 2³¹ on.
pub fn push_u64_member(out: &mut String, v: u64) {
    if v >= LARGE_INT {
        out.push('"');
        push_u64(out, v);
        out.push('"');
    } else {
        push_u64(out, v);
    }
}

/// A reflected `uptr`: Flecs prints it with `%u`, so only its low 32 bits (a v3.2.12 bug kept
/// in both modes: the output is valid JSON, just truncated).
pub fn push_uptr(out: &mut String, v: u64) {
    push_u64(out, v & 0xFFFF_FFFF);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(f: impl FnOnce(&mut String)) -> String {
        let mut s = String::new();
        f(&mut s);
        s
    }

    #[test]
    fn large_values_are_quoted() {
        assert_eq!(
            with(|s| push_i64_member(s, 2147483647, Mode::Valid)),
            "2147483647"
        );
        assert_eq!(
            with(|s| push_i64_member(s, 2147483648, Mode::Valid)),
            "\"2147483648\""
        );
        assert_eq!(
            with(|s| push_i64_member(s, -3000000000, Mode::Valid)),
            "-3000000000"
        );
        assert_eq!(with(|s| push_u64_member(s, 4294967295)), "\"4294967295\"");
        assert_eq!(
            with(|s| push_u64_member(s, u64::MAX)),
            "\"18446744073709551615\""
        );
        assert_eq!(with(|s| push_u64_member(s, 10)), "10");
    }

    #[test]
    fn uptr_is_truncated() {
        assert_eq!(with(|s| push_uptr(s, 10)), "10");
        assert_eq!(with(|s| push_uptr(s, (1 << 32) + 7)), "7");
    }

    #[test]
    fn int64_min() {
        assert_eq!(
            with(|s| push_i64_member(s, i64::MIN, Mode::Valid)),
            "-9223372036854775808"
        );
        let engine = with(|s| push_i64_member(s, i64::MIN, Mode::Engine));
        assert!(engine.starts_with('-') && engine.len() == 20, "{engine}");
        assert!(serde_json::from_str::<serde_json::Value>(&engine).is_err());
    }
}
