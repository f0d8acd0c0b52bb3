//! The snapshot's component data as updates through their update tables
//! (`rosetta_arrow::ops`): each component of each entity as two updates, one that sets every
//! field it holds and one that clears them all, written as Parquet and read back with the
//! same wire bytes. And every component, event and command of the schema has its table.

use std::collections::BTreeMap;

use rosetta_arrow::ops::{command_table, event_table, CommandPart, UpdateTable};
use rosetta_arrow::{
    component_rows, partition_dir, read_batches, ArrowOptions, ComponentBatcher, DatasetOptions,
    DatasetWriter, Table,
};
use rosetta_types::TypeRegistry;
use rosetta_wire::snapshot::SnapshotEntity;
use rosetta_wire::ComponentData;

/// An update table with its batcher and the wire bytes of the updates pushed into it.
struct Updates {
    table: UpdateTable,
    batcher: ComponentBatcher,
    expected: Vec<(i64, Vec<u8>)>,
}

pub(super) fn round_trip(
    registry: &TypeRegistry,
    entities: &[SnapshotEntity],
) -> Result<(), String> {
    every_table_maps(registry)?;
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut writer =
        DatasetWriter::create(dir.path(), DatasetOptions::default()).map_err(|e| e.to_string())?;
    let mut tables: BTreeMap<u32, Updates> = BTreeMap::new();
    for entity in entities {
        for (id, data) in &entity.components {
            let ty = registry
                .component(*id)
                .map(|t| t.id())
                .ok_or_else(|| format!("no component {id}"))?;
            let updates = match tables.entry(*id) {
                std::collections::btree_map::Entry::Occupied(e) => e.into_mut(),
                std::collections::btree_map::Entry::Vacant(e) => {
                    let table = UpdateTable::new(registry, *id, ArrowOptions::default())
                        .map_err(|e| e.to_string())?;
                    let batcher = ComponentBatcher::new(table.table().clone(), 7);
                    e.insert(Updates {
                        table,
                        batcher,
                        expected: Vec::new(),
                    })
                }
            };
            let data = ComponentData::from(data.clone());
            let set = data.to_update(registry, ty).map_err(|e| e.to_string())?;
            let clear = data.diff(&ComponentData::new());
            for update in [set, clear] {
                let row = updates
                    .table
                    .to_value(registry, &update)
                    .map_err(|e| format!("entity {}: {e}", entity.id))?;
                updates.expected.push((entity.id, update.encode()));
                if let Some(batch) = updates
                    .batcher
                    .push_value(registry, entity.id, &row)
                    .map_err(|e| e.to_string())?
                {
                    writer
                        .write("s", Table::Component(updates.table.table()), &batch)
                        .map_err(|e| e.to_string())?;
                }
            }
        }
    }
    for updates in tables.values_mut() {
        if let Some(batch) = updates.batcher.finish().map_err(|e| e.to_string())? {
            writer
                .write("s", Table::Component(updates.table.table()), &batch)
                .map_err(|e| e.to_string())?;
        }
    }
    writer.commit().map_err(|e| e.to_string())?;

    for updates in tables.values() {
        let table = updates.table.table();
        let file = dir
            .path()
            .join(partition_dir(table.name(), "s"))
            .join("part-0.parquet");
        let mut back = Vec::new();
        for batch in read_batches(&file).map_err(|e| e.to_string())? {
            let batch = batch.map_err(|e| e.to_string())?;
            for (entity, row) in
                component_rows(registry, table, &batch).map_err(|e| e.to_string())?
            {
                let update = updates
                    .table
                    .to_update(registry, &row)
                    .map_err(|e| e.to_string())?;
                back.push((entity, update.encode()));
            }
        }
        if back != updates.expected {
            let at = back
                .iter()
                .zip(&updates.expected)
                .position(|(a, b)| a != b)
                .unwrap_or(back.len().min(updates.expected.len()));
            return Err(format!(
                "`{}`: update {at} of {} does not come back the same",
                table.name(),
                updates.expected.len()
            ));
        }
    }
    Ok(())
}

/// Every component's update table, and a table for each of its events and each command's
/// request and response.
fn every_table_maps(registry: &TypeRegistry) -> Result<(), String> {
    let options = ArrowOptions::default();
    for t in registry.components() {
        let (Some(info), Some(name)) = (t.component(), t.qualified_name()) else {
            continue;
        };
        let id = info.id();
        let failed = |what: &str, e: rosetta_arrow::Error| format!("`{name}` {what}: {e}");
        UpdateTable::new(registry, id, options).map_err(|e| failed("update table", e))?;
        for event in info.events() {
            event_table(registry, id, event.name(), options)
                .map_err(|e| failed(&format!("event `{}`", event.name()), e))?;
        }
        for command in info.commands() {
            for part in [CommandPart::Request, CommandPart::Response] {
                command_table(registry, id, command.name(), part, options)
                    .map_err(|e| failed(&format!("command `{}`", command.name()), e))?;
            }
        }
    }
    Ok(())
}
