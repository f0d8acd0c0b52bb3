//! Component values from the corpus' value encoding, decoded against a reflected type.

use rosetta_types::{Kind, TypeId, Value, MAX_NESTING};
use serde_json::Value as Json;

use crate::id::Id;
use crate::script::Ctx;

type R<T> = std::result::Result<T, (String, String)>;

fn err<T>(ptr: &str, msg: impl Into<String>) -> R<T> {
    Err((ptr.to_string(), msg.into()))
}

fn int_of(j: &Json, ptr: &str) -> R<i128> {
    match j {
        Json::Number(n) => {
            if let Some(i) = n.as_i64() {
                Ok(i as i128)
            } else if let Some(u) = n.as_u64() {
                Ok(u as i128)
            } else if let Some(f) = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e18) {
                Ok(f as i128)
            } else {
                err(ptr, "expected an integer")
            }
        }
        Json::Bool(b) => Ok(*b as i128),
        Json::Object(o) if o.len() == 1 && o.contains_key("raw") => int_of(&o["raw"], ptr),
        _ => err(ptr, "expected an integer"),
    }
}

fn float_of(j: &Json, ptr: &str) -> R<f64> {
    match j {
        Json::Number(n) => n
            .as_f64()
            .ok_or_else(|| (ptr.to_string(), "bad number".into())),
        Json::Object(o) if o.len() == 1 => {
            if let Some(Json::String(s)) = o.get("float") {
                match s.as_str() {
                    "nan" => Ok(f64::NAN),
                    "inf" => Ok(f64::INFINITY),
                    "-inf" => Ok(f64::NEG_INFINITY),
                    _ => err(ptr, "float must be nan, inf or -inf"),
                }
            } else if let Some(Json::String(s)) = o.get("float_literal") {
                let t = s.trim().trim_end_matches(['f', 'F']);
                t.parse::<f64>().or_else(|_| err(ptr, "bad float literal"))
            } else {
                err(ptr, "expected a number")
            }
        }
        _ => err(ptr, "expected a number"),
    }
}

impl Ctx {
    /// Decodes `j` as a value of `ty`.
    pub(crate) fn decode(&mut self, ty: TypeId, j: &Json, ptr: &str, depth: usize) -> R<Value> {
        if depth > MAX_NESTING {
            return err(ptr, rosetta_types::too_deep_message());
        }
        let kind = match self.world.types().get(ty) {
            Some(t) => t.kind().clone(),
            None => return err(ptr, "unknown type"),
        };
        let range = |v: i128, lo: i128, hi: i128| -> R<i128> {
            if (lo..=hi).contains(&v) {
                Ok(v)
            } else {
                err(ptr, format!("{v} out of range"))
            }
        };
        Ok(match kind {
            Kind::Bool => match j {
                Json::Bool(b) => Value::Bool(*b),
                _ => Value::Bool(int_of(j, ptr)? != 0),
            },
            Kind::Char => {
                let code = match j {
                    Json::Object(o) if o.contains_key("char_code") => int_of(&o["char_code"], ptr)?,
                    Json::String(s) if s.chars().count() == 1 => {
                        s.chars().next().map_or(0, |c| c as i128)
                    }
                    _ => int_of(j, ptr)?,
                };
                let c = u32::try_from(code).ok().and_then(char::from_u32);
                Value::Char(c.ok_or_else(|| (ptr.to_string(), "not a character".to_string()))?)
            }
            Kind::Int(t) => {
                let v = match j {
                    Json::Object(o) if o.contains_key("id") => {
                        let flags = match o.get("flags").and_then(Json::as_str) {
                            None => 0,
                            Some("TOGGLE") => Id::TOGGLE,
                            Some("OVERRIDE") => Id::OVERRIDE,
                            Some(f) => return err(ptr, format!("unknown id flag '{f}'")),
                        };
                        self.id_value(&o["id"], ptr)?.with_flag(flags).0 as i128
                    }
                    Json::Object(o) if o.contains_key("entity") => {
                        self.entity_value(j, ptr)?.0 as i128
                    }
                    _ => int_of(j, ptr)?,
                };
                let (lo, hi) = (t.min() as i128, t.max() as i128);
                let v = range(v, lo, hi)?;
                match (t.bits(), t.is_signed()) {
                    (8, true) => Value::I8(v as i8),
                    (16, true) => Value::I16(v as i16),
                    (32, true) => Value::I32(v as i32),
                    (64, true) => Value::I64(v as i64),
                    (8, false) => Value::U8(v as u8),
                    (16, false) => Value::U16(v as u16),
                    (32, false) => Value::U32(v as u32),
                    _ => Value::U64(v as u64),
                }
            }
            Kind::Float(f) => {
                let x = float_of(j, ptr)?;
                if f == rosetta_types::FloatType::F32 {
                    Value::F32(x as f32)
                } else {
                    Value::F64(x)
                }
            }
            Kind::Option(inner) => match j {
                Json::Null => Value::Option(None),
                Json::String(s) if inner == TypeId::STRING => {
                    Value::Option(Some(Box::new(Value::String(s.as_str().into()))))
                }
                _ => Value::Option(Some(Box::new(self.decode(inner, j, ptr, depth + 1)?))),
            },
            Kind::String => match j {
                Json::String(s) => Value::String(s.as_str().into()),
                _ => return err(ptr, "expected a string"),
            },
            Kind::EntityId => Value::EntityId(self.entity_value(j, ptr)?.0 as i64),
            Kind::Enum(e) | Kind::Bitmask(e) => match j {
                Json::String(s) => {
                    let mut v = 0i64;
                    for part in s.split('|').map(str::trim).filter(|p| !p.is_empty()) {
                        match e.constant(part) {
                            Some(c) => v |= c.value(),
                            None => return err(ptr, format!("unknown constant '{part}'")),
                        }
                    }
                    Value::Enum(v)
                }
                _ => {
                    Value::Enum(range(int_of(j, ptr)?, i64::MIN as i128, u64::MAX as i128)? as i64)
                }
            },
            Kind::Struct(st) => {
                let Json::Object(o) = j else {
                    return err(ptr, "expected an object");
                };
                let mut vals = Vec::with_capacity(st.fields().len());
                for f in st.fields() {
                    let p = format!("{ptr}/{}", f.name());
                    match o.get(f.name()) {
                        Some(v) => vals.push(self.decode(f.ty(), v, &p, depth + 1)?),
                        None => vals.push(
                            rosetta_types::default_value(self.world.types(), f.ty())
                                .map_err(|x| (p.clone(), x.to_string()))?,
                        ),
                    }
                }
                if let Some(k) = o.keys().find(|k| st.field(k).is_none()) {
                    return err(ptr, format!("no member '{k}'"));
                }
                Value::Struct(vals.into_boxed_slice())
            }
            Kind::Array(el, n) => {
                let Json::Array(a) = j else {
                    return err(ptr, "expected an array");
                };
                if a.len() != n as usize {
                    return err(ptr, format!("expected {n} elements"));
                }
                self.decode_list(el, a, ptr, depth)?
            }
            Kind::List(el) | Kind::Set(el) => {
                let Json::Array(a) = j else {
                    return err(ptr, "expected an array");
                };
                self.decode_list(el, a, ptr, depth)?
            }
            _ => return err(ptr, "type not supported by world scripts"),
        })
    }

