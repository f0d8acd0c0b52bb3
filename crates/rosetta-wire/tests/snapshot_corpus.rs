//! Every binary snapshot of the SpatialOS corpus (`../shared/corpus/spatialos`) reads, and
//! re-writes to the same decompressed bytes and, with the default gzip options and the input's
//! OS byte, to the same file; the JSON snapshots name the same entities and
//! components as the binary snapshots of the same commit.

use std::fs;
use std::path::{Path, PathBuf};

use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{
    decompress, read_entities, write_entities, write_entities_in_order, ComponentJson,
    ComponentOrder, Compression, GzipLevel, GzipOptions, JsonSnapshotReader, SnapshotReader,
    SnapshotWriter,
};
use rosetta_wire::{Error, Object};
use serde_json::Value;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: the corpus is not at {}", dir.display());
        None
    }
}

fn snapshots(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("corpus directory")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            snapshots(&path, out);
        } else if path.extension().is_some_and(|e| e == "snapshot") {
            out.push(path);
        }
    }
}

#[test]
fn every_corpus_snapshot_round_trips_byte_for_byte() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    snapshots(&corpus, &mut files);
    assert_eq!(files.len(), 9, "{files:?}");
    let mut failures = Vec::new();
    for path in &files {
        let bytes = fs::read(path).expect("readable");
        assert_eq!(bytes[..2], [0x1f, 0x8b], "{} is gzip", path.display());
        let stream = decompress(&bytes).expect("gunzips");
        let entities = read_entities(&bytes).expect("reads");
        assert!(!entities.is_empty(), "{}", path.display());
        assert_eq!(read_entities(&stream).expect("reads raw"), entities);
        let again = write_entities_in_order(&entities, Compression::Raw, ComponentOrder::AsGiven)
            .expect("writes");
        if again != stream {
            let at = again.iter().zip(&stream).position(|(a, b)| a != b);
            failures.push(format!("{}: first difference at {at:?}", path.display()));
        }
        // Sorted, only the snapshots written through the C API (spatialos-sdk-rs) change.
        let sorted = write_entities(&entities, Compression::Raw).expect("writes");
        let written_by_the_c_api = path.to_string_lossy().contains("spatialos-sdk-rs@");
        assert_eq!(sorted != stream, written_by_the_c_api, "{}", path.display());
        // The gzip form decompresses to the same stream.
        let gzipped =
            write_entities_in_order(&entities, Compression::Gzip, ComponentOrder::AsGiven)
                .expect("writes");
        assert_eq!(decompress(&gzipped).expect("gunzips"), again);
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

/// Writes `entities` as a `.snapshot` file in their own component order.
fn gzip_file(entities: &[rosetta_wire::snapshot::SnapshotEntity], options: GzipOptions) -> Vec<u8> {
    let mut writer = SnapshotWriter::with_gzip(Vec::new(), options)
        .expect("a writer")
        .component_order(ComponentOrder::AsGiven);
    for entity in entities {
        writer.write_entity(entity).expect("writes");
    }
    writer.finish().expect("finishes")
}

#[test]
fn every_corpus_snapshot_is_rewritten_as_the_sdk_wrote_it() {
    let Some(corpus) = corpus() else { return };
    let mut files = Vec::new();
    snapshots(&corpus, &mut files);
    let mut systems = Vec::new();
    for path in &files {
        let bytes = fs::read(path).expect("readable");
        for pipelined in [false, true] {
            let file = fs::File::open(path).expect("opens");
            let mut reader = if pipelined {
                SnapshotReader::pipelined(file).expect("reads")
            } else {
                SnapshotReader::new(file).expect("reads")
            };
            // Known from the first bytes, before any entity is read.
            let os = reader.gzip_os().expect("a gzip header");
            let entities: Vec<_> = reader.by_ref().collect::<Result<_, _>>().expect("reads");
            assert_eq!(os, bytes[9], "{}", path.display());
            systems.push(os);
            let again = gzip_file(&entities, GzipOptions::default().os(os));
            assert!(
                again == bytes,
                "{} is not re-written byte for byte",
                path.display()
            );
        }
        // Every other level and thread count reads back to the same entities.
        let entities = read_entities(&bytes).expect("reads");
        for level in [GzipLevel::None, GzipLevel::Fast, GzipLevel::Best] {
            for threads in [1, 3] {
                let options = GzipOptions::default().level(level).threads(threads);
                let file = gzip_file(&entities, options);
                assert_eq!(read_entities(&file).expect("reads"), entities);
            }
        }
    }
    // Files written on Unix (3), Windows (10) and macOS (19).
    systems.sort_unstable();
    systems.dedup();
    assert_eq!(systems, [3, 10, 19]);
}

#[test]
fn the_cexampleproject_snapshot_holds_what_the_notes_say() {
    let Some(corpus) = corpus() else { return };
    let path = corpus.join("CExampleProject@56a5d21/snapshots/default.snapshot");
    let mut reader = SnapshotReader::open(&path).expect("opens");
    let first = reader.next().expect("an entity").expect("reads");
    assert_eq!(first.id, 1);
    let ids: Vec<u32> = first.component_ids().collect();
    assert_eq!(ids, [53, 54, 55, 58, 65, 1000, 1001]);
    assert_eq!(
        first.component(53).and_then(|m| m.string(1)),
        Some("TestEntity")
    );
    let rest: Vec<_> = reader.collect::<Result<_, _>>().expect("reads");
    assert_eq!(rest.iter().map(|e| e.id).collect::<Vec<_>>(), [2, 3, 4]);
}

/// Keeps each component's JSON text in field 1: enough to test the framing.
struct TextJson;

impl ComponentJson for TextJson {
    fn to_json(&self, _: u32, data: &Object) -> Result<Value, Error> {
        let text = data.string(1).ok_or_else(|| Error::custom("no text"))?;
        serde_json::from_str(text).map_err(|e| Error::custom(e.to_string()))
    }

    fn from_json(&self, _: u32, value: &Value) -> Result<Object, Error> {
        let mut data = Object::new();
        data.add_string(1, &value.to_string());
        Ok(data)
    }
}

fn schema(roots: &[PathBuf]) -> Schema {
    let options = CompileOptions {
        schema_paths: roots.to_vec(),
        load_all: true,
        ..Default::default()
    };
    let compiled = compile(&options).unwrap_or_else(|d| panic!("{}", d.render(false)));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

fn same_entities_as_binary(dir: &Path, schema: &Schema) {
    let json = fs::File::open(dir.join("snapshots/default.json")).expect("json");
    let from_json: Vec<_> = JsonSnapshotReader::new(json, schema, TextJson)
        .collect::<Result<_, _>>()
        .expect("reads");
    let binary = read_entities(&fs::read(dir.join("snapshots/default.snapshot")).expect("binary"))
        .expect("reads");
    let shape = |entities: &[rosetta_wire::snapshot::SnapshotEntity]| {
        entities
            .iter()
            .map(|e| {
                let mut ids: Vec<u32> = e.component_ids().collect();
                ids.sort_unstable();
                (e.id, ids)
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&from_json), shape(&binary), "{}", dir.display());
}

#[test]
fn json_snapshots_frame_the_same_entities_as_binary_ones() {
    let Some(corpus) = corpus() else { return };
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema");
    let v15 = corpus.join("CExampleProject@56a5d21");
    same_entities_as_binary(&v15, &schema(&[ours, v15.join("schema")]));
    let v14 = corpus.join("CExampleProject@eb55ff5");
    let std14 = corpus.join("spatialos-codegen@03f7da3/examples/schema/standard_library");
    if std14.is_dir() {
        same_entities_as_binary(&v14, &schema(&[std14, v14.join("schema")]));
    }
}
