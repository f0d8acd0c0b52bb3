//! Godot 4's conversions between an `Array` and the packed arrays, as a typed container of a
//! packed array type applies them (`Array[PackedInt32Array]([[1, 2.5]])`): each element goes
//! through the packed array's own conversion (`Variant::operator int32_t()`, ...), checked
//! against Godot 4.6-stable (`tests/data/godot4_typed_elements.json`).
//!
//! Where Godot puts a default in the place of an element it cannot convert (`0` for a Vector2 in
//! a PackedInt32Array), Rosetta refuses instead of losing the element; where Godot reads a
//! number or a color out of text, or writes a value as text, Rosetta does not follow.

use crate::math::{Color, Vector2, Vector3, Vector4};
use crate::variant::{Variant, VariantType};

/// Why a value does not become an element of a typed container.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// Godot does not convert it either.
    Engine,
    /// Godot converts it by rules Rosetta does not reproduce (how it reads a color name, turns
    /// any value into text, ...); the note says what Godot does.
    NotReproduced(String),
    /// Godot converts it by putting a default in the place of (part of) it, losing data; the
    /// note says what is lost.
    Lost(String),
}

/// `Color::hex`: `0xRRGGBBAA`, each channel over 255.
pub(crate) fn color_of_hex(c: u32) -> Color {
    let channel = |shift: u32| ((c >> shift) & 0xFF) as f32 / 255.0;
    Color {
        r: channel(24),
        g: channel(16),
        b: channel(8),
        a: channel(0),
    }
}

/// The elements of a packed array as Variants; `None` when `value` is not a packed array.
pub(crate) fn to_array(value: Variant) -> Option<Vec<Variant>> {
    use Variant as V;
    Some(match value {
        V::PackedByteArray(xs) => xs.into_iter().map(|x| V::Int(i64::from(x))).collect(),
        V::PackedInt32Array(xs) => xs.into_iter().map(|x| V::Int(i64::from(x))).collect(),
        V::PackedInt64Array(xs) => xs.into_iter().map(V::Int).collect(),
        V::PackedFloat32Array(xs) => xs.into_iter().map(|x| V::Float(f64::from(x))).collect(),
        V::PackedFloat64Array(xs) => xs.into_iter().map(V::Float).collect(),
        V::PackedStringArray(xs) => xs.into_iter().map(V::String).collect(),
        V::PackedVector2Array(xs) => xs.into_iter().map(V::Vector2).collect(),
        V::PackedVector3Array(xs) => xs.into_iter().map(V::Vector3).collect(),
        V::PackedColorArray(xs) => xs.into_iter().map(V::Color).collect(),
        V::PackedVector4Array(xs) => xs.into_iter().map(|x| V::Vector4(Box::new(x))).collect(),
        _ => return None,
    })
}

/// The packed array of type `to` made of `items`, element by element as Godot converts them.
pub(crate) fn from_array(to: VariantType, items: Vec<Variant>) -> Result<Variant, Refusal> {
    use Variant as V;
    use VariantType as T;
    Ok(match to {
        T::PackedByteArray => V::PackedByteArray(each(items, "0", byte)?),
        T::PackedInt32Array => V::PackedInt32Array(each(items, "0", |v| {
            number(v).map(|n| n.map(Number::int32))
        })?),
        T::PackedInt64Array => V::PackedInt64Array(each(items, "0", |v| {
            number(v).map(|n| n.map(Number::int64))
        })?),
        T::PackedFloat32Array => V::PackedFloat32Array(each(items, "0", |v| {
            number(v).map(|n| n.map(|n| n.float() as f32))
        })?),
        T::PackedFloat64Array => V::PackedFloat64Array(each(items, "0", |v| {
            number(v).map(|n| n.map(Number::float))
        })?),
        T::PackedStringArray => V::PackedStringArray(each(items, "", text)?),
        T::PackedVector2Array => V::PackedVector2Array(each(items, "Vector2(0, 0)", |v| {
            Ok(vector(v).map(|[x, y, _, _]| Vector2 { x, y }))
        })?),
        T::PackedVector3Array => V::PackedVector3Array(each(items, "Vector3(0, 0, 0)", |v| {
            Ok(vector(v).map(|[x, y, z, _]| Vector3 { x, y, z }))
        })?),
        T::PackedVector4Array => V::PackedVector4Array(each(items, "Vector4(0, 0, 0, 0)", |v| {
            Ok(vector(v).map(|[x, y, z, w]| Vector4 { x, y, z, w }))
        })?),
        T::PackedColorArray => V::PackedColorArray(each(items, "Color(0, 0, 0, 1)", color)?),
        _ => return Err(Refusal::Engine),
    })
}

