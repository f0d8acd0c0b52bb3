//! The order in which v4 queries visit tables and parents, as a real Flecs v4.1.6 world
//! visits them. The expected orders are what the real 4.1.6 REST server running
//! `crates/rosetta-rest/e2e/space_rest4.c` (the world of `examples/world/space.json`)
//! answers (`e2e/compare4.py`, requests "tree: root" and "query page: pairs").
//!
//! - 4.1.6 lists an id's tables in creation order, and a bare `ecs_init()` world already has
//!   empty tables (a named root entity's `(Identifier, Name)` table is made while `flecs` is
//!   named, before the `flecs` module's own table).
//! - `(ChildOf, $var)` with an unwritten source is 4.1.6's `tree_wc` instruction: it walks the
//!   `(ChildOf, *)` records newest first (each new record is linked right after the list's
//!   head), each record's tables in creation order, prefabs included.

use rosetta_world::eval::Query;
use rosetta_world::{script, FlecsVersion, World};

/// `examples/world/space.json`, the world the real server was built with.
fn space() -> World {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/world/space.json"
    ))
    .unwrap();
    script::load_str_version(&text, FlecsVersion::V4)
        .unwrap()
        .world
}

/// The paths of the matched entities, in result order.
fn run(w: &World, text: &str) -> Vec<String> {
    let q = Query::new(w, text).unwrap();
    let mut out = Vec::new();
    q.each(w, |m| {
        out.extend(m.entities().iter().map(|&e| w.path_of(e)));
        true
    });
    out
}

#[test]
fn root_entities_come_in_v416_table_order() {
    let w = space();
    assert_eq!(w.version(), FlecsVersion::V4);
    assert_eq!(
        run(&w, "(ChildOf, #0)"),
        ["HasRocks", "planets", "flecs", "Position", "Kind", "Sun"]
    );
}

#[test]
fn childof_variable_visits_newest_parent_first() {
    let w = space();
    assert_eq!(
        run(&w, "(ChildOf, $parent), Position"),
        ["Sun.Earth.Moon", "Sun.Earth"]
    );
    // The prefab is not left out by `tree_wc`; `_` (select_any) leaves it out.
    assert_eq!(
        run(&w, "(ChildOf, $parent), HasRocks"),
        ["Sun.Mars", "Sun.Earth", "planets.RockyPlanet"]
    );
    assert_eq!(run(&w, "(ChildOf, _), HasRocks"), ["Sun.Mars", "Sun.Earth"]);
}
