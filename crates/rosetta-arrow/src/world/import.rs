//! A dataset of a world's tables (written by [`write_world_batches`](super::write_world_batches)
//! and `rosetta export`), applied to a world: the way back from SQL to Flecs.
//!
//! The world given is the template that holds the component types (normally the world the
//! dataset was exported from, loaded again). Applying a snapshot of the dataset makes the
//! world's own entities (not Flecs' builtins) those of the `entities` table: entities the table
//! does not list are deleted, those the world lacks are made alive with their ids, each gets
//! the table's parent, name and type (tags, pairs and components), and every component table's
//! rows set their values.

use std::collections::BTreeSet;
use std::path::Path;

use arrow::array::{Array, AsArray};
use arrow::datatypes::Int64Type;
use rosetta_world::{builtin, Id, World};

use crate::error::{Error, Result};
use crate::read::dataset::{parts, pick_snapshot, tables};
use crate::read::{component_rows, read_batches};
use crate::schema::{ArrowOptions, ComponentTable, ENTITY_ID};
use crate::world::builtins::Builtins;
use crate::write::batch::ENTITIES;

/// A row of a world's `entities` table.
struct EntityRow {
    id: Id,
    /// The entity's path, when it is named.
    path: Option<String>,
    parent: Option<Id>,
    /// Each id of its type, as Flecs writes it.
    ids: Vec<String>,
}

/// What [`apply_dataset`] changed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Applied {
    /// Entities of the `entities` table.
    pub entities: u64,
    /// Entities the world had and the table does not list, deleted.
    pub deleted: u64,
    /// Entities the table lists and the world lacked, made alive.
    pub created: u64,
    /// Component values set from the component tables.
    pub values: u64,
}

