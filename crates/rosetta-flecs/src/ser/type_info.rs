//! `ecs_type_info_to_json` (`serialize_type_info.c`): what a reflected type looks like.
//!
//! | kind | JSON |
//! | --- | --- |
//! | bool; char and string; byte; integers; floats; entity; id | `["bool"]`, `["text"]`, `["byte"]`, `["int"]`, `["float"]`, `["entity"]`, `["id"]` |
//! | enum, bitmask | `["enum", "Red", "Blue"]`: constant names in the order their entities are listed |
//! | array type, inline array member | `["array", <element>, count]` |
//! | vector | `["vector", <element>]` |
//! | struct | `{"x":<member>, ...}` |
//! | opaque | its `as_type`'s |
//! | no reflection | `0` |
//!
//! A struct member with a unit or a range gets a second element:
//! `["int", {"unit":"celsius", "symbol":"°", "quantity":"temperature", "range":[-1, 1],
//! "error_range":[..], "warning_range":[..]}]`, keys in that order, a range only when its
//! bounds differ (bit for bit), symbol and quantity only when the unit has them. Quirks kept:
//! an inline-array member loses these extras; an array type of 1 element is its element's
//! type info; and for a member whose type is not a primitive (enum, bitmask, array, vector)
//! Flecs writes the separator twice before the extras (`["vector", ["int"], , {...}]`), which
//! only [`Mode::Engine`] reproduces.

use rosetta_world::builtin::QUANTITY;
use rosetta_world::meta::Member;
use rosetta_world::{Id, World};

use super::shape::{shape, Constants, MemberShape, Shape, TypeRef};
use super::value::push_path;
use crate::error::{Error, Result};
use crate::text::{self, List, Mode, SEP};

/// How deep type info nests (a recursive type, through a vector, would not end; Flecs
/// overflows its stack there).
const MAX_DEPTH: usize = 64;

/// [`super::type_info_to_json`] in either [`Mode`].
pub fn type_info_to_json_mode(out: &mut String, world: &World, ty: Id, mode: Mode) -> Result<()> {
    let len = out.len();
    let w = Writer { world, mode };
    w.ty(out, TypeRef::Entity(ty), 0)
        .inspect_err(|_| out.truncate(len))
}

struct Writer<'w> {
    world: &'w World,
    mode: Mode,
}

