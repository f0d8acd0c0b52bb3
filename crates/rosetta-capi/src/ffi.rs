//! The C side of every call: panics stopped at the border, pointers from C turned into Rust
//! references (NULL where the header allows it), strings made for C. With [`crate::handle`] this
//! is the crate's unsafe layer.

use std::ffi::{c_char, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::Error;

/// Runs `f`; a panic (a bug: the library is written not to panic) returns `fallback` instead of
/// unwinding into C, which would be undefined behaviour.
#[inline]
pub(crate) fn guard<T>(fallback: T, f: impl FnOnce() -> T) -> T {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// The `count` values at `values`: empty when `count` is 0 (whatever the pointer), `None` for
/// NULL with a count.
///
/// # Safety
/// When not NULL, `values` points at `count` initialised values, as the header requires.
#[inline]
pub(crate) unsafe fn slice<'a, T>(values: *const T, count: u32) -> Option<&'a [T]> {
    if count == 0 {
        return Some(&[]);
    }
    if values.is_null() {
        return None;
    }
    // SAFETY: the caller's contract; `count` fits in `usize` on every supported target.
    Some(unsafe { std::slice::from_raw_parts(values, count as usize) })
}

/// Room for `count` values at `out`: `None` for NULL with a count.
///
/// # Safety
/// When not NULL, `out` has room for `count` values, as the header requires.
#[inline]
pub(crate) unsafe fn slice_mut<'a, T>(out: *mut T, count: usize) -> Option<&'a mut [T]> {
    if count == 0 {
        return Some(&mut []);
    }
    if out.is_null() {
        return None;
    }
    // SAFETY: the caller's contract.
    Some(unsafe { std::slice::from_raw_parts_mut(out, count) })
}

/// A NUL-terminated string from C, as UTF-8.
///
/// # Safety
/// When not NULL, `text` points at a NUL-terminated string.
pub(crate) unsafe fn c_str<'a>(text: *const c_char, what: &str) -> Result<&'a str, Error> {
    if text.is_null() {
        return Err(Error::Null(what.to_owned()));
    }
    // SAFETY: the caller's contract.
    let text = unsafe { CStr::from_ptr(text) };
    text.to_str().map_err(|_| Error::NotUtf8(what.to_owned()))
}

/// A C string of a message; a NUL inside (from a field name, say) is written as `\0`.
pub(crate) fn c_string(message: String) -> CString {
    CString::new(message).unwrap_or_else(|e| {
        let text = String::from_utf8_lossy(&e.into_vec()).replace('\0', "\\0");
        // No NUL is left.
        CString::new(text).unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_strings_keep_a_nul_as_text() {
        assert_eq!(c_string("a\0b".into()).to_str().unwrap(), "a\\0b");
        assert_eq!(c_string("plain".into()).to_str().unwrap(), "plain");
    }

    #[test]
    fn slices_take_null_only_without_a_count() {
        // SAFETY: NULL with and without a count, and a real array.
        unsafe {
            assert_eq!(slice::<u32>(std::ptr::null(), 0), Some(&[][..]));
            assert_eq!(slice::<u32>(std::ptr::null(), 2), None);
            let values = [1u32, 2];
            assert_eq!(slice(values.as_ptr(), 2), Some(&values[..]));
        }
    }

    #[test]
    fn a_panic_stops_at_the_border() {
        let value = guard(7, || -> i32 { panic!("a bug") });
        assert_eq!(value, 7);
    }
}
