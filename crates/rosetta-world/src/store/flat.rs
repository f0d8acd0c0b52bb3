//! Flat columns: the values of a fixed-size component type stored as bytes in the C layout
//! Flecs gives the type (each member at its natural alignment, the size rounded up to the
//! largest alignment), rows back to back, as `ecs_table_t` columns hold them.
//!
//! A component's values are [`Value`] trees to the rest of the world; a type made only of
//! bools, integers, floats, entity ids, enums, bitmasks, structs and fixed arrays of those has
//! a [`Layout`], and its columns keep the bytes instead: 8 bytes for a `Position {x, y: f32}`
//! rather than a `Value::Struct` pointing at its own heap slice. Reading such a column is a
//! slice cast ([`Values::as_slice`]) or a decode per row ([`Values::get`]).

use std::borrow::Cow;
use std::sync::Arc;

use rosetta_types::{FloatType, IntWidth, Kind, TypeId, TypeRegistry, Value, MAX_NESTING};

/// A leaf of a layout: how one scalar is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Prim {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F32,
    F64,
    /// `Value::EntityId`, 8 bytes.
    Entity,
    /// `Value::Enum` over a representation of this many bytes, signed or not.
    Enum(u8, bool),
}

impl Prim {
    fn size(self) -> usize {
        match self {
            Prim::Bool | Prim::I8 | Prim::U8 => 1,
            Prim::I16 | Prim::U16 => 2,
            Prim::I32 | Prim::U32 | Prim::F32 => 4,
            Prim::I64 | Prim::U64 | Prim::F64 | Prim::Entity => 8,
            Prim::Enum(n, _) => n as usize,
        }
    }

    fn of_int(width: IntWidth, signed: bool) -> Prim {
        match (width, signed) {
            (IntWidth::W8, true) => Prim::I8,
            (IntWidth::W16, true) => Prim::I16,
            (IntWidth::W32, true) => Prim::I32,
            (IntWidth::W64, true) => Prim::I64,
            (IntWidth::W8, false) => Prim::U8,
            (IntWidth::W16, false) => Prim::U16,
            (IntWidth::W32, false) => Prim::U32,
            (IntWidth::W64, false) => Prim::U64,
        }
    }

    /// Writes `v` at the start of `out` (which holds at least `self.size()` bytes); false if
    /// `v` is not a value of this kind.
    fn write(self, v: &Value, out: &mut [u8]) -> bool {
        macro_rules! put {
            ($x:expr) => {{
                let b = $x.to_le_bytes();
                out[..b.len()].copy_from_slice(&b);
                true
            }};
        }
        match (self, v) {
            (Prim::Bool, Value::Bool(b)) => put!(u8::from(*b)),
            (Prim::I8, Value::I8(x)) => put!(x),
            (Prim::I16, Value::I16(x)) => put!(x),
            (Prim::I32, Value::I32(x)) => put!(x),
            (Prim::I64, Value::I64(x)) => put!(x),
            (Prim::U8, Value::U8(x)) => put!(x),
            (Prim::U16, Value::U16(x)) => put!(x),
            (Prim::U32, Value::U32(x)) => put!(x),
            (Prim::U64, Value::U64(x)) => put!(x),
            (Prim::F32, Value::F32(x)) => put!(x.to_bits()),
            (Prim::F64, Value::F64(x)) => put!(x.to_bits()),
            (Prim::Entity, Value::EntityId(x)) => put!(x),
            (Prim::Enum(n, _), Value::Enum(x)) => {
                let n = n as usize;
                out[..n].copy_from_slice(&x.to_le_bytes()[..n]);
                true
            }
            _ => false,
        }
    }

    /// Reads the value at the start of `b` (at least `self.size()` bytes).
    fn read(self, b: &[u8]) -> Value {
        fn arr<const N: usize>(b: &[u8]) -> [u8; N] {
            let mut a = [0u8; N];
            a.copy_from_slice(&b[..N]);
            a
        }
        match self {
            Prim::Bool => Value::Bool(b[0] != 0),
            Prim::I8 => Value::I8(i8::from_le_bytes(arr(b))),
            Prim::I16 => Value::I16(i16::from_le_bytes(arr(b))),
            Prim::I32 => Value::I32(i32::from_le_bytes(arr(b))),
            Prim::I64 => Value::I64(i64::from_le_bytes(arr(b))),
            Prim::U8 => Value::U8(b[0]),
            Prim::U16 => Value::U16(u16::from_le_bytes(arr(b))),
            Prim::U32 => Value::U32(u32::from_le_bytes(arr(b))),
            Prim::U64 => Value::U64(u64::from_le_bytes(arr(b))),
            Prim::F32 => Value::F32(f32::from_bits(u32::from_le_bytes(arr(b)))),
            Prim::F64 => Value::F64(f64::from_bits(u64::from_le_bytes(arr(b)))),
            Prim::Entity => Value::EntityId(i64::from_le_bytes(arr(b))),
            Prim::Enum(n, signed) => {
                let n = n as usize;
                let mut a = [0u8; 8];
                a[..n].copy_from_slice(&b[..n]);
                let raw = u64::from_le_bytes(a);
                // Sign-extend a signed representation from its width.
                let shift = 64 - 8 * n as u32;
                let v = if signed && shift > 0 {
                    ((raw << shift) as i64) >> shift
                } else {
                    raw as i64
                };
                Value::Enum(v)
            }
        }
    }
}

