//! JSON text as Flecs v3.2.12 writes it, for every serializer of the crate.
//!
//! - Numbers: [`push_f64`] / [`push_f32`] (Flecs' own float formatter, [`float`]), integers
//!   ([`int`]: `u64`/`i64` of 2³¹ and more quoted, `uptr` cut to 32 bits).
//! - Strings: [`push_escaped`] for values and labels (`ecs_stresc`), [`push_raw`] for names and
//!   paths, which Flecs does not escape; [`push_char`].
//! - Lists and objects: elements and members separated by [`SEP`] (`", "`), keys written
//!   `"key":` ([`push_key`]); [`List`] tracks the first element.
//!
//! # Two modes
//!
//! v3.2.12 writes invalid JSON in a few places: a name or path with a `"` or a control
//! character, `\a` and `\v` escapes, raw control characters in strings, `i64::MIN` (its integer
//! formatter overflows, as does its float formatter on 2⁶³), and a doubled separator in type info of a non-primitive struct member
//! with a unit or range. [`Mode::Valid`], the default, writes valid JSON there and Flecs' bytes
//! everywhere else; [`Mode::Engine`] writes v3.2.12's bytes, invalid JSON included. Both keep
//! what is valid JSON but lossy in Flecs: ESC in a string becomes `[`, `uptr` keeps its low 32
//! bits, the sign of infinity is lost, and floats are written by Flecs' formatter.

mod escape;
pub mod float;
pub mod int;
mod list;
mod mode;

pub use escape::{escape_into, push_char, push_escaped, push_raw, raw_into};
pub use float::{ftoa, push_f32, push_f64, push_f64_mode};
pub use int::{push_i64, push_i64_member, push_u64, push_u64_member, push_uptr};
pub use list::{push_key, List, SEP};
pub use mode::Mode;
