//! What one element of a field is, for the JSON walkers: the wire family of a scalar, an enum
//! with its constants, a string, bytes, a nested type or an `Entity`; and JSON Pointer paths.

use rosetta_types::{
    EnumType, FloatType, IntEncoding, IntType, IntWidth, Kind, StructType, TypeId, TypeRegistry,
};

use crate::error::{Error, Result};
use crate::text::pointer::push_pointer;

/// The integer families of `c_schema.h`, by their Rust value type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Int {
    /// `int32`, `sint32`, `sfixed32` (and narrower signed integers, which travel as them).
    I32(IntEncoding),
    /// `uint32`, `fixed32` (and narrower unsigned integers).
    U32(IntEncoding),
    /// `int64`, `sint64`, `sfixed64`.
    I64(IntEncoding),
    /// `uint64`, `fixed64`.
    U64(IntEncoding),
}

/// What an element of a field is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Elem<'r> {
    Bool,
    /// An integer of a family; the type gives the range narrow integers must stay in.
    Int(Int, IntType),
    Float,
    Double,
    EntityId,
    /// A schema enum: written by name.
    Enum(&'r EnumType),
    /// A bitmask (not a SpatialOS kind, but it travels as an enum): written as a number.
    Bitmask,
    String,
    Bytes,
    Struct(TypeId, &'r StructType),
    Entity,
}

impl Elem<'_> {
    /// What the element is called in messages.
    pub(crate) fn describe(&self) -> &'static str {
        match self {
            Elem::Bool => "a bool",
            Elem::Int(Int::I32(_) | Int::U32(_), _) => "a 32-bit integer",
            Elem::Int(Int::I64(_) | Int::U64(_), _) => "a 64-bit integer",
            Elem::Float => "a float",
            Elem::Double => "a double",
            Elem::EntityId => "an EntityId",
            Elem::Enum(_) => "an enum value",
            Elem::Bitmask => "a bitmask",
            Elem::String => "a string",
            Elem::Bytes => "bytes",
            Elem::Struct(..) => "an object",
            Elem::Entity => "an Entity",
        }
    }
}

/// The element an element type is.
pub(crate) fn elem(registry: &TypeRegistry, ty: TypeId) -> Result<Elem<'_>> {
    let kind = registry
        .get(ty)
        .map(|t| t.kind())
        .ok_or_else(|| Error::schema(format!("unknown type id {}", ty.as_u32())))?;
    Ok(match kind {
        Kind::Bool => Elem::Bool,
        Kind::Int(int) => {
            let family = match (int.width(), int.is_signed()) {
                (IntWidth::W64, true) => Int::I64(int.encoding()),
                (IntWidth::W64, false) => Int::U64(int.encoding()),
                (_, true) => Int::I32(int.encoding()),
                (_, false) => Int::U32(int.encoding()),
            };
            Elem::Int(family, *int)
        }
        Kind::Float(FloatType::F32) => Elem::Float,
        Kind::Float(FloatType::F64) => Elem::Double,
        Kind::EntityId => Elem::EntityId,
        Kind::Enum(def) => Elem::Enum(def),
        Kind::Bitmask(_) => Elem::Bitmask,
        Kind::String => Elem::String,
        Kind::Bytes => Elem::Bytes,
        Kind::Struct(def) => Elem::Struct(ty, def),
        Kind::Entity => Elem::Entity,
        other => {
            return Err(Error::schema(format!(
                "`{}` ({}) has no SpatialOS form",
                registry.display(ty),
                other.name()
            )))
        }
    })
}

/// The fields of a type (a schema type or a component).
pub(crate) fn struct_def(registry: &TypeRegistry, ty: TypeId) -> Result<&StructType> {
    match registry.get(ty).map(|t| t.kind()) {
        Some(Kind::Struct(def)) => Ok(def),
        Some(_) => Err(Error::schema(format!(
            "`{}` is not a type with fields",
            registry.display(ty)
        ))),
        None => Err(Error::schema(format!("unknown type id {}", ty.as_u32()))),
    }
}

/// A stack whose first [`INLINE`] entries take no allocation: the walkers make one per
/// component of a snapshot, and most never go deeper.
#[derive(Debug)]
pub(crate) struct Stack<T> {
    inline: [T; INLINE],
    len: usize,
    spill: Vec<T>,
}

/// Entries of a [`Stack`] held inline.
const INLINE: usize = 8;

impl<T: Copy + Default> Default for Stack<T> {
    fn default() -> Self {
        Stack {
            inline: [T::default(); INLINE],
            len: 0,
            spill: Vec::new(),
        }
    }
}

impl<T: Copy> Stack<T> {
    pub(crate) fn push(&mut self, value: T) {
        match self.inline.get_mut(self.len) {
            Some(slot) => *slot = value,
            None => self.spill.push(value),
        }
        self.len += 1;
    }

