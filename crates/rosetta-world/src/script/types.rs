//! Type specs of world scripts: struct members, enum constants and the corpus' `type_spec`
//! objects (`{"struct": ..}`, `{"enum": ..}`, `{"bitmask": ..}`, `{"array": ..}`,
//! `{"vector": ..}`, `{"opaque": ..}`).

use rosetta_types::MAX_NESTING;
use serde_json::Value as Json;

use crate::builtin;
use crate::id::Id;
use crate::meta::{Member, Unit};
use crate::script::Ctx;

type R<T> = std::result::Result<T, (String, String)>;

fn err<T>(ptr: &str, msg: impl Into<String>) -> R<T> {
    Err((ptr.to_string(), msg.into()))
}

fn range(j: &Json, ptr: &str) -> R<Option<(f64, f64)>> {
    match j {
        Json::Null => Ok(None),
        Json::Array(a) if a.len() == 2 => match (a[0].as_f64(), a[1].as_f64()) {
            (Some(lo), Some(hi)) => Ok(Some((lo, hi))),
            _ => err(ptr, "a range is [min, max]"),
        },
        _ => err(ptr, "a range is [min, max]"),
    }
}

impl Ctx {
    /// A type: a primitive name, an alias, a path, or a spec object.
    pub(crate) fn type_ref(&mut self, j: &Json, ptr: &str, depth: usize) -> R<Id> {
        match j {
            Json::String(s) => {
                if let Some(&e) = self.aliases.get(s.as_str()) {
                    return Ok(e);
                }
                if let Some(p) = builtin::primitive(s) {
                    return Ok(p);
                }
                self.world
                    .lookup(s)
                    .ok_or_else(|| (ptr.to_string(), format!("unknown type '{s}'")))
            }
            Json::Object(_) => self.type_spec(j, ptr, depth + 1),
            _ => err(ptr, "a type is a name or a type spec object"),
        }
    }

    /// The entity a named (or `null`: anonymous) type definition goes to.
    fn type_entity(&mut self, name: &Json, ptr: &str) -> R<Id> {
        match name {
            Json::Null => Ok(self.world.new_entity()),
            Json::String(s) => match self.aliases.get(s.as_str()) {
                Some(&e) => Ok(e),
                None => self
                    .world
                    .entity(s)
                    .map_err(|e| (ptr.to_string(), e.to_string())),
            },
            _ => err(ptr, "a type name is a string or null"),
        }
    }

    /// The type named by member `key` of the spec object `o` at `ptr` (`null` when it is absent).
    fn type_ref_at(
        &mut self,
        o: &serde_json::Map<String, Json>,
        key: &str,
        ptr: &str,
        depth: usize,
    ) -> R<Id> {
        let j = o.get(key).unwrap_or(&Json::Null);
        self.type_ref(j, &format!("{ptr}/{key}"), depth)
    }

    /// A `type_spec` object; returns the type's entity.
    pub(crate) fn type_spec(&mut self, j: &Json, ptr: &str, depth: usize) -> R<Id> {
        if depth > MAX_NESTING {
            return err(ptr, rosetta_types::too_deep_message());
        }
        let Json::Object(o) = j else {
            return err(ptr, "expected a type spec object");
        };
        let w = |x: crate::error::Error| (ptr.to_string(), x.to_string());
        if let Some(name) = o.get("struct") {
            let e = self.type_entity(name, &format!("{ptr}/struct"))?;
            let members = o.get("members").unwrap_or(&Json::Null);
            let m = self.members(members, &format!("{ptr}/members"), depth)?;
            self.world.register_struct(e, m).map_err(w)?;
            Ok(e)
        } else if let Some(name) = o.get("enum").or_else(|| o.get("bitmask")) {
            let bitmask = o.contains_key("bitmask") && !o.contains_key("enum");
            let e = self.type_entity(name, ptr)?;
            let c = self.constants(
                o.get("constants").unwrap_or(&Json::Null),
                &format!("{ptr}/constants"),
            )?;
            if bitmask {
                self.world.register_bitmask(e, &c).map_err(w)?;
            } else {
                self.world.register_enum(e, &c).map_err(w)?;
            }
            Ok(e)
        } else if let Some(name) = o.get("array") {
            let e = self.type_entity(name, ptr)?;
            let el = self.type_ref_at(o, "type", ptr, depth)?;
            let count = o
                .get("count")
                .and_then(Json::as_u64)
                .filter(|&c| c > 0 && c <= 1 << 20);
            let Some(count) = count else {
                return err(&format!("{ptr}/count"), "count must be 1..2^20");
            };
            self.world.register_array(e, el, count as u32).map_err(w)?;
            Ok(e)
        } else if let Some(name) = o.get("vector") {
            let e = self.type_entity(name, ptr)?;
            let el = self.type_ref_at(o, "type", ptr, depth)?;
            self.world.register_vector(e, el).map_err(w)?;
            Ok(e)
        } else if let Some(name) = o.get("opaque") {
            let e = self.type_entity(name, ptr)?;
            let t = self.type_ref_at(o, "as_type", ptr, depth)?;
            self.world.register_opaque(e, t).map_err(w)?;
            Ok(e)
        } else {
            err(
                ptr,
                "a type spec has struct, enum, bitmask, array, vector or opaque",
            )
        }
    }

