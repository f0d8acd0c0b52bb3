//! Decoding field definitions, type references and annotation values.

use super::reader::{Body, Msg, Result, Wire};
use crate::error::{BinaryProblem, Error};
use crate::model::*;

/// A `Value` being merged: its kind is required once the message ends.
#[derive(Default)]
struct Pending {
    source_reference: SourceRef,
    kind: Option<ValueKind>,
}

impl From<Value> for Pending {
    fn from(v: Value) -> Self {
        Self {
            source_reference: v.source_reference,
            kind: Some(v.kind),
        }
    }
}

impl Pending {
    fn finish(self, at: usize) -> Result<Value> {
        match self.kind {
            Some(kind) => Ok(Value {
                source_reference: self.source_reference,
                kind,
            }),
            None => Err(Error::binary(
                at,
                "Value",
                BinaryProblem::MissingOneof("Value.value"),
            )),
        }
    }
}

/// The `type` oneof of a `FieldDefinition` being merged.
enum PendingType {
    Singular(Option<TypeRef>),
    Option(Option<TypeRef>),
    List(Option<TypeRef>),
    Map(Option<TypeRef>, Option<TypeRef>),
}

pub(super) fn field_def(m: &mut Msg<'_>) -> Result<FieldDef> {
    let mut source_reference = SourceRef::default();
    let mut annotations = Vec::new();
    let mut name = String::new();
    let mut field_id = 0;
    let mut transient = false;
    let mut ty: Option<PendingType> = None;
    let mut ty_at = m.base;
    while let Some(f) = m.next()? {
        match (f.number, f.wire) {
            (1, Wire::Len(b)) => m.source_ref(b, &mut source_reference)?,
            (2, Wire::Len(b)) => annotations.push(m.annotation(b)?),
            (3, Wire::Len(b)) => name = m.string(b)?,
            (4, Wire::Varint(n)) => field_id = n as u32,
            (5, Wire::Varint(n)) => transient = n != 0,
            (6..=8, Wire::Len(b)) => {
                ty_at = b.at;
                let (msg_name, mut inner) = match (f.number, ty.take()) {
                    (6, Some(PendingType::Singular(t))) => ("SingularType", t),
                    (7, Some(PendingType::Option(t))) => ("OptionType", t),
                    (8, Some(PendingType::List(t))) => ("ListType", t),
                    (6, _) => ("SingularType", None),
                    (7, _) => ("OptionType", None),
                    _ => ("ListType", None),
                };
                m.sub(b, msg_name, |m| {
                    while let Some(f) = m.next()? {
                        if let (1, Wire::Len(b)) = (f.number, f.wire) {
                            m.type_ref(b, &mut inner)?;
                        }
                    }
                    Ok(())
                })?;
                ty = Some(match f.number {
                    6 => PendingType::Singular(inner),
                    7 => PendingType::Option(inner),
                    _ => PendingType::List(inner),
                });
            }
            (9, Wire::Len(b)) => {
                ty_at = b.at;
                let (mut key, mut value) = match ty.take() {
                    Some(PendingType::Map(k, v)) => (k, v),
                    _ => (None, None),
                };
                m.sub(b, "MapType", |m| {
                    while let Some(f) = m.next()? {
                        match (f.number, f.wire) {
                            (1, Wire::Len(b)) => m.type_ref(b, &mut key)?,
                            (2, Wire::Len(b)) => m.type_ref(b, &mut value)?,
                            _ => {}
                        }
                    }
                    Ok(())
                })?;
                ty = Some(PendingType::Map(key, value));
            }
            _ => {}
        }
    }
    let missing = |what| Error::binary(ty_at, "FieldDefinition", BinaryProblem::MissingOneof(what));
    let type_ref = |t: Option<TypeRef>| t.ok_or_else(|| missing("TypeReference.value_type"));
    let ty = match ty {
        None => return Err(missing("FieldDefinition.type")),
        Some(PendingType::Singular(t)) => FieldType::Singular(type_ref(t)?),
        Some(PendingType::Option(t)) => FieldType::Option(type_ref(t)?),
        Some(PendingType::List(t)) => FieldType::List(type_ref(t)?),
        Some(PendingType::Map(k, v)) => FieldType::Map(type_ref(k)?, type_ref(v)?),
    };
    Ok(FieldDef {
        source_reference,
        annotations,
        name,
        field_id,
        transient,
        ty,
    })
}

