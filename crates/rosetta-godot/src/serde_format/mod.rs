//! A serde data format over Godot's binary Variant bytes, and serde for [`Variant`] itself.
//!
//! [`to_bytes`] writes any `Serialize` value as the bytes `var_to_bytes` would produce for the
//! matching Godot value; [`from_bytes`] reads such bytes into any `Deserialize` type.
//!
//! Serializing writes the bytes directly, without building a [`Variant`] (lengths not known
//! up front are patched in at the end); it is tested to give exactly the bytes of
//! [`to_variant`] followed by [`encode`](crate::encode()) ([`to_bytes_via_variant`]).
//! Deserializing goes through a [`Variant`]: [`decode`](crate::decode()) (with all its checks on
//! untrusted input) and then [`from_variant`].
//!
//! ```
//! use rosetta_godot::{from_bytes, to_bytes, Version};
//! use serde::{Deserialize, Serialize};
//!
//! #[derive(Serialize, Deserialize, PartialEq, Debug)]
//! struct Save {
//!     name: String,
//!     level: u32,
//!     pos: (f32, f32),
//! }
//!
//! let save = Save { name: "hero".into(), level: 3, pos: (1.0, 2.5) };
//! let bytes = to_bytes(&save, Version::Godot4)?;
//! assert_eq!(from_bytes::<Save>(&bytes, Version::Godot4)?, save);
//! # Ok::<(), rosetta_godot::Error>(())
//! ```
//!
//! # Rust → Godot (`to_bytes`, `to_variant`)
//!
//! | serde data model                               | Godot value                                   |
//! |------------------------------------------------|-----------------------------------------------|
//! | `bool`                                         | `bool`                                        |
//! | `i8`–`i64`, `u8`–`u32`, `i128`/`u128`/`u64` in range | `int` (above `i64::MAX` or below `i64::MIN`: error) |
//! | `f32`, `f64`                                   | `float`                                       |
//! | `char`, `str`/`String`                         | `String` (holding a NUL: error, Godot cuts strings there) |
//! | bytes (`serialize_bytes`, `serde_bytes`)       | `PackedByteArray`                             |
//! | sequence of only `u8` (`Vec<u8>`, `&[u8]`), non-empty | `PackedByteArray`                      |
//! | other sequences (`Vec<T>`, sets, empty `Vec<u8>`) | `Array`                                    |
//! | tuples, tuple structs, arrays `[T; N]`         | `Array`                                       |
//! | `()`, unit structs, `None`                     | `null`                                        |
//! | `Some(x)`, newtype structs                     | `x`                                           |
//! | maps (`HashMap`, `BTreeMap`, …)                | `Dictionary` (keys mapped the same way)       |
//! | structs                                        | `Dictionary` with `String` keys, in field order |
//! | unit enum variant `E::A`                       | `String` `"A"`                                |
//! | newtype variant `E::A(x)`                      | `Dictionary` `{"A": x}`                       |
//! | tuple variant `E::A(x, y)`                     | `Dictionary` `{"A": [x, y]}`                  |
//! | struct variant `E::A { f }`                    | `Dictionary` `{"A": {"f": f}}`                |
//!
//! # Godot → Rust (`from_bytes`, `from_variant`)
//!
//! The reverse of the table, and lenient where it is unambiguous: a `PackedByteArray` reads as
//! a sequence of `u8` and an `Array` of ints as bytes; `StringName` reads like `String`; ints
//! read as floats; a struct also reads from an `Array` of its fields in order; an enum reads
//! from its variant name (a `String`) or a one-entry `Dictionary`. Other Godot values read as
//! the serde form of [`Variant`] gives below (math types as sequences of numbers and so on).
//! Trailing bytes after the value are an error (unlike [`decode`](crate::decode()), which
//! ignores them as the engine does); full objects are never allowed by [`from_bytes`] (use
//! [`from_variant`] on a value decoded with objects allowed).
//!
//! # serde for [`Variant`]
//!
//! With this module's own functions ([`to_bytes`], [`to_variant`], [`from_bytes`],
//! [`from_variant`]) a [`Variant`], alone or inside another value, passes through unchanged:
//! `to_bytes(&v, version)` gives the bytes of [`encode`](crate::encode()) and
//! `from_bytes::<Variant>` gives what [`decode`](crate::decode()) gives. (It is marked as a
//! newtype struct named `$rosetta_godot::Variant`, which other formats see through.)
//!
//! For every other format `Variant` implements `Serialize` and `Deserialize` with a natural,
//! self-describing mapping, so it can travel through JSON and others:
//!
//! | Variant                                          | serde form                               |
//! |--------------------------------------------------|------------------------------------------|
//! | `Nil`, `Callable`, null `Object`                 | unit                                     |
//! | `Bool`, `Int` (i64), `Float` (f64)               | bool, i64, f64                           |
//! | `String`, `StringName`                           | string                                   |
//! | `NodePath`                                       | string, as Godot prints it (`/root/A:b`) |
//! | `Rid`, instance-id `Object`                      | u64                                      |
//! | full `Object`                                    | map `{"class": name, "properties": {name: value, …}}` |
//! | `Signal`                                         | seq `[name, object_id]`                  |
//! | `Array` (element type dropped)                   | seq                                      |
//! | `Dictionary` (key/value types dropped)           | map, entries in order                    |
//! | `PackedByteArray`                                | bytes                                    |
//! | other packed arrays                              | seq of elements (vectors and colors as nested seqs) |
//! | `Vector2`/`2i` `[x, y]`, `Vector3`/`3i` `[x, y, z]`, `Vector4`/`4i` and `Quaternion` `[x, y, z, w]` | seq of numbers |
//! | `Rect2`/`2i` `[px, py, sx, sy]`, `AABB` `[px, py, pz, sx, sy, sz]`, `Plane` `[nx, ny, nz, d]` | seq of numbers |
//! | `Transform2D` (3 columns, 6), `Basis` (3 rows, 9), `Transform3D` (basis rows then origin, 12), `Projection` (4 columns, 16) | flat seq of floats |
//! | `Color` `[r, g, b, a]`                           | seq of floats                            |
//!
//! Deserializing a `Variant` reads unit/none as `Nil`, bool, integers (`u64` above `i64::MAX`
//! is an error), floats, strings and chars as `String`, bytes as `PackedByteArray`, sequences
//! as untyped `Array`s and maps as untyped `Dictionary`s. The mapping is therefore lossless for
//! the JSON-like subset (nil, bool, int, float, String, Array, Dictionary) and turns the other
//! types into that subset. Enums cannot be deserialized into a `Variant`.
//!
//! # Limits
//!
//! - A `Variant` inside a value is written and read unchanged (engine types, typed containers,
//!   StringName and all) except where serde buffers content (internally tagged or untagged
//!   enums read their fields from a buffer): there it reads back as its serde form above.
//! - [`from_bytes`] needs `DeserializeOwned` (no borrowed `&str` fields): it decodes to a
//!   [`Variant`] first.
//! - Reading into Rust types descends at most [`SERDE_MAX_DEPTH`] (256) nested Arrays and
//!   Dictionaries ([`Error::TooDeep`] beyond): serde's visitors need much more stack per level
//!   than the decoder. `from_bytes::<Variant>` is not limited by this (the decoder's 1024 holds).
//! - `Some(None)` and `Some(())` are written as `null` and read back as `None`.
//! - Errors from mapping a decoded value onto the Rust type (wrong type, missing field) carry no
//!   byte offset: they are [`Error::Invalid`] at offset 0, their message says so.
//! - `is_human_readable()` is `false` on both sides (e.g. `std::net::IpAddr` is written in its
//!   compact form).

