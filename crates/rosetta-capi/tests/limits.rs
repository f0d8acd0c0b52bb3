//! The limits of the C functions (issue 27, items 11 and 12): objects nest at most
//! `MAX_NESTING` levels whichever way they come in (Schema_AddObject, Schema_MergeFromBuffer,
//! Schema_ShallowCopy, bytes read as objects) and are refused on writing past it; field ids no tag
//! can carry are refused when added. Through the extern functions, as C calls them.

use std::ffi::CStr;

use rosetta_capi::*;
use rosetta_types::MAX_NESTING;
use rosetta_wire::encoding::{put_varint, MAX_FIELD_ID};
use rosetta_wire::family::Int32;
use rosetta_wire::Object;

/// The error of `object`'s root, as text ("" for none).
unsafe fn error(object: *const Schema_Object) -> String {
    // SAFETY: the caller's object; the error is owned by its root.
    let text = unsafe { Schema_GetError(object) };
    if text.is_null() {
        return String::new();
    }
    // SAFETY: a NUL-terminated string of the root.
    unsafe { CStr::from_ptr(text) }
        .to_string_lossy()
        .into_owned()
}

/// Wire bytes of `levels` objects, each in field 1 of the one above, the deepest holding 7 at
/// field 2; written from the outside in, in linear time.
fn chain_bytes(levels: usize) -> Vec<u8> {
    // The length of each object, the deepest first.
    let mut lengths = vec![2usize];
    for _ in 1..levels {
        let inner = lengths[lengths.len() - 1];
        let mut prefix = Vec::new();
        put_varint(&mut prefix, inner as u64);
        lengths.push(1 + prefix.len() + inner);
    }
    let mut bytes = Vec::with_capacity(lengths[lengths.len() - 1]);
    for inner in lengths.iter().rev().skip(1) {
        bytes.push(0x0a);
        put_varint(&mut bytes, *inner as u64);
    }
    bytes.extend_from_slice(&[0x10, 0x07]);
    bytes
}

/// The object's wire bytes through the C functions; `None` when refused.
unsafe fn serialize(object: *const Schema_Object) -> Option<Vec<u8>> {
    // SAFETY: the caller's object.
    unsafe {
        let length = Schema_GetWriteBufferLength(object);
        let mut out = vec![0u8; length as usize];
        (Schema_SerializeToBuffer(object, out.as_mut_ptr(), length) == 1).then_some(out)
    }
}

/// Calls Schema_AddObject `attempts` times down one chain from `object`, each on the object the
/// last call returned; the handles returned, up to the first NULL.
unsafe fn add_chain(object: *mut Schema_Object, attempts: usize) -> Vec<*mut Schema_Object> {
    let mut handles = Vec::new();
    let mut at = object;
    for _ in 0..attempts {
        // SAFETY: `at` is the caller's object or one the library returned, or NULL.
        at = unsafe { Schema_AddObject(at, 1) };
        if at.is_null() {
            break;
        }
        handles.push(at);
    }
    handles
}

#[test]
fn merging_bytes_past_the_limit_is_refused_and_changes_nothing() {
    // SAFETY: pointers from the library, used while their root lives.
    unsafe {
        let data = Schema_CreateGenericData();
        let root = Schema_GetGenericDataObject(data);
        Schema_AddInt32(root, 5, 1);
        let deep = chain_bytes(100_000);
        let merged = Schema_MergeFromBuffer(root, deep.as_ptr(), deep.len() as u32);
        assert_eq!(merged, 0);
        assert_eq!(
            error(root),
            format!(
                "nesting deeper than 100 object levels (at byte {})",
                // The object at level 101 is 100 levels of tag and length above the deepest.
                deep.len() - chain_bytes(100_000 - MAX_NESTING).len()
            )
        );
        assert_eq!(Schema_GetUniqueFieldIdCount(root), 1);
        assert_eq!(Schema_GetObjectCount(root, 1), 0);
        // At the limit the bytes read; merged one level down they are one level too deep.
        let at_limit = chain_bytes(MAX_NESTING);
        assert_eq!(
            Schema_MergeFromBuffer(root, at_limit.as_ptr(), at_limit.len() as u32),
            1
        );
        let below = Schema_AddObject(root, 9);
        assert_eq!(
            Schema_MergeFromBuffer(below, at_limit.as_ptr(), at_limit.len() as u32),
            0
        );
        assert!(error(root).starts_with("nesting deeper than 100 object levels"));
        assert_eq!(Schema_GetUniqueFieldIdCount(below), 0);
        // What was merged is read to its deepest object and written back whole.
        let mut at = root;
        for _ in 1..MAX_NESTING {
            at = Schema_GetObject(at, 1);
        }
        assert_eq!(Schema_GetInt32(at, 2), 7);
        let copy = Schema_CopyGenericData(data);
        Schema_DestroyGenericData(data);
        let bytes = serialize(Schema_GetGenericDataObject(copy)).expect("at the limit");
        let read = Object::decode(&bytes).unwrap();
        assert_eq!(read.get::<Int32>(5), 1);
        assert_eq!(read.bytes(1), Object::decode(&at_limit).unwrap().bytes(1));
        Schema_DestroyGenericData(copy);
    }
}

