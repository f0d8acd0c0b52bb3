//! Schema data into Arrow: record batches of bounded size, and the Parquet and Arrow IPC
//! datasets made of them.

pub(crate) mod batch;
pub(crate) mod columns;
pub(crate) mod dataset;
