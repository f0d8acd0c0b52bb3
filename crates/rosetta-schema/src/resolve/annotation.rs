//! Annotations: `[Type(args)]` resolved and typed into bundle values.

use std::collections::HashSet;

use rosetta_bundle::{
    Annotation, FieldDef, FieldType, FieldValue, PrimitiveType, SourceRef, TypeRef, TypeValue,
    Value, ValueKind,
};

use super::lower::Lowering;
use super::symbols::Decl;
use crate::ast::{self, Arg, Literal, LiteralKind, QualName};
use crate::diagnostic::Diagnostics;
use crate::lex::Span;
use crate::source::Source;

type Problem = (Span, String);

impl Lowering<'_, '_> {
    /// Resolves and types the annotations written in `scope`; bad ones are reported and dropped.
    pub(super) fn annotations(
        &self,
        source: &Source,
        scope: &str,
        annotations: &[ast::Annotation],
        diagnostics: &mut Diagnostics,
    ) -> Vec<Annotation> {
        annotations
            .iter()
            .filter_map(|annotation| {
                let cx = Cx { source, scope };
                match self.annotation(&cx, annotation) {
                    Ok(value) => Some(value),
                    Err((span, message)) => {
                        diagnostics.error(source, &span, message);
                        None
                    }
                }
            })
            .collect()
    }

    fn annotation(&self, cx: &Cx<'_>, annotation: &ast::Annotation) -> Result<Annotation, Problem> {
        let qualified = self.annotation_type(cx, &annotation.ty)?;
        Ok(Annotation {
            source_reference: cx.at(&annotation.open),
            type_value: self.type_value(cx, qualified, &annotation.args)?,
        })
    }

    fn annotation_type(&self, cx: &Cx<'_>, name: &QualName) -> Result<String, Problem> {
        match self.lookup(cx.scope, name) {
            Some((qualified, symbol)) => match symbol.decl {
                Decl::Type(_) => Ok(qualified),
                other => Err((
                    name.span(),
                    format!(
                        "`{qualified}` is {}; annotations and values must name a type",
                        other.kind()
                    ),
                )),
            },
            None => Err((name.span(), self.symbols.unknown("type", name))),
        }
    }

    fn fields_of(&self, qualified: &str) -> &[FieldDef] {
        self.type_fields.get(qualified).map_or(&[], Vec::as_slice)
    }

    fn type_value(
        &self,
        cx: &Cx<'_>,
        qualified: String,
        args: &[Arg],
    ) -> Result<TypeValue, Problem> {
        let fields = self.fields_of(&qualified);
        let named = args.iter().filter(|a| a.name.is_some()).count();
        if named != 0 && named != args.len() {
            let positional = args
                .iter()
                .find(|a| a.name.is_none())
                .map_or(0..0, |a| a.value.span.clone());
            return Err((
                positional,
                "arguments are either all named or all positional".into(),
            ));
        }
        let mut given = HashSet::new();
        let mut out = Vec::with_capacity(args.len());
        for (i, arg) in args.iter().enumerate() {
            let field = match &arg.name {
                Some(name) => fields.iter().find(|f| f.name == name.name).ok_or_else(|| {
                    (
                        name.span.clone(),
                        format!("type `{qualified}` has no field `{}`", name.name),
                    )
                })?,
                None => fields.get(i).ok_or_else(|| {
                    (
                        arg.value.span.clone(),
                        format!(
                            "too many arguments: type `{qualified}` has {} field(s)",
                            fields.len()
                        ),
                    )
                })?,
            };
            let place = arg.name.as_ref().map_or(&arg.value.span, |n| &n.span);
            if !given.insert(field.name.as_str()) {
                return Err((
                    place.clone(),
                    format!("field `{}` is given twice", field.name),
                ));
            }
            let at = cx.at(place);
            out.push(FieldValue {
                source_reference: at,
                name: field.name.clone(),
                value: self.field_value(cx, field, &arg.value, at)?,
            });
        }
        Ok(TypeValue {
            type_name: qualified,
            fields: out,
        })
    }

