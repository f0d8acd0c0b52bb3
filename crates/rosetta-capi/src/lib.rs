//! The C ABI of Rosetta: every function of the SpatialOS Worker SDK's `c_schema.h` (15.0.1),
//! with the same names, types and semantics, over [`rosetta_wire`] (objects, roots, the update
//! algebra), [`rosetta_bundle`] (`Schema_Bundle_Load`) and [`rosetta_json::spatialos`]
//! (`Schema_Json_*`). C and C++ programs include `include/c_schema.h` and link the static or
//! the shared library.
//!
//! - Objects belong to their root and stay valid until the root is destroyed ([`SchemaObject`]).
//! - No function aborts on any argument C may pass: NULL is accepted wherever a pointer is
//!   (NULL in, NULL, 0 or nothing out), and a panic never crosses into C (`catch_unwind` at every export).
//! - Errors go where the header says: `Schema_GetError` (per root), `Schema_Bundle_GetError`,
//!   `Schema_Json_GetLastError` (per thread) and the error callback.
//!
//! Every exported function is `unsafe extern "C"`: its safety contract is the header's (valid
//! pointers from this library, buffers of the sizes it states), so the functions carry no
//! `# Safety` section of their own.
#![warn(missing_docs)]
#![allow(non_snake_case, clippy::missing_safety_doc)]

mod bundle;
mod error;
mod ffi;
mod handle;
mod header_check;
mod json;
mod object;
mod roots;
mod types;
mod update;

pub use bundle::*;
pub use error::Error;
pub use handle::{RootCtx, SchemaObject, Schema_Object};
pub use json::*;
pub use object::*;
pub use roots::*;
pub use types::*;
pub use update::*;
