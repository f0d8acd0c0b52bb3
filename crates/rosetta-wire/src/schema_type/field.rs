//! The field helpers generated code calls: one writer and one reader for each arity (singular,
//! `option`, `list`, `map`), generic over the [`Codec`] of the field's type. They write what
//! [`Object`](crate::Object) writes for the same data: a singular field always, an option when
//! set, a list of two or more numbers packed and of one number plain, a map as one entry object
//! (key at 1, value at 2) per entry. They read what `Object` reads: packed and unpacked numbers
//! alike, the last occurrence of a singular field.

use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasher, Hash};

use crate::encoding::{put_tag, put_varint, varint_len, WireType};
use crate::error::Result;
use crate::family::{Family, ScalarWire};

use super::codec::{put_nested, Codec, Scalar};
use super::input::Input;

/// Writes a singular field.
#[inline]
pub fn put<C: Codec>(out: &mut Vec<u8>, field: u32, value: &C::Value) {
    put_tag(out, field, C::WIRE);
    C::put(out, value);
}

/// Writes an `option` field: nothing when it is `None`.
#[inline]
pub fn put_option<C: Codec>(out: &mut Vec<u8>, field: u32, value: &Option<C::Value>) {
    if let Some(value) = value {
        put::<C>(out, field, value);
    }
}

/// Writes a `list` field: numbers packed when there are two or more, everything else as one
/// occurrence per element.
#[inline]
pub fn put_list<C: Codec>(out: &mut Vec<u8>, field: u32, values: &[C::Value]) {
    if C::PACKED && values.len() >= 2 {
        put_tag(out, field, WireType::Len);
        match C::WIRE {
            WireType::Fixed32 => put_varint(out, 4 * values.len() as u64),
            WireType::Fixed64 => put_varint(out, 8 * values.len() as u64),
            _ => {
                put_nested(out, |out| {
                    for value in values {
                        C::put(out, value);
                    }
                });
                return;
            }
        }
        for value in values {
            C::put(out, value);
        }
    } else {
        for value in values {
            put::<C>(out, field, value);
        }
    }
}

/// Writes a `list` of a varint family packed, its length measured first (a faster
/// [`put_list`] for long lists of small numbers).
#[inline]
pub fn put_varint_list<F: Family>(out: &mut Vec<u8>, field: u32, values: &[F::Value]) {
    debug_assert!(F::WIRE == ScalarWire::Varint);
    if values.len() < 2 {
        return put_list::<Scalar<F>>(out, field, values);
    }
    let len: usize = values.iter().map(|v| varint_len(F::to_bits(*v))).sum();
    put_tag(out, field, WireType::Len);
    put_varint(out, len as u64);
    out.reserve(len);
    for value in values {
        put_varint(out, F::to_bits(*value));
    }
}

/// Writes a `map` field: one entry object per entry, in the map's order.
#[inline]
pub fn put_map<K: Codec, V: Codec, M: SchemaMap<K::Value, V::Value>>(
    out: &mut Vec<u8>,
    field: u32,
    map: &M,
) {
    map.for_each_entry(|key, value| {
        put_tag(out, field, WireType::Len);
        put_nested(out, |out| {
            put::<K>(out, 1, key);
            put::<V>(out, 2, value);
        });
    });
}

/// Reads one occurrence of a singular field: it replaces what an earlier occurrence set. A
/// packed run of numbers gives its last value.
#[inline(always)]
pub fn merge<C: Codec>(
    slot: &mut C::Value,
    field: u32,
    wire: WireType,
    input: &mut Input<'_>,
) -> Result<()> {
    if wire == C::WIRE {
        *slot = C::get(input)?;
        Ok(())
    } else {
        merge_other::<C>(slot, field, wire, input)
    }
}

/// [`merge`] of a packed run, or of a wire type the field cannot have: rare, kept out of line.
#[cold]
#[inline(never)]
fn merge_other<C: Codec>(
    slot: &mut C::Value,
    field: u32,
    wire: WireType,
    input: &mut Input<'_>,
) -> Result<()> {
    if C::PACKED && wire == WireType::Len {
        input.packed(|run| {
            while !run.at_end() {
                *slot = C::get(run)?;
            }
            Ok(())
        })
    } else {
        Err(input.wrong_wire_type(field, wire, wire_name(C::WIRE)))
    }
}

