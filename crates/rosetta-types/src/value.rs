//! [`Value`]: a dynamic, typed, owned value tree, checked against a type of a
//! [`TypeRegistry`](crate::TypeRegistry) by [`validate`](crate::validate).

use std::collections::BTreeMap;
use std::hash::{Hash, Hasher};

use crate::components::F32s;
use crate::id::{ComponentId, TypeId};
use crate::scalar::{IntType, IntWidth};
use crate::text::Str;

/// A value of some registered type, as an owned tree. The value does not carry its type (except
/// inside [`Value::Dynamic`]); it is interpreted against a [`TypeId`], and each [`Kind`] takes
/// the variants listed in [`Kind`]'s table.
///
/// `Value` is 24 bytes: every large payload is boxed, short strings are inline. Equality is exact and total: floats are
/// compared by their bits (so `NaN == NaN` and `0.0 != -0.0`), which makes `Value` `Eq` and
/// `Hash` and round trips testable.
///
/// [`Kind`]: crate::Kind
///
/// ```
/// use rosetta_types::Value;
/// let v = Value::structure([
///     Value::from("Ann"),
///     Value::some(3i32),
///     Value::list([Value::from(1.5f32), Value::from(f32::NAN)]),
///     Value::map([(Value::from("gold"), Value::from(10u32))]),
/// ]);
/// let fields = v.as_struct().unwrap();
/// assert_eq!(fields[0].as_str(), Some("Ann"));
/// assert_eq!(fields[1].as_option(), Some(Some(&Value::I32(3))));
/// assert_eq!(fields[2].as_list().map(<[Value]>::len), Some(2));
/// assert_eq!(v.clone(), v); // NaN included
/// ```
#[derive(Debug, Clone)]
pub enum Value {
    /// A `bool`.
    Bool(bool),
    /// A `char`.
    Char(char),
    /// A signed 8-bit integer.
    I8(i8),
    /// A signed 16-bit integer.
    I16(i16),
    /// A signed 32-bit integer (`int32`, `sint32`, `sfixed32`).
    I32(i32),
    /// A signed 64-bit integer (`int64`, `sint64`, `sfixed64`).
    I64(i64),
    /// An unsigned 8-bit integer.
    U8(u8),
    /// An unsigned 16-bit integer.
    U16(u16),
    /// An unsigned 32-bit integer (`uint32`, `fixed32`).
    U32(u32),
    /// An unsigned 64-bit integer (`uint64`, `fixed64`).
    U64(u64),
    /// A `float`.
    F32(f32),
    /// A `double`.
    F64(f64),
    /// A string (short text inline, see [`Str`]).
    String(Str),
    /// A byte string.
    Bytes(Box<[u8]>),
    /// An entity id.
    EntityId(i64),
    /// A UUID, as its 16 bytes in the usual (big-endian) order.
    Uuid([u8; 16]),
    /// An enum or bitmask value (for a `uint64` representation, the bit pattern as `i64`).
    Enum(i64),
    /// A struct: one value per field, in field order.
    Struct(Box<[Value]>),
    /// The elements of an array, list or set.
    List(Box<[Value]>),
    /// The elements of a tuple.
    Tuple(Box<[Value]>),
    /// The entries of a map, in order.
    Map(Box<[(Value, Value)]>),
    /// An option.
    Option(Option<Box<Value>>),
    /// A math value with `f32` components (up to four inline).
    MathF32(F32s),
    /// A math value with `f64` components.
    MathF64(Box<[f64]>),
    /// A math value with `i32` components.
    MathI32(Box<[i32]>),
    /// An entity: component data by component id, in ascending id order.
    Entity(Box<BTreeMap<ComponentId, Value>>),
    /// A polymorphic or `any` value: its actual type and the value.
    Dynamic(Box<Dynamic>),
}

/// The payload of [`Value::Dynamic`]: a value together with its actual type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Dynamic {
    /// The actual type.
    pub ty: TypeId,
    /// The value, of type `ty`.
    pub value: Value,
}

impl Value {
    /// The empty option.
    pub const NONE: Value = Value::Option(None);

    /// The value of `nil`, the empty tuple.
    pub fn nil() -> Self {
        Value::Tuple(Box::new([]))
    }

    /// A string.
    pub fn string(s: impl Into<Str>) -> Self {
        Value::String(s.into())
    }

    /// A byte string.
    pub fn bytes(b: impl Into<Box<[u8]>>) -> Self {
        Value::Bytes(b.into())
    }

