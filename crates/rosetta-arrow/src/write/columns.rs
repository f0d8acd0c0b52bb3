//! Columns under construction: typed values appended one at a time, finished into Arrow arrays.
//!
//! The builders follow the [`Shape`] tree, whose depth [`Resolver`](crate::schema::shape) has
//! bounded by `MAX_NESTING`, so walking a value here recurses no deeper than its type.

use std::sync::Arc;

use arrow::array::builder::{
    BinaryBuilder, BooleanBuilder, FixedSizeBinaryBuilder, Float32Builder, Float64Builder,
    Int16Builder, Int32Builder, Int64Builder, Int8Builder, NullBufferBuilder, StringBuilder,
    StringDictionaryBuilder, UInt16Builder, UInt32Builder, UInt64Builder, UInt8Builder,
};
use arrow::array::{ArrayRef, FixedSizeListArray, ListArray, MapArray, StructArray};
use arrow::buffer::OffsetBuffer;
use arrow::datatypes::{DataType, Field, FieldRef, Fields, Int32Type};
use rosetta_types::{EnumType, IntType, TypeId, TypeRegistry, Value};
use rosetta_wire::typed;

use crate::error::{Error, Result};
use crate::schema::shape::{Member, Shape};

/// One column being built.
pub(crate) enum Column {
    Bool(BooleanBuilder),
    Unit(BooleanBuilder),
    Char(StringBuilder),
    String(StringBuilder),
    I8(Int8Builder),
    I16(Int16Builder),
    I32(Int32Builder),
    I64(Int64Builder),
    U8(UInt8Builder),
    U16(UInt16Builder),
    U32(UInt32Builder),
    U64(UInt64Builder),
    F32(Float32Builder),
    F64(Float64Builder),
    Binary(BinaryBuilder),
    Uuid(FixedSizeBinaryBuilder),
    EnumName(Arc<EnumType>, StringDictionaryBuilder<Int32Type>),
    Struct(Fields, Vec<Column>, NullBufferBuilder),
    Tuple(Fields, Vec<Column>, NullBufferBuilder),
    Array(FieldRef, i32, Box<Column>, NullBufferBuilder),
    List(Nested),
    OptionList(Nested),
    Option(Box<Column>),
    Map(MapColumn),
    Math(FieldRef, i32, Box<Column>, NullBufferBuilder),
    Entity(MapColumn),
    Wire(TypeId, BinaryBuilder),
}

/// A list column: offsets into its elements' column.
pub(crate) struct Nested {
    field: FieldRef,
    offsets: Vec<i32>,
    items: Box<Column>,
    nulls: NullBufferBuilder,
}

/// A map column: offsets into its keys' and values' columns.
pub(crate) struct MapColumn {
    entries: FieldRef,
    offsets: Vec<i32>,
    keys: Box<Column>,
    values: Box<Column>,
    nulls: NullBufferBuilder,
}

impl Nested {
    fn new(item: &Shape, capacity: usize) -> Self {
        Nested {
            field: Arc::new(item.item_field()),
            offsets: vec![0],
            items: Box::new(Column::new(item, capacity)),
            nulls: NullBufferBuilder::new(capacity),
        }
    }

    fn close(&mut self, valid: bool) -> Result<()> {
        let len = i32::try_from(self.items.len()).map_err(|_| too_long())?;
        self.offsets.push(len);
        self.nulls.append(valid);
        Ok(())
    }

    fn finish(&mut self) -> Result<ArrayRef> {
        let offsets = OffsetBuffer::new(std::mem::replace(&mut self.offsets, vec![0]).into());
        let array = ListArray::try_new(
            self.field.clone(),
            offsets,
            self.items.finish()?,
            self.nulls.finish(),
        )?;
        Ok(Arc::new(array))
    }
}

impl MapColumn {
    fn new(key: &Shape, value: &Shape, capacity: usize) -> Self {
        let DataType::Map(entries, _) =
            Shape::Map(Box::new(key.clone()), Box::new(value.clone())).data_type()
        else {
            unreachable!("a map shape's type is a map")
        };
        MapColumn {
            entries,
            offsets: vec![0],
            keys: Box::new(Column::new(key, capacity)),
            values: Box::new(Column::new(value, capacity)),
            nulls: NullBufferBuilder::new(capacity),
        }
    }