impl Writer<'_> {
    /// `json_typeinfo_ser_type`: a whole type (its ops from the top).
    fn ty(&self, out: &mut String, t: TypeRef, depth: usize) -> Result<()> {
        if depth > MAX_DEPTH {
            return Err(Error::Value(format!(
                "type info nests deeper than {MAX_DEPTH} levels (a recursive type?)"
            )));
        }
        match shape(self.world, t) {
            None => out.push('0'),
            Some(Shape::Array(el, n)) if n > 1 => self.array(out, el, n, depth)?,
            Some(Shape::Array(el, _)) => self.op(out, el, None, depth)?,
            Some(_) => self.op(out, t, None, depth)?,
        }
        Ok(())
    }

    /// `["array", <element>, count]`.
    fn array(&self, out: &mut String, el: TypeRef, n: u32, depth: usize) -> Result<()> {
        out.push_str("[\"array\"");
        out.push_str(SEP);
        self.ty(out, el, depth + 1)?;
        out.push_str(SEP);
        text::push_u64(out, n.into());
        out.push(']');
        Ok(())
    }

    /// One op of type `t`; `member` is the struct member it describes, if any.
    fn op(
        &self,
        out: &mut String,
        t: TypeRef,
        member: Option<&Member>,
        depth: usize,
    ) -> Result<()> {
        let Some(s) = shape(self.world, t) else {
            out.push('0');
            return Ok(());
        };
        // Elements written in the op's list before the extras (for the doubled separator).
        let listed = match s {
            Shape::Struct(members) => return self.members(out, &members, depth),
            // An opaque of any schema component: no type info describes it.
            Shape::Components => {
                out.push('0');
                return Ok(());
            }
            Shape::Opaque(as_type) => return self.ty(out, as_type, depth + 1),
            Shape::Prim(p) => {
                out.push('[');
                text::push_raw(out, p.type_info(), self.mode);
                0
            }
            Shape::Enum(c) => self.constants(out, "[\"enum\"", &c),
            Shape::Bitmask(c) => self.constants(out, "[\"bitmask\"", &c),
            Shape::Array(el, n) => {
                out.push_str("[\"array\"");
                out.push_str(SEP);
                self.ty(out, el, depth + 1)?;
                out.push_str(SEP);
                text::push_u64(out, n.into());
                3
            }
            Shape::Vector(el) | Shape::Optional(el) => {
                self.vector_head(out);
                self.ty(out, el, depth + 1)?;
                2
            }
            Shape::Bytes => {
                self.vector_head(out);
                out.push_str("[\"byte\"]");
                2
            }
            Shape::Map(k, v) => {
                self.vector_head(out);
                out.push_str("{\"key\":");
                self.op(out, k, None, depth + 1)?;
                out.push_str(SEP);
                out.push_str("\"value\":");
                self.op(out, v, None, depth + 1)?;
                out.push('}');
                2
            }
        };
        if let Some(m) = member {
            self.extras(out, m, listed);
        }
        out.push(']');
        Ok(())
    }

    fn vector_head(&self, out: &mut String) {
        out.push_str("[\"vector\"");
        out.push_str(SEP);
    }

    /// `"enum"` or `"bitmask"` and the constant names; returns how many elements that is.
    fn constants(&self, out: &mut String, head: &str, c: &Constants<'_>) -> usize {
        out.push_str(head);
        for &i in &c.child_order {
            out.push_str(SEP);
            text::push_raw(out, c.list[i].0, self.mode);
        }
        1 + c.list.len()
    }

    /// A struct: `{"name":<member>, ...}`.
    fn members(&self, out: &mut String, members: &[MemberShape<'_>], depth: usize) -> Result<()> {
        let mut list = List::open(out, '{');
        for m in members {
            list.key(out, m.name, self.mode);
            if m.count > 1 {
                self.array(out, m.ty, m.count, depth + 1)?;
            } else {
                self.op(out, m.ty, m.meta, depth + 1)?;
            }
        }
        list.close(out, '}');
        Ok(())
    }

    /// The member's unit and ranges, if it has any. `listed` elements precede them in the
    /// op's list: Flecs calls its list separator twice here, so after a non-empty list it
    /// writes `", , "` ([`Mode::Engine`]).
    fn extras(&self, out: &mut String, m: &Member, listed: usize) {
        let set = |r: Option<(f64, f64)>| r.filter(|(lo, hi)| lo.to_bits() != hi.to_bits());
        let (range, error, warning) = (set(m.range), set(m.error_range), set(m.warning_range));
        if m.unit.is_none() && range.is_none() && error.is_none() && warning.is_none() {
            return;
        }
        out.push_str(SEP);
        if listed > 0 && self.mode == Mode::Engine {
            out.push_str(SEP);
        }
        let mut obj = List::open(out, '{');
        if let Some(unit) = m.unit {
            obj.key(out, "unit", self.mode);
            push_path(out, self.world, unit, self.mode);
            if let Some(u) = self.world.unit(unit) {
                if let Some(symbol) = &u.symbol {
                    obj.key(out, "symbol", self.mode);
                    text::push_raw(out, symbol, self.mode);
                }
                if let Some(q) = self.world.target(unit, QUANTITY, 0) {
                    obj.key(out, "quantity", self.mode);
                    push_path(out, self.world, q, self.mode);
                }
            }
        }
        for (key, r) in [
            ("range", range),
            ("error_range", error),
            ("warning_range", warning),
        ] {
            if let Some((lo, hi)) = r {
                obj.key(out, key, self.mode);
                out.push('[');
                text::push_f64_mode(out, lo, self.mode);
                out.push_str(SEP);
                text::push_f64_mode(out, hi, self.mode);
                out.push(']');
            }
        }
        obj.close(out, '}');
    }
}

#[cfg(test)]
mod tests {
    use rosetta_world::script;
    use serde_json::json;

    use super::*;

    fn info(setup: &str, spec: serde_json::Value, mode: Mode) -> String {
        let mut l = script::load_str(setup).unwrap();
        let t = script::load_type(&mut l, &spec).unwrap();
        let mut out = String::new();
        type_info_to_json_mode(&mut out, &l.world, t, mode).unwrap();
        out
    }

