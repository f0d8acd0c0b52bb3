//! Godot 4's conversions between built-in types, as a typed container applies them to its
//! elements: `Variant::can_convert_strict` decides which types convert, `Variant::construct`
//! how. `str_to_var` (`Array::assign`) and `bytes_to_var` (`ContainerTypeValidate::validate`)
//! convert alike; the table and every result here were checked against Godot 4.6-stable
//! (`tests/data/godot4_typed_elements.json`).
//!
//! Math is done in `f32`, as a standard (`real_t = float`) build does it. Floats become integers
//! by truncation, saturating at the type's ends, NaN as 0: what the engine's web build (the
//! oracle) does; a native x86 build gives the lowest integer for NaN and out-of-range values.

use crate::math::{
    Basis, Projection, Quaternion, Rect2, Rect2i, Transform2D, Transform3D, Vector2, Vector2i,
    Vector3, Vector3i, Vector4, Vector4i,
};
use crate::variant::{Array, Variant, VariantType};

use crate::convert_packed::color_of_hex;
pub(crate) use crate::convert_packed::Refusal;

/// `value` converted to type `to` as Godot converts it, or why not. A value of type `to` is
/// returned unchanged.
pub(crate) fn convert(value: Variant, to: VariantType) -> Result<Variant, Refusal> {
    use Variant as V;
    use VariantType as T;
    if value.variant_type() == to {
        return Ok(value);
    }
    Ok(match (to, value) {
        (T::Bool, V::Int(i)) => V::Bool(i != 0),
        (T::Bool, V::Float(f)) => V::Bool(f != 0.0),
        (T::Int, V::Bool(b)) => V::Int(i64::from(b)),
        (T::Int, V::Float(f)) => V::Int(f as i64),
        (T::Float, V::Bool(b)) => V::Float(if b { 1.0 } else { 0.0 }),
        (T::Float, V::Int(i)) => V::Float(i as f64),
        (T::String, V::StringName(s)) => V::String(s),
        (T::String, V::NodePath(p)) => V::String(p.to_string()),
        (T::StringName, V::String(s)) => V::StringName(s),
        (T::NodePath, V::String(s)) => V::NodePath(Box::new(s.parse().unwrap_or_default())),
        (T::Vector2, V::Vector2i(v)) => V::Vector2(vec2(v)),
        (T::Vector2i, V::Vector2(v)) => V::Vector2i(vec2i(v)),
        (T::Rect2, V::Rect2i(r)) => V::Rect2(Box::new(Rect2 {
            position: vec2(r.position),
            size: vec2(r.size),
        })),
        (T::Rect2i, V::Rect2(r)) => V::Rect2i(Rect2i {
            position: vec2i(r.position),
            size: vec2i(r.size),
        }),
        (T::Vector3, V::Vector3i(v)) => V::Vector3(Vector3 {
            x: real_of(v.x),
            y: real_of(v.y),
            z: real_of(v.z),
        }),
        (T::Vector3i, V::Vector3(v)) => V::Vector3i(Vector3i {
            x: int_of(v.x),
            y: int_of(v.y),
            z: int_of(v.z),
        }),
        (T::Vector4, V::Vector4i(v)) => V::Vector4(Box::new(Vector4 {
            x: real_of(v.x),
            y: real_of(v.y),
            z: real_of(v.z),
            w: real_of(v.w),
        })),
        (T::Vector4i, V::Vector4(v)) => V::Vector4i(Vector4i {
            x: int_of(v.x),
            y: int_of(v.y),
            z: int_of(v.z),
            w: int_of(v.w),
        }),
        (T::Transform2D, V::Transform3D(t)) => V::Transform2D(Box::new(transform2d(&t))),
        (T::Transform3D, V::Transform2D(t)) => V::Transform3D(Box::new(transform3d_of_2d(&t))),
        (T::Transform3D, V::Basis(b)) => V::Transform3D(Box::new(Transform3D {
            basis: *b,
            origin: Vector3::default(),
        })),
        (T::Transform3D, V::Quaternion(q)) => V::Transform3D(Box::new(Transform3D {
            basis: basis_of(&q),
            origin: Vector3::default(),
        })),
        (T::Transform3D, V::Projection(p)) => {
            V::Transform3D(Box::new(transform3d_of_projection(&p)))
        }
        (T::Projection, V::Transform3D(t)) => V::Projection(Box::new(projection_of(&t))),
        (T::Basis, V::Quaternion(q)) => V::Basis(Box::new(basis_of(&q))),
        (T::Quaternion, V::Basis(b)) => V::Quaternion(Box::new(quaternion_of(&b))),
        (T::Color, V::Int(i)) => V::Color(color_of_hex(i as u32)),
        (T::Color, V::String(_)) => {
            return Err(Refusal::NotReproduced(
                "reading text as an HTML color code or a color name".to_owned(),
            ))
        }
        (T::Array, packed) => match crate::convert_packed::to_array(packed) {
            Some(items) => V::Array(Box::new(Array::untyped(items))),
            None => return Err(Refusal::Engine),
        },
        (to, V::Array(a)) => crate::convert_packed::from_array(to, a.items)?,
        _ => return Err(Refusal::Engine),
    })
}

/// An `i32` as a `real_t` (`f32`) component.
fn real_of(i: i32) -> f64 {
    f64::from(i as f32)
}

/// A `real_t` (`f32`) component as an `i32`: truncated, saturating, NaN as 0.
fn int_of(x: f64) -> i32 {
    (x as f32) as i32
}

