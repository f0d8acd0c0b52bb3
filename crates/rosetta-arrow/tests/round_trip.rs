//! Snapshots exported as Parquet and Arrow IPC datasets and read back: the record stream that
//! comes back is the original's, byte for byte (the example snapshot here; every corpus
//! snapshot in the conformance suite `arrow-snapshot`).

mod common;

use common::{example_schema, repo};
use rosetta_arrow::{
    read_snapshot, snapshots_in, stream_snapshot, write_batches, ArrowOptions, DatasetOptions,
    DatasetWriter, Error, Format, Table,
};
use rosetta_wire::snapshot::{
    decompress, read_entities, write_entities_in_order, ComponentOrder, Compression,
};

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
    let streamed: Vec<_> = stream_snapshot(schema.registry(), dir.path(), None)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(streamed, entities);
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

#[test]
fn a_column_of_the_wrong_type_is_named_in_the_error() {
    use std::sync::Arc;

    use arrow::array::{Int64Array, RecordBatch, StringArray};
    use arrow::datatypes::{DataType, Field, Schema as ArrowSchema};
    use rosetta_arrow::{component_rows, ComponentTable};

    let schema = example_schema();
    let registry = schema.registry();
    let id = registry
        .get_by_name("game.Health")
        .and_then(|t| t.component())
        .map(|c| c.id())
        .unwrap();
    let table = ComponentTable::new(registry, id, ArrowOptions::default()).unwrap();
    // `current` as text, where the schema has an integer.
    let columns = ArrowSchema::new(vec![
        Field::new("entity_id", DataType::Int64, false),
        Field::new("current", DataType::Utf8, false),
        Field::new("maximum", DataType::Int32, false),
    ]);
    let batch = RecordBatch::try_new(
        Arc::new(columns),
        vec![
            Arc::new(Int64Array::from(vec![1])),
            Arc::new(StringArray::from(vec!["80"])),
            Arc::new(arrow::array::Int32Array::from(vec![100])),
        ],
    )
    .unwrap();
    let err = component_rows(registry, &table, &batch)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("game.Health") && err.contains("row 0"),
        "{err}"
    );
    assert!(err.contains("column `current`"), "{err}");
}

/// The example snapshot exported with its `game.Health` rows in reverse: `read_snapshot` reads
/// it back the same, and the stream says its order is not the entities'.
#[test]
fn tables_in_another_order_are_read_in_memory_not_streamed() {
    use rosetta_arrow::ComponentBatcher;

    let schema = example_schema();
    let registry = schema.registry();
    let original = std::fs::read(repo().join("examples/data/world.snapshot")).unwrap();
    let entities = read_entities(&original).unwrap();
    let health = registry
        .get_by_name("game.Health")
        .unwrap()
        .component()
        .unwrap()
        .id();
    let dir = tempfile::tempdir().unwrap();
    let mut writer = DatasetWriter::create(dir.path(), DatasetOptions::default()).unwrap();
    // Every table but `game.Health` as the exporter writes it.
    let mut held = None;
    write_batches(
        registry,
        entities.iter().cloned().map(Ok::<_, Error>),
        ArrowOptions::default(),
        8192,
        &mut |table, batch| match table {
            Table::Component(t) if t.id() == Some(health) => {
                held = Some(t.clone());
                Ok(())
            }
            table => writer.write("world", table, &batch),
        },
    )
    .unwrap();
    let table = held.expect("the example has health");
    let mut batcher = ComponentBatcher::new(table.clone(), 8192);
    let holders: Vec<_> = entities
        .iter()
        .filter_map(|e| e.component(health).map(|data| (e.id, data)))
        .collect();
    assert!(holders.len() > 1);
    for (id, data) in holders.iter().rev() {
        assert!(batcher.push(registry, *id, data).unwrap().is_none());
    }
    let batch = batcher.finish().unwrap().unwrap();
    writer
        .write("world", Table::Component(&table), &batch)
        .unwrap();
    writer.commit().unwrap();

    assert_eq!(read_snapshot(registry, dir.path(), None).unwrap(), entities);
    let streamed: Result<Vec<_>, _> = stream_snapshot(registry, dir.path(), None)
        .unwrap()
        .collect();
    assert!(matches!(streamed, Err(Error::Unordered(_))), "{streamed:?}");
}