    /// An integer of type `t`, in the variant its width and signedness take; `None` when `v` is
    /// out of the type's range.
    ///
    /// ```
    /// use rosetta_types::{IntType, Value};
    /// assert_eq!(Value::int(IntType::UINT8, 255), Some(Value::U8(255)));
    /// assert_eq!(Value::int(IntType::UINT8, 256), None);
    /// ```
    // Inlined across crates: readers call it per integer, and the `Option<Self>` of a call
    // comes back through memory.
    #[inline]
    pub fn int(t: IntType, v: i128) -> Option<Self> {
        if v < i128::from(t.min()) || v > i128::from(t.max()) {
            return None;
        }
        Some(match (t.is_signed(), t.width()) {
            (true, IntWidth::W8) => Value::I8(v as i8),
            (true, IntWidth::W16) => Value::I16(v as i16),
            (true, IntWidth::W32) => Value::I32(v as i32),
            (true, IntWidth::W64) => Value::I64(v as i64),
            (false, IntWidth::W8) => Value::U8(v as u8),
            (false, IntWidth::W16) => Value::U16(v as u16),
            (false, IntWidth::W32) => Value::U32(v as u32),
            (false, IntWidth::W64) => Value::U64(v as u64),
        })
    }

    /// A struct from its field values in field order.
    pub fn structure(fields: impl IntoIterator<Item = Value>) -> Self {
        Value::Struct(fields.into_iter().collect())
    }

    /// An array, list or set.
    pub fn list(elements: impl IntoIterator<Item = Value>) -> Self {
        Value::List(elements.into_iter().collect())
    }

    /// A tuple.
    pub fn tuple(elements: impl IntoIterator<Item = Value>) -> Self {
        Value::Tuple(elements.into_iter().collect())
    }

    /// A map from its entries, in order.
    pub fn map(entries: impl IntoIterator<Item = (Value, Value)>) -> Self {
        Value::Map(entries.into_iter().collect())
    }

    /// A present option.
    pub fn some(value: impl Into<Value>) -> Self {
        Value::Option(Some(Box::new(value.into())))
    }

    /// An entity from `(component id, component data)` pairs; a repeated id keeps the last data.
    pub fn entity(components: impl IntoIterator<Item = (ComponentId, Value)>) -> Self {
        Value::Entity(Box::new(components.into_iter().collect()))
    }

    /// A polymorphic or `any` value of actual type `ty`.
    pub fn dynamic(ty: TypeId, value: impl Into<Value>) -> Self {
        Value::Dynamic(Box::new(Dynamic {
            ty,
            value: value.into(),
        }))
    }

    /// A math value with `f32` components.
    pub fn math_f32(components: impl IntoIterator<Item = f32>) -> Self {
        Value::MathF32(components.into_iter().collect())
    }

    /// A math value with `f64` components.
    pub fn math_f64(components: impl IntoIterator<Item = f64>) -> Self {
        Value::MathF64(components.into_iter().collect())
    }

    /// A math value with `i32` components.
    pub fn math_i32(components: impl IntoIterator<Item = i32>) -> Self {
        Value::MathI32(components.into_iter().collect())
    }

