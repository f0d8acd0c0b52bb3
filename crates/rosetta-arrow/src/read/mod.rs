//! Arrow and Parquet read back: record batches of a file, component rows as typed values, and a
//! dataset's snapshot as snapshot entities again.

pub(crate) mod columns;
pub(crate) mod dataset;
mod file;
mod guard;
mod ipc;
mod pages;
mod stream;

pub use dataset::{read_snapshot, snapshots_in};
pub use file::{check_file, component_rows, read_batches, read_batches_in_memory, to_object};
#[cfg(feature = "sql")]
pub(crate) use file::{check_file_to, Depth};
pub use stream::{stream_snapshot, SnapshotStream};
