//! Flecs v4.1.6's REST routes (`Options::flecs` V4): routing, parameters, status codes and
//! error texts as v4.1.6's `src/addons/rest.c` gives them (checked against a v4.1.6 server
//! built from its `distr/`, e2e/compare4.py), and the write routes all or nothing.

mod common;

use common::encode_uri_component;
use rosetta_rest::request::Request;
use rosetta_rest::{routes, Options, Reply, SharedWorld};
use rosetta_world::{FlecsVersion, World};

fn world() -> SharedWorld {
    SharedWorld::new(common::example_world())
}

fn call(world: &SharedWorld, method: &str, target: &str) -> Reply {
    let req = Request::parse(method, target).expect("a target that parses");
    routes::answer(world, &req, &Options::for_version(FlecsVersion::V4))
}

fn read<T>(world: &SharedWorld, f: impl FnOnce(&World) -> T) -> T {
    f(&world.read())
}

#[test]
fn v4_is_the_default() {
    assert_eq!(Options::default().flecs, FlecsVersion::V4);
}

#[test]
fn errors_as_v4_words_them() {
    let w = world();
    let r = call(&w, "GET", "/entity/Nope");
    assert_eq!((r.code, r.status), (404, "OK"));
    assert_eq!(r.body, r#"{"error":"entity 'Nope' not found"}"#);
    let r = call(&w, "GET", "/component/Sun");
    assert_eq!(
        (r.code, r.body.as_str()),
        (400, r#"{"error":"missing component for remove endpoint"}"#)
    );
    let r = call(&w, "GET", "/component/Sun?component=Nope");
    assert_eq!(
        (r.code, r.body.as_str()),
        (400, r#"{"error":"unresolved component 'Nope'"}"#)
    );
    let r = call(&w, "GET", "/component/Sun?component=HasRocks");
    assert_eq!(
        (r.code, r.body.as_str()),
        (400, r#"{"error":"component 'HasRocks' is not a type"}"#)
    );
    // v4.1.6 writes this one as plain text (`flecs_rest_get_query`).
    let r = call(&w, "GET", "/query");
    assert_eq!((r.code, r.body.as_str()), (400, "Missing parameter 'expr'"));
    let r = call(&w, "GET", "/query?name=Sun");
    assert_eq!(
        (r.code, r.body.as_str()),
        (
            400,
            r#"{"error":"resolved identifier 'Sun' is not a query"}"#
        )
    );
    let r = call(&w, "GET", "/query?name=Nope");
    assert_eq!(r.code, 404);
    let r = call(&w, "GET", "/nothing");
    assert_eq!(
        (r.code, r.status, r.body.as_str()),
        (404, "Resource not found", "")
    );
    // v3's routes are not v4's.
    assert_eq!(call(&w, "PUT", "/set/Sun?data={}").code, 404);
    assert_eq!(call(&w, "PUT", "/enable/Sun").status, "Resource not found");
    let r = call(&w, "PUT", "/action/nope");
    assert_eq!(
        (r.code, r.body.as_str()),
        (400, r#"{"error":"unknown action 'nope'"}"#)
    );
    assert_eq!(call(&w, "PUT", "/action/shrink_memory").code, 200);
}

#[test]
fn component_values_and_type_info() {
    let w = world();
    let r = call(&w, "GET", "/component/Sun?component=Position");
    assert_eq!((r.code, r.body.as_str()), (200, r#"{"x":0, "y":0}"#));
    let r = call(&w, "GET", "/component/Sun/Earth?component=Position");
    assert_eq!(r.body, r#"{"x":1, "y":0}"#);
    let r = call(&w, "GET", "/type_info/Position");
    assert_eq!(
        (r.code, r.body.as_str()),
        (200, r#"{"x":["float"], "y":["float"]}"#)
    );
    // v4.1.6 answers a type without reflection data with 200 and `0`.
    let r = call(&w, "GET", "/type_info/HasRocks");
    assert_eq!((r.code, r.body.as_str()), (200, "0"));
}

#[test]
fn hash_ids_in_paths() {
    let w = world();
    let earth = read(&w, |w| w.lookup("Sun.Earth")).expect("Earth");
    let r = call(
        &w,
        "GET",
        &format!("/component/%23{}?component=Position", earth.index()),
    );
    assert_eq!((r.code, r.body.as_str()), (200, r#"{"x":1, "y":0}"#));
}

#[test]
fn writes_add_set_remove_toggle_create_delete() {
    let w = world();
    let value = encode_uri_component(r#"{"x":5,"y":6}"#);
    let r = call(
        &w,
        "PUT",
        &format!("/component/Sun/Mars?component=Position&value={value}"),
    );
    assert_eq!((r.code, r.body.as_str()), (200, ""));
    assert_eq!(
        call(&w, "GET", "/component/Sun/Mars?component=Position").body,
        r#"{"x":5, "y":6}"#
    );
    assert_eq!(w.changes(), 1);
    assert_eq!(
        call(&w, "PUT", "/component/Sun?component=HasRocks").code,
        200
    );
    assert!(read(&w, |w| {
        let (sun, tag) = (w.lookup("Sun"), w.lookup("HasRocks"));
        matches!((sun, tag), (Some(s), Some(t)) if w.owns(s, t))
    }));
    assert_eq!(
        call(&w, "DELETE", "/component/Sun?component=HasRocks").code,
        200
    );
    assert_eq!(call(&w, "PUT", "/toggle/Sun?enable=false").code, 200);
    assert!(read(&w, |w| w
        .lookup("Sun")
        .is_some_and(|s| w.is_disabled(s))));
    assert_eq!(call(&w, "PUT", "/toggle/Sun?enable=true").code, 200);
    assert!(read(&w, |w| w
        .lookup("Sun")
        .is_some_and(|s| !w.is_disabled(s))));
    // A component without the CanToggle trait.
    let r = call(&w, "PUT", "/toggle/Sun?enable=false&component=Position");
    assert_eq!(
        (r.code, r.body.as_str()),
        (400, r#"{"error":"cannot toggle component 'Position'"}"#)
    );
    let r = call(&w, "PUT", "/entity/Sun/Venus");
    assert_eq!(r.code, 200);
    let venus = read(&w, |w| w.lookup("Sun.Venus")).expect("created");
    assert_eq!(r.body, format!("{{\"id\":\"{}\"}}", venus.0 as u32));
    // Again: the same entity.
    assert_eq!(call(&w, "PUT", "/entity/Sun/Venus").body, r.body);
    assert_eq!(call(&w, "DELETE", "/entity/Sun/Venus").code, 200);
    assert!(read(&w, |w| w.lookup("Sun.Venus")).is_none());
}

#[test]
fn refused_writes_change_nothing() {
    let w = world();
    let before = w.changes();
    let bad = encode_uri_component(r#"{"x":"far","y":6}"#);
    let r = call(
        &w,
        "PUT",
        &format!("/component/Sun?component=Position&value={bad}"),
    );
    assert_eq!(r.code, 400, "{}", r.body);
    assert!(
        r.body
            .starts_with(r#"{"error":"invalid value for component 'Position': "#),
        "{}",
        r.body
    );
    assert!(r.body.contains("/x"), "says where: {}", r.body);
    assert_eq!(
        call(&w, "GET", "/component/Sun?component=Position").body,
        r#"{"x":0, "y":0}"#
    );
    // Builtins are not changed, nor deleted.
    assert_eq!(
        call(
            &w,
            "PUT",
            "/component/flecs/core/ChildOf?component=HasRocks"
        )
        .code,
        400
    );
    assert_eq!(call(&w, "DELETE", "/entity/flecs/core/ChildOf").code, 400);
    assert_eq!(
        call(&w, "PUT", "/toggle/flecs/core/ChildOf?enable=false").code,
        400
    );
    assert_eq!(w.changes(), before);
}

#[test]
fn scripts_are_refused_clearly() {
    let w = world();
    let r = call(&w, "PUT", "/script/main?code=x");
    assert_eq!(r.code, 400);
    assert!(
        r.body.contains("Flecs Script is not supported"),
        "{}",
        r.body
    );
}

#[test]
fn read_only_refuses_every_write() {
    let w = world();
    let options = Options {
        read_only: true,
        ..Options::for_version(FlecsVersion::V4)
    };
    for (m, t) in [
        ("PUT", "/entity/X"),
        ("DELETE", "/entity/Sun"),
        ("PUT", "/component/Sun?component=HasRocks"),
        ("DELETE", "/component/Sun?component=Position"),
        ("PUT", "/toggle/Sun"),
    ] {
        let req = Request::parse(m, t).expect("parse");
        assert_eq!(routes::answer(&w, &req, &options).code, 403, "{m} {t}");
    }
    assert_eq!(w.changes(), 0);
}

#[test]
fn tables_components_queries_are_json() {
    let w = world();
    for target in ["/tables", "/components", "/queries"] {
        let r = call(&w, "GET", target);
        assert_eq!(r.code, 200, "{target}");
        let v: serde_json::Value = serde_json::from_str(&r.body).expect(target);
        assert!(v.is_array(), "{target}");
    }
}

#[test]
fn statistics_as_v4_reads_them() {
    let w = world();
    let r = call(&w, "GET", "/stats/world?period=1m");
    assert_eq!(r.code, 200);
    let v: serde_json::Value = serde_json::from_str(&r.body).expect("JSON");
    assert!(v["entities.count"]["avg"].is_array(), "{}", r.body);
    assert_eq!(call(&w, "GET", "/stats/pipeline").body, "[]");
    assert_eq!(call(&w, "GET", "/stats/pipeline?name=all").body, "[]");
    let r = call(&w, "GET", "/stats/pipeline?name=Nope");
    assert_eq!(
        (r.code, r.body.as_str()),
        (404, r#"{"error":"pipeline 'Nope' not found"}"#)
    );
    let r = call(&w, "GET", "/stats/world?period=1y");
    assert_eq!((r.code, r.status), (404, "Resource not found"));
}

/// v4 replies write floats as a real v4.1.6 server does (the `f32` 1.1 as `1.1000000238`,
/// which reads back to the same `f32`), so they equal its replies as JSON; v3's stay lossless
/// (`1.1`).
#[test]
fn floats_as_flecs_writes_them() {
    let w = world();
    let r = call(&w, "GET", "/component/Sun/Earth/Moon?component=Position");
    assert_eq!(r.body, r#"{"x":1.1000000238, "y":0}"#);
    let req = Request::parse("GET", "/entity/Sun/Earth/Moon?values=true").expect("parse");
    let v3 = routes::answer(&w, &req, &Options::for_version(FlecsVersion::V3));
    assert!(v3.body.contains(r#"{"x":1.1, "y":0}"#), "{}", v3.body);
}

/// A v4 query that would search too long is stopped by the server's step limit (400, the
/// flag named), its profile included; one within it answers.
#[test]
fn the_step_limit_bounds_v4_queries() {
    let w = world();
    let options = Options {
        step_limit: 10_000,
        ..Options::for_version(FlecsVersion::V4)
    };
    let ask = |target: &str| {
        let req = Request::parse("GET", target).expect("parse");
        routes::answer(&w, &req, &options)
    };
    let runaway = encode_uri_component("*,*,*,*,*,*,*,*,*,*,*,*,!HasRocks");
    for extra in ["&offset=1000000000", "&query_profile=true&results=false"] {
        let r = ask(&format!("/query?expr={runaway}{extra}"));
        assert_eq!(r.code, 400, "{extra}: {}", r.body);
        assert!(r.body.contains("--step-limit"), "{}", r.body);
    }
    assert_eq!(ask("/query?expr=Position").code, 200);
}
