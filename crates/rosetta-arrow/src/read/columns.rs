//! Arrow arrays read back as typed values, following the same [`Shape`] tree the writer used
//! (whose depth is bounded by `MAX_NESTING`), so reading recurses no deeper than the type.

use arrow::array::{
    Array, ArrayRef, AsArray, BinaryArray, BooleanArray, FixedSizeBinaryArray, FixedSizeListArray,
    ListArray, MapArray, StringArray, StructArray,
};
use arrow::datatypes::{
    DataType, Float32Type, Float64Type, Int16Type, Int32Type, Int64Type, Int8Type, UInt16Type,
    UInt32Type, UInt64Type, UInt8Type,
};
use rosetta_types::{FloatType, MathScalar, TypeRegistry, Value};
use rosetta_wire::{typed, Object};

use crate::error::{Error, Result};
use crate::schema::shape::Shape;

fn wrong(shape: &Shape, array: &dyn Array) -> Error {
    Error::Value(format!(
        "a column of type {} cannot hold values of {shape:?}",
        array.data_type()
    ))
}

fn null(what: &str) -> Error {
    Error::Value(format!("a null {what} where the schema has no option"))
}

/// The value at `row` of `array`, a column of `shape`.
pub(crate) fn value_at(
    registry: &TypeRegistry,
    shape: &Shape,
    array: &dyn Array,
    row: usize,
) -> Result<Value> {
    if let Shape::Option(inner) = shape {
        return Ok(Value::Option(if array.is_null(row) {
            None
        } else {
            Some(Box::new(value_at(registry, inner, array, row)?))
        }));
    }
    if array.is_null(row) {
        return Err(null(&format!("{}", array.data_type())));
    }
    Ok(match shape {
        Shape::Bool => Value::Bool(
            array
                .as_any()
                .downcast_ref::<BooleanArray>()
                .ok_or_else(|| wrong(shape, array))?
                .value(row),
        ),
        Shape::Unit => Value::structure([]),
        Shape::Char => {
            let s = string(shape, array, row)?;
            let mut chars = s.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Value::Char(c),
                _ => return Err(Error::Value(format!("`{s}` is no single character"))),
            }
        }
        Shape::String => Value::String(string(shape, array, row)?.into()),
        Shape::Int(t) => int_value(*t, integer(shape, array, row)?)?,
        Shape::EnumInt(_) => Value::Enum(match integer(shape, array, row)? {
            // A `uint64` representation holds its bit pattern as `i64`.
            n if n > i64::MAX as i128 => n as u64 as i64,
            n => i64::try_from(n).map_err(|_| Error::Value(format!("{n} is no enum value")))?,
        }),
        Shape::EntityId => Value::EntityId(
            i64::try_from(integer(shape, array, row)?)
                .map_err(|_| Error::Value("an entity id out of the i64 range".into()))?,
        ),
        Shape::Float(FloatType::F32) => Value::F32(
            array
                .as_primitive_opt::<Float32Type>()
                .ok_or_else(|| wrong(shape, array))?
                .value(row),
        ),
        Shape::Float(_) => Value::F64(
            array
                .as_primitive_opt::<Float64Type>()
                .ok_or_else(|| wrong(shape, array))?
                .value(row),
        ),
        Shape::Bytes => Value::Bytes(bytes(shape, array, row)?.into()),
        Shape::Uuid => {
            let b = array
                .as_any()
                .downcast_ref::<FixedSizeBinaryArray>()
                .ok_or_else(|| wrong(shape, array))?
                .value(row);
            Value::Uuid(
                b.try_into()
                    .map_err(|_| Error::Value("a UUID of other than 16 bytes".into()))?,
            )
        }
        // A table written with enums as numbers reads as well.
        Shape::EnumName(_) if array.data_type().is_integer() => Value::Enum(
            i64::try_from(integer(shape, array, row)?)
                .map_err(|_| Error::Value("an enum value out of the i64 range".into()))?,
        ),
        Shape::EnumName(def) => {
            let name = string(shape, array, row)?;
            match def.constant(&name) {
                Some(c) => Value::Enum(c.value()),
                None => {
                    Value::Enum(name.parse().map_err(|_| {
                        Error::Value(format!("`{name}` is no constant of the enum"))
                    })?)
                }
            }
        }
        Shape::Struct(members) => {
            let s = as_struct(shape, array)?;
            let mut fields = Vec::with_capacity(members.len());
            for member in members {
                let column = s
                    .column_by_name(&member.name)
                    .ok_or_else(|| Error::Value(format!("no column `{}`", member.name)))?;
                let value = value_at(registry, &member.shape, column.as_ref(), row)
                    .map_err(|e| Error::Value(format!("column `{}`: {e}", member.name)))?;
                fields.push(value);
            }
            Value::structure(fields)
        }
        Shape::Tuple(items) => {
            let s = as_struct(shape, array)?;
            let mut values = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let column = s
                    .columns()
                    .get(i)
                    .ok_or_else(|| Error::Value(format!("a tuple without its member {i}")))?;
                values.push(value_at(registry, item, column.as_ref(), row)?);
            }
            Value::Tuple(values.into())
        }
        Shape::Array(item, _) => Value::list(elements(registry, item, &fixed(shape, array, row)?)?),
        Shape::List(item) => Value::list(elements(registry, item, &list(shape, array, row)?)?),
        Shape::OptionList(item) => {
            let values = elements(registry, item, &list(shape, array, row)?)?;
            if values.len() > 1 {
                return Err(Error::Value("an option of more than one value".into()));
            }
            Value::Option(values.into_iter().next().map(Box::new))
        }
        Shape::Option(_) => unreachable!("options are read above"),
        Shape::Map(k, v) => {
            let entries = map(shape, array, row)?;
            let mut out = Vec::with_capacity(entries.len());
            for i in 0..entries.len() {
                out.push((
                    value_at(registry, k, entries.column(0).as_ref(), i)?,
                    value_at(registry, v, entries.column(1).as_ref(), i)?,
                ));
            }
            Value::map(out)
        }
        Shape::Math(m) => {
            let items = fixed(shape, array, row)?;
            match m.scalar {
                MathScalar::F32 => Value::math_f32(
                    items
                        .as_primitive_opt::<Float32Type>()
                        .ok_or_else(|| wrong(shape, array))?
                        .values()
                        .iter()
                        .copied(),
                ),
                MathScalar::F64 => Value::math_f64(
                    items
                        .as_primitive_opt::<Float64Type>()
                        .ok_or_else(|| wrong(shape, array))?
                        .values()
                        .iter()
                        .copied(),
                ),
                MathScalar::I32 => Value::math_i32(
                    items
                        .as_primitive_opt::<Int32Type>()
                        .ok_or_else(|| wrong(shape, array))?
                        .values()
                        .iter()
                        .copied(),
                ),
            }
        }
        Shape::Entity => {
            let entries = map(shape, array, row)?;
            let mut components = std::collections::BTreeMap::new();
            for i in 0..entries.len() {
                let id = u32::try_from(integer(shape, entries.column(0).as_ref(), i)?)
                    .map_err(|_| Error::Value("a component id out of range".into()))?;
                let ty = registry
                    .component(id)
                    .ok_or_else(|| Error::Value(format!("no component {id} in the schema")))?
                    .id();
                let object = Object::decode(bytes(shape, entries.column(1).as_ref(), i)?)?;
                components.insert(id, typed::read(registry, ty, &object)?);
            }
            Value::Entity(Box::new(components))
        }
        Shape::Wire(ty) => {
            let object = Object::decode(bytes(shape, array, row)?)?;
            typed::read(registry, *ty, &object)?
        }
    })
}

