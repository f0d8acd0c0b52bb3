//! Snapshots (binary, gzip, JSON) loaded into a world with the example game's schema.

use std::path::{Path, PathBuf};

use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_types::Value;
use rosetta_wire::snapshot::{read_entities, write_entities, Compression, SnapshotEntity};
use rosetta_world::load::LoadError;
use rosetta_world::load::{self, SnapshotFormat, SnapshotLoader};
use rosetta_world::{builtin, DocKind, Error};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn schema() -> Schema {
    let options = CompileOptions {
        schema_paths: vec![root().join("schema"), root().join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    let compiled = compile(&options).expect("the example schema compiles");
    Schema::from_bundle(compiled.bundle()).expect("a usable schema")
}

fn example(name: &str) -> Vec<u8> {
    std::fs::read(root().join("examples/data").join(name)).expect("example data")
}

#[test]
fn binary_and_json_snapshots_load_the_same_world() {
    let schema = schema();
    let bin = SnapshotLoader::new(&schema, "world.snapshot")
        .load(&example("world.snapshot")[..])
        .unwrap();
    let json = SnapshotLoader::new(&schema, "world.json")
        .load(&example("world.json")[..])
        .unwrap();
    assert_eq!(bin.format, SnapshotFormat::Binary(Compression::Gzip));
    assert_eq!(json.format, SnapshotFormat::Json);
    for loaded in [&bin, &json] {
        let w = &loaded.world;
        assert_eq!(loaded.entities, 2);
        let ann = loaded.entity(1).unwrap();
        assert_eq!(w.path_of(ann), "snapshot.entity_1");
        assert_eq!(w.lookup("snapshot.entity_2"), loaded.entity(2));
        assert_eq!(w.doc_get(ann, DocKind::Name), Some("Player"));
        assert_eq!(
            w.get(ann, loaded.entity_id_component).as_deref(),
            Some(&Value::EntityId(1))
        );
        let player = w.lookup("game.Player").unwrap();
        let health = w.lookup("game.Health").unwrap();
        assert_eq!(loaded.schema.component_id_of(player), Some(1000));
        assert!(w.has(ann, player) && w.has(ann, health));
        assert!(!w.has(loaded.entity(2).unwrap(), player));
        assert_eq!(
            w.lookup("Player"),
            None,
            "components live under their package"
        );
        let game = w.target(player, builtin::CHILD_OF, 0).unwrap();
        assert_eq!(w.path_of(game), "game");
        let Some(Value::Struct(fields)) = w.get(ann, player).map(std::borrow::Cow::into_owned)
        else {
            panic!("Player is a struct");
        };
        assert_eq!(fields[0], Value::String("Ann".into()));
        assert!(w.types().lookup("improbable.Coordinates").is_some());
    }
    let (b, j) = (&bin.world, &json.world);
    let (eb, ej) = (bin.entity(1).unwrap(), json.entity(1).unwrap());
    assert_eq!(eb, ej, "world ids are given in file order");
    assert_eq!(b.type_of(eb), j.type_of(ej));
    for &id in b.type_of(eb) {
        assert_eq!(b.get(eb, id), j.get(ej, id), "{}", b.id_str(id));
    }
}

#[test]
fn components_take_low_ids_in_component_id_order() {
    let schema = schema();
    let loaded = SnapshotLoader::new(&schema, "x")
        .load(&example("world.snapshot")[..])
        .unwrap();
    let w = &loaded.world;
    let metadata = w.lookup("improbable.Metadata").unwrap();
    let position = w.lookup("improbable.Position").unwrap();
    assert!(metadata.0 < position.0 && position.0 < 256);
    assert!(loaded.schema.component_count() >= 5);
}

fn error_of(bytes: &[u8]) -> Error {
    match SnapshotLoader::new(&schema(), "bad.snapshot").load(bytes) {
        Ok(_) => panic!("the snapshot loaded"),
        Err(e) => e,
    }
}

#[test]
fn errors_name_the_file_record_entity_component_and_pointer() {
    // A component the schema lacks.
    let bytes = write_entities(
        [&SnapshotEntity::new(7).with_component(4242, rosetta_wire::Object::new())],
        Compression::Gzip,
    )
    .unwrap();
    let e = error_of(&bytes);
    let text = e.to_string();
    assert!(
        text.starts_with("bad.snapshot: entity 7 (entity record 0)"),
        "{text}"
    );
    assert!(text.contains("4242"), "{text}");

    // Data that does not fit its component: Metadata.entity_type not UTF-8.
    let mut entities = read_entities(&example("world.snapshot")).unwrap();
    let mut bad = rosetta_wire::Object::new();
    bad.add_bytes(1, &[0xff, 0xfe]);
    entities[1].components.push((53, bad));
    let bytes = write_entities(&entities, Compression::Raw).unwrap();
    match error_of(&bytes) {
        Error::Load(e) => {
            let LoadError {
                file,
                record,
                entity,
                component,
                pointer,
                message,
            } = *e;
            assert_eq!(file, "bad.snapshot");
            assert_eq!(record, Some(1));
            assert_eq!(entity, Some(2));
            assert_eq!(component.as_deref(), Some("improbable.Metadata"));
            assert_eq!(pointer.as_deref(), Some("/improbable.Metadata/entity_type"));
            assert!(message.contains("entity 2 (entity record 1)"), "{message}");
        }
        other => panic!("{other:?}"),
    }

    // JSON: bad data at a pointer; a cut-short gzip stream.
    let json = br#"{"__entity_id": "1", "game.Health": {"current": -1, "maximum": 5}}"#;
    match error_of(json) {
        Error::Load(e) => {
            let (component, pointer) = (e.component, e.pointer);
            assert_eq!(component.as_deref(), Some("game.Health"));
            assert_eq!(pointer.as_deref(), Some("/game.Health/current"));
        }
        other => panic!("{other:?}"),
    }
    let snap = example("world.snapshot");
    let text = error_of(&snap[..snap.len() - 10]).to_string();
    assert!(text.starts_with("bad.snapshot: "), "{text}");
}

#[test]
fn progress_is_reported_at_the_end() {
    let schema = schema();
    let mut seen = Vec::new();
    let snapshot = example("world.snapshot");
    SnapshotLoader::new(&schema, "x")
        .on_progress(|p| seen.push(p))
        .load(&snapshot[..])
        .unwrap();
    assert_eq!(seen.last().map(|p| p.entities), Some(2));
    assert_eq!(seen.last().map(|p| p.bytes), Some(snapshot.len() as u64));
}

#[test]
fn sniffing_and_names() {
    assert_eq!(load::sniff(b"\n[]"), load::WorldFormat::Script);
    assert_eq!(load::entity_name(-1), "entity_-1");
}

/// A v4.1.6 world reflects `flecs.core.BuildInfo` (a struct of string lists) and its builtins'
/// meta components (`flecs.meta.type` of each reflected type) before a schema is registered:
/// the schema's types are moved in beside them, and the world keeps their values.
#[test]
fn snapshots_load_into_a_v4_world() {
    let schema = schema();
    let loaded = SnapshotLoader::new(&schema, "world.snapshot")
        .version(rosetta_world::FlecsVersion::V4)
        .load(&example("world.snapshot")[..])
        .expect("a v4 world takes the schema");
    let w = &loaded.world;
    assert_eq!(w.version(), rosetta_world::FlecsVersion::V4);
    assert!(loaded.entities > 0);
    let info = w.lookup("flecs.core.BuildInfo").expect("BuildInfo");
    let meta_type = w.lookup("flecs.meta.type").expect("flecs.meta.type");
    let Some(value) = w.get(info, meta_type) else {
        panic!("BuildInfo's flecs.meta.type")
    };
    // `{"kind": "StructType"}`: TypeKind's fourth constant.
    assert_eq!(*value, Value::Struct(Box::new([Value::Enum(3)])));
    let ty = w
        .component_info(info)
        .and_then(|c| c.ty)
        .expect("reflected");
    assert!(
        w.types().get(ty).is_some(),
        "its type moved into the schema's registry"
    );
    assert!(
        w.types().lookup("improbable.Position").is_some(),
        "and the schema's types"
    );
}
