//! The tokens of Flecs v4.1.6's query language, read as its shared script tokenizer reads
//! them with newlines insignificant and variable members merged into one identifier
//! (`$x.y`): whitespace and `//`, `/* */` comments skipped, numbers, strings, operators
//! (longest first in Flecs' order), script keywords (`in`, `with`, ... followed by a space
//! or the end), and identifiers with their `\` escapes and `<...>` template brackets.

use crate::query::error::ParseError;

/// What kind a token is; operators carry their text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    End,
    Ident,
    Number,
    Str,
    Char,
    Keyword,
    /// An operator or punctuation, e.g. `(`, `||`, `~=`.
    Op(&'static str),
}

/// A token: its kind, its text (an identifier as unescaped, a string without quotes), and
/// the byte after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Token {
    pub kind: Kind,
    pub value: Vec<u8>,
    pub end: usize,
}

impl Token {
    /// Whether this is the operator `op`.
    pub fn is(&self, op: &str) -> bool {
        matches!(self.kind, Kind::Op(o) if o == op)
    }

    /// `unexpected ...` as Flecs' grammar words a token it has no rule for.
    pub fn unexpected(&self) -> String {
        let value = String::from_utf8_lossy(&self.value);
        match self.kind {
            Kind::End => "unexpected end of script".to_owned(),
            Kind::Ident => format!("unexpected identifier '{value}'"),
            Kind::Number => format!("unexpected number '{value}'"),
            Kind::Str => format!("unexpected string '{value}'"),
            Kind::Char => format!("unexpected char '{value}'"),
            Kind::Keyword => format!("unexpected keyword '{value}'"),
            Kind::Op(op) => format!("unexpected '{op}'"),
        }
    }
}

/// Operators in the order Flecs tries them (so `*=` wins over `*`, `..` over `.`).
const OPERATORS: [&str; 36] = [
    "+=", "*=", ":", "{", "}", "(", ")", "[", "]", "@", ",", ";", "+", "->", "-", "*", "/", "%%",
    "?", "..", ".", "==", "!=", "<<", ">>", ">=", "<=", "&&", "||", "~=", "!", "=", "&", "|", ">",
    "<",
];

/// Script keywords: a token only when a space, a comment or the end follows.
const KEYWORDS: [&str; 15] = [
    "with", "using", "template", "prop", "const", "if", "else", "for", "in", "match", "new",
    "export", "module", "include", "fn",
];

/// Whether `word` reads as a keyword when followed by a space.
pub(crate) fn is_keyword(word: &[u8]) -> bool {
    KEYWORDS.iter().any(|k| k.as_bytes() == word)
}

/// The query text, cut at its first NUL as Flecs' C string is.
#[derive(Clone, Copy)]
pub(super) struct Lexer<'a> {
    pub bytes: &'a [u8],
}

