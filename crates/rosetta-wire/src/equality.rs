//! Equality of [`Object`]s: two objects are equal when they read the same. Packed and
//! unpacked runs of the same numeric values are equal, in one run or several; the order of
//! top-level fields does not matter; nested objects compare by their bytes.

use std::ops::ControlFlow;

use bytes::Bytes;

use crate::encoding::get_varint;
use crate::family::ScalarWire;
use crate::object::{Field, Item, Object};
use crate::scalar::each_bits;

impl Object {
    /// The object's fields in a canonical form for comparison: sorted by id, each field as
    /// [`canonical_field`] writes it.
    fn canonical(&self) -> Vec<(u32, Vec<u8>)> {
        self.unique_field_ids()
            .into_iter()
            .map(|id| (id, canonical_field(self, id)))
            .collect()
    }

    /// Whether a field has the same occurrences in both objects.
    pub fn field_equals(&self, other: &Object, id: u32) -> bool {
        canonical_field(self, id) == canonical_field(other, id)
    }
}

/// The bytes of a field in the form that equality compares: what [`Field::encode`] writes for
/// its occurrences, except that a field holding scalars reads its length-delimited occurrences
/// as packed runs of them (as a numeric list field's getters do) and is written as all of its
/// values packed together. So packed and unpacked runs of the same values are equal, whatever
/// runs they came in. A field with no scalar occurrence is compared occurrence by occurrence:
/// without a schema, two length-delimited values may be two strings as well as two runs.
fn canonical_field(object: &Object, id: u32) -> Vec<u8> {
    let field = match packed_values(object, id) {
        Some(values) => Field {
            id,
            items: smallvec::smallvec![values],
        },
        None => Field {
            id,
            items: object.items(id).map(canonical_item).collect(),
        },
    };
    let mut out = Vec::new();
    field.encode(&mut out);
    out
}

/// All the values of a field that holds scalars of one layout and, besides them, only
/// length-delimited values that are whole packed runs of that layout; `None` for any other.
fn packed_values(object: &Object, id: u32) -> Option<Item> {
    let mut wire = None;
    for item in object.items(id) {
        let w = match item {
            Item::Scalar(w, _) => *w,
            Item::Varints(_) => ScalarWire::Varint,
            Item::Fixed32s(_) => ScalarWire::Fixed32,
            Item::Fixed64s(_) => ScalarWire::Fixed64,
            Item::Bytes(..) | Item::Object(_) => continue,
        };
        if wire.is_some_and(|seen| seen != w) {
            return None;
        }
        wire = Some(w);
    }
    let wire = wire?;
    let mut values = Vec::new();
    for item in object.items(id) {
        match item {
            Item::Bytes(bytes, _) => unpack(bytes, wire, &mut values)?,
            Item::Object(_) => return None,
            scalars => {
                let _ = each_bits(scalars, wire, &mut |bits| {
                    values.push(bits);
                    ControlFlow::Continue(())
                });
            }
        }
    }
    Some(match wire {
        ScalarWire::Varint => Item::Varints(values),
        ScalarWire::Fixed32 => Item::Fixed32s(values.into_iter().map(|v| v as u32).collect()),
        ScalarWire::Fixed64 => Item::Fixed64s(values),
    })
}

/// Appends the values of a packed run; `None` when the bytes are not a whole run.
fn unpack(bytes: &[u8], wire: ScalarWire, out: &mut Vec<u64>) -> Option<()> {
    match wire {
        ScalarWire::Varint => {
            let mut pos = 0;
            while pos < bytes.len() {
                out.push(get_varint(bytes, &mut pos).ok()?);
            }
        }
        ScalarWire::Fixed32 if bytes.len() % 4 == 0 => {
            let words = bytes.chunks_exact(4);
            out.extend(words.map(|c| u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]]))));
        }
        ScalarWire::Fixed64 if bytes.len() % 8 == 0 => {
            for c in bytes.chunks_exact(8) {
                let mut word = [0u8; 8];
                word.copy_from_slice(c);
                out.push(u64::from_le_bytes(word));
            }
        }
        _ => return None,
    }
    Some(())
}

/// Nested objects compare by their bytes, so an object read from bytes equals the same object
/// built in memory (a length-delimited value cannot be told from an object without a schema).
fn canonical_item(item: &Item) -> Item {
    match item {
        Item::Object(o) => Item::raw(Bytes::from(o.encode())),
        other => other.clone(),
    }
}

/// Equal when the objects read the same: every field has the same occurrences, whatever the
/// order of the top-level fields (inside nested objects, field order is part of the bytes and
/// so of equality), and numeric values are equal whether they were written packed or not, in
/// one run or several.
impl PartialEq for Object {
    fn eq(&self, other: &Self) -> bool {
        self.canonical() == other.canonical()
    }
}

#[cfg(test)]
mod tests {
    use crate::family::*;
    use crate::Object;

    #[test]
    fn runs_of_a_field_read_the_same_however_they_were_written() {
        // Field 8 = 64, 86, then field 10, then field 8 = 68 (the fuzzer's case).
        let split = [0x40, 0x40, 0x40, 0x56, 0x50, 0x44, 0x40, 0x44];
        let first = Object::decode(&split).unwrap();
        assert_eq!(first.list::<Uint32>(8), [64, 86, 68]);
        // The field is written as one run, where it first occurred.
        let bytes = first.encode();
        assert_eq!(bytes, [0x42, 0x03, 0x40, 0x56, 0x44, 0x50, 0x44]);
        let again = Object::decode(&bytes).unwrap();
        assert_eq!(again, first);
        assert_eq!(again.list::<Uint32>(8), [64, 86, 68]);
        assert_eq!(again.field_ids().collect::<Vec<_>>(), [8, 10]);
        // A packed run, then a plain value of the same field: the same list.
        let mixed = Object::decode(&[0x42, 0x02, 0x40, 0x56, 0x50, 0x44, 0x40, 0x44]).unwrap();
        assert_eq!(mixed.list::<Uint32>(8), [64, 86, 68]);
        assert_eq!(mixed, first);
        assert!(mixed.field_equals(&first, 8));
        assert_eq!(Object::decode(&mixed.encode()).unwrap(), mixed);
        // Two packed runs of one field, apart: one run.
        let runs = Object::decode(&[0x0a, 0x01, 0x01, 0x10, 0x05, 0x0a, 0x01, 0x02]).unwrap();
        assert_eq!(runs.list::<Uint32>(1), [1, 2]);
        let mut built = Object::new();
        built.add_list::<Uint32>(1, &[1, 2]);
        built.add::<Uint32>(2, 5);
        // Without a scalar to say so, two length-delimited values may be two strings.
        assert_ne!(runs, built);
        // Fixed-width values alike.
        let floats = Object::decode(&[0x0d, 0, 0, 0x80, 0x3f, 0x10, 0x01, 0x0d, 0, 0, 0, 0x40]);
        let floats = floats.unwrap();
        assert_eq!(floats.list::<Float>(1), [1.0, 2.0]);
        let back = Object::decode(&floats.encode()).unwrap();
        assert_eq!(back, floats);
        assert_eq!(back.list::<Float>(1), [1.0, 2.0]);
        // Length-delimited values that are no packed run stay apart.
        let odd = Object::decode(&[0x0a, 0x01, 0x80, 0x08, 0x01]).unwrap();
        assert_ne!(odd, Object::decode(&[0x08, 0x00, 0x08, 0x01]).unwrap());
        assert_eq!(Object::decode(&odd.encode()).unwrap(), odd);
    }
}