/// Reads one occurrence of an `option` field.
#[inline]
pub fn merge_option<C: Codec>(
    slot: &mut Option<C::Value>,
    field: u32,
    wire: WireType,
    input: &mut Input<'_>,
) -> Result<()> {
    merge::<C>(
        slot.get_or_insert_with(Default::default),
        field,
        wire,
        input,
    )
}

/// Reads one occurrence (or packed run) of a `list` field, appending to it.
#[inline(always)]
pub fn merge_list<C: Codec>(
    slot: &mut Vec<C::Value>,
    field: u32,
    wire: WireType,
    input: &mut Input<'_>,
) -> Result<()> {
    if wire == C::WIRE {
        slot.push(C::get(input)?);
        Ok(())
    } else {
        merge_list_other::<C>(slot, field, wire, input)
    }
}

/// [`merge_list`] of a packed run (numbers, out of line: one call reads the whole run), or of a
/// wire type the field cannot have.
#[inline(never)]
fn merge_list_other<C: Codec>(
    slot: &mut Vec<C::Value>,
    field: u32,
    wire: WireType,
    input: &mut Input<'_>,
) -> Result<()> {
    if C::PACKED && wire == WireType::Len {
        input.packed(|run| {
            while !run.at_end() {
                slot.push(C::get(run)?);
            }
            Ok(())
        })
    } else {
        Err(input.wrong_wire_type(field, wire, wire_name(C::WIRE)))
    }
}

/// Reads one entry of a `map` field. A later entry with the same key replaces an earlier one.
#[inline]
pub fn merge_map<K: Codec, V: Codec, M: SchemaMap<K::Value, V::Value>>(
    map: &mut M,
    field: u32,
    wire: WireType,
    input: &mut Input<'_>,
) -> Result<()> {
    if wire != WireType::Len {
        return Err(input.wrong_wire_type(field, wire, "a map entry"));
    }
    let (key, value) = input.nested(|entry| {
        let (mut key, mut value) = (K::Value::default(), V::Value::default());
        while !entry.at_end() {
            let (id, wire) = entry.tag()?;
            match id {
                1 => merge::<K>(&mut key, id, wire, entry)?,
                2 => merge::<V>(&mut value, id, wire, entry)?,
                _ => entry.skip(wire)?,
            }
        }
        Ok((key, value))
    })?;
    map.insert_entry(key, value);
    Ok(())
}

fn wire_name(wire: WireType) -> &'static str {
    match wire {
        WireType::Varint => "a varint",
        WireType::Fixed32 => "four bytes",
        WireType::Fixed64 => "eight bytes",
        WireType::Len => "a length-delimited value",
    }
}

/// The Rust types a `map` field can be generated as: [`BTreeMap`] (the default), [`HashMap`],
/// or, for keys that have no order (floats, objects, entities), a `Vec` of entries in wire
/// order.
pub trait SchemaMap<K, V>: Default {
    /// Adds an entry; a map replaces the value of a key it has.
    fn insert_entry(&mut self, key: K, value: V);
    /// Calls `f` on every entry, in the order they are written.
    fn for_each_entry(&self, f: impl FnMut(&K, &V));
    /// Whether there is no entry.
    fn is_empty_map(&self) -> bool;
}

impl<K: Ord, V> SchemaMap<K, V> for BTreeMap<K, V> {
    fn insert_entry(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
    fn for_each_entry(&self, mut f: impl FnMut(&K, &V)) {
        self.iter().for_each(|(k, v)| f(k, v));
    }
    fn is_empty_map(&self) -> bool {
        self.is_empty()
    }
}

impl<K: Hash + Eq, V, S: BuildHasher + Default> SchemaMap<K, V> for HashMap<K, V, S> {
    fn insert_entry(&mut self, key: K, value: V) {
        self.insert(key, value);
    }
    fn for_each_entry(&self, mut f: impl FnMut(&K, &V)) {
        self.iter().for_each(|(k, v)| f(k, v));
    }
    fn is_empty_map(&self) -> bool {
        self.is_empty()
    }
}

/// Entries in wire order, repeated keys included (keys without an order have no cheap test for
/// a repeat, and `NaN` is no key's equal).
impl<K, V> SchemaMap<K, V> for Vec<(K, V)> {
    fn insert_entry(&mut self, key: K, value: V) {
        self.push((key, value));
    }
    fn for_each_entry(&self, mut f: impl FnMut(&K, &V)) {
        self.iter().for_each(|(k, v)| f(k, v));
    }
    fn is_empty_map(&self) -> bool {
        self.is_empty()
    }
}
