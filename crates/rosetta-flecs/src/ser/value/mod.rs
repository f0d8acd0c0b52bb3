//! `ecs_ptr_to_json`: a reflected value as Flecs v3.2.12 writes it (`flecs_json_ser_type`).
//!
//! A type is compiled once into a [`ValueWriter`] (a small tree of nodes, recursive types
//! included) that then writes any number of values: the entity and iterator serializers
//! compile one per component and write every row with it.
//!
//! Flecs serializes a type through its flat list of "ops", and a few of its quirks follow
//! from that list, reproduced here:
//! - The ops of an *array type* are its element's ops with the first op's count set to the
//!   array's length. Written on its own (a component, a vector element) an array of 1 element
//!   therefore loses its brackets: `10`, not `[10]`.
//! - Elements of an array type member (`json_ser_array`) are written with the element type's
//!   ops and that count ignored: an array of arrays as a struct member writes only the first
//!   element of each inner array.
//! - An opaque type is written as its `as_type` through the serializer's callbacks: a struct
//!   as an object of members, an array or vector as a list, each value as a whole value.

use rosetta_types::Value;
use rosetta_world::{Id, World};

use super::shape::{shape, Prim, TypeRef};
use crate::error::{Error, Result};
use crate::text::{self, Mode, SEP};

mod compile;
mod node;

use compile::Compiler;
use node::{Node, NodeId};

/// A compiled reflected type: writes its values as Flecs does.
///
/// ```
/// use rosetta_flecs::ser::ValueWriter;
/// use rosetta_flecs::text::Mode;
/// let loaded = rosetta_world::script::load_str(
///     r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]],
///         ["entity", "e"], ["set", "e", "Position", {"x": 10000, "y": 0.1}]]"#,
/// )?;
/// let w = &loaded.world;
/// let pos = w.lookup("Position").unwrap();
/// let writer = ValueWriter::new(w, pos, Mode::Valid)?;
/// let mut out = String::new();
/// writer.write(&mut out, w, &w.get(w.lookup("e").unwrap(), pos).unwrap())?;
/// assert_eq!(out, r#"{"x":"1e4", "y":0.1000000015}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct ValueWriter {
    nodes: Vec<Node>,
    root: NodeId,
    mode: Mode,
}

/// A failure while writing, with the path to the value at fault (innermost segment first).
struct Fail {
    message: String,
    at: Vec<String>,
}

impl Fail {
    fn new(message: String) -> Fail {
        Fail {
            message,
            at: Vec::new(),
        }
    }

    fn within(mut self, segment: impl Into<String>) -> Fail {
        self.at.push(segment.into());
        self
    }

    fn into_error(self) -> Error {
        if self.at.is_empty() {
            return Error::Value(self.message);
        }
        let path: String = self.at.iter().rev().map(|s| format!("/{s}")).collect();
        Error::Value(format!("{} (at {path})", self.message))
    }
}

impl ValueWriter {
    /// Compiles the reflected type entity `ty`. Fails as `ecs_ptr_to_json` does for a type
    /// without reflection data.
    pub fn new(world: &World, ty: Id, mode: Mode) -> Result<ValueWriter> {
        let t = TypeRef::Entity(ty);
        if shape(world, t).is_none() {
            return Err(Error::Value(format!(
                "cannot serialize to JSON, '{}' has no reflection data",
                world.path_of(ty)
            )));
        }
        let mut c = Compiler::new(world, mode);
        let root = c.component(t)?;
        Ok(ValueWriter {
            nodes: c.into_nodes(),
            root,
            mode,
        })
    }

