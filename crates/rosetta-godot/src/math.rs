//! Godot's math and color value types.
//!
//! Components of the floating-point math types are kept as `f64`, which holds every `f32`
//! exactly: a value decoded from single-precision bytes re-encodes to the same bytes, and a value
//! decoded from a double-precision (`real_t = double`) build keeps its full precision. The
//! encoder writes `f32` or `f64` components as [`EncodeOptions`](crate::EncodeOptions) asks.
//! Colors are always `f32` in Godot.

/// A 2D vector (`Vector2`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vector2 {
    /// X.
    pub x: f64,
    /// Y.
    pub y: f64,
}

/// A 2D integer vector (`Vector2i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Vector2i {
    /// X.
    pub x: i32,
    /// Y.
    pub y: i32,
}

/// A 3D vector (`Vector3`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vector3 {
    /// X.
    pub x: f64,
    /// Y.
    pub y: f64,
    /// Z.
    pub z: f64,
}

/// A 3D integer vector (`Vector3i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Vector3i {
    /// X.
    pub x: i32,
    /// Y.
    pub y: i32,
    /// Z.
    pub z: i32,
}

/// A 4D vector (`Vector4`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Vector4 {
    /// X.
    pub x: f64,
    /// Y.
    pub y: f64,
    /// Z.
    pub z: f64,
    /// W.
    pub w: f64,
}

/// A 4D integer vector (`Vector4i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Vector4i {
    /// X.
    pub x: i32,
    /// Y.
    pub y: i32,
    /// Z.
    pub z: i32,
    /// W.
    pub w: i32,
}

/// A 2D rectangle (`Rect2`): position and size.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect2 {
    /// Top-left corner.
    pub position: Vector2,
    /// Width and height.
    pub size: Vector2,
}

/// A 2D integer rectangle (`Rect2i`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Rect2i {
    /// Top-left corner.
    pub position: Vector2i,
    /// Width and height.
    pub size: Vector2i,
}

/// A 2D transform (`Transform2D`): x axis, y axis, origin (the wire order).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Transform2D {
    /// `columns[0]`, `columns[1]`, `columns[2]` (the origin).
    pub columns: [Vector2; 3],
}

/// A plane (`Plane`): normal and distance.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Plane {
    /// The normal.
    pub normal: Vector3,
    /// The distance from the origin.
    pub d: f64,
}

/// A quaternion (`Quaternion`, Godot 3 `Quat`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Quaternion {
    /// X.
    pub x: f64,
    /// Y.
    pub y: f64,
    /// Z.
    pub z: f64,
    /// W.
    pub w: f64,
}

/// An axis-aligned bounding box (`AABB`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Aabb {
    /// The corner.
    pub position: Vector3,
    /// The size.
    pub size: Vector3,
}

/// A 3x3 matrix (`Basis`), stored by rows as Godot writes it (`rows[i][j]`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Basis {
    /// The three rows.
    pub rows: [Vector3; 3],
}

/// A 3D transform (`Transform3D`, Godot 3 `Transform`).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Transform3D {
    /// The basis.
    pub basis: Basis,
    /// The origin.
    pub origin: Vector3,
}

/// A 4x4 projection matrix (`Projection`), by columns.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Projection {
    /// The four columns.
    pub columns: [Vector4; 4],
}

/// A color (`Color`), always single precision.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Color {
    /// Red.
    pub r: f32,
    /// Green.
    pub g: f32,
    /// Blue.
    pub b: f32,
    /// Alpha.
    pub a: f32,
}
