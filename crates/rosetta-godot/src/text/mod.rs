//! Godot's text form of a [`Variant`](crate::Variant): `var_to_str` / `str_to_var` (Godot 4) and
//! `var2str` / `str2var` (Godot 3).
//!
//! [`to_text`] prints the way the chosen engine prints; [`from_text`] reads the spellings of both
//! engines (`Quat` and `Quaternion`, `PoolIntArray` and `PackedInt32Array`, …) and never
//! panics: nesting is bounded by [`MAX_DEPTH`](crate::MAX_DEPTH) and errors carry a line and
//! column.
//!
//! ```
//! use rosetta_godot::text::{from_text, to_text};
//! use rosetta_godot::{Variant, Vector2, Version};
//!
//! let v = Variant::Vector2(Vector2 { x: 1.0, y: 2.5 });
//! assert_eq!(to_text(&v, Version::Godot4), "Vector2(1, 2.5)");
//! assert_eq!(to_text(&v, Version::Godot3), "Vector2( 1, 2.5 )");
//! assert_eq!(from_text("Vector2( 1, 2.5 )")?, v);
//! # Ok::<(), rosetta_godot::text::TextError>(())
//! ```
//!
//! Godot 3 output was checked against the real engine (3.2.3, `tests/data/godot3_var2str.txt`):
//! spaces inside brackets (`Vector2( 1, 2 )`, `[ 1, 2 ]`), floats with six significant digits like
//! C's `%g` after a cast to single precision (so `var2str` is **lossy**, as in the engine:
//! `0.333333`, and `1e300` prints `inf`), dictionaries with sorted
//! keys, `-inf.0` for negative infinity, and an empty string for a RID.
//!
//! Godot 4 output was checked against the real engine too (4.6-stable,
//! `tests/data/godot4_var_to_str.txt`): `Vector2(1, 2)`, floats in the shortest form that reads
//! back exactly, in fixed notation for decimal exponents -4 to 14 (`1.0`, `0.1`,
//! `0.3333333333333333`, `100000000000000.0`, `1e+15`, `1e-05`, `inf`, `inf_neg`, `nan`); math
//! components that are exact `f32` values (what a standard build holds) in their shortest `f32`
//! form (`Vector2(0.33333334, 123456790)`),
//! `&"name"` for StringName, `NodePath("a/b")`, typed containers as `Array[int]([1, 2])` and
//! `Dictionary[String, int]({...})`, dictionaries with sorted keys as `{\n"a": 1\n}` (`{}` when
//! empty). `^"a/b"` is read as a NodePath too.
//!
//! Values that have no engine spelling get a Rosetta one that reads back: an object written by
//! instance id prints as `Object(EncodedObjectAsID,"object_id":N,"script":null)` (what Godot 4.6
//! prints for the placeholder `bytes_to_var` makes; ids above `i64::MAX` print negative, as
//! through Godot's `int`), a Signal with a name or object as `Signal("name", id)` (the engine
//! prints every Signal as `Signal()`), a script-typed container as
//! `Array[Script("res://a.gd")]([...])`.

mod parse;
mod print;
#[cfg(test)]
mod tests;

use std::fmt;

pub use parse::from_text;
pub use print::to_text;

/// A text parse error, with the 1-based line and column where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for TextError {}

use crate::VariantType;

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
