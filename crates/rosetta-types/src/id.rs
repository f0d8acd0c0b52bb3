//! Compact identifiers: [`TypeId`] (an index into a [`TypeRegistry`](crate::TypeRegistry)) and
//! [`ComponentId`].

use std::fmt;

/// A component id (SpatialOS `Schema_ComponentId`, a Flecs component entity, an O3DE component).
pub type ComponentId = u32;

/// A type in a [`TypeRegistry`](crate::TypeRegistry): a compact index, cheap to copy, compare and
/// hash. Codecs hold `TypeId`s instead of names so that walking a value never looks up a string.
///
/// The builtin types have the same id in every registry (the constants below); they are named as
/// in the SpatialOS schema language where it has them (`int32`, `sint64`, `fixed32`, `float`,
/// `double`, `EntityId`, `Entity`, ...).
///
/// ```
/// use rosetta_types::{Kind, IntEncoding, TypeId, TypeRegistry};
/// let registry = TypeRegistry::new();
/// let sint32 = &registry[TypeId::SINT32];
/// assert_eq!(sint32.qualified_name(), Some("sint32"));
/// assert!(matches!(sint32.kind(), Kind::Int(i) if i.encoding() == IntEncoding::ZigZag));
/// assert_eq!(registry.lookup("double"), Some(TypeId::DOUBLE));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(pub(crate) u32);

impl TypeId {
    /// `bool`.
    pub const BOOL: TypeId = TypeId(0);
    /// `char`: a Unicode scalar value.
    pub const CHAR: TypeId = TypeId(1);
    /// `int8`: signed 8-bit, varint.
    pub const INT8: TypeId = TypeId(2);
    /// `int16`: signed 16-bit, varint.
    pub const INT16: TypeId = TypeId(3);
    /// `int32`: signed 32-bit, varint.
    pub const INT32: TypeId = TypeId(4);
    /// `int64`: signed 64-bit, varint.
    pub const INT64: TypeId = TypeId(5);
    /// `uint8`: unsigned 8-bit, varint.
    pub const UINT8: TypeId = TypeId(6);
    /// `uint16`: unsigned 16-bit, varint.
    pub const UINT16: TypeId = TypeId(7);
    /// `uint32`: unsigned 32-bit, varint.
    pub const UINT32: TypeId = TypeId(8);
    /// `uint64`: unsigned 64-bit, varint.
    pub const UINT64: TypeId = TypeId(9);
    /// `sint32`: signed 32-bit, zig-zag varint.
    pub const SINT32: TypeId = TypeId(10);
    /// `sint64`: signed 64-bit, zig-zag varint.
    pub const SINT64: TypeId = TypeId(11);
    /// `fixed32`: unsigned 32-bit, fixed width.
    pub const FIXED32: TypeId = TypeId(12);
    /// `fixed64`: unsigned 64-bit, fixed width.
    pub const FIXED64: TypeId = TypeId(13);
    /// `sfixed32`: signed 32-bit, fixed width.
    pub const SFIXED32: TypeId = TypeId(14);
    /// `sfixed64`: signed 64-bit, fixed width.
    pub const SFIXED64: TypeId = TypeId(15);
    /// `float`: IEEE 754 binary32.
    pub const FLOAT: TypeId = TypeId(16);
    /// `double`: IEEE 754 binary64.
    pub const DOUBLE: TypeId = TypeId(17);
    /// `string`: UTF-8 text.
    pub const STRING: TypeId = TypeId(18);
    /// `bytes`: a byte string.
    pub const BYTES: TypeId = TypeId(19);
    /// `EntityId`: a 64-bit entity id.
    pub const ENTITY_ID: TypeId = TypeId(20);
    /// `Uuid`: 16 bytes.
    pub const UUID: TypeId = TypeId(21);
    /// `Entity`: a set of components, keyed by component id.
    pub const ENTITY: TypeId = TypeId(22);
    /// `any`: a value of any registered type, carrying its type (O3DE `AZStd::any`, a Godot
    /// `Variant`).
    pub const ANY: TypeId = TypeId(23);
    /// `nil`: the empty tuple, whose only value is `Value::Tuple([])` (Godot's `null`, an empty
    /// `AZStd::any`).
    pub const NIL: TypeId = TypeId(24);

    /// How many builtin types every registry starts with; user types get ids from here on.
    pub const BUILTIN_COUNT: usize = 25;

    /// The position of the type in its registry.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The raw id.
    pub const fn as_u32(self) -> u32 {
        self.0
    }

    /// Whether this is one of the builtin types (the constants of this type).
    pub const fn is_builtin(self) -> bool {
        (self.0 as usize) < Self::BUILTIN_COUNT
    }
}

impl fmt::Debug for TypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TypeId({})", self.0)
    }
}

impl fmt::Display for TypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtins_are_dense() {
        assert_eq!(TypeId::NIL.index() + 1, TypeId::BUILTIN_COUNT);
        assert!(TypeId::ENTITY.is_builtin());
        assert!(!TypeId(TypeId::BUILTIN_COUNT as u32).is_builtin());
        assert_eq!(
            format!("{:?} {}", TypeId::INT32, TypeId::INT32),
            "TypeId(4) #4"
        );
    }
}