    fn field_value(
        &self,
        cx: &Cx<'_>,
        field: &FieldDef,
        literal: &Literal,
        at: SourceRef,
    ) -> Result<Value, Problem> {
        let kind = match (&field.ty, &literal.kind) {
            (FieldType::Singular(ty), _) => return self.single(cx, ty, literal, at),
            // An option takes the plain value; v15 gave the inner value the outer position.
            (FieldType::Option(ty), _) => {
                ValueKind::Option(Some(Box::new(self.single(cx, ty, literal, at)?)))
            }
            (FieldType::List(ty), LiteralKind::List(items)) => ValueKind::List(
                items
                    .iter()
                    .map(|item| self.single(cx, ty, item, cx.at(&item.span)))
                    .collect::<Result<_, _>>()?,
            ),
            (FieldType::Map(key, value), LiteralKind::Map(entries)) => ValueKind::Map(
                entries
                    .iter()
                    .map(|(k, v)| {
                        Ok((
                            self.single(cx, key, k, cx.at(&k.span))?,
                            self.single(cx, value, v, cx.at(&v.span))?,
                        ))
                    })
                    .collect::<Result<_, Problem>>()?,
            ),
            (FieldType::List(_), _) => {
                return Err((
                    literal.span.clone(),
                    format!("field `{}` is a list: write `[a, b, ...]`", field.name),
                ))
            }
            (FieldType::Map(..), _) => {
                return Err((
                    literal.span.clone(),
                    format!(
                        "field `{}` is a map: write `{{key: value, ...}}`",
                        field.name
                    ),
                ))
            }
        };
        Ok(Value {
            source_reference: at,
            kind,
        })
    }

    /// A value of one element type.
    fn single(
        &self,
        cx: &Cx<'_>,
        ty: &TypeRef,
        literal: &Literal,
        at: SourceRef,
    ) -> Result<Value, Problem> {
        let kind = match ty {
            TypeRef::Primitive(primitive) => primitive_value(*primitive, literal)?,
            TypeRef::Enum(qualified) => self.enum_value(cx, qualified, literal)?,
            TypeRef::Type(qualified) => match &literal.kind {
                LiteralKind::Named(name, args) => {
                    let found = self.annotation_type(cx, name)?;
                    if &found != qualified {
                        return Err((
                            name.span(),
                            format!("expected a value of type `{qualified}`, found `{found}`"),
                        ));
                    }
                    ValueKind::Type(self.type_value(cx, found, args.as_deref().unwrap_or(&[]))?)
                }
                _ => {
                    return Err(mismatch(
                        literal,
                        &format!(
                            "a value of type `{qualified}`, like `{}(...)`",
                            short(qualified)
                        ),
                    ))
                }
            },
        };
        Ok(Value {
            source_reference: at,
            kind,
        })
    }

    fn enum_value(
        &self,
        cx: &Cx<'_>,
        qualified: &str,
        literal: &Literal,
    ) -> Result<ValueKind, Problem> {
        let expected = || {
            format!(
                "a value of enum `{qualified}`, like `{}.NAME`",
                short(qualified)
            )
        };
        let LiteralKind::Named(name, None) = &literal.kind else {
            return Err(mismatch(literal, &expected()));
        };
        let (value_name, enum_part) = match name.parts.split_last() {
            Some((last, rest)) => (last, rest),
            None => return Err(mismatch(literal, &expected())),
        };
        if !enum_part.is_empty() {
            let enum_name = QualName {
                parts: enum_part.to_vec(),
                absolute: name.absolute,
            };
            match self.lookup(cx.scope, &enum_name) {
                Some((found, _)) if found == qualified => {}
                Some((found, _)) => {
                    return Err((
                        enum_name.span(),
                        format!("expected a value of enum `{qualified}`, found `{found}`"),
                    ))
                }
                None => {
                    return Err((
                        enum_name.span(),
                        format!("unknown enum `{}`", enum_name.dotted()),
                    ))
                }
            }
        }
        let known = match self.symbols.get(qualified).map(|s| s.decl) {
            Some(Decl::Enum(decl)) => decl.values.iter().any(|v| v.name.name == value_name.name),
            _ => false,
        };
        if !known {
            return Err((
                value_name.span.clone(),
                format!("enum `{qualified}` has no value `{}`", value_name.name),
            ));
        }
        Ok(ValueKind::Enum {
            enum_name: qualified.to_string(),
            value: value_name.name.clone(),
        })
    }
}

