//! Reflected types as Flecs' meta addon describes them, for the value and type info
//! serializers: a world type entity with Flecs metadata ([`rosetta_world::meta::FlecsType`]),
//! or a type of the world's registry without it (schema components), read as the table in
//! [`rosetta_world::load`] says Flecs would describe it.
//!
//! | registry kind | Flecs meta |
//! | --- | --- |
//! | `Bool`, `Char`, `Int`, `Float`, `String` | the primitive of that width (`String`: `string`) |
//! | `EntityId` (a SpatialOS id, not a world entity) | `i64` |
//! | `Enum`, `Bitmask`, `Struct`, `Array` | enum, bitmask, struct, array |
//! | `List`, `Set`, `Option`, `Bytes` | vector (of 0 or 1 for `Option`, of `byte` for `Bytes`) |
//! | `Map(K, V)` | vector of `{key, value}` structs |
//! | `Entity` (component data by component id) | opaque: an object of the components' values by path, `{"game.Health":{"current":5}}` |
//! | `Uuid`, `Math`, `Tuple`, `Polymorphic`, `Any` | none: not reflected (`0`) |

use rosetta_types::{Kind, TypeId};
use rosetta_world::meta::{FlecsKind, Member};
use rosetta_world::{Id, World};

/// A type: a world entity, or a registry type (a schema type nested in another, which has no
/// entity of its own).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum TypeRef {
    /// A type entity.
    Entity(Id),
    /// A type of the world's registry.
    Registry(TypeId),
}

/// Flecs' primitive kinds (`ecs_primitive_kind_t`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Prim {
    Bool,
    Char,
    Byte,
    U8,
    U16,
    U32,
    U64,
    UPtr,
    I8,
    I16,
    I32,
    I64,
    IPtr,
    F32,
    F64,
    String,
    Entity,
    Id,
}

impl Prim {
    /// The primitive called `name` in `flecs.meta`.
    pub(crate) fn from_name(name: &str) -> Option<Prim> {
        Some(match name {
            "bool" => Prim::Bool,
            "char" => Prim::Char,
            "byte" => Prim::Byte,
            "u8" => Prim::U8,
            "u16" => Prim::U16,
            "u32" => Prim::U32,
            "u64" => Prim::U64,
            "uptr" => Prim::UPtr,
            "i8" => Prim::I8,
            "i16" => Prim::I16,
            "i32" => Prim::I32,
            "i64" => Prim::I64,
            "iptr" => Prim::IPtr,
            "f32" => Prim::F32,
            "f64" => Prim::F64,
            "string" => Prim::String,
            "entity" => Prim::Entity,
            "id" => Prim::Id,
            _ => return None,
        })
    }

    /// The type info word (`json_typeinfo_ser_primitive`).
    pub(crate) fn type_info(self) -> &'static str {
        match self {
            Prim::Bool => "bool",
            Prim::Char | Prim::String => "text",
            Prim::Byte => "byte",
            Prim::F32 | Prim::F64 => "float",
            Prim::Entity => "entity",
            Prim::Id => "id",
            _ => "int",
        }
    }

    /// The range of an integer primitive.
    pub(crate) fn int_range(self) -> Option<(i128, i128)> {
        Some(match self {
            Prim::Byte | Prim::U8 => (0, u8::MAX.into()),
            Prim::U16 => (0, u16::MAX.into()),
            Prim::U32 => (0, u32::MAX.into()),
            Prim::U64 | Prim::UPtr => (0, u64::MAX.into()),
            Prim::I8 => (i8::MIN.into(), i8::MAX.into()),
            Prim::I16 => (i16::MIN.into(), i16::MAX.into()),
            Prim::I32 => (i32::MIN.into(), i32::MAX.into()),
            Prim::I64 | Prim::IPtr => (i64::MIN.into(), i64::MAX.into()),
            _ => return None,
        })
    }
}

/// A struct member.
#[derive(Debug, Clone)]
pub(crate) struct MemberShape<'w> {
    pub(crate) name: &'w str,
    pub(crate) ty: TypeRef,
    /// More than 1: an inline array.
    pub(crate) count: u32,
    /// Flecs' member metadata (unit, ranges), when the type has it.
    pub(crate) meta: Option<&'w Member>,
}

