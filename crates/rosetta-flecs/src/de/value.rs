//! A component value read from Flecs JSON by its reflected type, as `ecs_ptr_from_json` and
//! the meta cursor read it: numbers into any numeric kind (a fraction truncated, as C casts
//! it, the range checked), Flecs' quoted forms (`"2366700781656087864"`, `"1e4"`, `"NaN"`,
//! `"Inf"`), enums by constant name, bitmasks as `A|B`, entities by path (created when
//! missing, anonymous ids mapped), ids as `["Rel","Tgt"]`, structs by member name (missing
//! members keep their default), inline arrays, arrays and vectors.
//!
//! Types that only a SpatialOS schema has are read in the forms the load table of
//! `rosetta_world::load` gives them in Flecs' meta addon, the forms the serializers write:
//! `bytes` a vector of bytes, `option<T>` a vector of 0 or 1 `T` (or `null`; a plain string
//! for an `option<string>` too), `map<K, V>` a vector of `{"key", "value"}` structs, a schema
//! `EntityId` an `i64` (a SpatialOS id, not an entity's path), an `Entity` an object of its
//! components' values by qualified name (`{"game.Health":{"current":5}}`). A Flecs `string`
//! shares its registry kind with `option<string>`: the Flecs type (the `string` primitive)
//! says which form it has.

use rosetta_types::{FloatType, Kind, TypeId, Value, MAX_NESTING};
use rosetta_world::meta::FlecsKind;
use rosetta_world::{builtin, Id, World};
use serde_json::Value as Json;

use super::resolve::Resolver;
use super::trail::{OwnedStep, Trail};

/// A reading error: where (steps from the document) and what.
#[derive(Debug, Clone)]
pub(crate) struct ReadError {
    pub(crate) steps: Vec<OwnedStep>,
    pub(crate) message: String,
}

impl ReadError {
    pub(crate) fn at(trail: &Trail<'_>, message: impl Into<String>) -> ReadError {
        ReadError {
            steps: trail.steps(),
            message: message.into(),
        }
    }
}

type R<T> = Result<T, ReadError>;

/// What a JSON value is, for messages.
pub(crate) fn what(j: &Json) -> &'static str {
    match j {
        Json::Null => "null",
        Json::Bool(_) => "a boolean",
        Json::Number(_) => "a number",
        Json::String(_) => "a string",
        Json::Array(_) => "an array",
        Json::Object(_) => "an object",
    }
}

/// Reads values into a world, creating the entities they name.
pub(crate) struct Decoder<'a> {
    pub(crate) world: &'a mut World,
    pub(crate) resolver: &'a mut Resolver,
}

/// The Flecs type entity behind a rosetta type, when the type was reflected the Flecs way
/// (it tells an `id` from a `u64` and a Flecs `entity` from a schema `EntityId`).
type Hint = Option<Id>;

