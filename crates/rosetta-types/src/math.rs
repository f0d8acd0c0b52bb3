//! The math and color types engines share, as one kind parametrised by shape and scalar.

/// The shape of a math value: how many components it has and what they mean.
///
/// A math value is a flat list of components in the order given for each shape, which is the
/// order Godot writes them (`research/godot.md`, 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MathShape {
    /// `x, y`.
    Vector2,
    /// `x, y, z`.
    Vector3,
    /// `x, y, z, w`.
    Vector4,
    /// `x, y, z, w`; the default is the identity `0, 0, 0, 1`.
    Quaternion,
    /// `r, g, b, a`; the default is opaque black `0, 0, 0, 1`.
    Color,
    /// `position.x, position.y, size.x, size.y` (Godot `Rect2`, `Rect2i`).
    Rect2,
    /// `position.x, .y, .z, size.x, .y, .z` (Godot `AABB`).
    Aabb,
    /// `normal.x, .y, .z, d`.
    Plane,
    /// `x axis (2), y axis (2), origin (2)`; the default is the identity.
    Transform2D,
    /// 3x3, row-major `rows[i][j]`; the default is the identity.
    Basis,
    /// A basis (9, row-major) then the origin (3); the default is the identity.
    Transform3D,
    /// 4x4, column-major `columns[i][j]`; the default is the identity.
    Projection,
    /// `translation (3), rotation quaternion (4), uniform scale (1)` (O3DE `AZ::Transform`); the
    /// default is the identity `0, 0, 0, 0, 0, 0, 1, 1`.
    TransformTrs,
    /// A `rows` x `cols` matrix, row-major (O3DE `Matrix3x3`, `Matrix3x4`, `Matrix4x4`); the
    /// default has ones on the diagonal.
    Matrix {
        /// Number of rows.
        rows: u8,
        /// Number of columns.
        cols: u8,
    },
}

impl MathShape {
    /// The number of components.
    pub const fn len(self) -> usize {
        match self {
            MathShape::Vector2 => 2,
            MathShape::Vector3 => 3,
            MathShape::Vector4 | MathShape::Quaternion | MathShape::Color => 4,
            MathShape::Rect2 | MathShape::Plane => 4,
            MathShape::Aabb | MathShape::Transform2D => 6,
            MathShape::Basis => 9,
            MathShape::Transform3D => 12,
            MathShape::Projection => 16,
            MathShape::TransformTrs => 8,
            MathShape::Matrix { rows, cols } => rows as usize * cols as usize,
        }
    }

    /// Whether the shape has no components (only an empty [`MathShape::Matrix`]).
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The shape's name (`Vector3`, `Transform2D`, `Matrix`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            MathShape::Vector2 => "Vector2",
            MathShape::Vector3 => "Vector3",
            MathShape::Vector4 => "Vector4",
            MathShape::Quaternion => "Quaternion",
            MathShape::Color => "Color",
            MathShape::Rect2 => "Rect2",
            MathShape::Aabb => "AABB",
            MathShape::Plane => "Plane",
            MathShape::Transform2D => "Transform2D",
            MathShape::Basis => "Basis",
            MathShape::Transform3D => "Transform3D",
            MathShape::Projection => "Projection",
            MathShape::TransformTrs => "TransformTrs",
            MathShape::Matrix { .. } => "Matrix",
        }
    }

    /// The names of the components of vector-like shapes (`x y z w`, `r g b a`), which JSON
    /// readers accept as object keys; `None` for the others.
    pub const fn component_names(self) -> Option<&'static [&'static str]> {
        const XYZW: [&str; 4] = ["x", "y", "z", "w"];
        match self {
            MathShape::Vector2 => Some(&[XYZW[0], XYZW[1]]),
            MathShape::Vector3 => Some(&[XYZW[0], XYZW[1], XYZW[2]]),
            MathShape::Vector4 | MathShape::Quaternion => Some(&XYZW),
            MathShape::Color => Some(&["r", "g", "b", "a"]),
            _ => None,
        }
    }

    /// Component `index` of the shape's default value (zero, or the identity for rotations,
    /// transforms and matrices, or opaque black for colors).
    pub const fn default_component(self, index: usize) -> f64 {
        let one = match self {
            MathShape::Quaternion | MathShape::Color => index == 3,
            MathShape::Transform2D => matches!(index, 0 | 3),
            MathShape::Basis | MathShape::Transform3D => matches!(index, 0 | 4 | 8),
            MathShape::Projection => matches!(index, 0 | 5 | 10 | 15),
            MathShape::TransformTrs => index >= 6,
            MathShape::Matrix { cols, .. } => {
                let cols = cols as usize;
                cols != 0 && index / cols == index % cols
            }
            _ => false,
        };
        if one && index < self.len() {
            1.0
        } else {
            0.0
        }
    }
}