/// Enum or bitmask constants.
#[derive(Debug, Clone)]
pub(crate) struct Constants<'w> {
    /// Name and value, in declaration order.
    pub(crate) list: Vec<(&'w str, i64)>,
    /// Indices into `list` in the order type info lists them.
    pub(crate) child_order: Vec<usize>,
}

/// What a type is.
#[derive(Debug, Clone)]
pub(crate) enum Shape<'w> {
    Prim(Prim),
    Enum(Constants<'w>),
    Bitmask(Constants<'w>),
    Struct(Vec<MemberShape<'w>>),
    Array(TypeRef, u32),
    Vector(TypeRef),
    Opaque(TypeRef),
    /// A byte string: a vector of `byte`.
    Bytes,
    /// Zero or one value: a vector.
    Optional(TypeRef),
    /// Entries: a vector of `{key, value}`.
    Map(TypeRef, TypeRef),
    /// A schema `Entity`: component data by component id, an object keyed by the components'
    /// paths (the registry's components).
    Components,
}

/// The shape of `t`, `None` if Flecs would have no reflection data for it.
pub(crate) fn shape(world: &World, t: TypeRef) -> Option<Shape<'_>> {
    match t {
        TypeRef::Entity(e) => {
            let ty = world.component_info(e)?.ty?;
            // A schema type's description is for Flecs; its values are the registry type's.
            match world.flecs_type(e).filter(|ft| !ft.schema) {
                Some(ft) => Some(match &ft.kind {
                    FlecsKind::Primitive(name) => Shape::Prim(Prim::from_name(name)?),
                    FlecsKind::Enum => Shape::Enum(flecs_constants(ft)),
                    FlecsKind::Bitmask => Shape::Bitmask(flecs_constants(ft)),
                    FlecsKind::Struct => Shape::Struct(
                        ft.members
                            .iter()
                            .map(|m| MemberShape {
                                name: &m.name,
                                ty: TypeRef::Entity(m.ty),
                                count: m.count.max(1),
                                meta: Some(m),
                            })
                            .collect(),
                    ),
                    FlecsKind::Array { element, count } => {
                        Shape::Array(TypeRef::Entity(*element), *count)
                    }
                    FlecsKind::Vector { element } => Shape::Vector(TypeRef::Entity(*element)),
                    FlecsKind::Opaque { as_type } => Shape::Opaque(TypeRef::Entity(*as_type)),
                }),
                None => registry_shape(world, ty),
            }
        }
        TypeRef::Registry(ty) => registry_shape(world, ty),
    }
}

fn flecs_constants(ft: &rosetta_world::meta::FlecsType) -> Constants<'_> {
    let list: Vec<(&str, i64)> = ft.constants.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    let child_order = if ft.child_order.len() == list.len() {
        ft.child_order.clone()
    } else {
        (0..list.len()).collect()
    };
    Constants { list, child_order }
}

fn registry_shape(world: &World, ty: TypeId) -> Option<Shape<'_>> {
    let kind = world.types().get(ty)?.kind();
    let r = TypeRef::Registry;
    Some(match kind {
        Kind::Bool => Shape::Prim(Prim::Bool),
        Kind::Char => Shape::Prim(Prim::Char),
        Kind::Int(it) => Shape::Prim(match (it.bits(), it.is_signed()) {
            (8, true) => Prim::I8,
            (16, true) => Prim::I16,
            (32, true) => Prim::I32,
            (64, true) => Prim::I64,
            (8, false) => Prim::U8,
            (16, false) => Prim::U16,
            (32, false) => Prim::U32,
            _ => Prim::U64,
        }),
        Kind::Float(f) => Shape::Prim(if *f == rosetta_types::FloatType::F32 {
            Prim::F32
        } else {
            Prim::F64
        }),
        Kind::String => Shape::Prim(Prim::String),
        Kind::EntityId => Shape::Prim(Prim::I64),
        Kind::Bytes => Shape::Bytes,
        Kind::Enum(et) | Kind::Bitmask(et) => {
            let list: Vec<(&str, i64)> = et
                .constants()
                .iter()
                .map(|c| (c.name(), c.value()))
                .collect();
            let child_order = (0..list.len()).collect();
            let c = Constants { list, child_order };
            if matches!(kind, Kind::Enum(_)) {
                Shape::Enum(c)
            } else {
                Shape::Bitmask(c)
            }
        }
        Kind::Struct(st) => Shape::Struct(
            st.fields()
                .iter()
                .map(|f| MemberShape {
                    name: f.name(),
                    ty: r(f.ty()),
                    count: 1,
                    meta: None,
                })
                .collect(),
        ),
        Kind::Array(t, n) => Shape::Array(r(*t), *n),
        Kind::List(t) | Kind::Set(t) => Shape::Vector(r(*t)),
        Kind::Option(t) => Shape::Optional(r(*t)),
        Kind::Map(k, v) => Shape::Map(r(*k), r(*v)),
        Kind::Entity => Shape::Components,
        Kind::Uuid | Kind::Math(_) | Kind::Tuple(_) | Kind::Polymorphic(_) | Kind::Any => {
            return None
        }
    })
}

