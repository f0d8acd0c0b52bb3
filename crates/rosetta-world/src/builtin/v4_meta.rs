//! The reflection a v4.1.6 world gives its builtin components (`src/addons/meta/definitions.c`,
//! the doc and script addons): `flecs.core.Component` is the struct `{size, alignment}` and
//! every builtin component holds its C type's value of it, `flecs.meta.type` is
//! `{kind: TypeKind}`, `flecs.meta.member` is `{type, count, unit, offset, use_offset}`, ...
//! The explorer's inspector shows them (`type_info` of a type entity, the `Component` value of
//! any component).
//!
//! `flecs.core.Identifier` and `flecs.doc.Description` are the struct `{value: string}` in
//! Flecs; the world keeps their values as strings, so they are not reflected here (the v4
//! writers describe them).

use rosetta_types::Value;

use super::v4_table::COMPONENT_LAYOUTS;
use super::COMPONENT;
use crate::hash::HashMap;
use crate::id::Id;
use crate::meta::Member;
use crate::world::World;

/// One builtin type's reflection, with types as paths.
enum Def {
    /// `ecs_struct_init`: (member, type) in order.
    Struct(&'static str, &'static [(&'static str, &'static str)]),
    /// `ecs_enum_init`: constants counting up from `first`.
    Enum(&'static str, &'static [&'static str], i64),
    /// `ecs_vector_init`.
    Vector(&'static str, &'static str),
    /// `ecs_opaque_init`: serialized as `as_type`.
    Opaque(&'static str, &'static str),
}

const I32: &str = "flecs.meta.i32";
const ENTITY: &str = "flecs.meta.entity";
const STRING: &str = "flecs.meta.string";
const CONST_STRING: &str = "flecs.core.const_string_t";
const ADDON_VEC: &str = "flecs.core.addon_vec_t";
const VALUE_RANGE: &str = "flecs.meta.value_range";
const UNIT_TRANSLATION: &str = "flecs.meta.unit_translation";

/// The builtin types 4.1.6 reflects, each after the types its members use.
const DEFS: &[Def] = &[
    Def::Struct("flecs.core.Component", &[("size", I32), ("alignment", I32)]),
    Def::Struct("flecs.core.Parent", &[("value", ENTITY)]),
    Def::Struct("flecs.core.DefaultChildComponent", &[("component", ENTITY)]),
    Def::Opaque(CONST_STRING, STRING),
    Def::Vector("flecs.core.string_vec_t", STRING),
    Def::Opaque(ADDON_VEC, "flecs.core.string_vec_t"),
    Def::Struct(
        "flecs.core.BuildInfo",
        &[
            ("compiler", CONST_STRING),
            ("addons", ADDON_VEC),
            ("flags", ADDON_VEC),
            ("version", CONST_STRING),
            ("version_major", "flecs.meta.i16"),
            ("version_minor", "flecs.meta.i16"),
            ("version_patch", "flecs.meta.i16"),
            ("debug", "flecs.meta.bool"),
            ("sanitize", "flecs.meta.bool"),
            ("perf_trace", "flecs.meta.bool"),
        ],
    ),
    Def::Enum(
        "flecs.meta.TypeKind",
        &[
            "PrimitiveType",
            "BitmaskType",
            "EnumType",
            "StructType",
            "ArrayType",
            "VectorType",
            "OpaqueType",
        ],
        0,
    ),
    Def::Struct("flecs.meta.type", &[("kind", "flecs.meta.TypeKind")]),
    // `U64 ` and `UPtr ` with a trailing space, as 4.1.6 names them.
    Def::Enum(
        "flecs.meta.PrimitiveKind",
        &[
            "Bool", "Char", "Byte", "U8", "U16", "U32", "U64 ", "I8", "I16", "I32", "I64", "F32",
            "F64", "UPtr ", "IPtr", "String", "Entity", "Id",
        ],
        1,
    ),
    Def::Struct(
        "flecs.meta.primitive",
        &[("kind", "flecs.meta.PrimitiveKind")],
    ),
    Def::Struct(
        "flecs.meta.member",
        &[
            ("type", ENTITY),
            ("count", I32),
            ("unit", ENTITY),
            ("offset", I32),
            ("use_offset", "flecs.meta.bool"),
        ],
    ),
    Def::Struct(
        VALUE_RANGE,
        &[("min", "flecs.meta.f64"), ("max", "flecs.meta.f64")],
    ),
    Def::Struct(
        "flecs.meta.member_ranges",
        &[
            ("value", VALUE_RANGE),
            ("warning", VALUE_RANGE),
            ("error", VALUE_RANGE),
        ],
    ),
    Def::Struct("flecs.meta.enum", &[("underlying_type", ENTITY)]),
    Def::Struct("flecs.meta.array", &[("type", ENTITY), ("count", I32)]),
    Def::Struct("flecs.meta.vector", &[("type", ENTITY)]),
    Def::Struct("flecs.meta.opaque", &[("as_type", ENTITY)]),
    Def::Struct(UNIT_TRANSLATION, &[("factor", I32), ("power", I32)]),
    Def::Struct(
        "flecs.meta.unit",
        &[
            ("symbol", STRING),
            ("prefix", ENTITY),
            ("base", ENTITY),
            ("over", ENTITY),
            ("translation", UNIT_TRANSLATION),
        ],
    ),
    Def::Struct(
        "flecs.meta.unit_prefix",
        &[("symbol", STRING), ("translation", UNIT_TRANSLATION)],
    ),
    Def::Struct(
        "flecs.script.ecs_script_view_t",
        &[
            ("filename", STRING),
            ("code", STRING),
            ("error", STRING),
            ("ast", STRING),
        ],
    ),
    Def::Opaque("flecs.script.Script", "flecs.script.ecs_script_view_t"),
    Def::Struct("flecs.script.Function", &[("return_type", ENTITY)]),
    Def::Struct("flecs.script.Method", &[("return_type", ENTITY)]),
];

impl World {
    /// Reflects the builtin types of [`DEFS`] and sets each builtin component's
    /// `flecs.core.Component` to its C layout (4.1.6's sizes, not the reflected members':
    /// `EcsIdentifier` is 40 bytes, its reflection one string). Runs after the primitives
    /// are reflected; a path missing from `paths` leaves that type out.
    pub(crate) fn reflect_builtins_v4(&mut self, paths: &HashMap<String, Id>) {
        let get = |p: &str| paths.get(p).copied();
        for def in DEFS {
            // Builtin setup cannot fail (every type is named in the table made from a real
            // world, its member types before it); errors are ignored to keep `World::new`
            // infallible, and a test checks each type ends up reflected.
            let _ = match def {
                Def::Struct(path, members) => {
                    let (Some(e), Some(list)) = (
                        get(path),
                        members
                            .iter()
                            .map(|(n, t)| Some(Member::new(*n, get(t)?)))
                            .collect::<Option<Vec<_>>>(),
                    ) else {
                        continue;
                    };
                    self.register_struct(e, list)
                }
                Def::Enum(path, names, first) => {
                    let Some(e) = get(path) else { continue };
                    let constants: Vec<(String, Option<i64>)> = names
                        .iter()
                        .enumerate()
                        .map(|(i, n)| (n.to_string(), (i == 0 && *first != 0).then_some(*first)))
                        .collect();
                    self.register_enum(e, &constants)
                }
                Def::Vector(path, element) => match (get(path), get(element)) {
                    (Some(e), Some(t)) => self.register_vector(e, t),
                    _ => continue,
                },
                Def::Opaque(path, as_type) => match (get(path), get(as_type)) {
                    (Some(e), Some(t)) => self.register_opaque(e, t),
                    _ => continue,
                },
            };
        }
        for (path, size, align) in COMPONENT_LAYOUTS {
            if let Some(e) = get(path) {
                let value = Value::Struct(Box::new([Value::I32(*size), Value::I32(*align)]));
                let _ = self.set(e, COMPONENT, value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::meta::FlecsKind;
    use crate::FlecsVersion;

    fn path_of(d: &Def) -> &'static str {
        match d {
            Def::Struct(p, _) | Def::Enum(p, ..) | Def::Vector(p, _) | Def::Opaque(p, _) => p,
        }
    }

    #[test]
    fn every_builtin_type_is_reflected() {
        let w = World::with_version(FlecsVersion::V4);
        for d in DEFS {
            let e = w
                .lookup(path_of(d))
                .unwrap_or_else(|| panic!("{}", path_of(d)));
            let ft = w.flecs_type(e).unwrap_or_else(|| panic!("{}", path_of(d)));
            let want = match d {
                Def::Struct(_, m) => {
                    let names: Vec<&str> = ft.members.iter().map(|m| m.name.as_str()).collect();
                    assert_eq!(names, m.iter().map(|m| m.0).collect::<Vec<_>>());
                    "struct"
                }
                Def::Enum(_, c, _) => {
                    assert_eq!(ft.constants.len(), c.len());
                    "enum"
                }
                Def::Vector(..) => "vector",
                Def::Opaque(..) => "opaque",
            };
            let got = match ft.kind {
                FlecsKind::Struct => "struct",
                FlecsKind::Enum => "enum",
                FlecsKind::Vector { .. } => "vector",
                FlecsKind::Opaque { .. } => "opaque",
                _ => "other",
            };
            assert_eq!(got, want, "{}", path_of(d));
        }
        let kind = w.lookup("flecs.meta.PrimitiveKind").unwrap();
        let c = &w.flecs_type(kind).unwrap().constants;
        assert_eq!((c[0].1, c[17].1), (1, 18), "Bool is 1, Id 18");
    }

    #[test]
    fn builtin_components_hold_their_c_layout() {
        let w = World::with_version(FlecsVersion::V4);
        let layout = |p: &str| {
            w.get_owned(w.lookup(p).unwrap(), COMPONENT)
                .map(|v| v.into_owned())
        };
        let pair = |s: i32, a: i32| Some(Value::Struct(Box::new([Value::I32(s), Value::I32(a)])));
        assert_eq!(layout("flecs.core.Identifier"), pair(40, 8));
        assert_eq!(layout("flecs.core.Poly"), pair(8, 8));
        assert_eq!(layout("flecs.meta.type"), pair(8, 4));
        assert_eq!(layout("flecs.core.BuildInfo"), pair(48, 8));
        assert_eq!(layout("flecs.meta.bool"), pair(1, 1));
        // A v3 world is left as it was: `Component` has no reflection there.
        let v3 = World::new();
        assert!(v3.flecs_type(COMPONENT).is_none());
    }
}