    /// The writer for the values of component id `id` (a component or a pair, typed as
    /// `ecs_get_typeid` types it), `None` when Flecs writes `0` for them: a tag, or a type
    /// without reflection data.
    pub fn for_id(world: &World, id: Id, mode: Mode) -> Result<Option<ValueWriter>> {
        match world.type_id_of(id) {
            Some(ty) if shape(world, TypeRef::Entity(ty)).is_some() => {
                ValueWriter::new(world, ty, mode).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// The mode it writes in.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Appends `value`. On error (an enum value without a constant, bitmask bits without a
    /// flag, a value that does not match the type) `out` is left as it was.
    pub fn write(&self, out: &mut String, world: &World, value: &Value) -> Result<()> {
        let len = out.len();
        self.node(self.root, value, world, out).map_err(|f| {
            out.truncate(len);
            f.into_error()
        })
    }

    fn node(&self, n: NodeId, v: &Value, w: &World, out: &mut String) -> Result<(), Fail> {
        match &self.nodes[n] {
            Node::Pending => Err(Fail::new("type still being defined".into())),
            Node::Alias(m) => self.node(*m, v, w, out),
            Node::Prim(p) => self.prim(*p, v, w, out),
            Node::Enum(ty, constants) => {
                let x = int_of(v).ok_or_else(|| mismatch("an enum", v))? as i32;
                match constants.iter().find(|(c, _)| *c == x) {
                    Some((_, name)) => {
                        out.push_str(name);
                        Ok(())
                    }
                    None => Err(Fail::new(format!(
                        "enumeration value '{x}' of type '{ty}' is not a valid constant"
                    ))),
                }
            }
            Node::Bitmask(ty, flags) => {
                let bits = int_of(v).ok_or_else(|| mismatch("a bitmask", v))? as u32;
                if bits == 0 {
                    out.push('0');
                    return Ok(());
                }
                let mut left = bits;
                out.push('"');
                let mut first = true;
                for (key, name) in flags {
                    if left & key == *key {
                        if !first {
                            out.push('|');
                        }
                        first = false;
                        out.push_str(name);
                        left -= key;
                    }
                }
                out.push('"');
                if left != 0 {
                    return Err(Fail::new(format!(
                        "bitmask value '{bits}' of type '{ty}' contains invalid/unknown bits"
                    )));
                }
                Ok(())
            }
            Node::Struct(keys, members) => {
                let Value::Struct(fields) = v else {
                    return Err(mismatch("a struct", v));
                };
                if fields.len() != members.len() {
                    return Err(Fail::new(format!(
                        "a struct of {} members has {} values",
                        members.len(),
                        fields.len()
                    )));
                }
                out.push('{');
                for (i, ((key, m), f)) in keys.iter().zip(members).zip(fields.iter()).enumerate() {
                    if i > 0 {
                        out.push_str(SEP);
                    }
                    out.push_str(&key.key);
                    self.node(*m, f, w, out).map_err(|e| e.within(&*key.name))?;
                }
                out.push('}');
                Ok(())
            }
            Node::List(el) => {
                let Value::List(items) = v else {
                    return Err(mismatch("a list", v));
                };
                self.list(*el, items.iter(), w, out)
            }
            Node::First(el) => {
                let Value::List(items) = v else {
                    return Err(mismatch("a list", v));
                };
                let first = items
                    .first()
                    .ok_or_else(|| Fail::new("an array without elements".into()))?;
                self.node(*el, first, w, out).map_err(|e| e.within("0"))
            }
            Node::Optional(el) => match v {
                Value::Option(o) => self.list(*el, o.iter().map(|b| &**b), w, out),
                _ => Err(mismatch("an option", v)),
            },
            Node::Bytes => {
                let Value::Bytes(b) = v else {
                    return Err(mismatch("bytes", v));
                };
                out.push('[');
                for (i, x) in b.iter().enumerate() {
                    if i > 0 {
                        out.push_str(SEP);
                    }
                    text::push_u64(out, u64::from(*x));
                }
                out.push(']');
                Ok(())
            }
            Node::Components(components) => {
                let Value::Entity(data) = v else {
                    return Err(mismatch("an Entity (component data)", v));
                };
                out.push('{');
                for (i, (cid, value)) in data.iter().enumerate() {
                    let Ok(at) = components.binary_search_by_key(cid, |c| c.0) else {
                        return Err(Fail::new(format!(
                            "component id {cid} is not a component of the schema"
                        )));
                    };
                    let (_, key, node) = &components[at];
                    if i > 0 {
                        out.push_str(SEP);
                    }
                    out.push_str(key);
                    self.node(*node, value, w, out)
                        .map_err(|e| e.within(cid.to_string()))?;
                }
                out.push('}');
                Ok(())
            }
            Node::Map(k, val) => {
                let Value::Map(entries) = v else {
                    return Err(mismatch("a map", v));
                };
                out.push('[');
                for (i, (key, value)) in entries.iter().enumerate() {
                    if i > 0 {
                        out.push_str(SEP);
                    }
                    out.push_str("{\"key\":");
                    self.node(*k, key, w, out)
                        .map_err(|e| e.within(format!("{i}/key")))?;
                    out.push_str(SEP);
                    out.push_str("\"value\":");
                    self.node(*val, value, w, out)
                        .map_err(|e| e.within(format!("{i}/value")))?;
                    out.push('}');
                }
                out.push(']');
                Ok(())
            }
        }
    }

    fn list<'v>(
        &self,
        el: NodeId,
        items: impl Iterator<Item = &'v Value>,
        w: &World,
        out: &mut String,
    ) -> Result<(), Fail> {
        out.push('[');
        for (i, x) in items.enumerate() {
            if i > 0 {
                out.push_str(SEP);
            }
            self.node(el, x, w, out)
                .map_err(|e| e.within(i.to_string()))?;
        }
        out.push(']');
        Ok(())
    }

    fn prim(&self, p: Prim, v: &Value, w: &World, out: &mut String) -> Result<(), Fail> {
        let mode = self.mode;
        match p {
            Prim::Bool => match v {
                Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                _ => return Err(mismatch("a bool", v)),
            },
            Prim::Char => match v {
                Value::Char(c) => text::push_char(out, *c, mode),
                _ => {
                    let code = int_of(v).ok_or_else(|| mismatch("a char", v))?;
                    let c = u32::try_from(code).ok().and_then(char::from_u32);
                    text::push_char(out, c.ok_or_else(|| mismatch("a char", v))?, mode);
                }
            },
            Prim::F32 => match v {
                Value::F32(f) => text::push_f32(out, *f, mode),
                Value::F64(f) => text::push_f32(out, *f as f32, mode),
                _ => return Err(mismatch("a float", v)),
            },
            Prim::F64 => match v {
                Value::F64(f) => text::push_f64_mode(out, *f, mode),
                Value::F32(f) => text::push_f32(out, *f, mode),
                _ => return Err(mismatch("a float", v)),
            },
            Prim::String => match v {
                Value::Option(None) => out.push_str("null"),
                Value::Option(Some(s)) => match &**s {
                    Value::String(s) => text::push_escaped(out, s, mode),
                    _ => return Err(mismatch("a string", v)),
                },
                Value::String(s) => text::push_escaped(out, s, mode),
                _ => return Err(mismatch("a string", v)),
            },
            Prim::Entity | Prim::Id => {
                let x = int_of(v).ok_or_else(|| mismatch("an id", v))?;
                let id = Id(x as u64);
                if id == Id::NULL {
                    out.push('0');
                } else if p == Prim::Entity {
                    push_path(out, w, id, mode);
                } else {
                    push_id(out, w, id, mode);
                }
            }
            _ => {
                let x = match v {
                    // A schema EntityId is a signed SpatialOS id (written as an `i64`), not
                    // an entity's 64 bits.
                    Value::EntityId(id) => i128::from(*id),
                    _ => int_of(v).ok_or_else(|| mismatch("an integer", v))?,
                };
                let (lo, hi) = p.int_range().unwrap_or((0, 0));
                if x < lo || x > hi {
                    return Err(Fail::new(format!("{x} does not fit a {p:?}")));
                }
                match p {
                    Prim::U64 => text::push_u64_member(out, x as u64),
                    Prim::UPtr if mode.is_lossless() => text::push_u64_member(out, x as u64),
                    Prim::UPtr => text::push_uptr(out, x as u64),
                    Prim::I64 => text::push_i64_member(out, x as i64, mode),
                    Prim::IPtr => text::push_i64(out, x as i64, mode),
                    _ if x < 0 => text::push_i64(out, x as i64, mode),
                    _ => text::push_u64(out, x as u64),
                }
            }
        }
        Ok(())
    }
}

/// [`super::value_to_json`] in either [`Mode`].
pub fn value_to_json_mode(
    out: &mut String,
    world: &World,
    ty: Id,
    value: &Value,
    mode: Mode,
) -> Result<()> {
    ValueWriter::new(world, ty, mode)?.write(out, world, value)
}

/// `ecs_array_to_json` with a count of 1 or more: `[v, v, ...]` (empty `values` write `[]`).
/// On error `out` is left as it was.
pub fn array_to_json(
    out: &mut String,
    world: &World,
    ty: Id,
    values: &[Value],
    mode: Mode,
) -> Result<()> {
    let writer = ValueWriter::new(world, ty, mode)?;
    let len = out.len();
    out.push('[');
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            out.push_str(SEP);
        }
        if let Err(e) = writer.write(out, world, v) {
            out.truncate(len);
            return Err(match e {
                Error::Value(m) => Error::Value(format!("element {i}: {m}")),
                e => e,
            });
        }
    }
    out.push(']');
    Ok(())
}