impl<'a> Msg<'a> {
    /// Merges a `TypeReference` into `out` (its oneof keeps the last member seen).
    fn type_ref(&self, body: Body<'a>, out: &mut Option<TypeRef>) -> Result<()> {
        self.sub(body, "TypeReference", |m| {
            while let Some(f) = m.next()? {
                match (f.number, f.wire) {
                    (1, Wire::Varint(n)) => {
                        let p = PrimitiveType::from_number(n).ok_or_else(|| {
                            Error::binary(f.at, m.name, BinaryProblem::UnknownPrimitive(n))
                        })?;
                        *out = Some(TypeRef::Primitive(p));
                    }
                    (2, Wire::Len(b)) => *out = Some(TypeRef::Enum(m.string(b)?)),
                    (3, Wire::Len(b)) => *out = Some(TypeRef::Type(m.string(b)?)),
                    _ => {}
                }
            }
            Ok(())
        })
    }

    /// Merges a `Value.TypeValue` into `out`.
    pub(super) fn type_value(&self, body: Body<'a>, out: &mut TypeValue) -> Result<()> {
        self.sub(body, "TypeValue", |m| {
            while let Some(f) = m.next()? {
                match (f.number, f.wire) {
                    (1, Wire::Len(b)) => out.type_name = m.string(b)?,
                    (2, Wire::Len(b)) => out.fields.push(m.sub(b, "FieldValue", field_value)?),
                    _ => {}
                }
            }
            Ok(())
        })
    }

    fn value_into(&self, body: Body<'a>, out: &mut Pending) -> Result<()> {
        self.sub(body, "Value", |m| value_fields(m, out))
    }

    fn value(&self, body: Body<'a>) -> Result<Value> {
        let mut p = Pending::default();
        self.value_into(body, &mut p)?;
        p.finish(body.at)
    }

    /// Merges an optional `Value` field (`FieldValue.value`, `KeyValuePair.key`, ...).
    fn value_field(&self, body: Body<'a>, out: &mut Option<Value>) -> Result<()> {
        let mut p = out.take().map(Pending::from).unwrap_or_default();
        self.value_into(body, &mut p)?;
        *out = Some(p.finish(body.at)?);
        Ok(())
    }
}

fn field_value(m: &mut Msg<'_>) -> Result<FieldValue> {
    let mut source_reference = SourceRef::default();
    let mut name = String::new();
    let mut value = None;
    while let Some(f) = m.next()? {
        match (f.number, f.wire) {
            (1, Wire::Len(b)) => m.source_ref(b, &mut source_reference)?,
            (2, Wire::Len(b)) => name = m.string(b)?,
            (3, Wire::Len(b)) => m.value_field(b, &mut value)?,
            _ => {}
        }
    }
    let value = value.ok_or_else(|| {
        Error::binary(
            m.base,
            m.name,
            BinaryProblem::MissingField("FieldValue.value"),
        )
    })?;
    Ok(FieldValue {
        source_reference,
        name,
        value,
    })
}