/// Applies snapshot `snapshot` (or the only one) of the world dataset at `root` to `world`.
/// Errors name the file and row; the world is left part-way on an error, so apply to a world
/// loaded for the purpose.
///
/// ```
/// use rosetta_arrow::world::{apply_dataset, write_world_batches};
/// use rosetta_arrow::{ArrowOptions, DatasetOptions, DatasetWriter};
/// let script = r#"[
///     ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
///     ["entity", "Sun.Earth"],
///     ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}]
/// ]"#;
/// let world = rosetta_world::script::load_str(script).unwrap().world;
/// let dir = tempfile::tempdir().unwrap();
/// let mut dataset = DatasetWriter::create(dir.path().join("tables"), DatasetOptions::default()).unwrap();
/// write_world_batches(&world, ArrowOptions::default(), 1024, &mut |table, batch| {
///     dataset.write("night", table, &batch)
/// })
/// .unwrap();
/// dataset.commit().unwrap();
///
/// // Applied to the types alone, the dataset gives the world back.
/// let mut types = rosetta_world::script::load_str(r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]]]"#)
///     .unwrap()
///     .world;
/// let applied = apply_dataset(&mut types, dir.path().join("tables"), None).unwrap();
/// assert_eq!((applied.entities, applied.values), (3, 1));
/// let earth = types.lookup("Sun.Earth").unwrap();
/// let position = types.lookup("Position").unwrap();
/// assert!(types.get_owned(earth, position).is_some());
/// ```
pub fn apply_dataset(
    world: &mut World,
    root: impl AsRef<Path>,
    snapshot: Option<&str>,
) -> Result<Applied> {
    let root = root.as_ref();
    let tables = tables(root)?;
    let snapshot = pick_snapshot(root, &tables, snapshot)?;
    let dir = tables
        .get(ENTITIES)
        .and_then(|s| s.get(&snapshot))
        .ok_or_else(|| {
            Error::Value(format!(
                "{}: no `{ENTITIES}` table for snapshot `{snapshot}`",
                root.display()
            ))
        })?;
    let rows = entity_rows(dir)?;
    let mut applied = Applied {
        entities: rows.len() as u64,
        ..Applied::default()
    };
    let listed: BTreeSet<Id> = rows.iter().map(|r| r.id).collect();
    let builtins = Builtins::new(world);
    let stale: Vec<Id> = world
        .entities()
        .filter(|&e| !listed.contains(&e) && !builtins.contains(world, e))
        .collect();
    let failed = |row: &EntityRow, e: rosetta_world::Error| {
        Error::Value(format!("{}: entity {}: {e}", dir.display(), row.id.0))
    };
    for e in stale {
        // Deleting a parent deletes its children: some are gone already.
        if world.is_alive(e) {
            world
                .delete(e)
                .map_err(|err| Error::Value(format!("entity {}: {err}", e.0)))?;
            applied.deleted += 1;
        }
    }
    for row in &rows {
        if !world.is_alive(row.id) {
            world.make_alive(row.id).map_err(|e| failed(row, e))?;
            applied.created += 1;
        }
    }
    // Parents and names first: the types' ids are found by path.
    for row in &rows {
        let parent = world.target(row.id, builtin::CHILD_OF, 0);
        if parent != row.parent {
            if let Some(old) = parent {
                let old = Id::pair(builtin::CHILD_OF, old);
                world.remove(row.id, old).map_err(|e| failed(row, e))?;
            }
            if let Some(new) = row.parent {
                let new = Id::pair(builtin::CHILD_OF, new);
                world.add(row.id, new).map_err(|e| failed(row, e))?;
            }
        }
        if let Some(path) = &row.path {
            let name = last_element(path);
            if world.name_of(row.id) != Some(name) {
                world.set_name(row.id, name).map_err(|e| failed(row, e))?;
            }
        }
    }
    for row in &rows {
        let mut wanted = BTreeSet::new();
        for text in &row.ids {
            let id = parse_id(world, text).ok_or_else(|| {
                Error::Value(format!(
                    "{}: entity {}: no id `{text}` in the world",
                    dir.display(),
                    row.id.0
                ))
            })?;
            wanted.insert(id);
        }
        // Names and parents are the columns' (above), whatever the list says.
        let kept =
            |id: Id| id.is_pair() && matches!(id.first(), builtin::IDENTIFIER | builtin::CHILD_OF);
        let has: Vec<Id> = world.type_of(row.id).to_vec();
        for &id in has.iter().filter(|&&id| !wanted.contains(&id) && !kept(id)) {
            world.remove(row.id, id).map_err(|e| failed(row, e))?;
        }
        for &id in wanted.iter().filter(|&&id| !has.contains(&id) && !kept(id)) {
            world.add(row.id, id).map_err(|e| failed(row, e))?;
        }
    }
    for (name, snapshots) in &tables {
        let Some(dir) = snapshots.get(&snapshot).filter(|_| name != ENTITIES) else {
            continue;
        };
        applied.values += set_values(world, name, dir, &listed)?;
    }
    Ok(applied)
}

/// Sets the values of component table `name` (its partition `dir`) on the listed entities.
fn set_values(world: &mut World, name: &str, dir: &Path, listed: &BTreeSet<Id>) -> Result<u64> {
    let no_component = || {
        Error::Value(format!(
            "{}: the world has no reflected component `{name}`",
            dir.display()
        ))
    };
    let component = world.lookup(name).ok_or_else(no_component)?;
    let ty = world
        .component_info(component)
        .and_then(|c| c.ty)
        .ok_or_else(no_component)?;
    let table =
        ComponentTable::of_type(world.types(), ty, name.to_string(), ArrowOptions::default())?;
    let mut count = 0;
    for file in parts(dir)? {
        for batch in read_batches(&file)? {
            let at = |e: Error| Error::Value(format!("{}: {e}", file.display()));
            let rows = component_rows(world.types(), &table, &batch?).map_err(at)?;
            for (entity, value) in rows {
                let e = Id(entity as u64);
                if !listed.contains(&e) {
                    return Err(at(Error::Value(format!(
                        "a row for entity {entity}, which the `{ENTITIES}` table does not list"
                    ))));
                }
                world
                    .set(e, component, value)
                    .map_err(|err| at(Error::Value(format!("entity {entity}: {err}"))))?;
                count += 1;
            }
        }
    }
    Ok(count)
}