#[test]
fn add_object_stops_at_the_limit_and_the_chain_copies_clears_and_writes() {
    // SAFETY: pointers from the library, used while their root lives.
    unsafe {
        let data = Schema_CreateComponentData();
        let fields = Schema_GetComponentDataFields(data);
        let chain = add_chain(fields, 50_000);
        // Levels 2 to 100.
        assert_eq!(chain.len(), MAX_NESTING - 1);
        assert_eq!(
            error(fields),
            "nesting deeper than 100 object levels (Schema_AddObject on an object at level 100)"
        );
        let deepest = chain[chain.len() - 1];
        assert_eq!(Schema_GetObjectCount(deepest, 1), 0);
        Schema_AddInt32(deepest, 2, 7);
        let bytes = serialize(fields).expect("at the limit");
        assert_eq!(bytes, chain_bytes(MAX_NESTING));
        let copy = Schema_CopyComponentData(data);
        assert_eq!(
            serialize(Schema_GetComponentDataFields(copy)).as_deref(),
            Some(&bytes[..])
        );
        Schema_DestroyComponentData(copy);
        // Cleared, the handles stay valid, each now a level of a copy no field holds: the
        // deepest is at level 99 there, so it takes one more object.
        Schema_Clear(fields);
        assert_eq!(Schema_GetUniqueFieldIdCount(fields), 0);
        assert_eq!(Schema_GetInt32(deepest, 2), 7);
        let detached = chain[0];
        assert_eq!(Schema_GetObject(detached, 1), chain[1]);
        assert!(!Schema_AddObject(deepest, 1).is_null());
        assert!(Schema_AddObject(Schema_GetObject(deepest, 1), 1).is_null());
        Schema_DestroyComponentData(data);
    }
}

#[test]
fn copies_and_bytes_that_would_go_past_the_limit_are_refused() {
    // SAFETY: pointers from the library, used while their root lives.
    unsafe {
        let data = Schema_CreateGenericData();
        let root = Schema_GetGenericDataObject(data);
        // An orphan chain of 100 levels fits in the root, not one level down.
        let orphan = Schema_AllocateObject(root);
        let chain = add_chain(orphan, MAX_NESTING);
        assert_eq!(chain.len(), MAX_NESTING - 1);
        let below = Schema_AddObject(root, 3);
        Schema_ShallowCopy(orphan, below);
        assert_eq!(Schema_GetUniqueFieldIdCount(below), 0);
        assert_eq!(
            error(root),
            format!(
                "nesting deeper than 100 object levels (at {})",
                "/1/0".repeat(99)
            )
        );
        Schema_ShallowCopyField(orphan, below, 1);
        assert_eq!(Schema_GetUniqueFieldIdCount(below), 0);
        Schema_ShallowCopy(orphan, root);
        assert_eq!(Schema_GetObjectCount(root, 1), 1);

        // Bytes that read as 101 levels are taken as bytes, but not written, nor read as
        // objects past the limit.
        let other = Schema_CreateGenericData();
        let object = Schema_GetGenericDataObject(other);
        let deep = chain_bytes(MAX_NESTING);
        Schema_AddBytes(object, 1, deep.as_ptr(), deep.len() as u32);
        assert_eq!(Schema_GetWriteBufferLength(object), 0);
        assert!(error(object).starts_with("nesting deeper than 100 object levels (at byte "));
        let mut buffer = [0u8; 8];
        assert_eq!(Schema_SerializeToBuffer(object, buffer.as_mut_ptr(), 0), 0);
        let mut at = object;
        for _ in 1..MAX_NESTING {
            at = Schema_GetObject(at, 1);
            assert_eq!(Schema_GetObjectCount(at, 1), 1);
        }
        let past = Schema_GetObject(at, 1);
        assert_eq!(
            error(object),
            "nesting deeper than 100 object levels (Schema_GetObject on an object at level 100)"
        );
        assert_eq!(Schema_GetUniqueFieldIdCount(past), 0);
        assert_eq!(
            Schema_GetUniqueFieldIdCount(Schema_IndexObject(at, 1, 0)),
            0
        );
        // The bytes there are still the bytes.
        assert_eq!(Schema_GetBytesLength(at, 1), 2);
        Schema_DestroyGenericData(other);
        Schema_DestroyGenericData(data);
    }
}

