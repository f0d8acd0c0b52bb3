//! [`Variant`]: Godot's dynamic value, covering every Godot 4 type and the Godot 3 ones.
//!
//! Godot 3 names map onto the Godot 4 ones: `REAL` is [`Variant::Float`], `QUAT`
//! [`Variant::Quaternion`], `TRANSFORM` [`Variant::Transform3D`], `_RID` [`Variant::Rid`],
//! `POOL_BYTE_ARRAY` [`Variant::PackedByteArray`], `POOL_INT_ARRAY` [`Variant::PackedInt32Array`],
//! `POOL_REAL_ARRAY` [`Variant::PackedFloat32Array`], `POOL_STRING_ARRAY`,
//! `POOL_VECTOR2_ARRAY`, `POOL_VECTOR3_ARRAY` and `POOL_COLOR_ARRAY` the matching packed arrays.

use crate::math::{
    Aabb, Basis, Color, Plane, Projection, Quaternion, Rect2, Rect2i, Transform2D, Transform3D,
    Vector2, Vector2i, Vector3, Vector3i, Vector4, Vector4i,
};

/// The engine's nesting limit (`Variant::MAX_RECURSION_DEPTH`).
pub const MAX_DEPTH: usize = 1024;

/// A Godot value. Large payloads are boxed so that the enum stays 32 bytes.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Variant {
    /// `null`.
    #[default]
    Nil,
    /// `bool`.
    Bool(bool),
    /// `int` (64-bit in both engines' Variant).
    Int(i64),
    /// `float` (64-bit; Godot 3 `REAL`).
    Float(f64),
    /// `String`.
    String(String),
    /// `Vector2`.
    Vector2(Vector2),
    /// `Vector2i` (Godot 4).
    Vector2i(Vector2i),
    /// `Rect2`.
    Rect2(Box<Rect2>),
    /// `Rect2i` (Godot 4).
    Rect2i(Rect2i),
    /// `Vector3`.
    Vector3(Vector3),
    /// `Vector3i` (Godot 4).
    Vector3i(Vector3i),
    /// `Transform2D`.
    Transform2D(Box<Transform2D>),
    /// `Vector4` (Godot 4).
    Vector4(Box<Vector4>),
    /// `Vector4i` (Godot 4).
    Vector4i(Vector4i),
    /// `Plane`.
    Plane(Box<Plane>),
    /// `Quaternion` (Godot 3 `Quat`).
    Quaternion(Box<Quaternion>),
    /// `AABB`.
    Aabb(Box<Aabb>),
    /// `Basis`.
    Basis(Box<Basis>),
    /// `Transform3D` (Godot 3 `Transform`).
    Transform3D(Box<Transform3D>),
    /// `Projection` (Godot 4).
    Projection(Box<Projection>),
    /// `Color`.
    Color(Color),
    /// `StringName` (Godot 4; written like a String under its own type id).
    StringName(String),
    /// `NodePath`.
    NodePath(Box<NodePath>),
    /// `RID` (Godot 4 writes its 64-bit id; Godot 3 writes no payload and reads 0).
    Rid(u64),
    /// `Object`: null, an instance id, or a full object.
    Object(Box<Object>),
    /// `Callable` (Godot 4 writes no payload; it always decodes as a null callable).
    Callable,
    /// `Signal` (Godot 4).
    Signal(Box<Signal>),
    /// `Dictionary`.
    Dictionary(Box<Dictionary>),
    /// `Array`.
    Array(Box<Array>),
    /// `PackedByteArray` (Godot 3 `PoolByteArray`).
    PackedByteArray(Vec<u8>),
    /// `PackedInt32Array` (Godot 3 `PoolIntArray`).
    PackedInt32Array(Vec<i32>),
    /// `PackedInt64Array` (Godot 4).
    PackedInt64Array(Vec<i64>),
    /// `PackedFloat32Array` (Godot 3 `PoolRealArray`).
    PackedFloat32Array(Vec<f32>),
    /// `PackedFloat64Array` (Godot 4).
    PackedFloat64Array(Vec<f64>),
    /// `PackedStringArray` (Godot 3 `PoolStringArray`).
    PackedStringArray(Vec<String>),
    /// `PackedVector2Array`.
    PackedVector2Array(Vec<Vector2>),
    /// `PackedVector3Array`.
    PackedVector3Array(Vec<Vector3>),
    /// `PackedColorArray`.
    PackedColorArray(Vec<Color>),
    /// `PackedVector4Array` (Godot 4.3+).
    PackedVector4Array(Vec<Vector4>),
}

