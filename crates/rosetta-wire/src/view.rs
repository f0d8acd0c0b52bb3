//! `ObjectView`: a zero-copy, read-only view of an object's wire bytes. Reading a received
//! component this way allocates nothing for objects of up to four fields (one small index for
//! larger ones): strings and bytes borrow the input, nested objects are views into it, and
//! scalars are decoded when asked for.

use smallvec::SmallVec;

use crate::encoding::{get_fixed, get_len, get_tag, get_varint, WireType};
use crate::error::Result;
use crate::family::{Family, ScalarWire};
use crate::object::Object;

/// One field occurrence: a scalar's raw bits, or where a length-delimited payload sits.
#[derive(Debug, Clone, Copy)]
struct Entry {
    id: u32,
    wire: WireType,
    /// The bits of a varint or fixed value; `start << 32 | len` of a length-delimited one.
    value: u64,
}

/// A read-only view of an object's wire bytes, with the getters of [`Object`].
///
/// ```
/// use rosetta_wire::{family::Double, Object, ObjectView};
/// let mut position = Object::new();
/// position.add_object(1).add::<Double>(1, 10.5);
/// let bytes = position.encode();
/// let view = ObjectView::new(&bytes).unwrap();
/// let coords = view.object(1).unwrap().unwrap();
/// assert_eq!(coords.get::<Double>(1), 10.5);
/// ```
#[derive(Debug, Clone)]
pub struct ObjectView<'a> {
    bytes: &'a [u8],
    entries: SmallVec<[Entry; 4]>,
    /// Field ids never decrease, so lookups can bisect.
    sorted: bool,
}

impl<'a> ObjectView<'a> {
    /// Indexes the top level of an object's bytes (nested objects are read when asked for).
    // Inlined, with the index made in place by `index`: a view built in a function of its own
    // came back through a copy whose wide loads waited on the narrow stores of the entries.
    #[inline]
    pub fn new(bytes: &'a [u8]) -> Result<Self> {
        let mut view = ObjectView {
            bytes,
            entries: SmallVec::new(),
            sorted: true,
        };
        view.index()?;
        Ok(view)
    }

    /// Makes the index of `self.bytes`.
    fn index(&mut self) -> Result<()> {
        let bytes = self.bytes;
        // Offsets are kept as u32: larger inputs are read through `Object` instead.
        if bytes.len() > u32::MAX as usize {
            return Err(crate::error::Error::msg("object larger than 4 GiB"));
        }
        let entries = &mut self.entries;
        if bytes.len() > 64 {
            // About one field per six bytes is typical; it saves regrowing the index.
            entries.reserve(bytes.len() / 6);
        }
        let mut sorted = true;
        let mut last_id = 0;
        let mut pos = 0;
        while pos < bytes.len() {
            let (id, wire) = get_tag(bytes, &mut pos)?;
            let value = match wire {
                WireType::Varint => get_varint(bytes, &mut pos)?,
                WireType::Fixed32 => {
                    u64::from(u32::from_le_bytes(get_fixed::<4>(bytes, &mut pos)?))
                }
                WireType::Fixed64 => u64::from_le_bytes(get_fixed::<8>(bytes, &mut pos)?),
                WireType::Len => {
                    let range = get_len(bytes, &mut pos)?;
                    ((range.start as u64) << 32) | (range.end - range.start) as u64
                }
            };
            sorted &= id >= last_id;
            last_id = id;
            entries.push(Entry { id, wire, value });
        }
        self.sorted = sorted;
        Ok(())
    }

