//! Reading and writing an [`Object`] as protobuf wire bytes, as the SpatialOS SDK did.

use std::collections::HashMap;

use bytes::Bytes;

use crate::encoding::{
    get_fixed, get_len, get_tag, get_varint, put_tag, put_varint, varint_len, WireType,
};
use crate::error::Result;
use crate::family::ScalarWire;
use crate::object::{Field, Item, Object};

impl ScalarWire {
    #[inline]
    fn wire_type(self) -> WireType {
        match self {
            ScalarWire::Varint => WireType::Varint,
            ScalarWire::Fixed32 => WireType::Fixed32,
            ScalarWire::Fixed64 => WireType::Fixed64,
        }
    }

    #[inline]
    fn value_len(self, bits: u64) -> usize {
        match self {
            ScalarWire::Varint => varint_len(bits),
            ScalarWire::Fixed32 => 4,
            ScalarWire::Fixed64 => 8,
        }
    }

    #[inline]
    fn put(self, out: &mut Vec<u8>, bits: u64) {
        match self {
            ScalarWire::Varint => put_varint(out, bits),
            ScalarWire::Fixed32 => out.extend_from_slice(&(bits as u32).to_le_bytes()),
            ScalarWire::Fixed64 => out.extend_from_slice(&bits.to_le_bytes()),
        }
    }
}

/// The wire layout and number of values of a field entry whose items are all scalars of one
/// layout; `None` when it holds anything length-delimited or mixes layouts.
fn scalar_run(items: &[Item]) -> Option<(ScalarWire, usize)> {
    let mut wire = None;
    let mut count = 0;
    for item in items {
        let (w, n) = match item {
            Item::Scalar(w, _) => (*w, 1),
            Item::Varints(v) => (ScalarWire::Varint, v.len()),
            Item::Fixed32s(v) => (ScalarWire::Fixed32, v.len()),
            Item::Fixed64s(v) => (ScalarWire::Fixed64, v.len()),
            Item::Bytes(..) | Item::Object(_) => return None,
        };
        if wire.is_some_and(|seen| seen != w) {
            return None;
        }
        wire = Some(w);
        count += n;
    }
    wire.map(|w| (w, count))
}

/// The payload length of the values of a scalar run.
fn scalars_len(items: &[Item], wire: ScalarWire, count: usize) -> usize {
    match wire {
        ScalarWire::Fixed32 => 4 * count,
        ScalarWire::Fixed64 => 8 * count,
        ScalarWire::Varint => items
            .iter()
            .map(|item| match item {
                Item::Scalar(_, bits) => varint_len(*bits),
                Item::Varints(v) => v.iter().map(|b| varint_len(*b)).sum(),
                _ => 0,
            })
            .sum(),
    }
}

fn put_scalars(out: &mut Vec<u8>, items: &[Item], wire: ScalarWire) {
    for item in items {
        match item {
            Item::Scalar(w, bits) => w.put(out, *bits),
            Item::Varints(v) => v.iter().for_each(|b| put_varint(out, *b)),
            Item::Fixed32s(v) => {
                // One resize and a loop the compiler turns into a copy.
                let start = out.len();
                out.resize(start + v.len() * 4, 0);
                for (dst, b) in out[start..].chunks_exact_mut(4).zip(v) {
                    dst.copy_from_slice(&b.to_le_bytes());
                }
            }
            Item::Fixed64s(v) => {
                // One resize and a loop the compiler turns into a copy.
                let start = out.len();
                out.resize(start + v.len() * 8, 0);
                for (dst, b) in out[start..].chunks_exact_mut(8).zip(v) {
                    dst.copy_from_slice(&b.to_le_bytes());
                }
            }
            Item::Bytes(..) | Item::Object(_) => {}
        }
        let _ = wire;
    }
}

impl Field {
    /// The length of the field when it is written whole, without a nested object: one scalar,
    /// or a packed run of two or more. `None` otherwise (then it is written item by item).
    #[inline]
    fn run_len(&self) -> Option<usize> {
        let tag = varint_len(u64::from(self.id) << 3);
        // The common case: one value.
        if let [Item::Scalar(w, bits)] = self.items.as_slice() {
            return Some(tag + w.value_len(*bits));
        }
        match scalar_run(&self.items) {
            Some((wire, count)) if count >= 2 => {
                let payload = scalars_len(&self.items, wire, count);
                Some(tag + varint_len(payload as u64) + payload)
            }
            _ => None,
        }
    }

