//! Arbitrary bytes as schema data: decoding an object, reading every field through every kind
//! of getter, re-encoding, and decoding an update envelope must never panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_wire::family::{Double, Float, Sint64, Uint32};
use rosetta_wire::{ComponentUpdate, Object};

fuzz_target!(|data: &[u8]| {
    // The schema-less nesting check reads any bytes, however deep, without recursion.
    let _ = Object::check_bytes_nesting(data, 1);
    if let Ok(object) = Object::decode(data) {
        let _ = object.check_nesting(1);
        for id in object.unique_field_ids() {
            let _ = object.list::<Uint32>(id);
            let _ = object.list::<Float>(id);
            let _ = object.get::<Double>(id);
            let _ = object.index::<Sint64>(id, 3);
            if let Ok(nested) = object.objects(id) {
                for inner in nested {
                    let _ = inner.encode();
                }
            }
        }
        let again = Object::decode(&object.encode()).ok();
        assert_eq!(again.as_ref(), Some(&object));
    }
    let _ = ComponentUpdate::decode(data);
});
