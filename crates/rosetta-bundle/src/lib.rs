//! The SpatialOS schema bundle: the model of `schema_bundle.proto` and its two encodings.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod model;

pub use model::*;
