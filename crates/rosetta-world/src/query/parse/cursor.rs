//! Flecs' tokens, read from the query's bytes.
//!
//! Hand-written rather than generated with `logos`: where a Flecs token ends depends on more
//! than the characters, in ways a regular lexer cannot express without the parser's state:
//! `<` and `>` nest (template names), `"` switches a string mode on and off in the middle of a
//! token, a backslash takes the next byte literally, whitespace before a `:` is significant
//! (it stops `A :B` from being a set expression), and `{ } [ ] , \`` are tokens of their own
//! only at a token's start. Character classes are C's in the "C" locale: only ASCII letters
//! are letters, so any byte from 0x80 up ends a token.

use crate::query::error::ParseError;

/// The query text; reading past its end gives 0, as C's terminating NUL does.
#[derive(Clone, Copy)]
pub(super) struct Src<'a> {
    pub bytes: &'a [u8],
}

/// `isspace` in the C locale.
fn is_space(ch: u8) -> bool {
    matches!(ch, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// A letter or `_`.
pub(super) fn is_ident(ch: u8) -> bool {
    ch.is_ascii_alphabetic() || ch == b'_'
}

/// A byte an identifier may start with.
pub(super) fn is_ident_start(ch: u8) -> bool {
    is_ident(ch) || ch == b'*' || ch == b'$' || ch.is_ascii_digit()
}

/// A byte a token may start with.
pub(super) fn is_token_start(ch: u8) -> bool {
    matches!(ch, b'"' | b'{' | b'}' | b',' | b'-' | b'[' | b']' | b'`') || is_ident_start(ch)
}

/// A byte that continues a token.
fn is_token_char(ch: u8) -> bool {
    is_ident(ch) || ch.is_ascii_digit() || ch == b'.' || ch == b'"'
}

impl<'a> Src<'a> {
    /// The byte at `pos`, 0 at or past the end.
    pub fn at(&self, pos: usize) -> u8 {
        self.bytes.get(pos).copied().unwrap_or(0)
    }

    /// Whether the text at `pos` starts with `pat`.
    pub fn starts_with(&self, pos: usize, pat: &[u8]) -> bool {
        self.bytes
            .get(pos..)
            .is_some_and(|rest| rest.starts_with(pat))
    }

    /// Skips spaces, but not a newline.
    pub fn ws(&self, mut pos: usize) -> usize {
        while self.at(pos) != b'\n' && is_space(self.at(pos)) {
            pos += 1;
        }
        pos
    }

    /// Skips spaces and newlines.
    pub fn ws_eol(&self, mut pos: usize) -> usize {
        while is_space(self.at(pos)) {
            pos += 1;
        }
        pos
    }

    /// The text from `pos` to the end, for messages that quote it.
    pub fn rest(&self, pos: usize) -> String {
        String::from_utf8_lossy(self.bytes.get(pos..).unwrap_or_default()).into_owned()
    }

    /// The byte at `pos` as a message quotes it.
    pub fn char_at(&self, pos: usize) -> String {
        String::from_utf8_lossy(&[self.at(pos)]).into_owned()
    }

    /// An error at `column` of the query.
    pub fn error(&self, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::in_query(self.bytes, column, message)
    }

    /// Reads a token starting at `pos` (after spaces). Returns its text (escapes resolved) and
    /// where reading goes on: after the spaces that follow it, except that spaces followed by
    /// `:` are left as one space so the `:` is not taken for a set expression.
    pub fn token(&self, pos: usize) -> Result<(Vec<u8>, usize), ParseError> {
        let column = pos;
        let mut pos = self.ws(pos);
        let first = self.at(pos);
        if !is_token_start(first) {
            return Err(if first == 0 || first == b'\n' {
                self.error(column, "unexpected end of expression")
            } else {
                self.error(
                    column,
                    format!("invalid start of token '{}'", self.rest(pos)),
                )
            });
        }
        let mut text = vec![first];
        pos += 1;
        if matches!(first, b'{' | b'}' | b'[' | b']' | b',' | b'`') {
            return Ok((text, pos));
        }
        let mut nesting = 0usize;
        let mut in_str = first == b'"';
        loop {
            let ch = self.at(pos);
            if ch == 0 {
                break;
            }
            match ch {
                b'<' => nesting += 1,
                b'>' => match nesting.checked_sub(1) {
                    Some(n) => nesting = n,
                    None => break,
                },
                b'"' => in_str = !in_str,
                b'\\' => {
                    // The next byte is taken literally (nothing if the text ends).
                    pos += 1;
                    if self.at(pos) == 0 {
                        break;
                    }
                    text.push(self.at(pos));
                    pos += 1;
                    continue;
                }
                _ if !is_token_char(ch) && !in_str => break,
                _ => {}
            }
            text.push(ch);
            pos += 1;
        }
        if nesting != 0 {
            return Err(self.error(
                column,
                format!("identifier '{}' has mismatching < > pairs", self.rest(pos)),
            ));
        }
        let next = self.ws(pos);
        if self.at(next) == b':' && next != pos {
            Ok((text, next - 1))
        } else {
            Ok((text, next))
        }
    }

    /// Reads an identifier (a token that starts like a name, a variable, a number, `*` or a
    /// string).
    pub fn identifier(&self, pos: usize) -> Result<(Vec<u8>, usize), ParseError> {
        let ch = self.at(pos);
        if ch == 0 || !(is_ident_start(ch) || ch == b'"') {
            return Err(self.error(pos, "expected start of identifier"));
        }
        self.token(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tok(s: &str, pos: usize) -> Result<(String, usize), String> {
        Src {
            bytes: s.as_bytes(),
        }
        .token(pos)
        .map(|(t, p)| (String::from_utf8_lossy(&t).into_owned(), p))
        .map_err(|e| e.to_string())
    }

    #[test]
    fn tokens() {
        assert_eq!(tok("Position, X", 0), Ok(("Position".into(), 8)));
        assert_eq!(tok("a.b.c  )", 0), Ok(("a.b.c".into(), 7)));
        assert_eq!(tok("Vec<float>)", 0), Ok(("Vec<float>".into(), 10)));
        assert_eq!(tok("\"a b, c\")", 0), Ok(("\"a b, c\"".into(), 8)));
        assert_eq!(tok("a\\ b", 0), Ok(("a b".into(), 4)));
        assert_eq!(tok("a\\", 0), Ok(("a".into(), 2)));
        assert_eq!(tok("{x", 0), Ok(("{".into(), 1)));
        // Whitespace before ':' is kept as one space.
        assert_eq!(tok("A  :B", 0), Ok(("A".into(), 2)));
        assert_eq!(tok("A:B", 0), Ok(("A".into(), 1)));
    }

    #[test]
    fn token_errors() {
        assert_eq!(
            tok("Vec<a", 0),
            Err("identifier '' has mismatching < > pairs\nVec<a\n^".into())
        );
        assert_eq!(
            tok("A, ", 2),
            Err("unexpected end of expression\nA, \n  ^".into())
        );
        assert_eq!(
            tok("A, %x", 2),
            Err("invalid start of token '%x'\nA, %x\n  ^".into())
        );
    }
}
