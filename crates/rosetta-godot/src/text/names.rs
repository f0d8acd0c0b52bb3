//! Godot 4's names of the Variant types, as its text form writes them; used by both
//! directions and by the conversions' messages.

use crate::variant::VariantType;

/// Godot 4's name of a type (`int`, `Vector2`, `PackedInt32Array`, …).
pub fn type_name(ty: VariantType) -> &'static str {
    use VariantType as T;
    match ty {
        T::Nil => "Nil",
        T::Bool => "bool",
        T::Int => "int",
        T::Float => "float",
        T::String => "String",
        T::Vector2 => "Vector2",
        T::Vector2i => "Vector2i",
        T::Rect2 => "Rect2",
        T::Rect2i => "Rect2i",
        T::Vector3 => "Vector3",
        T::Vector3i => "Vector3i",
        T::Transform2D => "Transform2D",
        T::Vector4 => "Vector4",
        T::Vector4i => "Vector4i",
        T::Plane => "Plane",
        T::Quaternion => "Quaternion",
        T::Aabb => "AABB",
        T::Basis => "Basis",
        T::Transform3D => "Transform3D",
        T::Projection => "Projection",
        T::Color => "Color",
        T::StringName => "StringName",
        T::NodePath => "NodePath",
        T::Rid => "RID",
        T::Object => "Object",
        T::Callable => "Callable",
        T::Signal => "Signal",
        T::Dictionary => "Dictionary",
        T::Array => "Array",
        T::PackedByteArray => "PackedByteArray",
        T::PackedInt32Array => "PackedInt32Array",
        T::PackedInt64Array => "PackedInt64Array",
        T::PackedFloat32Array => "PackedFloat32Array",
        T::PackedFloat64Array => "PackedFloat64Array",
        T::PackedStringArray => "PackedStringArray",
        T::PackedVector2Array => "PackedVector2Array",
        T::PackedVector3Array => "PackedVector3Array",
        T::PackedColorArray => "PackedColorArray",
        T::PackedVector4Array => "PackedVector4Array",
    }
}

/// The type a name stands for, accepting Godot 3 spellings too.
pub fn type_from_name(name: &str) -> Option<VariantType> {
    use VariantType as T;
    let godot3 = match name {
        "real" => Some(T::Float),
        "Quat" => Some(T::Quaternion),
        "Transform" => Some(T::Transform3D),
        "PoolByteArray" => Some(T::PackedByteArray),
        "PoolIntArray" => Some(T::PackedInt32Array),
        "PoolRealArray" => Some(T::PackedFloat32Array),
        "PoolStringArray" => Some(T::PackedStringArray),
        "PoolVector2Array" => Some(T::PackedVector2Array),
        "PoolVector3Array" => Some(T::PackedVector3Array),
        "PoolColorArray" => Some(T::PackedColorArray),
        _ => None,
    };
    godot3.or_else(|| {
        crate::header::ALL_TYPES
            .iter()
            .copied()
            .find(|t| type_name(*t) == name)
    })
}
