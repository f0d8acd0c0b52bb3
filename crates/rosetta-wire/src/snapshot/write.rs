//! [`SnapshotWriter`]: writes a snapshot one entity at a time.

use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;

use super::entity::SnapshotEntity;
use super::format::{ComponentOrder, Compression, END_RECORD};
use super::gzip::{GzipOptions, GzipSink};
use super::ids::{BadId, EntityIds};
use super::raw::RawEntity;
use super::record::{put_entity_record, to_usize, ComponentBytes};
use crate::error::{Error, Result};

#[derive(Debug)]
enum Output<W: Write> {
    Gzip(GzipSink<W>),
    Raw(W),
}

impl<W: Write> Output<W> {
    fn write_all(&mut self, bytes: &[u8]) -> io::Result<()> {
        match self {
            Output::Gzip(w) => w.write_all(bytes),
            Output::Raw(w) => w.write_all(bytes),
        }
    }

    fn finish(self) -> io::Result<W> {
        let mut out = match self {
            Output::Gzip(w) => w.finish()?,
            Output::Raw(w) => w,
        };
        out.flush()?;
        Ok(out)
    }
}

/// Writes a snapshot one entity at a time: the empty header record when created, one record per
/// [`write_entity`](SnapshotWriter::write_entity), and the end record and the gzip trailer in
/// [`finish`](SnapshotWriter::finish), which must be called.
///
/// Components are written in ascending id order unless
/// [`component_order`](SnapshotWriter::component_order) says to keep the entity's order.
///
/// ```
/// use rosetta_wire::snapshot::{SnapshotEntity, SnapshotReader, SnapshotWriter};
/// use rosetta_wire::Object;
/// let mut writer = SnapshotWriter::new(Vec::new())?;
/// writer.write_entity(&SnapshotEntity::new(7).with_component(55, Object::new()))?;
/// let file = writer.finish()?;
/// let back: Vec<_> = SnapshotReader::new(&file[..])?.collect::<Result<_, _>>()?;
/// assert_eq!(back[0].id, 7);
/// # Ok::<(), rosetta_wire::Error>(())
/// ```
#[derive(Debug)]
pub struct SnapshotWriter<W: Write> {
    out: Output<W>,
    buf: Vec<u8>,
    offset: u64,
    entities: u64,
    order: ComponentOrder,
    ids: EntityIds,
}

impl SnapshotWriter<BufWriter<File>> {
    /// Creates (or truncates) a `.snapshot` file and writes its header.
    pub fn create(path: impl AsRef<Path>) -> Result<Self> {
        let file = File::create(path).map_err(|e| Error::io(&e, None))?;
        SnapshotWriter::new(BufWriter::new(file))
    }
}

impl<W: Write> SnapshotWriter<W> {
    /// A gzip-compressed snapshot (a `.snapshot` file) written to `out`.
    pub fn new(out: W) -> Result<Self> {
        SnapshotWriter::with_compression(out, Compression::Gzip)
    }

    /// The decompressed record stream written to `out`.
    pub fn raw(out: W) -> Result<Self> {
        SnapshotWriter::with_compression(out, Compression::Raw)
    }

    /// A snapshot compressed as `compression` says, written to `out`; gzip with the
    /// [default options](GzipOptions::default) (the SDK's bytes).
    pub fn with_compression(out: W, compression: Compression) -> Result<Self> {
        match compression {
            Compression::Gzip => SnapshotWriter::with_gzip(out, GzipOptions::default()),
            Compression::Raw => SnapshotWriter::with_output(Output::Raw(out)),
        }
    }

    /// A gzip-compressed snapshot written to `out`, compressed as `options` say: on a thread
    /// beside the caller's (one gzip member), or on several (one member per chunk).
    ///
    /// ```
    /// use rosetta_wire::snapshot::{read_entities, GzipLevel, GzipOptions, SnapshotEntity, SnapshotWriter};
    /// let options = GzipOptions::default().level(GzipLevel::Fast).threads(2);
    /// let mut writer = SnapshotWriter::with_gzip(Vec::new(), options)?;
    /// writer.write_entity(&SnapshotEntity::new(1))?;
    /// let file = writer.finish()?;
    /// assert_eq!(read_entities(&file)?.len(), 1);
    /// # Ok::<(), rosetta_wire::Error>(())
    /// ```
    pub fn with_gzip(out: W, options: GzipOptions) -> Result<Self> {
        let sink = GzipSink::new(out, options).map_err(|e| Error::io(&e, None))?;
        SnapshotWriter::with_output(Output::Gzip(sink))
    }

    fn with_output(out: Output<W>) -> Result<Self> {
        let mut writer = SnapshotWriter {
            out,
            buf: Vec::new(),
            offset: 0,
            entities: 0,
            order: ComponentOrder::default(),
            ids: EntityIds::default(),
        };
        writer.put(&[0x00])?;
        Ok(writer)
    }

    /// The writer with another order of the components within an entity.
    pub fn component_order(mut self, order: ComponentOrder) -> Self {
        self.order = order;
        self
    }

    fn put(&mut self, bytes: &[u8]) -> Result<()> {
        self.out
            .write_all(bytes)
            .map_err(|e| Error::io(&e, Some(to_usize(self.offset))))?;
        self.offset += bytes.len() as u64;
        Ok(())
    }

    /// Writes one entity record. An id that is not positive, or that an entity written before
    /// has, is an error (a reader would refuse it), and nothing is written.
    pub fn write_entity(&mut self, entity: &SnapshotEntity) -> Result<()> {
        self.write_parts(entity.id, &entity.components)
    }

    /// Writes one entity record whose components are bytes as they are (as
    /// [`SnapshotReader::read_raw_entity`](super::SnapshotReader::read_raw_entity) read them),
    /// checked as [`write_entity`](SnapshotWriter::write_entity) checks an entity. The
    /// component order is the writer's, as for any entity.
    pub fn write_raw_entity(&mut self, entity: &RawEntity) -> Result<()> {
        self.write_parts(entity.id, &entity.components)
    }

    fn write_parts<C: ComponentBytes>(&mut self, id: i64, components: &[(u32, C)]) -> Result<()> {
        let index = self.entities;
        let bad_id = |bad: BadId| Error::msg(bad.message(id)).in_entity(index, Some(id));
        self.ids.check(id).map_err(bad_id)?;
        let mut buf = std::mem::take(&mut self.buf);
        buf.clear();
        let result = put_entity_record(&mut buf, id, components, self.order)
            .and_then(|()| self.put(&buf))
            .map_err(|e| e.in_entity(index, Some(id)));
        // The buffer is kept for the next entity unless it grew unusually large.
        if buf.capacity() <= 1 << 20 {
            self.buf = buf;
        }
        result?;
        self.ids.insert(id, index).map_err(bad_id)?;
        self.entities += 1;
        Ok(())
    }

    /// How many entities have been written.
    pub fn entities_written(&self) -> u64 {
        self.entities
    }

    /// How many bytes of the decompressed record stream have been written.
    pub fn decompressed_offset(&self) -> u64 {
        self.offset
    }

    /// Writes the end record, finishes the gzip stream, flushes and returns the writer.
    pub fn finish(mut self) -> Result<W> {
        self.put(&END_RECORD)?;
        let offset = self.offset;
        self.out
            .finish()
            .map_err(|e| Error::io(&e, Some(to_usize(offset))))
    }
}
