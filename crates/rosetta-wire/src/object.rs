//! `Object`: field-number-keyed schema data, like `Schema_Object`. It stores occurrences, not
//! arity: a singular field occurs once, an option zero or one times, a list any number of times,
//! a map as entry objects (key at field 1, value at field 2). Getters read the last occurrence.

use std::sync::OnceLock;

use bytes::Bytes;
use smallvec::SmallVec;

use crate::encoding::check_field_id;
use crate::error::Result;
use crate::family::ScalarWire;

/// One occurrence (or, for lists added at once, a run of occurrences) of a field. Cloned (and
/// dropped, with [`Object`]) without recursion, in `tree.rs`.
#[derive(Debug)]
pub(crate) enum Item {
    /// One scalar: its raw bits and wire layout.
    Scalar(ScalarWire, u64),
    /// Varint scalars added as a list.
    Varints(Vec<u64>),
    /// Four-byte scalars added as a list (kept as `u32` so packing is a copy).
    Fixed32s(Vec<u32>),
    /// Eight-byte scalars added as a list.
    Fixed64s(Vec<u64>),
    /// A length-delimited value as read: bytes, a string, a packed list or an object, told apart
    /// only when read through a family. The parsed object is cached.
    Bytes(Bytes, OnceLock<Box<Object>>),
    /// An object built or edited in memory.
    Object(Box<Object>),
}

impl Item {
    pub(crate) fn raw(bytes: Bytes) -> Self {
        Item::Bytes(bytes, OnceLock::new())
    }

    /// Whether the item is length-delimited (bytes, string or object).
    pub(crate) fn is_len(&self) -> bool {
        matches!(self, Item::Bytes(..) | Item::Object(_))
    }
}

/// All occurrences of one field that were added (or read) together.
#[derive(Debug, Clone)]
pub(crate) struct Field {
    pub(crate) id: u32,
    pub(crate) items: SmallVec<[Item; 1]>,
}

/// Schema data keyed by field number: the Rust counterpart of `Schema_Object`.
///
/// Fields keep the order in which they were first added (or read), which is the order they are
/// written in; all the occurrences of a field are kept together, so a field read in runs apart
/// (field 8, then 10, then 8 again) is written as one. Numeric lists of two or more values are
/// written packed, single values plain, as the SpatialOS SDK did. Reading accepts packed and
/// unpacked lists alike, and equality (`==`) means "reads the same": packed and unpacked runs of
/// the same values are equal.
///
/// ```
/// use rosetta_wire::{family::*, Object};
/// let mut coords = Object::new();
/// coords.add::<Double>(1, 10.0);
/// coords.add::<Double>(2, 0.0);
/// coords.add::<Double>(3, -5.5);
/// let mut position = Object::new();
/// *position.add_object(1) = coords;
/// let bytes = position.encode();
/// let back = Object::decode(&bytes).unwrap();
/// assert_eq!(back.object(1).unwrap().get::<Double>(3), -5.5);
/// ```
///
/// Field ids go from 1 to [`MAX_FIELD_ID`](crate::encoding::MAX_FIELD_ID), the ids a tag can
/// carry: the `add` methods panic on any other, and their `try_add` twins return an error.
/// Cloning and dropping take no recursion, however deep the objects nest.
#[derive(Debug, Default)]
pub struct Object {
    pub(crate) fields: Vec<Field>,
}

impl Object {
    /// An empty object.
    pub fn new() -> Self {
        Object::default()
    }

    /// Whether the object has no fields.
    pub fn is_empty(&self) -> bool {
        self.fields.is_empty()
    }

    /// The field entries with this id, in order.
    pub(crate) fn entries(&self, id: u32) -> impl DoubleEndedIterator<Item = &Field> {
        self.fields.iter().filter(move |f| f.id == id)
    }

    /// The occurrences of this field, in order.
    pub(crate) fn items(&self, id: u32) -> impl DoubleEndedIterator<Item = &Item> {
        self.entries(id).flat_map(|f| f.items.iter())
    }

    /// Appends an occurrence, to the field's entry when it has one.
    pub(crate) fn push(&mut self, id: u32, item: Item) -> &mut Item {
        let index = match self.fields.last() {
            Some(last) if last.id == id => self.fields.len() - 1,
            _ => match self.fields.iter().rposition(|f| f.id == id) {
                Some(index) => index,
                None => {
                    self.fields.push(Field {
                        id,
                        items: SmallVec::new(),
                    });
                    self.fields.len() - 1
                }
            },
        };
        let items = &mut self.fields[index].items;
        items.push(item);
        let last = items.len() - 1;
        &mut items[last]
    }

    /// Removes every field.
    pub fn clear(&mut self) {
        self.fields.clear();
    }

    /// Removes every occurrence of a field.
    pub fn clear_field(&mut self, id: u32) {
        self.fields.retain(|f| f.id != id);
    }

    /// Whether the field occurs at all.
    pub fn has_field(&self, id: u32) -> bool {
        self.fields.iter().any(|f| f.id == id)
    }