#[test]
fn each_event_payload_is_a_root_of_its_own() {
    // SAFETY: pointers from the library, used while their root lives.
    unsafe {
        let update = Schema_CreateComponentUpdate();
        let events = Schema_GetComponentUpdateEvents(update);
        let payload = Schema_AddObject(events, 1);
        assert_eq!(add_chain(payload, 50_000).len(), MAX_NESTING - 1);
        let bytes = chain_bytes(MAX_NESTING);
        let mut wrapped = vec![0x0a];
        put_varint(&mut wrapped, bytes.len() as u64);
        wrapped.extend_from_slice(&bytes);
        assert_eq!(
            Schema_MergeFromBuffer(events, wrapped.as_ptr(), wrapped.len() as u32),
            1
        );
        assert_eq!(Schema_GetObjectCount(events, 1), 2);
        Schema_DestroyComponentUpdate(update);
    }
}

#[test]
fn field_ids_no_tag_can_carry_are_refused_when_added() {
    // SAFETY: pointers from the library, used while their root lives.
    unsafe {
        let data = Schema_CreateCommandRequest();
        let object = Schema_GetCommandRequestObject(data);
        for id in [0, MAX_FIELD_ID + 1, u32::MAX] {
            let message = format!("invalid field id {id}: field ids go from 1 to 536870911");
            Schema_AddInt32(object, id, 1);
            assert_eq!(error(object), message);
            Schema_AddDouble(object, 1, 0.5);
            Schema_AddBool(object, id, 1);
            assert_eq!(error(object), message);
            Schema_AddFloatList(object, 1, [1.0f32].as_ptr(), 1);
            Schema_AddFloatList(object, id, [1.0f32, 2.0].as_ptr(), 2);
            assert_eq!(error(object), message);
            Schema_AddBytes(object, 1, b"x".as_ptr(), 1);
            Schema_AddBytes(object, id, b"x".as_ptr(), 1);
            assert_eq!(error(object), message);
            Schema_AddObject(object, 1);
            assert!(Schema_AddObject(object, id).is_null());
            assert_eq!(error(object), message);
        }
        let mut ids = [0u32; 4];
        assert_eq!(Schema_GetUniqueFieldIdCount(object), 1);
        Schema_GetUniqueFieldIds(object, ids.as_mut_ptr());
        assert_eq!(ids[0], 1);
        // The ids at both ends are written and read back.
        Schema_AddInt32(object, MAX_FIELD_ID, 9);
        let bytes = serialize(object).expect("written");
        let read = Object::decode(&bytes).expect("what is written reads");
        assert_eq!(read.get::<Int32>(MAX_FIELD_ID), 9);
        Schema_DestroyCommandRequest(data);

        let update = Schema_CreateComponentUpdate();
        let fields = Schema_GetComponentUpdateFields(update);
        Schema_AddComponentUpdateClearedField(update, 0);
        assert_eq!(Schema_GetComponentUpdateClearedFieldCount(update), 0);
        assert_eq!(
            error(fields),
            "invalid field id 0: field ids go from 1 to 536870911"
        );
        Schema_AddComponentUpdateClearedField(update, 3);
        assert_eq!(Schema_GetComponentUpdateClearedFieldCount(update), 1);
        Schema_DestroyComponentUpdate(update);
    }
}
