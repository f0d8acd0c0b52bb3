//! [`SnapshotReader`]: a snapshot's entities, one record at a time.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use bytes::Bytes;
use flate2::bufread::MultiGzDecoder;

use super::entity::SnapshotEntity;
use super::format::{cut_short, Compression, DEFAULT_MAX_RECORD_LEN, GZIP_MAGIC};
use super::gzip::{GunzipPipe, Probe};
use super::ids::EntityIds;
use super::raw::RawEntity;
use super::record::{check_object_framing, parse_message, to_usize, Message, RecordStream};
use crate::error::{Error, ErrorKind, Result};
use crate::object::Object;

/// An entity record's id and components.
type Parts<C> = (i64, Vec<(u32, C)>);

/// Counts the bytes read from the caller's reader (for progress).
#[derive(Debug)]
struct Counting<R> {
    inner: R,
    count: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

type Decoder<R> = MultiGzDecoder<BufReader<Counting<R>>>;

impl<R: Read> Probe for Decoder<R> {
    fn input_offset(&self) -> u64 {
        self.get_ref().get_ref().count
    }

    fn gzip_os(&self) -> Option<u8> {
        self.header().map(|header| header.operating_system())
    }
}

/// The decompressed record stream over the caller's reader.
#[derive(Debug)]
enum Input<R: Read> {
    // Boxed: the decoder's state is a few hundred bytes, the raw reader a few dozen.
    Gzip(Box<BufReader<Decoder<R>>>),
    /// Inflated on another thread ([`SnapshotReader::pipelined`]).
    Piped(GunzipPipe<Decoder<R>>),
    Raw(BufReader<Counting<R>>),
}

impl<R: Read> Read for Input<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Input<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let result = match self {
            Input::Gzip(r) => r.fill_buf(),
            Input::Piped(r) => r.fill_buf(),
            Input::Raw(r) => return r.fill_buf(),
        };
        result.map_err(|e| cut_short(&e).unwrap_or(e))
    }

    fn consume(&mut self, amount: usize) {
        match self {
            Input::Gzip(r) => r.consume(amount),
            Input::Piped(r) => r.consume(amount),
            Input::Raw(r) => r.consume(amount),
        }
    }
}

impl<R: Read> Input<R> {
    fn input_offset(&self) -> u64 {
        match self {
            Input::Gzip(r) => r.get_ref().input_offset(),
            Input::Piped(r) => r.input_offset(),
            Input::Raw(r) => r.get_ref().count,
        }
    }

    fn gzip_os(&self) -> Option<u8> {
        match self {
            Input::Gzip(r) => r.get_ref().gzip_os(),
            Input::Piped(r) => r.gzip_os(),
            Input::Raw(_) => None,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before the header record.
    Header,
    /// Reading entity records.
    Entities,
    /// After the end record, or after an error.
    Done,
}

/// Reads a snapshot one entity at a time, in constant memory: an iterator of
/// `Result<SnapshotEntity>`.
///
/// The input is gzip (a `.snapshot` file) or the decompressed record stream; [`new`] tells them
/// apart by the gzip magic bytes. The iterator ends after the end record; an error (with the
/// byte offset in the decompressed stream and the entity's index) is yielded once and ends it.
///
/// ```no_run
/// use rosetta_wire::snapshot::SnapshotReader;
/// for entity in SnapshotReader::open("default.snapshot")? {
///     let entity = entity?;
///     println!("entity {}: {} components", entity.id, entity.components.len());
/// }
/// # Ok::<(), rosetta_wire::Error>(())
/// ```
///
/// [`new`]: SnapshotReader::new
#[derive(Debug)]
pub struct SnapshotReader<R: Read> {
    records: RecordStream<Input<R>>,
    compression: Compression,
    /// The OS byte of the gzip header when it was seen before reading began.
    head_os: Option<u8>,
    state: State,
    entities: u64,
    max_record_len: u64,
    ids: EntityIds,
}

impl SnapshotReader<File> {
    /// Opens a snapshot file (gzip or a decompressed record stream); gzip is inflated on
    /// another thread ([`pipelined`](SnapshotReader::pipelined)).
    pub fn open(path: impl AsRef<Path>) -> Result<Self> {
        let file = File::open(path).map_err(|e| Error::io(&e, None))?;
        SnapshotReader::pipelined(file)
    }
}

impl<R: Read + Send + 'static> SnapshotReader<R> {
    /// A reader of `input` as [`new`](SnapshotReader::new) makes it, except that gzip is
    /// inflated on a thread of its own while the caller's thread decodes the records: reading
    /// takes the longer of the two rather than their sum. The thread reads at most a few
    /// chunks of 256 KiB ahead, and stops when the reader is dropped.
    pub fn pipelined(input: R) -> Result<Self> {
        let (buffered, compression, os) = SnapshotReader::sniff(input)?;
        let input = match compression {
            Compression::Gzip => {
                let pipe = GunzipPipe::new(MultiGzDecoder::new(buffered))
                    .map_err(|e| Error::io(&e, None))?;
                Input::Piped(pipe)
            }
            Compression::Raw => Input::Raw(buffered),
        };
        Ok(SnapshotReader::with_input(input, compression, os))
    }
}

impl<R: Read> SnapshotReader<R> {
    /// A reader of `input`, gzip or not as its first bytes say.
    pub fn new(input: R) -> Result<Self> {
        let (buffered, compression, os) = SnapshotReader::sniff(input)?;
        let mut reader = SnapshotReader::with_buffered(buffered, compression);
        reader.head_os = os;
        Ok(reader)
    }

