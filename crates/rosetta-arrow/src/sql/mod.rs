//! SQL over snapshots and datasets with DataFusion: one table per component, named by its
//! qualified name (quote it: `SELECT * FROM "game.Health"`), and `entities`; every table ends
//! in a `snapshot` column naming the snapshot a row comes from.
//!
//! Snapshot files are read straight into the query through a streaming table (no Parquet
//! written first): each file on a thread of its own, a batch at a time, only entities that
//! hold the component turned into rows. Datasets written by [`DatasetWriter`](crate::DatasetWriter)
//! are read as DataFusion's Parquet (or Arrow IPC) listing tables, with `snapshot` from the
//! partition folders.
//!
//! ```
//! use std::sync::Arc;
//! use datafusion::prelude::SessionContext;
//! use rosetta_arrow::sql::{register, SqlOptions};
//! use rosetta_schema::{compile, CompileOptions, Schema};
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
//! let options = CompileOptions {
//!     schema_paths: vec![repo.join("schema"), repo.join("examples/schema")],
//!     load_all: true,
//!     files: Vec::new(),
//! };
//! let schema = Arc::new(Schema::from_bundle(compile(&options).unwrap().bundle()).unwrap());
//! let ctx = SessionContext::new();
//! let inputs = [repo.join("examples/data/world.snapshot")];
//! register(&ctx, schema, &inputs, SqlOptions::default()).await.unwrap();
//! let batches = ctx
//!     .sql(r#"SELECT count(*) AS n FROM "game.Health""#)
//!     .await.unwrap().collect().await.unwrap();
//! assert_eq!(batches[0].num_rows(), 1);
//! # });
//! ```

mod checked;
mod filter;
mod options;
mod scan;
mod world;

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow::datatypes::SchemaRef;
use async_trait::async_trait;
use datafusion::catalog::Session;
use datafusion::common::TableReference;
use datafusion::datasource::file_format::arrow::ArrowFormat;
use datafusion::datasource::file_format::parquet::ParquetFormat;
use datafusion::datasource::file_format::FileFormat;
use datafusion::datasource::listing::{
    ListingOptions, ListingTable, ListingTableConfig, ListingTableUrl,
};
use datafusion::datasource::{TableProvider, TableType};
use datafusion::logical_expr::{Expr, TableProviderFilterPushDown};
use datafusion::physical_plan::memory::{LazyBatchGenerator, LazyMemoryExec};
use datafusion::physical_plan::ExecutionPlan;
use datafusion::prelude::SessionContext;
use parking_lot::RwLock;
use rosetta_schema::Schema;

use crate::error::{Error, Result};
use crate::schema::ComponentTable;
use crate::write::batch::{entities_schema, ENTITIES};
use checked::CheckedTable;
use filter::Pushed;
use options::{with_snapshot, SNAPSHOT_TYPE};
pub use options::{SqlOptions, SNAPSHOT};
use scan::{ScanSpec, SnapshotScan};
pub use world::register_worlds;

/// A table over snapshot files, streamed: one component's rows (or the entities) of every
/// file, with a `snapshot` column.
pub struct SnapshotTable {
    schema: Arc<Schema>,
    component: Option<ComponentTable>,
    files: Vec<(PathBuf, String)>,
    table_schema: SchemaRef,
    batch_rows: usize,
}

impl fmt::Debug for SnapshotTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SnapshotTable")
            .field(
                "table",
                &self.component.as_ref().map_or(ENTITIES, |c| c.name()),
            )
            .field("files", &self.files)
            .finish_non_exhaustive()
    }
}

impl SnapshotTable {
    /// The table of `component` (`None`: the entities) over snapshot `files`, each with its
    /// `snapshot` name.
    pub fn new(
        schema: Arc<Schema>,
        component: Option<ComponentTable>,
        files: Vec<(PathBuf, String)>,
        batch_rows: usize,
    ) -> Self {
        let table_schema = match &component {
            Some(table) => with_snapshot(table.schema()),
            None => with_snapshot(&entities_schema()),
        };
        SnapshotTable {
            schema,
            component,
            files,
            table_schema,
            batch_rows,
        }
    }
}