    fn close(&mut self, valid: bool) -> Result<()> {
        let len = i32::try_from(self.keys.len()).map_err(|_| too_long())?;
        self.offsets.push(len);
        self.nulls.append(valid);
        Ok(())
    }

    fn finish(&mut self) -> Result<ArrayRef> {
        let DataType::Struct(fields) = self.entries.data_type() else {
            unreachable!("a map's entries are a struct")
        };
        let entries = StructArray::try_new(
            fields.clone(),
            vec![self.keys.finish()?, self.values.finish()?],
            None,
        )?;
        let offsets = OffsetBuffer::new(std::mem::replace(&mut self.offsets, vec![0]).into());
        let array = MapArray::try_new(
            self.entries.clone(),
            offsets,
            entries,
            self.nulls.finish(),
            false,
        )?;
        Ok(Arc::new(array))
    }
}

fn too_long() -> Error {
    Error::Unsupported("a column holds more than 2^31 elements in one batch".into())
}

fn mismatch(shape: &str, value: &Value) -> Error {
    Error::Value(format!("a {shape} column was given {value:?}"))
}

fn fixed(
    item: &Shape,
    len: u32,
    capacity: usize,
) -> (FieldRef, i32, Box<Column>, NullBufferBuilder) {
    (
        Arc::new(Field::new("item", item.data_type(), true)),
        len as i32,
        Box::new(Column::new(item, capacity * len as usize)),
        NullBufferBuilder::new(capacity),
    )
}

fn members_column(members: &[Member], capacity: usize) -> Column {
    Column::Struct(
        members.iter().map(Member::field).collect(),
        members
            .iter()
            .map(|m| Column::new(&m.shape, capacity))
            .collect(),
        NullBufferBuilder::new(capacity),
    )
}

impl Column {
    /// An empty column for values of `shape`, with room for `capacity` rows.
    pub fn new(shape: &Shape, capacity: usize) -> Column {
        match shape {
            Shape::Bool => Column::Bool(BooleanBuilder::with_capacity(capacity)),
            Shape::Unit => Column::Unit(BooleanBuilder::with_capacity(capacity)),
            Shape::Char => Column::Char(StringBuilder::with_capacity(capacity, capacity)),
            Shape::String => Column::String(StringBuilder::with_capacity(capacity, capacity * 8)),
            Shape::Int(t) | Shape::EnumInt(t) => int_column(*t, capacity),
            Shape::EntityId => Column::I64(Int64Builder::with_capacity(capacity)),
            Shape::Float(rosetta_types::FloatType::F32) => {
                Column::F32(Float32Builder::with_capacity(capacity))
            }
            Shape::Float(_) => Column::F64(Float64Builder::with_capacity(capacity)),
            Shape::Bytes => Column::Binary(BinaryBuilder::with_capacity(capacity, capacity * 8)),
            Shape::Uuid => Column::Uuid(FixedSizeBinaryBuilder::with_capacity(capacity, 16)),
            Shape::EnumName(def) => Column::EnumName(def.clone(), StringDictionaryBuilder::new()),
            Shape::Struct(members) => members_column(members, capacity),
            Shape::Tuple(items) => {
                let DataType::Struct(fields) = shape.data_type() else {
                    unreachable!("a tuple's type is a struct")
                };
                Column::Tuple(
                    fields,
                    items.iter().map(|s| Column::new(s, capacity)).collect(),
                    NullBufferBuilder::new(capacity),
                )
            }
            Shape::Array(item, len) => {
                let (f, l, c, n) = fixed(item, *len, capacity);
                Column::Array(f, l, c, n)
            }
            Shape::List(item) => Column::List(Nested::new(item, capacity)),
            Shape::OptionList(item) => Column::OptionList(Nested::new(item, capacity)),
            Shape::Option(inner) => Column::Option(Box::new(Column::new(inner, capacity))),
            Shape::Map(k, v) => Column::Map(MapColumn::new(k, v, capacity)),
            Shape::Math(m) => {
                let scalar = match m.scalar {
                    rosetta_types::MathScalar::F32 => Shape::Float(rosetta_types::FloatType::F32),
                    rosetta_types::MathScalar::F64 => Shape::Float(rosetta_types::FloatType::F64),
                    rosetta_types::MathScalar::I32 => Shape::Int(IntType::INT32),
                };
                let (f, l, c, n) = fixed(&scalar, m.len() as u32, capacity);
                Column::Math(f, l, c, n)
            }
            Shape::Entity => Column::Entity(MapColumn::new(
                &Shape::Int(IntType::UINT32),
                &Shape::Bytes,
                capacity,
            )),
            Shape::Wire(ty) => Column::Wire(*ty, BinaryBuilder::with_capacity(capacity, 64)),
        }
    }