/// The shape of a flat value: a scalar, a struct's members at their offsets, or `count`
/// elements `stride` bytes apart.
#[derive(Debug, Clone, PartialEq)]
enum Shape {
    Prim(Prim),
    Struct(Box<[(usize, Shape)]>),
    Array {
        elem: Box<Shape>,
        stride: usize,
        count: u32,
    },
}

impl Shape {
    fn write(&self, v: &Value, out: &mut [u8]) -> bool {
        match (self, v) {
            (Shape::Prim(p), v) => p.write(v, out),
            (Shape::Struct(members), Value::Struct(vals)) => {
                members.len() == vals.len()
                    && members
                        .iter()
                        .zip(vals.iter())
                        .all(|((off, s), v)| s.write(v, &mut out[*off..]))
            }
            (
                Shape::Array {
                    elem,
                    stride,
                    count,
                },
                Value::List(vals),
            ) => {
                vals.len() == *count as usize
                    && vals
                        .iter()
                        .enumerate()
                        .all(|(i, v)| elem.write(v, &mut out[i * stride..]))
            }
            _ => false,
        }
    }

    fn read(&self, b: &[u8]) -> Value {
        match self {
            Shape::Prim(p) => p.read(b),
            Shape::Struct(members) => {
                Value::Struct(members.iter().map(|(off, s)| s.read(&b[*off..])).collect())
            }
            Shape::Array {
                elem,
                stride,
                count,
            } => Value::List(
                (0..*count as usize)
                    .map(|i| elem.read(&b[i * stride..]))
                    .collect(),
            ),
        }
    }
}

/// The C layout of a fixed-size component type.
///
/// ```
/// use rosetta_types::{Field, Kind, StructType, TypeId, TypeRegistry};
/// use rosetta_world::store::Layout;
/// let mut b = TypeRegistry::builder();
/// let pos = b.anonymous(Kind::Struct(StructType::new([
///     Field::new("x", TypeId::FLOAT), Field::new("y", TypeId::FLOAT)]).unwrap()));
/// let reg = b.build().unwrap();
/// let l = Layout::of(&reg, pos).unwrap();
/// assert_eq!((l.size(), l.align()), (8, 4));
/// assert!(Layout::of(&reg, TypeId::STRING).is_none());
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Layout {
    size: usize,
    align: usize,
    shape: Shape,
}

impl Layout {
    /// The layout of `ty`, or `None` if its values are not all of one size (strings, bytes,
    /// lists, maps, options, chars, ...).
    pub fn of(reg: &TypeRegistry, ty: TypeId) -> Option<Layout> {
        let (shape, size, align) = shape_of(reg, ty, 0)?;
        (size > 0).then_some(Layout { size, align, shape })
    }

    /// Bytes per value (a multiple of [`Layout::align`]).
    pub fn size(&self) -> usize {
        self.size
    }

    /// The alignment of a value: its largest scalar's size.
    pub fn align(&self) -> usize {
        self.align
    }

    /// Reads one value from its `size()` bytes.
    pub fn read(&self, bytes: &[u8]) -> Value {
        self.shape.read(bytes)
    }

    /// Writes `v` into `out` (`size()` bytes, zeroed first so that padding is zero); false if
    /// `v` does not have this layout's shape.
    pub fn write(&self, v: &Value, out: &mut [u8]) -> bool {
        out.fill(0);
        self.shape.write(v, out)
    }
}

