//! Components and component sets.

use super::{PResult, Parser};
use crate::ast::{
    Annotation, CommandDecl, ComponentDecl, ComponentListDecl, ComponentMember, ComponentSetDecl,
    EventDecl,
};
use crate::lex::Token;

impl Parser<'_> {
    pub(super) fn component_decl(
        &mut self,
        annotations: Vec<Annotation>,
    ) -> PResult<ComponentDecl> {
        let keyword = self.expect_word("component")?;
        let name = self.ident("a component name")?;
        let mut members = Vec::new();
        self.body(|p| {
            let annotations = p.annotations()?;
            let has_eq = p.statement_has_eq();
            let member = if p.is_word(0, "id") && p.peek_at(1) == Token::Eq {
                let keyword = p.bump();
                p.bump();
                let (value, value_span) = p.integer("the component id")?;
                p.expect(Token::Semi)?;
                ComponentMember::Id {
                    keyword,
                    value,
                    value_span,
                }
            } else if p.is_word(0, "data") && !has_eq {
                let keyword = p.bump();
                let ty = p.type_ref()?;
                p.expect(Token::Semi)?;
                ComponentMember::Data { keyword, ty }
            } else if p.is_word(0, "event") && !has_eq {
                let keyword = p.bump();
                let ty = p.type_ref()?;
                let name = p.ident("an event name")?;
                p.expect(Token::Semi)?;
                ComponentMember::Event(EventDecl {
                    annotations,
                    keyword,
                    ty,
                    name,
                })
            } else if p.is_word(0, "command") && !has_eq {
                let keyword = p.bump();
                let response = p.type_ref()?;
                let name = p.ident("a command name")?;
                p.expect(Token::LParen)?;
                let request = p.type_ref()?;
                p.expect(Token::RParen)?;
                p.expect(Token::Semi)?;
                ComponentMember::Command(CommandDecl {
                    annotations,
                    keyword,
                    response,
                    name,
                    request,
                })
            } else if p.is_legacy_option() {
                return p.legacy_option();
            } else {
                ComponentMember::Field(p.field(annotations)?)
            };
            members.push(member);
            Ok(())
        })?;
        Ok(ComponentDecl {
            annotations,
            keyword,
            name,
            members,
        })
    }

    pub(super) fn component_set_decl(
        &mut self,
        annotations: Vec<Annotation>,
    ) -> PResult<ComponentSetDecl> {
        let keyword = self.expect_word("component_set")?;
        let name = self.ident("a component set name")?;
        let mut id = None;
        let mut list = None;
        self.body(|p| {
            let annotations = p.annotations()?;
            if p.is_word(0, "id") {
                let keyword = p.bump();
                p.expect(Token::Eq)?;
                let value = p.integer("the component set id")?;
                p.expect(Token::Semi)?;
                if id.is_some() {
                    return Err(p.error(keyword, "the component set's `id` is given twice"));
                }
                id = Some(value);
            } else if p.is_word(0, "components") {
                let keyword = p.bump();
                p.expect(Token::Eq)?;
                p.expect(Token::LBracket)?;
                let mut components = Vec::new();
                while p.peek() != Token::RBracket {
                    components.push(p.qual_name("a component name")?);
                    if p.peek() != Token::Comma {
                        break;
                    }
                    p.bump();
                }
                p.expect(Token::RBracket)?;
                p.expect(Token::Semi)?;
                if list.is_some() {
                    return Err(
                        p.error(keyword, "the component set's `components` are given twice")
                    );
                }
                list = Some(ComponentListDecl {
                    annotations,
                    keyword,
                    components,
                });
            } else {
                return Err(p.unexpected("`id` or `components`"));
            }
            Ok(())
        })?;
        Ok(ComponentSetDecl {
            annotations,
            keyword,
            name,
            id,
            list,
        })
    }
}