impl Decoder<'_> {
    /// The value of component `comp` (a component entity) in `j`.
    pub(crate) fn component(&mut self, comp: Id, ty: TypeId, j: &Json, at: &Trail) -> R<Value> {
        if comp == builtin::DOC_DESCRIPTION {
            // Flecs reflects `EcsDocDescription` as `{"value": string}`; a plain string is
            // read too.
            return match j {
                Json::String(s) => Ok(Value::String(s.as_str().into())),
                Json::Object(o) if o.len() == 1 => match o.get("value") {
                    Some(Json::String(s)) => Ok(Value::String(s.as_str().into())),
                    Some(Json::Null) => Ok(Value::String("".into())),
                    _ => Err(ReadError::at(at, "expected {\"value\": a string}")),
                },
                _ => Err(ReadError::at(
                    at,
                    format!("expected {{\"value\": a string}}, found {}", what(j)),
                )),
            };
        }
        // A schema type's Flecs description says nothing of its values (the registry does).
        let hint = self
            .world
            .flecs_type(comp)
            .is_some_and(|t| !t.schema)
            .then_some(comp);
        self.value(ty, hint, j, at, 1)
    }

    fn value(&mut self, ty: TypeId, hint: Hint, j: &Json, at: &Trail, depth: usize) -> R<Value> {
        if depth > MAX_NESTING {
            return Err(ReadError::at(at, rosetta_types::too_deep_message()));
        }
        let flecs = hint.and_then(|h| self.world.flecs_type(h)).map(|t| &t.kind);
        match flecs {
            Some(FlecsKind::Primitive("id")) => return self.id(j, at).map(|id| Value::U64(id.0)),
            Some(FlecsKind::Opaque { as_type }) => {
                let as_type = *as_type;
                return self.value(ty, Some(as_type), j, at, depth);
            }
            _ => {}
        }
        let Some(kind) = self.world.types().get(ty).map(|t| t.kind().clone()) else {
            return Err(ReadError::at(
                at,
                "the component's type is not in the world",
            ));
        };
        let bad = |expected: &str| {
            Err(ReadError::at(
                at,
                format!("expected {expected}, found {}", what(j)),
            ))
        };
        Ok(match kind {
            Kind::Bool => Value::Bool(match j {
                Json::Bool(b) => *b,
                Json::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
                Json::String(s) if s == "true" => true,
                Json::String(s) if s == "false" => false,
                Json::String(s) if s.starts_with(|c: char| c.is_ascii_digit()) => s != "0",
                _ => return bad("a boolean"),
            }),
            Kind::Char => {
                let code = match j {
                    Json::String(s) => s.chars().next().map_or(0, u32::from),
                    Json::Number(_) => {
                        let n = int(j, i8::MIN.into(), i8::MAX.into(), at)?;
                        u32::from(n as i8 as u8)
                    }
                    _ => return bad("a character"),
                };
                Value::Char(char::from_u32(code).unwrap_or('\0'))
            }
            Kind::Int(t) => {
                let v = int(j, i128::from(t.min()), i128::from(t.max()), at)?;
                // `int` checked the range, so the casts below keep the value.
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
                let x = float(j, at)?;
                match f {
                    FloatType::F32 => Value::F32(x as f32),
                    _ => Value::F64(x),
                }
            }
            Kind::String => match j {
                Json::String(s) => Value::String(s.as_str().into()),
                _ => return bad("a string"),
            },
            // Flecs' `string` (a C string that may be NULL) shares its kind with a schema
            // `option<string>`; only the Flecs type tells them apart.
            Kind::Option(inner)
                if inner == TypeId::STRING
                    && matches!(flecs, Some(FlecsKind::Primitive("string"))) =>
            {
                match j {
                    Json::Null => Value::Option(None),
                    Json::String(s) => Value::Option(Some(Box::new(Value::string(s.as_str())))),
                    _ => return bad("a string or null"),
                }
            }
            // A schema option: a vector of 0 or 1 values, as it is written. A plain string
            // where no Flecs type says which (a Flecs `string` written by another tool) is
            // read as the value too.
            Kind::Option(inner) => match j {
                Json::Null => Value::Option(None),
                Json::Array(a) if a.is_empty() => Value::Option(None),
                Json::Array(a) if a.len() == 1 => {
                    let el = at.index(0);
                    Value::Option(Some(Box::new(self.value(
                        inner,
                        None,
                        &a[0],
                        &el,
                        depth + 1,
                    )?)))
                }
                Json::String(s) if inner == TypeId::STRING && flecs.is_none() => {
                    Value::Option(Some(Box::new(Value::string(s.as_str()))))
                }
                _ => return bad("[] or [value] (an option is a vector of 0 or 1 values)"),
            },
            Kind::Entity => self.components(j, at, depth)?,
            Kind::EntityId => {
                let flecs_entity = matches!(flecs, Some(FlecsKind::Primitive("entity")));
                if flecs_entity {
                    Value::EntityId(self.entity(j, at)?.0 as i64)
                } else {
                    // A schema EntityId is a SpatialOS id, written as Flecs' i64.
                    Value::EntityId(int(j, i64::MIN.into(), i64::MAX.into(), at)? as i64)
                }
            }
            Kind::Enum(e) => match j {
                Json::String(s) => match e.constant(s) {
                    Some(c) => Value::Enum(c.value()),
                    None => {
                        return Err(ReadError::at(at, format!("no constant '{s}' in the enum")))
                    }
                },
                Json::Number(_) => {
                    Value::Enum(int(j, i32::MIN.into(), u32::MAX.into(), at)? as i64)
                }
                _ => return bad("an enum constant's name"),
            },
            Kind::Bitmask(e) => match j {
                Json::String(s) => {
                    let mut bits = 0i64;
                    for part in s.split('|').map(str::trim) {
                        if part == "0" {
                            continue;
                        }
                        match e.constant(part) {
                            Some(c) => bits |= c.value(),
                            None => {
                                return Err(ReadError::at(
                                    at,
                                    format!("no constant '{part}' in the bitmask"),
                                ))
                            }
                        }
                    }
                    Value::Enum(bits)
                }
                Json::Number(_) => Value::Enum(int(j, 0, u32::MAX.into(), at)? as i64),
                _ => return bad("bitmask constants (A|B) or a number"),
            },
            Kind::Struct(st) => {
                let Json::Object(o) = j else {
                    return bad("an object");
                };
                let members = flecs
                    .filter(|k| matches!(k, FlecsKind::Struct))
                    .and(hint)
                    .and_then(|h| self.world.flecs_type(h))
                    .map(|t| t.members.clone());
                // `"a.b": v` sets member `b` of struct member `a` (`ecs_meta_dotmember`); the
                // dotted members of one head are read together, after its plain object.
                let mut groups: Vec<(&str, &str, Json)> = Vec::new();
                for (name, v) in o {
                    let (head, rest) = match name.split_once('.') {
                        Some((h, r)) => (h, Some(r)),
                        None => (name.as_str(), None),
                    };
                    let slot = match groups.iter().position(|g| g.0 == head) {
                        Some(i) => i,
                        None => {
                            groups.push((head, name.as_str(), Json::Null));
                            groups.len() - 1
                        }
                    };
                    match rest {
                        None => {
                            let merged = std::mem::replace(&mut groups[slot].2, v.clone());
                            if let (Json::Object(dotted), Json::Object(plain)) =
                                (merged, &mut groups[slot].2)
                            {
                                plain.extend(dotted);
                            }
                        }
                        Some(rest) => {
                            let g = &mut groups[slot].2;
                            if g.is_null() {
                                *g = Json::Object(serde_json::Map::new());
                            }
                            let Json::Object(m) = g else {
                                return Err(ReadError::at(
                                    &at.key(name),
                                    format!("'{head}' is not a struct here"),
                                ));
                            };
                            m.insert(rest.to_string(), v.clone());
                        }
                    }
                }
                let mut values: Vec<Option<Value>> = vec![None; st.fields().len()];
                for (head, first_name, v) in &groups {
                    let field_at = at.key(first_name);
                    let Some(i) = st.index_of(head) else {
                        return Err(ReadError::at(&field_at, format!("no member '{head}'")));
                    };
                    let field = &st.fields()[i];
                    let member = members.as_ref().and_then(|m| m.get(i));
                    let member_hint = member.map(|m| m.ty);
                    values[i] = Some(if member.is_some_and(|m| m.count > 1) {
                        self.inline_array(field.ty(), member_hint, v, &field_at, depth)?
                    } else {
                        self.value(field.ty(), member_hint, v, &field_at, depth + 1)?
                    });
                }
                let mut out = Vec::with_capacity(values.len());
                for (v, f) in values.into_iter().zip(st.fields()) {
                    out.push(match v {
                        Some(v) => v,
                        None => self.default(f.ty(), at)?,
                    });
                }
                Value::Struct(out.into_boxed_slice())
            }
            Kind::Array(el, n) => {
                let el_hint = match flecs {
                    Some(FlecsKind::Array { element, .. }) => Some(*element),
                    _ => None,
                };
                self.elements(el, el_hint, Some(n), j, at, depth)?
            }
            Kind::List(el) | Kind::Set(el) => {
                let el_hint = match flecs {
                    Some(FlecsKind::Vector { element }) => Some(*element),
                    _ => None,
                };
                self.elements(el, el_hint, None, j, at, depth)?
            }
            Kind::Bytes => {
                let Json::Array(a) = j else {
                    return bad("an array of bytes");
                };
                let mut out = Vec::with_capacity(a.len());
                for (i, b) in a.iter().enumerate() {
                    out.push(int(b, 0, 255, &at.index(i))? as u8);
                }
                Value::Bytes(out.into_boxed_slice())
            }
            Kind::Map(k, v) => {
                let Json::Array(a) = j else {
                    return bad("an array of {\"key\", \"value\"} entries");
                };
                let mut out = Vec::with_capacity(a.len().min(1 << 16));
                for (i, entry) in a.iter().enumerate() {
                    let entry_at = at.index(i);
                    let Json::Object(o) = entry else {
                        return Err(ReadError::at(&entry_at, "expected {\"key\", \"value\"}"));
                    };
                    if let Some(extra) = o.keys().find(|k| *k != "key" && *k != "value") {
                        return Err(ReadError::at(&entry_at, format!("no member '{extra}'")));
                    }
                    let key = match o.get("key") {
                        Some(x) => self.value(k, None, x, &entry_at.key("key"), depth + 1)?,
                        None => self.default(k, &entry_at)?,
                    };
                    let value = match o.get("value") {
                        Some(x) => self.value(v, None, x, &entry_at.key("value"), depth + 1)?,
                        None => self.default(v, &entry_at)?,
                    };
                    out.push((key, value));
                }
                Value::Map(out.into_boxed_slice())
            }
            // Kinds Flecs' meta addon cannot describe are written as `0` (no reflection): they
            // read back as their default.
            _ if j.as_u64() == Some(0) => self.default(ty, at)?,
            other => {
                return Err(ReadError::at(
                    at,
                    format!(
                        "values of kind {} cannot be read from Flecs JSON (only 0)",
                        kind_name(&other)
                    ),
                ))
            }
        })
    }

    /// A schema `Entity`: `{"pkg.C": value, ...}`, each member a schema component by its
    /// qualified name (its path in the world), read by the component's type.
    fn components(&mut self, j: &Json, at: &Trail, depth: usize) -> R<Value> {
        let Json::Object(o) = j else {
            return Err(ReadError::at(
                at,
                format!(
                    "expected an Entity (an object of components by name), found {}",
                    what(j)
                ),
            ));
        };
        let mut out = std::collections::BTreeMap::new();
        for (name, v) in o {
            let member_at = at.key(name);
            let component = self
                .world
                .types()
                .get_by_name(name)
                .and_then(|t| Some((t.id(), t.component()?.id())));
            let Some((ty, cid)) = component else {
                return Err(ReadError::at(
                    &member_at,
                    format!("'{name}' is not a component of the schema"),
                ));
            };
            let value = self.value(ty, None, v, &member_at, depth + 1)?;
            out.insert(cid, value);
        }
        Ok(Value::Entity(Box::new(out)))
    }

    /// A struct member with a count above 1: an inline array of `count` elements of the
    /// member's type (`ty` is the array type the world made for it).
    fn inline_array(
        &mut self,
        ty: TypeId,
        el_hint: Hint,
        j: &Json,
        at: &Trail,
        depth: usize,
    ) -> R<Value> {
        match self.world.types().get(ty).map(|t| t.kind().clone()) {
            Some(Kind::Array(el, n)) => self.elements(el, el_hint, Some(n), j, at, depth),
            _ => self.value(ty, None, j, at, depth + 1),
        }
    }

    /// The elements of an array (at most `count`, the rest default) or a vector.
    fn elements(
        &mut self,
        el: TypeId,
        el_hint: Hint,
        count: Option<u32>,
        j: &Json,
        at: &Trail,
        depth: usize,
    ) -> R<Value> {
        let Json::Array(a) = j else {
            return Err(ReadError::at(
                at,
                format!("expected an array, found {}", what(j)),
            ));
        };
        if let Some(n) = count {
            if a.len() > n as usize {
                return Err(ReadError::at(
                    at,
                    format!("{} elements for an array of {n}", a.len()),
                ));
            }
        }
        let mut out = Vec::with_capacity(a.len().min(1 << 16));
        for (i, x) in a.iter().enumerate() {
            out.push(self.value(el, el_hint, x, &at.index(i), depth + 1)?);
        }
        if let Some(n) = count {
            while out.len() < n as usize {
                out.push(self.default(el, at)?);
            }
        }
        Ok(Value::List(out.into_boxed_slice()))
    }

    fn default(&self, ty: TypeId, at: &Trail) -> R<Value> {
        rosetta_types::default_value(self.world.types(), ty)
            .map_err(|e| ReadError::at(at, e.to_string()))
    }

    /// An entity value: a path (created when missing), `0` (or `"0"`) for none, or a raw id.
    fn entity(&mut self, j: &Json, at: &Trail) -> R<Id> {
        match j {
            Json::String(s) if s == "0" => Ok(Id::NULL),
            Json::String(s) => self
                .resolver
                .path(self.world, Id::NULL, s)
                .map_err(|m| ReadError::at(at, m)),
            Json::Number(_) => Ok(Id(int(j, 0, u64::MAX.into(), at)? as u64)),
            _ => Err(ReadError::at(
                at,
                format!("expected an entity's path or 0, found {}", what(j)),
            )),
        }
    }

    /// An id value: `["Rel"]`, `["Rel", "Tgt"]`, a path, `0`, or a raw number.
    fn id(&mut self, j: &Json, at: &Trail) -> R<Id> {
        match j {
            Json::Array(a) if a.len() == 1 || a.len() == 2 => {
                let mut elems = [Id::NULL; 2];
                for (i, x) in a.iter().enumerate() {
                    elems[i] = self.entity(x, &at.index(i))?;
                }
                Ok(if a.len() == 2 {
                    Id::pair(elems[0], elems[1])
                } else {
                    elems[0]
                })
            }
            Json::String(_) | Json::Number(_) => self.entity(j, at),
            _ => Err(ReadError::at(
                at,
                format!(
                    "expected an id ([\"Rel\"] or [\"Rel\",\"Tgt\"]), found {}",
                    what(j)
                ),
            )),
        }
    }
}