fn shape_of(reg: &TypeRegistry, ty: TypeId, depth: usize) -> Option<(Shape, usize, usize)> {
    if depth > MAX_NESTING {
        return None;
    }
    let prim = |p: Prim| Some((Shape::Prim(p), p.size(), p.size()));
    match reg.get(ty)?.kind() {
        Kind::Bool => prim(Prim::Bool),
        Kind::Int(t) => prim(Prim::of_int(t.width(), t.is_signed())),
        Kind::Float(FloatType::F32) => prim(Prim::F32),
        Kind::Float(FloatType::F64) => prim(Prim::F64),
        Kind::EntityId => prim(Prim::Entity),
        Kind::Enum(e) | Kind::Bitmask(e) => {
            let r = e.repr();
            prim(Prim::Enum((r.width().bits() / 8) as u8, r.is_signed()))
        }
        Kind::Struct(s) => {
            let (mut size, mut align) = (0usize, 1usize);
            let mut members = Vec::with_capacity(s.fields().len());
            for f in s.fields() {
                let (shape, fsize, falign) = shape_of(reg, f.ty(), depth + 1)?;
                size = size.next_multiple_of(falign);
                members.push((size, shape));
                size = size.checked_add(fsize)?;
                align = align.max(falign);
            }
            Some((
                Shape::Struct(members.into()),
                size.next_multiple_of(align),
                align,
            ))
        }
        Kind::Array(elem, count) => {
            let (shape, stride, align) = shape_of(reg, *elem, depth + 1)?;
            let size = stride.checked_mul(*count as usize)?;
            // Keep columns of absurd element counts as boxed values rather than huge rows.
            (size <= 1 << 20).then_some((
                Shape::Array {
                    elem: Box::new(shape),
                    stride,
                    count: *count,
                },
                size,
                align,
            ))
        }
        _ => None,
    }
}

/// A column of flat values: `len` rows of `layout.size()` bytes in an 8-aligned buffer.
#[derive(Debug, Clone, PartialEq)]
pub struct FlatColumn {
    layout: Arc<Layout>,
    words: Vec<u64>,
    len: usize,
}

impl FlatColumn {
    pub(crate) fn new(layout: Arc<Layout>) -> FlatColumn {
        FlatColumn {
            layout,
            words: Vec::new(),
            len: 0,
        }
    }

    /// The layout of each row.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the column has no rows.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn bytes(&self) -> &[u8] {
        let b: &[u8] = bytemuck::cast_slice(&self.words);
        &b[..self.len * self.layout.size]
    }

    fn row_mut(&mut self, row: usize) -> &mut [u8] {
        let size = self.layout.size;
        let b: &mut [u8] = bytemuck::cast_slice_mut(&mut self.words);
        &mut b[row * size..(row + 1) * size]
    }

    /// The rows `lo..hi`, or `None` if out of range.
    pub fn slice(&self, lo: usize, hi: usize) -> Option<Values<'_>> {
        let size = self.layout.size;
        let bytes = self.bytes().get(lo * size..hi * size)?;
        Some(Values::Flat(&self.layout, bytes))
    }

    /// Appends `v`; false (nothing appended) if it does not have the layout's shape.
    pub(crate) fn push(&mut self, v: &Value) -> bool {
        let size = self.layout.size;
        let need = ((self.len + 1) * size).div_ceil(8);
        if self.words.len() < need {
            self.words.resize(need, 0);
        }
        let layout = Arc::clone(&self.layout);
        self.len += 1;
        let ok = layout.write(v, self.row_mut(self.len - 1));
        if !ok {
            self.len -= 1;
        }
        ok
    }

    /// Appends a row of zero bytes (a value of a type without reflection yet).
    pub(crate) fn push_zeroed(&mut self) {
        self.len += 1;
        self.words
            .resize((self.len * self.layout.size).div_ceil(8), 0);
    }

    /// Overwrites row `row` with `v`; false (nothing written) if `v` does not fit.
    pub(crate) fn set(&mut self, row: usize, v: &Value) -> bool {
        if row >= self.len {
            return false;
        }
        let layout = Arc::clone(&self.layout);
        let mut tmp = vec![0u8; layout.size];
        if !layout.write(v, &mut tmp) {
            return false;
        }
        self.row_mut(row).copy_from_slice(&tmp);
        true
    }

    /// The value of row `row`.
    pub fn get(&self, row: usize) -> Option<Value> {
        let size = self.layout.size;
        let b = self.bytes().get(row * size..(row + 1) * size)?;
        Some(self.layout.read(b))
    }

    /// Removes `row` by moving the last row into it, returning the removed value.
    pub(crate) fn swap_remove(&mut self, row: usize) -> Option<Value> {
        let v = self.get(row)?;
        let size = self.layout.size;
        let last = self.len - 1;
        if row != last {
            let b: &mut [u8] = bytemuck::cast_slice_mut(&mut self.words);
            b.copy_within(last * size..(last + 1) * size, row * size);
        }
        self.len = last;
        self.words.truncate((self.len * size).div_ceil(8));
        Some(v)
    }

    /// Every row as a value, for a column that turns back into boxed values.
    pub(crate) fn to_values(&self) -> Vec<Value> {
        (0..self.len).filter_map(|r| self.get(r)).collect()
    }
}