    pub(crate) fn pop(&mut self) -> Option<T> {
        self.len = self.len.checked_sub(1)?;
        match self.inline.get(self.len) {
            Some(value) => Some(*value),
            None => self.spill.pop(),
        }
    }

    pub(crate) fn last_mut(&mut self) -> Option<&mut T> {
        let last = self.len.checked_sub(1)?;
        match last.checked_sub(INLINE) {
            None => self.inline.get_mut(last),
            Some(_) => self.spill.last_mut(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The entry at `index`, if there is one.
    pub(crate) fn get(&self, index: usize) -> Option<T> {
        if index >= self.len {
            return None;
        }
        match index.checked_sub(INLINE) {
            None => self.inline.get(index).copied(),
            Some(i) => self.spill.get(i).copied(),
        }
    }

    /// Sets the entry at `index`, if there is one.
    pub(crate) fn set(&mut self, index: usize, value: T) {
        if index >= self.len {
            return;
        }
        let slot = match index.checked_sub(INLINE) {
            None => self.inline.get_mut(index),
            Some(i) => self.spill.get_mut(i),
        };
        if let Some(slot) = slot {
            *slot = value;
        }
    }

    /// Drops the entries from `len` on.
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.len > len {
            self.pop();
        }
    }

    pub(crate) fn iter(&self) -> impl Iterator<Item = &T> {
        self.inline[..self.len.min(INLINE)]
            .iter()
            .chain(self.spill.iter())
    }
}

/// One step of a JSON Pointer.
#[derive(Debug, Clone, Copy)]
enum Seg<'r> {
    Name(&'r str),
    Index(usize),
}

impl Default for Seg<'_> {
    fn default() -> Self {
        Seg::Index(0)
    }
}

/// The JSON Pointer of the value being walked, kept as steps and only spelled out for an error.
#[derive(Debug, Default)]
pub(crate) struct Path<'r> {
    segs: Stack<Seg<'r>>,
}

impl<'r> Path<'r> {
    pub(crate) fn push_name(&mut self, name: &'r str) {
        self.segs.push(Seg::Name(name));
    }

    pub(crate) fn push_index(&mut self, index: usize) {
        self.segs.push(Seg::Index(index));
    }

    pub(crate) fn pop(&mut self) {
        self.segs.pop();
    }

    /// The pointer (`/coords/x`, `""` for the root).
    pub(crate) fn pointer(&self) -> String {
        let mut out = String::new();
        for seg in self.segs.iter() {
            match seg {
                Seg::Name(name) => push_pointer(&mut out, name),
                Seg::Index(i) => {
                    out.push('/');
                    out.push_str(&i.to_string());
                }
            }
        }
        out
    }

    /// The pointer of a member of the current value.
    pub(crate) fn child(&self, name: &str) -> String {
        let mut out = self.pointer();
        push_pointer(&mut out, name);
        out
    }

    /// An error about the current value.
    pub(crate) fn error(&self, message: impl Into<String>) -> Error {
        Error::at(self.pointer(), message)
    }

    /// The error for an object past [`MAX_NESTING`](rosetta_types::MAX_NESTING), the current
    /// value: the message the wire format gives, at the same JSON Pointer.
    #[cold]
    pub(crate) fn too_deep(&self) -> Error {
        self.error(rosetta_types::too_deep_message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_are_escaped() {
        let mut path = Path::default();
        assert_eq!(path.pointer(), "");
        path.push_name("a/b");
        path.push_index(3);
        path.push_name("c~d");
        assert_eq!(path.pointer(), "/a~1b/3/c~0d");
        path.pop();
        assert_eq!(path.child("x"), "/a~1b/3/x");
    }

    #[test]
    fn stacks_spill_past_their_inline_entries() {
        let mut stack = Stack::<usize>::default();
        for i in 0..40 {
            stack.push(i);
            if let Some(last) = stack.last_mut() {
                *last += 100;
            }
        }
        assert_eq!(stack.len(), 40);
        assert!(stack.iter().copied().eq(100..140));
        for i in (0..40).rev() {
            assert_eq!(stack.pop(), Some(i + 100));
        }
        assert_eq!(stack.pop(), None);
        assert_eq!(stack.last_mut(), None);
    }

    #[test]
    fn elements_of_builtins() {
        let registry = TypeRegistry::new();
        assert!(matches!(
            elem(&registry, TypeId::SINT64),
            Ok(Elem::Int(Int::I64(IntEncoding::ZigZag), _))
        ));
        assert!(matches!(
            elem(&registry, TypeId::UINT8),
            Ok(Elem::Int(Int::U32(IntEncoding::Varint), _))
        ));
        assert!(matches!(elem(&registry, TypeId::FLOAT), Ok(Elem::Float)));
        assert!(elem(&registry, TypeId::UUID).is_err());
        assert!(struct_def(&registry, TypeId::BOOL).is_err());
    }
}