/// The path of a type for messages: its entity's path, or the registry's name.
pub(crate) fn type_name(world: &World, t: TypeRef) -> String {
    match t {
        TypeRef::Entity(e) => world.path_of(e),
        TypeRef::Registry(ty) => world
            .types()
            .get(ty)
            .and_then(|t| t.qualified_name().map(str::to_string))
            .unwrap_or_else(|| format!("{ty:?}")),
    }
}

/// The order `ecs_map_t` iterates keys inserted in this order (how Flecs walks a bitmask's
/// constants): indices into `keys`.
///
/// The map starts with 2 buckets; after each insert the count of buckets becomes
/// `next_pow2((int)(count * 12 * 0.1))` when that is larger, rehashing by walking the old
/// buckets in order and prepending each entry to its new bucket. A key's bucket is the top
/// `log2(buckets)` bits of `key * 11400714819323198485`; an insert prepends to its bucket;
/// iteration visits buckets in order, each from its head.
pub(crate) fn map_order(keys: &[u64]) -> Vec<usize> {
    fn next_pow2(n: i32) -> i32 {
        let mut n = n.wrapping_sub(1);
        n |= n >> 1;
        n |= n >> 2;
        n |= n >> 4;
        n |= n >> 8;
        n |= n >> 16;
        n.wrapping_add(1)
    }
    fn bucket(key: u64, buckets: usize) -> usize {
        let shift = 64 - buckets.trailing_zeros();
        (11_400_714_819_323_198_485u64.wrapping_mul(key) >> shift) as usize
    }
    // Each bucket lists entry indices from its head.
    let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); 2];
    for (count, &key) in keys.iter().enumerate() {
        let count = count as i32 + 1;
        let target = next_pow2(((count * 12) as f64 * 0.1) as i32);
        if target > buckets.len() as i32 {
            let n = next_pow2(target).max(2) as usize;
            let mut fresh: Vec<Vec<usize>> = vec![Vec::new(); n];
            for old in &buckets {
                for &i in old {
                    fresh[bucket(keys[i], n)].insert(0, i);
                }
            }
            buckets = fresh;
        }
        let n = buckets.len();
        buckets[bucket(key, n)].insert(0, count as usize - 1);
    }
    buckets.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(names: &[&str], values: &[u64]) -> Vec<String> {
        map_order(values)
            .into_iter()
            .map(|i| names[i].to_string())
            .collect()
    }

    #[test]
    fn toppings_iterate_as_flecs_does() {
        let names = ["Lettuce", "Bacon", "Tomato", "Cheese", "BLT"];
        assert_eq!(
            order(&names, &[1, 2, 4, 8, 7]),
            ["Bacon", "BLT", "Tomato", "Lettuce", "Cheese"]
        );
    }

    #[test]
    fn nine_flags() {
        let names = ["A", "B", "C", "D", "E", "F", "G", "H", "I"];
        let values: Vec<u64> = (0..9).map(|i| 1 << i).collect();
        assert_eq!(
            order(&names, &values),
            ["H", "I", "B", "C", "G", "A", "F", "E", "D"]
        );
    }

    #[test]
    fn primitive_names_round_trip() {
        for name in [
            "bool", "char", "byte", "u8", "u16", "u32", "u64", "uptr", "i8", "i16", "i32", "i64",
            "iptr", "f32", "f64", "string", "entity", "id",
        ] {
            assert!(Prim::from_name(name).is_some(), "{name}");
        }
        assert_eq!(Prim::from_name("nope"), None);
        assert_eq!(Prim::UPtr.type_info(), "int");
        assert_eq!(Prim::String.type_info(), "text");
    }
}