    fn decode_list(&mut self, el: TypeId, a: &[Json], ptr: &str, depth: usize) -> R<Value> {
        let mut out = Vec::with_capacity(a.len().min(1 << 16));
        for (i, x) in a.iter().enumerate() {
            out.push(self.decode(el, x, &format!("{ptr}/{i}"), depth + 1)?);
        }
        Ok(Value::List(out.into_boxed_slice()))
    }

    /// `{"entity": path|null}`, `{"entity_id": n}`, a path string or a number.
    fn entity_value(&mut self, j: &Json, ptr: &str) -> R<Id> {
        match j {
            Json::Object(o) if o.contains_key("entity") => match &o["entity"] {
                Json::Null => Ok(Id::NULL),
                Json::String(s) => self.resolve(s).map_err(|m| (format!("{ptr}/entity"), m)),
                _ => err(ptr, "entity must be a path or null"),
            },
            Json::Object(o) if o.contains_key("entity_id") => {
                let n = int_of(&o["entity_id"], ptr)?;
                let id = Id(range_u64(n, ptr)?);
                if self.frozen {
                    return match self.world.is_alive(id) {
                        true => Ok(id),
                        false => err(ptr, format!("entity {n} is not alive")),
                    };
                }
                self.world
                    .make_alive(id)
                    .map_err(|x| (ptr.to_string(), x.to_string()))
            }
            Json::String(s) => self.resolve(s).map_err(|m| (ptr.to_string(), m)),
            _ => Ok(Id(range_u64(int_of(j, ptr)?, ptr)?)),
        }
    }

    /// `{"id": [first, second?] | null}` contents.
    fn id_value(&mut self, j: &Json, ptr: &str) -> R<Id> {
        match j {
            Json::Null => Ok(Id::NULL),
            Json::Array(a) if a.len() == 1 || a.len() == 2 => {
                let mut ids = Vec::new();
                for (i, x) in a.iter().enumerate() {
                    let p = format!("{ptr}/id/{i}");
                    ids.push(match x {
                        Json::String(s) => self.resolve(s).map_err(|m| (p, m))?,
                        _ => Id(range_u64(int_of(x, &p)?, &p)?),
                    });
                }
                Ok(if ids.len() == 2 {
                    Id::pair(ids[0], ids[1])
                } else {
                    ids[0]
                })
            }
            _ => err(ptr, "id must be [first] or [first, second] or null"),
        }
    }
}

fn range_u64(v: i128, ptr: &str) -> R<u64> {
    u64::try_from(v).or_else(|_| err(ptr, "not a 64-bit unsigned id"))
}
