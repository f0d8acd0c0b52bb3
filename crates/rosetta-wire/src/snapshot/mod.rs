//! SpatialOS snapshot files: the binary `.snapshot` format, read and written as a stream one
//! entity at a time, and the framing of JSON snapshots.
//!
//! # The binary format
//!
//! A `.snapshot` file is a gzip stream. Decompressed, it is a sequence of *records*, each a
//! varint byte length followed by that many bytes of one protobuf message:
//!
//! | record | bytes | meaning |
//! | --- | --- | --- |
//! | first | `00` | an empty message: a header with nothing in it |
//! | one per entity | `{2: EntityRecord}` | an entity, `EntityRecord = {1: entity id (int64 varint), 3: Entity}` |
//! | last | `02 08 01` (`{1: 1}`) | the end of the snapshot |
//!
//! The `Entity` object has one field per component: the field id is the component id and the
//! payload is the component data object (the bytes of `Schema_ComponentData`). Files converted
//! by the SDK's snapshot converter list components in ascending id order; files written through
//! the C API keep the program's order (see [`ComponentOrder`]).
//!
//! The SpatialOS SDK that wrote these files is not public; the meaning of the first and last
//! records is inferred from every snapshot in the corpus (13.x, 14.x and 15.x files all have
//! them). The empty first record is read as a header and must be empty; the last record is read
//! as an end marker (its value is accepted whatever it is; Rosetta writes 1), after which the
//! stream must end. A stream that ends without it is reported as truncated, and a gzip stream
//! cut short (even in its trailer) as an "unexpected end of file". Entity ids are positive and
//! each the id of one entity: readers and writers refuse any other, naming both records of a
//! repeated id (see `ids.rs` for why). An entity record
//! without its `Entity` field reads as an entity with no components, which is written back with
//! an empty one (`1a 00`); no known file has such a record.
//!
//! Example, after gunzip (CExampleProject): `00 6f 12 6d 08 01 1a 69 aa 03 0c 0a 0a "TestEntity"
//! b2 03 1d …` is the empty header, then a 111-byte record holding entity 1 whose first
//! component is 53 (Metadata, `aa 03` = tag of field 53) with `{1: "TestEntity"}`.
//!
//! # Reading and writing
//!
//! [`SnapshotReader`] reads any [`std::io::Read`] (gzip or an already decompressed record
//! stream, told apart by the gzip magic bytes), one record at a time in constant memory, and
//! yields a [`SnapshotEntity`] per entity. Every record length is checked against
//! [`SnapshotReader::max_record_len`] and is only allocated as its bytes actually arrive. Errors
//! give the byte offset in the decompressed stream and the entity's index (and id when known).
//!
//! [`SnapshotWriter`] writes the header when created, one record per entity, and the end record
//! and gzip trailer in [`SnapshotWriter::finish`].
//!
//! [`SnapshotReader::read_raw_entity`] reads an entity without decoding its components: a
//! [`RawEntity`] holds each component's wire bytes, decodes one on demand as its generated type
//! ([`RawEntity::get`]) or as an [`Object`](crate::Object), and is written back with
//! [`SnapshotWriter::write_raw_entity`], the components nobody changed copied byte for byte.
//!
//! ```
//! use rosetta_wire::snapshot::{read_entities, write_entities, Compression, SnapshotEntity};
//! use rosetta_wire::{family::Double, Object};
//!
//! let mut position = Object::new();
//! let coords = position.add_object(1);
//! coords.add::<Double>(1, 10.0);
//! let entity = SnapshotEntity::new(1).with_component(54, position);
//! let stream = write_entities([&entity], Compression::Raw).unwrap();
//! assert_eq!(&stream[..3], &[0x00, 0x14, 0x12]); // header, record length, field 2
//! assert_eq!(&stream[stream.len() - 3..], &[0x02, 0x08, 0x01]); // the end record
//! assert_eq!(read_entities(&stream).unwrap(), vec![entity]);
//! ```
//!
//! # JSON snapshots
//!
//! The SDK's snapshot converter also wrote snapshots as JSON: concatenated JSON objects (not an
//! array), one per entity, `{"__entity_id": "1", "<qualified component name>": {…}, …}`.
//! [`JsonSnapshotReader`] and [`JsonSnapshotWriter`] handle that framing and the component names
//! (through a compiled schema); the component data itself goes through a [`ComponentJson`]
//! codec.

mod entity;
mod format;
mod gzip;
mod ids;
mod json;
mod raw;
mod read;
mod record;
mod write;

use crate::error::Result;

pub use self::entity::SnapshotEntity;
pub use self::format::{
    decompress, detect, ComponentOrder, Compression, DEFAULT_MAX_RECORD_LEN, END_RECORD, GZIP_MAGIC,
};
pub use self::gzip::{platform_os, GzipLevel, GzipOptions};
pub use self::json::{ComponentJson, JsonEntities, JsonSnapshotReader, JsonSnapshotWriter};
pub use self::json::{JsonKind, JsonMark, JsonNumber, JsonScanner, JsonText};
pub use self::raw::RawEntity;
pub use self::read::SnapshotReader;
pub use self::write::SnapshotWriter;

/// Every entity of a snapshot held in memory (gzip or a record stream).
pub fn read_entities(bytes: &[u8]) -> Result<Vec<SnapshotEntity>> {
    SnapshotReader::new(bytes)?.collect()
}

/// A whole snapshot in memory: gzip-compressed, or as the decompressed record stream; each
/// entity's components in ascending id order.
pub fn write_entities<'a>(
    entities: impl IntoIterator<Item = &'a SnapshotEntity>,
    compression: Compression,
) -> Result<Vec<u8>> {
    write_entities_in_order(entities, compression, ComponentOrder::Ascending)
}

/// [`write_entities`] with the components in the order `order` says; with
/// [`ComponentOrder::AsGiven`], what [`read_entities`] read is written back byte for byte.
pub fn write_entities_in_order<'a>(
    entities: impl IntoIterator<Item = &'a SnapshotEntity>,
    compression: Compression,
    order: ComponentOrder,
) -> Result<Vec<u8>> {
    let mut writer =
        SnapshotWriter::with_compression(Vec::new(), compression)?.component_order(order);
    for entity in entities {
        writer.write_entity(entity)?;
    }
    writer.finish()
}

#[cfg(test)]
mod tests;