    /// The name of the variant, for messages: `bool`, `int32`, `string`, `struct`, ...
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "bool",
            Value::Char(_) => "char",
            Value::I8(_) => "int8",
            Value::I16(_) => "int16",
            Value::I32(_) => "int32",
            Value::I64(_) => "int64",
            Value::U8(_) => "uint8",
            Value::U16(_) => "uint16",
            Value::U32(_) => "uint32",
            Value::U64(_) => "uint64",
            Value::F32(_) => "float",
            Value::F64(_) => "double",
            Value::String(_) => "string",
            Value::Bytes(_) => "bytes",
            Value::EntityId(_) => "entity id",
            Value::Uuid(_) => "uuid",
            Value::Enum(_) => "enum value",
            Value::Struct(_) => "struct",
            Value::List(_) => "list",
            Value::Tuple(_) => "tuple",
            Value::Map(_) => "map",
            Value::Option(_) => "option",
            Value::MathF32(_) => "f32 math value",
            Value::MathF64(_) => "f64 math value",
            Value::MathI32(_) => "i32 math value",
            Value::Entity(_) => "entity",
            Value::Dynamic(_) => "dynamic value",
        }
    }

    /// The `bool`.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The `char`.
    pub fn as_char(&self) -> Option<char> {
        match self {
            Value::Char(c) => Some(*c),
            _ => None,
        }
    }

    /// Any integer (not enums or entity ids) as `i64`, if it fits.
    pub fn as_i64(&self) -> Option<i64> {
        match *self {
            Value::I8(v) => Some(v.into()),
            Value::I16(v) => Some(v.into()),
            Value::I32(v) => Some(v.into()),
            Value::I64(v) => Some(v),
            Value::U8(v) => Some(v.into()),
            Value::U16(v) => Some(v.into()),
            Value::U32(v) => Some(v.into()),
            Value::U64(v) => i64::try_from(v).ok(),
            _ => None,
        }
    }

    /// Any integer (not enums or entity ids) as `u64`, if it fits.
    pub fn as_u64(&self) -> Option<u64> {
        match *self {
            Value::U64(v) => Some(v),
            _ => self.as_i64().and_then(|v| u64::try_from(v).ok()),
        }
    }

    /// A `float` or `double` as `f64`.
    pub fn as_f64(&self) -> Option<f64> {
        match *self {
            Value::F32(v) => Some(v.into()),
            Value::F64(v) => Some(v),
            _ => None,
        }
    }

    /// The string.
    #[inline]
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    /// The byte string.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Value::Bytes(b) => Some(b),
            _ => None,
        }
    }

    /// The entity id.
    pub fn as_entity_id(&self) -> Option<i64> {
        match self {
            Value::EntityId(id) => Some(*id),
            _ => None,
        }
    }

    /// The UUID bytes.
    pub fn as_uuid(&self) -> Option<&[u8; 16]> {
        match self {
            Value::Uuid(u) => Some(u),
            _ => None,
        }
    }

    /// The enum or bitmask value.
    pub fn as_enum(&self) -> Option<i64> {
        match self {
            Value::Enum(v) => Some(*v),
            _ => None,
        }
    }

    /// The field values of a struct.
    pub fn as_struct(&self) -> Option<&[Value]> {
        match self {
            Value::Struct(fields) => Some(fields),
            _ => None,
        }
    }

    /// The field values of a struct, to change them in place.
    pub fn as_struct_mut(&mut self) -> Option<&mut [Value]> {
        match self {
            Value::Struct(fields) => Some(fields),
            _ => None,
        }
    }

    /// The elements of an array, list or set.
    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::List(elements) => Some(elements),
            _ => None,
        }
    }

    /// The elements of an array, list or set, to change them in place.
    pub fn as_list_mut(&mut self) -> Option<&mut [Value]> {
        match self {
            Value::List(elements) => Some(elements),
            _ => None,
        }
    }

    /// The elements of a tuple.
    pub fn as_tuple(&self) -> Option<&[Value]> {
        match self {
            Value::Tuple(elements) => Some(elements),
            _ => None,
        }
    }

    /// The entries of a map.
    pub fn as_map(&self) -> Option<&[(Value, Value)]> {
        match self {
            Value::Map(entries) => Some(entries),
            _ => None,
        }
    }

    /// An option: `Some(None)` for the empty option, `None` if this is not an option.
    pub fn as_option(&self) -> Option<Option<&Value>> {
        match self {
            Value::Option(o) => Some(o.as_deref()),
            _ => None,
        }
    }

    /// The components of an entity.
    pub fn as_entity(&self) -> Option<&BTreeMap<ComponentId, Value>> {
        match self {
            Value::Entity(components) => Some(components),
            _ => None,
        }
    }

    /// The actual type and value of a polymorphic or `any` value.
    pub fn as_dynamic(&self) -> Option<&Dynamic> {
        match self {
            Value::Dynamic(d) => Some(d),
            _ => None,
        }
    }

    /// The components of an `f32` math value.
    pub fn as_math_f32(&self) -> Option<&[f32]> {
        match self {
            Value::MathF32(c) => Some(c),
            _ => None,
        }
    }

    /// The components of an `f64` math value.
    pub fn as_math_f64(&self) -> Option<&[f64]> {
        match self {
            Value::MathF64(c) => Some(c),
            _ => None,
        }
    }

    /// The components of an `i32` math value.
    pub fn as_math_i32(&self) -> Option<&[i32]> {
        match self {
            Value::MathI32(c) => Some(c),
            _ => None,
        }
    }
}

macro_rules! from_scalar {
    ($($t:ty => $variant:ident),* $(,)?) => {
        $(impl From<$t> for Value {
            fn from(v: $t) -> Self {
                Value::$variant(v)
            }
        })*
    };
}

from_scalar! {
    bool => Bool, char => Char,
    i8 => I8, i16 => I16, i32 => I32, i64 => I64,
    u8 => U8, u16 => U16, u32 => U32, u64 => U64,
    f32 => F32, f64 => F64,
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::String(s.into())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::String(s.into())
    }
}