/// The rows of an `entities` partition of a world dataset.
fn entity_rows(dir: &Path) -> Result<Vec<EntityRow>> {
    let mut rows = Vec::new();
    for file in parts(dir)? {
        for batch in read_batches(&file)? {
            let batch = batch?;
            let bad = |what: &str| Error::Value(format!("{}: {what}", file.display()));
            let ids = batch
                .column_by_name(ENTITY_ID)
                .and_then(|c| c.as_primitive_opt::<Int64Type>().cloned())
                .ok_or_else(|| bad("no Int64 `entity_id` column"))?;
            if batch.column_by_name("components").is_some() {
                return Err(bad(
                    "the `entities` table of a snapshot, not of a world: import it with its schema",
                ));
            }
            let paths = batch
                .column_by_name("name")
                .and_then(|c| c.as_string_opt::<i32>().cloned());
            let parents = batch
                .column_by_name("parent")
                .and_then(|c| c.as_primitive_opt::<Int64Type>().cloned());
            let types = batch
                .column_by_name("type")
                .and_then(|c| c.as_list_opt::<i32>().cloned())
                .ok_or_else(|| bad("no `type` list column"))?;
            for row in 0..batch.num_rows() {
                if ids.is_null(row) {
                    return Err(bad(&format!("row {row}: a null entity id")));
                }
                let list = types.value(row);
                let list = list
                    .as_string_opt::<i32>()
                    .ok_or_else(|| bad("`type` is no list of strings"))?;
                rows.push(EntityRow {
                    id: Id(ids.value(row) as u64),
                    path: paths
                        .as_ref()
                        .filter(|p| p.is_valid(row))
                        .map(|p| p.value(row).to_string()),
                    parent: parents
                        .as_ref()
                        .filter(|p| p.is_valid(row))
                        .map(|p| Id(p.value(row) as u64)),
                    ids: list.iter().flatten().map(str::to_string).collect(),
                });
            }
        }
    }
    Ok(rows)
}

/// An id as [`World::id_str`] writes it: a path, `(first,second)`, or with a `TOGGLE|` or
/// `OVERRIDE|` flag.
fn parse_id(world: &World, text: &str) -> Option<Id> {
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        let comma = top_level(inner, b',').next()?;
        let first = world.lookup(&inner[..comma])?;
        let second = world.lookup(&inner[comma + 1..])?;
        return Some(Id::pair(first, second));
    }
    for (flag, prefix) in [(Id::TOGGLE, "TOGGLE|"), (Id::OVERRIDE, "OVERRIDE|")] {
        if let Some(path) = text.strip_prefix(prefix) {
            return world.lookup(path).map(|id| Id(id.0 | flag));
        }
    }
    world.lookup(text)
}

/// The last element of a path (`Sun.Earth` → `Earth`; a `.` inside a template's `<...>` does
/// not split).
fn last_element(path: &str) -> &str {
    match top_level(path, b'.').last() {
        Some(dot) => &path[dot + 1..],
        None => path,
    }
}

/// The positions of `sep` in `text` outside `<...>`.
fn top_level(text: &str, sep: u8) -> impl Iterator<Item = usize> + '_ {
    let mut depth = 0i32;
    text.bytes().enumerate().filter_map(move |(i, b)| {
        match b {
            b'<' => depth += 1,
            b'>' => depth -= 1,
            _ if b == sep && depth == 0 => return Some(i),
            _ => {}
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_and_pairs_split_outside_templates() {
        assert_eq!(last_element("Sun.Earth"), "Earth");
        assert_eq!(last_element("Earth"), "Earth");
        assert_eq!(last_element("a.Vec<a.b>"), "Vec<a.b>");
        let world = rosetta_world::script::load_str(r#"[["entity", "Sun.Earth"]]"#)
            .unwrap()
            .world;
        let earth = world.lookup("Sun.Earth").unwrap();
        let sun = world.lookup("Sun").unwrap();
        assert_eq!(
            parse_id(&world, "(flecs.core.ChildOf,Sun)"),
            Some(Id::pair(builtin::CHILD_OF, sun))
        );
        assert_eq!(parse_id(&world, "Sun.Earth"), Some(earth));
        assert_eq!(parse_id(&world, "Moon"), None);
    }
}