/// The values of a run of rows of one column: boxed [`Value`]s, or flat bytes with their
/// layout.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Values<'a> {
    /// One [`Value`] per row.
    Boxed(&'a [Value]),
    /// Rows of `layout.size()` bytes.
    Flat(&'a Layout, &'a [u8]),
}

impl<'a> Values<'a> {
    /// Number of rows.
    pub fn len(&self) -> usize {
        match self {
            Values::Boxed(v) => v.len(),
            Values::Flat(l, b) => b.len() / l.size(),
        }
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `i`'s value (borrowed from a boxed column, decoded from a flat one).
    pub fn get(&self, i: usize) -> Option<Cow<'a, Value>> {
        match *self {
            Values::Boxed(v) => v.get(i).map(Cow::Borrowed),
            Values::Flat(l, b) => {
                let row = b.get(i * l.size()..(i + 1) * l.size())?;
                Some(Cow::Owned(l.read(row)))
            }
        }
    }

    /// The rows in order.
    pub fn iter(&self) -> impl Iterator<Item = Cow<'a, Value>> + 'a {
        let this = *self;
        (0..this.len()).filter_map(move |i| this.get(i))
    }

    /// A flat run seen as a slice of `T`: a `#[repr(C)]` type with the same layout, such as
    /// `struct Position { x: f32, y: f32 }` for a Flecs struct `Position {x, y: f32}`. `None`
    /// for boxed values and where `T`'s size is not the layout's.
    ///
    /// Only the size is checked: the members must be declared in the same order with the
    /// same types, as with Flecs' `ecs_field(it, Position, 1)` in C.
    pub fn as_slice<T: bytemuck::AnyBitPattern>(&self) -> Option<&'a [T]> {
        match *self {
            Values::Flat(l, b) if l.size() == std::mem::size_of::<T>() => {
                bytemuck::try_cast_slice(b).ok()
            }
            _ => None,
        }
    }

    /// The raw bytes of a flat run.
    pub fn bytes(&self) -> Option<&'a [u8]> {
        match *self {
            Values::Flat(_, b) => Some(b),
            Values::Boxed(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_types::{Constant, EnumType, Field, IntType, StructType};

    fn registry() -> (TypeRegistry, TypeId) {
        let mut b = TypeRegistry::builder();
        let e = b.anonymous(Kind::Enum(
            EnumType::new(IntType::INT32, [Constant::new("Red", -1)]).unwrap(),
        ));
        let arr = b.array(TypeId::UINT16, 3);
        let s = b.anonymous(Kind::Struct(
            StructType::new([
                Field::new("a", TypeId::BOOL),
                Field::new("b", TypeId::DOUBLE),
                Field::new("c", e),
                Field::new("d", arr),
            ])
            .unwrap(),
        ));
        (b.build().unwrap(), s)
    }

    #[test]
    fn c_layout_and_round_trip() {
        let (reg, s) = registry();
        let l = Layout::of(&reg, s).unwrap();
        // bool @0, double @8, i32 enum @16, u16[3] @20..26, size rounded to 8.
        assert_eq!((l.size(), l.align()), (32, 8));
        let v = Value::Struct(
            [
                Value::Bool(true),
                Value::F64(-2.5),
                Value::Enum(-1),
                Value::List([Value::U16(1), Value::U16(2), Value::U16(65535)].into()),
            ]
            .into(),
        );
        let mut col = FlatColumn::new(Arc::new(l));
        assert!(col.push(&v));
        assert!(col.push(&v));
        assert!(!col.push(&Value::Bool(true)));
        assert_eq!(col.len(), 2);
        assert_eq!(col.get(1), Some(v.clone()));
        assert_eq!(col.swap_remove(0), Some(v.clone()));
        assert_eq!(col.get(0), Some(v));
        assert_eq!(col.get(1), None);
    }

    #[test]
    fn typed_slices() {
        let mut b = TypeRegistry::builder();
        let pos = b.anonymous(Kind::Struct(
            StructType::new([
                Field::new("x", TypeId::FLOAT),
                Field::new("y", TypeId::FLOAT),
            ])
            .unwrap(),
        ));
        let reg = b.build().unwrap();
        let mut col = FlatColumn::new(Arc::new(Layout::of(&reg, pos).unwrap()));
        for i in 0..5 {
            let v = Value::Struct([Value::F32(i as f32), Value::F32(-1.0)].into());
            assert!(col.push(&v));
        }
        let run = col.slice(1, 4).unwrap();
        let xy: &[[f32; 2]] = run.as_slice().unwrap();
        assert_eq!(xy, &[[1.0, -1.0], [2.0, -1.0], [3.0, -1.0]]);
        assert!(run.as_slice::<[f32; 3]>().is_none());
        assert_eq!(run.iter().count(), 3);
    }
}
