//! `v4::entity_to_json` against real Flecs v4 (`flecs_ecs`' Flecs 4.1.2): the same world built in
//! both, each entity written by both with the same options, compared byte for byte in
//! `Mode::Valid` (ids are not printed: `entity_id` is off).

#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{entity_to_json, EntityDesc};
use rosetta_world::FlecsVersion;
use v4_oracle::{rosetta_world, with_v416_separators, Oracle};

/// The world of `ROSETTA` (a Rosetta world script) and `FLECS` (the same in Flecs Script).
const ROSETTA: &str = concat!(
    "[",
    crate::rosetta_position_mass!(),
    r#"
    ["entity", "Planet"], ["entity", "Likes"], ["entity", "Bob"], ["entity", "Alice"],
    ["entity", "Sun"], ["entity", "Sun.Earth"],
    ["add", "Sun.Earth", "Planet"],
    ["set", "Sun.Earth", "Position", {"x": 1.5, "y": -2}],
    ["add", "Sun.Earth", ["Likes", "Bob"]],
    ["add", "Sun.Earth", ["Likes", "Alice"]],
    ["set", "Sun.Earth", "Mass", {"value": 5.97e24}]
]"#
);

const FLECS: &str = concat!(
    crate::flecs_position_mass!(),
    r#"Planet {}
Likes {}
Bob {}
Alice {}
Sun {
  Earth {
    Planet
    Position: {1.5, -2}
    (Likes, Bob)
    (Likes, Alice)
    Mass: {5.97e24}
  }
}
"#
);

fn both(desc: EntityDesc, path: &str) -> (String, String) {
    both_in(ROSETTA, FLECS, desc, path)
}

fn both_in(rosetta: &str, flecs: &str, desc: EntityDesc, path: &str) -> (String, String) {
    let oracle = Oracle::with_script(flecs);
    let mut d = Oracle::desc();
    d.serialize_entity_id = desc.entity_id;
    d.serialize_doc = desc.doc;
    d.serialize_full_paths = desc.full_paths;
    d.serialize_inherited = desc.inherited;
    d.serialize_values = desc.values;
    d.serialize_builtin = desc.builtin;
    d.serialize_type_info = desc.type_info;
    // 4.1.2 also puts `type_info` among the joined members where 4.1.6 puts it first
    // (`flecs_json_assemble_output`): the tests compare it as parsed JSON.
    let want = with_v416_separators(
        &oracle.entity_json(path, &d),
        &["pairs", "vars", "inherited", "type_info", "components"],
    );
    let w = rosetta_world(rosetta);
    let e = w.lookup(path).unwrap();
    let got = entity_to_json(
        &w,
        e,
        &EntityDesc {
            mode: Mode::Valid,
            ..desc
        },
    )
    .unwrap();
    (got, want)
}

#[test]
fn default_options() {
    let (got, want) = both(EntityDesc::default(), "Sun.Earth");
    assert_eq!(got, want);
}

#[test]
fn labels_instead_of_paths() {
    let desc = EntityDesc {
        full_paths: false,
        ..EntityDesc::default()
    };
    let (got, want) = both(desc, "Sun.Earth");
    assert_eq!(got, want);
}

#[test]
fn without_values() {
    let desc = EntityDesc {
        values: false,
        ..EntityDesc::default()
    };
    let (got, want) = both(desc, "Sun.Earth");
    assert_eq!(got, want);
}

#[test]
fn with_doc_and_builtin() {
    let desc = EntityDesc {
        doc: true,
        builtin: true,
        ..EntityDesc::default()
    };
    let (got, want) = both(desc, "Sun.Earth");
    assert_eq!(got, want);
}

#[test]
fn with_type_info() {
    let desc = EntityDesc {
        type_info: true,
        ..EntityDesc::default()
    };
    let (got, want) = both(desc, "Sun.Earth");
    assert!(
        got.starts_with(r#"{"type_info":{"Position":{"x":["float"], "y":["float"]}, "#),
        "{got}"
    );
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    assert_eq!(parse(&got), parse(&want), "{got}\n{want}");
}

/// A prefab shares what has `(OnInstantiate, Inherit)` and copies the rest (v4's default,
/// `Override`): the instance owns a `Position` and lists `Mass` under `inherited`.
const ROSETTA_PREFAB: &str = concat!(
    "[",
    crate::rosetta_position_mass!(),
    r#"
    ["add", "Mass", ["flecs.core.OnInstantiate", "flecs.core.Inherit"]],
    ["entity", "Rocky"],
    ["prefab", "Planet"],
    ["add", "Planet", "Rocky"],
    ["set", "Planet", "Position", {"x": 1, "y": 2}],
    ["set", "Planet", "Mass", {"value": 10}],
    ["entity", "Earth"],
    ["add", "Earth", ["flecs.core.IsA", "Planet"]]
]"#
);

const FLECS_PREFAB: &str = concat!(
    crate::flecs_position_mass!(),
    r#"Mass {
  (OnInstantiate, Inherit)
}
Rocky {}
prefab Planet {
  Rocky
  Position: {1, 2}
  Mass: {10}
}
Earth : Planet {}
"#
);

#[test]
fn inherited_components() {
    let desc = EntityDesc {
        inherited: true,
        ..EntityDesc::default()
    };
    let (got, want) = both_in(ROSETTA_PREFAB, FLECS_PREFAB, desc, "Earth");
    assert_eq!(got, want);
    let (got, want) = both_in(ROSETTA_PREFAB, FLECS_PREFAB, desc, "Planet");
    assert_eq!(got, want);
}

