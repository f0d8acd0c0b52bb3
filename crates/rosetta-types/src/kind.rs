//! [`Kind`]: what a type is. Every format's types lower into these kinds.

use crate::enum_type::EnumType;
use crate::id::TypeId;
use crate::math::MathType;
use crate::scalar::{FloatType, IntType, IntWidth};
use crate::struct_type::StructType;
use crate::value::Value;

/// What a type is. The kinds are what the SpatialOS schema, O3DE's JSON serializers, Godot's
/// Variants and Flecs' reflection need together. Composite kinds refer to other types by
/// [`TypeId`], so recursive types are possible (through a declared-then-defined type, see
/// [`RegistryBuilder::declare`](crate::RegistryBuilder::declare)).
///
/// Each kind takes values of one [`Value`](crate::Value) variant:
///
/// | kind | value |
/// | --- | --- |
/// | `Bool`, `Char` | `Bool`, `Char` |
/// | `Int` | the variant of its width and signedness: `I8` .. `I64`, `U8` .. `U64` |
/// | `Float` | `F32` or `F64` |
/// | `String`, `Bytes`, `EntityId`, `Uuid` | `String`, `Bytes`, `EntityId`, `Uuid` |
/// | `Enum`, `Bitmask` | `Enum` |
/// | `Struct` | `Struct`, one value per field in field order |
/// | `Array`, `List`, `Set` | `List` |
/// | `Map` | `Map` (entries in order) |
/// | `Option` | `Option` |
/// | `Tuple` | `Tuple` |
/// | `Math` | `MathF32`, `MathF64` or `MathI32`, by the scalar |
/// | `Entity` | `Entity` (components by id) |
/// | `Polymorphic`, `Any` | `Dynamic` (the actual type and its value) |
#[derive(Debug, Clone, PartialEq)]
pub enum Kind {
    /// `true` / `false`.
    Bool,
    /// A Unicode scalar value (Flecs `char`).
    Char,
    /// An integer of some width, signedness and wire encoding.
    Int(IntType),
    /// `float` or `double`.
    Float(FloatType),
    /// UTF-8 text.
    String,
    /// A byte string.
    Bytes,
    /// A 64-bit entity id (SpatialOS `EntityId`, a Flecs entity).
    EntityId,
    /// A UUID (O3DE type ids and asset ids).
    Uuid,
    /// One of a set of named constants over an integer representation.
    Enum(EnumType),
    /// A set of flags over an integer representation; values are ORs of flags (or any bits).
    Bitmask(EnumType),
    /// Named fields.
    Struct(StructType),
    /// Exactly `len` elements of one type (C arrays, Flecs array types, `AZStd::array`).
    Array(TypeId, u32),
    /// Any number of elements of one type, in order.
    List(TypeId),
    /// Elements of one type, in order, meant to be distinct (the order is kept, not checked).
    Set(TypeId),
    /// Entries of a key type and a value type, in order.
    Map(TypeId, TypeId),
    /// Zero or one value of a type.
    Option(TypeId),
    /// One value of each type, in order (`AZStd::pair`, `AZStd::tuple`).
    Tuple(Box<[TypeId]>),
    /// A vector, quaternion, color, rectangle, transform or matrix.
    Math(MathType),
    /// A set of components: component data keyed by component id (schema `Entity`).
    Entity,
    /// A value of the base type or of any type derived from it, carrying its actual type (a
    /// pointer to a polymorphic class; O3DE's `$type`).
    Polymorphic(TypeId),
    /// A value of any registered type, carrying its type (`AZStd::any`, a Godot `Variant`).
    Any,
}

impl Kind {
    /// Whether `value` is a value of this scalar kind: a bool, char, integer of this width and
    /// sign, float of this precision, string, bytes, entity id or uuid. `false` for the other
    /// kinds (enums and math values included).
    ///
    /// ```
    /// use rosetta_types::{FloatType, Kind, Value};
    /// assert!(Kind::Float(FloatType::F32).holds_scalar(&Value::F32(1.0)));
    /// assert!(!Kind::Float(FloatType::F32).holds_scalar(&Value::F64(1.0)));
    /// ```
    pub fn holds_scalar(&self, value: &Value) -> bool {
        match (self, value) {
            (Kind::Bool, Value::Bool(_))
            | (Kind::Char, Value::Char(_))
            | (Kind::Float(FloatType::F32), Value::F32(_))
            | (Kind::Float(FloatType::F64), Value::F64(_))
            | (Kind::String, Value::String(_))
            | (Kind::Bytes, Value::Bytes(_))
            | (Kind::EntityId, Value::EntityId(_))
            | (Kind::Uuid, Value::Uuid(_)) => true,
            (Kind::Int(t), value) => matches!(
                (t.is_signed(), t.width(), value),
                (true, IntWidth::W8, Value::I8(_))
                    | (true, IntWidth::W16, Value::I16(_))
                    | (true, IntWidth::W32, Value::I32(_))
                    | (true, IntWidth::W64, Value::I64(_))
                    | (false, IntWidth::W8, Value::U8(_))
                    | (false, IntWidth::W16, Value::U16(_))
                    | (false, IntWidth::W32, Value::U32(_))
                    | (false, IntWidth::W64, Value::U64(_))
            ),
            _ => false,
        }
    }

