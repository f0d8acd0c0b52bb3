//! Property test: any sequence of edits made through the C functions gives the bytes and the
//! reads that the same edits give through rosetta-wire's `Object`, and reading those bytes back
//! through `Schema_MergeFromBuffer` gives the same reads again.

use proptest::prelude::*;
use rosetta_capi::*;
use rosetta_wire::family::*;
use rosetta_wire::Object;

/// One edit of the current object (a path of nested objects from the root).
#[derive(Debug, Clone)]
enum Op {
    /// Adds one value of a family (0..6: Int32, Sint64, Fixed32, Double, Bool, Uint64).
    Scalar(u8, u32, u64),
    /// Adds a list of values of a family.
    List(u8, u32, Vec<u64>),
    Bytes(u32, Vec<u8>),
    /// Adds an object and makes it the current one.
    Enter(u32),
    /// Goes back to the parent.
    Leave,
    Clear(u32),
}

fn op() -> impl Strategy<Value = Op> {
    let id = 1u32..6;
    prop_oneof![
        4 => (0u8..6, id.clone(), any::<u64>()).prop_map(|(f, i, v)| Op::Scalar(f, i, v)),
        2 => (0u8..6, id.clone(), prop::collection::vec(any::<u64>(), 0..5))
            .prop_map(|(f, i, v)| Op::List(f, i, v)),
        1 => (id.clone(), prop::collection::vec(any::<u8>(), 0..6)).prop_map(|(i, b)| Op::Bytes(i, b)),
        1 => id.clone().prop_map(Op::Enter),
        1 => Just(Op::Leave),
        1 => id.prop_map(Op::Clear),
    ]
}

/// The object at `path` (field id, index among the field's objects) below `root`.
fn at<'a>(root: &'a mut Object, path: &[(u32, usize)]) -> &'a mut Object {
    let mut object = root;
    for &(id, index) in path {
        object = object
            .index_object_mut(id, index)
            .expect("built in memory")
            .expect("on the path");
    }
    object
}

fn rust_scalar(o: &mut Object, family: u8, id: u32, v: u64) {
    match family {
        0 => o.add::<Int32>(id, v as i32),
        1 => o.add::<Sint64>(id, v as i64),
        2 => o.add::<Fixed32>(id, v as u32),
        3 => o.add::<Double>(id, f64::from_bits(v)),
        4 => o.add::<Bool>(id, v % 2 == 1),
        _ => o.add::<Uint64>(id, v),
    }
}

/// Applies one edit through the C functions.
///
/// # Safety
/// `o` is a live object.
unsafe fn c_scalar(o: *mut Schema_Object, family: u8, id: u32, v: u64) {
    // SAFETY: the caller's contract.
    unsafe {
        match family {
            0 => Schema_AddInt32(o, id, v as i32),
            1 => Schema_AddSint64(o, id, v as i64),
            2 => Schema_AddFixed32(o, id, v as u32),
            3 => Schema_AddDouble(o, id, f64::from_bits(v)),
            4 => Schema_AddBool(o, id, (v % 2) as u8),
            _ => Schema_AddUint64(o, id, v),
        }
    }
}

/// Every read of every family and of bytes and objects, for ids 1..6, through C.
///
/// # Safety
/// `o` is a live object.
unsafe fn c_reads(o: *mut Schema_Object) -> Vec<String> {
    let mut reads = Vec::new();
    // SAFETY: the caller's contract.
    unsafe {
        for id in 1..6 {
            reads.push(format!(
                "{id}: i32 {} {} s64 {} {} f32 {} {} d {:?} b {} u64 {} {} bytes {} {} objects {}",
                Schema_GetInt32Count(o, id),
                Schema_GetInt32(o, id),
                Schema_GetSint64Count(o, id),
                Schema_GetSint64(o, id),
                Schema_GetFixed32Count(o, id),
                Schema_IndexFixed32(o, id, 1),
                Schema_GetDouble(o, id).to_bits(),
                Schema_GetBool(o, id),
                Schema_GetUint64Count(o, id),
                Schema_GetUint64(o, id),
                Schema_GetBytesCount(o, id),
                Schema_GetBytesLength(o, id),
                Schema_GetObjectCount(o, id),
            ));
        }
    }
    reads
}

