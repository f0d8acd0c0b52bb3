//! The write routes are all or nothing and keep the world whole: a `set` is checked entirely
//! before any of it is applied, errors say which part of `data` and why (a JSON Pointer), and
//! what would break the world (a builtin changed or deleted, a ChildOf cycle, a value of the
//! wrong type) is refused with 400 and changes nothing.

mod common;

use common::encode_uri_component;
use rosetta_rest::request::Request;
use rosetta_rest::{routes, Options, Reply, SharedWorld};
use rosetta_world::FlecsVersion;
use rosetta_world::World;

fn world() -> SharedWorld {
    SharedWorld::new(common::example_world())
}

fn put(world: &SharedWorld, target: &str) -> Reply {
    let req = Request::parse("PUT", target).expect("a target that parses");
    routes::answer(world, &req, &Options::for_version(FlecsVersion::V3))
}

fn set(world: &SharedWorld, path: &str, data: &str) -> Reply {
    put(
        world,
        &format!("/set/{path}?data={}", encode_uri_component(data)),
    )
}

/// Every entity's path and type, to compare a world before and after a refused write.
fn state(w: &World) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = w
        .entities()
        .map(|e| {
            let ty: Vec<String> = w.type_of(e).iter().map(|&id| w.id_str(id)).collect();
            let values: Vec<String> = w
                .type_of(e)
                .iter()
                .filter_map(|&id| w.get_owned(e, id).map(|v| format!("{v:?}")))
                .collect();
            (w.path_of(e), format!("{ty:?} {values:?}"))
        })
        .collect();
    out.sort();
    out
}

fn assert_refused(world: &SharedWorld, reply: &Reply, before: &[(String, String)], body: &str) {
    assert_eq!((reply.code, reply.body.as_str()), (400, body));
    assert_eq!(
        state(&world.read()),
        before,
        "a refused write changed nothing"
    );
}

#[test]
fn a_set_that_fails_on_its_second_value_applies_none() {
    let w = world();
    let before = state(&w.read());
    let r = set(
        &w,
        "Sun",
        r#"{"ids":[["Position"], ["Kind"]], "values":[{"x":7, "y":8}, "Comet"]}"#,
    );
    assert_refused(
        &w,
        &r,
        &before,
        r#"{"error":"invalid request: data at /values/1: unknown constant 'Comet'"}"#,
    );
}

