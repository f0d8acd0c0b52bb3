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

pub use escape::{escape_into, push_char, push_escaped, push_raw, raw_into};
pub use float::{ftoa, push_f32, push_f64, push_f64_mode};
pub use int::{push_i64, push_i64_member, push_u64, push_u64_member, push_uptr};

/// Which bytes to write where v3.2.12 writes invalid JSON (see the [module docs](self)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Mode {
    /// Valid JSON: Flecs' bytes wherever those are valid JSON, standard escapes elsewhere.
    #[default]
    Valid,
    /// v3.2.12's bytes exactly, invalid JSON included.
    Engine,
}

/// The separator between list elements and object members (`ecs_strbuf_list_push(.., ", ")`).
pub const SEP: &str = ", ";

/// The state of one list or object: whether the next element needs a [`SEP`] first
/// (`ecs_strbuf_list_next`).
///
/// ```
/// use rosetta_flecs::text::List;
/// let mut out = String::new();
/// let mut list = List::open(&mut out, '[');
/// for x in ["1", "2"] {
///     list.next(&mut out);
///     out.push_str(x);
/// }
/// list.close(&mut out, ']');
/// assert_eq!(out, "[1, 2]");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct List {
    count: u32,
}

impl List {
    /// Writes `open` and starts a list.
    pub fn open(out: &mut String, open: char) -> List {
        out.push(open);
        List { count: 0 }
    }

    /// A list whose opening the caller wrote.
    pub fn new() -> List {
        List { count: 0 }
    }

    /// Before an element: [`SEP`] unless it is the first.
    pub fn next(&mut self, out: &mut String) {
        if self.count != 0 {
            out.push_str(SEP);
        }
        self.count += 1;
    }

    /// Before a member: [`List::next`], then `"key":` ([`push_key`]).
    pub fn key(&mut self, out: &mut String, key: &str, mode: Mode) {
        self.next(out);
        push_key(out, key, mode);
    }

    /// How many elements were started.
    pub fn len(&self) -> u32 {
        self.count
    }

    /// Whether no element was started.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Writes `close`.
    pub fn close(self, out: &mut String, close: char) {
        out.push(close);
    }
}

/// `"key":` as `flecs_json_member` writes it: the key unescaped (escaped in [`Mode::Valid`]
/// when it needs to be), no space after the colon.
pub fn push_key(out: &mut String, key: &str, mode: Mode) {
    push_raw(out, key, mode);
    out.push(':');
}