/// A `NodePath`: names, subnames (after `:`), and whether it is absolute.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NodePath {
    /// The node names (`root`, `Main` in `/root/Main`).
    pub names: Vec<String>,
    /// The property subnames (`position` in `:position`).
    pub subnames: Vec<String>,
    /// Whether the path starts with `/`.
    pub absolute: bool,
}

impl std::fmt::Display for NodePath {
    /// The path as Godot's `String(NodePath)` writes it: `/` first when absolute, names joined
    /// by `/`, each subname after a `:`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.absolute {
            f.write_str("/")?;
        }
        f.write_str(&self.names.join("/"))?;
        for sub in &self.subnames {
            write!(f, ":{sub}")?;
        }
        Ok(())
    }
}

impl std::str::FromStr for NodePath {
    type Err = std::convert::Infallible;

    /// Reads a path as Godot's `NodePath(String)` does: `/a/b:c:d` is absolute, names `a`, `b`,
    /// subnames `c`, `d`; empty names and subnames are left out.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let absolute = s.starts_with('/');
        let mut parts = s.split(':');
        let path = parts.next().unwrap_or("");
        Ok(NodePath {
            names: path
                .split('/')
                .filter(|n| !n.is_empty())
                .map(str::to_owned)
                .collect(),
            subnames: parts.filter(|n| !n.is_empty()).map(str::to_owned).collect(),
            absolute,
        })
    }
}

/// An `Object` value, as data only: Rosetta never instantiates classes.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Object {
    /// A null (or freed) object; written as `null`.
    #[default]
    Null,
    /// An object written as its instance id (`full_objects = false`; Godot 4 decodes it as
    /// `EncodedObjectAsID`).
    InstanceId(u64),
    /// A full object (`full_objects = true`): class name and stored properties in order.
    Full {
        /// The class name.
        class: String,
        /// The properties, in the order written.
        properties: Vec<(String, Variant)>,
    },
}

/// A `Signal`: the signal name and the id of the object that owns it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Signal {
    /// The signal name.
    pub name: String,
    /// The owning object's instance id (0 for none).
    pub object_id: u64,
}

/// The element, key or value type of a typed container (Godot 4.4+; arrays probably 4.3+).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum ContainerType {
    /// Untyped (`Variant`).
    #[default]
    None,
    /// A built-in type such as `int`.
    Builtin(VariantType),
    /// An object class (`Array[Node]`); `EncodedObjectAsID` when objects were not written.
    ClassName(String),
    /// A script class, by its `res://` path.
    Script(String),
}

/// An `Array`, possibly typed.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Array {
    /// The element type (`None` for an untyped array).
    pub element_type: ContainerType,
    /// The elements.
    pub items: Vec<Variant>,
}

/// A `Dictionary`, possibly typed, with its entries in insertion order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Dictionary {
    /// The key type.
    pub key_type: ContainerType,
    /// The value type.
    pub value_type: ContainerType,
    /// The entries in order.
    pub entries: Vec<(Variant, Variant)>,
}

/// The type of a [`Variant`], independent of engine version (ids: [`crate::header`]).
#[allow(missing_docs)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum VariantType {
    Nil,
    Bool,
    Int,
    Float,
    String,
    Vector2,
    Vector2i,
    Rect2,
    Rect2i,
    Vector3,
    Vector3i,
    Transform2D,
    Vector4,
    Vector4i,
    Plane,
    Quaternion,
    Aabb,
    Basis,
    Transform3D,
    Projection,
    Color,
    StringName,
    NodePath,
    Rid,
    Object,
    Callable,
    Signal,
    Dictionary,
    Array,
    PackedByteArray,
    PackedInt32Array,
    PackedInt64Array,
    PackedFloat32Array,
    PackedFloat64Array,
    PackedStringArray,
    PackedVector2Array,
    PackedVector3Array,
    PackedColorArray,
    PackedVector4Array,
}

