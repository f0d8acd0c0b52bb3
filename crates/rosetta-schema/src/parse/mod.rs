//! The parser: tokens to a [`File`] syntax tree, hand-written recursive descent.
//!
//! Every syntax error is recorded and the parser resynchronises at the next statement, so one
//! run reports every problem of the file. Nesting of declarations and literals is bounded.

mod component;
mod literal;

use rosetta_bundle::PrimitiveType;

use crate::ast::*;
use crate::lex::{lex, unescape, Span, Token};

/// Deepest nesting of types in types and of literals in literals.
const MAX_DEPTH: usize = 64;

/// A syntax error: where and why.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// Where the problem is.
    pub span: Span,
    /// A one-line reason.
    pub message: String,
}

/// Marks a production that failed; the error has been recorded.
struct Failed;

type PResult<T> = Result<T, Failed>;

/// Parses a whole file; returns the tree of everything that parsed and every syntax error.
pub fn parse(text: &str) -> (File, Vec<SyntaxError>) {
    let mut parser = Parser {
        text,
        tokens: lex(text),
        pos: 0,
        errors: Vec::new(),
        depth: 0,
    };
    let file = parser.file();
    (file, parser.errors)
}

struct Parser<'a> {
    text: &'a str,
    tokens: Vec<(Token, Span)>,
    pos: usize,
    errors: Vec<SyntaxError>,
    depth: usize,
}

impl<'a> Parser<'a> {
    // ---- token access -------------------------------------------------------------------

    fn peek(&self) -> Token {
        self.peek_at(0)
    }

    fn peek_at(&self, n: usize) -> Token {
        self.tokens
            .get(self.pos + n)
            .map_or(Token::Eof, |(token, _)| *token)
    }

    fn span(&self) -> Span {
        self.span_at(0)
    }

    fn span_at(&self, n: usize) -> Span {
        let last = self.text.len()..self.text.len();
        self.tokens
            .get(self.pos + n)
            .map_or(last, |(_, span)| span.clone())
    }

