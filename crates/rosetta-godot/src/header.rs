//! The packet header and the two engines' type-id tables.
//!
//! Header: a little-endian `u32`; the low byte is the type id (bits 8–15 are ignored), bit 16
//! is the 64-bit flag (INT, FLOAT, math types in Godot 4) or the object-as-id flag (OBJECT);
//! in Godot 4, bits 16–17 of ARRAY hold the element-type kind and bits 16–17 / 18–19 of
//! DICTIONARY the key / value kinds.

use crate::variant::VariantType;

/// Which engine's format to read or write; the two are not compatible.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// Godot 3.x (`var2bytes` / `bytes2var`).
    Godot3,
    /// Godot 4.x (`var_to_bytes` / `bytes_to_var`).
    Godot4,
}

/// Mask of the type id in the header.
pub const TYPE_MASK: u32 = 0xFF;
/// Bit 16: 64-bit payload (INT, FLOAT, Godot 4 math types) or object as id (OBJECT).
pub const FLAG_64: u32 = 1 << 16;
/// Container-type kind: untyped.
pub const KIND_NONE: u32 = 0;
/// Container-type kind: a built-in type id follows.
pub const KIND_BUILTIN: u32 = 1;
/// Container-type kind: a class name follows.
pub const KIND_CLASS_NAME: u32 = 2;
/// Container-type kind: a script path follows.
pub const KIND_SCRIPT: u32 = 3;

use VariantType as T;

/// Godot 4 type ids, in id order (VARIANT_MAX = 39); also every type there is.
const GODOT4: [VariantType; 39] = [
    T::Nil,
    T::Bool,
    T::Int,
    T::Float,
    T::String,
    T::Vector2,
    T::Vector2i,
    T::Rect2,
    T::Rect2i,
    T::Vector3,
    T::Vector3i,
    T::Transform2D,
    T::Vector4,
    T::Vector4i,
    T::Plane,
    T::Quaternion,
    T::Aabb,
    T::Basis,
    T::Transform3D,
    T::Projection,
    T::Color,
    T::StringName,
    T::NodePath,
    T::Rid,
    T::Object,
    T::Callable,
    T::Signal,
    T::Dictionary,
    T::Array,
    T::PackedByteArray,
    T::PackedInt32Array,
    T::PackedInt64Array,
    T::PackedFloat32Array,
    T::PackedFloat64Array,
    T::PackedStringArray,
    T::PackedVector2Array,
    T::PackedVector3Array,
    T::PackedColorArray,
    T::PackedVector4Array,
];

/// Every variant type, in Godot 4 id order.
pub(crate) const ALL_TYPES: [VariantType; 39] = GODOT4;

/// Godot 3 type ids, in id order (VARIANT_MAX = 27).
const GODOT3: [VariantType; 27] = [
    T::Nil,
    T::Bool,
    T::Int,
    T::Float,
    T::String,
    T::Vector2,
    T::Rect2,
    T::Vector3,
    T::Transform2D,
    T::Plane,
    T::Quaternion,
    T::Aabb,
    T::Basis,
    T::Transform3D,
    T::Color,
    T::NodePath,
    T::Rid,
    T::Object,
    T::Dictionary,
    T::Array,
    T::PackedByteArray,
    T::PackedInt32Array,
    T::PackedFloat32Array,
    T::PackedStringArray,
    T::PackedVector2Array,
    T::PackedVector3Array,
    T::PackedColorArray,
];

fn table(version: Version) -> &'static [VariantType] {
    match version {
        Version::Godot3 => &GODOT3,
        Version::Godot4 => &GODOT4,
    }
}

/// The type with id `id` in `version`, if there is one.
pub fn type_from_id(version: Version, id: u32) -> Option<VariantType> {
    table(version).get(usize::try_from(id).ok()?).copied()
}

/// The id of `ty` in `version`, or `None` when that engine has no such type.
pub fn id_of(version: Version, ty: VariantType) -> Option<u32> {
    let position = table(version).iter().position(|t| *t == ty)?;
    u32::try_from(position).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_match_the_engines() {
        assert_eq!(id_of(Version::Godot4, T::Dictionary), Some(27));
        assert_eq!(id_of(Version::Godot4, T::Transform2D), Some(11));
        assert_eq!(id_of(Version::Godot4, T::PackedVector4Array), Some(38));
        assert_eq!(id_of(Version::Godot3, T::Dictionary), Some(18));
        assert_eq!(id_of(Version::Godot3, T::PackedColorArray), Some(26));
        assert_eq!(id_of(Version::Godot3, T::Vector2i), None);
        assert_eq!(type_from_id(Version::Godot3, 27), None);
        assert_eq!(type_from_id(Version::Godot4, 39), None);
    }
}
