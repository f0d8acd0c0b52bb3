//! Schema data as Apache Arrow: every type of Rosetta's shared model as an Arrow type, a
//! component as a table (`entity_id`, then its fields), snapshots written as Parquet or Arrow
//! IPC datasets in bounded memory, and those datasets read back into snapshots.
//!
//! - [`schema_of`]: a component's Arrow schema (the mapping table is in [`schema`]).
//! - [`write_batches`]: snapshot entities as record batches, table by table.
//! - [`DatasetWriter`]: batches into a dataset folder, hive-partitioned by snapshot
//!   (`component=game.Position/snapshot=night1/part-0.parquet`), all or nothing.
//! - [`read_batches`], [`read_snapshot`], [`stream_snapshot`]: files and datasets read back.
//! - [`world`]: a Flecs world's entities and components as tables.
//! - [`ops`]: component updates, events and command payloads as tables.
//! - `sql` (feature `sql`): DataFusion tables over snapshots, worlds and datasets
//!   (`sql::register`).
//!
//! ```
//! use rosetta_arrow::{write_batches, ArrowOptions, Table};
//! use rosetta_schema::{compile_sources, Schema, SourceFile};
//! use rosetta_wire::{snapshot::SnapshotEntity, family::Int32, Object};
//!
//! let compiled = compile_sources(vec![SourceFile {
//!     canonical_path: "game.schema".into(),
//!     text: "package game; component Health { id = 100; int32 current = 1; }".into(),
//! }]).unwrap();
//! let schema = Schema::from_bundle(compiled.bundle()).unwrap();
//! let mut health = Object::new();
//! health.add::<Int32>(1, 80);
//! let entities = [Ok::<_, rosetta_arrow::Error>(SnapshotEntity::new(7).with_component(100, health))];
//! let mut tables = Vec::new();
//! write_batches(schema.registry(), entities, ArrowOptions::default(), 1024, &mut |table, batch| {
//!     tables.push((table.name().to_string(), batch.num_rows()));
//!     Ok(())
//! }).unwrap();
//! assert_eq!(tables, [("entities".to_string(), 1), ("game.Health".to_string(), 1)]);
//! ```

mod contain;
mod error;
pub mod ops;
mod read;
pub mod schema;
#[cfg(feature = "sql")]
pub mod sql;
pub mod world;
mod write;

pub use contain::contained;
pub use error::{Error, Result};
pub use read::{
    check_file, component_rows, read_batches, read_batches_in_memory, read_snapshot, snapshots_in,
    stream_snapshot, to_object, SnapshotStream,
};
pub use schema::{schema_of, ArrowOptions, ComponentTable, ENTITY_ID};
#[cfg(feature = "sql")]
pub use sql::register;
pub use write::batch::{
    entities_schema, ComponentBatcher, EntitiesBatcher, SnapshotBatcher, Table, DEFAULT_BATCH_ROWS,
    ENTITIES,
};
pub use write::dataset::{
    partition_dir, partition_value, DatasetOptions, DatasetWriter, Format, ParquetCompression,
};

use arrow::array::RecordBatch;
use rosetta_types::TypeRegistry;
use rosetta_wire::snapshot::SnapshotEntity;

/// Splits snapshot entities into tables (`entities`, then one per component), handing `sink`
/// each record batch of at most `batch_rows` rows as it fills, so memory stays bounded by the
/// batch size whatever the snapshot's. Returns the number of entities.
pub fn write_batches<E>(
    registry: &TypeRegistry,
    entities: impl IntoIterator<Item = Result<SnapshotEntity, E>>,
    options: ArrowOptions,
    batch_rows: usize,
    sink: &mut dyn FnMut(Table<'_>, RecordBatch) -> Result<()>,
) -> Result<u64>
where
    Error: From<E>,
{
    let mut batcher = SnapshotBatcher::new(registry, options, batch_rows);
    let mut count = 0;
    for entity in entities {
        batcher.push(&entity?, sink)?;
        count += 1;
    }
    batcher.finish(sink)?;
    Ok(count)
}
