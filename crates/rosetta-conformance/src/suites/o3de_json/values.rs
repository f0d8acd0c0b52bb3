//! The vectors' native values (`value`, `settings.initial`, `settings.default`) as values of the
//! shared model.

use rosetta_types::{
    default_value, EnumType, FloatType, IntType, Kind, MathScalar, TypeId, TypeRegistry, Value,
};
use serde_json::Value as J;

fn int(t: IntType, j: &J) -> Result<Value, String> {
    let v = j
        .as_i64()
        .map(i128::from)
        .or_else(|| j.as_u64().map(i128::from))
        .ok_or_else(|| format!("{j} is not an integer"))?;
    Value::int(t, v).ok_or_else(|| format!("{j} is out of range for {}", t.name()))
}

/// An enum value by number, or by name: the enum's constant, else a constant of that name in
/// another enum (`initial: "BitFlagNegative"` names the constant of the enum's variant that
/// registers it).
fn enum_value(registry: &TypeRegistry, e: &EnumType, j: &J) -> Result<Value, String> {
    if let Some(name) = j.as_str() {
        let elsewhere = || {
            registry.iter().find_map(|t| match t.kind() {
                Kind::Enum(other) | Kind::Bitmask(other) => other.constant(name),
                _ => None,
            })
        };
        return e
            .constant(name)
            .or_else(elsewhere)
            .map(|c| Value::Enum(c.value()))
            .ok_or_else(|| format!("no constant {name}"));
    }
    j.as_i64()
        .or_else(|| j.as_u64().map(|u| u as i64))
        .map(Value::Enum)
        .ok_or_else(|| format!("{j} is not an enum value"))
}

fn uuid(j: &J) -> Result<Value, String> {
    let text = j.as_str().ok_or("a uuid is a string")?;
    let hex: String = text.chars().filter(char::is_ascii_hexdigit).collect();
    if hex.len() != 32 {
        return Err(format!("{text} is not a uuid"));
    }
    let mut bytes = [0u8; 16];
    for (i, b) in bytes.iter_mut().enumerate() {
        *b = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).map_err(|e| e.to_string())?;
    }
    Ok(Value::Uuid(bytes))
}

fn numbers(j: &J) -> Vec<f64> {
    match j {
        J::Array(items) => items.iter().flat_map(numbers).collect(),
        J::Number(n) => vec![n.as_f64().unwrap_or_default()],
        _ => Vec::new(),
    }
}

/// The native value `j` as a value of `ty`.
pub fn native(registry: &TypeRegistry, ty: TypeId, j: &J) -> Result<Value, String> {
    let kind = registry.get(ty).ok_or("unknown type")?.kind();
    let default = || default_value(registry, ty).map_err(|e| e.to_string());
    Ok(match kind {
        Kind::Bool => Value::Bool(j.as_bool().ok_or("not a bool")?),
        Kind::Int(t) => int(*t, j)?,
        Kind::Float(FloatType::F32) => Value::F32(j.as_f64().ok_or("not a number")? as f32),
        Kind::Float(FloatType::F64) => Value::F64(j.as_f64().ok_or("not a number")?),
        Kind::String => Value::String(j.as_str().ok_or("not a string")?.into()),
        Kind::Uuid => uuid(j)?,
        Kind::Enum(e) | Kind::Bitmask(e) => enum_value(registry, e, j)?,
        Kind::Math(m) => {
            let c: Vec<f64> = match j {
                J::String(s) if s == "identity" => {
                    return default();
                }
                J::Object(o) => {
                    // A transform: {"translation", "rotation_xyzw", "uniform_scale"}.
                    let mut c: Vec<f64> =
                        (0..m.len()).map(|i| m.shape.default_component(i)).collect();
                    let t = numbers(o.get("translation").unwrap_or(&J::Null));
                    let r = numbers(o.get("rotation_xyzw").unwrap_or(&J::Null));
                    let s = numbers(o.get("uniform_scale").unwrap_or(&J::Null));
                    for (dst, src) in [(0, t), (3, r), (7, s)] {
                        for (i, x) in src.into_iter().enumerate() {
                            c[dst + i] = x;
                        }
                    }
                    c
                }
                _ => numbers(j),
            };
            if c.len() != m.len() {
                return Err(format!("{j} has {} components, not {}", c.len(), m.len()));
            }
            match m.scalar {
                MathScalar::F32 => Value::math_f32(c.iter().map(|&x| x as f32)),
                MathScalar::F64 => Value::math_f64(c),
                MathScalar::I32 => Value::math_i32(c.iter().map(|&x| x as i32)),
            }
        }
        Kind::List(e) | Kind::Set(e) | Kind::Array(e, _) => Value::List(
            j.as_array()
                .ok_or("not an array")?
                .iter()
                .map(|x| native(registry, *e, x))
                .collect::<Result<_, _>>()?,
        ),
        Kind::Tuple(ts) => {
            let items = j.as_array().ok_or("not an array")?;
            Value::Tuple(
                ts.iter()
                    .zip(items)
                    .map(|(t, x)| native(registry, *t, x))
                    .collect::<Result<_, _>>()?,
            )
        }
        Kind::Map(k, v) => Value::Map(
            j.as_array()
                .ok_or("a map is an array of [key, value]")?
                .iter()
                .map(|e| Ok((native(registry, *k, &e[0])?, native(registry, *v, &e[1])?)))
                .collect::<Result<_, String>>()?,
        ),
        Kind::Option(inner) => match j {
            J::Null => Value::NONE,
            other => Value::some(native(registry, *inner, other)?),
        },
        Kind::Polymorphic(base) => {
            // "BaseClass{}" (a default instance) or {"$actual": type, members...}.
            let (actual, members) = match j {
                J::String(s) => (
                    s.trim_end_matches("{}").to_owned(),
                    J::Object(Default::default()),
                ),
                J::Object(o) => (
                    o.get("$actual")
                        .and_then(J::as_str)
                        .unwrap_or_default()
                        .to_owned(),
                    j.clone(),
                ),
                _ => return Err("not a pointer value".into()),
            };
            let actual = if actual.is_empty() {
                *base
            } else {
                registry
                    .lookup(&actual)
                    .ok_or(format!("no type {actual}"))?
            };
            Value::dynamic(actual, native(registry, actual, &members)?)
        }
        Kind::Struct(s) => {
            let mut value = default()?;
            let o = j.as_object().ok_or("a class is an object")?;
            if let Value::Struct(fields) = &mut value {
                for (name, x) in o {
                    if name == "$actual" {
                        continue;
                    }
                    let i = s.index_of(name).ok_or(format!("no member {name}"))?;
                    fields[i] = native(registry, s.fields()[i].ty(), x)?;
                }
            }
            value
        }
        other => return Err(format!("no native form for a {}", other.name())),
    })
}