/// An integer from a JSON number (a fraction truncated toward zero, as C's cast does) or a
/// string holding one (Flecs quotes 64-bit integers from 2^31 up), within `lo..=hi`.
pub(crate) fn int(j: &Json, lo: i128, hi: i128, at: &Trail) -> R<i128> {
    let v: i128 = match j {
        Json::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into()
            } else if let Some(u) = n.as_u64() {
                u.into()
            } else {
                let f = n.as_f64().unwrap_or(f64::NAN);
                if !f.is_finite() || f.abs() >= 1.8e19 {
                    return Err(ReadError::at(at, format!("{f} is out of range")));
                }
                f.trunc() as i128
            }
        }
        Json::String(s) => match s.trim().parse::<i128>() {
            Ok(v) => v,
            Err(_) => match s.trim().parse::<f64>() {
                Ok(f) if f.is_finite() && f.abs() < 1.8e19 => f.trunc() as i128,
                _ => return Err(ReadError::at(at, format!("'{s}' is not an integer"))),
            },
        },
        Json::Bool(b) => i128::from(*b),
        other => {
            return Err(ReadError::at(
                at,
                format!("expected an integer, found {}", what(other)),
            ))
        }
    };
    if v < lo || v > hi {
        return Err(ReadError::at(
            at,
            format!("{v} is out of range {lo}..={hi}"),
        ));
    }
    Ok(v)
}

