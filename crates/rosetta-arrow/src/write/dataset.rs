//! A dataset on disk: one table per component (and `entities`), partitioned by snapshot in the
//! layout Hive, Spark, DuckDB and DataFusion read (`component=NAME/snapshot=NAME/part-0.parquet`).
//!
//! Files are written into a staging folder inside the dataset's root and moved into place only
//! when every table of the export is complete ([`DatasetWriter::commit`]); an export that fails,
//! or a writer dropped without a commit, leaves the root as it found it. Partitions of other
//! snapshots already in the root stay, so a nightly export adds its snapshot to the same dataset.

use std::collections::HashMap;
use std::fs::{self, File};
use std::io::BufWriter;
use std::path::{Path, PathBuf};

use arrow::array::RecordBatch;
use arrow::datatypes::SchemaRef;
use arrow::ipc::writer::FileWriter;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::{EnabledStatistics, WriterProperties};

use crate::error::{Error, Result};
use crate::write::batch::{Table, ENTITIES};

/// The file format of a dataset.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Apache Parquet.
    #[default]
    Parquet,
    /// The Arrow IPC file format (Feather v2).
    Arrow,
}

impl Format {
    /// The file name extension: `parquet` or `arrow`.
    pub fn extension(self) -> &'static str {
        match self {
            Format::Parquet => "parquet",
            Format::Arrow => "arrow",
        }
    }
}

/// How Parquet files are compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParquetCompression {
    /// No compression.
    None,
    /// Snappy.
    Snappy,
    /// Zstandard at a level (1 to 22; 3 is zstd's default).
    Zstd(i32),
}

impl Default for ParquetCompression {
    fn default() -> Self {
        ParquetCompression::Zstd(3)
    }
}

/// How a dataset is written.
#[derive(Debug, Clone, Copy)]
pub struct DatasetOptions {
    /// Parquet or Arrow IPC.
    pub format: Format,
    /// Parquet's compression.
    pub compression: ParquetCompression,
    /// The most rows in one Parquet row group (what a Parquet writer holds in memory per table).
    pub row_group_rows: usize,
}

impl Default for DatasetOptions {
    fn default() -> Self {
        DatasetOptions {
            format: Format::Parquet,
            compression: ParquetCompression::default(),
            row_group_rows: 128 * 1024,
        }
    }
}

enum TableWriter {
    Parquet(ArrowWriter<BufWriter<File>>),
    Arrow(FileWriter<BufWriter<File>>),
}

impl TableWriter {
    fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        match self {
            TableWriter::Parquet(w) => w.write(batch)?,
            TableWriter::Arrow(w) => w.write(batch)?,
        }
        Ok(())
    }

    fn close(self) -> Result<()> {
        match self {
            TableWriter::Parquet(w) => {
                w.close()?;
            }
            TableWriter::Arrow(mut w) => w.finish()?,
        }
        Ok(())
    }
}

/// Writes the tables of one or more snapshots into a dataset folder, all or nothing.
pub struct DatasetWriter {
    root: PathBuf,
    staging: PathBuf,
    options: DatasetOptions,
    open: HashMap<(String, String), TableWriter>,
    /// Every file written, relative to the staging folder (and to the root, once committed).
    files: Vec<PathBuf>,
    committed: bool,
}

/// A partition value as Hive writes it: characters other than letters, digits, `.`, `_` and `-`
/// as `%XX`.
pub fn partition_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-') {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The folder of a table's partition of a snapshot, relative to the dataset's root.
pub fn partition_dir(table: &str, snapshot: &str) -> PathBuf {
    let table_dir = if table == ENTITIES {
        ENTITIES.to_string()
    } else {
        format!("component={}", partition_value(table))
    };
    Path::new(&table_dir).join(format!("snapshot={}", partition_value(snapshot)))
}

impl DatasetWriter {
    /// A writer into the dataset at `root` (made if missing).
    pub fn create(root: impl Into<PathBuf>, options: DatasetOptions) -> Result<Self> {
        let root = root.into();
        fs::create_dir_all(&root).map_err(|e| Error::io(&root, e))?;
        let staging = root.join(format!(".rosetta-staging-{}", std::process::id()));
        if staging.exists() {
            fs::remove_dir_all(&staging).map_err(|e| Error::io(&staging, e))?;
        }
        fs::create_dir(&staging).map_err(|e| Error::io(&staging, e))?;
        Ok(DatasetWriter {
            root,
            staging,
            options,
            open: HashMap::new(),
            files: Vec::new(),
            committed: false,
        })
    }

