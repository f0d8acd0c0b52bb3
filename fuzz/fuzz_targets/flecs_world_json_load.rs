//! Arbitrary bytes as Flecs world JSON read into a world that has types of every Flecs kind,
//! or (for every fourth length) into a world made from a SpatialOS schema with every schema
//! kind (options, maps, bytes, `EntityId`, `Entity`): the reader must never panic nor hang,
//! every error must say where (a JSON Pointer, or the JSON parser's line and column), and
//! reading is deterministic.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_world::load::{register_schema, ENTITY_ID_COMPONENT};
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

/// The schema of the schema world (the seeds use it too).
const SCHEMA: &str = "package t;
enum Color { RED = 0; BLUE = 5; }
type Inner { double d = 1; option<Inner> next = 2; }
component Probe {
  id = 5000;
  option<string> name = 1;
  double ratio = 2;
  Entity held = 3;
  EntityId other = 4;
  option<Inner> inner = 5;
  list<bytes> blobs = 6;
  map<string, Entity> bag = 7;
  map<Color, float> weights = 8;
}
component Small { id = 5001; int64 big = 1; uint64 huge = 2; }
";

fn schema() -> &'static Schema {
    static SCHEMA_ONCE: OnceLock<Schema> = OnceLock::new();
    SCHEMA_ONCE.get_or_init(|| {
        let files = vec![SourceFile {
            canonical_path: "t.schema".into(),
            text: SCHEMA.into(),
        }];
        let compiled = compile_sources(files).unwrap_or_else(|d| panic!("{}", d.render(false)));
        Schema::from_bundle(compiled.bundle()).unwrap_or_else(|e| panic!("{e}"))
    })
}

fn types(from_schema: bool) -> World {
    if from_schema {
        // As `rosetta world convert` makes the world for world JSON and a schema.
        let mut w = World::new();
        if let Err(e) = register_schema(&mut w, schema().registry()) {
            panic!("the fuzz target's schema: {e}");
        }
        if let Err(e) = w.component_of(ENTITY_ID_COMPONENT, rosetta_types::TypeId::ENTITY_ID) {
            panic!("the entity id component: {e}");
        }
        return w;
    }
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
    let from_schema = data.len() % 4 >= 2;
    let desc = FromJsonDesc { strict };
    let mut w = types(from_schema);
    match world_from_json(&mut w, text, &desc) {
        Ok(report) => {
            // The same document read again into the same types gives the same world.
            let mut again = types(from_schema);
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
