//! Lists and objects as `ecs_strbuf_list_*` writes them.

use super::escape::push_raw;
use super::mode::Mode;

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
