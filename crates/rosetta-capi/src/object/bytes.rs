//! Bytes (and strings, which are bytes on the wire) and objects.

use std::ptr::NonNull;

use rosetta_types::MAX_NESTING;
use rosetta_wire::encoding::check_field_id;
use rosetta_wire::Object;

use crate::error::Error;
use crate::ffi::{guard, slice};
use crate::handle::{handle, SchemaObject, Schema_Object};
use crate::types::*;

/// What `Schema_GetBytes` and `Schema_IndexBytes` return for an absent value: a valid pointer
/// to no bytes, so that callers may pass it on with the length 0 (NULL would be undefined
/// behaviour for `memcpy` and for Rust's slices).
static EMPTY: [u8; 1] = [0];

/// `Schema_AddBytes`: appends a bytes (or string) value. The bytes are copied, so the caller's
/// buffer may go at once (the header lets it require the buffer to outlive the root; Rosetta
/// does not need that). A field id no tag can carry adds nothing, with an error.
#[no_mangle]
pub unsafe extern "C" fn Schema_AddBytes(
    object: *mut Schema_Object,
    field_id: Schema_FieldId,
    buffer: *const u8,
    length: u32,
) {
    guard((), || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return;
        };
        // SAFETY: the header's contract: `length` bytes at `buffer`.
        let added = match unsafe { slice(buffer, length) } {
            Some(bytes) => handle
                .object_mut()
                .try_add_bytes(field_id, bytes)
                .map_err(Error::from),
            None => Err(Error::Null("buffer".into())),
        };
        if let Err(error) = added {
            handle.ctx().set_error(error);
        }
    })
}

/// `Schema_GetBytesCount`: how many length-delimited values (bytes, strings, objects) the field
/// holds.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetBytesCount(
    object: *const Schema_Object,
    field_id: Schema_FieldId,
) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }.map_or(0, |h| h.object().bytes_count(field_id) as u32)
    })
}

/// The bytes of the last (`index` None) or the `index`-th value; an error when the field holds
/// values, but no bytes there.
fn bytes_of(handle: &SchemaObject, id: u32, index: Option<u32>) -> Option<&[u8]> {
    let object = handle.object();
    let bytes = match index {
        None => object.bytes(id),
        Some(index) => object.index_bytes(id, index as usize),
    };
    // Out of range is no error; a value that is not bytes (an object built in memory) or a
    // field of scalars is.
    let in_range = index.map_or(true, |i| (i as usize) < object.bytes_count(id));
    if bytes.is_none() && in_range && object.has_field(id) {
        handle.ctx().set_error(Error::WrongType {
            id,
            family: "Bytes",
        });
    }
    bytes
}

/// `Schema_GetBytesLength`: the length of the last bytes value; 0 when absent.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetBytesLength(
    object: *const Schema_Object,
    field_id: Schema_FieldId,
) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }
            .and_then(|h| bytes_of(h, field_id, None))
            .map_or(0, |b| b.len() as u32)
    })
}

/// `Schema_GetBytes`: the last bytes value, owned by the root; a pointer to no bytes when
/// absent (with the length 0).
#[no_mangle]
pub unsafe extern "C" fn Schema_GetBytes(
    object: *const Schema_Object,
    field_id: Schema_FieldId,
) -> *const u8 {
    guard(EMPTY.as_ptr(), || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }
            .and_then(|h| bytes_of(h, field_id, None))
            .map_or(EMPTY.as_ptr(), <[u8]>::as_ptr)
    })
}

/// `Schema_IndexBytesLength`: the length of the `index`-th bytes value; 0 when out of range.
#[no_mangle]
pub unsafe extern "C" fn Schema_IndexBytesLength(
    object: *const Schema_Object,
    field_id: Schema_FieldId,
    index: u32,
) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }
            .and_then(|h| bytes_of(h, field_id, Some(index)))
            .map_or(0, |b| b.len() as u32)
    })
}

/// `Schema_IndexBytes`: the `index`-th bytes value; a pointer to no bytes when out of range.
#[no_mangle]
pub unsafe extern "C" fn Schema_IndexBytes(
    object: *const Schema_Object,
    field_id: Schema_FieldId,
    index: u32,
) -> *const u8 {
    guard(EMPTY.as_ptr(), || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }
            .and_then(|h| bytes_of(h, field_id, Some(index)))
            .map_or(EMPTY.as_ptr(), <[u8]>::as_ptr)
    })
}