/// Converts every element with `one`: `Ok(Some(x))` converted, `Ok(None)` replaced by Godot
/// with `default` (refused here), `Err` refused with its note.
fn each<T>(
    items: Vec<Variant>,
    default: &str,
    one: impl Fn(&Variant) -> Result<Option<T>, String>,
) -> Result<Vec<T>, Refusal> {
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match one(item) {
            Ok(Some(x)) => out.push(x),
            Ok(None) => {
                return Err(Refusal::Lost(format!(
                    "its element [{i}], {} {}, becomes {default}",
                    article(item),
                    crate::text::names::type_name(item.variant_type())
                )))
            }
            Err(how) => {
                return Err(Refusal::NotReproduced(format!("{how} (its element [{i}])")));
            }
        }
    }
    Ok(out)
}

fn article(item: &Variant) -> &'static str {
    match crate::text::names::type_name(item.variant_type())
        .chars()
        .next()
    {
        Some('A' | 'E' | 'I' | 'O' | 'U' | 'a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}

/// A number element: bool, int or float.
#[derive(Clone, Copy)]
enum Number {
    Int(i64),
    Float(f64),
}

impl Number {
    /// `int32_t` from an int wraps; from a float truncates, saturating, NaN as 0.
    fn int32(self) -> i32 {
        match self {
            Number::Int(i) => i as i32,
            Number::Float(f) => f as i32,
        }
    }

    fn int64(self) -> i64 {
        match self {
            Number::Int(i) => i,
            Number::Float(f) => f as i64,
        }
    }

    fn float(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }
}

/// `Ok(None)` for a value Godot makes 0; `Err` for text, which Godot reads a number from.
fn number(v: &Variant) -> Result<Option<Number>, String> {
    Ok(match v {
        Variant::Bool(b) => Some(Number::Int(i64::from(*b))),
        Variant::Int(i) => Some(Number::Int(*i)),
        Variant::Float(f) => Some(Number::Float(*f)),
        Variant::String(_) => return Err("reading a number out of text".to_owned()),
        _ => None,
    })
}

/// `uint8_t` from an int wraps; from a float truncates to 32 unsigned bits (saturating, NaN
/// and negatives as 0), then wraps.
fn byte(v: &Variant) -> Result<Option<u8>, String> {
    Ok(number(v)?.map(|n| match n {
        Number::Int(i) => i as u8,
        Number::Float(f) => (f as u32) as u8,
    }))
}

/// A PackedStringArray element: text as it is, ints and bools as Godot writes them.
fn text(v: &Variant) -> Result<Option<String>, String> {
    Ok(Some(match v {
        Variant::String(s) | Variant::StringName(s) => s.clone(),
        Variant::NodePath(p) => p.to_string(),
        Variant::Int(i) => i.to_string(),
        Variant::Bool(b) => b.to_string(),
        _ => {
            return Err(format!(
                "writing {} {} as text",
                article(v),
                crate::text::names::type_name(v.variant_type())
            ))
        }
    }))
}

/// The components of a vector element, zero-filled (`Variant::operator Vector4()` and kin).
fn vector(v: &Variant) -> Option<[f64; 4]> {
    let real = |i: i32| f64::from(i as f32);
    Some(match v {
        Variant::Vector2(a) => [a.x, a.y, 0.0, 0.0],
        Variant::Vector2i(a) => [real(a.x), real(a.y), 0.0, 0.0],
        Variant::Vector3(a) => [a.x, a.y, a.z, 0.0],
        Variant::Vector3i(a) => [real(a.x), real(a.y), real(a.z), 0.0],
        Variant::Vector4(a) => [a.x, a.y, a.z, a.w],
        Variant::Vector4i(a) => [real(a.x), real(a.y), real(a.z), real(a.w)],
        _ => return None,
    })
}

/// A PackedColorArray element: a Color, or an int as `0xRRGGBBAA`.
fn color(v: &Variant) -> Result<Option<Color>, String> {
    Ok(match v {
        Variant::Color(c) => Some(*c),
        Variant::Int(i) => Some(color_of_hex(*i as u32)),
        Variant::String(_) => {
            return Err("reading text as an HTML color code or a color name".to_owned())
        }
        _ => None,
    })
}