    /// The id of each field present, once, in the order the fields were first added or read.
    pub fn field_ids(&self) -> impl Iterator<Item = u32> + '_ {
        self.fields.iter().map(|f| f.id)
    }

    /// The ids of the fields present, sorted and without repeats.
    pub fn unique_field_ids(&self) -> Vec<u32> {
        let mut ids: Vec<u32> = self.fields.iter().map(|f| f.id).collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    /// Appends every field of `other` (all occurrences), like `Schema_ShallowCopy`.
    pub fn copy_from(&mut self, other: &Object) {
        for field in &other.fields {
            for item in &field.items {
                self.push(field.id, item.clone());
            }
        }
    }

    /// Appends every occurrence of one field of `other`, like `Schema_ShallowCopyField`.
    pub fn copy_field_from(&mut self, other: &Object, id: u32) {
        for item in other.items(id) {
            self.push(id, item.clone());
        }
    }

    /// Replaces every occurrence of a field with those of `other`, keeping the field's place.
    pub fn replace_field_from(&mut self, other: &Object, id: u32) {
        let items: SmallVec<[Item; 1]> = other.items(id).cloned().collect();
        let first = self.fields.iter().position(|f| f.id == id);
        self.clear_field(id);
        if !items.is_empty() {
            let at = first.unwrap_or(self.fields.len());
            self.fields.insert(at, Field { id, items });
        }
    }

    /// Parses `bytes` and appends all of their fields, like `Schema_MergeFromBuffer`.
    pub fn merge_from_bytes(&mut self, bytes: &[u8]) -> Result<()> {
        let other = Object::decode(bytes)?;
        self.copy_from(&other);
        Ok(())
    }

    // ---- bytes and strings ----------------------------------------------------------------

    /// Adds a bytes (or string) occurrence.
    ///
    /// # Panics
    /// When `id` is no field id ([`try_add_bytes`](Object::try_add_bytes) returns the error).
    #[track_caller]
    pub fn add_bytes(&mut self, id: u32, value: &[u8]) {
        self.push(valid_id(id), Item::raw(Bytes::copy_from_slice(value)));
    }

    /// [`add_bytes`](Object::add_bytes), or an error for an `id` out of range.
    pub fn try_add_bytes(&mut self, id: u32, value: &[u8]) -> Result<()> {
        check_field_id(id)?;
        self.push(id, Item::raw(Bytes::copy_from_slice(value)));
        Ok(())
    }

    /// Adds a string occurrence (strings are bytes on the wire).
    ///
    /// # Panics
    /// When `id` is no field id ([`try_add_string`](Object::try_add_string) returns the error).
    #[track_caller]
    pub fn add_string(&mut self, id: u32, value: &str) {
        self.add_bytes(id, value.as_bytes());
    }

    /// [`add_string`](Object::add_string), or an error for an `id` out of range.
    pub fn try_add_string(&mut self, id: u32, value: &str) -> Result<()> {
        self.try_add_bytes(id, value.as_bytes())
    }

    /// How many length-delimited occurrences the field has (bytes, strings, objects).
    pub fn bytes_count(&self, id: u32) -> usize {
        self.items(id).filter(|i| i.is_len()).count()
    }

    /// The last bytes occurrence; `None` when absent (or when it is an object built in memory).
    pub fn bytes(&self, id: u32) -> Option<&[u8]> {
        self.items(id)
            .rev()
            .find(|i| i.is_len())
            .and_then(item_bytes)
    }

    /// The `index`-th bytes occurrence.
    pub fn index_bytes(&self, id: u32, index: usize) -> Option<&[u8]> {
        self.items(id)
            .filter(|i| i.is_len())
            .nth(index)
            .and_then(item_bytes)
    }

    /// Every length-delimited occurrence in order, as bytes (`None` for an object built in
    /// memory).
    pub fn bytes_iter(&self, id: u32) -> impl Iterator<Item = Option<&[u8]>> {
        self.items(id).filter(|i| i.is_len()).map(item_bytes)
    }

    /// The length of the last bytes occurrence; 0 when absent (`Schema_GetBytesLength`).
    pub fn bytes_length(&self, id: u32) -> usize {
        self.bytes(id).map_or(0, <[u8]>::len)
    }

    /// The length of the `index`-th bytes occurrence; 0 when out of range.
    pub fn index_bytes_length(&self, id: u32, index: usize) -> usize {
        self.index_bytes(id, index).map_or(0, <[u8]>::len)
    }

    /// The last string occurrence, if it is UTF-8.
    pub fn string(&self, id: u32) -> Option<&str> {
        self.bytes(id).and_then(|b| std::str::from_utf8(b).ok())
    }

    /// The `index`-th string occurrence, if it is UTF-8.
    pub fn index_string(&self, id: u32, index: usize) -> Option<&str> {
        self.index_bytes(id, index)
            .and_then(|b| std::str::from_utf8(b).ok())
    }

    // ---- objects ----------------------------------------------------------------------------

    /// Adds an empty object occurrence and returns it to be filled.
    ///
    /// # Panics
    /// When `id` is no field id ([`try_add_object`](Object::try_add_object) returns the error).
    #[track_caller]
    pub fn add_object(&mut self, id: u32) -> &mut Object {
        self.push_object(valid_id(id))
    }

    /// [`add_object`](Object::add_object), or an error for an `id` out of range.
    pub fn try_add_object(&mut self, id: u32) -> Result<&mut Object> {
        check_field_id(id)?;
        Ok(self.push_object(id))
    }

    fn push_object(&mut self, id: u32) -> &mut Object {
        match self.push(id, Item::Object(Box::default())) {
            Item::Object(object) => object,
            // `push` returns the item it was given.
            _ => unreachable!("push returned another item"),
        }
    }

    /// How many object occurrences the field has.
    pub fn object_count(&self, id: u32) -> usize {
        self.bytes_count(id)
    }

    /// The last object occurrence; `None` when absent or when its bytes are not an object.
    pub fn object(&self, id: u32) -> Option<&Object> {
        self.items(id)
            .rev()
            .find(|i| i.is_len())
            .and_then(|i| item_object(i).ok())
    }

    /// The `index`-th object occurrence.
    pub fn index_object(&self, id: u32, index: usize) -> Option<&Object> {
        self.items(id)
            .filter(|i| i.is_len())
            .nth(index)
            .and_then(|i| item_object(i).ok())
    }

    /// Every object occurrence of the field, in order; an error names the first that is not one.
    pub fn objects(&self, id: u32) -> Result<Vec<&Object>> {
        self.items(id)
            .filter(|i| i.is_len())
            .map(item_object)
            .collect()
    }

    /// The last object occurrence, to edit in place (parsed from its bytes if need be).
    pub fn object_mut(&mut self, id: u32) -> Result<Option<&mut Object>> {
        let item = self
            .fields
            .iter_mut()
            .rev()
            .filter(|f| f.id == id)
            .flat_map(|f| f.items.iter_mut().rev())
            .find(|i| i.is_len());
        item_object_mut(item)
    }

    /// The `index`-th object occurrence, to edit in place (parsed from its bytes if need be),
    /// like `Schema_IndexObject`. An object parsed from bytes keeps its address when it
    /// becomes editable, so a pointer taken from [`Object::index_object`] stays the same.
    pub fn index_object_mut(&mut self, id: u32, index: usize) -> Result<Option<&mut Object>> {
        let item = self
            .fields
            .iter_mut()
            .filter(|f| f.id == id)
            .flat_map(|f| f.items.iter_mut())
            .filter(|i| i.is_len())
            .nth(index);
        item_object_mut(item)
    }
}

