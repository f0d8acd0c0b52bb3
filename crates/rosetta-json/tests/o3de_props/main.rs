//! Properties of the O3DE JSON rules (`rosetta_json::o3de`): a random value of a random type
//! stored (compact, pretty, with and without defaults) loads back equal; no text, random or a
//! mutated valid document, makes `load` panic, and deep nesting is an error; strict mode rejects
//! a coercion at the member's JSON Pointer.
//!
//! Generation leaves out what O3DE's format does not keep, by design:
//! - floats within `f32::EPSILON` (`f64::EPSILON`) of their default but not equal to it: the
//!   engine compares with `AZ::IsClose` and leaves them out as defaults (`-0.0` likewise);
//! - NaN (a value is equal bitwise; not-finite floats are written as text);
//! - the order of set elements (sets are written sorted: compared sorted here) and duplicate set
//!   elements or map keys (rejected or merged on load);
//! - members whose own default is a non-empty container: read onto a class instance (an element
//!   of an array or tuple, `load_into`), a list is appended to, as the engine appends to it.
//!
//! - nested options (`option<option<T>>`): JSON's `null` and the explicit default `{}` cannot
//!   tell `None` from `Some(None)` or `Some(Some(default))` (O3DE has the same ambiguity for a
//!   pointer to a pointer); `nested_options_are_ambiguous` shows it.

mod cases;
mod depth;
mod gen;
mod never_panics;
mod round_trip;
