//! v4 world JSON written by Rosetta reads back into Rosetta (fuzz finds of
//! `flecs_world_json_load_v4` kept as cases).

use rosetta_flecs::de::world_from_json;
use rosetta_flecs::text::Mode;
use rosetta_flecs::v4;
use rosetta_world::{script, FlecsVersion, World};

fn types() -> World {
    script::load_str_version(
        r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]], ["tag", "Planet"]]"#,
        FlecsVersion::V4,
    )
    .unwrap()
    .world
}

/// A type entity whose row has `flecs.meta.struct` but a misspelt `flecs.meta.type` is no type
/// definition: the reader gives it those ids as they are. Writing it again wrote the struct
/// id twice (once from its type, once from its reflection) and the JSON did not read back.
#[test]
fn meta_ids_of_a_type_entity_are_written_once() {
    let doc = r##"{"results":[{"name":"Velocity", "id":700, "components":{"flecs.core.Component":{"size":7, "alignme+t":4}, "flecs.meta.tyPe":{"kind":"StructType"}, "flecs.a.TypeSerializer":null, "flecs.meta.struct":null}}, {"parent":"Velocity", "name":"x", "components":{"flecs.meta.member":{"type":"flecs.meta.f32", "count":0, "unit":"#0", "offset":0, "use_offset":false}}}, {"parent":"Velocity", "name":"y", "components":{"flecs.meta.member":{"type":"flecs.meta.f32", "count":0, "unit":"#0", "offset":3, "use_offset":false}}}, {"name":"v", "components":{"Velocity":{"x":1, "y":2}}}]}"##;
    let mut w = types();
    world_from_json(&mut w, doc, &Default::default()).unwrap();
    let json = v4::world_to_json(&w, Mode::Lossless).unwrap();
    assert_eq!(
        json.matches("\"flecs.meta.struct\"").count(),
        json.matches("\"flecs.meta.type\"").count(),
        "{json}"
    );
    let mut back = types();
    world_from_json(&mut back, &json, &Default::default())
        .unwrap_or_else(|e| panic!("{e}\n{json}"));
}