    /// A short name of the kind: `bool`, `int`, `struct`, `list`, `math`, ...
    pub fn name(&self) -> &'static str {
        match self {
            Kind::Bool => "bool",
            Kind::Char => "char",
            Kind::Int(_) => "int",
            Kind::Float(_) => "float",
            Kind::String => "string",
            Kind::Bytes => "bytes",
            Kind::EntityId => "entity id",
            Kind::Uuid => "uuid",
            Kind::Enum(_) => "enum",
            Kind::Bitmask(_) => "bitmask",
            Kind::Struct(_) => "struct",
            Kind::Array(..) => "array",
            Kind::List(_) => "list",
            Kind::Set(_) => "set",
            Kind::Map(..) => "map",
            Kind::Option(_) => "option",
            Kind::Tuple(_) => "tuple",
            Kind::Math(_) => "math",
            Kind::Entity => "entity",
            Kind::Polymorphic(_) => "polymorphic",
            Kind::Any => "any",
        }
    }

    /// Whether values of this kind have no children a walker descends into (scalars, strings,
    /// bytes, ids, enums, bitmasks and math values).
    pub fn is_leaf(&self) -> bool {
        matches!(
            self,
            Kind::Bool
                | Kind::Char
                | Kind::Int(_)
                | Kind::Float(_)
                | Kind::String
                | Kind::Bytes
                | Kind::EntityId
                | Kind::Uuid
                | Kind::Enum(_)
                | Kind::Bitmask(_)
                | Kind::Math(_)
        )
    }

    /// Calls `f` with every type this kind refers to directly (elements, keys, values, fields,
    /// tuple slots, polymorphic base).
    pub fn for_each_reference(&self, mut f: impl FnMut(TypeId)) {
        match self {
            Kind::Struct(s) => s.fields().iter().for_each(|field| f(field.ty())),
            Kind::Array(t, _) | Kind::List(t) | Kind::Set(t) | Kind::Option(t) => f(*t),
            Kind::Polymorphic(t) => f(*t),
            Kind::Map(k, v) => {
                f(*k);
                f(*v);
            }
            Kind::Tuple(ts) => ts.iter().copied().for_each(f),
            _ => {}
        }
    }

    /// The key under which an anonymous type of this kind is interned; `None` for structs, enums
    /// and bitmasks, which are never shared.
    pub(crate) fn intern_key(&self) -> Option<InternKey> {
        Some(match self {
            Kind::Bool => InternKey::Bool,
            Kind::Char => InternKey::Char,
            Kind::Int(t) => InternKey::Int(*t),
            Kind::Float(t) => InternKey::Float(*t),
            Kind::String => InternKey::String,
            Kind::Bytes => InternKey::Bytes,
            Kind::EntityId => InternKey::EntityId,
            Kind::Uuid => InternKey::Uuid,
            Kind::Enum(_) | Kind::Bitmask(_) | Kind::Struct(_) => return None,
            Kind::Array(t, n) => InternKey::Array(*t, *n),
            Kind::List(t) => InternKey::List(*t),
            Kind::Set(t) => InternKey::Set(*t),
            Kind::Map(k, v) => InternKey::Map(*k, *v),
            Kind::Option(t) => InternKey::Option(*t),
            Kind::Tuple(ts) => InternKey::Tuple(ts.clone()),
            Kind::Math(m) => InternKey::Math(*m),
            Kind::Entity => InternKey::Entity,
            Kind::Polymorphic(t) => InternKey::Polymorphic(*t),
            Kind::Any => InternKey::Any,
        })
    }
}

impl From<IntType> for Kind {
    fn from(t: IntType) -> Self {
        Kind::Int(t)
    }
}

impl From<FloatType> for Kind {
    fn from(t: FloatType) -> Self {
        Kind::Float(t)
    }
}

impl From<MathType> for Kind {
    fn from(t: MathType) -> Self {
        Kind::Math(t)
    }
}

impl From<StructType> for Kind {
    fn from(t: StructType) -> Self {
        Kind::Struct(t)
    }
}

/// A structural kind, hashable, for interning anonymous types.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) enum InternKey {
    Bool,
    Char,
    Int(IntType),
    Float(FloatType),
    String,
    Bytes,
    EntityId,
    Uuid,
    Array(TypeId, u32),
    List(TypeId),
    Set(TypeId),
    Map(TypeId, TypeId),
    Option(TypeId),
    Tuple(Box<[TypeId]>),
    Math(MathType),
    Entity,
    Polymorphic(TypeId),
    Any,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::struct_type::Field;

    #[test]
    fn references() {
        let s = StructType::new([
            Field::new("a", TypeId::BOOL),
            Field::new("b", TypeId::STRING),
        ])
        .unwrap();
        let mut seen = Vec::new();
        Kind::Struct(s).for_each_reference(|t| seen.push(t));
        Kind::Map(TypeId::INT32, TypeId::DOUBLE).for_each_reference(|t| seen.push(t));
        Kind::Bool.for_each_reference(|t| seen.push(t));
        assert_eq!(
            seen,
            [TypeId::BOOL, TypeId::STRING, TypeId::INT32, TypeId::DOUBLE]
        );
    }

    #[test]
    fn interning_keys() {
        assert_eq!(
            Kind::List(TypeId::INT32).intern_key(),
            Some(InternKey::List(TypeId::INT32))
        );
        assert!(Kind::Struct(StructType::default()).intern_key().is_none());
        assert!(Kind::Math(MathType::VECTOR3).is_leaf());
        assert!(!Kind::Any.is_leaf());
        assert_eq!(Kind::from(IntType::INT8).name(), "int");
    }
}
