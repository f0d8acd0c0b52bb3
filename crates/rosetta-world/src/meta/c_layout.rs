//! The C layout Flecs gives a reflected type: the `size` and `alignment` of its
//! `flecs.core.Component` and the `offset` of each struct member, as `flecs_init_type` and
//! `flecs_add_member_to_struct` compute them (each member at its natural alignment, the size
//! rounded up to the largest alignment).
//!
//! This is not the layout of the world's flat columns ([`crate::store::Layout`]): Flecs keeps
//! an enum as an `i32` and a bitmask as a `u32` whatever the constants, a string as a
//! `char*`, a vector as an `ecs_vec_t`, where the world keeps them its own way.

use rosetta_types::{FloatType, IntWidth, Kind, TypeId, TypeRegistry, MAX_NESTING};

use crate::id::Id;
use crate::world::World;

/// A pointer: `char*` (a Flecs string), the buffer of an `ecs_vec_t`.
const PTR: u32 = 8;
/// `sizeof(ecs_vec_t)`: a pointer and two `int32_t` (release builds).
const VEC_SIZE: u32 = 16;

/// `size` and `alignment` of a type, and the offsets of a struct's members.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CLayout {
    /// `sizeof`.
    pub size: u32,
    /// `alignof`.
    pub align: u32,
    /// For a struct, each member's offset in declaration order; empty otherwise.
    pub offsets: Vec<u32>,
}

impl CLayout {
    fn scalar(n: u32) -> CLayout {
        CLayout {
            size: n,
            align: n,
            offsets: Vec::new(),
        }
    }

    /// The layout of `ty` in `reg`, or `None` for a kind Flecs has no C type for (bytes,
    /// maps, sets, tuples, options other than a string, math types, uuids, polymorphic
    /// values), or a size past `i32::MAX`.
    pub fn of(reg: &TypeRegistry, ty: TypeId) -> Option<CLayout> {
        layout(reg, ty, 0, false)
    }

    /// [`CLayout::of`] as a v4 world describes schema types to Flecs
    /// ([`World::describe_schema_types`](crate::World)): an option (other than of a
    /// string), a set, a map and bytes are `ecs_vec_t`s too.
    pub fn of_v4(reg: &TypeRegistry, ty: TypeId) -> Option<CLayout> {
        layout(reg, ty, 0, true)
    }
}

const VEC: CLayout = CLayout {
    size: VEC_SIZE,
    align: PTR,
    offsets: Vec::new(),
};

fn layout(reg: &TypeRegistry, ty: TypeId, depth: usize, v4: bool) -> Option<CLayout> {
    if depth > MAX_NESTING {
        return None;
    }
    Some(match reg.get(ty)?.kind() {
        Kind::Bool | Kind::Char => CLayout::scalar(1),
        Kind::Int(t) => CLayout::scalar(match t.width() {
            IntWidth::W8 => 1,
            IntWidth::W16 => 2,
            IntWidth::W32 => 4,
            IntWidth::W64 => 8,
        }),
        Kind::Float(FloatType::F32) => CLayout::scalar(4),
        Kind::Float(FloatType::F64) => CLayout::scalar(8),
        Kind::EntityId | Kind::String => CLayout::scalar(PTR),
        // `ecs_i32_t` / `ecs_u32_t` whatever the world's representation.
        Kind::Enum(_) | Kind::Bitmask(_) => CLayout::scalar(4),
        Kind::Option(inner) if matches!(reg.get(*inner)?.kind(), Kind::String) => {
            CLayout::scalar(PTR)
        }
        Kind::List(_) => VEC,
        Kind::Option(_) | Kind::Set(_) | Kind::Map(..) | Kind::Bytes if v4 => VEC,
        Kind::Array(elem, count) => {
            let e = layout(reg, *elem, depth + 1, v4)?;
            CLayout {
                size: e
                    .size
                    .checked_mul(*count)
                    .filter(|&s| s <= i32::MAX as u32)?,
                align: e.align,
                offsets: Vec::new(),
            }
        }
        Kind::Struct(s) => {
            let (mut size, mut align) = (0u32, 1u32);
            let mut offsets = Vec::with_capacity(s.fields().len());
            for f in s.fields() {
                let m = layout(reg, f.ty(), depth + 1, v4)?;
                size = size.checked_next_multiple_of(m.align)?;
                offsets.push(size);
                size = size.checked_add(m.size)?;
                align = align.max(m.align);
            }
            let size = size.checked_next_multiple_of(align)?;
            (size <= i32::MAX as u32).then_some(())?;
            CLayout {
                size,
                align,
                offsets,
            }
        }
        _ => return None,
    })
}

impl World {
    /// The C layout of component `e`'s reflected type (see [`CLayout`]; in a v4 world
    /// [`CLayout::of_v4`]); `None` for an entity without reflection data or of a kind Flecs
    /// has no C type for.
    pub fn c_layout(&self, e: Id) -> Option<CLayout> {
        let ty = self.component_info(e)?.ty?;
        match self.version() {
            crate::FlecsVersion::V3 => CLayout::of(&self.types, ty),
            crate::FlecsVersion::V4 => CLayout::of_v4(&self.types, ty),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::script;

    /// Sizes and offsets v3.2.8's `ecs_struct_init` gives the same types (its world JSON).
    #[test]
    fn layouts_as_flecs_computes_them() {
        let l = script::load_str(
            r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]],
                ["enum", "Color", ["Red", "Green", ["Blue", 7]]],
                ["bitmask", "Flags", ["A", "B"]],
                ["struct", "Ship", [["pos", "Position"], ["name", "string"], ["alive", "bool"],
                    ["color", "Color"], ["big", "i64", {"count": 2}], ["d", "f64"],
                    ["fl", "Flags"], ["len", "f32"]]],
                ["type", {"array": "Arr", "type": "i32", "count": 3}],
                ["type", {"vector": "Vec", "type": "f64"}]]"#,
        )
        .unwrap();
        let w = &l.world;
        let at = |n: &str| w.c_layout(w.lookup(n).unwrap()).unwrap();
        assert_eq!((at("Position").size, at("Position").align), (8, 4));
        assert_eq!(at("Position").offsets, [0, 4]);
        let ship = at("Ship");
        assert_eq!((ship.size, ship.align), (56, 8));
        assert_eq!(ship.offsets, [0, 8, 16, 20, 24, 40, 48, 52]);
        assert_eq!((at("Color").size, at("Flags").size), (4, 4));
        assert_eq!((at("Arr").size, at("Arr").align), (12, 4));
        assert_eq!((at("Vec").size, at("Vec").align), (16, 8));
    }
}