    /// Writes the field whole when [`Field::run_len`] says it is a run; false otherwise.
    #[inline]
    fn put_run(&self, out: &mut Vec<u8>) -> bool {
        // The common case: one value.
        if let [Item::Scalar(w, bits)] = self.items.as_slice() {
            put_tag(out, self.id, w.wire_type());
            w.put(out, *bits);
            return true;
        }
        match scalar_run(&self.items) {
            Some((wire, count)) if count >= 2 => {
                put_tag(out, self.id, WireType::Len);
                put_varint(out, scalars_len(&self.items, wire, count) as u64);
                put_scalars(out, &self.items, wire);
                true
            }
            _ => false,
        }
    }

    /// Writes the field (an object in it through [`Object::encode`], which takes no recursion).
    pub(crate) fn encode(&self, out: &mut Vec<u8>) {
        if self.put_run(out) {
            return;
        }
        for item in &self.items {
            match item {
                Item::Object(o) => {
                    put_tag(out, self.id, WireType::Len);
                    let bytes = o.encode();
                    put_varint(out, bytes.len() as u64);
                    out.extend_from_slice(&bytes);
                }
                flat => put_item(out, self.id, flat),
            }
        }
    }
}

/// The length of one occurrence other than an object, written on its own.
fn item_len(tag: usize, item: &Item) -> usize {
    match item {
        Item::Scalar(w, bits) => tag + w.value_len(*bits),
        Item::Varints(v) => v.iter().map(|b| tag + varint_len(*b)).sum(),
        Item::Fixed32s(v) => v.len() * (tag + 4),
        Item::Fixed64s(v) => v.len() * (tag + 8),
        Item::Bytes(b, _) => tag + varint_len(b.len() as u64) + b.len(),
        Item::Object(_) => 0,
    }
}

/// Writes one occurrence other than an object on its own.
fn put_item(out: &mut Vec<u8>, id: u32, item: &Item) {
    match item {
        Item::Scalar(w, bits) => {
            put_tag(out, id, w.wire_type());
            w.put(out, *bits);
        }
        Item::Varints(v) => v.iter().for_each(|b| {
            put_tag(out, id, WireType::Varint);
            put_varint(out, *b);
        }),
        Item::Fixed32s(v) => v.iter().for_each(|b| {
            put_tag(out, id, WireType::Fixed32);
            out.extend_from_slice(&b.to_le_bytes());
        }),
        Item::Fixed64s(v) => v.iter().for_each(|b| {
            put_tag(out, id, WireType::Fixed64);
            out.extend_from_slice(&b.to_le_bytes());
        }),
        Item::Bytes(b, _) => {
            put_tag(out, id, WireType::Len);
            put_varint(out, b.len() as u64);
            out.extend_from_slice(b);
        }
        Item::Object(_) => {}
    }
}

/// One object being walked by [`Object::encoded_len`] or [`Object::encode_to`]: its fields
/// still to go, and the items still to go of the field being written item by item.
struct Frame<'a> {
    fields: std::slice::Iter<'a, Field>,
    items: std::slice::Iter<'a, Item>,
    /// The id of the field `items` belong to.
    id: u32,
    /// The id of the field the object itself is in.
    in_field: u32,
    /// Measuring: the length so far. Writing: where the object's one-byte length placeholder is.
    at: usize,
    /// Writing: how many bytes the lengths of the objects inside will add when widened.
    extra: usize,
}

impl<'a> Frame<'a> {
    fn new(object: &'a Object, in_field: u32, at: usize) -> Self {
        Frame {
            fields: object.fields.iter(),
            items: [].iter(),
            id: 0,
            in_field,
            at,
            extra: 0,
        }
    }
}

