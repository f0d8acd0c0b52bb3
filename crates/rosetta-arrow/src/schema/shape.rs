//! The shape of a type's column: the shared type model resolved once per component into the
//! tree that the Arrow type, the writer and the reader all follow.

use std::collections::HashMap;
use std::sync::Arc;

use arrow::datatypes::{DataType, Field, Fields};
use rosetta_types::{
    Arity, EnumType, FloatType, IntType, Kind, MathScalar, MathType, StructType, TypeId,
    TypeRegistry, MAX_NESTING,
};

use crate::error::{Error, Result};
use crate::schema::options::{meta, ArrowOptions};

/// How one value is laid out in Arrow.
#[derive(Debug, Clone)]
pub(crate) enum Shape {
    Bool,
    /// A `char` as a one-character string.
    Char,
    Int(IntType),
    Float(FloatType),
    String,
    Bytes,
    EntityId,
    Uuid,
    /// An enum as its constant's name (an unnamed value as its decimal digits).
    EnumName(Arc<EnumType>),
    /// An enum as its number, or a bitmask.
    EnumInt(IntType),
    Struct(Vec<Member>),
    /// A struct of no fields, which Parquet cannot hold as a struct: `true` for its one value.
    Unit,
    /// A fixed array.
    Array(Box<Shape>, u32),
    /// A list or set (`Value::List`).
    List(Box<Shape>),
    /// An option (`Value::Option`): a nullable value, or a list of at most one when the inner
    /// value is itself nullable (an option of an option).
    Option(Box<Shape>),
    OptionList(Box<Shape>),
    Map(Box<Shape>, Box<Shape>),
    Tuple(Vec<Shape>),
    Math(MathType),
    /// Component data by component id, each as its wire bytes (a schema `Entity`).
    Entity,
    /// A value of a recursive struct type, which no Arrow type can describe: its wire bytes.
    Wire(TypeId),
}

/// A struct member: its name, its shape, and the Arrow field's metadata.
#[derive(Debug, Clone)]
pub(crate) struct Member {
    pub name: Box<str>,
    pub shape: Shape,
    pub type_name: Option<String>,
}

impl Shape {
    /// An option of `inner`: nullable, or a list of at most one when `inner` already is.
    pub fn optional(inner: Shape) -> Shape {
        if inner.nullable() {
            Shape::OptionList(Box::new(inner))
        } else {
            Shape::Option(Box::new(inner))
        }
    }

    /// Whether a value of this shape can be null in Arrow.
    pub fn nullable(&self) -> bool {
        matches!(self, Shape::Option(_))
    }

    /// The Arrow type of this shape.
    pub fn data_type(&self) -> DataType {
        match self {
            Shape::Bool | Shape::Unit => DataType::Boolean,
            Shape::Char | Shape::String => DataType::Utf8,
            Shape::Int(t) | Shape::EnumInt(t) => int_type(*t),
            Shape::Float(FloatType::F32) => DataType::Float32,
            Shape::Float(FloatType::F64) => DataType::Float64,
            Shape::Bytes | Shape::Wire(_) => DataType::Binary,
            Shape::EntityId => DataType::Int64,
            Shape::Uuid => DataType::FixedSizeBinary(16),
            Shape::EnumName(_) => {
                DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
            }
            Shape::Struct(members) => DataType::Struct(struct_fields(members)),
            // A null array still holds its elements' slots, so they are nullable.
            Shape::Array(item, len) => DataType::FixedSizeList(
                Arc::new(Field::new("item", item.data_type(), true)),
                *len as i32,
            ),
            Shape::List(item) | Shape::OptionList(item) => {
                DataType::List(Arc::new(item.item_field()))
            }
            Shape::Option(inner) => inner.data_type(),
            Shape::Map(k, v) => map_type(k.data_type(), v.data_type(), v.nullable()),
            Shape::Tuple(items) => DataType::Struct(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, s)| Field::new(format!("f{i}"), s.data_type(), s.nullable()))
                    .collect(),
            ),
            Shape::Math(m) => {
                let scalar = match m.scalar {
                    MathScalar::F32 => DataType::Float32,
                    MathScalar::F64 => DataType::Float64,
                    MathScalar::I32 => DataType::Int32,
                };
                DataType::FixedSizeList(Arc::new(Field::new("item", scalar, true)), m.len() as i32)
            }
            Shape::Entity => map_type(DataType::UInt32, DataType::Binary, false),
        }
    }

    /// The field of a list's or array's element.
    pub fn item_field(&self) -> Field {
        Field::new("item", self.data_type(), self.nullable())
    }
}

fn struct_fields(members: &[Member]) -> Fields {
    members.iter().map(Member::field).collect()
}

impl Member {
    /// The Arrow field of this member, with the type's name in its metadata.
    pub fn field(&self) -> Field {
        let field = Field::new(
            self.name.as_ref(),
            self.shape.data_type(),
            self.shape.nullable(),
        );
        match &self.type_name {
            Some(name) => {
                field.with_metadata(HashMap::from([(meta::TYPE.to_string(), name.clone())]))
            }
            None => field,
        }
    }
}

/// A map of `key` and `value`, Arrow's layout (`entries: Struct<key, value>`; keys are never
/// null, which [`Resolver`] checks).
pub(crate) fn map_type(key: DataType, value: DataType, value_null: bool) -> DataType {
    DataType::Map(
        Arc::new(Field::new(
            "entries",
            DataType::Struct(Fields::from(vec![
                Field::new("key", key, false),
                Field::new("value", value, value_null),
            ])),
            false,
        )),
        false,
    )
}

