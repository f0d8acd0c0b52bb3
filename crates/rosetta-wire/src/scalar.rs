//! The scalar families on [`Object`]: add, add a list, get (last occurrence), count, index and
//! get the whole list, for every family of `c_schema.h`.

use std::ops::ControlFlow;

use crate::encoding::check_field_id;
use crate::encoding::get_varint;
use crate::error::Result;
use crate::family::{Family, ScalarWire};
use crate::object::{valid_id, Item, Object};

/// Calls `f` with the raw bits of each value an item holds for a family with this layout;
/// packed runs are read from length-delimited items. Malformed packed bytes hold no values.
pub(crate) fn each_bits(
    item: &Item,
    wire: ScalarWire,
    f: &mut impl FnMut(u64) -> ControlFlow<()>,
) -> ControlFlow<()> {
    match (item, wire) {
        (Item::Scalar(w, bits), _) if *w == wire => f(*bits),
        (Item::Varints(v), ScalarWire::Varint) | (Item::Fixed64s(v), ScalarWire::Fixed64) => {
            v.iter().try_for_each(|b| f(*b))
        }
        (Item::Fixed32s(v), ScalarWire::Fixed32) => v.iter().try_for_each(|b| f(u64::from(*b))),
        (Item::Bytes(bytes, _), ScalarWire::Fixed32) if bytes.len() % 4 == 0 => bytes
            .chunks_exact(4)
            .try_for_each(|c| f(u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))),
        (Item::Bytes(bytes, _), ScalarWire::Fixed64) if bytes.len() % 8 == 0 => {
            bytes.chunks_exact(8).try_for_each(|c| {
                let mut word = [0u8; 8];
                word.copy_from_slice(c);
                f(u64::from_le_bytes(word))
            })
        }
        (Item::Bytes(bytes, _), ScalarWire::Varint) => {
            if packed_varint_count(bytes).is_none() {
                return ControlFlow::Continue(());
            }
            let mut pos = 0;
            while pos < bytes.len() {
                match get_varint(bytes, &mut pos) {
                    Ok(bits) => f(bits)?,
                    Err(_) => break,
                }
            }
            ControlFlow::Continue(())
        }
        _ => ControlFlow::Continue(()),
    }
}

/// How many varints a packed run holds, `None` when it is not a whole run of varints.
fn packed_varint_count(bytes: &[u8]) -> Option<usize> {
    if bytes.last().is_some_and(|b| b & 0x80 != 0) {
        return None;
    }
    Some(bytes.iter().filter(|b| **b & 0x80 == 0).count())
}

/// How many values of a family an item holds.
pub(crate) fn item_count(item: &Item, wire: ScalarWire) -> usize {
    match (item, wire) {
        (Item::Scalar(w, _), _) => usize::from(*w == wire),
        (Item::Varints(v), ScalarWire::Varint) | (Item::Fixed64s(v), ScalarWire::Fixed64) => {
            v.len()
        }
        (Item::Fixed32s(v), ScalarWire::Fixed32) => v.len(),
        (Item::Bytes(b, _), ScalarWire::Fixed32) if b.len() % 4 == 0 => b.len() / 4,
        (Item::Bytes(b, _), ScalarWire::Fixed64) if b.len() % 8 == 0 => b.len() / 8,
        (Item::Bytes(b, _), ScalarWire::Varint) => packed_varint_count(b).unwrap_or(0),
        _ => 0,
    }
}

impl Object {
    /// Adds one value (`Schema_AddFloat`, `Schema_AddSint64`, ...).
    ///
    /// # Panics
    /// When `id` is no field id ([`try_add`](Object::try_add) returns the error).
    #[track_caller]
    pub fn add<F: Family>(&mut self, id: u32, value: F::Value) {
        self.push(valid_id(id), Item::Scalar(F::WIRE, F::to_bits(value)));
    }

    /// [`add`](Object::add), or an error for an `id` out of range.
    pub fn try_add<F: Family>(&mut self, id: u32, value: F::Value) -> Result<()> {
        check_field_id(id)?;
        self.push(id, Item::Scalar(F::WIRE, F::to_bits(value)));
        Ok(())
    }

    /// Adds a list of values at once (`Schema_AddFloatList`); may be mixed with [`Object::add`].
    ///
    /// # Panics
    /// When `id` is no field id, even for no values ([`try_add_list`](Object::try_add_list)
    /// returns the error).
    #[track_caller]
    pub fn add_list<F: Family>(&mut self, id: u32, values: &[F::Value]) {
        self.push_list::<F>(valid_id(id), values);
    }

    /// [`add_list`](Object::add_list), or an error for an `id` out of range.
    pub fn try_add_list<F: Family>(&mut self, id: u32, values: &[F::Value]) -> Result<()> {
        check_field_id(id)?;
        self.push_list::<F>(id, values);
        Ok(())
    }

    fn push_list<F: Family>(&mut self, id: u32, values: &[F::Value]) {
        if values.is_empty() {
            return;
        }
        let item = match F::WIRE {
            ScalarWire::Varint => Item::Varints(values.iter().map(|v| F::to_bits(*v)).collect()),
            ScalarWire::Fixed32 => {
                Item::Fixed32s(values.iter().map(|v| F::to_bits(*v) as u32).collect())
            }
            ScalarWire::Fixed64 => Item::Fixed64s(values.iter().map(|v| F::to_bits(*v)).collect()),
        };
        self.push(id, item);
    }

    /// How many values of the family the field holds (`Schema_GetFloatCount`).
    pub fn count<F: Family>(&self, id: u32) -> usize {
        self.items(id).map(|item| item_count(item, F::WIRE)).sum()
    }

