//! Math values (vectors, quaternions, colors, matrices) as their components: made from `f64`s
//! as they are read, and the components of a new instance, as a container makes one.

use rosetta_types::{MathScalar, MathShape, Value};

/// The math value of `scalar` with components `c` (converted with `as`).
pub(crate) fn build(scalar: MathScalar, c: &[f64]) -> Value {
    match scalar {
        MathScalar::F32 => Value::math_f32(c.iter().map(|&x| x as f32)),
        MathScalar::F64 => Value::math_f64(c.iter().copied()),
        MathScalar::I32 => Value::math_i32(c.iter().map(|&x| x as i32)),
    }
}

/// Component `i` of a new instance of `shape` (O3DE makes a new `Color` zero, `Color::CreateZero`).
pub(crate) fn new_component(shape: MathShape, i: usize) -> f64 {
    if shape == MathShape::Color {
        0.0
    } else {
        shape.default_component(i)
    }
}