/// Where annotation names resolve, and the file for positions.
struct Cx<'s> {
    source: &'s Source,
    scope: &'s str,
}

impl Cx<'_> {
    fn at(&self, span: &Span) -> SourceRef {
        self.source.at(span)
    }
}

fn short(qualified: &str) -> &str {
    qualified.rsplit('.').next().unwrap_or(qualified)
}

fn describe(literal: &Literal) -> &'static str {
    match literal.kind {
        LiteralKind::Bool(_) => "a bool",
        LiteralKind::Int(_) => "an integer",
        LiteralKind::Float(_) => "a number",
        LiteralKind::Str(_) => "a string",
        LiteralKind::List(_) => "a list",
        LiteralKind::Map(_) => "a map",
        LiteralKind::Named(_, Some(_)) => "a type value",
        LiteralKind::Named(_, None) => "a name",
    }
}

fn mismatch(literal: &Literal, expected: &str) -> Problem {
    (
        literal.span.clone(),
        format!("expected {expected}, found {}", describe(literal)),
    )
}

/// Converts a literal to a primitive's value, checking the range.
fn primitive_value(primitive: PrimitiveType, literal: &Literal) -> Result<ValueKind, Problem> {
    use PrimitiveType as P;
    let keyword = primitive.keyword().unwrap_or("?");
    let int = |literal: &Literal| match literal.kind {
        LiteralKind::Int(value) => Ok(value),
        _ => Err(mismatch(literal, &format!("an integer ({keyword})"))),
    };
    let fit = |value: i128| {
        (
            literal.span.clone(),
            format!("{value} does not fit in {keyword}"),
        )
    };
    Ok(match primitive {
        P::Bool => match literal.kind {
            LiteralKind::Bool(value) => ValueKind::Bool(value),
            _ => return Err(mismatch(literal, "`true` or `false`")),
        },
        P::Int32 | P::Sint32 | P::Sfixed32 => {
            let value = int(literal)?;
            ValueKind::Int32(i32::try_from(value).map_err(|_| fit(value))?)
        }
        P::Int64 | P::Sint64 | P::Sfixed64 => {
            let value = int(literal)?;
            ValueKind::Int64(i64::try_from(value).map_err(|_| fit(value))?)
        }
        P::Uint32 | P::Fixed32 => {
            let value = int(literal)?;
            ValueKind::Uint32(u32::try_from(value).map_err(|_| fit(value))?)
        }
        P::Uint64 | P::Fixed64 => {
            let value = int(literal)?;
            ValueKind::Uint64(u64::try_from(value).map_err(|_| fit(value))?)
        }
        P::EntityId => {
            let value = int(literal)?;
            ValueKind::EntityId(i64::try_from(value).map_err(|_| fit(value))?)
        }
        P::Float | P::Double => {
            let value = match literal.kind {
                LiteralKind::Int(value) => value as f64,
                LiteralKind::Float(value) => value,
                _ => return Err(mismatch(literal, &format!("a number ({keyword})"))),
            };
            if primitive == P::Float {
                ValueKind::Float(value as f32)
            } else {
                ValueKind::Double(value)
            }
        }
        P::String | P::Bytes => match &literal.kind {
            LiteralKind::Str(text) if primitive == P::String => ValueKind::String(text.clone()),
            LiteralKind::Str(text) => ValueKind::Bytes(text.as_bytes().to_vec()),
            _ => return Err(mismatch(literal, &format!("a string ({keyword})"))),
        },
        P::Entity => {
            return Err((
                literal.span.clone(),
                "`Entity` values cannot be written in annotations".into(),
            ))
        }
        P::Invalid => return Err((literal.span.clone(), "invalid primitive type".into())),
    })
}
