//! The generator of the `flecs4` conformance cases (crates/rosetta-conformance/data/
//! flecs4.json): world scripts, queries in the v4 language with the REST options, entities
//! and worlds, each written by real Flecs (4.1.2, flecs_ecs_sys). Regenerate with
//!
//! ```text
//! cargo test -p rosetta-flecs --test flecs4_cases -- --ignored generate
//! ```
//!
//! The query cases (4.1.6's plans, its core relationships without symbols), the explorer's
//! tree over the builtins and the world JSON are written again by a real v4.1.6 build into
//! `flecs4_416.json` beside it, which the suite prefers: `flecs4_cases_416.c` here (see its
//! header). Regenerate that file after this one.
//!
//! Where 4.1.2 and 4.1.6 (Rosetta's target) differ:
//! - cases with `type_info` are left out: 4.1.2 keys the top-level `type_info` by field,
//!   4.1.6 gathers it by type;
//! - an entity's `tags`, `pairs`, `vars` and `inherited` are joined by `,` alone in 4.1.2
//!   (written into a list of their own once per table) and by `", "` in 4.1.6 (each member
//!   written in the entity's object): [`to_4_1_6`] re-spaces 4.1.2's text where it has them.

mod oracle4;

use serde_json::{json, Value as Json};

fn space() -> Json {
    json!([
        ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
        ["struct", "Mass", [["value", "f64"]]],
        ["tag", "Tag"], ["tag", "Likes"], ["tag", "Apples"], ["tag", "Pears"],
        ["entity", "Sun"], ["entity", "Sun.Earth"], ["entity", "Sun.Mars"], ["entity", "Moon"],
        ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}],
        ["set", "Sun.Mars", "Position", {"x": 3, "y": 4}],
        ["set", "Moon", "Position", {"x": 5, "y": 6}],
        ["set", "Moon", "Mass", {"value": 0.5}],
        ["add", "Sun.Earth", "Tag"],
        ["add", "Moon", ["Likes", "Apples"]], ["add", "Moon", ["Likes", "Pears"]],
        ["add", "Sun.Mars", ["Likes", "Apples"]],
        ["doc", "Moon", "brief", "A moon"],
        ["doc", "Sun", "name", "The Sun"]
    ])
}

fn fleet() -> Json {
    json!([
        ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
        ["struct", "Velocity", [["x", "f32"], ["y", "f32"]]],
        ["tag", "Tag"],
        ["prefab", "Ship"], ["set", "Ship", "Position", {"x": 10, "y": 20}],
        ["add", "Ship", "Tag"],
        ["entity", "fleet"], ["entity", "fleet.a"], ["add", "fleet.a", ["IsA", "Ship"]],
        ["entity", "fleet.b"], ["add", "fleet.b", ["IsA", "Ship"]],
        ["set", "fleet.b", "Position", {"x": 1, "y": 2}],
        ["set", "fleet.b", "Velocity", {"x": -1, "y": 0.25}],
        ["entity", "fleet.a.cabin"], ["add", "fleet.a.cabin", "Tag"]
    ])
}

const OPTION_SETS: &[&str] = &[
    r#"{}"#,
    r#"{"entity_ids": true}"#,
    r#"{"doc": true}"#,
    r#"{"full_paths": false}"#,
    r#"{"fields": false}"#,
    r#"{"values": false}"#,
    r#"{"table": true}"#,
    r#"{"field_info": true}"#,
    r#"{"query_info": true}"#,
    r#"{"results": false, "query_profile": true}"#,
    r#"{"entity_ids": true, "doc": true, "full_paths": true, "query_info": true, "field_info": true, "query_plan": true, "query_profile": true}"#,
    r#"{"entity_ids": true, "doc": true, "query_info": true, "field_info": true, "query_profile": true}"#,
];

/// 4.1.2's table-form and entity text with the members after `tags`, `pairs` and `vars`
/// separated as 4.1.6 separates them.
fn to_4_1_6(s: Option<String>) -> Option<String> {
    s.map(|mut s| {
        for close in ["]", "}"] {
            for key in ["pairs", "vars", "inherited"] {
                s = s.replace(
                    &format!("{close},\"{key}\":"),
                    &format!("{close}, \"{key}\":"),
                );
            }
        }
        s
    })
}

