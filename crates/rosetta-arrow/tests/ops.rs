//! Component updates, events and command payloads written as Parquet and Arrow IPC tables and
//! read back: every update comes back with the same wire bytes, every payload with the same
//! object.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{example_schema, repo};
use rosetta_arrow::ops::{command_table, event_table, CommandPart, UpdateTable};
use rosetta_arrow::{
    component_rows, partition_dir, read_batches, to_object, ArrowOptions, ComponentBatcher,
    ComponentTable, DatasetOptions, DatasetWriter, Format, Table,
};
use rosetta_types::TypeRegistry;
use rosetta_wire::family::{Bool, EntityId, Uint32};
use rosetta_wire::snapshot::read_entities;
use rosetta_wire::{ComponentData, ComponentUpdate, Object};

const PLAYER: u32 = 1000;
const HEALTH: u32 = 1001;

/// Every component of the example snapshot as an update that sets all of its fields, and
/// more: the player's collections cleared and levelling up, the health damaged twice and
/// dying.
fn updates(registry: &TypeRegistry) -> Vec<(i64, u32, ComponentUpdate)> {
    let snapshot = std::fs::read(repo().join("examples/data/world.snapshot")).unwrap();
    let mut out = Vec::new();
    for entity in read_entities(&snapshot).unwrap() {
        for (id, data) in &entity.components {
            let ty = registry.component(*id).unwrap().id();
            let mut update = ComponentData::from(data.clone())
                .to_update(registry, ty)
                .unwrap();
            if *id == PLAYER {
                for field in [4, 5, 6] {
                    update.fields_mut().clear_field(field);
                    update.add_cleared_field(field);
                }
                update.add_event(1).add::<Uint32>(1, 7);
            }
            if *id == HEALTH {
                update.add_event(1).add::<Uint32>(1, 30);
                let hit = update.add_event(1);
                hit.add::<Uint32>(1, 12);
                hit.add::<EntityId>(2, entity.id);
                update.add_event(2);
            }
            out.push((entity.id, *id, update));
        }
    }
    out
}