impl From<Box<str>> for Value {
    fn from(s: Box<str>) -> Self {
        Value::String(s.into())
    }
}

impl From<Str> for Value {
    fn from(s: Str) -> Self {
        Value::String(s)
    }
}

impl From<Vec<u8>> for Value {
    /// A byte string.
    fn from(b: Vec<u8>) -> Self {
        Value::Bytes(b.into())
    }
}

impl From<&[u8]> for Value {
    /// A byte string.
    fn from(b: &[u8]) -> Self {
        Value::Bytes(b.into())
    }
}

impl From<Vec<Value>> for Value {
    /// A list.
    fn from(elements: Vec<Value>) -> Self {
        Value::List(elements.into())
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    /// An option.
    fn from(o: Option<T>) -> Self {
        Value::Option(o.map(|v| Box::new(v.into())))
    }
}

fn f32_bits(xs: &[f32]) -> impl Iterator<Item = u32> + '_ {
    xs.iter().map(|x| x.to_bits())
}

fn f64_bits(xs: &[f64]) -> impl Iterator<Item = u64> + '_ {
    xs.iter().map(|x| x.to_bits())
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        use Value as V;
        match (self, other) {
            (V::Bool(a), V::Bool(b)) => a == b,
            (V::Char(a), V::Char(b)) => a == b,
            (V::I8(a), V::I8(b)) => a == b,
            (V::I16(a), V::I16(b)) => a == b,
            (V::I32(a), V::I32(b)) => a == b,
            (V::I64(a), V::I64(b)) => a == b,
            (V::U8(a), V::U8(b)) => a == b,
            (V::U16(a), V::U16(b)) => a == b,
            (V::U32(a), V::U32(b)) => a == b,
            (V::U64(a), V::U64(b)) => a == b,
            (V::F32(a), V::F32(b)) => a.to_bits() == b.to_bits(),
            (V::F64(a), V::F64(b)) => a.to_bits() == b.to_bits(),
            (V::String(a), V::String(b)) => a == b,
            (V::Bytes(a), V::Bytes(b)) => a == b,
            (V::EntityId(a), V::EntityId(b)) => a == b,
            (V::Uuid(a), V::Uuid(b)) => a == b,
            (V::Enum(a), V::Enum(b)) => a == b,
            (V::Struct(a), V::Struct(b)) => a == b,
            (V::List(a), V::List(b)) => a == b,
            (V::Tuple(a), V::Tuple(b)) => a == b,
            (V::Map(a), V::Map(b)) => a == b,
            (V::Option(a), V::Option(b)) => a == b,
            (V::MathF32(a), V::MathF32(b)) => f32_bits(a).eq(f32_bits(b)),
            (V::MathF64(a), V::MathF64(b)) => f64_bits(a).eq(f64_bits(b)),
            (V::MathI32(a), V::MathI32(b)) => a == b,
            (V::Entity(a), V::Entity(b)) => a == b,
            (V::Dynamic(a), V::Dynamic(b)) => a == b,
            _ => false,
        }
    }
}

impl Eq for Value {}

impl Hash for Value {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Bool(v) => v.hash(state),
            Value::Char(v) => v.hash(state),
            Value::I8(v) => v.hash(state),
            Value::I16(v) => v.hash(state),
            Value::I32(v) => v.hash(state),
            Value::I64(v) | Value::EntityId(v) | Value::Enum(v) => v.hash(state),
            Value::U8(v) => v.hash(state),
            Value::U16(v) => v.hash(state),
            Value::U32(v) => v.hash(state),
            Value::U64(v) => v.hash(state),
            Value::F32(v) => v.to_bits().hash(state),
            Value::F64(v) => v.to_bits().hash(state),
            Value::String(v) => v.hash(state),
            Value::Bytes(v) => v.hash(state),
            Value::Uuid(v) => v.hash(state),
            Value::Struct(v) | Value::List(v) | Value::Tuple(v) => v.hash(state),
            Value::Map(v) => v.hash(state),
            Value::Option(v) => v.hash(state),
            Value::MathF32(v) => {
                v.len().hash(state);
                f32_bits(v).for_each(|b| b.hash(state));
            }
            Value::MathF64(v) => {
                v.len().hash(state);
                f64_bits(v).for_each(|b| b.hash(state));
            }
            Value::MathI32(v) => v.hash(state),
            Value::Entity(v) => v.hash(state),
            Value::Dynamic(v) => v.hash(state),
        }
    }
}

#[cfg(test)]
mod tests;
