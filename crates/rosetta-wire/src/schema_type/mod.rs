//! The contract between Rust types generated from a schema (by `rosetta-build`) and the data
//! runtime: [`SchemaType`] for every type and component, [`SchemaEnum`] for enums,
//! [`Component`] with its [`SchemaUpdate`] and [`CommandPayload`]s. Generated types encode and
//! decode the wire format directly, with no [`Object`](crate::Object) in between, and write exactly the bytes
//! the dynamic path writes for the same data; they convert to and from `Object`,
//! [`ComponentData`](crate::ComponentData) and [`ComponentUpdate`](crate::ComponentUpdate), so typed and dynamic data mix.
//!
//! Implementing these traits by hand is possible but not their purpose: generated code calls
//! the helpers of [`field`] and [`codec`] for each field.
//!
//! ```
//! use rosetta_wire::schema_type::{codec::Scalar, field, Input, SchemaType};
//! use rosetta_wire::{encoding::WireType, family::Double, Object, Result};
//!
//! #[derive(Debug, Clone, Default, PartialEq)]
//! struct Coordinates { x: f64, y: f64 }
//!
//! impl SchemaType for Coordinates {
//!     const NAME: &'static str = "improbable.Coordinates";
//!     fn write_fields(&self, out: &mut Vec<u8>) {
//!         field::put::<Scalar<Double>>(out, 1, &self.x);
//!         field::put::<Scalar<Double>>(out, 2, &self.y);
//!     }
//!     fn merge_field(&mut self, id: u32, wire: WireType, input: &mut Input<'_>) -> Result<()> {
//!         match id {
//!             1 => field::merge::<Scalar<Double>>(&mut self.x, id, wire, input),
//!             2 => field::merge::<Scalar<Double>>(&mut self.y, id, wire, input),
//!             _ => input.skip(wire),
//!         }
//!     }
//! }
//!
//! let c = Coordinates { x: 1.5, y: -2.0 };
//! let mut dynamic = Object::new();
//! dynamic.add::<Double>(1, 1.5);
//! dynamic.add::<Double>(2, -2.0);
//! assert_eq!(c.encode(), dynamic.encode());
//! assert_eq!(Coordinates::from_object(&dynamic).unwrap(), c);
//! ```

pub mod codec;
pub mod field;
mod input;
pub mod serde_bytes;
pub mod serde_enum;
pub mod serde_map;
mod traits;
mod values;

pub use input::Input;
pub use traits::{CommandPayload, Component, NoCommands, SchemaEnum, SchemaType, SchemaUpdate};
pub use values::{Entity, EntityId, UnknownFields};

/// The `bytes` type generated code holds when asked for a shared one.
pub use bytes::Bytes;

/// Re-exports generated code names, so that a crate with generated types needs no dependency
/// of its own on them.
#[doc(hidden)]
pub mod __private {
    pub use serde;
}