fn value_fields(m: &mut Msg<'_>, p: &mut Pending) -> Result<()> {
    while let Some(f) = m.next()? {
        let kind = match (f.number, f.wire) {
            (1, Wire::Len(b)) => {
                m.source_ref(b, &mut p.source_reference)?;
                continue;
            }
            (2, Wire::Varint(v)) => ValueKind::Bool(v != 0),
            (3, Wire::Varint(v)) => ValueKind::Uint32(v as u32),
            (4, Wire::Varint(v)) => ValueKind::Uint64(v),
            (5, Wire::Varint(v)) => ValueKind::Int32(v as i32),
            (6, Wire::Varint(v)) => ValueKind::Int64(v as i64),
            (7, Wire::Fixed32(v)) => ValueKind::Float(f32::from_bits(v)),
            (8, Wire::Fixed64(v)) => ValueKind::Double(f64::from_bits(v)),
            (9, Wire::Len(b)) => ValueKind::String(m.string(b)?),
            (10, Wire::Len(b)) => ValueKind::Bytes(b.bytes.to_vec()),
            (11, Wire::Varint(v)) => ValueKind::EntityId(v as i64),
            (12, Wire::Len(b)) => {
                let (mut enum_name, mut value) = match p.kind.take() {
                    Some(ValueKind::Enum { enum_name, value }) => (enum_name, value),
                    _ => (String::new(), String::new()),
                };
                m.sub(b, "EnumValue", |m| {
                    while let Some(f) = m.next()? {
                        match (f.number, f.wire) {
                            (1, Wire::Len(b)) => enum_name = m.string(b)?,
                            (2, Wire::Len(b)) => value = m.string(b)?,
                            _ => {}
                        }
                    }
                    Ok(())
                })?;
                ValueKind::Enum { enum_name, value }
            }
            (13, Wire::Len(b)) => {
                let mut t = match p.kind.take() {
                    Some(ValueKind::Type(t)) => t,
                    _ => TypeValue::default(),
                };
                m.type_value(b, &mut t)?;
                ValueKind::Type(t)
            }
            (14, Wire::Len(b)) => {
                let mut inner = match p.kind.take() {
                    Some(ValueKind::Option(inner)) => inner.map(|b| *b),
                    _ => None,
                };
                m.sub(b, "OptionValue", |m| {
                    while let Some(f) = m.next()? {
                        if let (1, Wire::Len(b)) = (f.number, f.wire) {
                            m.value_field(b, &mut inner)?;
                        }
                    }
                    Ok(())
                })?;
                ValueKind::Option(inner.map(Box::new))
            }
            (15, Wire::Len(b)) => {
                let mut values = match p.kind.take() {
                    Some(ValueKind::List(values)) => values,
                    _ => Vec::new(),
                };
                m.sub(b, "ListValue", |m| {
                    while let Some(f) = m.next()? {
                        if let (1, Wire::Len(b)) = (f.number, f.wire) {
                            values.push(m.value(b)?);
                        }
                    }
                    Ok(())
                })?;
                ValueKind::List(values)
            }
            (16, Wire::Len(b)) => {
                let mut entries = match p.kind.take() {
                    Some(ValueKind::Map(entries)) => entries,
                    _ => Vec::new(),
                };
                m.sub(b, "MapValue", |m| {
                    while let Some(f) = m.next()? {
                        if let (1, Wire::Len(b)) = (f.number, f.wire) {
                            entries.push(m.sub(b, "KeyValuePair", key_value)?);
                        }
                    }
                    Ok(())
                })?;
                ValueKind::Map(entries)
            }
            _ => continue,
        };
        p.kind = Some(kind);
    }
    Ok(())
}

fn key_value(m: &mut Msg<'_>) -> Result<(Value, Value)> {
    let mut key = None;
    let mut value = None;
    while let Some(f) = m.next()? {
        match (f.number, f.wire) {
            (1, Wire::Len(b)) => m.value_field(b, &mut key)?,
            (2, Wire::Len(b)) => m.value_field(b, &mut value)?,
            _ => {}
        }
    }
    let missing = |what| Error::binary(m.base, m.name, BinaryProblem::MissingField(what));
    Ok((
        key.ok_or_else(|| missing("KeyValuePair.key"))?,
        value.ok_or_else(|| missing("KeyValuePair.value"))?,
    ))
}
