//! [`Str`]: the text of a string value, kept inline when it is short.

// The one place of this crate with unsafe code: a `Box<str>` kept as its raw parts, unaligned.
// Every `unsafe` block says why it holds.
#![allow(unsafe_code)]

use std::borrow::Borrow;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::{ptr, slice, str};

/// The most bytes kept inline.
const INLINE: usize = 22;
/// The length byte of text on the heap.
const HEAP: u8 = u8::MAX;

/// The text of a [`Value::String`](crate::Value::String): up to 22 bytes are kept inline, longer
/// text on the heap. Most strings of game data are short (names, keys, tags), so a tree of them
/// makes no allocation for most, and `Value` stays 24 bytes.
///
/// It reads as a `str` (`Deref`), and compares, orders and hashes as one.
///
/// ```
/// use rosetta_types::{Str, Value};
/// let s = Str::from("gold");
/// assert_eq!(&*s, "gold");
/// assert_eq!(s.len(), 4);
/// assert_eq!(Value::from("gold").as_str(), Some("gold"));
/// let long = "a longer text than fits inline";
/// assert_eq!(String::from(Str::from(long)), long);
/// ```
// Written here rather than taken from a small-string crate: those are 24 bytes with a niche in
// the last byte, which makes `Value` 24 bytes too, but then every `match` on a `Value` decodes
// its variant from that byte. This one has no niche and an alignment of 1, so `Value` keeps a
// plain tag byte and holds it in the 23 bytes after.
#[repr(C)]
pub struct Str {
    /// The length of inline text (at most `INLINE`), or `HEAP`.
    len: u8,
    data: Data,
}

/// Inline text (then zeros), or the parts of an owned `Box<str>`. A union, not bytes, so that
/// the pointer keeps its provenance when a `Str` is moved.
#[derive(Clone, Copy)]
#[repr(C)]
union Data {
    inline: [u8; INLINE],
    heap: Heap,
}

#[derive(Clone, Copy)]
#[repr(C, packed)]
struct Heap {
    ptr: *mut u8,
    len: usize,
}

impl Str {
    /// The empty string.
    pub const EMPTY: Str = Str {
        len: 0,
        data: Data {
            inline: [0; INLINE],
        },
    };

    /// The text.
    #[inline]
    pub fn as_str(&self) -> &str {
        let bytes = if self.len == HEAP {
            // SAFETY: `HEAP` text holds the parts of an owned `Box<str>`, alive while `self` is.
            unsafe {
                let Heap { ptr, len } = self.data.heap;
                slice::from_raw_parts(ptr, len)
            }
        } else {
            // SAFETY: inline text is (at most) `INLINE` initialized bytes.
            let inline = unsafe { &self.data.inline };
            &inline[..usize::from(self.len).min(INLINE)]
        };
        // SAFETY: inline text is copied from a `str`, and heap text is a `Box<str>`.
        unsafe { str::from_utf8_unchecked(bytes) }
    }

    /// The length in bytes (what `str::len` says, without making the `str`).
    #[inline]
    pub fn len(&self) -> usize {
        if self.len == HEAP {
            // SAFETY: `HEAP` text holds the parts of a `Box<str>`.
            unsafe { self.data.heap.len }
        } else {
            usize::from(self.len)
        }
    }

    /// Whether the text is empty (heap text never is).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The text as an owned `String` (no copy when it is on the heap).
    #[inline]
    pub fn into_string(self) -> String {
        if self.len != HEAP {
            return self.as_str().to_owned();
        }
        let this = std::mem::ManuallyDrop::new(self);
        // SAFETY: the box is taken out of `this`, which is not dropped.
        unsafe { this.take_box() }.into_string()
    }

    /// Text copied inline; `s` is at most `INLINE` bytes.
    #[inline]
    fn inline(s: &str) -> Str {
        let mut inline = [0; INLINE];
        inline[..s.len()].copy_from_slice(s.as_bytes());
        Str {
            len: s.len() as u8,
            data: Data { inline },
        }
    }

    /// Text on the heap, owned by the new `Str`.
    fn heap(b: Box<str>) -> Str {
        let len = b.len();
        let ptr = Box::into_raw(b).cast::<u8>();
        Str {
            len: HEAP,
            data: Data {
                heap: Heap { ptr, len },
            },
        }
    }

    /// The `Box<str>` of heap text.
    ///
    /// # Safety
    /// `self.len` is `HEAP`, and `self` is not used (or dropped) afterwards.
    unsafe fn take_box(&self) -> Box<str> {
        // SAFETY: the parts of the `Box<str>` that `heap` took apart; the caller gives it up.
        unsafe {
            let Heap { ptr, len } = self.data.heap;
            Box::from_raw(ptr::slice_from_raw_parts_mut(ptr, len) as *mut str)
        }
    }
}