    /// The bytes the view reads.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The payload of a length-delimited entry.
    #[inline]
    fn payload(&self, entry: &Entry) -> &'a [u8] {
        let start = (entry.value >> 32) as usize;
        let len = (entry.value & 0xffff_ffff) as usize;
        self.bytes.get(start..start + len).unwrap_or_default()
    }

    /// The occurrences of a field: found directly when field `n` is the `n`-th entry (the
    /// usual dense numbering), by bisection when ids ascend, by a scan otherwise.
    #[inline]
    fn entries(&self, id: u32) -> impl DoubleEndedIterator<Item = &Entry> {
        let all = &self.entries[..];
        let entries = if self.sorted {
            let guess = (id as usize).wrapping_sub(1);
            let alone = all.get(guess).is_some_and(|e| e.id == id)
                && all.get(guess + 1).map_or(true, |next| next.id != id)
                && (guess == 0 || all[guess - 1].id != id);
            if alone {
                &all[guess..=guess]
            } else {
                let from = all.partition_point(|e| e.id < id);
                let to = from + all[from..].partition_point(|e| e.id == id);
                &all[from..to]
            }
        } else {
            all
        };
        entries.iter().filter(move |e| e.id == id)
    }

    /// The ids of the fields present, sorted and without repeats.
    pub fn unique_field_ids(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.entries.iter().map(|e| e.id).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Whether the field occurs.
    pub fn has_field(&self, id: u32) -> bool {
        self.entries.iter().any(|e| e.id == id)
    }

    /// Calls `f` with the raw bits of each value of a family in one occurrence (packed runs
    /// included); returns how many there were.
    #[inline]
    fn each(&self, entry: &Entry, wire: ScalarWire, mut f: impl FnMut(u64)) -> usize {
        match (entry.wire, wire) {
            (WireType::Varint, ScalarWire::Varint)
            | (WireType::Fixed32, ScalarWire::Fixed32)
            | (WireType::Fixed64, ScalarWire::Fixed64) => {
                f(entry.value);
                1
            }
            (WireType::Len, _) => {
                let payload = self.payload(entry);
                match wire {
                    ScalarWire::Fixed32 if payload.len() % 4 == 0 => {
                        for c in payload.chunks_exact(4) {
                            f(u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])));
                        }
                        payload.len() / 4
                    }
                    ScalarWire::Fixed64 if payload.len() % 8 == 0 => {
                        for c in payload.chunks_exact(8) {
                            let mut word = [0u8; 8];
                            word.copy_from_slice(c);
                            f(u64::from_le_bytes(word));
                        }
                        payload.len() / 8
                    }
                    ScalarWire::Varint if payload.last().is_some_and(|b| b & 0x80 == 0) => {
                        let mut pos = 0;
                        let mut n = 0;
                        while pos < payload.len() {
                            match get_varint(payload, &mut pos) {
                                Ok(bits) => f(bits),
                                Err(_) => break,
                            }
                            n += 1;
                        }
                        n
                    }
                    _ => 0,
                }
            }
            _ => 0,
        }
    }

    /// The last value of a family; `None` when there is none.
    #[inline]
    pub fn try_get<F: Family>(&self, id: u32) -> Option<F::Value> {
        for entry in self.entries(id).rev() {
            let mut last = None;
            if self.each(entry, F::WIRE, |bits| last = Some(bits)) > 0 {
                return last.map(F::from_bits);
            }
        }
        None
    }

    /// The last value of a family; the default when there is none.
    #[inline]
    pub fn get<F: Family>(&self, id: u32) -> F::Value {
        self.try_get::<F>(id).unwrap_or_default()
    }

    /// How many values of the family the field holds.
    pub fn count<F: Family>(&self, id: u32) -> usize {
        self.entries(id)
            .map(|e| self.each(e, F::WIRE, |_| {}))
            .sum()
    }

    /// Appends every value of a family to `out`.
    pub fn list_into<F: Family>(&self, id: u32, out: &mut Vec<F::Value>) {
        for entry in self.entries(id) {
            match (entry.wire, F::WIRE) {
                // The common large case, kept to a loop the compiler can vectorise.
                (WireType::Len, ScalarWire::Fixed32) => {
                    let payload = self.payload(entry);
                    if payload.len() % 4 == 0 {
                        out.extend(payload.chunks_exact(4).map(|c| {
                            F::from_bits(u64::from(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
                        }));
                    }
                }
                _ => {
                    self.each(entry, F::WIRE, |bits| out.push(F::from_bits(bits)));
                }
            }
        }
    }

    /// Every value of a family, in order.
    pub fn list<F: Family>(&self, id: u32) -> Vec<F::Value> {
        let mut out = Vec::new();
        self.list_into::<F>(id, &mut out);
        out
    }

    /// Every length-delimited occurrence of the field, borrowed from the input.
    pub fn bytes_iter(&self, id: u32) -> impl Iterator<Item = &'a [u8]> + '_ {
        self.entries(id)
            .filter(|e| e.wire == WireType::Len)
            .map(|e| self.payload(e))
    }

    /// The last bytes occurrence.
    pub fn bytes(&self, id: u32) -> Option<&'a [u8]> {
        self.entries(id)
            .rev()
            .find(|e| e.wire == WireType::Len)
            .map(|e| self.payload(e))
    }

    /// The last string occurrence, if it is UTF-8.
    pub fn string(&self, id: u32) -> Option<&'a str> {
        self.bytes(id).and_then(|b| std::str::from_utf8(b).ok())
    }

    /// The last object occurrence, as a view; `Ok(None)` when absent.
    pub fn object(&self, id: u32) -> Result<Option<ObjectView<'a>>> {
        self.bytes(id).map(ObjectView::new).transpose()
    }

    /// Every object occurrence, as views.
    pub fn objects(&self, id: u32) -> impl Iterator<Item = Result<ObjectView<'a>>> + '_ {
        self.bytes_iter(id).map(ObjectView::new)
    }

    /// An owned [`Object`] with the same fields.
    pub fn to_object(&self) -> Result<Object> {
        Object::decode(self.bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::family::*;

    #[test]
    fn reads_what_object_writes() {
        let mut o = Object::new();
        o.add_string(1, "Ann");
        o.add::<Sint32>(2, -4);
        o.add_list::<Float>(3, &[1.0, 2.0]);
        o.add::<Uint32>(4, 7);
        o.add_list::<Uint32>(5, &[1, 300]);
        let entry = o.add_object(6);
        entry.add::<Uint32>(1, 9);
        entry.add_string(2, "v");
        let bytes = o.encode();
        let view = ObjectView::new(&bytes).unwrap();
        assert_eq!(view.string(1), Some("Ann"));
        assert_eq!(view.get::<Sint32>(2), -4);
        assert_eq!(view.list::<Float>(3), vec![1.0, 2.0]);
        assert_eq!(view.count::<Float>(3), 2);
        assert_eq!(view.get::<Uint32>(4), 7);
        assert_eq!(view.list::<Uint32>(5), vec![1, 300]);
        assert_eq!(view.get::<Uint32>(5), 300);
        let nested = view.object(6).unwrap().unwrap();
        assert_eq!(nested.get::<Uint32>(1), 9);
        assert_eq!(nested.string(2), Some("v"));
        assert_eq!(view.get::<Double>(99), 0.0);
        assert_eq!(view.to_object().unwrap(), o);
    }

    #[test]
    fn bad_bytes_are_errors() {
        assert!(ObjectView::new(&[0x0a, 0x05, 1]).is_err());
        let view = ObjectView::new(&[0x0a, 0x01, 0xff]).unwrap();
        assert!(view.object(1).is_err());
    }
}
