//! A dataset's snapshot read back as a stream of entities in bounded memory. The `entities`
//! table gives the order, and each component table, which the exporter writes in that same
//! order, is read beside it a batch at a time (a merge). A dataset whose tables are in another
//! order (rows sorted, or added, by another tool) is [`Error::Unordered`] at the first row out
//! of place; [`read_snapshot`](crate::read_snapshot) reads such datasets, in memory.

use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};

use arrow::array::RecordBatch;
use rosetta_types::{ComponentId, TypeRegistry};
use rosetta_wire::snapshot::SnapshotEntity;
use rosetta_wire::Object;

use crate::error::{Error, Result};
use crate::read::dataset::{component_of, entity_rows, parts, pick_snapshot, tables};
use crate::read::file::{component_rows, read_batches, to_object};
use crate::schema::{ArrowOptions, ComponentTable};
use crate::write::batch::ENTITIES;

type Batches = Box<dyn Iterator<Item = Result<RecordBatch>> + Send>;
type Decode<'r, T> = Box<dyn FnMut(&Path, &RecordBatch) -> Result<Vec<T>> + 'r>;

/// A table's rows across its partition's files, decoded a batch at a time.
struct Rows<'r, T> {
    files: std::vec::IntoIter<PathBuf>,
    file: PathBuf,
    batches: Option<Batches>,
    rows: VecDeque<T>,
    decode: Decode<'r, T>,
}

impl<'r, T> Rows<'r, T> {
    fn new(dir: &Path, decode: Decode<'r, T>) -> Result<Self> {
        Ok(Rows {
            files: parts(dir)?.into_iter(),
            file: PathBuf::new(),
            batches: None,
            rows: VecDeque::new(),
            decode,
        })
    }

    /// The next row, left in place; `None` after the last.
    fn peek(&mut self) -> Result<Option<&T>> {
        while self.rows.is_empty() {
            match self.batches.as_mut().and_then(Iterator::next) {
                Some(batch) => {
                    let rows = (self.decode)(&self.file, &batch?)?;
                    self.rows.extend(rows);
                }
                None => match self.files.next() {
                    Some(file) => {
                        self.batches = Some(read_batches(&file)?);
                        self.file = file;
                    }
                    None => return Ok(None),
                },
            }
        }
        Ok(self.rows.front())
    }
}

/// The entities of a dataset's snapshot, in the order of its `entities` table, each with its
/// components in the order recorded there (see [`stream_snapshot`]).
pub struct SnapshotStream<'r> {
    entities: Rows<'r, (i64, Vec<ComponentId>)>,
    tables: HashMap<ComponentId, Rows<'r, (i64, Object)>>,
    done: bool,
}

/// Snapshot `snapshot` of the dataset at `root` (or its only snapshot), streamed: the same
/// entities as [`read_snapshot`](crate::read_snapshot) gives, read in bounded memory, for a
/// dataset whose component tables are in the order of its `entities` table (every dataset
/// [`DatasetWriter`](crate::DatasetWriter) writes). A dataset without an `entities` table is
/// [`Error::Unordered`] at once.
pub fn stream_snapshot<'r>(
    registry: &'r TypeRegistry,
    root: impl AsRef<Path>,
    snapshot: Option<&str>,
) -> Result<SnapshotStream<'r>> {
    let root = root.as_ref();
    let tables = tables(root)?;
    let snapshot = pick_snapshot(root, &tables, snapshot)?;
    let entities_dir = tables
        .get(ENTITIES)
        .and_then(|s| s.get(&snapshot))
        .ok_or_else(|| Error::Unordered(format!("{}: no `{ENTITIES}` table", root.display())))?;
    let entities = Rows::new(entities_dir, Box::new(entity_rows))?;
    let mut streams = HashMap::new();
    for (name, snapshots) in &tables {
        let Some(dir) = snapshots.get(&snapshot).filter(|_| name != ENTITIES) else {
            continue;
        };
        let id = component_of(registry, name, dir)?;
        let table = ComponentTable::new(registry, id, ArrowOptions::default())?;
        let decode = move |file: &Path, batch: &RecordBatch| {
            let at = |e: Error| Error::Value(format!("{}: {e}", file.display()));
            component_rows(registry, &table, batch)
                .map_err(at)?
                .into_iter()
                .map(|(entity, value)| {
                    Ok((entity, to_object(registry, &table, &value).map_err(at)?))
                })
                .collect()
        };
        streams.insert(id, Rows::new(dir, Box::new(decode))?);
    }
    Ok(SnapshotStream {
        entities,
        tables: streams,
        done: false,
    })
}

impl SnapshotStream<'_> {
    fn next_entity(&mut self) -> Result<Option<SnapshotEntity>> {
        if self.entities.peek()?.is_none() {
            for (component, rows) in &mut self.tables {
                if let Some((entity, _)) = rows.peek()? {
                    return Err(Error::Unordered(format!(
                        "component {component} has a row for entity {entity} after the last entity"
                    )));
                }
            }
            return Ok(None);
        }
        let Some((id, components)) = self.entities.rows.pop_front() else {
            return Ok(None);
        };
        let mut entity = SnapshotEntity::new(id);
        for component in components {
            let rows = self.tables.get_mut(&component).ok_or_else(|| {
                Error::Unordered(format!(
                    "entity {id} lists component {component}, which has no table"
                ))
            })?;
            match rows.peek()? {
                Some((row, _)) if *row == id => {}
                _ => {
                    return Err(Error::Unordered(format!(
                        "the next row of component {component} is not entity {id}'s"
                    )))
                }
            }
            if let Some((_, object)) = rows.rows.pop_front() {
                entity.components.push((component, object));
            }
        }
        Ok(Some(entity))
    }
}

impl Iterator for SnapshotStream<'_> {
    type Item = Result<SnapshotEntity>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_entity();
        self.done = !matches!(next, Ok(Some(_)));
        next.transpose()
    }
}