// SAFETY: a `Str` owns its text as a `Box<str>` would, which is `Send` and `Sync`.
unsafe impl Send for Str {}
// SAFETY: as for `Send`.
unsafe impl Sync for Str {}

impl Drop for Str {
    #[inline]
    fn drop(&mut self) {
        if self.len == HEAP {
            // SAFETY: heap text, and `self` is being dropped.
            drop(unsafe { self.take_box() });
        }
    }
}

impl Clone for Str {
    #[inline]
    fn clone(&self) -> Self {
        if self.len == HEAP {
            Str::heap(self.as_str().into())
        } else {
            Str {
                len: self.len,
                data: self.data,
            }
        }
    }
}

impl Default for Str {
    fn default() -> Self {
        Str::EMPTY
    }
}

impl PartialEq for Str {
    #[inline]
    fn eq(&self, other: &Str) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Str {}

impl PartialOrd for Str {
    fn partial_cmp(&self, other: &Str) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Str {
    fn cmp(&self, other: &Str) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl Deref for Str {
    type Target = str;

    #[inline]
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Str {
    #[inline]
    fn as_ref(&self) -> &str {
        self
    }
}

impl Borrow<str> for Str {
    #[inline]
    fn borrow(&self) -> &str {
        self
    }
}

/// Hashes as the `str`, so that a `Str` can be looked up by `&str` in hashed collections.
impl Hash for Str {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialEq<str> for Str {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Str {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Debug for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for Str {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl From<&str> for Str {
    #[inline]
    fn from(s: &str) -> Self {
        if s.len() <= INLINE {
            Str::inline(s)
        } else {
            Str::heap(s.into())
        }
    }
}

impl From<&String> for Str {
    #[inline]
    fn from(s: &String) -> Self {
        Str::from(s.as_str())
    }
}

impl From<String> for Str {
    /// Takes over the `String`'s buffer when the text does not fit inline.
    #[inline]
    fn from(s: String) -> Self {
        if s.len() <= INLINE {
            Str::inline(&s)
        } else {
            Str::heap(s.into_boxed_str())
        }
    }
}

impl From<Box<str>> for Str {
    #[inline]
    fn from(s: Box<str>) -> Self {
        if s.len() <= INLINE {
            Str::inline(&s)
        } else {
            Str::heap(s)
        }
    }
}

impl From<std::borrow::Cow<'_, str>> for Str {
    #[inline]
    fn from(s: std::borrow::Cow<'_, str>) -> Self {
        match s {
            std::borrow::Cow::Borrowed(s) => s.into(),
            std::borrow::Cow::Owned(s) => s.into(),
        }
    }
}

impl From<char> for Str {
    fn from(c: char) -> Self {
        Str::from(&*c.encode_utf8(&mut [0; 4]))
    }
}

impl From<Str> for String {
    #[inline]
    fn from(s: Str) -> Self {
        s.into_string()
    }
}

impl From<Str> for Box<str> {
    fn from(s: Str) -> Self {
        s.into_string().into_boxed_str()
    }
}

impl FromIterator<char> for Str {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> Self {
        iter.into_iter().collect::<String>().into()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Value;

    #[test]
    fn value_stays_24_bytes() {
        assert_eq!(std::mem::size_of::<Value>(), 24);
    }

    #[test]
    fn short_and_long_text_read_back() {
        for text in [
            "",
            "a",
            "twenty-one bytes long",
            "twenty-two bytes long.",
            "twenty-three bytes long",
            "é€𝄞",
        ] {
            let s = Str::from(text);
            assert_eq!(s.as_str(), text);
            assert_eq!(s.len(), text.len());
            assert_eq!(s.is_empty(), text.is_empty());
            assert_eq!(Str::from(text.to_owned()), s);
            assert_eq!(Str::from(Box::<str>::from(text)), s);
            assert_eq!(s.clone().into_string(), text);
            assert_eq!(s.clone(), s);
            assert_eq!(String::from(Str::from(text.to_owned())), text);
            assert_eq!(s.chars().collect::<Str>(), s);
        }
    }

    #[test]
    fn orders_and_hashes_as_str() {
        use std::collections::hash_map::DefaultHasher;
        let hash = |h: &dyn Fn(&mut DefaultHasher)| {
            let mut s = DefaultHasher::new();
            h(&mut s);
            s.finish()
        };
        let s = Str::from("key");
        assert_eq!(hash(&|h| s.hash(h)), hash(&|h| "key".hash(h)));
        let (a, b, long) = (
            Str::from("a"),
            Str::from("b"),
            Str::from("a long text, thirty bytes."),
        );
        assert_eq!(a.cmp(&b), std::cmp::Ordering::Less);
        assert_eq!(long.cmp(&a), std::cmp::Ordering::Greater);
        assert_eq!(Str::EMPTY, Str::from(""));
    }
}
