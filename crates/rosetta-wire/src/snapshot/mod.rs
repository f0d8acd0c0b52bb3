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

mod ids;
mod json;
mod read;
mod record;
mod write;

use std::io::Read;

use crate::error::{Error, Result};
use crate::object::Object;

pub use self::json::{ComponentJson, JsonEntities, JsonSnapshotReader, JsonSnapshotWriter};
pub use self::read::SnapshotReader;
pub use self::write::SnapshotWriter;

/// The two bytes every gzip stream starts with.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The last record of a decompressed snapshot, length included: `{1: 1}`.
pub const END_RECORD: [u8; 3] = [0x02, 0x08, 0x01];

/// The largest record [`SnapshotReader`] accepts unless told otherwise: 256 MiB.
pub const DEFAULT_MAX_RECORD_LEN: u64 = 256 << 20;

/// The order in which [`SnapshotWriter`] writes an entity's components.
///
/// Snapshots converted by the SDK's snapshot converter (from JSON or text) list components in
/// ascending id order; snapshots written through the SDK's C API
/// (`Worker_SnapshotOutputStream_WriteEntity`, as spatialos-sdk-rs did) keep the order the
/// program gave (Position 54 before EntityAcl 50 in its example project). Reading keeps the
/// file's order, so [`ComponentOrder::AsGiven`] re-writes any snapshot byte for byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ComponentOrder {
    /// Ascending component id; repeated ids keep their order.
    #[default]
    Ascending,
    /// The order of [`SnapshotEntity::components`].
    AsGiven,
}

/// Whether a snapshot's record stream is gzip-compressed (a `.snapshot` file) or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Compression {
    /// gzip, as `.snapshot` files are.
    #[default]
    Gzip,
    /// The decompressed record stream.
    Raw,
}

/// Whether `bytes` start like a gzip stream (`1f 8b`). A record stream never does: its first
/// record is empty, so it starts with `00`.
pub fn detect(bytes: &[u8]) -> Compression {
    if bytes.starts_with(&GZIP_MAGIC) {
        Compression::Gzip
    } else {
        Compression::Raw
    }
}

/// The decompressed record stream of a snapshot: `bytes` gunzipped when they are gzip, as they
/// are otherwise.
pub fn decompress(bytes: &[u8]) -> Result<Vec<u8>> {
    match detect(bytes) {
        Compression::Raw => Ok(bytes.to_vec()),
        Compression::Gzip => {
            let mut out = Vec::new();
            // A stream cut short is "unexpected end of file", after what it gave.
            flate2::read::MultiGzDecoder::new(bytes)
                .read_to_end(&mut out)
                .map_err(|e| Error::io(&cut_short(&e).unwrap_or(e), Some(out.len())))?;
            Ok(out)
        }
    }
}

/// The error of a gzip stream that ends too soon, said one way wherever it ends (flate2 says
/// "incomplete deflate stream" inside the data and "unexpected end of file" in the trailer):
/// `None` for any other error.
pub(crate) fn cut_short(error: &std::io::Error) -> Option<std::io::Error> {
    (error.kind() == std::io::ErrorKind::UnexpectedEof).then(|| {
        std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "unexpected end of file: the gzip stream is cut short",
        )
    })
}

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

/// One entity of a snapshot: its id and its components' data, as `(component id, data)`.
///
/// Components are kept in the order they were read or added; [`SnapshotWriter`] writes them in
/// ascending id order unless told to keep this order ([`ComponentOrder`]). The
/// SDK's other view of the same thing, an `Entity` field (an [`Object`] whose field ids are
/// component ids), is [`SnapshotEntity::to_entity_object`] and
/// [`SnapshotEntity::from_entity_object`].
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SnapshotEntity {
    /// The entity id (`Schema_EntityId`).
    pub id: i64,
    /// Each component's id and data (the component's `Schema_ComponentData` fields).
    pub components: Vec<(u32, Object)>,
}

impl SnapshotEntity {
    /// An entity with no components.
    pub fn new(id: i64) -> Self {
        SnapshotEntity {
            id,
            components: Vec::new(),
        }
    }

    /// The entity with one more component.
    pub fn with_component(mut self, component_id: u32, data: Object) -> Self {
        self.components.push((component_id, data));
        self
    }

    /// The data of a component, the last one when it occurs more than once.
    pub fn component(&self, component_id: u32) -> Option<&Object> {
        self.components
            .iter()
            .rev()
            .find(|(id, _)| *id == component_id)
            .map(|(_, data)| data)
    }

    /// Checks that each component's data the schema knows nests no deeper than
    /// [`MAX_NESTING`](rosetta_types::MAX_NESTING) object levels (each a root, as in JSON
    /// snapshots), with [`typed::check_nesting`](crate::typed::check_nesting): the error is at
    /// `/<component qualified name>/...`, where a JSON snapshot has the value. A binary snapshot
    /// is read and written without a schema, so only a caller with one can check it; components
    /// the schema does not have are left to it.
    pub fn check_nesting(&self, registry: &rosetta_types::TypeRegistry) -> Result<()> {
        for (id, data) in &self.components {
            let Some(ty) = registry.component(*id) else {
                continue;
            };
            crate::typed::check_nesting(registry, ty.id(), data).map_err(|e| {
                let name = crate::typed::component_step(registry, *id);
                e.under_path(&format!("/{name}"))
            })?;
        }
        Ok(())
    }

    /// The component ids, in the entity's order.
    pub fn component_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.components.iter().map(|(id, _)| *id)
    }

    /// Sorts the components by id, keeping the order of repeated ids (as the writer does by
    /// default).
    pub fn sort_components(&mut self) {
        self.components.sort_by_key(|(id, _)| *id);
    }

    /// The components as an `Entity` field's object: field id = component id, one object field
    /// per component, in the entity's order.
    pub fn to_entity_object(&self) -> Object {
        let mut entity = Object::new();
        for (id, data) in &self.components {
            *entity.add_object(*id) = data.clone();
        }
        entity
    }

    /// An entity from an `Entity` field's object (field id = component id); an error names a
    /// field that does not hold objects.
    pub fn from_entity_object(id: i64, entity: &Object) -> Result<Self> {
        let mut components = Vec::new();
        for component_id in entity.unique_field_ids() {
            for data in entity.objects(component_id)? {
                components.push((component_id, data.clone()));
            }
        }
        Ok(SnapshotEntity { id, components })
    }
}

#[cfg(test)]
mod tests;