/// `GET /entity/flecs/core/World?values=true` as the explorer asks for it: the world entity
/// with the `BuildInfo` a v4.1.6 REST server sets on it. The oracle sets its own build info
/// as `ecs_rest_server_init` does; both give the same members (4.1.6 gives the World no symbol, 4.1.2 does), and
/// Rosetta's says 4.1.6 (the oracle's C is 4.1.2, and its compiler and flags are its own).
#[test]
fn the_world_entity_with_its_build_info() {
    use flecs_ecs::sys;
    let oracle = Oracle::new();
    let world = oracle.lookup("flecs.core.World");
    let info = oracle.lookup("flecs.core.BuildInfo");
    // SAFETY: a live world; BuildInfo's size is that of `ecs_build_info_t`, copied by Flecs.
    unsafe {
        let bi = sys::ecs_get_build_info();
        sys::ecs_set_id(
            oracle.raw(),
            world,
            info,
            std::mem::size_of::<sys::ecs_build_info_t>(),
            bi.cast(),
        );
    }
    let theirs: serde_json::Value =
        serde_json::from_str(&oracle.entity_json("flecs.core.World", &Oracle::desc())).unwrap();
    // Served, as the oracle's world is made to look: a bare world has no BuildInfo.
    let mut w = rosetta_world::World::with_version(FlecsVersion::V4);
    w.mark_rest_server().unwrap();
    let e = w.lookup("flecs.core.World").unwrap();
    let ours: serde_json::Value = serde_json::from_str(
        &entity_to_json(
            &w,
            e,
            &EntityDesc {
                mode: Mode::Valid,
                ..EntityDesc::default()
            },
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(ours["parent"], theirs["parent"]);
    assert_eq!(ours["name"], theirs["name"]);
    let (o, t) = (&ours["components"], &theirs["components"]);
    // 4.1.2 gives flecs.core.World the symbol "flecs.core.World"; 4.1.6 gives it none (its
    // ecs_init world JSON, crates/rosetta-world/tests/v4/builtins_416.json, and a 4.1.6 REST
    // server's World entity have no `(Identifier, Symbol)`).
    assert_eq!(
        t["(flecs.core.Identifier,flecs.core.Symbol)"]["value"],
        "flecs.core.World"
    );
    assert!(o.get("(flecs.core.Identifier,flecs.core.Symbol)").is_none());
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(
        keys(&o["flecs.core.BuildInfo"]),
        keys(&t["flecs.core.BuildInfo"])
    );
    assert_eq!(o["flecs.core.BuildInfo"]["version"], "4.1.6");
    assert_eq!(o["flecs.core.BuildInfo"]["version_patch"], 6);
    assert!(o["flecs.core.BuildInfo"]["addons"]
        .as_array()
        .unwrap()
        .contains(&"FLECS_REST".into()));
    assert_eq!(t["flecs.core.BuildInfo"]["version_major"], 4);
}

/// Values and type info of more kinds: enum, bool, char, strings, entities, integers of every
/// width, a nested struct.
const ROSETTA_KINDS: &str = r#"[
    ["enum", "Color", [["Red"], ["Green"], ["Blue"]]],
    ["struct", "Inner", [["a", "i8"], ["b", "u16"]]],
    ["struct", "Kinds", [["c", "Color"], ["ok", "bool"], ["s", "string"], ["e", "entity"],
        ["i", "i64"], ["u", "u32"], ["inner", "Inner"], ["f", "f32"]]],
    ["entity", "Target"],
    ["entity", "k"],
    ["set", "k", "Kinds", {"c": "Blue", "ok": true, "s": "hi \"there\"", "e": "Target",
        "i": -5, "u": 7, "inner": {"a": -1, "b": 2}, "f": 0.1}]
]"#;

const FLECS_KINDS: &str = r#"
using flecs.meta
enum Color {
  Red, Green, Blue
}
struct Inner {
  a = i8
  b = u16
}
struct Kinds {
  c = Color
  ok = bool
  s = string
  e = entity
  i = i64
  u = u32
  inner = Inner
  f = f32
}
Target {}
k {
  Kinds: {c: Blue, ok: true, s: "hi \"there\"", e: Target, i: -5, u: 7, inner: {a: -1, b: 2}, f: 0.1}
}
"#;

#[test]
fn values_and_type_info_of_every_kind() {
    let desc = EntityDesc {
        type_info: true,
        ..EntityDesc::default()
    };
    let (got, want) = both_in(ROSETTA_KINDS, FLECS_KINDS, desc, "k");
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    assert_eq!(parse(&got), parse(&want), "\nours:   {got}\ntheirs: {want}");
    let (got, want) = both_in(ROSETTA_KINDS, FLECS_KINDS, EntityDesc::default(), "k");
    assert_eq!(got, want);
}

/// A component entity in the inspector: its layout (`flecs.core.Component`) and the meta
/// components of its reflection, as Flecs holds them. They come in id order, which 4.1.6
/// changed: `EcsStruct` (and the other kinds) before `EcsTypeSerializer` and `EcsType`, where
/// 4.1.2 has `EcsType` first (compared as JSON with 4.1.2; the order as a 4.1.6 server
/// writes `GET /entity/Position`).
#[test]
fn a_type_entity() {
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    let (got, want) = both(EntityDesc::default(), "Position");
    assert_eq!(parse(&got), parse(&want), "\nours:   {got}\ntheirs: {want}");
    assert_eq!(
        got,
        r#"{"name":"Position", "components":{"flecs.core.Component":{"size":8, "alignment":4}, "flecs.meta.struct":null, "flecs.meta.TypeSerializer":null, "flecs.meta.type":{"kind":"StructType"}}}"#
    );
    let (got, want) = both(EntityDesc::default(), "Mass");
    assert_eq!(parse(&got), parse(&want), "\nours:   {got}\ntheirs: {want}");
}