    /// Struct members: `[name, type, {unit?, count?, range?, ...}]` or `{name, type, ...}`.
    pub(crate) fn members(&mut self, j: &Json, ptr: &str, depth: usize) -> R<Vec<Member>> {
        let Json::Array(list) = j else {
            return err(ptr, "members must be an array");
        };
        let mut out = Vec::with_capacity(list.len().min(4096));
        for (i, m) in list.iter().enumerate() {
            let p = format!("{ptr}/{i}");
            let (name, ty, opts, tp) = match m {
                Json::Array(a) if (2..=3).contains(&a.len()) => {
                    (&a[0], &a[1], a.get(2), format!("{p}/1"))
                }
                Json::Object(o) => (
                    o.get("name").unwrap_or(&Json::Null),
                    o.get("type").unwrap_or(&Json::Null),
                    Some(m),
                    format!("{p}/type"),
                ),
                _ => return err(&p, "a member is [name, type, options?] or an object"),
            };
            let Json::String(name) = name else {
                return err(&p, "member name must be a string");
            };
            let t = self.type_ref(ty, &tp, depth)?;
            let mut member = Member::new(name.as_str(), t);
            if let Some(Json::Object(o)) = opts {
                if let Some(c) = o.get("count") {
                    match c.as_u64().filter(|&c| c <= 1 << 20) {
                        Some(c) => member.count = c.max(1) as u32,
                        None => return err(&format!("{p}/count"), "count must be 0..2^20"),
                    }
                }
                if let Some(Json::String(u)) = o.get("unit") {
                    member.unit = Some(self.resolve(u).map_err(|m| (format!("{p}/unit"), m))?);
                }
                member.range = range(o.get("range").unwrap_or(&Json::Null), &p)?;
                member.error_range = range(o.get("error_range").unwrap_or(&Json::Null), &p)?;
                member.warning_range = range(o.get("warning_range").unwrap_or(&Json::Null), &p)?;
            }
            out.push(member);
        }
        Ok(out)
    }

    /// Constants: `["A", "B"]` or `[["A"], ["B", 4]]`.
    pub(crate) fn constants(&mut self, j: &Json, ptr: &str) -> R<Vec<(String, Option<i64>)>> {
        let Json::Array(list) = j else {
            return err(ptr, "constants must be an array");
        };
        let mut out = Vec::with_capacity(list.len().min(4096));
        for (i, c) in list.iter().enumerate() {
            let p = format!("{ptr}/{i}");
            match c {
                Json::String(s) => out.push((s.clone(), None)),
                Json::Array(a) if !a.is_empty() && a.len() <= 2 => {
                    let Json::String(s) = &a[0] else {
                        return err(&p, "constant name must be a string");
                    };
                    let v = match a.get(1) {
                        None => None,
                        Some(v) => Some(v.as_i64().ok_or_else(|| {
                            (
                                format!("{p}/1"),
                                "constant value must be an integer".to_string(),
                            )
                        })?),
                    };
                    out.push((s.clone(), v));
                }
                _ => return err(&p, "a constant is a name or [name, value]"),
            }
        }
        Ok(out)
    }

    /// Unit options `{symbol?, quantity?, base?, over?}`.
    pub(crate) fn unit(&mut self, j: Option<&Json>, ptr: &str) -> R<Unit> {
        let mut u = Unit::default();
        let Some(Json::Object(o)) = j else {
            return Ok(u);
        };
        let get = |k: &str| -> R<Option<Id>> {
            match o.get(k) {
                Some(Json::String(s)) => Ok(Some(
                    self.resolve(s).map_err(|m| (format!("{ptr}/{k}"), m))?,
                )),
                None | Some(Json::Null) => Ok(None),
                _ => err(&format!("{ptr}/{k}"), "expected a name"),
            }
        };
        u.quantity = get("quantity")?;
        u.base = get("base")?;
        u.over = get("over")?;
        if let Some(Json::String(s)) = o.get("symbol") {
            u.symbol = Some(s.clone());
        }
        Ok(u)
    }
}
