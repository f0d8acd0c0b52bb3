//! Arbitrary bytes as Flecs world JSON read into a world that has types of every Flecs kind:
//! the reader must never panic nor hang, every error must say where (a JSON Pointer, or the
//! JSON parser's line and column), and reading is deterministic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_world::{script, World};

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
    ["tag", "Planet"],
    ["tag", "Likes"],
    ["union", "Movement"],
    ["entity", "Sun"]
]"#;

fn types() -> World {
    match script::load_str(TYPES) {
        Ok(l) => l.world,
        Err(e) => panic!("the fuzz target's types: {e}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let strict = data.len() % 2 == 1;
    let desc = FromJsonDesc { strict };
    let mut w = types();
    match world_from_json(&mut w, text, &desc) {
        Ok(report) => {
            // The same document read again into the same types gives the same world.
            let mut again = types();
            let second = world_from_json(&mut again, text, &desc);
            assert_eq!(second.ok(), Some(report.clone()));
            assert_eq!(w.entity_count(), again.entity_count());
            assert_eq!(w.tables().len(), again.tables().len());
            if strict {
                assert!(report.skipped.is_empty());
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(
                message.starts_with("world JSON at ")
                    || message.starts_with("world JSON is not valid JSON"),
                "an error without its place: {message}"
            );
        }
    }
});
