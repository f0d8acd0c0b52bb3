//! Differential tests of `rosetta_flecs::v4::iter_to_json` against real Flecs 4.1.2
//! (flecs_ecs_sys): the same world script and query in both, the JSON compared byte for
//! byte ([`Mode::Engine`]). Where 4.1.2 and 4.1.6 (Rosetta's target) differ the test says so
//! and compares with 4.1.6's form.

mod oracle4;

use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{iter_to_json, IterDesc};
use rosetta_flecs::Page;
use rosetta_world::script::{self, Loaded};
use rosetta_world::{FlecsVersion, Query, World};
use serde_json::{json, Value as Json};

/// A v4 world with `script` applied.
pub fn rosetta_world(script: &Json) -> Loaded {
    let mut l = Loaded {
        world: World::with_version(FlecsVersion::V4),
        aliases: Default::default(),
        markers: Vec::new(),
    };
    script::apply(&mut l, script).unwrap_or_else(|e| panic!("{e}"));
    l.world.process_pending();
    l
}

fn rosetta_json(script: &Json, expr: &str, opts: &Json, page: Page) -> String {
    let l = rosetta_world(script);
    let q = Query::new(&l.world, expr).unwrap_or_else(|e| panic!("{e}"));
    let mut d = IterDesc {
        mode: Mode::Engine,
        ..IterDesc::default()
    };
    for (k, v) in opts.as_object().into_iter().flatten() {
        assert!(d.set(k, v.as_bool().unwrap_or(false)), "option {k}");
    }
    iter_to_json(&l.world, &q, &d, page, u64::MAX).unwrap_or_else(|e| panic!("{e}"))
}

fn check(script: &Json, expr: &str, opts: Json) {
    assert_eq!(oracle4::version(), "4.1.2", "the oracle is Flecs 4.1.2");
    let c = oracle4::CWorld::from_script(script);
    let want = c
        .query_json(expr, &opts, 0, 0)
        .expect("Flecs parses the query");
    let got = rosetta_json(script, expr, &opts, Page::default());
    assert_eq!(got, want, "query {expr} with {opts}");
}

fn world() -> Json {
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
        ["doc", "Moon", "brief", "A moon"]
    ])
}

#[test]
fn one_component_with_values() {
    check(&world(), "Position", json!({}));
}

#[test]
fn tags_and_components_with_entity_ids_off() {
    check(&world(), "Position, Tag", json!({}));
}

#[test]
fn optional_fields_write_is_set() {
    check(&world(), "Position, ?Mass", json!({}));
}

#[test]
fn wildcard_pairs_write_ids() {
    check(&world(), "(Likes, *)", json!({}));
}

#[test]
fn variables_write_vars() {
    check(&world(), "Position, (Likes, $food)", json!({}));
}

#[test]
fn labels_instead_of_full_paths() {
    check(
        &world(),
        "Position, (Likes, $food)",
        json!({"full_paths": false}),
    );
}

#[test]
fn doc_strings() {
    check(&world(), "Position", json!({"doc": true}));
}

#[test]
fn no_fields() {
    check(&world(), "Position", json!({"fields": false}));
}

#[test]
fn no_values() {
    check(&world(), "Position, ?Mass", json!({"values": false}));
}

#[test]
fn results_off() {
    check(&world(), "Position", json!({"results": false}));
}

#[test]
fn field_info() {
    check(
        &world(),
        "Position, ?Mass, Tag",
        json!({"field_info": true}),
    );
}

#[test]
fn table_form() {
    check(&world(), "Position, Tag", json!({"table": true}));
    check(
        &world(),
        "(Likes, *), !Mass",
        json!({"table": true, "full_paths": false}),
    );
}

/// v4's `flecs.doc.Description` is a struct `{value}` (v3's a string).
#[test]
fn table_form_with_doc_description() {
    check(&world(), "Position", json!({"table": true}));
}

#[test]
fn sources_of_fixed_sources() {
    check(&world(), "Position, Mass(Moon)", json!({}));
}

#[test]
fn paging_counts_entities() {
    let s = world();
    let c = oracle4::CWorld::from_script(&s);
    for (offset, limit) in [(1, 1), (0, 2), (2, 0), (5, 0)] {
        let want = c
            .query_json("Position", &json!({}), offset, limit)
            .expect("parses");
        let page = Page {
            offset: offset as usize,
            limit: Some(limit as usize),
        };
        let got = rosetta_json(&s, "Position", &json!({}), page);
        assert_eq!(got, want, "offset {offset} limit {limit}");
    }
}

/// An Or chain's field states no id (`{"id":0}`) and has no size in the profile.
#[test]
fn or_fields_state_no_id_and_count_no_bytes() {
    check(&world(), "Tag || Mass", json!({"field_info": true}));
    let s = world();
    let c = oracle4::CWorld::from_script(&s);
    let opts = json!({"results": false, "query_profile": true});
    let want = c.query_json("Tag || Mass", &opts, 0, 0).expect("parses");
    let got = rosetta_json(&s, "Tag || Mass", &opts, Page::default());
    let counts = |t: &str| -> Vec<(String, Json)> {
        let v: Json = serde_json::from_str(t).expect("JSON");
        v["query_profile"]
            .as_object()
            .expect("profile")
            .iter()
            .filter(|(k, _)| !k.starts_with("eval_time"))
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    };
    assert_eq!(counts(&got), counts(&want));
}

/// The explorer's query page options but `query_plan` (the listing is the query engine's) and
/// `entity_ids` (the two worlds number entities differently; the conformance suite compares
/// them as placeholders).
#[test]
fn explorer_query_page_options() {
    check(
        &world(),
        "Position, ?Mass, (Likes, $food)",
        json!({"doc": true, "full_paths": true, "query_info": true, "field_info": true}),
    );
}
