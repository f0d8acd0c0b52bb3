//! Annotations and the literals inside them.

use super::{PResult, Parser};
use crate::ast::{Annotation, Arg, Literal, LiteralKind};
use crate::lex::Token;

impl Parser<'_> {
    /// Zero or more `[Type(args)]` annotations.
    pub(super) fn annotations(&mut self) -> PResult<Vec<Annotation>> {
        let mut annotations = Vec::new();
        while self.peek() == Token::LBracket {
            let open = self.bump();
            let ty = self.qual_name("an annotation type")?;
            let args = if self.peek() == Token::LParen {
                self.args()?
            } else {
                Vec::new()
            };
            self.expect(Token::RBracket)?;
            annotations.push(Annotation { open, ty, args });
        }
        Ok(annotations)
    }

    /// `( [arg {, arg}] )` where an arg is `name = literal` or `literal`.
    fn args(&mut self) -> PResult<Vec<Arg>> {
        self.expect(Token::LParen)?;
        let mut args = Vec::new();
        while self.peek() != Token::RParen {
            let name = if self.peek() == Token::Ident && self.peek_at(1) == Token::Eq {
                let name = self.ident("an argument name")?;
                self.bump();
                Some(name)
            } else {
                None
            };
            let value = self.literal()?;
            args.push(Arg { name, value });
            if self.peek() != Token::Comma {
                break;
            }
            self.bump();
        }
        self.expect(Token::RParen)?;
        Ok(args)
    }

    /// One literal: a bool, number, string, list, map, enum value or type instance.
    pub(super) fn literal(&mut self) -> PResult<Literal> {
        self.enter()?;
        let literal = self.literal_inner();
        self.leave();
        literal
    }

    fn literal_inner(&mut self) -> PResult<Literal> {
        let start = self.span();
        let kind = match self.peek() {
            Token::Int => {
                let (value, _) = self.integer("an integer")?;
                LiteralKind::Int(value)
            }
            Token::Float => {
                let span = self.bump();
                match self.slice(&span).parse::<f64>() {
                    Ok(value) => LiteralKind::Float(value),
                    Err(_) => return Err(self.error(span, "invalid number literal")),
                }
            }
            Token::Str | Token::UnterminatedStr => LiteralKind::Str(self.string("a string")?.0),
            Token::Ident
                if matches!(self.slice(&start), "true" | "false")
                    && !matches!(self.peek_at(1), Token::Dot | Token::LParen) =>
            {
                self.bump();
                LiteralKind::Bool(self.slice(&start) == "true")
            }
            Token::Ident => {
                let name = self.qual_name("a value")?;
                let args = if self.peek() == Token::LParen {
                    Some(self.args()?)
                } else {
                    None
                };
                LiteralKind::Named(name, args)
            }
            Token::LBracket => {
                self.bump();
                let mut items = Vec::new();
                while self.peek() != Token::RBracket {
                    items.push(self.literal()?);
                    if self.peek() != Token::Comma {
                        break;
                    }
                    self.bump();
                }
                self.expect(Token::RBracket)?;
                LiteralKind::List(items)
            }
            Token::LBrace => {
                self.bump();
                let mut entries = Vec::new();
                while self.peek() != Token::RBrace {
                    let key = self.literal()?;
                    self.expect(Token::Colon)?;
                    let value = self.literal()?;
                    entries.push((key, value));
                    if self.peek() != Token::Comma {
                        break;
                    }
                    self.bump();
                }
                self.expect(Token::RBrace)?;
                LiteralKind::Map(entries)
            }
            _ => return Err(self.unexpected("a value")),
        };
        let end = self.tokens[..self.pos]
            .last()
            .map_or(start.end, |(_, span)| span.end);
        Ok(Literal {
            span: start.start..end.max(start.start),
            kind,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::ast::{Item, LiteralKind};
    use crate::parse::parse;

    #[test]
    fn parses_every_literal_form() {
        let (file, errors) = parse(
            r#"package p;
            [A(1, -2, 3.5, "s", true, [1, 2,], {"k": E.V, 2: T(x = 1)}, Bare)]
            type A {}"#,
        );
        assert!(errors.is_empty(), "{errors:?}");
        let Item::Type(ty) = &file.items[0] else {
            panic!("expected a type")
        };
        let args = &ty.annotations[0].args;
        assert_eq!(args.len(), 8);
        assert!(matches!(args[1].value.kind, LiteralKind::Int(-2)));
        assert!(matches!(args[2].value.kind, LiteralKind::Float(v) if v == 3.5));
        assert!(matches!(args[4].value.kind, LiteralKind::Bool(true)));
        assert!(matches!(&args[5].value.kind, LiteralKind::List(items) if items.len() == 2));
        assert!(matches!(&args[6].value.kind, LiteralKind::Map(entries) if entries.len() == 2));
        assert!(matches!(&args[7].value.kind, LiteralKind::Named(n, None) if n.dotted() == "Bare"));
    }

    #[test]
    fn deep_literals_are_an_error_not_a_crash() {
        let text = format!("package p; [A({})] type A {{}}", "[".repeat(10_000));
        let (_, errors) = parse(&text);
        assert!(errors.iter().any(|e| e.message.contains("nesting")));
    }
}
