//! Strings as Flecs writes them.
//!
//! Flecs escapes strings and labels with `ecs_stresc(.., '"', ..)` (`ecs_chresc` per byte):
//! `"` `\` and `\b \f \n \r \t` as JSON has them, but also `\a` and `\v` (not JSON), ESC
//! (0x1b) as `[`, every other control character raw (not JSON), and a string ends at its first
//! NUL, as C strings do. Names and paths it writes raw, unescaped.
//!
//! [`Mode::Valid`] keeps every byte Flecs writes that is valid JSON (ESC still becomes `[`)
//! and writes the rest as JSON requires: `\u0007` for BEL, `\u000b` for VT, `\u00XX` for other
//! control characters (NUL included, the string going on), `\"` and `\\` in names.
//! [`Mode::Lossless`] is [`Mode::Valid`] with ESC kept (`\u001b`), so every string reads back
//! as it was. [`Mode::Engine`] writes v3.2.12's bytes.

use super::mode::Mode;

/// `"` + `s` escaped as `ecs_stresc` + `"` (string values, labels, doc strings).
pub fn push_escaped(out: &mut String, s: &str, mode: Mode) {
    out.push('"');
    escape_into(out, s, mode);
    out.push('"');
}

/// `s` escaped as `ecs_stresc` (without quotes).
pub fn escape_into(out: &mut String, s: &str, mode: Mode) {
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.push_str(&s[start..i]);
        start = i + 1;
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            0x08 => out.push_str("\\b"),
            0x0c => out.push_str("\\f"),
            0x1b if !mode.is_lossless() => out.push('['),
            0 if mode == Mode::Engine => return,
            0x07 if mode == Mode::Engine => out.push_str("\\a"),
            0x0b if mode == Mode::Engine => out.push_str("\\v"),
            _ if mode == Mode::Engine => out.push(char::from(b)),
            _ => push_unicode_escape(out, b),
        }
    }
    out.push_str(&s[start..]);
}

/// `"` + `s` + `"` as Flecs writes names, paths and symbols: raw in [`Mode::Engine`] (a `"` in
/// a name breaks the JSON), escaped as JSON requires in [`Mode::Valid`].
pub fn push_raw(out: &mut String, s: &str, mode: Mode) {
    out.push('"');
    raw_into(out, s, mode);
    out.push('"');
}

/// `s` as [`push_raw`] writes it, without quotes.
pub fn raw_into(out: &mut String, s: &str, mode: Mode) {
    if mode == Mode::Engine {
        // A C string ends at its first NUL.
        out.push_str(s.split('\0').next().unwrap_or_default());
        return;
    }
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.push_str(&s[start..i]);
        start = i + 1;
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            b'\r' => out.push_str("\\r"),
            _ => push_unicode_escape(out, b),
        }
    }
    out.push_str(&s[start..]);
}

/// A `char` value (`ecs_chresc`): `0` unquoted for NUL, else the escaped character quoted.
pub fn push_char(out: &mut String, c: char, mode: Mode) {
    if c == '\0' {
        out.push('0');
        return;
    }
    let mut b = [0u8; 4];
    push_escaped(out, c.encode_utf8(&mut b), mode);
}

fn push_unicode_escape(out: &mut String, b: u8) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("\\u00");
    out.push(char::from(HEX[usize::from(b >> 4)]));
    out.push(char::from(HEX[usize::from(b & 15)]));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn esc(s: &str, mode: Mode) -> String {
        let mut o = String::new();
        push_escaped(&mut o, s, mode);
        o
    }

    fn raw(s: &str, mode: Mode) -> String {
        let mut o = String::new();
        push_raw(&mut o, s, mode);
        o
    }

    #[test]
    fn json_escapes_are_the_same_in_both_modes() {
        for mode in [Mode::Valid, Mode::Engine] {
            assert_eq!(
                esc("a\"b\\c\nd\te\rf\u{8}g\u{c}", mode),
                r#""a\"b\\c\nd\te\rf\bg\f""#
            );
            assert_eq!(esc("/ é ☃", mode), "\"/ é ☃\"");
            assert_eq!(esc("\u{1b}[31m", mode), "\"[[31m\"");
        }
    }

    #[test]
    fn lossless_mode_keeps_esc() {
        assert_eq!(esc("\u{1b}[31m", Mode::Lossless), r#""\u001b[31m""#);
        let all: String = (0u8..0x80).map(char::from).collect();
        let back: String = serde_json::from_str(&esc(&all, Mode::Lossless)).unwrap();
        assert_eq!(back, all);
    }

    #[test]
    fn engine_bytes_for_other_control_characters() {
        assert_eq!(esc("\u{7}\u{b}", Mode::Engine), r#""\a\v""#);
        assert_eq!(esc("a\u{1}b", Mode::Engine), "\"a\u{1}b\"");
        assert_eq!(esc("ab\0cd", Mode::Engine), "\"ab\"");
        assert_eq!(
            esc("\u{7}\u{b}\u{1}\u{7f}", Mode::Valid),
            "\"\\u0007\\u000b\\u0001\u{7f}\""
        );
        assert_eq!(esc("ab\0cd", Mode::Valid), r#""ab\u0000cd""#);
    }

    #[test]
    fn valid_mode_is_json() {
        let all: String = (0u8..0x80).map(char::from).collect();
        let v = esc(&all, Mode::Valid);
        let back: String = serde_json::from_str(&v).unwrap();
        assert_eq!(back.len(), all.len());
        let r = raw(&all, Mode::Valid);
        assert_eq!(serde_json::from_str::<String>(&r).unwrap(), all);
    }

    #[test]
    fn names_are_raw_in_engine_mode() {
        assert_eq!(raw("we\"ird", Mode::Engine), "\"we\"ird\"");
        assert_eq!(raw("we\"ird", Mode::Valid), r#""we\"ird""#);
        assert_eq!(raw("a\\b", Mode::Valid), r#""a\\b""#);
        assert_eq!(raw("a.b", Mode::Valid), "\"a.b\"");
    }

    #[test]
    fn chars() {
        let mut o = String::new();
        push_char(&mut o, 'a', Mode::Valid);
        push_char(&mut o, '\0', Mode::Valid);
        push_char(&mut o, '"', Mode::Engine);
        assert_eq!(o, r#""a"0"\"""#);
    }
}
