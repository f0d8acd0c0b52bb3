//! The object utilities: clear, shallow copies, orphans and buffers owned by the root, merging
//! from and serializing to buffers, errors, and the ids of the fields present.

use std::cell::RefCell;
use std::ffi::c_char;

use rosetta_wire::Object;

use crate::error::Error;
use crate::ffi::{guard, slice, slice_mut};
use crate::handle::{handle, SchemaObject, Schema_Object};
use crate::types::*;

/// `Schema_Clear`: removes every field. Objects obtained from inside stay valid until the root
/// is destroyed, no longer reachable.
#[no_mangle]
pub unsafe extern "C" fn Schema_Clear(object: *mut Schema_Object) {
    guard((), || {
        // SAFETY: the header's contract on `object`.
        if let Some(handle) = unsafe { handle(object) } {
            handle.detach_children(None);
            handle.object_mut().clear();
        }
    })
}

/// `Schema_ClearField`: removes every occurrence of a field.
#[no_mangle]
pub unsafe extern "C" fn Schema_ClearField(object: *mut Schema_Object, field_id: Schema_FieldId) {
    guard((), || {
        // SAFETY: the header's contract on `object`.
        if let Some(handle) = unsafe { handle(object) } {
            handle.detach_children(Some(&[field_id]));
            handle.object_mut().clear_field(field_id);
        }
    })
}

/// Source and destination of a copy between two objects of one root; `None` (nothing to do)
/// for NULL, the same object twice or objects of two roots, as the header says.
///
/// # Safety
/// The header's contract on both pointers.
unsafe fn copy_pair<'a>(
    src: *const Schema_Object,
    dst: *mut Schema_Object,
) -> Option<(&'a SchemaObject, &'a SchemaObject)> {
    // SAFETY: the caller's contract.
    let (src, dst) = unsafe { (handle(src)?, handle(dst)?) };
    let same_root = std::ptr::eq(src.ctx(), dst.ctx());
    (same_root && !std::ptr::eq(src, dst)).then_some((src, dst))
}

/// Appends `fields` to `dst`'s object unless they would nest past `MAX_NESTING` there (an
/// error then, and nothing copied).
fn append(dst: &SchemaObject, fields: &Object) {
    match fields.check_nesting(dst.level()) {
        Ok(()) => dst.object_mut().copy_from(fields),
        Err(error) => dst.ctx().set_error(Error::from(error)),
    }
}

/// `Schema_ShallowCopy`: appends every field of `src` to `dst`. Nested objects are copied too:
/// later changes to an object inside `src` are not seen in `dst` (the SDK shared them). Nothing
/// is copied, with an error, when the copy would nest past `MAX_NESTING` in `dst`.
#[no_mangle]
pub unsafe extern "C" fn Schema_ShallowCopy(src: *const Schema_Object, dst: *mut Schema_Object) {
    guard((), || {
        // SAFETY: the header's contract.
        if let Some((src, dst)) = unsafe { copy_pair(src, dst) } {
            // Through a copy: `dst` may lie inside `src` or the other way round.
            let fields = src.object().clone();
            append(dst, &fields);
        }
    })
}

/// `Schema_ShallowCopyField`: appends every occurrence of one field of `src` to `dst`, as
/// `Schema_ShallowCopy` does.
#[no_mangle]
pub unsafe extern "C" fn Schema_ShallowCopyField(
    src: *const Schema_Object,
    dst: *mut Schema_Object,
    field_id: Schema_FieldId,
) {
    guard((), || {
        // SAFETY: the header's contract.
        if let Some((src, dst)) = unsafe { copy_pair(src, dst) } {
            let mut field = Object::new();
            field.copy_field_from(src.object(), field_id);
            append(dst, &field);
        }
    })
}

/// `Schema_AllocateObject`: a new empty object owned by `object`'s root, which no field holds;
/// NULL for NULL.
#[no_mangle]
pub unsafe extern "C" fn Schema_AllocateObject(object: *const Schema_Object) -> *mut Schema_Object {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }.map_or(std::ptr::null_mut(), |h| h.ctx().orphan())
    })
}

/// `Schema_AllocateBuffer`: `length` zeroed bytes that live as long as `object`'s root; NULL
/// for NULL.
#[no_mangle]
pub unsafe extern "C" fn Schema_AllocateBuffer(object: *mut Schema_Object, length: u32) -> *mut u8 {
    guard(std::ptr::null_mut(), || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }.map_or(std::ptr::null_mut(), |h| {
            h.ctx().allocate_buffer(length as usize)
        })
    })
}

/// `Schema_MergeFromBuffer`: reads wire bytes and appends their fields to `object`. 1 on
/// success; 0 with an error for `Schema_GetError` (the object unchanged), for bytes that do not
/// read and for bytes that nest past `MAX_NESTING` at the object's level (counted without a
/// schema: `Object::check_bytes_nesting`). The bytes are copied, so the buffer may go at once.
#[no_mangle]
pub unsafe extern "C" fn Schema_MergeFromBuffer(
    object: *mut Schema_Object,
    buffer: *const u8,
    length: u32,
) -> u8 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return 0;
        };
        // SAFETY: the header's contract: `length` bytes at `buffer`.
        let Some(bytes) = (unsafe { slice(buffer, length) }) else {
            handle.ctx().set_error(Error::Null("buffer".into()));
            return 0;
        };
        let target = handle.object_mut();
        let merged = Object::check_bytes_nesting(bytes, handle.level());
        let merged = merged.and_then(|()| {
            if target.is_empty() {
                // The usual case, reading a received object: no second copy of the fields.
                Object::decode(bytes).map(|read| *target = read)
            } else {
                target.merge_from_bytes(bytes)
            }
        });
        match merged {
            Ok(()) => 1,
            Err(error) => {
                handle.ctx().set_error(error);
                0
            }
        }
    })
}

