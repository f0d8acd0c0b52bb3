//! A snapshot file read as one table's record batches, on a thread of its own: the snapshot is
//! decoded while the query engine works on the batches before, and a query that stops early
//! (a `LIMIT`) stops the reader by dropping its end of the channel.

use std::fmt;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::{Arc, Mutex};

use arrow::array::RecordBatch;
use arrow::datatypes::SchemaRef;
use datafusion::error::DataFusionError;
use datafusion::physical_plan::memory::LazyBatchGenerator;
use parking_lot::RwLock;
use rosetta_schema::Schema;
use rosetta_wire::snapshot::{JsonSnapshotReader, SnapshotEntity, SnapshotReader};

use crate::error::{Error, Result};
use crate::schema::ComponentTable;
use crate::write::batch::{ComponentBatcher, EntitiesBatcher, EntityNames};

use super::filter::Pushed;
use super::options::snapshot_column;

/// What one scan of one snapshot file produces.
#[derive(Debug, Clone)]
pub(crate) struct ScanSpec {
    pub schema: Arc<Schema>,
    pub path: PathBuf,
    /// The `snapshot` column's value.
    pub snapshot: String,
    /// The component, or `None` for the `entities` table.
    pub component: Option<ComponentTable>,
    pub batch_rows: usize,
    /// The columns of the table (its own, then `snapshot`) the query reads.
    pub projection: Option<Vec<usize>>,
    /// The schema of the batches handed out (projected).
    pub output: SchemaRef,
    /// The entities the query's filters allow.
    pub pushed: Pushed,
    /// At most this many rows are wanted (a `LIMIT` that DataFusion pushed down): the reader
    /// stops once they are handed out.
    pub limit: Option<usize>,
}

/// A [`LazyBatchGenerator`] over one snapshot file.
pub(crate) struct SnapshotScan {
    spec: ScanSpec,
    /// The reader thread's batches (in a mutex only so the generator is `Sync`).
    batches: Option<Mutex<Receiver<Result<RecordBatch>>>>,
    /// Rows handed out so far.
    rows: usize,
}

impl SnapshotScan {
    pub fn new(spec: ScanSpec) -> Self {
        SnapshotScan {
            spec,
            batches: None,
            rows: 0,
        }
    }
}

impl fmt::Debug for SnapshotScan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SnapshotScan({})", self.spec.path.display())
    }
}

/// What `EXPLAIN` shows of the scan.
impl fmt::Display for SnapshotScan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "snapshot {}", self.spec.path.display())?;
        match self.spec.limit {
            Some(limit) => write!(f, ", limit {limit}"),
            None => Ok(()),
        }
    }
}

impl LazyBatchGenerator for SnapshotScan {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn generate_next_batch(&mut self) -> datafusion::error::Result<Option<RecordBatch>> {
        let left = self.spec.limit.map(|limit| limit.saturating_sub(self.rows));
        if left == Some(0) {
            // Dropping the receiver stops the reader thread at its next batch.
            self.batches = None;
            return Ok(None);
        }
        let batches = self.batches.get_or_insert_with(|| {
            // Two batches in flight: the reader stays one ahead of the query.
            let (tx, rx) = sync_channel(2);
            let spec = self.spec.clone();
            std::thread::spawn(move || {
                let result = read(&spec, &mut |batch| tx.send(Ok(batch)).is_ok());
                if let Err(e) = result {
                    let _ = tx.send(Err(e));
                }
            });
            Mutex::new(rx)
        });
        let received = match batches.get_mut() {
            Ok(rx) => rx.recv(),
            // A poisoned lock: the thread that held it panicked mid-receive; no batch is lost
            // by reading on, as the channel itself is intact.
            Err(poisoned) => poisoned.into_inner().recv(),
        };
        match received {
            Ok(Ok(batch)) => {
                let batch = match left {
                    Some(left) if batch.num_rows() > left => batch.slice(0, left),
                    _ => batch,
                };
                self.rows += batch.num_rows();
                Ok(Some(batch))
            }
            Ok(Err(e)) => Err(DataFusionError::External(Box::new(e))),
            // The reader is done (its sender dropped).
            Err(_) => Ok(None),
        }
    }