/// An integer held by any integer-like value (ids and enum values included).
fn int_of(v: &Value) -> Option<i128> {
    Some(match v {
        Value::I8(x) => (*x).into(),
        Value::I16(x) => (*x).into(),
        Value::I32(x) => (*x).into(),
        Value::I64(x) => (*x).into(),
        Value::U8(x) => (*x).into(),
        Value::U16(x) => (*x).into(),
        Value::U32(x) => (*x).into(),
        Value::U64(x) => (*x).into(),
        Value::Enum(x) => (*x).into(),
        // Ids are stored as their 64 bits.
        Value::EntityId(x) => (*x as u64).into(),
        Value::Bool(b) => (*b).into(),
        Value::Char(c) => u32::from(*c).into(),
        _ => return None,
    })
}

fn mismatch(what: &str, v: &Value) -> Fail {
    let shown = format!("{v:?}");
    let shown: String = shown.chars().take(60).collect();
    Fail::new(format!("expected {what}, got {shown}"))
}

/// `flecs_json_path`: `"` + the entity's path (`flecs.core.ChildOf`, `parent.545` for an
/// unnamed child, `*` and `_` for the wildcards) + `"`, unescaped in [`Mode::Engine`].
pub fn push_path(out: &mut String, world: &World, e: Id, mode: Mode) {
    super::names::push_path(out, world, e, mode);
}

/// `flecs_json_id`: `["Path"]`, or `["First","Second"]` for a pair (no space after the
/// comma); id flags are dropped.
pub fn push_id(out: &mut String, world: &World, id: Id, mode: Mode) {
    out.push('[');
    if id.is_pair() {
        let first = world.alive(id.first()).unwrap_or(Id::NULL);
        let second = world.alive(id.second()).unwrap_or(Id::NULL);
        push_path(out, world, first, mode);
        out.push(',');
        push_path(out, world, second, mode);
    } else {
        push_path(out, world, id.without_flags(), mode);
    }
    out.push(']');
}

#[cfg(test)]
mod tests;