impl Variant {
    /// The type of this value.
    pub fn variant_type(&self) -> VariantType {
        use VariantType as T;
        match self {
            Variant::Nil => T::Nil,
            Variant::Bool(_) => T::Bool,
            Variant::Int(_) => T::Int,
            Variant::Float(_) => T::Float,
            Variant::String(_) => T::String,
            Variant::Vector2(_) => T::Vector2,
            Variant::Vector2i(_) => T::Vector2i,
            Variant::Rect2(_) => T::Rect2,
            Variant::Rect2i(_) => T::Rect2i,
            Variant::Vector3(_) => T::Vector3,
            Variant::Vector3i(_) => T::Vector3i,
            Variant::Transform2D(_) => T::Transform2D,
            Variant::Vector4(_) => T::Vector4,
            Variant::Vector4i(_) => T::Vector4i,
            Variant::Plane(_) => T::Plane,
            Variant::Quaternion(_) => T::Quaternion,
            Variant::Aabb(_) => T::Aabb,
            Variant::Basis(_) => T::Basis,
            Variant::Transform3D(_) => T::Transform3D,
            Variant::Projection(_) => T::Projection,
            Variant::Color(_) => T::Color,
            Variant::StringName(_) => T::StringName,
            Variant::NodePath(_) => T::NodePath,
            Variant::Rid(_) => T::Rid,
            Variant::Object(_) => T::Object,
            Variant::Callable => T::Callable,
            Variant::Signal(_) => T::Signal,
            Variant::Dictionary(_) => T::Dictionary,
            Variant::Array(_) => T::Array,
            Variant::PackedByteArray(_) => T::PackedByteArray,
            Variant::PackedInt32Array(_) => T::PackedInt32Array,
            Variant::PackedInt64Array(_) => T::PackedInt64Array,
            Variant::PackedFloat32Array(_) => T::PackedFloat32Array,
            Variant::PackedFloat64Array(_) => T::PackedFloat64Array,
            Variant::PackedStringArray(_) => T::PackedStringArray,
            Variant::PackedVector2Array(_) => T::PackedVector2Array,
            Variant::PackedVector3Array(_) => T::PackedVector3Array,
            Variant::PackedColorArray(_) => T::PackedColorArray,
            Variant::PackedVector4Array(_) => T::PackedVector4Array,
        }
    }
}

macro_rules! from_impls {
    ($($t:ty => |$v:ident| $e:expr;)*) => {$(
        impl From<$t> for Variant {
            fn from($v: $t) -> Self {
                $e
            }
        }
    )*};
}

from_impls! {
    bool => |v| Variant::Bool(v);
    i32 => |v| Variant::Int(i64::from(v));
    i64 => |v| Variant::Int(v);
    f32 => |v| Variant::Float(f64::from(v));
    f64 => |v| Variant::Float(v);
    String => |v| Variant::String(v);
    &str => |v| Variant::String(v.to_owned());
    Vec<u8> => |v| Variant::PackedByteArray(v);
    Vector2 => |v| Variant::Vector2(v);
    Vector3 => |v| Variant::Vector3(v);
    Color => |v| Variant::Color(v);
    Object => |v| Variant::Object(Box::new(v));
    NodePath => |v| Variant::NodePath(Box::new(v));
    Array => |v| Variant::Array(Box::new(v));
    Dictionary => |v| Variant::Dictionary(Box::new(v));
}

impl Array {
    /// An untyped array of `items`.
    pub fn untyped(items: Vec<Variant>) -> Self {
        Array {
            element_type: ContainerType::None,
            items,
        }
    }
}

impl Dictionary {
    /// An untyped dictionary of `entries`, in order.
    pub fn untyped(entries: Vec<(Variant, Variant)>) -> Self {
        Dictionary {
            entries,
            ..Dictionary::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions_pick_the_godot_type() {
        assert_eq!(Variant::from(3i32), Variant::Int(3));
        assert_eq!(Variant::from("a"), Variant::String("a".into()));
        let a = Variant::from(Array::untyped(vec![Variant::Nil]));
        assert_eq!(a.variant_type(), VariantType::Array);
    }

    #[test]
    fn variant_stays_small() {
        assert!(std::mem::size_of::<Variant>() <= 32);
    }
}