    /// The number of values appended since the last [`Column::finish`].
    pub fn len(&self) -> usize {
        use arrow::array::ArrayBuilder;
        match self {
            Column::Bool(b) | Column::Unit(b) => b.len(),
            Column::Char(b) | Column::String(b) => b.len(),
            Column::I8(b) => b.len(),
            Column::I16(b) => b.len(),
            Column::I32(b) => b.len(),
            Column::I64(b) => b.len(),
            Column::U8(b) => b.len(),
            Column::U16(b) => b.len(),
            Column::U32(b) => b.len(),
            Column::U64(b) => b.len(),
            Column::F32(b) => b.len(),
            Column::F64(b) => b.len(),
            Column::Binary(b) | Column::Wire(_, b) => b.len(),
            Column::Uuid(b) => b.len(),
            Column::EnumName(_, b) => b.len(),
            Column::Struct(_, _, n) | Column::Tuple(_, _, n) => n.len(),
            Column::Array(_, _, _, n) | Column::Math(_, _, _, n) => n.len(),
            Column::List(l) | Column::OptionList(l) => l.nulls.len(),
            Column::Option(inner) => inner.len(),
            Column::Map(m) | Column::Entity(m) => m.nulls.len(),
        }
    }

    /// Appends a null (for an absent option, or below a null parent).
    pub fn append_null(&mut self) -> Result<()> {
        match self {
            Column::Bool(b) | Column::Unit(b) => b.append_null(),
            Column::Char(b) | Column::String(b) => b.append_null(),
            Column::I8(b) => b.append_null(),
            Column::I16(b) => b.append_null(),
            Column::I32(b) => b.append_null(),
            Column::I64(b) => b.append_null(),
            Column::U8(b) => b.append_null(),
            Column::U16(b) => b.append_null(),
            Column::U32(b) => b.append_null(),
            Column::U64(b) => b.append_null(),
            Column::F32(b) => b.append_null(),
            Column::F64(b) => b.append_null(),
            Column::Binary(b) | Column::Wire(_, b) => b.append_null(),
            Column::Uuid(b) => b.append_null(),
            Column::EnumName(_, b) => b.append_null(),
            Column::Struct(_, children, n) | Column::Tuple(_, children, n) => {
                for c in children {
                    c.append_null()?;
                }
                n.append_null();
            }
            Column::Array(_, len, items, n) | Column::Math(_, len, items, n) => {
                for _ in 0..*len {
                    items.append_null()?;
                }
                n.append_null();
            }
            Column::List(l) | Column::OptionList(l) => l.close(false)?,
            Column::Option(inner) => inner.append_null()?,
            Column::Map(m) | Column::Entity(m) => m.close(false)?,
        }
        Ok(())
    }