mod bytes_ser;
mod de;
mod ser;
mod variant_serde;

#[cfg(test)]
mod tests;

pub use de::{VariantDeserializer, SERDE_MAX_DEPTH};
pub use ser::VariantSerializer;

use crate::decode::{decode, DecodeOptions};
use crate::encode::{encode, EncodeOptions};
use crate::error::{Error, Result};
use crate::header::Version;
use crate::variant::Variant;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// Serializes `value` into the Godot value the module table describes.
pub fn to_variant<T: Serialize + ?Sized>(value: &T) -> Result<Variant> {
    let _passthrough = variant_serde::Passthrough::start();
    value.serialize(VariantSerializer)
}

/// Deserializes a `T` from a Godot value.
pub fn from_variant<T: DeserializeOwned>(value: Variant) -> Result<T> {
    T::deserialize(VariantDeserializer::new(value))
}

/// Serializes `value` to Godot binary bytes for `version` (single precision, no full objects).
pub fn to_bytes<T: Serialize + ?Sized>(value: &T, version: Version) -> Result<Vec<u8>> {
    to_bytes_with(value, &EncodeOptions::new(version))
}

/// Serializes `value` to Godot binary bytes with explicit encoder options.
pub fn to_bytes_with<T: Serialize + ?Sized>(value: &T, options: &EncodeOptions) -> Result<Vec<u8>> {
    let _passthrough = variant_serde::Passthrough::start();
    let mut writer = bytes_ser::Writer::new(options)?;
    value.serialize(writer.serializer())?;
    Ok(writer.into_bytes())
}

/// The same bytes as [`to_bytes_with`], built through a [`Variant`] ([`to_variant`] then
/// [`encode`]): the reference the direct serializer is tested against.
pub fn to_bytes_via_variant<T: Serialize + ?Sized>(
    value: &T,
    options: &EncodeOptions,
) -> Result<Vec<u8>> {
    encode(&to_variant(value)?, options)
}

/// Deserializes a `T` from Godot binary bytes written for `version` (objects not allowed).
///
/// The whole input must be one value: trailing bytes are an error.
pub fn from_bytes<T: DeserializeOwned>(bytes: &[u8], version: Version) -> Result<T> {
    from_bytes_with(bytes, &DecodeOptions::new(version))
}

/// Deserializes a `T` from Godot binary bytes with explicit decoder options.
///
/// The whole input must be one value: trailing bytes are an error.
pub fn from_bytes_with<T: DeserializeOwned>(bytes: &[u8], options: &DecodeOptions) -> Result<T> {
    let (value, used) = decode(bytes, options)?;
    if used != bytes.len() {
        return Err(Error::Invalid {
            offset: used,
            message: format!("{} trailing bytes after the value", bytes.len() - used),
        });
    }
    from_variant(value)
}

impl serde::ser::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::Unencodable(msg.to_string())
    }
}

/// Errors from mapping a decoded Variant onto a Rust type carry no byte offset; they are
/// reported at offset 0 with a message saying so.
impl serde::de::Error for Error {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Error::Invalid {
            offset: 0,
            message: format!("(mapping the decoded value) {msg}"),
        }
    }
}