    /// `input` buffered, whether it is gzip as its first bytes say, and the gzip header's OS
    /// byte when the first read brought the whole header.
    fn sniff(input: R) -> Result<(BufReader<Counting<R>>, Compression, Option<u8>)> {
        let mut buffered = BufReader::new(Counting {
            inner: input,
            count: 0,
        });
        let head = loop {
            match buffered.fill_buf() {
                Ok(head) => break head,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::io(&e, Some(0))),
            }
        };
        // A record stream starts with `00`; one byte of `1f` is enough to tell.
        let gzip = !head.is_empty() && GZIP_MAGIC.starts_with(&head[..head.len().min(2)]);
        let compression = if gzip {
            Compression::Gzip
        } else {
            Compression::Raw
        };
        let os = (gzip && head.len() >= 10).then(|| head[9]);
        Ok((buffered, compression, os))
    }

    /// A reader of `input`, which is said to be compressed as `compression` says.
    pub fn with_compression(input: R, compression: Compression) -> Self {
        let buffered = BufReader::new(Counting {
            inner: input,
            count: 0,
        });
        SnapshotReader::with_buffered(buffered, compression)
    }

    fn with_buffered(buffered: BufReader<Counting<R>>, compression: Compression) -> Self {
        let input = match compression {
            Compression::Gzip => {
                Input::Gzip(Box::new(BufReader::new(MultiGzDecoder::new(buffered))))
            }
            Compression::Raw => Input::Raw(buffered),
        };
        SnapshotReader::with_input(input, compression, None)
    }

    fn with_input(input: Input<R>, compression: Compression, head_os: Option<u8>) -> Self {
        SnapshotReader {
            head_os,
            records: RecordStream::new(input),
            compression,
            state: State::Header,
            entities: 0,
            max_record_len: DEFAULT_MAX_RECORD_LEN,
            ids: EntityIds::default(),
        }
    }

    /// The reader with another limit on the length of one record (one entity);
    /// [`DEFAULT_MAX_RECORD_LEN`](super::DEFAULT_MAX_RECORD_LEN) unless set.
    pub fn max_record_len(mut self, max: u64) -> Self {
        self.max_record_len = max;
        self
    }

    /// Whether the input is gzip-compressed.
    pub fn compression(&self) -> Compression {
        self.compression
    }

    /// How many entities have been read.
    pub fn entities_read(&self) -> u64 {
        self.entities
    }

    /// How many bytes of the decompressed record stream have been read.
    pub fn decompressed_offset(&self) -> u64 {
        self.records.offset()
    }

    /// How many bytes have been taken from the input (for progress; it runs ahead of the
    /// entities read by what is buffered).
    pub fn input_offset(&self) -> u64 {
        self.records.get_ref().input_offset()
    }

    /// The OS byte of the gzip header (3 for Unix, 10 for Windows, 19 for macOS as zlib writes
    /// them): known from the start when the reader was made by [`new`](SnapshotReader::new)
    /// or [`pipelined`](SnapshotReader::pipelined) (from the first bytes), otherwise once the
    /// header has been read; `None` for a record stream. A re-written snapshot keeps it
    /// ([`GzipOptions::os`](super::GzipOptions::os)) to come out byte for byte.
    pub fn gzip_os(&self) -> Option<u8> {
        self.head_os.or_else(|| self.records.get_ref().gzip_os())
    }

    /// Whether the end record has been read.
    pub fn is_finished(&self) -> bool {
        self.state == State::Done
    }

    /// The caller's reader back (after waiting for the read the decompression thread is in,
    /// for a [`pipelined`](SnapshotReader::pipelined) reader).
    pub fn into_inner(self) -> Result<R> {
        Ok(match self.records.into_inner() {
            Input::Gzip(r) => r.into_inner().into_inner().into_inner().inner,
            Input::Piped(pipe) => {
                let decoder = pipe.into_inner().map_err(|e| Error::io(&e, None))?;
                decoder.into_inner().into_inner().inner
            }
            Input::Raw(r) => r.into_inner().inner,
        })
    }

    /// The next entity, `None` after the end record.
    pub fn read_entity(&mut self) -> Result<Option<SnapshotEntity>> {
        Ok(self
            .next_parts(Object::decode_shared)?
            .map(|(id, components)| SnapshotEntity { id, components }))
    }

