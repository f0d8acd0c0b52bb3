//! O3DE-style JSON for your own Rust types, through serde: no registry needed.
//!
//! [`from_str`] reads a `#[derive(Deserialize)]` type by the same lenient rules, with the same
//! report, as [`load`](super::load()) reads a value of the shared model: bools from numbers and
//! text, integers from bools, floats and C number text, floats from text, strings from bools
//! and numbers, member names in any case, maps from objects or `[{"Key": k, "Value": v}]`,
//! enums from names (any case) or variant indexes. [`to_string`] writes what O3DE writes.
//!
//! | Rust (serde data model) | JSON |
//! | --- | --- |
//! | `bool`, integers, `f64` | as [`store`](super::store()) writes them |
//! | `f32` | by [`FloatForm`](crate::o3de::FloatForm): widened to double as O3DE writes it, or shortest |
//! | `char`, `&str`, `String` | a string |
//! | bytes | a base64 string |
//! | `Option` | `null` or the value |
//! | `()` | `null`; a unit struct `{}` |
//! | newtype struct | the inner value |
//! | sequences, tuples, tuple structs | arrays |
//! | struct | an object of its members, in order |
//! | map | an object when every key is written as a string, else `[{"Key": k, "Value": v}]` |
//! | unit variant | its name (also read from its index) |
//! | newtype, tuple variant | `{"$type": "Variant", "Value": content}` (O3DE's `any`) |
//! | struct variant | `{"$type": "Variant", "member": .., ...}` (O3DE's polymorphic form) |
//!
//! Without a registry there are no defaults to leave out: every member is written, and members
//! the JSON leaves out take their `#[serde(default)]` (serde's derive reports the others as
//! missing). A value that cannot be read is reported, as by `load`, and takes its type's zero
//! value (`0`, `false`, `""`; for an enum, the first variant with its content's explicit
//! default `{}`). So a map entry whose key cannot be read is kept under the zero key, where
//! `load` drops it as Unavailable, as O3DE does: a serde map visitor takes every key it is
//! given. Integers wider than 64 bits are read as written when they are integer text, else by
//! the 64-bit rules.

mod de;
mod ser;

pub use de::from_str;
pub use ser::to_string;
