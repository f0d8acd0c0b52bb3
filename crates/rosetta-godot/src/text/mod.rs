//! Godot's text form of a [`Variant`](crate::Variant): `var_to_str` / `str_to_var` (Godot 4) and
//! `var2str` / `str2var` (Godot 3).
//!
//! [`to_text`] prints the way the chosen engine prints; [`from_text`] reads the spellings of both
//! engines (`Quat` and `Quaternion`, `PoolIntArray` and `PackedInt32Array`, …) and never
//! panics: nesting is bounded by [`MAX_DEPTH`](crate::MAX_DEPTH) and errors carry a line and
//! column.
//!
//! ```
//! use rosetta_godot::text::{from_text, to_text};
//! use rosetta_godot::{Variant, Vector2, Version};
//!
//! let v = Variant::Vector2(Vector2 { x: 1.0, y: 2.5 });
//! assert_eq!(to_text(&v, Version::Godot4), "Vector2(1, 2.5)");
//! assert_eq!(to_text(&v, Version::Godot3), "Vector2( 1, 2.5 )");
//! assert_eq!(from_text("Vector2( 1, 2.5 )")?, v);
//! # Ok::<(), rosetta_godot::text::TextError>(())
//! ```
//!
//! Godot 3 output was checked against the real engine (3.2.3, `tests/data/godot3_var2str.txt`):
//! spaces inside brackets (`Vector2( 1, 2 )`, `[ 1, 2 ]`), floats with six significant digits like
//! C's `%g` after a cast to single precision (so `var2str` is **lossy**, as in the engine:
//! `0.333333`, and `1e300` prints `inf`), dictionaries with sorted
//! keys, `-inf.0` for negative infinity, and an empty string for a RID.
//!
//! Godot 4 output was checked against the real engine too (4.6-stable,
//! `tests/data/godot4_var_to_str.txt`): `Vector2(1, 2)`, floats in the shortest form that reads
//! back exactly, in fixed notation for decimal exponents -4 to 14 (`1.0`, `0.1`,
//! `0.3333333333333333`, `100000000000000.0`, `1e+15`, `1e-05`, `inf`, `inf_neg`, `nan`); math
//! components that are exact `f32` values (what a standard build holds) in their shortest `f32`
//! form (`Vector2(0.33333334, 123456790)`),
//! `&"name"` for StringName, `NodePath("a/b")`, typed containers as `Array[int]([1, 2])` and
//! `Dictionary[String, int]({...})`, dictionaries with sorted keys as `{\n"a": 1\n}` (`{}` when
//! empty). `^"a/b"` is read as a NodePath too.
//!
//! Values that have no engine spelling get a Rosetta one that reads back: an object written by
//! instance id prints as `Object(EncodedObjectAsID,"object_id":N,"script":null)` (what Godot 4.6
//! prints for the placeholder `bytes_to_var` makes; ids above `i64::MAX` print negative, as
//! through Godot's `int`), a Signal with a name or object as `Signal("name", id)` (the engine
//! prints every Signal as `Signal()`), a script-typed container as
//! `Array[Script("res://a.gd")]([...])`.

mod error;
pub(crate) mod names;
mod parse;
pub(crate) mod print;
#[cfg(test)]
mod tests;

pub use error::TextError;
pub use names::{type_from_name, type_name};
pub use parse::from_text;
pub use print::to_text;