/// The scalar a math value's components are made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MathScalar {
    /// `f32` components (Godot standard builds, O3DE, colors).
    F32,
    /// `f64` components (Godot `real_t = double` builds).
    F64,
    /// `i32` components (Godot `Vector2i`, `Vector3i`, `Vector4i`, `Rect2i`).
    I32,
}

impl MathScalar {
    /// `f32`, `f64` or `i32`.
    pub const fn name(self) -> &'static str {
        match self {
            MathScalar::F32 => "f32",
            MathScalar::F64 => "f64",
            MathScalar::I32 => "i32",
        }
    }
}

/// A math type: a shape and a scalar. Values are [`Value::MathF32`](crate::Value::MathF32),
/// [`Value::MathF64`](crate::Value::MathF64) or [`Value::MathI32`](crate::Value::MathI32) with
/// exactly [`MathType::len`] components.
///
/// ```
/// use rosetta_types::{MathScalar, MathShape, MathType};
/// let vector3i = MathType::new(MathShape::Vector3, MathScalar::I32);
/// assert_eq!(vector3i.len(), 3);
/// assert_eq!(MathType::TRANSFORM3D.len(), 12);
/// assert_eq!(MathType::COLOR.scalar, MathScalar::F32);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MathType {
    /// The shape.
    pub shape: MathShape,
    /// The component scalar.
    pub scalar: MathScalar,
}

impl MathType {
    /// Godot `Vector2`.
    pub const VECTOR2: MathType = MathType::new(MathShape::Vector2, MathScalar::F32);
    /// Godot `Vector2i`.
    pub const VECTOR2I: MathType = MathType::new(MathShape::Vector2, MathScalar::I32);
    /// Godot `Vector3`.
    pub const VECTOR3: MathType = MathType::new(MathShape::Vector3, MathScalar::F32);
    /// Godot `Vector3i`.
    pub const VECTOR3I: MathType = MathType::new(MathShape::Vector3, MathScalar::I32);
    /// Godot `Vector4`.
    pub const VECTOR4: MathType = MathType::new(MathShape::Vector4, MathScalar::F32);
    /// Godot `Vector4i`.
    pub const VECTOR4I: MathType = MathType::new(MathShape::Vector4, MathScalar::I32);
    /// Godot `Quaternion`.
    pub const QUATERNION: MathType = MathType::new(MathShape::Quaternion, MathScalar::F32);
    /// `Color` (RGBA, `f32`).
    pub const COLOR: MathType = MathType::new(MathShape::Color, MathScalar::F32);
    /// Godot `Rect2`.
    pub const RECT2: MathType = MathType::new(MathShape::Rect2, MathScalar::F32);
    /// Godot `Rect2i`.
    pub const RECT2I: MathType = MathType::new(MathShape::Rect2, MathScalar::I32);
    /// Godot `AABB`.
    pub const AABB: MathType = MathType::new(MathShape::Aabb, MathScalar::F32);
    /// Godot `Plane`.
    pub const PLANE: MathType = MathType::new(MathShape::Plane, MathScalar::F32);
    /// Godot `Transform2D`.
    pub const TRANSFORM2D: MathType = MathType::new(MathShape::Transform2D, MathScalar::F32);
    /// Godot `Basis`.
    pub const BASIS: MathType = MathType::new(MathShape::Basis, MathScalar::F32);
    /// Godot `Transform3D`.
    pub const TRANSFORM3D: MathType = MathType::new(MathShape::Transform3D, MathScalar::F32);
    /// Godot `Projection`.
    pub const PROJECTION: MathType = MathType::new(MathShape::Projection, MathScalar::F32);

    /// A math type.
    pub const fn new(shape: MathShape, scalar: MathScalar) -> Self {
        MathType { shape, scalar }
    }

    /// The number of components.
    pub const fn len(self) -> usize {
        self.shape.len()
    }

    /// Whether the type has no components.
    pub const fn is_empty(self) -> bool {
        self.shape.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults(shape: MathShape) -> Vec<f64> {
        (0..shape.len())
            .map(|i| shape.default_component(i))
            .collect()
    }

    #[test]
    fn identities() {
        assert_eq!(defaults(MathShape::Quaternion), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(
            defaults(MathShape::Transform2D),
            [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        );
        assert_eq!(
            defaults(MathShape::Transform3D),
            [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
        );
        let projection = defaults(MathShape::Projection);
        assert_eq!(projection.iter().sum::<f64>(), 4.0);
        assert_eq!(projection[15], 1.0);
        let m34 = defaults(MathShape::Matrix { rows: 3, cols: 4 });
        assert_eq!(m34, [1., 0., 0., 0., 0., 1., 0., 0., 0., 0., 1., 0.]);
        assert_eq!(defaults(MathShape::TransformTrs)[6..], [1.0, 1.0]);
        assert_eq!(defaults(MathShape::Aabb), [0.0; 6]);
        assert_eq!(
            MathShape::Color.component_names(),
            Some(&["r", "g", "b", "a"][..])
        );
        assert!(MathShape::Matrix { rows: 0, cols: 0 }.is_empty());
    }
}