fn int_type(t: IntType) -> DataType {
    match (t.bits(), t.is_signed()) {
        (8, true) => DataType::Int8,
        (16, true) => DataType::Int16,
        (32, true) => DataType::Int32,
        (64, true) => DataType::Int64,
        (8, false) => DataType::UInt8,
        (16, false) => DataType::UInt16,
        (32, false) => DataType::UInt32,
        _ => DataType::UInt64,
    }
}

/// Resolves types into shapes for one registry and set of options.
pub(crate) struct Resolver<'r> {
    pub registry: &'r TypeRegistry,
    pub options: ArrowOptions,
    /// The struct types being expanded, outermost first: a type met again is recursive.
    open: Vec<TypeId>,
    /// How deeply the shape being resolved nests, bounded by [`MAX_NESTING`].
    depth: usize,
}

impl<'r> Resolver<'r> {
    pub fn new(registry: &'r TypeRegistry, options: ArrowOptions) -> Self {
        Resolver {
            registry,
            options,
            open: Vec::new(),
            depth: 0,
        }
    }

    /// The members of a struct type (a component's data, or a schema type).
    pub fn members(&mut self, ty: TypeId, def: &StructType) -> Result<Vec<Member>> {
        self.open.push(ty);
        let members = def
            .fields()
            .iter()
            .map(|field| {
                let shape = match field.arity() {
                    Arity::Singular => self.shape(field.ty())?,
                    Arity::Option(inner) => self.option(inner)?,
                    Arity::List(inner) => Shape::List(Box::new(self.shape(inner)?)),
                    Arity::Map(k, v) => self.map(k, v)?,
                };
                Ok(Member {
                    name: field.name().into(),
                    type_name: self.type_name(field.ty()),
                    shape,
                })
            })
            .collect::<Result<Vec<_>>>();
        self.open.pop();
        members
    }

    fn option(&mut self, inner: TypeId) -> Result<Shape> {
        Ok(Shape::optional(self.shape(inner)?))
    }

    fn map(&mut self, k: TypeId, v: TypeId) -> Result<Shape> {
        let key = self.shape(k)?;
        if key.nullable() {
            return Err(Error::Unsupported(format!(
                "a map keyed by `{}`: Arrow map keys cannot be null",
                self.registry.display(k)
            )));
        }
        Ok(Shape::Map(Box::new(key), Box::new(self.shape(v)?)))
    }

    /// The name a field's metadata keeps for its type: the qualified name of a named type, the
    /// schema name of an integer (its wire encoding: `sint32`, `fixed64`, ...).
    /// A single `value` member of type `ty`: the table of a component whose type is not a
    /// struct (a Flecs enum or primitive component).
    pub fn value_member(&mut self, ty: TypeId) -> Result<Member> {
        Ok(Member {
            name: "value".into(),
            type_name: self.type_name(ty),
            shape: self.shape(ty)?,
        })
    }

    fn type_name(&self, ty: TypeId) -> Option<String> {
        let t = self.registry.get(ty)?;
        match (t.qualified_name(), t.kind()) {
            (Some(name), _) => Some(name.to_string()),
            (None, Kind::Int(i)) => Some(i.name().to_string()),
            _ => Some(self.registry.display(ty).to_string()),
        }
    }

    /// The shape of a value of `ty`, nested at most [`MAX_NESTING`] levels deep.
    pub fn shape(&mut self, ty: TypeId) -> Result<Shape> {
        if self.depth >= MAX_NESTING {
            return Err(Error::Unsupported(format!(
                "`{}` nests deeper than {MAX_NESTING} levels",
                self.registry.display(ty)
            )));
        }
        self.depth += 1;
        let shape = self.kind_shape(ty);
        self.depth -= 1;
        shape
    }

    fn kind_shape(&mut self, ty: TypeId) -> Result<Shape> {
        let t = self
            .registry
            .get(ty)
            .ok_or_else(|| Error::Unsupported(format!("no type with id {ty:?}")))?;
        Ok(match t.kind() {
            Kind::Bool => Shape::Bool,
            Kind::Char => Shape::Char,
            Kind::Int(i) => Shape::Int(*i),
            Kind::Float(f) => Shape::Float(*f),
            Kind::String => Shape::String,
            Kind::Bytes => Shape::Bytes,
            Kind::EntityId => Shape::EntityId,
            Kind::Uuid => Shape::Uuid,
            Kind::Enum(e) if !self.options.enum_as_int => Shape::EnumName(Arc::new(e.clone())),
            Kind::Enum(e) | Kind::Bitmask(e) => Shape::EnumInt(e.repr()),
            Kind::Struct(def) => {
                if self.open.contains(&ty) {
                    Shape::Wire(ty)
                } else if def.fields().is_empty() {
                    Shape::Unit
                } else {
                    Shape::Struct(self.members(ty, def)?)
                }
            }
            Kind::Array(item, len) => Shape::Array(Box::new(self.shape(*item)?), *len),
            Kind::List(item) | Kind::Set(item) => Shape::List(Box::new(self.shape(*item)?)),
            Kind::Map(k, v) => self.map(*k, *v)?,
            Kind::Option(inner) => self.option(*inner)?,
            Kind::Tuple(items) => Shape::Tuple(
                items
                    .iter()
                    .map(|i| self.shape(*i))
                    .collect::<Result<Vec<_>>>()?,
            ),
            Kind::Math(m) => Shape::Math(*m),
            Kind::Entity => Shape::Entity,
            Kind::Polymorphic(_) | Kind::Any => {
                return Err(Error::Unsupported(format!(
                    "`{}` holds values of any type, which have no Arrow column yet",
                    self.registry.display(ty)
                )))
            }
        })
    }
}