    #[test]
    fn kinds() {
        let v = |spec| info("[]", spec, Mode::Valid);
        assert_eq!(v(json!("uptr")), r#"["int"]"#);
        assert_eq!(v(json!("char")), r#"["text"]"#);
        assert_eq!(
            v(json!({"enum": null, "constants": [["A", 3], ["B"], ["C", 1]]})),
            r#"["enum", "A", "C", "B"]"#
        );
        assert_eq!(
            v(json!({"array": null, "type": "i32", "count": 3})),
            r#"["array", ["int"], 3]"#
        );
        assert_eq!(
            v(json!({"array": null, "type": "i32", "count": 1})),
            r#"["int"]"#
        );
        assert_eq!(
            v(json!({"vector": null, "type": {"struct": null, "members": [["x", "f32"]]}})),
            r#"["vector", {"x":["float"]}]"#
        );
    }

    #[test]
    fn units_and_ranges() {
        let setup = r#"[["quantity", "temperature"],
            ["unit", "celsius", {"symbol": "°", "quantity": "temperature"}],
            ["unit", "seconds", {"symbol": "s"}], ["unit", "meters", {"symbol": "m"}],
            ["unit", "mps", {"base": "meters", "over": "seconds"}]]"#;
        let spec = json!({"struct": "T", "members": [
            {"name": "t", "type": "f32", "unit": "celsius", "range": [-1.5, 100]},
            {"name": "v", "type": "i32", "unit": "mps", "warning_range": [2, 2]},
            {"name": "a", "type": "i32", "unit": "mps", "count": 2}
        ]});
        assert_eq!(
            info(setup, spec, Mode::Valid),
            r#"{"t":["float", {"unit":"celsius", "symbol":"°", "quantity":"temperature", "range":[-1.5, 100]}], "v":["int", {"unit":"mps", "symbol":"m/s"}], "a":["array", ["int"], 2]}"#
        );
    }

    #[test]
    fn doubled_separator_only_in_engine_mode() {
        let spec = json!({"struct": "T", "members": [
            {"name": "v", "type": {"vector": null, "type": "i32"}, "range": [0, 1]}
        ]});
        let valid = info("[]", spec.clone(), Mode::Valid);
        assert_eq!(valid, r#"{"v":["vector", ["int"], {"range":[0, 1]}]}"#);
        assert!(serde_json::from_str::<serde_json::Value>(&valid).is_ok());
        assert_eq!(
            info("[]", spec, Mode::Engine),
            r#"{"v":["vector", ["int"], , {"range":[0, 1]}]}"#
        );
    }

    /// What v3.2.12 wrote for this struct after `ECS_IMPORT(world, FlecsUnits)` (a member
    /// with a unit, one whose type is a unit, a unit without quantity, a unit that is its own
    /// quantity); a member whose unit is not a unit fails, as `ecs_struct_init` does.
    #[test]
    fn flecs_units_members() {
        let spec = json!({"struct": "T", "members": [
            {"name": "t", "type": "f32", "unit": "flecs.units.Duration.Seconds"},
            {"name": "v", "type": "flecs.units.Speed.KiloMetersPerHour"},
            {"name": "f", "type": "f32", "unit": "flecs.units.Frequency.KiloHertz"},
            {"name": "p", "type": "f32", "unit": "flecs.units.Percentage"}]});
        assert_eq!(
            info(r#"[["import", "FlecsUnits"]]"#, spec, Mode::Valid),
            r#"{"t":["float", {"unit":"flecs.units.Duration.Seconds", "symbol":"s", "quantity":"flecs.units.Duration"}], "v":["float", {"unit":"flecs.units.Speed.KiloMetersPerHour", "symbol":"km/h", "quantity":"flecs.units.Speed"}], "f":["float", {"unit":"flecs.units.Frequency.KiloHertz", "symbol":"kHz"}], "p":["float", {"unit":"flecs.units.Percentage", "symbol":"%", "quantity":"flecs.units.Percentage"}]}"#
        );
        let mut l = script::load_str(r#"[["import", "FlecsUnits"]]"#).unwrap();
        let bad = json!({"struct": "B", "members": [
            {"name": "t", "type": "f32", "unit": "flecs.units.Duration"}]});
        let e = script::load_type(&mut l, &bad).unwrap_err().to_string();
        assert!(e.contains("not a unit"), "{e}");
    }

    #[test]
    fn unreflected_is_zero() {
        let l = script::load_str(r#"[["component", "Plain"], ["tag", "T"]]"#).unwrap();
        for name in ["Plain", "T"] {
            let mut out = String::new();
            let e = l.world.lookup(name).unwrap();
            type_info_to_json_mode(&mut out, &l.world, e, Mode::Valid).unwrap();
            assert_eq!(out, "0");
        }
    }
}