    /// Appends `value`, a value of the column's shape.
    pub fn append(&mut self, registry: &TypeRegistry, value: &Value) -> Result<()> {
        match (self, value) {
            (Column::Bool(b), Value::Bool(v)) => b.append_value(*v),
            (Column::Unit(b), Value::Struct(fields)) if fields.is_empty() => b.append_value(true),
            (Column::Char(b), Value::Char(c)) => b.append_value(c.encode_utf8(&mut [0; 4])),
            (Column::String(b), Value::String(s)) => b.append_value(s.as_str()),
            (c @ (Column::I8(_) | Column::I16(_) | Column::I32(_) | Column::I64(_)), v)
            | (c @ (Column::U8(_) | Column::U16(_) | Column::U32(_) | Column::U64(_)), v) => {
                c.append_int(v)?
            }
            (Column::F32(b), Value::F32(v)) => b.append_value(*v),
            (Column::F64(b), Value::F64(v)) => b.append_value(*v),
            (Column::Binary(b), Value::Bytes(v)) => b.append_value(v),
            (Column::Uuid(b), Value::Uuid(v)) => b.append_value(v)?,
            (Column::EnumName(def, b), Value::Enum(n)) => match def.by_value(*n) {
                Some(constant) => {
                    b.append_value(constant.name());
                }
                None => {
                    b.append_value(n.to_string());
                }
            },
            (
                Column::Struct(_, children, n) | Column::Tuple(_, children, n),
                Value::Struct(values) | Value::Tuple(values),
            ) => {
                if children.len() != values.len() {
                    return Err(Error::Value(format!(
                        "a struct of {} fields was given {} values",
                        children.len(),
                        values.len()
                    )));
                }
                for (c, v) in children.iter_mut().zip(values.iter()) {
                    c.append(registry, v)?;
                }
                n.append_non_null();
            }
            (Column::Array(_, len, items, n), Value::List(values)) => {
                if values.len() != *len as usize {
                    return Err(Error::Value(format!(
                        "an array of {len} elements was given {}",
                        values.len()
                    )));
                }
                for v in values.iter() {
                    items.append(registry, v)?;
                }
                n.append_non_null();
            }
            (Column::List(l), Value::List(values)) => {
                for v in values.iter() {
                    l.items.append(registry, v)?;
                }
                l.close(true)?;
            }
            (Column::OptionList(l), Value::Option(inner)) => {
                if let Some(v) = inner {
                    l.items.append(registry, v)?;
                }
                l.close(true)?;
            }
            (Column::Option(inner), Value::Option(v)) => match v {
                Some(v) => inner.append(registry, v)?,
                None => inner.append_null()?,
            },
            (Column::Map(m), Value::Map(entries)) => {
                for (k, v) in entries.iter() {
                    m.keys.append(registry, k)?;
                    m.values.append(registry, v)?;
                }
                m.close(true)?;
            }
            (
                Column::Math(_, len, items, n),
                v @ (Value::MathF32(_) | Value::MathF64(_) | Value::MathI32(_)),
            ) => {
                let count = match v {
                    Value::MathF32(c) => c.len(),
                    Value::MathF64(c) => c.len(),
                    Value::MathI32(c) => c.len(),
                    _ => 0,
                };
                if count != *len as usize {
                    return Err(Error::Value(format!(
                        "a math value of {len} components was given {count}"
                    )));
                }
                match (items.as_mut(), v) {
                    (Column::F32(b), Value::MathF32(c)) => b.append_slice(c),
                    (Column::F64(b), Value::MathF64(c)) => b.append_slice(c),
                    (Column::I32(b), Value::MathI32(c)) => b.append_slice(c),
                    _ => return Err(mismatch("math", v)),
                }
                n.append_non_null();
            }
            (Column::Entity(m), Value::Entity(components)) => {
                for (id, data) in components.iter() {
                    let ty = registry
                        .component(*id)
                        .ok_or_else(|| Error::Value(format!("no component {id} in the schema")))?
                        .id();
                    let bytes = typed::write(registry, ty, data)?.encode();
                    m.keys.append(registry, &Value::U32(*id))?;
                    m.values.append(registry, &Value::Bytes(bytes.into()))?;
                }
                m.close(true)?;
            }
            (Column::Wire(ty, b), v) => b.append_value(typed::write(registry, *ty, v)?.encode()),
            (_, v) => return Err(mismatch("column of another type", v)),
        }
        Ok(())
    }