/// The same reads through rosetta-wire.
fn rust_reads(o: &Object) -> Vec<String> {
    (1..6)
        .map(|id| {
            format!(
                "{id}: i32 {} {} s64 {} {} f32 {} {} d {:?} b {} u64 {} {} bytes {} {} objects {}",
                o.count::<Int32>(id),
                o.get::<Int32>(id),
                o.count::<Sint64>(id),
                o.get::<Sint64>(id),
                o.count::<Fixed32>(id),
                o.index::<Fixed32>(id, 1),
                o.get::<Double>(id).to_bits(),
                u8::from(o.get::<Bool>(id)),
                o.count::<Uint64>(id),
                o.get::<Uint64>(id),
                o.bytes_count(id),
                o.bytes_length(id),
                o.object_count(id),
            )
        })
        .collect()
}

/// The object's wire bytes through C.
///
/// # Safety
/// `o` is a live object.
unsafe fn c_bytes(o: *mut Schema_Object) -> Vec<u8> {
    // SAFETY: the caller's contract.
    unsafe {
        let mut bytes = vec![0; Schema_GetWriteBufferLength(o) as usize];
        assert_eq!(
            Schema_SerializeToBuffer(o, bytes.as_mut_ptr(), bytes.len() as u32),
            1
        );
        bytes
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn c_edits_equal_rosetta_wire_edits(ops in prop::collection::vec(op(), 0..40)) {
        let mut rust = Object::new();
        let mut path: Vec<(u32, usize)> = Vec::new();
        // SAFETY: every pointer comes from the library and the roots live through the test.
        unsafe {
            let data = Schema_CreateGenericData();
            let mut stack = vec![Schema_GetGenericDataObject(data)];
            for op in &ops {
                let c = *stack.last().expect("the root stays");
                let r = at(&mut rust, &path);
                match op {
                    Op::Scalar(f, id, v) => {
                        c_scalar(c, *f, *id, *v);
                        rust_scalar(r, *f, *id, *v);
                    }
                    Op::List(f, id, values) => match f {
                        0 => {
                            let v: Vec<i32> = values.iter().map(|v| *v as i32).collect();
                            Schema_AddInt32List(c, *id, v.as_ptr(), v.len() as u32);
                            r.add_list::<Int32>(*id, &v);
                        }
                        2 => {
                            let v: Vec<u32> = values.iter().map(|v| *v as u32).collect();
                            Schema_AddFixed32List(c, *id, v.as_ptr(), v.len() as u32);
                            r.add_list::<Fixed32>(*id, &v);
                        }
                        3 => {
                            let v: Vec<f64> = values.iter().map(|v| f64::from_bits(*v)).collect();
                            Schema_AddDoubleList(c, *id, v.as_ptr(), v.len() as u32);
                            r.add_list::<Double>(*id, &v);
                        }
                        _ => {
                            Schema_AddUint64List(c, *id, values.as_ptr(), values.len() as u32);
                            r.add_list::<Uint64>(*id, values);
                        }
                    },
                    Op::Bytes(id, bytes) => {
                        Schema_AddBytes(c, *id, bytes.as_ptr(), bytes.len() as u32);
                        r.add_bytes(*id, bytes);
                    }
                    Op::Enter(id) => {
                        let index = r.object_count(*id);
                        r.add_object(*id);
                        stack.push(Schema_AddObject(c, *id));
                        path.push((*id, index));
                    }
                    Op::Leave => {
                        if stack.len() > 1 {
                            stack.pop();
                            path.pop();
                        }
                    }
                    Op::Clear(id) => {
                        Schema_ClearField(c, *id);
                        r.clear_field(*id);
                    }
                }
            }
            let root = stack[0];
            let bytes = c_bytes(root);
            prop_assert_eq!(&bytes, &rust.encode());
            prop_assert_eq!(c_reads(root), rust_reads(&rust));

            // Read back through C: the same reads as the Rust object read from the bytes.
            let read = Schema_CreateGenericData();
            let object = Schema_GetGenericDataObject(read);
            prop_assert_eq!(Schema_MergeFromBuffer(object, bytes.as_ptr(), bytes.len() as u32), 1);
            let decoded = Object::decode(&bytes).expect("decodes");
            prop_assert_eq!(c_reads(object), rust_reads(&decoded));
            prop_assert_eq!(c_bytes(object), decoded.encode());
            Schema_DestroyGenericData(read);
            Schema_DestroyGenericData(data);
        }
    }
}
