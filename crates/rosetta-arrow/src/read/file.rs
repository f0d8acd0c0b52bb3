//! Tables read back: a file's record batches, and a batch's rows as typed component values.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::Arc;

use arrow::array::{Array, AsArray, RecordBatch, StructArray};
use arrow::datatypes::Int64Type;
use bytes::Bytes;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ParquetRecordBatchReaderBuilder};
use parquet::arrow::{parquet_to_arrow_schema, ARROW_SCHEMA_META_KEY};
use parquet::file::metadata::ParquetMetaDataReader;
use parquet::file::reader::ChunkReader;
use rosetta_types::{TypeRegistry, Value};
use rosetta_wire::{typed, Object};

use crate::contain::contained;
use crate::error::{Error, Result};
use crate::read::columns;
use crate::read::guard;
use crate::read::ipc::IpcBatches;
use crate::read::pages::{self, Shared};
use crate::schema::shape::Shape;
use crate::schema::{ComponentTable, ENTITY_ID};

/// The record batches of a Parquet or Arrow IPC file (told apart by their magic bytes), in
/// order, read a batch at a time. Errors name the file.
pub fn read_batches(
    path: impl AsRef<Path>,
) -> Result<Box<dyn Iterator<Item = Result<RecordBatch>> + Send>> {
    let path = path.as_ref();
    let (file, magic, n) = open_file(path)?;
    batches_of(file, &magic[..n], &path.display().to_string())
}

/// A file opened at its start, with its first bytes (the magic that tells the formats apart)
/// and how many there are.
fn open_file(path: &Path) -> Result<(File, [u8; 6], usize)> {
    let io = |e| Error::io(path, e);
    let mut file = File::open(path).map_err(io)?;
    let mut magic = [0u8; 6];
    let n = file.read(&mut magic).map_err(io)?;
    file.seek(SeekFrom::Start(0)).map_err(io)?;
    Ok((file, magic, n))
}

/// [`read_batches`] of a file held in memory; errors name it `name`.
///
/// ```
/// let err = rosetta_arrow::read_batches_in_memory(b"PAR1 not really".to_vec(), "t.parquet")
///     .err()
///     .unwrap();
/// assert!(err.to_string().starts_with("t.parquet: "));
/// ```
pub fn read_batches_in_memory(
    bytes: impl Into<Bytes>,
    name: &str,
) -> Result<Box<dyn Iterator<Item = Result<RecordBatch>> + Send>> {
    let bytes = bytes.into();
    let magic = bytes.slice(..bytes.len().min(6));
    batches_of(bytes, &magic, name)
}

/// What both [`read_batches`] and [`read_batches_in_memory`] read: Parquet from any chunk
/// reader, Arrow IPC from any seekable one.
fn batches_of<R>(
    source: R,
    magic: &[u8],
    name: &str,
) -> Result<Box<dyn Iterator<Item = Result<RecordBatch>> + Send>>
where
    R: ChunkReader + AsSeekable + 'static,
{
    match open_checked(source, magic, name, Depth::All)? {
        Checked::Parquet(source, metadata) => {
            let reader =
                ParquetRecordBatchReaderBuilder::new_with_metadata(Shared(source), metadata)
                    .build()
                    .map_err(|e| named(name, e.into()))?;
            let file = name.to_string();
            // parquet 59 still panics on some damaged pages the checks do not cover: such a
            // panic ends the batches with an error.
            let mut reader = Some(reader);
            Ok(Box::new(std::iter::from_fn(move || {
                let next = contained(|| reader.as_mut()?.next()).unwrap_or_else(|e| {
                    reader = None;
                    Some(Err(arrow::error::ArrowError::ExternalError(Box::new(e))))
                })?;
                Some(next.map_err(|e| Error::Value(format!("{file}: {e}"))))
            })))
        }
        Checked::Ipc(batches) => Ok(Box::new(batches)),
    }
}

/// Checks a Parquet or Arrow IPC file as [`read_batches`] would before decoding it (its
/// metadata, embedded schema and every page; an IPC file's footer, schema, dictionaries and
/// every block's message), without decoding its batches: for readers that trust what they
/// read (arrow-rs and parquet 59 panic on some damaged files), such as DataFusion's, which
/// `rosetta_arrow::sql` hands datasets to only after this check.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("t.parquet");
/// std::fs::write(&path, b"PAR1 and nothing else").unwrap();
/// let err = rosetta_arrow::check_file(&path).unwrap_err();
/// assert!(err.to_string().contains("t.parquet"), "{err}");
/// ```
pub fn check_file(path: impl AsRef<Path>) -> Result<()> {
    check_file_to(path.as_ref(), Depth::All)
}

/// How much of a file [`check_file_to`] checks.
#[derive(Debug, Clone, Copy)]
// The partial depths are for SQL's checks (feature `sql`).
#[cfg_attr(not(feature = "sql"), allow(dead_code))]
pub(crate) enum Depth<'a> {
    /// Its metadata: a Parquet file's footer, embedded schema and column chunk extents; an IPC
    /// file's footer, schema and dictionaries.
    Metadata,
    /// And the pages of these top-level columns (an IPC file: every block).
    Columns(&'a [String]),
    /// And every page or block.
    All,
}