/// `id`, when it is a field id; otherwise a panic that says why, for the `add` methods.
#[track_caller]
pub(crate) fn valid_id(id: u32) -> u32 {
    if let Err(error) = check_field_id(id) {
        panic!("{error}");
    }
    id
}

/// The object a length-delimited item holds, made editable: bytes are parsed (or taken from the
/// cache, keeping the parsed object's box) and replaced by the object.
fn item_object_mut(item: Option<&mut Item>) -> Result<Option<&mut Object>> {
    let Some(item) = item else {
        return Ok(None);
    };
    if let Item::Bytes(bytes, cache) = item {
        let parsed = match cache.take() {
            Some(parsed) => parsed,
            None => Box::new(Object::decode_shared(bytes.clone())?),
        };
        *item = Item::Object(parsed);
    }
    match item {
        Item::Object(object) => Ok(Some(object)),
        _ => Ok(None),
    }
}

fn item_bytes(item: &Item) -> Option<&[u8]> {
    match item {
        Item::Bytes(bytes, _) => Some(bytes),
        _ => None,
    }
}

/// The object an item holds, parsing (once) when it was read as bytes.
pub(crate) fn item_object(item: &Item) -> Result<&Object> {
    match item {
        Item::Object(object) => Ok(object),
        Item::Bytes(bytes, cache) => {
            if let Some(parsed) = cache.get() {
                return Ok(parsed);
            }
            let parsed = Object::decode_shared(bytes.clone())?;
            Ok(cache.get_or_init(|| Box::new(parsed)))
        }
        _ => Err(crate::error::Error::msg(
            "the field holds scalars, not an object",
        )),
    }
}

#[cfg(test)]
mod tests {
    use crate::family::Int32;
    use crate::Object;

    #[test]
    fn index_object_mut_keeps_the_parsed_object_in_place() {
        let mut o = Object::new();
        o.add_object(4).add::<Int32>(1, 1);
        o.add_object(4).add::<Int32>(1, 2);
        let mut read = Object::decode(&o.encode()).unwrap();
        let seen: *const Object = read.index_object(4, 1).unwrap();
        let edit = read.index_object_mut(4, 1).unwrap().unwrap();
        assert!(std::ptr::eq(seen, edit));
        edit.add::<Int32>(2, 3);
        assert_eq!(read.index_object(4, 1).unwrap().get::<Int32>(2), 3);
        assert_eq!(read.index_object(4, 0).unwrap().get::<Int32>(1), 1);
        assert!(read.index_object_mut(4, 2).unwrap().is_none());
    }
}