/// The rows of table `name` of the dataset at `root`, in file order.
fn rows_of(
    registry: &TypeRegistry,
    root: &Path,
    table: &ComponentTable,
) -> Vec<(i64, rosetta_types::Value)> {
    let dir = root.join(partition_dir(table.name(), "log"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut rows = Vec::new();
    for file in files {
        for batch in read_batches(&file).unwrap() {
            rows.extend(component_rows(registry, table, &batch.unwrap()).unwrap());
        }
    }
    rows
}

fn updates_come_back(format: Format) {
    let schema = example_schema();
    let registry = schema.registry();
    let updates = updates(registry);
    let dir = tempfile::tempdir().unwrap();
    let options = DatasetOptions {
        format,
        ..DatasetOptions::default()
    };
    let mut writer = DatasetWriter::create(dir.path(), options).unwrap();
    let mut tables: BTreeMap<u32, (UpdateTable, ComponentBatcher)> = BTreeMap::new();
    for (entity, component, update) in &updates {
        let (table, batcher) = tables.entry(*component).or_insert_with(|| {
            let table = UpdateTable::new(registry, *component, ArrowOptions::default()).unwrap();
            let batcher = ComponentBatcher::new(table.table().clone(), 2);
            (table, batcher)
        });
        let row = table.to_value(registry, update).unwrap();
        if let Some(batch) = batcher.push_value(registry, *entity, &row).unwrap() {
            writer
                .write("log", Table::Component(table.table()), &batch)
                .unwrap();
        }
    }
    for (table, batcher) in tables.values_mut() {
        if let Some(batch) = batcher.finish().unwrap() {
            writer
                .write("log", Table::Component(table.table()), &batch)
                .unwrap();
        }
    }
    writer.commit().unwrap();

    assert!(tables.contains_key(&PLAYER) && tables.contains_key(&HEALTH));
    for (component, (table, _)) in &tables {
        let expected: Vec<_> = updates
            .iter()
            .filter(|(_, c, _)| c == component)
            .map(|(entity, _, update)| (*entity, update.encode()))
            .collect();
        let back: Vec<_> = rows_of(registry, dir.path(), table.table())
            .into_iter()
            .map(|(entity, row)| (entity, table.to_update(registry, &row).unwrap().encode()))
            .collect();
        assert_eq!(back, expected, "{}", table.table().name());
    }
}

#[test]
fn every_update_comes_back_from_parquet() {
    updates_come_back(Format::Parquet);
}

#[test]
fn every_update_comes_back_from_arrow_ipc() {
    updates_come_back(Format::Arrow);
}

#[test]
fn update_tables_name_their_columns_for_sql() {
    let schema = example_schema();
    let table = UpdateTable::new(schema.registry(), HEALTH, ArrowOptions::default()).unwrap();
    assert_eq!(table.table().name(), "game.Health.update");
    let columns: Vec<String> = table
        .table()
        .schema()
        .fields()
        .iter()
        .map(|f| format!("{}: {}", f.name(), f.data_type()))
        .collect();
    assert_eq!(
        columns[..4],
        [
            "entity_id: Int64",
            "current: UInt32",
            "maximum: UInt32",
            "__cleared: List(non-null Utf8)"
        ]
    );
    assert!(
        columns[4].starts_with("__events: Struct(\"damaged\": non-null List("),
        "{}",
        columns[4]
    );
    assert!(table.table().schema().field(1).is_nullable());
}

#[test]
fn an_update_the_component_does_not_declare_is_refused() {
    let schema = example_schema();
    let registry = schema.registry();
    let table = UpdateTable::new(registry, HEALTH, ArrowOptions::default()).unwrap();
    let mut update = ComponentUpdate::new();
    update.add_event(9);
    let err = table.to_value(registry, &update).unwrap_err().to_string();
    assert!(err.contains("event 9"), "{err}");
}

#[test]
fn event_and_command_payloads_come_back() {
    let schema = example_schema();
    let registry = schema.registry();
    let dir = tempfile::tempdir().unwrap();
    let mut writer = DatasetWriter::create(dir.path(), DatasetOptions::default()).unwrap();

    let damaged = event_table(registry, HEALTH, "damaged", ArrowOptions::default()).unwrap();
    assert_eq!(damaged.name(), "game.Health.events.damaged");
    let mut hit = Object::new();
    hit.add::<Uint32>(1, 12);
    hit.add::<EntityId>(2, 5);
    let mut glancing = Object::new();
    glancing.add::<Uint32>(1, 1);

    let respawn = command_table(
        registry,
        PLAYER,
        "respawn",
        CommandPart::Response,
        ArrowOptions::default(),
    )
    .unwrap();
    assert_eq!(respawn.name(), "game.Player.commands.respawn.response");
    let mut accepted = Object::new();
    accepted.add::<Bool>(1, true);

    let written = [
        (&damaged, vec![(3, hit), (4, glancing)]),
        (&respawn, vec![(3, accepted)]),
    ];
    for (table, rows) in &written {
        let mut batcher = ComponentBatcher::new((*table).clone(), 64);
        for (entity, payload) in rows {
            assert!(batcher.push(registry, *entity, payload).unwrap().is_none());
        }
        let batch = batcher.finish().unwrap().unwrap();
        writer
            .write("log", Table::Component(table), &batch)
            .unwrap();
    }
    writer.commit().unwrap();

    for (table, rows) in &written {
        let back: Vec<(i64, Object)> = rows_of(registry, dir.path(), table)
            .into_iter()
            .map(|(entity, value)| (entity, to_object(registry, table, &value).unwrap()))
            .collect();
        let expected: Vec<(i64, Vec<u8>)> = rows.iter().map(|(e, o)| (*e, o.encode())).collect();
        let back: Vec<(i64, Vec<u8>)> = back.iter().map(|(e, o)| (*e, o.encode())).collect();
        assert_eq!(back, expected, "{}", table.name());
    }

    let err = event_table(registry, HEALTH, "healed", ArrowOptions::default()).unwrap_err();
    assert!(err.to_string().contains("has no event `healed`"), "{err}");
}
