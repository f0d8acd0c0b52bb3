//! The example snapshot loaded into a v4 world and written as the explorer's inspector asks for
//! it (`/entity/<path>?values=true&entity_id=true&full_paths=true&type_info=true&inherited=true`)
//! and as v4 world JSON, which reads back into a v4 world with the same entities and values.

use rosetta_flecs::de::world_from_json;
use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{self, EntityDesc};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_world::load::SnapshotLoader;
use rosetta_world::{FlecsVersion, World};

fn snapshot_world() -> (Schema, World) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = CompileOptions {
        schema_paths: vec![root.join("schema"), root.join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    let schema = Schema::from_bundle(compile(&options).unwrap().bundle()).unwrap();
    let data = std::fs::read(root.join("examples/data/world.snapshot")).unwrap();
    let world = SnapshotLoader::new(&schema, "world.snapshot")
        .version(FlecsVersion::V4)
        .load(&data[..])
        .unwrap()
        .world;
    (schema, world)
}

#[test]
fn the_inspector_reads_every_snapshot_entity() {
    let (_, w) = snapshot_world();
    assert_eq!(w.version(), FlecsVersion::V4);
    let desc = EntityDesc {
        entity_id: true,
        type_info: true,
        inherited: true,
        doc: true,
        ..EntityDesc::default()
    };
    for path in ["snapshot.entity_1", "snapshot.entity_2"] {
        let e = w.lookup(path).unwrap();
        let json = v4::entity_to_json(&w, e, &desc).unwrap();
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(v["parent"], "snapshot", "{json}");
        assert!(v["type_info"]["improbable.Position"].is_object(), "{json}");
        assert!(
            v["components"]["improbable.Position"]["coords"].is_object(),
            "{json}"
        );
    }
}

#[test]
fn snapshot_world_json_reads_back() {
    let (schema, w) = snapshot_world();
    let first = v4::world_to_json(&w, Mode::Lossless).unwrap();
    let mut back = World::with_version(FlecsVersion::V4);
    // As `rosetta world convert` makes the world for world JSON and a schema.
    rosetta_world::load::register_schema(&mut back, schema.registry()).unwrap();
    let id = rosetta_world::load::ENTITY_ID_COMPONENT;
    back.component_of(id, rosetta_types::TypeId::ENTITY_ID)
        .unwrap();
    world_from_json(&mut back, &first, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    for path in ["snapshot.entity_1", "snapshot.entity_2"] {
        let a = v4::entity_to_json(&w, w.lookup(path).unwrap(), &EntityDesc::default()).unwrap();
        let b =
            v4::entity_to_json(&back, back.lookup(path).unwrap(), &EntityDesc::default()).unwrap();
        assert_eq!(a, b);
    }
}

/// With member entities the document describes every schema type Flecs can hold (structs,
/// enums and their constants, the option/list/map vectors, `spatialos.EntityId`'s `i64`
/// primitive): read into a v4 world with no schema, the snapshot entities are written the
/// same, values included.
#[test]
fn snapshot_world_json_with_member_entities_reads_back_without_the_schema() {
    let (_, w) = snapshot_world();
    let desc = v4::WorldDesc {
        mode: Mode::Lossless,
        member_entities: true,
        modules: true,
    };
    let first = v4::world_to_json_with(&w, &desc).unwrap();
    let mut back = World::with_version(FlecsVersion::V4);
    let report =
        world_from_json(&mut back, &first, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    // Only the recursive standard library types (Interest's QueryConstraint) have no form.
    for s in &report.skipped {
        assert!(s.id.starts_with("improbable."), "{s:?}");
    }
    for path in ["snapshot.entity_1", "snapshot.entity_2"] {
        let a = v4::entity_to_json(&w, w.lookup(path).unwrap(), &EntityDesc::default()).unwrap();
        let b =
            v4::entity_to_json(&back, back.lookup(path).unwrap(), &EntityDesc::default()).unwrap();
        assert_eq!(a, b);
    }
}
