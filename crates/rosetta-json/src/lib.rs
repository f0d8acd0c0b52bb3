//! Schema-aware JSON for SpatialOS schema data.
//!
//! - [`spatialos`]: the SpatialOS SDK's own JSON form (`json-spatialos`), as its
//!   `Schema_Json_Dump*` / `Schema_Json_Load*` functions and its JSON snapshots wrote it: an
//!   [`Object`](rosetta_wire::Object) of a schema type walked straight to JSON and back.
//!
//! Every error is an [`Error`] that says where: the JSON Pointer of the value, or the line and
//! column of a syntax error.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod error;
pub mod o3de;
pub mod spatialos;
mod text;

pub use error::{Error, Result};