    fn slice(&self, span: &Span) -> &'a str {
        &self.text[span.clone()]
    }

    fn is_word(&self, n: usize, word: &str) -> bool {
        self.peek_at(n) == Token::Ident && self.slice(&self.span_at(n)) == word
    }

    fn bump(&mut self) -> Span {
        let span = self.span();
        if self.peek() != Token::Eof {
            self.pos += 1;
        }
        span
    }

    fn error(&mut self, span: Span, message: impl Into<String>) -> Failed {
        self.errors.push(SyntaxError {
            span,
            message: message.into(),
        });
        Failed
    }

    fn unexpected(&mut self, expected: &str) -> Failed {
        let found = self.peek();
        let span = self.span();
        let found = match found {
            Token::Ident => format!("`{}`", self.slice(&span)),
            other => other.describe().to_string(),
        };
        self.error(span, format!("expected {expected}, found {found}"))
    }

    fn expect(&mut self, token: Token) -> PResult<Span> {
        if self.peek() == token {
            Ok(self.bump())
        } else {
            Err(self.unexpected(token.describe()))
        }
    }

    fn expect_word(&mut self, word: &str) -> PResult<Span> {
        if self.is_word(0, word) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&format!("`{word}`")))
        }
    }

    fn ident(&mut self, what: &str) -> PResult<Ident> {
        if self.peek() == Token::Ident {
            let span = self.bump();
            Ok(Ident {
                name: self.slice(&span).to_string(),
                span,
            })
        } else {
            Err(self.unexpected(what))
        }
    }

    fn qual_name(&mut self, what: &str) -> PResult<QualName> {
        let absolute = self.peek() == Token::Dot && self.peek_at(1) == Token::Ident;
        if absolute {
            self.bump();
        }
        let mut parts = vec![self.ident(what)?];
        while self.peek() == Token::Dot && self.peek_at(1) == Token::Ident {
            self.bump();
            parts.push(self.ident(what)?);
        }
        if self.peek() == Token::Dot {
            self.bump();
            return Err(self.unexpected("an identifier after `.`"));
        }
        Ok(QualName { parts, absolute })
    }

    fn integer(&mut self, what: &str) -> PResult<(i128, Span)> {
        if self.peek() != Token::Int {
            return Err(self.unexpected(what));
        }
        let span = self.bump();
        match parse_int(self.slice(&span)) {
            Some(value) => Ok((value, span)),
            None => Err(self.error(span, "integer literal is too large")),
        }
    }

    fn string(&mut self, what: &str) -> PResult<(String, Span)> {
        match self.peek() {
            Token::Str => {
                let span = self.bump();
                match unescape(self.slice(&span)) {
                    Ok(text) => Ok((text, span)),
                    Err(message) => Err(self.error(span, message)),
                }
            }
            Token::UnterminatedStr => {
                let span = self.bump();
                Err(self.error(span, "string literal is not terminated"))
            }
            _ => Err(self.unexpected(what)),
        }
    }

    // ---- recovery -----------------------------------------------------------------------

    /// Skips to just after the next `;` of this nesting level, or to the `}` that closes it.
    fn recover_statement(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.peek() {
                Token::Eof => return,
                Token::LBrace | Token::LParen | Token::LBracket => depth += 1,
                Token::RParen | Token::RBracket => depth = depth.saturating_sub(1),
                Token::RBrace if depth == 0 => return,
                Token::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        return;
                    }
                }
                Token::Semi if depth == 0 => {
                    self.bump();
                    return;
                }
                _ => {}
            }
            self.bump();
        }
    }

    /// Whether the statement starting here has an `=` before its `;` (fields, `id`, options).
    fn statement_has_eq(&self) -> bool {
        let mut depth = 0usize;
        let mut n = 0;
        loop {
            match self.peek_at(n) {
                Token::Eof | Token::Semi | Token::RBrace | Token::LBrace if depth == 0 => {
                    return false
                }
                Token::Eq if depth == 0 => return true,
                Token::LParen | Token::LBracket | Token::LBrace => depth += 1,
                Token::RParen | Token::RBracket | Token::RBrace => depth = depth.saturating_sub(1),
                Token::Eof => return false,
                _ => {}
            }
            n += 1;
        }
    }

    fn report_lex_error(&mut self) -> Failed {
        let span = self.span();
        match self.peek() {
            Token::UnterminatedComment => {
                self.bump();
                self.error(span, "block comment is not terminated")
            }
            Token::UnterminatedStr => {
                self.bump();
                self.error(span, "string literal is not terminated")
            }
            _ => {
                let text = self.slice(&span).to_string();
                self.bump();
                self.error(span, format!("unexpected character `{text}`"))
            }
        }
    }

    // ---- file ---------------------------------------------------------------------------

    fn file(&mut self) -> File {
        let mut file = File::default();
        while self.peek() != Token::Eof {
            if matches!(
                self.peek(),
                Token::Unknown | Token::UnterminatedComment | Token::UnterminatedStr
            ) {
                self.report_lex_error();
                continue;
            }
            if self.top_level(&mut file).is_err() {
                self.recover_statement();
                if self.peek() == Token::RBrace {
                    let span = self.bump();
                    self.error(span, "unmatched `}`");
                }
            }
        }
        file
    }

    fn top_level(&mut self, file: &mut File) -> PResult<()> {
        let annotations = self.annotations()?;
        if self.is_word(0, "package") {
            let keyword = self.bump();
            let name = self.qual_name("a package name")?;
            self.expect(Token::Semi)?;
            if let Some(first) = &file.package {
                let _ = first;
                return Err(self.error(keyword, "a file has only one `package` statement"));
            }
            if !file.imports.is_empty() || !file.items.is_empty() {
                self.error(
                    keyword.clone(),
                    "the `package` statement must come first in the file",
                );
            }
            file.package = Some(PackageDecl { keyword, name });
        } else if self.is_word(0, "import") {
            let keyword = self.bump();
            let (path, path_span) = self.string("an import path string")?;
            self.expect(Token::Semi)?;
            file.imports.push(ImportDecl {
                keyword,
                path,
                path_span,
            });
        } else if self.is_word(0, "type") {
            let decl = self.type_decl(annotations)?;
            file.items.push(Item::Type(decl));
        } else if self.is_word(0, "enum") {
            let decl = self.enum_decl(annotations)?;
            file.items.push(Item::Enum(decl));
        } else if self.is_word(0, "component") {
            let decl = self.component_decl(annotations)?;
            file.items.push(Item::Component(decl));
        } else if self.is_word(0, "component_set") {
            let decl = self.component_set_decl(annotations)?;
            file.items.push(Item::ComponentSet(decl));
        } else if self.is_legacy_option() {
            self.legacy_option()?;
        } else {
            return Err(self.unexpected(
                "`package`, `import`, `type`, `enum`, `component` or `component_set`",
            ));
        }
        Ok(())
    }

    /// The legacy `option NAME = VALUE;` statement (accepted and ignored, as old compilers did).
    fn is_legacy_option(&self) -> bool {
        self.is_word(0, "option") && self.peek_at(1) == Token::Ident
    }

    fn legacy_option(&mut self) -> PResult<()> {
        self.bump();
        self.qual_name("an option name")?;
        self.expect(Token::Eq)?;
        self.literal()?;
        self.expect(Token::Semi)?;
        Ok(())
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let span = self.span();
            return Err(self.error(span, format!("nesting deeper than {MAX_DEPTH} levels")));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Parses `{ member* }`, calling `member` for each and recovering after a failed one.
    fn body(&mut self, mut member: impl FnMut(&mut Self) -> PResult<()>) -> PResult<()> {
        self.expect(Token::LBrace)?;
        self.enter()?;
        let result = loop {
            match self.peek() {
                Token::RBrace => {
                    self.bump();
                    break Ok(());
                }
                Token::Eof => break Err(self.unexpected("`}`")),
                Token::Unknown | Token::UnterminatedComment | Token::UnterminatedStr => {
                    self.report_lex_error();
                }
                _ => {
                    if member(self).is_err() {
                        self.recover_statement();
                    }
                }
            }
        };
        self.leave();
        result
    }

    fn type_decl(&mut self, annotations: Vec<Annotation>) -> PResult<TypeDecl> {
        let keyword = self.expect_word("type")?;
        let name = self.ident("a type name")?;
        let mut members = Vec::new();
        self.body(|p| {
            let annotations = p.annotations()?;
            let member = if p.is_word(0, "type")
                && p.peek_at(1) == Token::Ident
                && !p.statement_has_eq()
            {
                TypeMember::Type(p.type_decl(annotations)?)
            } else if p.is_word(0, "enum") && p.peek_at(1) == Token::Ident && !p.statement_has_eq()
            {
                TypeMember::Enum(p.enum_decl(annotations)?)
            } else if p.is_legacy_option() {
                return p.legacy_option();
            } else {
                TypeMember::Field(p.field(annotations)?)
            };
            members.push(member);
            Ok(())
        })?;
        Ok(TypeDecl {
            annotations,
            keyword,
            name,
            members,
        })
    }

    fn enum_decl(&mut self, annotations: Vec<Annotation>) -> PResult<EnumDecl> {
        let keyword = self.expect_word("enum")?;
        let name = self.ident("an enum name")?;
        let mut values = Vec::new();
        self.body(|p| {
            let annotations = p.annotations()?;
            if p.is_legacy_option() {
                return p.legacy_option();
            }
            let name = p.ident("an enum value name")?;
            p.expect(Token::Eq)?;
            let (value, value_span) = p.integer("the enum value's number")?;
            p.expect(Token::Semi)?;
            values.push(EnumValueDecl {
                annotations,
                name,
                value,
                value_span,
            });
            Ok(())
        })?;
        Ok(EnumDecl {
            annotations,
            keyword,
            name,
            values,
        })
    }

    fn field(&mut self, annotations: Vec<Annotation>) -> PResult<FieldDecl> {
        let start = self.span();
        let transient = self.is_word(0, "transient")
            && self.peek_at(1) == Token::Ident
            && self.peek_at(2) != Token::Eq;
        if transient {
            self.bump();
        }
        let ty = self.field_type()?;
        let name = self.ident("a field name")?;
        self.expect(Token::Eq)?;
        let (number, number_span) = self.integer("the field number")?;
        self.expect(Token::Semi)?;
        Ok(FieldDecl {
            annotations,
            start,
            transient,
            ty,
            name,
            number,
            number_span,
        })
    }

    fn collection_keyword(&self) -> Option<&'static str> {
        if self.peek_at(1) != Token::LAngle {
            return None;
        }
        ["option", "list", "map"]
            .into_iter()
            .find(|word| self.is_word(0, word))
    }

    fn field_type(&mut self) -> PResult<FieldTypeAst> {
        let Some(keyword) = self.collection_keyword() else {
            return Ok(FieldTypeAst::Singular(self.type_ref()?));
        };
        self.bump();
        self.expect(Token::LAngle)?;
        let ty = match keyword {
            "option" => FieldTypeAst::Option(self.element_type()?),
            "list" => FieldTypeAst::List(self.element_type()?),
            _ => {
                let key = self.element_type()?;
                self.expect(Token::Comma)?;
                FieldTypeAst::Map(key, self.element_type()?)
            }
        };
        self.expect(Token::RAngle)?;
        Ok(ty)
    }

    /// A type inside `<>`: collections are not allowed there.
    fn element_type(&mut self) -> PResult<TypeRefAst> {
        if let Some(keyword) = self.collection_keyword() {
            let start = self.span();
            self.enter()?;
            let inner = self.field_type();
            self.leave();
            inner?;
            let span = start.start..self.span_at(0).start;
            return Err(self.error(
                span,
                format!("collections cannot be nested: `{keyword}<...>` inside `<>` is not allowed; wrap it in a type"),
            ));
        }
        self.type_ref()
    }

    fn type_ref(&mut self) -> PResult<TypeRefAst> {
        if self.peek() == Token::Ident {
            let span = self.span();
            if let Some(primitive) = PrimitiveType::from_keyword(self.slice(&span)) {
                if self.peek_at(1) != Token::Dot {
                    self.bump();
                    return Ok(TypeRefAst::Primitive(primitive, span));
                }
            }
        }
        Ok(TypeRefAst::Named(self.qual_name("a type")?))
    }
}

/// Parses `-?[0-9]+` or `-?0x[0-9a-f]+`.
fn parse_int(text: &str) -> Option<i128> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let magnitude = match digits
        .strip_prefix("0x")
        .or_else(|| digits.strip_prefix("0X"))
    {
        Some(hex) => i128::from_str_radix(hex, 16).ok()?,
        None => digits.parse::<i128>().ok()?,
    };
    // Anything past 64 bits fits no schema type; keeping the bound here keeps arithmetic safe.
    if magnitude > u64::MAX as i128 {
        return None;
    }
    Some(if negative { -magnitude } else { magnitude })
}

#[cfg(test)]
mod tests;
