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
            // A pair that carries data is among the JSON's components.
            let data = w.type_id_of(id).is_some();
            if r != builtin::CHILD_OF && r != builtin::IDENTIFIER && r != builtin::POLY && !data {
                pairs.insert((w.path_of(r), w.path_of(t)));
            }
        } else if !w.is_component(id) && id != builtin::COMPONENT {
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
fn v4_world_has_build_info_when_served_and_v4_names() {
    let mut w = World::with_version(FlecsVersion::V4);
    let info = w.lookup("flecs.core.BuildInfo").unwrap();
    // `ecs_init` sets no BuildInfo; `ecs_rest_server_init` sets it on the world.
    assert!(w.get(builtin::WORLD, info).is_none());
    w.mark_rest_server().unwrap();
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

/// A path as `tests/v4/dump_types.c` writes it: names joined by `.`, `#` for an unnamed
/// entity, `0` for none.
fn dump_path(w: &World, e: Id) -> String {
    if e == Id::NULL {
        return "0".into();
    }
    let mut parts = Vec::new();
    let mut cur = e;
    for _ in 0..64 {
        parts.push(w.name_of(cur).unwrap_or("#").to_string());
        match w.target(cur, builtin::CHILD_OF, 0) {
            Some(p) if p != cur => cur = p,
            _ => break,
        }
    }
    parts.reverse();
    parts.join(".")
}

/// Every builtin entity has the type it has in a bare v4.1.6 world (`tests/v4/types_416.txt`,
/// written by `tests/v4/dump_types.c`), meta components, `DefaultChildComponent`,
/// `(constant, i32)`, `Method` and `Function` included, and the world entity has no
/// `BuildInfo` (a REST server sets it): a query that visits every table (the explorer's tree)
/// lists each where its table comes. The entities 4.1.6 makes for the query variables and
/// wildcards (`$`, `*`, `_`, `this`) are ids, not entities, in Rosetta.
#[test]
fn builtin_entities_have_v416_types() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/v4/types_416.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let want: BTreeSet<&str> = text
        .lines()
        .filter(|l| {
            let p = l.split('\t').next().unwrap_or("");
            ![
                "flecs.core.$",
                "flecs.core.*",
                "flecs.core._",
                "flecs.core.this",
            ]
            .contains(&p)
        })
        .collect();
    let w = World::with_version(FlecsVersion::V4);
    let got: Vec<String> = w
        .entities()
        .map(|e| {
            let mut ids: Vec<String> = w
                .type_of(e)
                .iter()
                .map(|&id| {
                    if id.is_pair() {
                        let f = w.alive(id.first()).unwrap_or(id.first());
                        let s = w.alive(id.second()).unwrap_or(id.second());
                        format!("({},{})", dump_path(&w, f), dump_path(&w, s))
                    } else {
                        dump_path(&w, id)
                    }
                })
                .collect();
            ids.sort();
            format!("{}\t{}", dump_path(&w, e), ids.join(" "))
        })
        .collect();
    let got: BTreeSet<&str> = got.iter().map(String::as_str).collect();
    let missing: Vec<_> = want.difference(&got).collect();
    let extra: Vec<_> = got.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "v4.1.6 has\n{missing:#?}\nRosetta has\n{extra:#?}"
    );
}
