//! The lexer: schema text to tokens with byte spans. Keywords are contextual, so they lex as
//! identifiers and the parser gives them meaning by position.

use std::ops::Range;

use logos::Logos;

/// A byte range in one source file.
pub type Span = Range<usize>;

/// One token of schema text.
#[derive(Logos, Debug, Clone, Copy, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f\u{feff}]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
#[logos(skip r"/\*([^*]|\*+[^*/])*\*+/")]
pub enum Token {
    /// `[_a-zA-Z][_a-zA-Z0-9]*`, keywords included.
    #[regex(r"[_a-zA-Z][_a-zA-Z0-9]*")]
    Ident,
    /// A decimal (or `0x` hexadecimal) integer, optionally negative.
    #[regex(r"-?[0-9]+")]
    #[regex(r"-?0[xX][0-9a-fA-F]+")]
    Int,
    /// A decimal number with a fraction or an exponent, optionally negative.
    #[regex(r"-?[0-9]+\.[0-9]+([eE][+-]?[0-9]+)?")]
    #[regex(r"-?[0-9]+[eE][+-]?[0-9]+")]
    Float,
    /// A double-quoted string with backslash escapes.
    #[regex(r#""([^"\\\n]|\\.)*""#)]
    Str,
    /// `/*` with no closing `*/`.
    #[regex(r"/\*([^*]|\*+[^*/])*\**")]
    UnterminatedComment,
    /// `"` with no closing quote on the same line.
    #[regex(r#""([^"\\\n]|\\.)*"#)]
    UnterminatedStr,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("<")]
    LAngle,
    #[token(">")]
    RAngle,
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("=")]
    Eq,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token(":")]
    Colon,
    #[token(".")]
    Dot,
    /// A character that starts no token.
    Unknown,
    /// The end of the file.
    Eof,
}

impl Token {
    /// How the token is named in "expected ..." messages.
    pub fn describe(self) -> &'static str {
        match self {
            Token::Ident => "an identifier",
            Token::Int => "an integer",
            Token::Float => "a number",
            Token::Str => "a string",
            Token::UnterminatedComment => "an unterminated comment",
            Token::UnterminatedStr => "an unterminated string",
            Token::LBrace => "`{`",
            Token::RBrace => "`}`",
            Token::LAngle => "`<`",
            Token::RAngle => "`>`",
            Token::LParen => "`(`",
            Token::RParen => "`)`",
            Token::LBracket => "`[`",
            Token::RBracket => "`]`",
            Token::Eq => "`=`",
            Token::Comma => "`,`",
            Token::Semi => "`;`",
            Token::Colon => "`:`",
            Token::Dot => "`.`",
            Token::Unknown => "an unexpected character",
            Token::Eof => "the end of the file",
        }
    }
}

/// Lexes a whole file; the last token is always [`Token::Eof`].
pub fn lex(text: &str) -> Vec<(Token, Span)> {
    let mut lexer = Token::lexer(text);
    let mut tokens = Vec::with_capacity(text.len() / 4);
    while let Some(token) = lexer.next() {
        tokens.push((token.unwrap_or(Token::Unknown), lexer.span()));
    }
    tokens.push((Token::Eof, text.len()..text.len()));
    tokens
}

/// Decodes the escapes of a string token (quotes included in `raw`).
pub fn unescape(raw: &str) -> Result<String, String> {
    let inner = raw
        .strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(raw);
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some('r') => out.push('\r'),
            Some('0') => out.push('\0'),
            Some(c @ ('\\' | '"' | '\'')) => out.push(c),
            Some(other) => return Err(format!("unknown escape `\\{other}` in string")),
            None => return Err("string ends with `\\`".into()),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Token> {
        lex(text).into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn lexes_declarations_and_skips_comments() {
        use Token::*;
        assert_eq!(
            kinds("package a.b; // c\n/* d\n */ type T { int32 x = -1; }"),
            vec![
                Ident, Ident, Dot, Ident, Semi, Ident, Ident, LBrace, Ident, Ident, Eq, Int, Semi,
                RBrace, Eof
            ]
        );
    }

    #[test]
    fn lexes_literals() {
        use Token::*;
        assert_eq!(
            kinds(r#"10.5 -15.5 2e3 "a\"b" 0x1F"#),
            vec![Float, Float, Float, Str, Int, Eof]
        );
        assert_eq!(kinds("\"abc"), vec![UnterminatedStr, Eof]);
        assert_eq!(kinds("/* abc"), vec![UnterminatedComment, Eof]);
        assert_eq!(kinds("#"), vec![Unknown, Eof]);
    }

    #[test]
    fn unescapes_strings() {
        assert_eq!(unescape(r#""a\"b\\n\n""#).as_deref(), Ok("a\"b\\n\n"));
        assert!(unescape(r#""\q""#).is_err());
    }
}
