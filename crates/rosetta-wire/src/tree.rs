//! Cloning and dropping an [`Object`] without recursion. The derived `Clone` and the drop glue
//! of `Box<Object>` would descend one stack frame per level, so a deep object (built in memory,
//! or parsed level by level from bytes) would overflow the stack; these walk the tree with a
//! work list on the heap instead.

use std::sync::OnceLock;

use crate::object::{Field, Item, Object};

/// An item with its nested objects left empty, for [`Object::clone`] to fill. Bytes are shared
/// (`Bytes` counts references) and their parsed cache is not copied: the copy parses again when
/// read, so that cloning never descends into the cache.
fn shallow(item: &Item) -> Item {
    match item {
        Item::Scalar(wire, bits) => Item::Scalar(*wire, *bits),
        Item::Varints(values) => Item::Varints(values.clone()),
        Item::Fixed32s(values) => Item::Fixed32s(values.clone()),
        Item::Fixed64s(values) => Item::Fixed64s(values.clone()),
        Item::Bytes(bytes, _) => Item::Bytes(bytes.clone(), OnceLock::new()),
        Item::Object(_) => Item::Object(Box::default()),
    }
}

fn shallow_fields(fields: &[Field]) -> Vec<Field> {
    fields
        .iter()
        .map(|field| Field {
            id: field.id,
            items: field.items.iter().map(shallow).collect(),
        })
        .collect()
}

/// Queues each nested object of `source` with its empty counterpart in `copy` (made by
/// [`shallow_fields`], so the two line up item for item).
fn queue_nested<'s, 'c>(
    source: &'s Object,
    copy: &'c mut Object,
    work: &mut Vec<(&'s Object, &'c mut Object)>,
) {
    for (from, to) in source.fields.iter().zip(copy.fields.iter_mut()) {
        for (from, to) in from.items.iter().zip(to.items.iter_mut()) {
            if let (Item::Object(from), Item::Object(to)) = (from, to) {
                if !from.fields.is_empty() {
                    work.push((from, to));
                }
            }
        }
    }
}

impl Clone for Object {
    fn clone(&self) -> Self {
        let mut copy = Object {
            fields: shallow_fields(&self.fields),
        };
        let mut work = Vec::new();
        queue_nested(self, &mut copy, &mut work);
        while let Some((source, to)) = work.pop() {
            to.fields = shallow_fields(&source.fields);
            queue_nested(source, to, &mut work);
        }
        copy
    }
}

impl Clone for Item {
    fn clone(&self) -> Self {
        match self {
            Item::Object(object) => Item::Object(Box::new(Object::clone(object))),
            other => shallow(other),
        }
    }
}

/// The object nested in an item, built or parsed into a cache.
fn nested_object(item: &Item) -> Option<&Object> {
    match item {
        Item::Object(object) => Some(object),
        Item::Bytes(_, cache) => cache.get().map(|object| &**object),
        _ => None,
    }
}

/// Moves the fields of every object nested in `fields` (built, or parsed into a cache) that
/// has objects of its own onto `work`, leaving those objects empty. An object of scalars only
/// is left to drop in place: that goes one level deeper at most, and needs no `work` (most
/// components, such as Position's coordinates, are that).
fn take_nested(fields: &mut [Field], work: &mut Vec<Vec<Field>>) {
    for item in fields.iter_mut().flat_map(|field| field.items.iter_mut()) {
        let nested = match item {
            Item::Object(object) => Some(&mut **object),
            Item::Bytes(_, cache) => cache.get_mut().map(|object| &mut **object),
            _ => None,
        };
        if let Some(object) = nested {
            let deeper = object
                .fields
                .iter()
                .flat_map(|field| field.items.iter())
                .any(|item| nested_object(item).is_some());
            if deeper {
                work.push(std::mem::take(&mut object.fields));
            }
        }
    }
}

impl Drop for Object {
    fn drop(&mut self) {
        if self.fields.is_empty() {
            return;
        }
        let mut work = Vec::new();
        take_nested(&mut self.fields, &mut work);
        while let Some(mut fields) = work.pop() {
            take_nested(&mut fields, &mut work);
            // `fields` goes here; the objects in it hold no fields any more, so dropping them
            // goes no deeper.
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::family::Int32;
    use crate::Object;

    /// `levels` objects, each in field 1 of the one above, the deepest holding 7 at field 2
    /// (also what `depth`'s tests check).
    pub(crate) fn chain(levels: usize) -> Object {
        let mut root = Object::new();
        let mut at = &mut root;
        for _ in 1..levels {
            at = at.add_object(1);
        }
        at.add::<Int32>(2, 7);
        root
    }

    fn deepest(mut object: &Object) -> (usize, i32) {
        let mut levels = 1;
        while let Some(inner) = object.object(1) {
            object = inner;
            levels += 1;
        }
        (levels, object.get::<Int32>(2))
    }

    #[test]
    fn deep_objects_clone_and_drop_without_recursion() {
        // Far more levels than a test thread's 2 MiB stack holds frames for.
        let deep = chain(200_000);
        let copy = deep.clone();
        drop(deep);
        assert_eq!(deepest(&copy), (200_000, 7));
        drop(copy);
    }

    #[test]
    fn objects_parsed_into_the_cache_drop_without_recursion() {
        let levels = 100_000;
        let bytes = chain(levels).encode();
        let read = Object::decode(&bytes).unwrap();
        // Reading each level parses it into its parent's cache.
        assert_eq!(deepest(&read), (levels, 7));
        let copy = read.clone();
        drop(read);
        // The copy parses again when read.
        assert_eq!(deepest(&copy), (levels, 7));
    }

    #[test]
    fn a_clone_is_a_copy() {
        let mut object = chain(3);
        object.add_string(4, "text");
        object.add_object(5).add_bytes(1, b"\x08\x01");
        let mut copy = object.clone();
        assert_eq!(copy, object);
        copy.object_mut(1).unwrap().unwrap().add::<Int32>(9, 1);
        assert_ne!(copy, object);
        assert_eq!(object.object(1).unwrap().count::<Int32>(9), 0);
    }
}
