//! The framing of a snapshot file: gzip or a raw record stream, its constants, and the order
//! an entity's components are written in.

use std::io::Read;

use crate::error::{Error, Result};

/// The two bytes every gzip stream starts with.
pub const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// The last record of a decompressed snapshot, length included: `{1: 1}`.
pub const END_RECORD: [u8; 3] = [0x02, 0x08, 0x01];

/// The largest record [`SnapshotReader`](super::SnapshotReader) accepts unless told otherwise: 256 MiB.
pub const DEFAULT_MAX_RECORD_LEN: u64 = 256 << 20;

/// The order in which [`SnapshotWriter`](super::SnapshotWriter) writes an entity's components.
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
    /// The order of [`SnapshotEntity::components`](super::SnapshotEntity::components).
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
