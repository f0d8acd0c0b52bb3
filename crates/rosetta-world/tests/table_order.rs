//! Table creation order as Flecs v3.2.12 has it (vectors iter.probe_not / probe_up_childof).

use rosetta_world::{builtin, script, FlecsVersion, Id, World};

#[test]
fn position_tables_in_flecs_order() {
    let loaded = script::load_str(
        r#"[["component", "Position"], ["component", "Velocity"],
            ["struct", "Position", [["x", "i32"], ["y", "i32"]]],
            ["struct", "Velocity", [["x", "i32"], ["y", "i32"]]],
            ["entity", "Sun"], ["entity", "Sun.Earth"], ["entity", "Sun.Earth.Moon"], ["entity", "Sun.Mars"],
            ["set", "Sun", "Position", {"x": 0, "y": 0}],
            ["set", "Sun.Earth", "Position", {"x": 1, "y": 0}],
            ["set", "Sun.Earth.Moon", "Position", {"x": 2, "y": 0}],
            ["set", "Sun.Mars", "Position", {"x": 3, "y": 0}],
            ["set", "Sun.Earth", "Velocity", {"x": 1, "y": 1}],
            ["rule_created"]]"#,
    )
    .unwrap();
    let w = &loaded.world;
    let pos = w.lookup("Position").unwrap();
    assert!(pos.0 < 256, "ECS_COMPONENT gives a low id");
    let names: Vec<Vec<&str>> = w
        .tables_in_iter_order(pos)
        .into_iter()
        .map(|t| {
            w.table(t)
                .entities()
                .iter()
                .filter_map(|&e| w.name_of(e))
                .collect()
        })
        .collect();
    assert_eq!(
        names,
        vec![vec!["Sun"], vec!["Mars"], vec!["Moon"], vec!["Earth"]]
    );
    let earth = w.lookup("Sun.Earth").unwrap();
    let sun = w.lookup("Sun").unwrap();
    let vel = w.lookup("Velocity").unwrap();
    assert_eq!(
        w.type_of(earth),
        &[
            pos,
            vel,
            Id::pair(builtin::IDENTIFIER, builtin::NAME),
            Id::pair(builtin::CHILD_OF, sun)
        ]
    );
}

#[test]
fn delete_cascades_and_recycles() {
    let mut loaded =
        script::load_str(r#"[["entity", "a.b.c"], ["tag", "T"], ["add", "a.b.c", "T"]]"#).unwrap();
    let w = &mut loaded.world;
    let a = w.lookup("a").unwrap();
    let c = w.lookup("a.b.c").unwrap();
    w.delete(a).unwrap();
    assert!(!w.is_alive(c) && w.lookup("a.b").is_none());
    let n = w.new_entity();
    assert!(
        n.generation() == 1,
        "a deleted id is recycled with the next generation"
    );
}

/// Which tables holding `A` a query visits, by the names of their entities, after a table
/// went empty and was filled again.
fn refilled_table_order(version: FlecsVersion) -> Vec<Vec<String>> {
    let mut w = World::with_version(version);
    let a = w.entity("A").unwrap();
    let b = w.entity("B").unwrap();
    let e1 = w.entity("e1").unwrap();
    let e2 = w.entity("e2").unwrap();
    w.add(e1, a).unwrap(); // creates the table [A, Name]
    w.add(e2, a).unwrap();
    w.add(e2, b).unwrap(); // creates [A, B, Name]
    w.process_pending();
    w.remove(e1, a).unwrap(); // [A, Name] is empty now ...
    w.process_pending();
    w.add(e1, a).unwrap(); // ... and filled again
    w.process_pending();
    w.tables_in_iter_order(a)
        .into_iter()
        .map(|t| {
            w.table(t)
                .entities()
                .iter()
                .filter_map(|&e| w.name_of(e).map(str::to_string))
                .collect()
        })
        .collect()
}

#[test]
fn v3_moves_a_refilled_table_last() {
    // v3.2.12's table caches keep an empty and a non-empty list: a table that empties and
    // fills again goes to the end of the non-empty one.
    assert_eq!(
        refilled_table_order(FlecsVersion::V3),
        vec![vec!["e2"], vec!["e1"]]
    );
}

#[test]
fn v4_visits_tables_in_creation_order() {
    // v4.1.6's table cache (src/storage/table_cache.c) is one list, appended to when a
    // table is created; emptiness never moves a table.
    assert_eq!(
        refilled_table_order(FlecsVersion::V4),
        vec![vec!["e1"], vec!["e2"]]
    );
}