#[async_trait]
impl TableProvider for SnapshotTable {
    fn schema(&self) -> SchemaRef {
        self.table_schema.clone()
    }

    fn table_type(&self) -> TableType {
        TableType::Base
    }

    fn supports_filters_pushdown(
        &self,
        filters: &[&Expr],
    ) -> datafusion::error::Result<Vec<TableProviderFilterPushDown>> {
        Ok(filters
            .iter()
            .map(|f| match Pushed::understands(f) {
                true => TableProviderFilterPushDown::Inexact,
                false => TableProviderFilterPushDown::Unsupported,
            })
            .collect())
    }

    async fn scan(
        &self,
        _state: &dyn Session,
        projection: Option<&Vec<usize>>,
        filters: &[Expr],
        limit: Option<usize>,
    ) -> datafusion::error::Result<Arc<dyn ExecutionPlan>> {
        let pushed = Pushed::of(filters);
        let output = match projection {
            Some(p) => Arc::new(self.table_schema.project(p)?),
            None => self.table_schema.clone(),
        };
        let generators = self
            .files
            .iter()
            .filter(|(_, snapshot)| pushed.admits_snapshot(snapshot))
            .map(|(path, snapshot)| {
                let scan = SnapshotScan::new(ScanSpec {
                    pushed: pushed.clone(),
                    schema: self.schema.clone(),
                    path: path.clone(),
                    snapshot: snapshot.clone(),
                    component: self.component.clone(),
                    batch_rows: self.batch_rows,
                    projection: projection.cloned(),
                    output: output.clone(),
                    limit,
                });
                Arc::new(RwLock::new(scan)) as Arc<RwLock<dyn LazyBatchGenerator>>
            })
            .collect();
        Ok(Arc::new(LazyMemoryExec::try_new(output, generators)?))
    }
}

/// What the inputs of [`register`] are.
#[derive(Debug, Default)]
struct Inputs {
    /// Snapshot files and their `snapshot` names.
    snapshots: Vec<(PathBuf, String)>,
    /// Each table of the datasets given (`entities` or a component's name) and its folders.
    tables: BTreeMap<String, Vec<PathBuf>>,
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> Error + '_ {
    move |e| Error::io(path, e)
}

