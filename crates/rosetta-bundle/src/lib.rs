//! The SpatialOS schema bundle: the model of `schema_bundle.proto` and its two encodings, read
//! and written byte-compatibly with the real schema compiler.
//!
//! - Bundle JSON (`--bundle_json_out`, `.sb.json`): [`to_json`] (pretty, exactly as the compiler
//!   printed it), [`to_json_compact`], [`to_json_styled`], [`write_json`], and [`from_json`],
//!   which reads both the 14.x and the v15 format ([`BundleFormat`]).
//! - Binary bundle (`--bundle_out`, `.sb`): [`encode`] and [`decode`]; [`SCHEMA_BUNDLE_PROTO`] is
//!   the `.proto` text for decoding them with any protobuf tool.
//!
//! ```
//! use rosetta_bundle::{decode, encode, from_json, to_json, BundleFormat, SchemaBundle};
//!
//! let json = "{\"schemaFiles\": []}";
//! let bundle: SchemaBundle = from_json(json)?;
//! assert_eq!(to_json(&bundle, BundleFormat::V15), "{\n \"schemaFiles\": []\n}\n");
//! assert_eq!(decode(&encode(&bundle))?, bundle);
//! # Ok::<(), rosetta_bundle::Error>(())
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod binary;
mod error;
mod json;
mod model;
mod proto;
#[cfg(test)]
mod test_support;

pub use binary::encode;
pub use error::Error;
pub use json::{to_json, to_json_compact, to_json_styled, write_json, BundleFormat, JsonStyle};
pub use model::*;
pub use proto::SCHEMA_BUNDLE_PROTO;

/// Another name for [`Error`].
pub type BundleError = Error;

/// Reads bundle JSON of either format version (14.x with `transient`, v15 with
/// `componentSets`) into the model. Errors name the JSON path of the offending value.
pub fn from_json(text: &str) -> Result<SchemaBundle, Error> {
    json::from_json(text)
}

/// Decodes a binary schema bundle. Never panics; errors name the byte offset. Unknown fields are
/// skipped; nesting deeper than 100 messages is an error.
pub fn decode(bytes: &[u8]) -> Result<SchemaBundle, Error> {
    binary::decode(bytes)
}