fn vec2(v: Vector2i) -> Vector2 {
    Vector2 {
        x: real_of(v.x),
        y: real_of(v.y),
    }
}

fn vec2i(v: Vector2) -> Vector2i {
    Vector2i {
        x: int_of(v.x),
        y: int_of(v.y),
    }
}

/// `Transform2D(Transform3D)`: the upper 2x2 of the basis and the origin's x and y.
fn transform2d(t: &Transform3D) -> Transform2D {
    let r = &t.basis.rows;
    Transform2D {
        columns: [
            Vector2 {
                x: r[0].x,
                y: r[1].x,
            },
            Vector2 {
                x: r[0].y,
                y: r[1].y,
            },
            Vector2 {
                x: t.origin.x,
                y: t.origin.y,
            },
        ],
    }
}

/// `Transform3D(Transform2D)`: the 2D axes in the basis's upper 2x2, z kept, origin z 0.
fn transform3d_of_2d(t: &Transform2D) -> Transform3D {
    let [x, y, o] = t.columns;
    Transform3D {
        basis: Basis {
            rows: [
                Vector3 {
                    x: x.x,
                    y: y.x,
                    z: 0.0,
                },
                Vector3 {
                    x: x.y,
                    y: y.y,
                    z: 0.0,
                },
                Vector3 {
                    x: 0.0,
                    y: 0.0,
                    z: 1.0,
                },
            ],
        },
        origin: Vector3 {
            x: o.x,
            y: o.y,
            z: 0.0,
        },
    }
}

/// `Transform3D(Projection)`: the upper 3x3 as the basis, the fourth column's xyz as origin.
fn transform3d_of_projection(p: &Projection) -> Transform3D {
    let c = &p.columns;
    let row = |i: usize| {
        let at = |v: &Vector4| [v.x, v.y, v.z][i];
        Vector3 {
            x: at(&c[0]),
            y: at(&c[1]),
            z: at(&c[2]),
        }
    };
    Transform3D {
        basis: Basis {
            rows: [row(0), row(1), row(2)],
        },
        origin: Vector3 {
            x: c[3].x,
            y: c[3].y,
            z: c[3].z,
        },
    }
}

/// `Projection(Transform3D)`: the basis's columns and the origin, `w` 0 then 1.
fn projection_of(t: &Transform3D) -> Projection {
    let r = &t.basis.rows;
    let column = |get: fn(&Vector3) -> f64| Vector4 {
        x: get(&r[0]),
        y: get(&r[1]),
        z: get(&r[2]),
        w: 0.0,
    };
    Projection {
        columns: [
            column(|v| v.x),
            column(|v| v.y),
            column(|v| v.z),
            Vector4 {
                x: t.origin.x,
                y: t.origin.y,
                z: t.origin.z,
                w: 1.0,
            },
        ],
    }
}

/// `Basis::set_quaternion`, in `f32`.
fn basis_of(q: &Quaternion) -> Basis {
    let (x, y, z, w) = (q.x as f32, q.y as f32, q.z as f32, q.w as f32);
    let d = x * x + y * y + z * z + w * w;
    let s = 2.0f32 / d;
    let (xs, ys, zs) = (x * s, y * s, z * s);
    let (wx, wy, wz) = (w * xs, w * ys, w * zs);
    let (xx, xy, xz) = (x * xs, x * ys, x * zs);
    let (yy, yz, zz) = (y * ys, y * zs, z * zs);
    let row = |a: f32, b: f32, c: f32| Vector3 {
        x: f64::from(a),
        y: f64::from(b),
        z: f64::from(c),
    };
    Basis {
        rows: [
            row(1.0 - (yy + zz), xy - wz, xz + wy),
            row(xy + wz, 1.0 - (xx + zz), yz - wx),
            row(xz - wy, yz + wx, 1.0 - (xx + yy)),
        ],
    }
}

/// `Basis::get_quaternion` (release builds: no check that the basis is a rotation), in `f32`.
fn quaternion_of(b: &Basis) -> Quaternion {
    let m: [[f32; 3]; 3] = b.rows.map(|r| [r.x as f32, r.y as f32, r.z as f32]);
    let trace = m[0][0] + m[1][1] + m[2][2];
    let mut t = [0f32; 4];
    if trace > 0.0 {
        let mut s = (trace + 1.0).sqrt();
        t[3] = s * 0.5;
        s = 0.5 / s;
        t[0] = (m[2][1] - m[1][2]) * s;
        t[1] = (m[0][2] - m[2][0]) * s;
        t[2] = (m[1][0] - m[0][1]) * s;
    } else {
        let i = if m[0][0] < m[1][1] {
            if m[1][1] < m[2][2] {
                2
            } else {
                1
            }
        } else if m[0][0] < m[2][2] {
            2
        } else {
            0
        };
        let j = (i + 1) % 3;
        let k = (i + 2) % 3;
        let mut s = (m[i][i] - m[j][j] - m[k][k] + 1.0).sqrt();
        t[i] = s * 0.5;
        s = 0.5 / s;
        t[3] = (m[k][j] - m[j][k]) * s;
        t[j] = (m[j][i] + m[i][j]) * s;
        t[k] = (m[k][i] + m[i][k]) * s;
    }
    Quaternion {
        x: f64::from(t[0]),
        y: f64::from(t[1]),
        z: f64::from(t[2]),
        w: f64::from(t[3]),
    }
}