/// What a walk meets next in the object on top of its stack.
enum Next<'a> {
    /// A field to measure or write whole.
    Run(&'a Field),
    /// An occurrence other than an object, of field `id`.
    Item(u32, &'a Item),
    /// A nested object, of field `id`.
    Object(u32, &'a Object),
    /// The end of the object.
    End,
}

impl<'a> Frame<'a> {
    fn next(&mut self) -> Next<'a> {
        loop {
            if let Some(item) = self.items.next() {
                return match item {
                    Item::Object(object) => Next::Object(self.id, object),
                    flat => Next::Item(self.id, flat),
                };
            }
            let Some(field) = self.fields.next() else {
                return Next::End;
            };
            if field.run_len().is_some() {
                return Next::Run(field);
            }
            self.id = field.id;
            self.items = field.items.iter();
        }
    }
}

/// Inserts the length prefixes that did not fit the one byte left for them: `fixups` holds the
/// placeholder's position and the object's length, for each such object. The bytes after each
/// placeholder move once, from the back, so widening takes time linear in the output however
/// deep the objects nest.
fn widen(out: &mut Vec<u8>, fixups: &mut [(usize, usize)]) {
    fixups.sort_unstable_by_key(|(at, _)| *at);
    let extra: usize = fixups
        .iter()
        .map(|(_, len)| varint_len(*len as u64) - 1)
        .sum();
    let mut read = out.len();
    out.resize(read + extra, 0);
    let mut write = out.len();
    let mut prefix = Vec::with_capacity(10);
    for &(at, len) in fixups.iter().rev() {
        let moved = read - (at + 1);
        out.copy_within(at + 1..read, write - moved);
        write -= moved;
        prefix.clear();
        put_varint(&mut prefix, len as u64);
        write -= prefix.len();
        out[write..write + prefix.len()].copy_from_slice(&prefix);
        read = at;
    }
}

impl Object {
    /// The length of [`Object::encode`]'s output (`Schema_GetWriteBufferLength`). Nested
    /// objects are walked with a stack on the heap, not by recursion.
    pub fn encoded_len(&self) -> usize {
        let mut stack = vec![Frame::new(self, 0, 0)];
        loop {
            let Some(top) = stack.last_mut() else {
                return 0;
            };
            match top.next() {
                Next::Run(field) => top.at += field.run_len().unwrap_or(0),
                Next::Item(id, item) => top.at += item_len(varint_len(u64::from(id) << 3), item),
                Next::Object(id, object) => stack.push(Frame::new(object, id, 0)),
                Next::End => {
                    let Some(done) = stack.pop() else {
                        return 0;
                    };
                    let Some(parent) = stack.last_mut() else {
                        return done.at;
                    };
                    let tag = varint_len(u64::from(done.in_field) << 3);
                    parent.at += tag + varint_len(done.at as u64) + done.at;
                }
            }
        }
    }

    /// Appends the wire bytes of the object to `out`. Each nested object is written in one
    /// pass with one byte for its length, widened at the end when the object takes 128 bytes
    /// or more; nested objects are walked with a stack on the heap, not by recursion.
    pub fn encode_to(&self, out: &mut Vec<u8>) {
        let mut stack = vec![Frame::new(self, 0, 0)];
        let mut fixups = Vec::new();
        while let Some(top) = stack.last_mut() {
            match top.next() {
                Next::Run(field) => {
                    field.put_run(out);
                }
                Next::Item(id, item) => put_item(out, id, item),
                Next::Object(id, object) => {
                    put_tag(out, id, WireType::Len);
                    stack.push(Frame::new(object, id, out.len()));
                    out.push(0);
                }
                Next::End => {
                    let Some(done) = stack.pop() else {
                        break;
                    };
                    let Some(parent) = stack.last_mut() else {
                        break;
                    };
                    let len = out.len() - done.at - 1 + done.extra;
                    if len < 0x80 {
                        out[done.at] = len as u8;
                    } else {
                        fixups.push((done.at, len));
                    }
                    parent.extra += done.extra + varint_len(len as u64) - 1;
                }
            }
        }
        if !fixups.is_empty() {
            widen(out, &mut fixups);
        }
    }

    /// The wire bytes of the object (`Schema_SerializeToBuffer`).
    pub fn encode(&self) -> Vec<u8> {
        // Enough for most components at once; larger ones grow by doubling.
        let mut out = Vec::with_capacity(128);
        self.encode_to(&mut out);
        out
    }

    /// Reads an object from wire bytes. Length-delimited fields are kept as bytes until read
    /// as an object, string or packed list, so decoding is one pass with no recursion.
    pub fn decode(bytes: &[u8]) -> Result<Object> {
        Object::decode_shared(Bytes::copy_from_slice(bytes))
    }

    /// [`Object::decode`] without copying: length-delimited fields share `bytes`.
    pub fn decode_shared(bytes: Bytes) -> Result<Object> {
        let mut object = Object::default();
        let input: &[u8] = &bytes;
        let mut pos = 0;
        // All the occurrences of a field go to its one entry, as `Object::push` puts them, so
        // that a field written in runs apart is written back as one (packed, if numeric).
        let mut max_id = 0;
        // Made only when an id comes back (making a map's hasher costs on every decode).
        let mut earlier: Option<Earlier> = None;
        while pos < input.len() {
            let (id, wire) = get_tag(input, &mut pos)?;
            let item = match wire {
                WireType::Varint => Item::Scalar(ScalarWire::Varint, get_varint(input, &mut pos)?),
                WireType::Fixed32 => Item::Scalar(
                    ScalarWire::Fixed32,
                    u64::from(u32::from_le_bytes(get_fixed::<4>(input, &mut pos)?)),
                ),
                WireType::Fixed64 => Item::Scalar(
                    ScalarWire::Fixed64,
                    u64::from_le_bytes(get_fixed::<8>(input, &mut pos)?),
                ),
                WireType::Len => {
                    let range = get_len(input, &mut pos)?;
                    Item::raw(bytes.slice(range))
                }
            };
            match object.fields.last_mut() {
                Some(last) if last.id == id => last.items.push(item),
                // Ids above every one before are new fields: the usual case, fields in order.
                _ if id > max_id => {
                    max_id = id;
                    object.fields.push(Field {
                        id,
                        items: smallvec::smallvec![item],
                    });
                }
                _ => {
                    earlier
                        .get_or_insert_with(Earlier::default)
                        .push(&mut object.fields, id, item)
                }
            }
        }
        Ok(object)
    }
}

/// Where the fields read so far are, for an id that came back after other fields: found by a
/// scan while the object is small, through an index once it is not (so that a large object
/// whose ids come in no order does not take quadratic time).
#[derive(Default)]
struct Earlier {
    index: HashMap<u32, usize>,
    /// How many of the fields the index covers.
    covered: usize,
}

impl Earlier {
    #[cold]
    fn push(&mut self, fields: &mut Vec<Field>, id: u32, item: Item) {
        let at = if fields.len() <= 16 {
            fields.iter().position(|f| f.id == id)
        } else {
            for (i, field) in fields.iter().enumerate().skip(self.covered) {
                self.index.insert(field.id, i);
            }
            self.covered = fields.len();
            self.index.get(&id).copied()
        };
        match at {
            Some(at) => fields[at].items.push(item),
            None => fields.push(Field {
                id,
                items: smallvec::smallvec![item],
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::*;

    #[test]
    fn writes_like_the_sdk() {
        let mut o = Object::new();
        o.add::<Uint32>(3, 54);
        assert_eq!(o.encode(), [0x18, 54]);
        o.add::<Uint32>(3, 53);
        o.add::<Uint32>(3, 11000);
        // Two or more numeric values are packed.
        assert_eq!(o.encode(), [0x1a, 0x04, 0x36, 0x35, 0xf8, 0x55]);
        let mut e = Object::new();
        e.add_object(1);
        assert_eq!(e.encode(), [0x0a, 0x00]);
        let mut d = Object::new();
        d.add::<Uint32>(1, 0);
        // Defaults are written.
        assert_eq!(d.encode(), [0x08, 0x00]);
        assert_eq!(d.encoded_len(), 2);
    }

    #[test]
    fn reads_packed_and_unpacked_alike() {
        let packed = Object::decode(&[0x1a, 0x04, 0x36, 0x35, 0xf8, 0x55]).unwrap();
        let unpacked = Object::decode(&[0x18, 0x36, 0x18, 0x35, 0x18, 0xf8, 0x55]).unwrap();
        assert_eq!(packed.list::<Uint32>(3), vec![54, 53, 11000]);
        assert_eq!(unpacked.list::<Uint32>(3), vec![54, 53, 11000]);
        assert_eq!(packed, unpacked);
        // Re-encoding what was read gives the same bytes.
        assert_eq!(packed.encode(), [0x1a, 0x04, 0x36, 0x35, 0xf8, 0x55]);
    }

    #[test]
    fn fields_read_in_any_order_keep_their_first_place() {
        // 40 fields in descending order, then each again: the index takes over past 16.
        let mut bytes = Vec::new();
        for round in 0..2u64 {
            for id in (1..=40u32).rev() {
                put_tag(&mut bytes, id, WireType::Varint);
                put_varint(&mut bytes, round);
            }
        }
        let o = Object::decode(&bytes).unwrap();
        assert_eq!(
            o.field_ids().collect::<Vec<_>>(),
            (1..=40).rev().collect::<Vec<_>>()
        );
        assert!((1..=40).all(|id| o.list::<Uint32>(id) == [0, 1]));
        assert_eq!(Object::decode(&o.encode()).unwrap(), o);
    }

    #[test]
    fn long_nested_objects_widen_their_lengths_in_place() {
        // Objects of 125, 126 and some 20,000 bytes (their outer objects 127, 128 and more),
        // side by side and inside one another.
        let mut o = Object::new();
        let mut sizes = Vec::new();
        for (i, size) in [125usize, 126, 19_996].into_iter().enumerate() {
            let outer = o.add_object(1 + i as u32);
            outer.add::<Uint32>(1, 1);
            let inner = outer.add_object(2);
            inner.add_bytes(3, &vec![7; size - 4]);
            inner.add::<Uint32>(4, 2);
            sizes.push(size);
        }
        let bytes = o.encode();
        assert_eq!(bytes.len(), o.encoded_len());
        let back = Object::decode(&bytes).unwrap();
        assert_eq!(back, o);
        for (i, size) in sizes.into_iter().enumerate() {
            let inner = back.object(1 + i as u32).unwrap().object(2).unwrap();
            let payload = size - 4;
            assert_eq!(
                inner.encoded_len(),
                1 + varint_len(payload as u64) + payload + 2
            );
            assert_eq!(inner.bytes_length(3), payload);
            assert_eq!(inner.get::<Uint32>(4), 2);
        }
        // The bytes are those of the objects written one by one.
        let mut by_hand = Vec::new();
        for field in &o.fields {
            let Item::Object(outer) = &field.items[0] else {
                unreachable!("built with objects");
            };
            let outer = outer.encode();
            put_tag(&mut by_hand, field.id, WireType::Len);
            put_varint(&mut by_hand, outer.len() as u64);
            by_hand.extend_from_slice(&outer);
        }
        assert_eq!(bytes, by_hand);
    }

    #[test]
    fn deep_objects_are_measured_and_written_without_recursion() {
        let levels = 200_000;
        let mut root = Object::new();
        let mut at = &mut root;
        for _ in 1..levels {
            at.add::<Uint32>(2, 1);
            at = at.add_object(1);
        }
        at.add::<Uint32>(2, 9);
        let bytes = root.encode();
        assert_eq!(bytes.len(), root.encoded_len());
        let mut read = &Object::decode(&bytes).unwrap();
        let mut owned;
        for _ in 1..levels {
            assert_eq!(read.get::<Uint32>(2), 1);
            // Each level parsed on its own, and then let go, as a reader walking down does.
            owned = Object::decode(read.bytes(1).unwrap()).unwrap();
            read = &owned;
        }
        assert_eq!(read.get::<Uint32>(2), 9);
    }

    #[test]
    fn bad_input_is_an_error_with_an_offset() {
        for bytes in [&[0x0a, 0x05, 1][..], &[0x0d, 1, 2], &[0x0b], &[0x08]] {
            let error = Object::decode(bytes).unwrap_err();
            assert!(error.byte_offset().is_some(), "{error}");
        }
    }
}