#[test]
fn respacing_touches_only_the_joins() {
    let s = r#"{"name":"a", "tags":["T"],"pairs":{"R":"B"},"vars":{"x":"B"},"fields":{}}"#;
    assert_eq!(
        to_4_1_6(Some(s.into())).as_deref(),
        Some(r#"{"name":"a", "tags":["T"], "pairs":{"R":"B"}, "vars":{"x":"B"},"fields":{}}"#)
    );
}

#[test]
#[ignore = "writes crates/rosetta-conformance/data/flecs4.json from real Flecs"]
fn generate() {
    assert_eq!(oracle4::version(), "4.1.2", "the oracle is Flecs 4.1.2");
    let worlds = [
        (
            "space",
            space(),
            &[
                "Position",
                "Position, Tag",
                "Position, ?Mass",
                "(Likes, *)",
                "Position, (Likes, $food)",
                "Position, Mass(Moon)",
                "Position, !Tag",
                "[none] Position, ?Tag",
                "Tag || Mass",
                "Likes($this, $x)",
            ][..],
            &["Sun", "Sun.Earth", "Moon"][..],
        ),
        (
            "fleet",
            fleet(),
            &[
                "Position",
                "(IsA, Ship)",
                "Tag",
                "Position, ?Velocity",
                "(ChildOf, fleet)",
            ][..],
            &["fleet.a", "fleet.b", "Ship", "fleet.a.cabin"][..],
        ),
    ];
    let mut cases = Vec::new();
    for (wname, script, queries, entities) in &worlds {
        let c = oracle4::CWorld::from_script(script);
        for q in queries.iter() {
            for (i, o) in OPTION_SETS.iter().enumerate() {
                let opts: Json = serde_json::from_str(o).expect("option JSON");
                let mut expected = c.query_json(q, &opts, 0, 1000);
                if opts.get("table") == Some(&Json::Bool(true)) {
                    expected = to_4_1_6(expected);
                }
                cases.push(json!({
                    "name": format!("{wname}/query/{q}/{i}"),
                    "kind": "query", "world": wname, "expr": q, "options": opts,
                    "offset": 0, "limit": 1000,
                    "expected": expected,
                }));
            }
        }
        // The explorer's entity tree asks for every entity, builtins included, one optional
        // term per kind of entity, with doc strings and ids.
        let tree = "[none] ?flecs.core.Module, [none] ?flecs.core.Component, \
                    [none] ?flecs.core.Prefab, [none] ?flecs.core.Disabled";
        let opts = json!({"doc": true, "entity_ids": true});
        cases.push(json!({
            "name": format!("{wname}/tree"),
            "kind": "query", "world": wname, "expr": tree, "options": opts,
            "offset": 0, "limit": 1000,
            "expected": c.query_json(tree, &opts, 0, 1000),
        }));
        for (offset, limit) in [(1, 1), (0, 2), (2, 0), (1, 1000)] {
            cases.push(json!({
                "name": format!("{wname}/page/{offset}/{limit}"),
                "kind": "query", "world": wname, "expr": "Position", "options": {},
                "offset": offset, "limit": limit,
                "expected": c.query_json("Position", &json!({}), offset, limit),
            }));
        }
        for e in entities.iter() {
            for o in [
                r#"{}"#,
                r#"{"entity_id": true, "doc": true}"#,
                r#"{"inherited": true, "full_paths": false}"#,
                r#"{"values": false, "builtin": true}"#,
            ] {
                let opts: Json = serde_json::from_str(o).expect("option JSON");
                cases.push(json!({
                    "name": format!("{wname}/entity/{e}/{o}"),
                    "kind": "entity", "world": wname, "path": e, "options": opts,
                    "expected": to_4_1_6(c.entity_json(e, &opts)),
                }));
            }
        }
        cases.push(json!({
            "name": format!("{wname}/world"),
            "kind": "world", "world": wname,
            "expected": to_4_1_6(c.world_json()),
        }));
    }
    let doc = json!({
        "about": "Flecs v4 JSON written by real Flecs 4.1.2 (flecs_ecs_sys 0.2.1) for the \
                  rosetta-conformance suite flecs4; made by crates/rosetta-flecs/tests/\
                  flecs4_cases.rs (cargo test -p rosetta-flecs --test flecs4_cases -- \
                  --ignored generate). Entity ids and timings are compared as placeholders.",
        "flecs": oracle4::version(),
        "worlds": {"space": space(), "fleet": fleet()},
        "cases": cases,
    });
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rosetta-conformance/data/flecs4.json"
    );
    let text = serde_json::to_string_pretty(&doc).expect("JSON");
    std::fs::write(path, text + "\n").expect("write the cases");
}