fn elements(registry: &TypeRegistry, item: &Shape, items: &ArrayRef) -> Result<Vec<Value>> {
    (0..items.len())
        .map(|i| value_at(registry, item, items.as_ref(), i))
        .collect()
}

fn as_struct<'a>(shape: &Shape, array: &'a dyn Array) -> Result<&'a StructArray> {
    array
        .as_any()
        .downcast_ref::<StructArray>()
        .ok_or_else(|| wrong(shape, array))
}

fn list(shape: &Shape, array: &dyn Array, row: usize) -> Result<ArrayRef> {
    Ok(array
        .as_any()
        .downcast_ref::<ListArray>()
        .ok_or_else(|| wrong(shape, array))?
        .value(row))
}

fn fixed(shape: &Shape, array: &dyn Array, row: usize) -> Result<ArrayRef> {
    Ok(array
        .as_any()
        .downcast_ref::<FixedSizeListArray>()
        .ok_or_else(|| wrong(shape, array))?
        .value(row))
}

fn map(shape: &Shape, array: &dyn Array, row: usize) -> Result<StructArray> {
    Ok(array
        .as_any()
        .downcast_ref::<MapArray>()
        .ok_or_else(|| wrong(shape, array))?
        .value(row))
}

/// A string of a `Utf8` column, or of a dictionary of them.
fn string(shape: &Shape, array: &dyn Array, row: usize) -> Result<String> {
    if let Some(s) = array.as_any().downcast_ref::<StringArray>() {
        return Ok(s.value(row).to_string());
    }
    if let DataType::Dictionary(..) = array.data_type() {
        let dict = array
            .as_any_dictionary_opt()
            .ok_or_else(|| wrong(shape, array))?;
        let values = dict
            .values()
            .as_any()
            .downcast_ref::<StringArray>()
            .ok_or_else(|| wrong(shape, array))?;
        // The row's own key (`normalized_keys` would widen every key of the column per row).
        let key = integer(shape, dict.keys(), row)?;
        return usize::try_from(key)
            .ok()
            .filter(|&k| k < values.len())
            .map(|k| values.value(k).to_string())
            .ok_or_else(|| Error::Value(format!("dictionary key {key} out of range")));
    }
    Err(wrong(shape, array))
}

