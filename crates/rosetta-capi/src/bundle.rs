//! `Schema_Bundle`: a binary schema bundle (`--bundle_out`), lowered into Rosetta's compiled
//! [`Schema`] for the JSON functions and `Schema_ConvertComponentDataIntoUpdate`.

use std::ffi::{c_char, CString};

use rosetta_schema::Schema;

use crate::error::Error;
use crate::ffi::{c_string, guard, slice};

/// A loaded bundle, or why it did not load (`Schema_Bundle_GetError`).
#[derive(Debug)]
pub struct Bundle {
    schema: Result<Schema, CString>,
}

impl Bundle {
    /// Reads a binary bundle.
    pub fn load(bytes: &[u8]) -> Bundle {
        let schema = rosetta_bundle::decode(bytes)
            .map_err(|e| e.to_string())
            .and_then(|bundle| Schema::from_bundle(&bundle).map_err(|e| e.to_string()))
            .map_err(c_string);
        Bundle { schema }
    }

    /// The compiled schema of a bundle that loaded.
    pub fn schema(&self) -> Result<&Schema, Error> {
        self.schema
            .as_ref()
            .map_err(|e| Error::BadBundle(e.to_string_lossy().into_owned()))
    }

    /// The compiled schema behind a bundle pointer.
    pub(crate) fn schema_of(bundle: Option<&Bundle>) -> Result<&Schema, Error> {
        bundle.ok_or_else(|| Error::Null("bundle".into()))?.schema()
    }
}

/// `Schema_Bundle`.
#[allow(non_camel_case_types)]
pub type Schema_Bundle = Bundle;

/// The bundle behind a `Schema_Bundle*`; `None` for NULL.
///
/// # Safety
/// `bundle` is NULL or a live bundle of `Schema_Bundle_Load`.
pub(crate) unsafe fn bundle_ref<'a>(bundle: *const Bundle) -> Option<&'a Bundle> {
    // SAFETY: the caller's contract.
    unsafe { bundle.as_ref() }
}

/// `Schema_Bundle_Load`: reads a binary schema bundle (the schema compiler's `--bundle_out`).
/// Always returns a bundle (NULL only if memory runs out); check `Schema_Bundle_GetError`.
#[no_mangle]
pub unsafe extern "C" fn Schema_Bundle_Load(buffer: *const u8, length: u32) -> *mut Schema_Bundle {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract: `length` bytes at `buffer`.
        let bundle = match unsafe { slice(buffer, length) } {
            Some(bytes) => Bundle::load(bytes),
            None => Bundle {
                schema: Err(c_string(Error::Null("buffer".into()).to_string())),
            },
        };
        Box::into_raw(Box::new(bundle))
    })
}

/// `Schema_Bundle_GetError`: why the bundle did not load (owned by the bundle), or NULL when it
/// loaded. NULL for a NULL bundle.
#[no_mangle]
pub unsafe extern "C" fn Schema_Bundle_GetError(bundle: *const Schema_Bundle) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the header's contract on `bundle`.
        match unsafe { bundle.as_ref() } {
            Some(Bundle { schema: Err(e) }) => e.as_ptr(),
            _ => std::ptr::null(),
        }
    })
}

/// `Schema_Bundle_Destroy`: frees the bundle; NULL is ignored.
#[no_mangle]
pub unsafe extern "C" fn Schema_Bundle_Destroy(bundle: *mut Schema_Bundle) {
    guard((), || {
        if !bundle.is_null() {
            // SAFETY: made by `Box::into_raw` in `Schema_Bundle_Load`, not used afterwards.
            drop(unsafe { Box::from_raw(bundle) });
        }
    })
}
