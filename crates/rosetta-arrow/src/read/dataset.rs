//! A snapshot of a dataset written by [`DatasetWriter`](crate::DatasetWriter) read back as
//! snapshot entities.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::fs;
use std::path::{Path, PathBuf};

use arrow::array::{Array, AsArray, RecordBatch};
use arrow::datatypes::{Int64Type, UInt32Type};
use rosetta_types::{ComponentId, TypeRegistry};
use rosetta_wire::snapshot::SnapshotEntity;
use rosetta_wire::Object;

use crate::error::{Error, Result};
use crate::read::file::{component_rows, read_batches, to_object};
use crate::schema::{ArrowOptions, ComponentTable, ENTITY_ID};
use crate::write::batch::ENTITIES;

/// Undoes [`partition_value`](crate::write::dataset::partition_value).
fn unescape(value: &str) -> String {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let Ok(b) = u8::from_str_radix(&value[i + 1..i + 3], 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn dirs(path: &Path) -> Result<Vec<(String, PathBuf)>> {
    let mut out = Vec::new();
    for entry in fs::read_dir(path).map_err(|e| Error::io(path, e))? {
        let entry = entry.map_err(|e| Error::io(path, e))?;
        if entry
            .file_type()
            .map_err(|e| Error::io(entry.path(), e))?
            .is_dir()
        {
            out.push((
                entry.file_name().to_string_lossy().into_owned(),
                entry.path(),
            ));
        }
    }
    out.sort();
    Ok(out)
}

/// The data files of a partition folder, in name order.
pub(crate) fn parts(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).map_err(|e| Error::io(dir, e))? {
        let path = entry.map_err(|e| Error::io(dir, e))?.path();
        if matches!(
            path.extension().and_then(|e| e.to_str()),
            Some("parquet" | "arrow")
        ) {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Each table of a dataset (`entities` or a component's qualified name) and its snapshots'
/// partition folders.
pub(crate) type Tables = BTreeMap<String, BTreeMap<String, PathBuf>>;

/// Each table folder of the dataset at `root` (`entities` or a component's qualified name) and
/// its snapshots' partition folders.
pub(crate) fn tables(root: &Path) -> Result<Tables> {
    let mut tables = BTreeMap::new();
    for (name, path) in dirs(root)? {
        let table = if name == ENTITIES {
            name
        } else if let Some(component) = name.strip_prefix("component=") {
            unescape(component)
        } else {
            continue;
        };
        let mut snapshots = BTreeMap::new();
        for (part, path) in dirs(&path)? {
            if let Some(snapshot) = part.strip_prefix("snapshot=") {
                snapshots.insert(unescape(snapshot), path);
            }
        }
        tables.insert(table, snapshots);
    }
    Ok(tables)
}

/// The snapshots of the dataset at `root`, by name.
pub fn snapshots_in(root: impl AsRef<Path>) -> Result<Vec<String>> {
    let names: BTreeSet<String> = tables(root.as_ref())?
        .into_values()
        .flat_map(|s| s.into_keys())
        .collect();
    Ok(names.into_iter().collect())
}

/// Snapshot `snapshot` of the dataset at `root` (or its only snapshot) as snapshot entities,
/// in the order of its `entities` table, each with its components in the order recorded
/// there, so that a snapshot exported and read back writes the same bytes. Without an
/// `entities` table (a dataset made by another tool), the entities are those of the component
/// tables, by ascending id, with their components by ascending id as the SDK orders them.
///
/// A component table's name is the component's qualified name in `registry`; its columns
/// are found by name. Rows of entities that the `entities` table does not list are an error,
/// as is a component the `entities` table lists without a row.
pub fn read_snapshot(
    registry: &TypeRegistry,
    root: impl AsRef<Path>,
    snapshot: Option<&str>,
) -> Result<Vec<SnapshotEntity>> {
    let root = root.as_ref();
    let tables = tables(root)?;
    let snapshot = pick_snapshot(root, &tables, snapshot)?;
    let mut data: HashMap<ComponentId, HashMap<i64, Object>> = HashMap::new();
    for (name, snapshots) in &tables {
        if name == ENTITIES {
            continue;
        }
        let Some(dir) = snapshots.get(&snapshot) else {
            continue;
        };
        let id = component_of(registry, name, dir)?;
        let table = ComponentTable::new(registry, id, ArrowOptions::default())?;
        let rows = data.entry(id).or_default();
        for file in parts(dir)? {
            for batch in read_batches(&file)? {
                let batch = batch?;
                let at = |e: Error| Error::Value(format!("{}: {e}", file.display()));
                for (entity, value) in component_rows(registry, &table, &batch).map_err(at)? {
                    let object = to_object(registry, &table, &value).map_err(at)?;
                    if rows.insert(entity, object).is_some() {
                        return Err(at(Error::Value(format!("entity {entity} has two rows"))));
                    }
                }
            }
        }
    }
    let order = match tables.get(ENTITIES).and_then(|s| s.get(&snapshot)) {
        Some(dir) => entity_order(dir)?,
        None => {
            let ids: BTreeSet<i64> = data.values().flat_map(|r| r.keys().copied()).collect();
            let mut components: Vec<ComponentId> = data.keys().copied().collect();
            components.sort_unstable();
            ids.into_iter()
                .map(|id| {
                    let own = components
                        .iter()
                        .copied()
                        .filter(|c| data[c].contains_key(&id))
                        .collect();
                    (id, own)
                })
                .collect()
        }
    };
    let mut entities = Vec::with_capacity(order.len());
    for (id, components) in order {
        let mut entity = SnapshotEntity::new(id);
        for component in components {
            let object = data
                .get_mut(&component)
                .and_then(|rows| rows.remove(&id))
                .ok_or_else(|| {
                    Error::Value(format!(
                        "entity {id} lists component {component}, which has no row for it"
                    ))
                })?;
            entity.components.push((component, object));
        }
        entities.push(entity);
    }
    if let Some((component, rows)) = data.iter().find(|(_, rows)| !rows.is_empty()) {
        let id = rows.keys().next().copied().unwrap_or_default();
        return Err(Error::Value(format!(
            "component {component} has a row for entity {id}, which the entities table does not list with it"
        )));
    }
    Ok(entities)
}

/// Snapshot `snapshot` of a dataset's `tables` when it has it, or its only snapshot.
pub(crate) fn pick_snapshot(
    root: &Path,
    tables: &Tables,
    snapshot: Option<&str>,
) -> Result<String> {
    let available: BTreeSet<&String> = tables.values().flat_map(|s| s.keys()).collect();
    let listed = || {
        available
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match snapshot {
        Some(s) if available.contains(&s.to_string()) => Ok(s.to_string()),
        Some(s) => Err(Error::Value(format!(
            "{}: no snapshot `{s}` (it has: {})",
            root.display(),
            listed()
        ))),
        None => match available.len() {
            1 => Ok(available
                .iter()
                .next()
                .map(|s| s.to_string())
                .unwrap_or_default()),
            0 => Err(Error::Value(format!(
                "{}: no snapshot partitions (`component=NAME/snapshot=NAME/`)",
                root.display()
            ))),
            many => Err(Error::Value(format!(
                "{}: holds {many} snapshots ({}); name one",
                root.display(),
                listed()
            ))),
        },
    }
}

/// Each entity id of an `entities` partition and its components, in order.
fn entity_order(dir: &Path) -> Result<Vec<(i64, Vec<ComponentId>)>> {
    let mut order = Vec::new();
    for file in parts(dir)? {
        for batch in read_batches(&file)? {
            order.extend(entity_rows(&file, &batch?)?);
        }
    }
    Ok(order)
}

/// The rows of a batch of an `entities` table (from `file`): each entity id and its
/// components, in order.
pub(crate) fn entity_rows(
    file: &Path,
    batch: &RecordBatch,
) -> Result<Vec<(i64, Vec<ComponentId>)>> {
    let bad = |what: &str| Error::Value(format!("{}: {what}", file.display()));
    let ids = batch
        .column_by_name(ENTITY_ID)
        .and_then(|c| c.as_primitive_opt::<Int64Type>().cloned())
        .ok_or_else(|| bad("no Int64 `entity_id` column"))?;
    let lists = batch
        .column_by_name("components")
        .and_then(|c| c.as_list_opt::<i32>().cloned())
        .ok_or_else(|| bad("no `components` list column"))?;
    let mut rows = Vec::with_capacity(batch.num_rows());
    for row in 0..batch.num_rows() {
        let list = lists.value(row);
        let list = list
            .as_primitive_opt::<UInt32Type>()
            .ok_or_else(|| bad("`components` is no list of UInt32"))?;
        if ids.is_null(row) {
            return Err(bad(&format!("row {row}: a null entity id")));
        }
        rows.push((ids.value(row), list.iter().flatten().collect()));
    }
    Ok(rows)
}

/// The component whose table is `name` (its qualified name), found in `registry`.
pub(crate) fn component_of(registry: &TypeRegistry, name: &str, dir: &Path) -> Result<ComponentId> {
    registry
        .get_by_name(name)
        .and_then(|t| t.component())
        .map(|c| c.id())
        .ok_or_else(|| {
            Error::Value(format!(
                "{}: the schema has no component `{name}`",
                dir.display()
            ))
        })
}
