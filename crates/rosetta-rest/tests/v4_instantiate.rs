//! The v4 write routes instantiate prefabs as v4.1.6 does: `PUT /component/<e>?component=
//! (IsA,<prefab>)` gives the entity copies of the prefab's children, and an entity made
//! under a prefab with `PUT /entity/<prefab>/<name>` is a prefab.

mod common;

use common::encode_uri_component;
use rosetta_rest::request::Request;
use rosetta_rest::{routes, Options, Reply, SharedWorld};
use rosetta_world::{script, FlecsVersion};

const WORLD: &str = r#"[
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["prefab", "Ship"],
    ["entity", "Ship.Cockpit"],
    ["set", "Ship.Cockpit", "Position", {"x": 1, "y": 2}]
]"#;

fn call(world: &SharedWorld, method: &str, target: &str) -> Reply {
    let req = Request::parse(method, target).expect("a target that parses");
    routes::answer(world, &req, &Options::for_version(FlecsVersion::V4))
}

fn world() -> SharedWorld {
    SharedWorld::new(
        script::load_str_version(WORLD, FlecsVersion::V4)
            .unwrap()
            .world,
    )
}

#[test]
fn adding_isa_through_rest_copies_the_prefab_children() {
    let w = world();
    assert_eq!(call(&w, "PUT", "/entity/Earth").code, 200);
    let isa = encode_uri_component("(flecs.core.IsA,Ship)");
    let r = call(&w, "PUT", &format!("/component/Earth?component={isa}"));
    assert_eq!(r.code, 200, "{}", r.body);
    let r = call(&w, "GET", "/entity/Earth/Cockpit");
    assert_eq!(r.code, 200, "{}", r.body);
    assert_eq!(
        r.body,
        r#"{"parent":"Earth", "name":"Cockpit", "components":{"Position":{"x":1, "y":2}}}"#
    );
}

#[test]
fn a_child_made_under_a_prefab_is_a_prefab() {
    let w = world();
    assert_eq!(call(&w, "PUT", "/entity/Ship/Cargo").code, 200);
    let r = call(&w, "GET", "/entity/Ship/Cargo");
    assert_eq!(
        r.body,
        r#"{"parent":"Ship", "name":"Cargo", "tags":["flecs.core.Prefab"]}"#
    );
}