/// [`check_file`], to `depth`.
pub(crate) fn check_file_to(path: &Path, depth: Depth<'_>) -> Result<()> {
    let (file, magic, n) = open_file(path)?;
    let name = path.display().to_string();
    match open_checked(file, &magic[..n], &name, depth)? {
        Checked::Ipc(batches) if !matches!(depth, Depth::Metadata) => {
            contained(|| batches.check_blocks()).map_err(|e| named(&name, e))?
        }
        _ => Ok(()),
    }
}

/// A file whose metadata is checked, ready to read.
enum Checked<R: AsSeekable> {
    Parquet(Arc<R>, ArrowReaderMetadata),
    Ipc(IpcBatches<R::Seekable>),
}

/// The checks, each inside [`contained`]: the readers they run can panic too.
fn open_checked<R>(source: R, magic: &[u8], name: &str, depth: Depth<'_>) -> Result<Checked<R>>
where
    R: ChunkReader + AsSeekable + 'static,
{
    contained(|| open_checked_uncontained(source, magic, name, depth))
        .map_err(|e| named(name, e))?
}

fn open_checked_uncontained<R>(
    source: R,
    magic: &[u8],
    name: &str,
    depth: Depth<'_>,
) -> Result<Checked<R>>
where
    R: ChunkReader + AsSeekable + 'static,
{
    if magic.starts_with(b"PAR1") {
        let metadata = ParquetMetaDataReader::new()
            .parse_and_finish(&source)
            .map_err(|e| named(name, e.into()))?;
        let embedded = metadata.file_metadata().key_value_metadata().into_iter();
        for kv in embedded
            .flatten()
            .filter(|kv| kv.key == ARROW_SCHEMA_META_KEY)
        {
            if let Some(encoded) = &kv.value {
                guard::check_embedded_schema(encoded).map_err(|e| named(name, Error::Value(e)))?;
            }
        }
        let source = Arc::new(source);
        let columns = match depth {
            Depth::Metadata => Some(&[][..]),
            Depth::Columns(columns) => Some(columns),
            Depth::All => None,
        };
        pages::check_pages(&source, &metadata, columns)
            .map_err(|e| named(name, Error::Value(e)))?;
        let metadata = ArrowReaderMetadata::try_new(Arc::new(metadata), Default::default())
            .map_err(|e| named(name, e.into()))?;
        let stored =
            parquet_to_arrow_schema(metadata.metadata().file_metadata().schema_descr(), None)
                .map_err(|e| named(name, e.into()))?;
        pages::check_hinted_types(metadata.schema(), &stored)
            .map_err(|e| named(name, Error::Value(e)))?;
        Ok(Checked::Parquet(source, metadata))
    } else if magic.starts_with(b"ARROW1") {
        Ok(Checked::Ipc(IpcBatches::open(source.seekable(), name)?))
    } else {
        Err(named(
            name,
            Error::Value("neither a Parquet nor an Arrow IPC file".into()),
        ))
    }
}

/// `e`, naming the file it is about (an I/O error names it already).
fn named(name: &str, e: Error) -> Error {
    match e {
        Error::Io { .. } => e,
        other => Error::Value(format!("{name}: {other}")),
    }
}

/// A source that Arrow's IPC reader (`Read + Seek`) can read as well as Parquet's.
trait AsSeekable {
    type Seekable: Read + Seek + Send + 'static;
    fn seekable(self) -> Self::Seekable;
}

impl AsSeekable for File {
    type Seekable = File;
    fn seekable(self) -> File {
        self
    }
}

impl AsSeekable for Bytes {
    type Seekable = std::io::Cursor<Bytes>;
    fn seekable(self) -> Self::Seekable {
        std::io::Cursor::new(self)
    }
}

/// The rows of a batch of `table`: each entity id and the component's value (a
/// `Value::Struct` of its fields; of a table of a component that is no struct, the `value`
/// column's value). Columns are found by name, so a table with its columns in
/// another order, or with more columns, reads as well.
pub fn component_rows(
    registry: &TypeRegistry,
    table: &ComponentTable,
    batch: &RecordBatch,
) -> Result<Vec<(i64, Value)>> {
    let ids = batch.column_by_name(ENTITY_ID).ok_or_else(|| {
        Error::Value(format!(
            "table `{}` has no `{ENTITY_ID}` column",
            table.name
        ))
    })?;
    let ids = ids
        .as_primitive_opt::<Int64Type>()
        .ok_or_else(|| Error::Value(format!("`{ENTITY_ID}` of `{}` is not Int64", table.name)))?;
    let all = StructArray::from(batch.clone());
    let shape = Shape::Struct(table.members.clone());
    let mut rows = Vec::with_capacity(batch.num_rows());
    for row in 0..batch.num_rows() {
        if ids.is_null(row) {
            return Err(Error::Value(format!(
                "table `{}`, row {row}: a null entity id",
                table.name
            )));
        }
        let value = columns::value_at(registry, &shape, &all, row)
            .map_err(|e| Error::Value(format!("table `{}`, row {row}: {e}", table.name)))?;
        let value = match value {
            // A component that is no struct is its one `value` column's value.
            Value::Struct(fields) if table.wrapped && fields.len() == 1 => {
                fields.into_vec().swap_remove(0)
            }
            value => value,
        };
        rows.push((ids.value(row), value));
    }
    Ok(rows)
}

/// A component value read from a table as the component's wire data.
pub fn to_object(registry: &TypeRegistry, table: &ComponentTable, value: &Value) -> Result<Object> {
    Ok(typed::write(registry, table.ty, value)?)
}