    /// The next entity with its components' data undecoded, `None` after the end record.
    ///
    /// The record is checked as [`read_entity`](SnapshotReader::read_entity) checks it (its
    /// framing, its entity id, and each component's fields as far as tags and lengths), but no
    /// component is decoded: a [`RawEntity`] decodes only the components asked for
    /// ([`RawEntity::get`]), and written with [`SnapshotWriter::write_raw_entity`] its other
    /// components are copied byte for byte.
    ///
    /// [`SnapshotWriter::write_raw_entity`]: super::SnapshotWriter::write_raw_entity
    pub fn read_raw_entity(&mut self) -> Result<Option<RawEntity>> {
        Ok(self
            .next_parts(check_object_framing)?
            .map(|(id, components)| RawEntity { id, components }))
    }

    /// The entities left, each with its components undecoded ([`read_raw_entity`]); the
    /// iterator ends after the end record or the first error.
    ///
    /// [`read_raw_entity`]: SnapshotReader::read_raw_entity
    pub fn raw_entities(&mut self) -> impl Iterator<Item = Result<RawEntity>> + '_ {
        std::iter::from_fn(move || self.read_raw_entity().transpose())
    }

    /// The next entity record's id and components, each made by `component` from its bytes.
    fn next_parts<C>(&mut self, component: fn(Bytes) -> Result<C>) -> Result<Option<Parts<C>>> {
        let result = self.step(component);
        if !matches!(result, Ok(Some(_))) {
            self.state = State::Done;
        }
        result
    }

    fn step<C>(&mut self, component: fn(Bytes) -> Result<C>) -> Result<Option<Parts<C>>> {
        loop {
            match self.state {
                State::Done => return Ok(None),
                State::Header => {
                    let record = self.records.next_record(self.max_record_len)?;
                    let Some(record) = record else {
                        return Err(Error::at(
                            ErrorKind::Snapshot("the snapshot is empty".into()),
                            0,
                        ));
                    };
                    if !record.bytes.is_empty() {
                        return Err(Error::at(
                            ErrorKind::Snapshot(format!(
                                "the first record (the header) should be empty, but has {} bytes",
                                record.bytes.len()
                            )),
                            to_usize(record.start),
                        ));
                    }
                    self.state = State::Entities;
                }
                State::Entities => return self.entity(component),
            }
        }
    }

    fn entity<C>(&mut self, component: fn(Bytes) -> Result<C>) -> Result<Option<Parts<C>>> {
        let index = self.entities;
        let record = self
            .records
            .next_record(self.max_record_len)
            .map_err(|e| e.in_entity(index, None))?;
        let Some(record) = record else {
            return Err(Error::at(
                ErrorKind::Snapshot(
                    "the snapshot ends without its end record (02 08 01): it is truncated".into(),
                ),
                to_usize(self.records.offset()),
            ));
        };
        let message = parse_message(&record.bytes, component).map_err(|e| {
            e.shifted(to_usize(record.payload_start))
                .in_entity(index, peek_entity_id(&record.bytes))
        })?;
        match message {
            Message::Entity(id, components) => {
                if let Err(bad) = self.ids.insert(id, index) {
                    return Err(Error::at(
                        ErrorKind::Snapshot(bad.message(id)),
                        to_usize(record.start),
                    )
                    .in_entity(index, Some(id)));
                }
                self.entities += 1;
                Ok(Some((id, components)))
            }
            Message::End => {
                let after = self.records.offset();
                match self.records.next_record(self.max_record_len) {
                    Ok(None) => Ok(None),
                    // The input could not be read to its end (a gzip stream cut short, even by
                    // one byte of its trailer, is "unexpected end of file"): that, as it is.
                    Err(e) if e.io_kind().is_some() => Err(e),
                    Ok(Some(_)) | Err(_) => Err(Error::at(
                        ErrorKind::Snapshot("data after the end record".into()),
                        to_usize(after),
                    )),
                }
            }
        }
    }
}

/// The entity id of an entity record that failed to parse, when it can be found: the record
/// usually starts `12 <len> 08 <id>`.
fn peek_entity_id(bytes: &[u8]) -> Option<i64> {
    let mut pos = 0;
    let (field, _) = crate::encoding::get_tag(bytes, &mut pos).ok()?;
    if field != 2 {
        return None;
    }
    crate::encoding::get_varint(bytes, &mut pos).ok()?;
    let (field, wire) = crate::encoding::get_tag(bytes, &mut pos).ok()?;
    if field != 1 || wire != crate::encoding::WireType::Varint {
        return None;
    }
    crate::encoding::get_varint(bytes, &mut pos)
        .ok()
        .map(|id| id as i64)
}

impl<R: Read> Iterator for SnapshotReader<R> {
    type Item = Result<SnapshotEntity>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_entity().transpose()
    }
}

impl<R: Read> std::iter::FusedIterator for SnapshotReader<R> {}