/// `Schema_AddObject`: appends an empty object to the field and returns it, owned by the root;
/// NULL for NULL. NULL too, with an error and nothing added, for a field id no tag can carry
/// and on an object at level `MAX_NESTING` (the new object would be past the limit).
#[no_mangle]
pub unsafe extern "C" fn Schema_AddObject(
    object: *mut Schema_Object,
    field_id: Schema_FieldId,
) -> *mut Schema_Object {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return std::ptr::null_mut();
        };
        if let Err(error) = check_field_id(field_id) {
            handle.ctx().set_error(Error::from(error));
            return std::ptr::null_mut();
        }
        if handle.level() >= MAX_NESTING {
            handle.ctx().set_error(Error::TooDeep {
                call: "Schema_AddObject",
                level: handle.level(),
            });
            return std::ptr::null_mut();
        }
        let parent = handle.object_mut();
        let index = parent.object_count(field_id) as u32;
        let target = NonNull::from(parent.add_object(field_id));
        handle.child(target, || (field_id, index))
    })
}

/// `Schema_GetObjectCount`: how many objects (length-delimited values) the field holds.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetObjectCount(
    object: *const Schema_Object,
    field_id: Schema_FieldId,
) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }.map_or(0, |h| h.object().object_count(field_id) as u32)
    })
}

/// An orphan and an error, when `handle`'s object is at `MAX_NESTING` and holds the value asked
/// for: the object would be past the limit (it can only have been added as bytes). Checked
/// before the value is parsed, so it stays as it is. `present` (a scan of the field) runs only
/// at the limit.
fn past_limit(
    handle: &SchemaObject,
    present: impl FnOnce(&Object) -> bool,
    call: &'static str,
) -> Option<*mut Schema_Object> {
    if handle.level() < MAX_NESTING || !present(handle.object()) {
        return None;
    }
    handle.ctx().set_error(Error::TooDeep {
        call,
        level: handle.level(),
    });
    Some(handle.ctx().orphan())
}

/// The handle of an object found (or not) in `handle`'s object: an absent object is a new
/// empty orphan, valid and unreachable, as the SDK gives; one that does not parse, or that would
/// be past `MAX_NESTING` (bytes added on an object at the limit), is that too, with an error.
fn found(
    handle: &SchemaObject,
    id: u32,
    found: Result<Option<&mut Object>, rosetta_wire::Error>,
    index: impl FnOnce(&Object) -> u32,
) -> *mut Schema_Object {
    match found {
        Ok(Some(target)) => {
            let target = NonNull::from(target);
            handle.child(target, || (id, index(handle.object())))
        }
        Ok(None) => {
            if handle.object().has_field(id) && handle.object().object_count(id) == 0 {
                handle.ctx().set_error(Error::WrongType {
                    id,
                    family: "Object",
                });
            }
            handle.ctx().orphan()
        }
        Err(error) => {
            handle.ctx().set_error(error);
            handle.ctx().orphan()
        }
    }
}

/// `Schema_GetObject`: the last object of the field, owned by the root; when absent, a new
/// empty object no field holds. NULL for NULL.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetObject(
    object: *mut Schema_Object,
    field_id: Schema_FieldId,
) -> *mut Schema_Object {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return std::ptr::null_mut();
        };
        let present = |o: &Object| o.object_count(field_id) > 0;
        if let Some(orphan) = past_limit(handle, present, "Schema_GetObject") {
            return orphan;
        }
        let last = handle.object_mut().object_mut(field_id);
        let index = |o: &Object| (o.object_count(field_id) as u32).saturating_sub(1);
        found(handle, field_id, last, index)
    })
}

/// `Schema_IndexObject`: the `index`-th object of the field; when out of range, a new empty
/// object no field holds. NULL for NULL.
#[no_mangle]
pub unsafe extern "C" fn Schema_IndexObject(
    object: *mut Schema_Object,
    field_id: Schema_FieldId,
    index: u32,
) -> *mut Schema_Object {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return std::ptr::null_mut();
        };
        let present = |o: &Object| (index as usize) < o.object_count(field_id);
        if let Some(orphan) = past_limit(handle, present, "Schema_IndexObject") {
            return orphan;
        }
        let nth = handle
            .object_mut()
            .index_object_mut(field_id, index as usize);
        found(handle, field_id, nth, |_| index)
    })
}