    fn append_int(&mut self, value: &Value) -> Result<()> {
        let n: i128 = match *value {
            Value::I8(v) => v.into(),
            Value::I16(v) => v.into(),
            Value::I32(v) => v.into(),
            Value::I64(v) | Value::EntityId(v) => v.into(),
            Value::U8(v) => v.into(),
            Value::U16(v) => v.into(),
            Value::U32(v) => v.into(),
            Value::U64(v) => v.into(),
            // An enum or bitmask over `uint64` holds its bit pattern as `i64`.
            Value::Enum(v) => match self {
                Column::U64(_) => i128::from(v as u64),
                _ => v.into(),
            },
            ref other => return Err(mismatch("integer", other)),
        };
        let out_of_range = || Error::Value(format!("{n} is out of the column's integer range"));
        match self {
            Column::I8(b) => b.append_value(i8::try_from(n).map_err(|_| out_of_range())?),
            Column::I16(b) => b.append_value(i16::try_from(n).map_err(|_| out_of_range())?),
            Column::I32(b) => b.append_value(i32::try_from(n).map_err(|_| out_of_range())?),
            Column::I64(b) => b.append_value(i64::try_from(n).map_err(|_| out_of_range())?),
            Column::U8(b) => b.append_value(u8::try_from(n).map_err(|_| out_of_range())?),
            Column::U16(b) => b.append_value(u16::try_from(n).map_err(|_| out_of_range())?),
            Column::U32(b) => b.append_value(u32::try_from(n).map_err(|_| out_of_range())?),
            Column::U64(b) => b.append_value(u64::try_from(n).map_err(|_| out_of_range())?),
            _ => return Err(mismatch("integer", value)),
        }
        Ok(())
    }

    /// The values appended so far as an array; the column starts empty again.
    pub fn finish(&mut self) -> Result<ArrayRef> {
        use arrow::array::ArrayBuilder;
        Ok(match self {
            Column::Bool(b) | Column::Unit(b) => Arc::new(b.finish()),
            Column::Char(b) | Column::String(b) => Arc::new(b.finish()),
            Column::I8(b) => Arc::new(b.finish()),
            Column::I16(b) => Arc::new(b.finish()),
            Column::I32(b) => Arc::new(b.finish()),
            Column::I64(b) => Arc::new(b.finish()),
            Column::U8(b) => Arc::new(b.finish()),
            Column::U16(b) => Arc::new(b.finish()),
            Column::U32(b) => Arc::new(b.finish()),
            Column::U64(b) => Arc::new(b.finish()),
            Column::F32(b) => Arc::new(b.finish()),
            Column::F64(b) => Arc::new(b.finish()),
            Column::Binary(b) | Column::Wire(_, b) => Arc::new(b.finish()),
            Column::Uuid(b) => Arc::new(b.finish()),
            Column::EnumName(_, b) => ArrayBuilder::finish(b),
            Column::Struct(fields, children, n) | Column::Tuple(fields, children, n) => {
                let arrays = children
                    .iter_mut()
                    .map(Column::finish)
                    .collect::<Result<Vec<_>>>()?;
                // The length is given: a struct of no fields (an empty type) has no child to
                // take it from.
                let len = n.len();
                Arc::new(StructArray::try_new_with_length(
                    fields.clone(),
                    arrays,
                    n.finish(),
                    len,
                )?)
            }
            Column::Array(field, len, items, n) | Column::Math(field, len, items, n) => Arc::new(
                FixedSizeListArray::try_new(field.clone(), *len, items.finish()?, n.finish())?,
            ),
            Column::List(l) | Column::OptionList(l) => l.finish()?,
            Column::Option(inner) => inner.finish()?,
            Column::Map(m) | Column::Entity(m) => m.finish()?,
        })
    }
}

fn int_column(t: IntType, capacity: usize) -> Column {
    match (t.bits(), t.is_signed()) {
        (8, true) => Column::I8(Int8Builder::with_capacity(capacity)),
        (16, true) => Column::I16(Int16Builder::with_capacity(capacity)),
        (32, true) => Column::I32(Int32Builder::with_capacity(capacity)),
        (64, true) => Column::I64(Int64Builder::with_capacity(capacity)),
        (8, false) => Column::U8(UInt8Builder::with_capacity(capacity)),
        (16, false) => Column::U16(UInt16Builder::with_capacity(capacity)),
        (32, false) => Column::U32(UInt32Builder::with_capacity(capacity)),
        _ => Column::U64(UInt64Builder::with_capacity(capacity)),
    }
}

/// The columns of a struct's members, for a component table's rows.
pub(crate) fn member_columns(members: &[Member], capacity: usize) -> Vec<Column> {
    members
        .iter()
        .map(|m| Column::new(&m.shape, capacity))
        .collect()
}
