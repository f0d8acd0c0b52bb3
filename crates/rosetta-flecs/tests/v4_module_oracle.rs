//! The scopes of registered types become modules, in Rosetta's v4 world as in Flecs: the same
//! types registered in Rosetta (a world script) and in `flecs_ecs`' Flecs 4.1.2 (the Flecs
//! Script Rosetta writes for them), then each scope's entity JSON compared.
//!
//! 4.1.2 and 4.1.6 both make a component's parent a module (`flecs_on_component`) and a new
//! module's parent one (`flecs_ensure_module_tag`). Where they differ, Rosetta follows 4.1.6
//! (checked against a 4.1.6 build): 4.1.6 gives a module made so `flecs.core.Singleton` too
//! (`(Module, With, Singleton)`), except a root entity that has only its name; 4.1.2 gives
//! none. The expected 4.1.6 tags are written out below, 4.1.2's are compared without
//! `Singleton`.

#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use rosetta_flecs::v4::{self, EntityDesc};
use rosetta_world::FlecsVersion;
use serde_json::Value as Json;
use v4_oracle::{rosetta_world, Oracle};

const WORLD: &str = r#"[
  ["struct", "game.Health", [["value", "i32"]]],
  ["struct", "a.b.c.Deep", [["value", "i32"]]],
  ["enum", "game.Team", ["Red", "Blue"]],
  ["entity", "plain.child"]
]"#;

fn parse(s: &str) -> Json {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

fn without_singleton(mut j: Json) -> Json {
    if let Some(o) = j.as_object_mut() {
        if let Some(tags) = o.get_mut("tags").and_then(Json::as_array_mut) {
            tags.retain(|t| t != "flecs.core.Singleton");
            if tags.is_empty() {
                o.remove("tags");
            }
        }
    }
    j
}

#[test]
fn type_scopes_are_modules_as_in_flecs() {
    let w = rosetta_world(WORLD);
    let oracle = Oracle::new();
    oracle.script(&v4::types_to_script(&w).unwrap());
    // Real Flecs also has the plain entity, made as Rosetta's script makes it.
    oracle.script("plain.child {}\n");
    let desc = EntityDesc::default();
    let expected_416 = [
        ("game", Some(vec!["flecs.core.Module"])),
        ("a", Some(vec!["flecs.core.Module"])),
        (
            "a.b",
            Some(vec!["flecs.core.Module", "flecs.core.Singleton"]),
        ),
        (
            "a.b.c",
            Some(vec!["flecs.core.Module", "flecs.core.Singleton"]),
        ),
        ("plain", None),
        ("plain.child", None),
    ];
    for (path, tags) in expected_416 {
        let e = w.lookup(path).unwrap();
        let ours = parse(&v4::entity_to_json(&w, e, &desc).unwrap());
        assert_eq!(
            ours.get("tags").cloned(),
            tags.map(|t| serde_json::json!(t)),
            "{path}: {ours}"
        );
        let theirs = parse(&oracle.entity_json(path, &Oracle::desc()));
        assert_eq!(without_singleton(ours), theirs, "{path}");
    }
    // The types themselves are no modules.
    let module = |j: &Json| j["tags"].to_string().contains("flecs.core.Module");
    for path in ["game.Health", "game.Team", "a.b.c.Deep"] {
        let theirs = parse(&oracle.entity_json(path, &Oracle::desc()));
        assert!(!module(&theirs), "{path}: {theirs}");
        let ours = parse(&v4::entity_to_json(&w, w.lookup(path).unwrap(), &desc).unwrap());
        assert!(!module(&ours), "{path}: {ours}");
        assert_eq!(ours["tags"], theirs["tags"], "{path}");
    }
}

/// Both leave the modules (and so the types in them) out of `ecs_world_to_json`.
#[test]
fn world_json_leaves_module_scopes_out() {
    let w = rosetta_world(WORLD);
    let oracle = Oracle::new();
    oracle.script(&v4::types_to_script(&w).unwrap());
    oracle.script("plain.child {}\n");
    let paths = |doc: &str| -> Vec<String> {
        let mut v: Vec<String> = parse(doc)["results"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| match r["parent"].as_str() {
                Some(p) => format!("{p}.{}", r["name"].as_str().unwrap()),
                None => r["name"].as_str().unwrap().to_string(),
            })
            .collect();
        v.sort();
        v
    };
    let ours = v4::world_to_json(&w, rosetta_flecs::text::Mode::Valid).unwrap();
    assert_eq!(paths(&ours), ["plain", "plain.child"]);
    assert_eq!(paths(&ours), paths(&oracle.world_json()));
}

/// Reading world JSON: a component row makes its parent a module, a module row its parent,
/// as `ecs_world_from_json` of a 4.1.6 build does (its entity JSON after reading this
/// document is written out below); 4.1.2 reads it the same, `Singleton` aside.
#[test]
fn world_json_rows_make_modules() {
    let doc = r#"{"results":[
      {"name":"top", "tags":["flecs.core.Module"]},
      {"parent":"p", "name":"q", "tags":["flecs.core.Module"]},
      {"parent":"u.v", "name":"C", "components":{"flecs.core.Component":{"size":4, "alignment":4}}}
    ]}"#;
    let mut w = rosetta_world::World::with_version(FlecsVersion::V4);
    rosetta_flecs::de::world_from_json(&mut w, doc, &Default::default()).unwrap();
    let oracle = Oracle::new();
    oracle.world_from_json(doc).unwrap();
    let expected_416 = [
        ("top", r#"{"name":"top", "tags":["flecs.core.Module"]}"#),
        ("p", r#"{"name":"p", "tags":["flecs.core.Module"]}"#),
        (
            "p.q",
            r#"{"parent":"p", "name":"q", "tags":["flecs.core.Module", "flecs.core.Singleton"]}"#,
        ),
        ("u", r#"{"name":"u", "tags":["flecs.core.Module"]}"#),
        (
            "u.v",
            r#"{"parent":"u", "name":"v", "tags":["flecs.core.Module", "flecs.core.Singleton"]}"#,
        ),
    ];
    for (path, want) in expected_416 {
        let e = w.lookup(path).unwrap();
        let ours = parse(&v4::entity_to_json(&w, e, &EntityDesc::default()).unwrap());
        assert_eq!(ours, parse(want), "{path}");
        let theirs = parse(&oracle.entity_json(path, &Oracle::desc()));
        assert_eq!(without_singleton(ours), theirs, "{path}");
    }
}
