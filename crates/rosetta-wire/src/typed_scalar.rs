//! Scalars of typed values: which family a schema type uses, and values read and written
//! through it.

use rosetta_types::{IntEncoding, IntType, IntWidth, Value};

use crate::error::{Error, Result};
use crate::family::{self, Family};
use crate::object::Object;
use crate::scalar::each_bits;
use std::ops::ControlFlow;

/// The scalar families a schema type can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scalar {
    Bool,
    Int32,
    Int64,
    Uint32,
    Uint64,
    Sint32,
    Sint64,
    Fixed32,
    Fixed64,
    Sfixed32,
    Sfixed64,
    Float,
    Double,
    EntityId,
    Enum,
}

/// The family of an integer type; narrower integers travel as 32-bit ones.
pub(crate) fn int_scalar(int: IntType) -> Scalar {
    let wide = int.width() == IntWidth::W64;
    match (int.encoding(), int.is_signed(), wide) {
        (IntEncoding::Varint, true, false) => Scalar::Int32,
        (IntEncoding::Varint, true, true) => Scalar::Int64,
        (IntEncoding::Varint, false, false) => Scalar::Uint32,
        (IntEncoding::Varint, false, true) => Scalar::Uint64,
        (IntEncoding::ZigZag, _, false) => Scalar::Sint32,
        (IntEncoding::ZigZag, _, true) => Scalar::Sint64,
        (IntEncoding::Fixed, true, false) => Scalar::Sfixed32,
        (IntEncoding::Fixed, true, true) => Scalar::Sfixed64,
        (IntEncoding::Fixed, false, false) => Scalar::Fixed32,
        (IntEncoding::Fixed, false, true) => Scalar::Fixed64,
    }
}

/// Which values of a field a read takes: every one ([`All`]) or the last ([`Last`]).
trait Take {
    type Out;
    fn take<F: Family>(o: &Object, id: u32, f: impl Fn(F::Value) -> Value) -> Self::Out;
}

/// Every value, in order.
struct All;

impl Take for All {
    type Out = Vec<Value>;
    fn take<F: Family>(o: &Object, id: u32, f: impl Fn(F::Value) -> Value) -> Vec<Value> {
        // `Object::list` as values, without a list of the family's values first.
        let mut out = Vec::with_capacity(o.count::<F>(id));
        for item in o.items(id) {
            let _ = each_bits(item, F::WIRE, &mut |bits| {
                out.push(f(F::from_bits(bits)));
                ControlFlow::Continue(())
            });
        }
        out
    }
}

/// The last value (the one a singular field has), `None` when there is none.
struct Last;

impl Take for Last {
    type Out = Option<Value>;
    fn take<F: Family>(o: &Object, id: u32, f: impl Fn(F::Value) -> Value) -> Option<Value> {
        o.try_get::<F>(id).map(f)
    }
}

/// Every value of field `id` of a scalar family, as values.
pub(crate) fn read_scalars(
    scalar: Scalar,
    narrow: Option<IntWidth>,
    object: &Object,
    id: u32,
) -> Vec<Value> {
    scalars::<All>(scalar, narrow, object, id)
}

/// The last value of field `id` of a scalar family (what [`read_scalars`] ends with), without
/// reading the others.
pub(crate) fn read_last_scalar(
    scalar: Scalar,
    narrow: Option<IntWidth>,
    object: &Object,
    id: u32,
) -> Option<Value> {
    scalars::<Last>(scalar, narrow, object, id)
}