/// A float from a JSON number or a string Flecs writes for one: its quoted exponent forms
/// (`"1e4"`, `"1.98849999999e30"`), `"NaN"` and `"Inf"` (as C's `atof` reads them, any case,
/// a sign allowed).
pub(crate) fn float(j: &Json, at: &Trail) -> R<f64> {
    match j {
        Json::Number(n) => n.as_f64().ok_or_else(|| ReadError::at(at, "not a number")),
        Json::String(s) => {
            let t = s.trim();
            let (neg, body) = match t.strip_prefix('-') {
                Some(b) => (true, b),
                None => (false, t.strip_prefix('+').unwrap_or(t)),
            };
            let lower = body.to_ascii_lowercase();
            let x = match lower.as_str() {
                "nan" => f64::NAN,
                "inf" | "infinity" => f64::INFINITY,
                _ => body
                    .parse::<f64>()
                    .map_err(|_| ReadError::at(at, format!("'{s}' is not a number")))?,
            };
            Ok(if neg { -x } else { x })
        }
        Json::Bool(b) => Ok(f64::from(u8::from(*b))),
        other => Err(ReadError::at(
            at,
            format!("expected a number, found {}", what(other)),
        )),
    }
}

fn kind_name(kind: &Kind) -> &'static str {
    match kind {
        Kind::Uuid => "uuid",
        Kind::Tuple(_) => "tuple",
        Kind::Math(_) => "math",
        Kind::Entity => "Entity",
        Kind::Polymorphic(_) => "polymorphic",
        Kind::Any => "any",
        _ => "this",
    }
}
