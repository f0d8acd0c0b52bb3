//! Snapshots exported as Parquet and Arrow IPC datasets and read back: the record stream that
//! comes back is the original's, byte for byte (the example snapshot here; every corpus
//! snapshot in the conformance suite `arrow-snapshot`).

use std::path::Path;

use rosetta_arrow::{
    read_snapshot, snapshots_in, write_batches, ArrowOptions, DatasetOptions, DatasetWriter, Format,
};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{
    decompress, read_entities, write_entities_in_order, ComponentOrder, Compression,
};

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn example_schema() -> Schema {
    let options = CompileOptions {
        schema_paths: vec![repo().join("schema"), repo().join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    Schema::from_bundle(compile(&options).unwrap().bundle()).unwrap()
}

fn round_trip(format: Format, options: ArrowOptions, batch_rows: usize) {
    let schema = example_schema();
    let original = std::fs::read(repo().join("examples/data/world.snapshot")).unwrap();
    let entities = read_entities(&original).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut writer = DatasetWriter::create(
        dir.path(),
        DatasetOptions {
            format,
            ..DatasetOptions::default()
        },
    )
    .unwrap();
    let n = write_batches(
        schema.registry(),
        entities.iter().cloned().map(Ok::<_, rosetta_arrow::Error>),
        options,
        batch_rows,
        &mut |table, batch| writer.write("world", table, &batch),
    )
    .unwrap();
    assert_eq!(n as usize, entities.len());
    writer.commit().unwrap();
    assert_eq!(snapshots_in(dir.path()).unwrap(), ["world"]);
    let back = read_snapshot(schema.registry(), dir.path(), None).unwrap();
    assert_eq!(back, entities);
    let again = write_entities_in_order(&back, Compression::Raw, ComponentOrder::AsGiven).unwrap();
    assert_eq!(again, decompress(&original).unwrap());
}

#[test]
fn the_example_snapshot_comes_back_from_parquet_byte_for_byte() {
    round_trip(Format::Parquet, ArrowOptions::default(), 8192);
}

#[test]
fn the_example_snapshot_comes_back_from_arrow_ipc_in_small_batches() {
    round_trip(Format::Arrow, ArrowOptions::default(), 3);
}

#[test]
fn enums_as_numbers_come_back_too() {
    round_trip(Format::Parquet, ArrowOptions { enum_as_int: true }, 5);
}
