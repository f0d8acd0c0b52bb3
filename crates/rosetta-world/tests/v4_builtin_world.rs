//! The v4 builtin world against a real Flecs v4.1.6 world: every builtin entity a default
//! v4.1.6 build has after `ecs_init()` (`tests/v4/builtins_416.json`, written by
//! `tests/v4/dump_builtins.c` from v4.1.6's distr/flecs.c) exists in `World::with_version(V4)`
//! with the same path, symbol, tags and pairs, and no other named builtin does.

use std::collections::BTreeSet;

use rosetta_world::{builtin, FlecsVersion, Id, World};

/// `ecs_world_to_json` of a new v4.1.6 `ecs_init()` world, builtins and modules included.
fn oracle_world_json() -> serde_json::Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/v4/builtins_416.json");
    let text = std::fs::read_to_string(path).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json
}

fn ids_of(w: &World, e: Id) -> (BTreeSet<String>, BTreeSet<(String, String)>) {
    let mut tags = BTreeSet::new();
    let mut pairs = BTreeSet::new();
    for &id in w.type_of(e) {
        if id.is_pair() {
            let (r, t) = (w.alive(id.first()).unwrap(), w.alive(id.second()).unwrap());
            if r != builtin::CHILD_OF && r != builtin::IDENTIFIER && r != builtin::POLY {
                pairs.insert((w.path_of(r), w.path_of(t)));
            }
        } else if !w.is_component(id) {
            tags.insert(w.path_of(id));
        }
    }
    (tags, pairs)
}

#[test]
fn builtin_entities_match_a_real_v4_world() {
    let oracle = oracle_world_json();
    let w = World::with_version(FlecsVersion::V4);
    let mut checked = 0;
    for e in oracle["results"].as_array().unwrap() {
        let name = e["name"].as_str().unwrap();
        let parent = e["parent"].as_str().unwrap_or("");
        if name.starts_with('#') {
            continue;
        }
        let path = if parent.is_empty() {
            name.to_string()
        } else {
            format!("{parent}.{name}")
        };
        let Some(id) = w.lookup(&path) else {
            panic!("{path} missing")
        };
        assert_eq!(w.path_of(id), path);
        let (tags, pairs) = ids_of(&w, id);
        let want_tags: BTreeSet<String> = e["tags"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|t| t.as_str().unwrap().to_string())
            .filter(|t| t != "flecs.core.Private")
            .collect();
        let mut want_pairs = BTreeSet::new();
        for (r, t) in e["pairs"].as_object().into_iter().flatten() {
            for t in t.as_array().cloned().unwrap_or_else(|| vec![t.clone()]) {
                let t = t.as_str().unwrap();
                // An anonymous target is printed with its id, which is Rosetta's own here.
                let t = match t.strip_prefix('#') {
                    Some(_) => pairs
                        .iter()
                        .find(|p| &p.0 == r)
                        .map_or(t.into(), |p| p.1.clone()),
                    None => t.to_string(),
                };
                want_pairs.insert((r.clone(), t));
            }
        }
        assert_eq!(tags, want_tags, "tags of {path}");
        assert_eq!(pairs, want_pairs, "pairs of {path}");
        let symbol = e["components"]["(flecs.core.Identifier,flecs.core.Symbol)"]["value"].as_str();
        assert_eq!(w.symbol_of(id), symbol, "symbol of {path}");
        let size = &e["components"]["flecs.core.Component"]["size"];
        let is_component = size.as_u64().is_some_and(|s| s > 0);
        assert_eq!(w.is_component(id), is_component, "{path} is a component");
        checked += 1;
    }
    assert!(checked > 180, "{checked}");
    // No named builtin that v4.1.6 does not have.
    let named = oracle["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| !e["name"].as_str().unwrap().starts_with('#'))
        .count();
    let mut ours = 0;
    for t in w.tables() {
        for &e in t.entities() {
            let path = w.path_of(e);
            if w.name_of(e).is_some() && (path == "flecs" || path.starts_with("flecs.")) {
                ours += 1;
            }
        }
    }
    assert_eq!(ours, named, "named builtins under flecs");
}

#[test]
fn v4_world_has_build_info_and_v4_names() {
    let w = World::with_version(FlecsVersion::V4);
    let info = w.lookup("flecs.core.BuildInfo").unwrap();
    let value = w.get(builtin::WORLD, info).unwrap();
    let debug = format!("{value:?}");
    assert!(
        debug.contains("\"4.1.6\"") && debug.contains("I16(4)"),
        "{debug}"
    );
    assert_eq!(w.path_of(builtin::TAG), "flecs.core.PairIsTag");
    assert_eq!(w.path_of(builtin::META_TYPE), "flecs.meta.type");
    assert!(w.lookup("flecs.core.internals").is_none());
    assert!(w.lookup("flecs.core.Union").is_none());
    assert!(w.lookup("flecs.core.OnInstantiate").is_some());
    assert!(w.lookup("flecs.core.Parent").is_some());
    // v3 stays as it was.
    let v3 = World::new();
    assert_eq!(v3.path_of(builtin::TAG), "flecs.core.Tag");
    assert!(v3.lookup("flecs.core.internals").is_some());
}