#[test]
fn set_errors_name_the_part_of_data_at_fault() {
    let w = world();
    let before = state(&w.read());
    for (data, error) in [
        (
            r#"{"ids":[["Position"]], "values":[{"x":"seven"}]}"#,
            "data at /values/0/x: expected a number",
        ),
        (
            r#"{"ids":[["HasRocks"], ["Nope"]]}"#,
            "data at /ids/1/0: no entity 'Nope'",
        ),
        (
            r#"{"ids":[["IsA", "Nope"]]}"#,
            "data at /ids/0/1: no entity 'Nope'",
        ),
        (
            r#"{"ids":[["Position"]], "values":[{"x":1}, 2]}"#,
            "data at /values: 2 values for 1 ids",
        ),
        (
            r#"{"ids":[[]]}"#,
            r#"data at /ids/0: an id is [\"First\"] or [\"First\", \"Second\"]"#,
        ),
        (
            r#"{"ids":[["HasRocks"]], "values":[1]}"#,
            "data at /values/0: 'HasRocks' is not a component",
        ),
        (
            r#"{"ids":[], "path":"x"}"#,
            "data at /path: unexpected member (only ids and values)",
        ),
        (
            r#"[1]"#,
            "data at /: expected an object with ids and values",
        ),
        (
            "nonsense",
            "data at /: not JSON (expected ident at line 1 column 2)",
        ),
    ] {
        let r = set(&w, "Sun", data);
        let body = format!(r#"{{"error":"invalid request: {error}"}}"#);
        assert_refused(&w, &r, &before, &body);
    }
    let r = put(&w, "/set/Sun");
    assert_refused(
        &w,
        &r,
        &before,
        r#"{"error":"invalid request: data at /: no data parameter"}"#,
    );
}

#[test]
fn a_good_set_applies_every_change() {
    let w = world();
    let r = set(
        &w,
        "Sun/Mars",
        r#"{"ids":[["Position"], ["Kind"], ["HasRocks"]], "values":[{"x":5, "y":6}, "Moon", 0]}"#,
    );
    // A tag cannot take a value (Flecs: "not a valid component"); without values ids are added.
    assert_eq!(r.code, 400);
    let r = set(
        &w,
        "Sun/Mars",
        r#"{"ids":[["Position"], ["Kind"]], "values":[{"x":5, "y":6}, "Moon"]}"#,
    );
    assert_eq!((r.code, r.body.as_str()), (200, ""));
    let r = set(
        &w,
        "Sun/Mars",
        r#"{"ids":[["HasRocks"], ["ChildOf", "planets"]]}"#,
    );
    assert_eq!((r.code, r.body.as_str()), (200, ""));
    let world = w.read();
    let mars = world
        .lookup("planets.Mars")
        .expect("Mars moved under planets");
    let pos = world.lookup("Position").expect("Position");
    assert_eq!(
        format!("{:?}", world.get(mars, pos).expect("a Position")),
        "Struct([F32(5.0), F32(6.0)])"
    );
}

#[test]
fn an_entity_cannot_become_its_own_ancestor() {
    let w = world();
    let before = state(&w.read());
    for (path, parent) in [
        ("Sun", "Sun.Earth.Moon"),
        ("Sun", "Sun"),
        ("Sun/Earth", "Sun.Earth.Moon"),
    ] {
        let r = set(&w, path, &format!(r#"{{"ids":[["ChildOf", "{parent}"]]}}"#));
        let child = path.replace('/', ".");
        let body = format!(
            r#"{{"error":"invalid request: data at /ids/0: '{child}' cannot be a child of '{parent}': it is '{parent}' or one of its ancestors (a ChildOf cycle)"}}"#
        );
        assert_refused(&w, &r, &before, &body);
    }
}

#[test]
fn builtins_are_neither_changed_nor_deleted() {
    let w = world();
    let before = state(&w.read());
    for (target, error) in [
        (
            "/delete/flecs/core/ChildOf",
            "cannot delete 'flecs.core.ChildOf': a builtin entity of Flecs",
        ),
        (
            "/delete/flecs",
            "cannot delete 'flecs': a builtin entity of Flecs",
        ),
        (
            "/delete/*",
            "cannot delete 'flecs.core.*': a builtin entity of Flecs",
        ),
        (
            "/disable/flecs/core/Prefab",
            "cannot change 'flecs.core.Prefab': a builtin entity of Flecs",
        ),
        (
            "/enable/flecs/meta/f32",
            "cannot change 'flecs.meta.f32': a builtin entity of Flecs",
        ),
        (
            "/set/flecs/core/World?data=%7B%22ids%22%3A%5B%5B%22HasRocks%22%5D%5D%7D",
            "cannot change 'flecs.core.World': a builtin entity of Flecs",
        ),
    ] {
        let r = put(&w, target);
        assert_refused(&w, &r, &before, &format!(r#"{{"error":"{error}"}}"#));
    }
    // User entities are deleted as before, with their children.
    assert_eq!(put(&w, "/delete/Sun").code, 200);
    assert!(w.read().lookup("Sun.Earth.Moon").is_none());
}

#[test]
fn changes_are_counted_and_a_closed_world_takes_no_write() {
    let w = world();
    assert_eq!(put(&w, "/disable/Sun").code, 200);
    assert_eq!(put(&w, "/disable/flecs").code, 400);
    assert_eq!(put(&w, "/disable/Nobody").code, 404);
    assert_eq!(w.changes(), 1, "only the write that changed the world");
    w.close();
    let r = put(&w, "/enable/Sun");
    assert_eq!(
        (r.code, r.body.as_str()),
        (503, r#"{"error":"the server is stopping"}"#)
    );
    let sun = w.read().lookup("Sun").expect("Sun");
    assert!(w.read().is_disabled(sun));
    assert_eq!(w.changes(), 1);
}
