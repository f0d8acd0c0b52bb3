//! Table creation order as Flecs v3.2.12 has it (vectors iter.probe_not / probe_up_childof).

use rosetta_world::{builtin, script, Id};

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