    /// The last value, `None` when there is none.
    pub fn try_get<F: Family>(&self, id: u32) -> Option<F::Value> {
        for item in self.items(id).rev() {
            // The usual item, one scalar, without the general walk (`Schema_Get*` per call).
            if let Item::Scalar(wire, bits) = item {
                if *wire == F::WIRE {
                    return Some(F::from_bits(*bits));
                }
                continue;
            }
            let mut last = None;
            let _ = each_bits(item, F::WIRE, &mut |bits| {
                last = Some(bits);
                ControlFlow::Continue(())
            });
            if let Some(bits) = last {
                return Some(F::from_bits(bits));
            }
        }
        None
    }

    /// The last value; the family's default when there is none (`Schema_GetFloat`).
    pub fn get<F: Family>(&self, id: u32) -> F::Value {
        self.try_get::<F>(id).unwrap_or_default()
    }

    /// The `index`-th value; the default when out of range (`Schema_IndexFloat`).
    pub fn index<F: Family>(&self, id: u32, index: usize) -> F::Value {
        let mut seen = 0;
        let mut found = None;
        for item in self.items(id) {
            let n = item_count(item, F::WIRE);
            if index < seen + n {
                let mut i = seen;
                let _ = each_bits(item, F::WIRE, &mut |bits| {
                    if i == index {
                        found = Some(bits);
                        return ControlFlow::Break(());
                    }
                    i += 1;
                    ControlFlow::Continue(())
                });
                break;
            }
            seen += n;
        }
        found.map(F::from_bits).unwrap_or_default()
    }

    /// Every value, in order (`Schema_GetFloatList`).
    pub fn list<F: Family>(&self, id: u32) -> Vec<F::Value> {
        let mut out = Vec::with_capacity(self.count::<F>(id));
        self.list_into::<F>(id, &mut out);
        out
    }

    /// Appends every value to `out`.
    pub fn list_into<F: Family>(&self, id: u32, out: &mut Vec<F::Value>) {
        for item in self.items(id) {
            match (item, F::WIRE) {
                // The common large case, kept to a tight loop.
                (Item::Fixed32s(v), ScalarWire::Fixed32) => {
                    out.extend(v.iter().map(|b| F::from_bits(u64::from(*b))))
                }
                (Item::Bytes(bytes, _), ScalarWire::Fixed32) if bytes.len() % 4 == 0 => {
                    out.extend(bytes.chunks_exact(4).map(|c| {
                        F::from_bits(u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                    }))
                }
                _ => {
                    let _ = each_bits(item, F::WIRE, &mut |bits| {
                        out.push(F::from_bits(bits));
                        ControlFlow::Continue(())
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::family::*;
    use crate::Object;

    #[test]
    fn get_reads_the_last_occurrence_and_defaults() {
        let mut o = Object::new();
        assert_eq!(o.get::<Int32>(1), 0);
        assert_eq!(o.try_get::<Int32>(1), None);
        o.add::<Int32>(1, 5);
        o.add::<Int32>(1, -7);
        assert_eq!(o.get::<Int32>(1), -7);
        assert_eq!(o.count::<Int32>(1), 2);
        assert_eq!(o.index::<Int32>(1, 0), 5);
        assert_eq!(o.index::<Int32>(1, 9), 0);
        // Another family's layout does not count.
        assert_eq!(o.count::<Float>(1), 0);
    }

    #[test]
    fn lists_and_single_values_mix() {
        let mut o = Object::new();
        o.add::<Float>(6, 1.0);
        o.add_list::<Float>(6, &[2.0, 3.0]);
        o.add::<Float>(6, 4.0);
        assert_eq!(o.list::<Float>(6), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(o.index::<Float>(6, 2), 3.0);
        let back = Object::decode(&o.encode()).unwrap();
        assert_eq!(back.list::<Float>(6), vec![1.0, 2.0, 3.0, 4.0]);
        assert_eq!(back.get::<Float>(6), 4.0);
        assert_eq!(back.count::<Float>(6), 4);
    }

    #[test]
    fn every_family_survives_the_wire() {
        let mut o = Object::new();
        o.add::<Sint32>(1, -3);
        o.add::<Sint64>(2, i64::MIN);
        o.add::<Sfixed32>(3, -4);
        o.add::<Sfixed64>(4, -5);
        o.add::<Fixed64>(5, u64::MAX);
        o.add::<Bool>(6, true);
        o.add::<EntityId>(7, 42);
        o.add::<Enum>(8, 3);
        o.add::<Double>(9, 2.5);
        o.add::<Int64>(10, -1);
        o.add::<Uint64>(11, u64::MAX);
        o.add_list::<Int32>(12, &[-1, 2]);
        let b = Object::decode(&o.encode()).unwrap();
        assert_eq!(b.get::<Sint32>(1), -3);
        assert_eq!(b.get::<Sint64>(2), i64::MIN);
        assert_eq!(b.get::<Sfixed32>(3), -4);
        assert_eq!(b.get::<Sfixed64>(4), -5);
        assert_eq!(b.get::<Fixed64>(5), u64::MAX);
        assert!(b.get::<Bool>(6));
        assert_eq!(b.get::<EntityId>(7), 42);
        assert_eq!(b.get::<Enum>(8), 3);
        assert_eq!(b.get::<Double>(9), 2.5);
        assert_eq!(b.get::<Int64>(10), -1);
        assert_eq!(b.get::<Uint64>(11), u64::MAX);
        assert_eq!(b.list::<Int32>(12), vec![-1, 2]);
        assert_eq!(b, o);
    }
}
