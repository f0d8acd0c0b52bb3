//! JSON text as Flecs v3.2.12 writes it, for every serializer of the crate.
//!
//! - Numbers: [`push_f64_mode`] / [`push_f32`] (Flecs' own float formatter, or the shortest
//!   round-trip text in [`Mode::Lossless`]: [`float`]), integers
//!   ([`int`]: `u64`/`i64` of 2³¹ and more quoted, `uptr` cut to 32 bits).
//! - Strings: [`push_escaped`] for values and labels (`ecs_stresc`), [`push_raw`] for names and
//!   paths, which Flecs does not escape; [`push_char`].
//! - Lists and objects: elements and members separated by [`SEP`] (`", "`), keys written
//!   `"key":` ([`push_key`]); [`List`] tracks the first element.
//!
//! # Three modes
//!
//! v3.2.12 writes invalid JSON in a few places: a name or path with a `"` or a control
//! character, `\a` and `\v` escapes, raw control characters in strings, `i64::MIN` (its integer
//! formatter overflows, as does its float formatter on 2⁶³), and a doubled separator in type
//! info of a non-primitive struct member with a unit or range. It also writes valid JSON that
//! loses data: floats rounded to 10 decimals (`0.3333333333333333` is `0.3333333333`,
//! subnormals are `0`), the sign of infinity dropped, ESC in a string as `[`, `uptr` cut to
//! its low 32 bits.
//!
//! - [`Mode::Lossless`], the default: valid JSON that reads back to the same values. Floats
//!   are their shortest round-trip text (quoted when it has an exponent, as Flecs quotes
//!   `"1e4"`), `"-Inf"` keeps its sign, ESC is `\u001b`, `uptr` keeps 64 bits; everything else
//!   is Flecs' bytes. For data that is read back: `world convert`, REST, `world query --json`.
//! - [`Mode::Valid`]: Flecs' bytes wherever they are valid JSON, lossy forms included, and
//!   standard JSON where they are not. What the Flecs corpus' outputs are compared with.
//! - [`Mode::Engine`]: v3.2.12's bytes exactly, invalid JSON included (`--engine-bytes`).

mod escape;
pub mod float;
pub mod int;
mod list;
mod mode;

pub use escape::{escape_into, push_char, push_escaped, push_raw, raw_into};
pub use float::{ftoa, push_f32, push_f64, push_f64_lossless, push_f64_mode};
pub use int::{push_i64, push_i64_member, push_u64, push_u64_member, push_uptr};
pub use list::{push_key, List, SEP};
pub use mode::Mode;
