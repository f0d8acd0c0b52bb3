//! SpatialOS schema data on the wire: [`Object`] (the Rust counterpart of `Schema_Object`), the
//! scalar [`family`] markers, component data, updates and commands, the update algebra, and
//! snapshot files, all in the protobuf wire format the SpatialOS SDK wrote.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod codec;
mod depth;
pub mod encoding;
mod equality;
mod error;
pub mod family;
pub mod json_input;
mod object;
mod roots;
mod scalar;
pub mod schema_type;
pub mod snapshot;
mod tree;
pub mod typed;
mod typed_scalar;
mod update;
mod validate;
mod view;

/// The shared byte buffer of [`snapshot::RawEntity`] components and of generated `bytes` fields
/// (`BytesType::Bytes`), from the `bytes` crate.
pub use bytes::Bytes;
pub use error::{Error, Result};
pub use object::Object;
pub use roots::{CommandRequest, CommandResponse, ComponentData, ComponentUpdate, GenericData};
pub use schema_type::{Component, SchemaEnum, SchemaType, SchemaUpdate};
pub use view::ObjectView;