    /// Writes a batch of `table` of snapshot `snapshot`.
    pub fn write(&mut self, snapshot: &str, table: Table<'_>, batch: &RecordBatch) -> Result<()> {
        let key = (snapshot.to_string(), table.name().to_string());
        if !self.open.contains_key(&key) {
            let writer = self.open_table(snapshot, table.name(), batch.schema())?;
            self.open.insert(key.clone(), writer);
        }
        match self.open.get_mut(&key) {
            Some(writer) => writer.write(batch),
            None => unreachable!("the table's writer was opened above"),
        }
    }

    fn open_table(
        &mut self,
        snapshot: &str,
        table: &str,
        schema: SchemaRef,
    ) -> Result<TableWriter> {
        let relative = partition_dir(table, snapshot)
            .join(format!("part-0.{}", self.options.format.extension()));
        let path = self.staging.join(&relative);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        let file = BufWriter::new(File::create(&path).map_err(|e| Error::io(&path, e))?);
        self.files.push(relative);
        Ok(match self.options.format {
            Format::Parquet => {
                let compression = match self.options.compression {
                    ParquetCompression::None => Compression::UNCOMPRESSED,
                    ParquetCompression::Snappy => Compression::SNAPPY,
                    ParquetCompression::Zstd(level) => {
                        Compression::ZSTD(ZstdLevel::try_new(level)?)
                    }
                };
                let props = WriterProperties::builder()
                    .set_compression(compression)
                    .set_statistics_enabled(EnabledStatistics::Page)
                    .set_max_row_group_row_count(Some(self.options.row_group_rows.max(1)))
                    .build();
                TableWriter::Parquet(ArrowWriter::try_new(file, schema, Some(props))?)
            }
            Format::Arrow => TableWriter::Arrow(FileWriter::try_new(file, &schema)?),
        })
    }

    /// Closes the tables of `snapshot` (to bound the files open at once; a later batch of the
    /// same table and snapshot would start the file over, so call this once a snapshot is done).
    pub fn end_snapshot(&mut self, snapshot: &str) -> Result<()> {
        let keys: Vec<_> = self
            .open
            .keys()
            .filter(|(s, _)| s == snapshot)
            .cloned()
            .collect();
        for key in keys {
            if let Some(writer) = self.open.remove(&key) {
                writer.close()?;
            }
        }
        Ok(())
    }

    /// Closes every table and moves the files into the dataset; the files' paths, relative to
    /// the root.
    pub fn commit(mut self) -> Result<Vec<PathBuf>> {
        for (_, writer) in self.open.drain() {
            writer.close()?;
        }
        for relative in &self.files {
            let from = self.staging.join(relative);
            let to = self.root.join(relative);
            if let Some(dir) = to.parent() {
                fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
            }
            fs::rename(&from, &to).map_err(|e| Error::io(&to, e))?;
        }
        self.committed = true;
        fs::remove_dir_all(&self.staging).map_err(|e| Error::io(&self.staging, e))?;
        Ok(std::mem::take(&mut self.files))
    }
}

impl Drop for DatasetWriter {
    fn drop(&mut self) {
        if !self.committed {
            // Nothing of a failed export stays behind; an error here leaves only the staging
            // folder, which the next export into this root removes.
            self.open.clear();
            let _ = fs::remove_dir_all(&self.staging);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn partition_values_escape_what_a_path_cannot_hold() {
        assert_eq!(partition_value("night-2026.11.27"), "night-2026.11.27");
        assert_eq!(partition_value("a b/c=d"), "a%20b%2Fc%3Dd");
        assert_eq!(
            partition_dir("game.Position", "w"),
            Path::new("component=game.Position/snapshot=w")
        );
        assert_eq!(
            partition_dir(ENTITIES, "w"),
            Path::new("entities/snapshot=w")
        );
    }
}
