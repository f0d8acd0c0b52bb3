//! Godot's binary Variant serialization (`var_to_bytes` / `bytes_to_var`, Godot 3
//! `var2bytes` / `bytes2var`), byte-exact with the real engines.
//!
//! The two engine versions are not compatible and the bytes do not say which one wrote them, so
//! every call names the [`Version`]:
//!
//! ```
//! use rosetta_godot::{decode, encode, DecodeOptions, EncodeOptions, Variant, Version};
//!
//! let bytes = encode(&Variant::Int(1), &EncodeOptions::new(Version::Godot4))?;
//! assert_eq!(bytes, [2, 0, 0, 0, 1, 0, 0, 0]);
//! let (value, used) = decode(&bytes, &DecodeOptions::new(Version::Godot4))?;
//! assert_eq!((value, used), (Variant::Int(1), 8));
//! # Ok::<(), rosetta_godot::Error>(())
//! ```
//!
//! Any serde type can be written and read in the same format with [`to_bytes`] and
//! [`from_bytes`] (mapping: [`serde_format`]); [`Variant`] itself implements serde.
//!
//! Decoding is safe on untrusted input: lengths are checked before allocating, nesting is
//! bounded, full objects are read only when allowed, and nothing is ever instantiated.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod convert;
mod convert_packed;
pub mod decode;
pub mod encode;
pub mod error;
pub mod framing;
pub mod header;
pub mod math;
pub mod schema;
pub mod serde_format;
pub mod text;
mod typed;
pub mod variant;

pub use decode::{decode, DecodeOptions};
pub use encode::{encode, EncodeOptions};
pub use error::{Error, Result, TypedElementError};
pub use framing::{get_var, store_var};
pub use header::Version;
pub use math::*;
pub use serde_format::{from_bytes, from_variant, to_bytes, to_variant};
pub use variant::{
    Array, ContainerType, Dictionary, NodePath, Object, Signal, Variant, VariantType, MAX_DEPTH,
};

#[cfg(test)]
mod codec_tests;
