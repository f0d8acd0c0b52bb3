//! The crate's error type.

use std::path::PathBuf;

/// What went wrong in converting schema data to or from Arrow.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A type or layout that has no Arrow form (yet), or a table that is not one of Rosetta's.
    #[error("{0}")]
    Unsupported(String),
    /// A value that does not fit its column, or a column value that does not fit its type.
    #[error("{0}")]
    Value(String),
    /// A dataset whose tables are not in the order of its `entities` table, which a streamed
    /// read ([`stream_snapshot`](crate::stream_snapshot)) needs.
    #[error("the dataset's tables are not in the order of its `entities` table: {0}")]
    Unordered(String),
    /// Schema data that the wire runtime refused.
    #[error(transparent)]
    Wire(#[from] rosetta_wire::Error),
    /// An error of the Arrow library.
    #[error("arrow: {0}")]
    Arrow(#[from] arrow::error::ArrowError),
    /// An error of the Parquet library.
    #[error("parquet: {0}")]
    Parquet(#[from] parquet::errors::ParquetError),
    /// A file that could not be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
}

impl Error {
    /// An I/O error on `path`.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