/// The wire bytes of the last object measured on this thread: `Schema_GetWriteBufferLength`
/// encodes the object, and `Schema_SerializeToBuffer` copies these bytes when the object's root
/// has not changed since, so that the usual pair of calls encodes once.
#[derive(Default)]
struct Scratch {
    bytes: Vec<u8>,
    /// The object and the stamp of its root the bytes are of.
    of: Option<(*const Object, u64)>,
    /// Why the bytes may not be written: they nest past `MAX_NESTING`.
    refused: Option<rosetta_wire::Error>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// The largest scratch buffer kept between calls.
const SCRATCH_KEEP: usize = 1 << 20;

/// Runs `f` with the wire bytes of `handle`'s object, encoded now unless the scratch holds them;
/// an error instead (set for `Schema_GetError`) when they nest past `MAX_NESTING`, counted as
/// `Schema_MergeFromBuffer` counts them, so that nothing is written that it would refuse.
fn with_bytes<T>(handle: &SchemaObject, f: impl FnOnce(&[u8]) -> T) -> Option<T> {
    SCRATCH.with(|scratch| {
        let mut scratch = scratch.borrow_mut();
        let object = handle.object();
        let key = (object as *const Object, handle.ctx().stamp());
        if scratch.of != Some(key) {
            scratch.bytes.clear();
            object.encode_to(&mut scratch.bytes);
            scratch.of = Some(key);
            // Written as a root (an update's events object: as its payloads).
            let level = handle.level().min(1);
            scratch.refused = Object::check_bytes_nesting(&scratch.bytes, level).err();
        }
        if let Some(error) = &scratch.refused {
            handle.ctx().set_error(Error::from(error.clone()));
            return None;
        }
        let result = Some(f(&scratch.bytes));
        if scratch.bytes.capacity() > SCRATCH_KEEP {
            *scratch = Scratch::default();
        }
        result
    })
}

/// `Schema_GetWriteBufferLength`: the length of the object's wire bytes (0 for NULL, and for an
/// object larger than 4 GiB or nested past `MAX_NESTING`, with an error).
#[no_mangle]
pub unsafe extern "C" fn Schema_GetWriteBufferLength(object: *const Schema_Object) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return 0;
        };
        let Some(length) = with_bytes(handle, <[u8]>::len) else {
            return 0;
        };
        u32::try_from(length).unwrap_or_else(|_| {
            handle.ctx().set_error(Error::TooLarge(length));
            0
        })
    })
}

/// `Schema_SerializeToBuffer`: writes the object's wire bytes (exactly what `rosetta-wire`
/// writes) to `buffer`, whose `length` must be `Schema_GetWriteBufferLength`'s. 1 on success;
/// 0 with an error for `Schema_GetError` when the length differs or the object nests past
/// `MAX_NESTING` (nothing is written).
#[no_mangle]
pub unsafe extern "C" fn Schema_SerializeToBuffer(
    object: *const Schema_Object,
    buffer: *mut u8,
    length: u32,
) -> u8 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return 0;
        };
        with_bytes(handle, |bytes| {
            if bytes.len() != length as usize {
                handle.ctx().set_error(Error::BufferLength {
                    given: length,
                    needed: bytes.len(),
                });
                return 0;
            }
            // SAFETY: the header's contract: `length` bytes of room at `buffer`.
            match unsafe { slice_mut(buffer, bytes.len()) } {
                Some(out) => {
                    out.copy_from_slice(bytes);
                    1
                }
                None => {
                    handle.ctx().set_error(Error::Null("buffer".into()));
                    0
                }
            }
        })
        .unwrap_or(0)
    })
}

/// `Schema_GetError`: the most recent error of any object of `object`'s root, owned by the
/// root and replaced by the next error; NULL when there was none (and for NULL).
#[no_mangle]
pub unsafe extern "C" fn Schema_GetError(object: *const Schema_Object) -> *const c_char {
    guard(std::ptr::null(), || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }.map_or(std::ptr::null(), |h| h.ctx().error_ptr())
    })
}

/// `Schema_GetUniqueFieldIdCount`: how many distinct field ids the object holds.
#[no_mangle]
pub unsafe extern "C" fn Schema_GetUniqueFieldIdCount(object: *const Schema_Object) -> u32 {
    guard(0, || {
        // SAFETY: the header's contract on `object`.
        unsafe { handle(object) }.map_or(0, |h| h.object().unique_field_ids().len() as u32)
    })
}

/// `Schema_GetUniqueFieldIds`: the distinct field ids, ascending, into `buffer` (room for
/// `Schema_GetUniqueFieldIdCount` ids).
#[no_mangle]
pub unsafe extern "C" fn Schema_GetUniqueFieldIds(object: *const Schema_Object, buffer: *mut u32) {
    guard((), || {
        // SAFETY: the header's contract on `object`.
        let Some(handle) = (unsafe { handle(object) }) else {
            return;
        };
        let ids = handle.object().unique_field_ids();
        // SAFETY: the header's contract: room for every id.
        match unsafe { slice_mut(buffer, ids.len()) } {
            Some(out) => out.copy_from_slice(&ids),
            None => handle.ctx().set_error(Error::Null("buffer".into())),
        }
    })
}