fn scalars<T: Take>(scalar: Scalar, narrow: Option<IntWidth>, object: &Object, id: u32) -> T::Out {
    fn all<T: Take, F: Family>(o: &Object, id: u32, f: impl Fn(F::Value) -> Value) -> T::Out {
        T::take::<F>(o, id, f)
    }
    match scalar {
        Scalar::Bool => all::<T, family::Bool>(object, id, Value::Bool),
        Scalar::Int32 | Scalar::Sint32 | Scalar::Sfixed32 => {
            let convert = |v: i32| match narrow {
                Some(IntWidth::W8) => Value::I8(v as i8),
                Some(IntWidth::W16) => Value::I16(v as i16),
                _ => Value::I32(v),
            };
            match scalar {
                Scalar::Int32 => all::<T, family::Int32>(object, id, convert),
                Scalar::Sint32 => all::<T, family::Sint32>(object, id, convert),
                _ => all::<T, family::Sfixed32>(object, id, convert),
            }
        }
        Scalar::Uint32 | Scalar::Fixed32 => {
            let convert = |v: u32| match narrow {
                Some(IntWidth::W8) => Value::U8(v as u8),
                Some(IntWidth::W16) => Value::U16(v as u16),
                _ => Value::U32(v),
            };
            if scalar == Scalar::Uint32 {
                all::<T, family::Uint32>(object, id, convert)
            } else {
                all::<T, family::Fixed32>(object, id, convert)
            }
        }
        Scalar::Int64 => all::<T, family::Int64>(object, id, Value::I64),
        Scalar::Sint64 => all::<T, family::Sint64>(object, id, Value::I64),
        Scalar::Sfixed64 => all::<T, family::Sfixed64>(object, id, Value::I64),
        Scalar::Uint64 => all::<T, family::Uint64>(object, id, Value::U64),
        Scalar::Fixed64 => all::<T, family::Fixed64>(object, id, Value::U64),
        Scalar::Float => all::<T, family::Float>(object, id, Value::F32),
        Scalar::Double => all::<T, family::Double>(object, id, Value::F64),
        Scalar::EntityId => all::<T, family::EntityId>(object, id, Value::EntityId),
        Scalar::Enum => all::<T, family::Enum>(object, id, |v| Value::Enum(i64::from(v))),
    }
}

pub(crate) fn write_scalar(
    scalar: Scalar,
    value: &Value,
    object: &mut Object,
    id: u32,
    path: &str,
) -> Result<()> {
    let wrong = || {
        Error::at_path(
            format!("expected {scalar:?}, found {}", value.kind_name()),
            path,
        )
    };
    let int = value.as_i64();
    let uint = value.as_u64();
    match scalar {
        Scalar::Bool => object.add::<family::Bool>(id, value.as_bool().ok_or_else(wrong)?),
        Scalar::Int32 | Scalar::Sint32 | Scalar::Sfixed32 => {
            let v = int.and_then(|v| i32::try_from(v).ok()).ok_or_else(wrong)?;
            match scalar {
                Scalar::Int32 => object.add::<family::Int32>(id, v),
                Scalar::Sint32 => object.add::<family::Sint32>(id, v),
                _ => object.add::<family::Sfixed32>(id, v),
            }
        }
        Scalar::Uint32 | Scalar::Fixed32 | Scalar::Enum => {
            let v = match value {
                Value::Enum(e) => u32::try_from(*e).ok(),
                _ => uint.and_then(|v| u32::try_from(v).ok()),
            }
            .ok_or_else(wrong)?;
            match scalar {
                Scalar::Uint32 => object.add::<family::Uint32>(id, v),
                Scalar::Fixed32 => object.add::<family::Fixed32>(id, v),
                _ => object.add::<family::Enum>(id, v),
            }
        }
        Scalar::Int64 => object.add::<family::Int64>(id, int.ok_or_else(wrong)?),
        Scalar::Sint64 => object.add::<family::Sint64>(id, int.ok_or_else(wrong)?),
        Scalar::Sfixed64 => object.add::<family::Sfixed64>(id, int.ok_or_else(wrong)?),
        Scalar::Uint64 => object.add::<family::Uint64>(id, uint.ok_or_else(wrong)?),
        Scalar::Fixed64 => object.add::<family::Fixed64>(id, uint.ok_or_else(wrong)?),
        Scalar::Float => match value {
            Value::F32(v) => object.add::<family::Float>(id, *v),
            Value::F64(v) => object.add::<family::Float>(id, *v as f32),
            _ => return Err(wrong()),
        },
        Scalar::Double => match value {
            Value::F64(v) => object.add::<family::Double>(id, *v),
            Value::F32(v) => object.add::<family::Double>(id, f64::from(*v)),
            _ => return Err(wrong()),
        },
        Scalar::EntityId => {
            object.add::<family::EntityId>(id, value.as_entity_id().or(int).ok_or_else(wrong)?)
        }
    }
    Ok(())
}
