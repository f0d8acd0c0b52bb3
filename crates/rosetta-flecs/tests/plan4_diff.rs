//! Differential test of the v4 query plan (`query_plan` of the iterator JSON, v4.1.6's
//! `ecs_query_plan`): Rosetta's listing against real Flecs 4.1.2's for the same world and
//! query. Where 4.1.2 and 4.1.6 differ: 4.1.6 pads an operation's name to 12 characters
//! (its longest, `treesup_post`), 4.1.2 to 10, so 4.1.2's lines are laid out again as
//! 4.1.6 writes them (`common/plan412.rs`); and 4.1.6 matches `ChildOf` pairs with its hierarchy
//! operations (`children`, `tree`, ...) and does not optimize `(ChildOf, x)` out, so those
//! plans are checked against a v4.1.6 server's text in `rosetta-world`'s `listing_v4` tests
//! instead. The operations are the same in both for the plans below.

mod oracle4;
#[path = "common/plan412.rs"]
mod plan412;

use plan412::{as_v416, strip_colors};
use rosetta_world::{eval::Query, script, FlecsVersion};
use serde_json::{json, Value as Json};

fn space() -> Json {
    json!([
        ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
        ["struct", "Mass", [["value", "f64"]]],
        ["tag", "Tag"], ["tag", "Likes"], ["tag", "Apples"],
        ["entity", "Sun"], ["entity", "Sun.Earth"], ["entity", "Moon"],
        ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}],
        ["set", "Moon", "Mass", {"value": 0.5}],
        ["add", "Sun.Earth", "Tag"],
        ["add", "Moon", ["Likes", "Apples"]]
    ])
}

fn plans(queries: &[&str]) -> Vec<(String, String, String)> {
    assert_eq!(oracle4::version(), "4.1.2", "the oracle is Flecs 4.1.2");
    let script = space();
    let c = oracle4::CWorld::from_script(&script);
    let mut l = match script::load_json_version(&script, FlecsVersion::V4) {
        Ok(l) => l,
        Err(e) => panic!("{e}"),
    };
    l.world.process_pending();
    let w = &l.world;
    let mut out = Vec::new();
    for q in queries {
        let flecs = c
            .query_json(q, &json!({"query_plan": true}), 0, 1000)
            .and_then(|s| serde_json::from_str::<Json>(&s).ok())
            .and_then(|j| {
                j.get("query_plan")
                    .and_then(Json::as_str)
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| panic!("Flecs wrote no plan for {q}"));
        let ours = match Query::new(w, q) {
            Ok(query) => query.plan_str(w, false),
            Err(e) => panic!("{q}: {e}"),
        };
        out.push((q.to_string(), ours, as_v416(&strip_colors(&flecs))));
    }
    out
}

#[test]
fn v4_plans_match_flecs() {
    let queries = [
        "Position",
        "Position, Tag",
        "Mass, !Tag",
        "?Mass, Position",
        "Position(up ChildOf)",
        "Position(self|up ChildOf)",
        "Position, !Mass(Moon)",
        "(Likes, _)",
        "Position, Tag || Mass",
        "Likes($x, Apples)",
        "Position($x)",
        "(Likes, $y), Position($y)",
        "!Tag, Position",
        "Position, $this == Moon",
        "Position, $this ~= \"Ea\"",
        "Position, (Likes, *)",
        "Prefab",
        "Position, $this == \"Moon\"",
        "Position, $this != Moon",
        "!Tag",
        "?Mass",
        "Position(Moon)",
        "Position, Tag(up ChildOf)",
        "Position, !{Tag, Mass}",
        "(Likes, Apples)",
    ];
    let bad: Vec<String> = plans(&queries)
        .into_iter()
        .filter(|(_, ours, flecs)| ours != flecs)
        .map(|(q, ours, flecs)| format!("{q}:\n ours:\n{ours}\n flecs:\n{flecs}"))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