    fn reset_state(&self) -> Arc<RwLock<dyn LazyBatchGenerator>> {
        Arc::new(RwLock::new(SnapshotScan::new(self.spec.clone())))
    }
}

/// Reads the snapshot, handing each projected batch (with its `snapshot` column) to `send`
/// until it returns `false` (the query is done with the table).
fn read(spec: &ScanSpec, send: &mut dyn FnMut(RecordBatch) -> bool) -> Result<()> {
    let registry = spec.schema.registry();
    let file = File::open(&spec.path).map_err(|e| Error::io(&spec.path, e))?;
    let mut input = BufReader::with_capacity(1 << 16, file);
    let head = input.fill_buf().map_err(|e| Error::io(&spec.path, e))?;
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let json = head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let at = |e: rosetta_wire::Error| Error::Value(format!("{}: {e}", spec.path.display()));
    let codec = rosetta_json::spatialos::SnapshotCodec::for_schema(&spec.schema);
    let mut next: Box<dyn FnMut() -> rosetta_wire::Result<Option<SnapshotEntity>>> = if json {
        let mut reader = JsonSnapshotReader::new(input, &spec.schema, &codec);
        Box::new(move || reader.read_entity())
    } else {
        let mut reader = SnapshotReader::pipelined(input).map_err(at)?;
        Box::new(move || reader.read_entity())
    };
    let mut emit = |batch: RecordBatch| -> Result<bool> { Ok(send(finish(spec, batch)?)) };
    match &spec.component {
        Some(table) => {
            let id = table.id().ok_or_else(|| {
                Error::Unsupported(format!("`{}` is no snapshot component", table.name()))
            })?;
            let mut batcher = ComponentBatcher::new(table.clone(), spec.batch_rows);
            while let Some(entity) = next().map_err(at)? {
                // An entity without the component, or that the filters rule out, costs only
                // its record's decoding.
                let Some(data) = entity.component(id) else {
                    continue;
                };
                if !spec.pushed.admits_id(entity.id) {
                    continue;
                }
                if let Some(batch) = batcher.push(registry, entity.id, data)? {
                    if !emit(batch)? {
                        return Ok(());
                    }
                }
            }
            if let Some(batch) = batcher.finish()? {
                emit(batch)?;
            }
        }
        None => {
            let mut batcher = EntitiesBatcher::new(spec.batch_rows);
            let names = EntityNames::new(registry);
            while let Some(entity) = next().map_err(at)? {
                if !spec.pushed.admits_id(entity.id) {
                    continue;
                }
                let name = names.name_of(&entity);
                if let Some(batch) = batcher.push(entity.id, name, entity.component_ids())? {
                    if !emit(batch)? {
                        return Ok(());
                    }
                }
            }
            if let Some(batch) = batcher.finish()? {
                emit(batch)?;
            }
        }
    }
    Ok(())
}

/// A table's batch with its `snapshot` column, projected as the query asked.
fn finish(spec: &ScanSpec, batch: RecordBatch) -> Result<RecordBatch> {
    let rows = batch.num_rows();
    let mut columns = batch.columns().to_vec();
    columns.push(snapshot_column(&spec.snapshot, rows));
    let columns = match &spec.projection {
        Some(p) => p
            .iter()
            .map(|&i| {
                columns.get(i).cloned().ok_or_else(|| {
                    Error::Value(format!(
                        "the query asked for column {i} of {}",
                        columns.len()
                    ))
                })
            })
            .collect::<Result<Vec<_>>>()?,
        None => columns,
    };
    Ok(RecordBatch::try_new_with_options(
        spec.output.clone(),
        columns,
        &arrow::array::RecordBatchOptions::new().with_row_count(Some(rows)),
    )?)
}
