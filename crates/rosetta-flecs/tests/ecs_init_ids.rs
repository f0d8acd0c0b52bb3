//! Entity ids and table order against what a v3.2.12 world made with `ecs_init()` wrote for
//! the same setup (`ecs_rule` + `ecs_iter_to_json` with `serialize_entities` and
//! `serialize_entity_ids`, run on the release's amalgamated `flecs.c` with every addon):
//! the builtin entities take the ids up to 540, so user entities and components get the ids
//! a real server shows, and tables come in Flecs' order.

use rosetta_flecs::{iter_to_json, IterDesc, Page};
use rosetta_world::eval::Query;
use rosetta_world::script;

fn run(world: &rosetta_world::World, expr: &str) -> String {
    let mut desc = IterDesc::none();
    assert!(desc.set("serialize_entities", true));
    assert!(desc.set("serialize_entity_ids", true));
    let q = Query::new(world, expr).expect("query");
    iter_to_json(world, &q, &desc, Page::default()).expect("serialize")
}

#[test]
fn root_and_module_queries_list_flecs_ids_in_flecs_order() {
    // ECS_COMPONENT(Position), ECS_TAG(Planet), ecs_new_entity "Sun", "Sun.Earth" (+Planet),
    // "Moon" (+Position), and an anonymous entity with Planet.
    let mut l = script::load_str(
        r#"[["component", "Position"], ["tag", "Planet"], ["entity", "Sun"],
            ["entity", "Sun.Earth"], ["add", "Sun.Earth", "Planet"],
            ["entity", "Moon"], ["add", "Moon", "Position"],
            ["entity", null, "anon"], ["add", "anon", "Planet"]]"#,
    )
    .expect("script");
    l.world.process_pending();
    assert_eq!(
        run(&l.world, "(ChildOf, 0), ?Module, ?Component, ?Tag, ?Prefab"),
        r#"{"results":[{"entities":["flecs"], "entity_ids":[257]}, {"entities":["Planet", "Sun"], "entity_ids":[541, 542]}, {"entities":["Position"], "entity_ids":[10]}, {"entities":["Moon"], "entity_ids":[544]}, {"entities":[545], "entity_ids":[545]}]}"#
    );
    assert_eq!(
        run(
            &l.world,
            "(ChildOf, flecs), ?Module, ?Component, ?Tag, ?Prefab"
        ),
        r#"{"results":[{"parent":"flecs", "entities":["core"], "entity_ids":[258]}, {"parent":"flecs", "entities":["doc", "system", "pipeline", "timer", "meta", "script", "rest"], "entity_ids":[415, 414, 416, 432, 447, 534, 533]}]}"#
    );
}

#[test]
fn the_module_query_lists_modules_in_flecs_order() {
    let w = rosetta_world::World::new();
    assert_eq!(
        run(&w, "Module"),
        r#"{"results":[{"entities":["flecs"], "entity_ids":[257]}, {"parent":"flecs", "entities":["core"], "entity_ids":[258]}, {"parent":"flecs.core", "entities":["internals"], "entity_ids":[259]}, {"parent":"flecs", "entities":["doc", "system", "pipeline", "timer", "meta", "script", "rest"], "entity_ids":[415, 414, 416, 432, 447, 534, 533]}, {"parent":"flecs.meta.flecs", "entities":["core"], "entity_ids":[468]}, {"parent":"flecs.meta", "entities":["flecs"], "entity_ids":[467]}]}"#
    );
}

#[test]
fn the_module_query_after_importing_units() {
    let mut w = rosetta_world::World::new();
    w.import_units().expect("units");
    w.process_pending();
    assert_eq!(
        run(&w, "Module"),
        r#"{"results":[{"entities":["flecs"], "entity_ids":[257]}, {"parent":"flecs", "entities":["core"], "entity_ids":[258]}, {"parent":"flecs.core", "entities":["internals"], "entity_ids":[259]}, {"parent":"flecs", "entities":["doc", "system", "pipeline", "timer", "meta", "script", "rest", "units"], "entity_ids":[415, 414, 416, 432, 447, 534, 533, 541]}, {"parent":"flecs.meta.flecs", "entities":["core"], "entity_ids":[468]}, {"parent":"flecs.meta", "entities":["flecs"], "entity_ids":[467]}, {"parent":"flecs.units", "entities":["prefixes"], "entity_ids":[542]}, {"parent":"flecs.units", "entities":["Duration", "Time", "Mass", "ElectricCurrent", "Amount", "LuminousIntensity", "Force", "Length", "Pressure", "Speed", "Temperature", "Data", "DataRate", "Angle", "Frequency", "Uri"], "entity_ids":[571, 580, 582, 585, 587, 589, 591, 593, 603, 606, 612, 616, 628, 638, 643, 648]}]}"#
    );
}