fn classify(inputs: &[PathBuf]) -> Result<Inputs> {
    let mut out = Inputs::default();
    for input in inputs {
        if !input.is_dir() {
            let name = input
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            out.snapshots.push((input.clone(), name));
            continue;
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(input)
            .map_err(io(input))?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<_>>()
            .map_err(io(input))?;
        entries.sort();
        let mut dataset = false;
        for entry in &entries {
            let Some(name) = entry.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let table = if name == ENTITIES {
                ENTITIES.to_string()
            } else if let Some(c) = name.strip_prefix("component=") {
                c.to_string()
            } else {
                continue;
            };
            if entry.is_dir() {
                dataset = true;
                out.tables.entry(table).or_default().push(entry.clone());
            }
        }
        if !dataset {
            for entry in entries {
                if matches!(
                    entry.extension().and_then(|e| e.to_str()),
                    Some("snapshot" | "json")
                ) {
                    let name = entry
                        .file_stem()
                        .map(|s| s.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    out.snapshots.push((entry, name));
                }
            }
        }
    }
    Ok(out)
}

/// Registers the tables of `inputs` in `ctx`: snapshot files (binary or JSON), folders of
/// them, and datasets written by [`DatasetWriter`](crate::DatasetWriter). Snapshots give a
/// table for every component of `schema` (empty when no entity has it) and `entities`; a
/// dataset gives the tables it has. Returns the tables' names, sorted.
pub async fn register(
    ctx: &SessionContext,
    schema: Arc<Schema>,
    inputs: &[PathBuf],
    options: SqlOptions,
) -> Result<Vec<String>> {
    let found = classify(inputs)?;
    let mut names = Vec::new();
    if !found.snapshots.is_empty() {
        if let Some(table) = found.tables.keys().next() {
            return Err(Error::Unsupported(format!(
                "snapshots and datasets together: `{table}` would be in both; give one kind"
            )));
        }
        let mut components: Vec<_> = schema
            .registry()
            .components()
            .filter_map(|t| t.component().map(|c| c.id()))
            .collect();
        components.sort_unstable();
        for id in components {
            let table = ComponentTable::new(schema.registry(), id, options.arrow)?;
            let name = table.name().to_string();
            let provider = SnapshotTable::new(
                schema.clone(),
                Some(table),
                found.snapshots.clone(),
                options.batch_rows,
            );
            ctx.register_table(TableReference::bare(name.as_str()), Arc::new(provider))
                .map_err(|e| Error::Value(e.to_string()))?;
            names.push(name);
        }
        let entities = SnapshotTable::new(schema, None, found.snapshots, options.batch_rows);
        ctx.register_table(ENTITIES, Arc::new(entities))
            .map_err(|e| Error::Value(e.to_string()))?;
        names.push(ENTITIES.to_string());
    }
    for (name, dirs) in &found.tables {
        let provider = listing_table(ctx, dirs).await?;
        ctx.register_table(TableReference::bare(name.as_str()), provider)
            .map_err(|e| Error::Value(e.to_string()))?;
        names.push(name.clone());
    }
    names.sort();
    Ok(names)
}

/// A Parquet or Arrow IPC listing table over table folders of datasets, `snapshot` from the
/// partition folders, its files checked before DataFusion reads them ([`CheckedTable`]).
async fn listing_table(ctx: &SessionContext, dirs: &[PathBuf]) -> Result<Arc<dyn TableProvider>> {
    let df = |e: datafusion::error::DataFusionError| Error::Value(e.to_string());
    let mut files = Vec::new();
    let mut urls = Vec::with_capacity(dirs.len());
    for dir in dirs {
        files.extend(partition_files(dir)?);
        let absolute = std::path::absolute(dir).map_err(io(dir))?;
        urls.push(ListingTableUrl::parse(format!("{}/", absolute.display())).map_err(df)?);
    }
    let extension_of = |f: &PathBuf| f.extension().and_then(|e| e.to_str()).map(String::from);
    let arrow = files
        .iter()
        .any(|f| extension_of(f).as_deref() == Some("arrow"));
    let (format, extension): (Arc<dyn FileFormat>, &str) = if arrow {
        (Arc::new(ArrowFormat), "arrow")
    } else {
        (Arc::new(ParquetFormat::default()), "parquet")
    };
    // The files DataFusion will read: those of the format, as a listing table picks them.
    files.retain(|f| extension_of(f).as_deref() == Some(extension));
    checked::check_metadata(&files)?;
    let options = ListingOptions::new(format)
        .with_file_extension(format!(".{extension}"))
        .with_table_partition_cols(vec![(SNAPSHOT.to_string(), SNAPSHOT_TYPE)]);
    let config = ListingTableConfig::new_with_multi_paths(urls)
        .with_listing_options(options)
        .infer_schema(&ctx.state())
        .await
        .map_err(df)?;
    let table = Arc::new(ListingTable::try_new(config).map_err(df)?);
    Ok(Arc::new(CheckedTable::new(table, files)))
}

/// The files in the partition folders below `dir`.
fn partition_files(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for partition in std::fs::read_dir(dir).map_err(io(dir))? {
        let partition = partition.map_err(io(dir))?.path();
        if !partition.is_dir() {
            continue;
        }
        for file in std::fs::read_dir(&partition).map_err(io(&partition))? {
            files.push(file.map_err(io(&partition))?.path());
        }
    }
    files.sort();
    Ok(files)
}
