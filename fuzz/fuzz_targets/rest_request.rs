//! Arbitrary bytes as REST requests against the example world, answered in process
//! (`rosetta_rest::routes::answer`, what the server runs for each request): lines taken in
//! pairs, a method then a request target (path and parameters, `set`'s data among them), so
//! that one input can write and then read. Properties: parsing and routing never panic; every
//! body is JSON or empty; a write that is refused changes nothing (writes are all or nothing);
//! the origin check never panics on the target read as an `Origin`.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rosetta_rest::request::Request;
use rosetta_rest::{routes, AllowedOrigins, Options, SharedWorld};
use rosetta_world::World;

/// The example world, loaded once and cloned for each input.
fn example() -> &'static World {
    static WORLD: OnceLock<World> = OnceLock::new();
    WORLD.get_or_init(|| {
        let text = include_str!("../../examples/world/space.json");
        match rosetta_world::script::load_str(text) {
            Ok(loaded) => loaded.world,
            Err(e) => panic!("the example world: {e}"),
        }
    })
}

/// What a refused write must leave as it was: the world as Flecs world JSON.
fn state(world: &SharedWorld) -> String {
    rosetta_flecs::world_to_json(&world.read()).unwrap_or_default()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let world = SharedWorld::new(example().clone());
    let options = Options::default();
    let origins = AllowedOrigins::default();
    let mut lines = text.split('\n');
    // A handful of requests per input: enough to write, then read what was written.
    for _ in 0..4 {
        let (Some(method), Some(target)) = (lines.next(), lines.next()) else {
            break;
        };
        let _ = origins.allows(target);
        let Ok(req) = Request::parse(method, target) else {
            continue;
        };
        let before = (method == "PUT").then(|| state(&world));
        let reply = routes::answer(&world, &req, &options);
        // Flecs v4.1.6 answers a missing parameter in plain text (under a JSON content type),
        // and the v4 routes answer as it does; every other body is JSON.
        let flecs_plain_text = reply.code == 400 && reply.body.starts_with("Missing parameter '");
        if !reply.body.is_empty() && !flecs_plain_text {
            if let Err(e) = serde_json::from_str::<serde_json::Value>(&reply.body) {
                panic!(
                    "{method} {target}: {} is not JSON ({e}): {}",
                    reply.code, reply.body
                );
            }
        }
        if let Some(before) = before {
            if reply.code != 200 {
                assert_eq!(
                    before,
                    state(&world),
                    "{method} {target} was refused but changed the world"
                );
            }
        }
    }
});