/// `isspace` in the C locale.
fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Whether `c` may start an identifier (`isalpha`, `_`, `$`, `#`).
pub(crate) fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'_' | b'$' | b'#')
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Self {
        let bytes = text.as_bytes();
        let len = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        Lexer {
            bytes: bytes.get(..len).unwrap_or_default(),
        }
    }

    /// The byte at `pos`, or 0 past the end.
    pub fn at(&self, pos: usize) -> u8 {
        self.bytes.get(pos).copied().unwrap_or(0)
    }

    /// An error at byte `column`, as Flecs' parser logs it.
    pub fn error(&self, column: usize, message: impl Into<String>) -> ParseError {
        ParseError::v4_parser(self.bytes, column, message)
    }

    fn skip_space(&self, mut pos: usize) -> usize {
        while pos < self.bytes.len() && is_space(self.at(pos)) {
            pos += 1;
        }
        pos
    }

    /// Skips whitespace and comments; an unterminated `/*` is an error at its start.
    fn skip(&self, mut pos: usize) -> Result<usize, ParseError> {
        loop {
            pos = self.skip_space(pos);
            if self.at(pos) != b'/' {
                return Ok(pos);
            }
            match self.at(pos + 1) {
                b'/' => {
                    while pos < self.bytes.len() && self.at(pos) != b'\n' {
                        pos += 1;
                    }
                }
                b'*' => {
                    let start = pos;
                    pos += 2;
                    loop {
                        if pos >= self.bytes.len() {
                            return Err(self.error(start, "missing */ for multiline comment"));
                        }
                        if self.at(pos) == b'*' && self.at(pos + 1) == b'/' {
                            pos += 2;
                            break;
                        }
                        pos += 1;
                    }
                }
                _ => return Ok(pos),
            }
        }
    }

    fn boundary(&self, pos: usize) -> bool {
        let c = self.at(pos);
        c == 0 || is_space(c) || (c == b'/' && matches!(self.at(pos + 1), b'/' | b'*'))
    }

    /// The next token from `pos`.
    pub fn next(&self, pos: usize) -> Result<Token, ParseError> {
        let pos = self.skip(pos)?;
        let c = self.at(pos);
        let tok = |kind, value: &[u8], end| Token {
            kind,
            value: value.to_vec(),
            end,
        };
        if c == 0 {
            return Ok(tok(Kind::End, b"", pos));
        }
        if c.is_ascii_digit() || (c == b'-' && self.at(pos + 1).is_ascii_digit()) {
            return self.number(pos);
        }
        for op in OPERATORS {
            let ob = op.as_bytes();
            let matched = if ob.len() == 2 && op != "%%" {
                self.bytes.get(pos..pos + 2) == Some(ob)
            } else {
                ob.first() == Some(&c)
            };
            if matched {
                let len = if op == "%%" { 1 } else { ob.len() };
                return Ok(tok(Kind::Op(op), ob, pos + len));
            }
        }
        for k in KEYWORDS {
            let kb = k.as_bytes();
            if self.bytes.get(pos..pos + kb.len()) == Some(kb) && self.boundary(pos + kb.len()) {
                return Ok(tok(Kind::Keyword, kb, pos + kb.len()));
            }
        }
        match c {
            b'\'' => self.char_token(pos),
            b'"' => {
                let end = self.skip_string(pos + 1, b'"')?;
                let value = self.bytes.get(pos + 1..end).unwrap_or_default();
                Ok(tok(Kind::Str, value, end + 1))
            }
            b'`' => {
                let mut end = pos + 1;
                while end < self.bytes.len() && self.at(end) != b'`' {
                    if self.at(end) == b'\\' && self.at(end + 1) == b'`' {
                        end += 1;
                    }
                    end += 1;
                }
                if self.at(end) != b'`' {
                    return Err(self.error(pos, "unterminated string"));
                }
                let value = self.bytes.get(pos + 1..end).unwrap_or_default();
                Ok(tok(Kind::Str, value, end + 1))
            }
            c if is_ident_start(c) => self.identifier(pos),
            _ => Err(self.error(
                pos,
                format!("unknown token '{}'", String::from_utf8_lossy(&[c])),
            )),
        }
    }

    /// The position of the closing `delim` of a string whose text starts at `start`.
    fn skip_string(&self, start: usize, delim: u8) -> Result<usize, ParseError> {
        let mut pos = start;
        while pos < self.bytes.len() && self.at(pos) != delim {
            if self.at(pos) == b'\\' && pos + 1 < self.bytes.len() {
                pos += 1;
            }
            pos += 1;
        }
        if pos >= self.bytes.len() {
            return Err(self.error(start, "unterminated string"));
        }
        Ok(pos)
    }

    fn char_token(&self, pos: usize) -> Result<Token, ParseError> {
        let end = self.skip_string(pos + 1, b'\'')?;
        let len = end - pos - 1;
        if len == 0 {
            return Err(self.error(pos, "Empty char"));
        }
        if len > 1 && !(len == 2 && self.at(pos + 1) == b'\\') {
            return Err(self.error(pos, "only one char allowed"));
        }
        Ok(Token {
            kind: Kind::Char,
            value: self.bytes.get(pos + 1..end).unwrap_or_default().to_vec(),
            end: end + 1,
        })
    }

    fn number(&self, mut pos: usize) -> Result<Token, ParseError> {
        let mut out = Vec::new();
        if self.at(pos) == b'-' {
            out.push(b'-');
            pos += 1;
        }
        let mut base = 10;
        if self.at(pos) == b'0' && matches!(self.at(pos + 1), b'x' | b'X' | b'b' | b'B') {
            base = if matches!(self.at(pos + 1), b'x' | b'X') {
                16
            } else {
                2
            };
            out.extend_from_slice(self.bytes.get(pos..pos + 2).unwrap_or_default());
            pos += 2;
        }
        let (mut dot, mut exp, mut digit) = (false, false, false);
        loop {
            let c = self.at(pos);
            let valid = match c {
                b'.' if !dot && !exp && self.at(pos + 1).is_ascii_digit() => {
                    dot = true;
                    true
                }
                b'e' | b'E' if base == 10 && !exp && digit => {
                    if self.at(pos + 1).is_ascii_digit() {
                        exp = true;
                        true
                    } else if matches!(self.at(pos + 1), b'+' | b'-')
                        && self.at(pos + 2).is_ascii_digit()
                    {
                        exp = true;
                        out.push(c);
                        out.push(self.at(pos + 1));
                        pos += 2;
                        continue;
                    } else {
                        false
                    }
                }
                c if base == 10 && c.is_ascii_digit() => {
                    digit = true;
                    true
                }
                c if base == 16 && c.is_ascii_hexdigit() => {
                    digit = true;
                    true
                }
                b'0' | b'1' if base == 2 => {
                    digit = true;
                    true
                }
                _ => false,
            };
            if !valid {
                if !digit && base != 10 {
                    return Err(self.error(pos, "missing digits in number literal"));
                }
                return Ok(Token {
                    kind: Kind::Number,
                    value: out,
                    end: pos,
                });
            }
            out.push(c);
            pos += 1;
        }
    }

    fn identifier(&self, start: usize) -> Result<Token, ParseError> {
        let mut out = Vec::new();
        let mut pos = start;
        loop {
            let c = self.at(pos);
            if c == b'.' && self.at(pos + 1) == b'.' {
                break;
            }
            let mut ident = is_ident_start(c) || c.is_ascii_digit() || c == b'.';
            // `\.` stays as written (for name lookup), `.*` too (wildcard paths).
            if c == b'\\' && self.at(pos + 1) == b'.' {
                ident = true;
            }
            if c == b'*' && pos != start && self.at(pos - 1) == b'.' {
                ident = true;
            }
            if !ident {
                match c {
                    b'\\' => {
                        pos += 1;
                        if pos >= self.bytes.len() {
                            break;
                        }
                    }
                    b'<' => {
                        let mut depth = 0i64;
                        loop {
                            let c = self.at(pos);
                            match c {
                                b'<' => depth += 1,
                                b'>' => depth -= 1,
                                0 => return Err(self.error(pos, "< without > in identifier")),
                                _ => {}
                            }
                            out.push(c);
                            pos += 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        break;
                    }
                    b'>' => return Err(self.error(pos, "> without < in identifier")),
                    _ => break,
                }
            }
            out.push(self.at(pos));
            pos += 1;
        }
        Ok(Token {
            kind: Kind::Ident,
            value: out,
            end: pos,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(Kind, String)> {
        let lx = Lexer::new(text);
        let mut pos = 0;
        let mut out = Vec::new();
        loop {
            let t = lx.next(pos).unwrap();
            if t.kind == Kind::End {
                return out;
            }
            out.push((t.kind, String::from_utf8_lossy(&t.value).into_owned()));
            pos = t.end;
        }
    }

    #[test]
    fn tokens() {
        use Kind::*;
        assert_eq!(
            kinds("[in] $x.y ~= \"P\", a\\,b // c\n|| 12 -3 0x1F #5 *"),
            vec![
                (Op("["), "[".into()),
                (Ident, "in".into()),
                (Op("]"), "]".into()),
                (Ident, "$x.y".into()),
                (Op("~="), "~=".into()),
                (Str, "P".into()),
                (Op(","), ",".into()),
                (Ident, "a,b".into()),
                (Op("||"), "||".into()),
                (Number, "12".into()),
                (Number, "-3".into()),
                (Number, "0x1F".into()),
                (Ident, "#5".into()),
                (Op("*"), "*".into()),
            ]
        );
        assert_eq!(kinds("in x")[0], (Keyword, "in".into()));
        assert_eq!(kinds("a.*")[0], (Ident, "a.*".into()));
        assert_eq!(kinds("a\\.b")[0], (Ident, "a\\.b".into()));
        assert_eq!(kinds("V<a, b>x")[0], (Ident, "V<a, b>".into()));
    }

    #[test]
    fn errors() {
        let lx = Lexer::new("A, ^");
        assert_eq!(
            lx.next(2).unwrap_err().to_string(),
            "1: unknown token '^'\nA, ^\n   ^"
        );
        assert!(Lexer::new("/* x").next(0).is_err());
        assert!(Lexer::new("\"x").next(0).is_err());
        assert!(Lexer::new("a<b").next(0).is_err());
        assert!(Lexer::new("0x").next(0).is_err());
    }
}