fn bytes<'a>(shape: &Shape, array: &'a dyn Array, row: usize) -> Result<&'a [u8]> {
    Ok(array
        .as_any()
        .downcast_ref::<BinaryArray>()
        .ok_or_else(|| wrong(shape, array))?
        .value(row))
}

/// An integer of any integer column, widened.
fn integer(shape: &Shape, array: &dyn Array, row: usize) -> Result<i128> {
    Ok(match array.data_type() {
        DataType::Int8 => array.as_primitive::<Int8Type>().value(row).into(),
        DataType::Int16 => array.as_primitive::<Int16Type>().value(row).into(),
        DataType::Int32 => array.as_primitive::<Int32Type>().value(row).into(),
        DataType::Int64 => array.as_primitive::<Int64Type>().value(row).into(),
        DataType::UInt8 => array.as_primitive::<UInt8Type>().value(row).into(),
        DataType::UInt16 => array.as_primitive::<UInt16Type>().value(row).into(),
        DataType::UInt32 => array.as_primitive::<UInt32Type>().value(row).into(),
        DataType::UInt64 => array.as_primitive::<UInt64Type>().value(row).into(),
        _ => return Err(wrong(shape, array)),
    })
}

/// `n` as a value of the integer type `t`, refused when out of its range.
fn int_value(t: rosetta_types::IntType, n: i128) -> Result<Value> {
    let out = || Error::Value(format!("{n} is out of the range of `{}`", t.name()));
    Ok(match (t.bits(), t.is_signed()) {
        (8, true) => Value::I8(i8::try_from(n).map_err(|_| out())?),
        (16, true) => Value::I16(i16::try_from(n).map_err(|_| out())?),
        (32, true) => Value::I32(i32::try_from(n).map_err(|_| out())?),
        (64, true) => Value::I64(i64::try_from(n).map_err(|_| out())?),
        (8, false) => Value::U8(u8::try_from(n).map_err(|_| out())?),
        (16, false) => Value::U16(u16::try_from(n).map_err(|_| out())?),
        (32, false) => Value::U32(u32::try_from(n).map_err(|_| out())?),
        _ => Value::U64(u64::try_from(n).map_err(|_| out())?),
    })
}
