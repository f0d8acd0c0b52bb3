//! Arbitrary bytes as Flecs v4.1.6 world JSON (one row per entity: `parent`, `name`, `tags`,
//! `pairs`, `components`) read into a v4 world that has types of every Flecs kind: the reader
//! must never panic nor hang, every error must say where, reading is deterministic, and what
//! was read, written again as v4 world JSON, reads back into the same types.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_flecs::text::Mode;
use rosetta_flecs::v4;
use rosetta_world::{script, FlecsVersion, World};

/// The types the documents are read with (the seeds use them).
const TYPES: &str = r#"[
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["enum", "Color", [["Red"], ["Green"], ["Blue"]]],
    ["bitmask", "Toppings", [["Bacon"], ["Lettuce"], ["Tomato"]]],
    ["struct", "Big", [["u", "u64"], ["i", "i64"], ["d", "f64"], ["s", "string"], ["c", "char"], ["b", "bool"]]],
    ["struct", "Ref", [["target", "entity"], ["which", "id"]]],
    ["struct", "Nested", [["pos", "Position"], ["color", "Color"], ["flags", "Toppings"]]],
    ["type", {"array": "Triple", "type": "i32", "count": 3}],
    ["type", {"vector": "Path", "type": "Position"}],
    ["struct", "Inline", [["a", "i32", {"count": 2}]]],
    ["struct", "Marker", []],
    ["tag", "Planet"],
    ["tag", "Likes"],
    ["entity", "Sun"]
]"#;

/// A copy of the types' world (made once: a v4 world's builtins take a while to make).
fn types() -> World {
    static TYPES_ONCE: OnceLock<World> = OnceLock::new();
    TYPES_ONCE
        .get_or_init(|| match script::load_str_version(TYPES, FlecsVersion::V4) {
            Ok(l) => l.world,
            Err(e) => panic!("the fuzz target's types: {e}"),
        })
        .clone()
}

fn check_error(e: &rosetta_flecs::Error) {
    let message = e.to_string();
    assert!(
        message.starts_with("world JSON at ")
            || message.starts_with("world JSON is not valid JSON"),
        "an error without its place: {message}"
    );
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let desc = FromJsonDesc {
        strict: data.len() % 2 == 1,
    };
    let mut w = types();
    match world_from_json(&mut w, text, &desc) {
        Ok(report) => {
            let mut again = types();
            let second = world_from_json(&mut again, text, &desc);
            assert_eq!(second.ok(), Some(report));
            assert_eq!(w.entity_count(), again.entity_count());
            // What was read, written as v4 world JSON, reads back.
            if let Ok(json) = v4::world_to_json(&w, Mode::Lossless) {
                let mut back = types();
                if let Err(e) = world_from_json(&mut back, &json, &FromJsonDesc::default()) {
                    panic!("v4 world JSON Rosetta wrote does not read back: {e}\n{json}");
                }
            }
        }
        Err(e) => check_error(&e),
    }
});
