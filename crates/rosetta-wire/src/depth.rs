//! The nesting limit, [`MAX_NESTING`], without a schema: for callers that hold objects and bytes
//! but no types (the C API). Without a schema, bytes cannot be told from an object, so a
//! non-empty length-delimited value whose bytes read as an object counts as one; an empty one adds
//! no level (nothing can nest inside it). With a schema, [`typed::check_nesting`] counts exactly.
//!
//! [`typed::check_nesting`]: crate::typed::check_nesting

use rosetta_types::MAX_NESTING;

use crate::encoding::{get_fixed, get_len, get_tag, get_varint, WireType};
use crate::error::{Error, Result};
use crate::object::{Item, Object};

/// A length-delimited value being read as an object by [`first_too_deep`].
struct Scan {
    start: usize,
    end: usize,
    level: usize,
    /// The first object past the limit inside, among the values that read as objects.
    deep_at: Option<usize>,
}

/// Reads one field at `*pos`: the range of its value when it is length-delimited.
fn field(input: &[u8], pos: &mut usize) -> Result<Option<std::ops::Range<usize>>> {
    let (_, wire) = get_tag(input, pos)?;
    match wire {
        WireType::Varint => get_varint(input, pos).map(|_| None),
        WireType::Fixed32 => get_fixed::<4>(input, pos).map(|_| None),
        WireType::Fixed64 => get_fixed::<8>(input, pos).map(|_| None),
        WireType::Len => get_len(input, pos).map(Some),
    }
}

/// The offset of the first object past [`MAX_NESTING`] in `bytes`, read as an object at
/// `level` (a root is level 1); `None` when there is none, or when the bytes do not read as an
/// object at all. A value counts only when it and every value around it read as objects, so
/// each value is read to its end before it counts; each byte is read once, and values below the
/// first level past the limit are not looked into.
fn first_too_deep(bytes: &[u8], level: usize) -> Option<usize> {
    // Each level needs at least a tag and a length, the deepest object a tag and a value.
    let levels_to_go = (MAX_NESTING + 1).saturating_sub(level);
    if bytes.len() < 2 * levels_to_go + 2 {
        return None;
    }
    let mut stack = vec![Scan {
        start: 0,
        end: bytes.len(),
        level,
        deep_at: None,
    }];
    let mut pos = 0;
    while let Some(top) = stack.last_mut() {
        if pos == top.end {
            let done = stack.pop()?;
            let found = if done.level > MAX_NESTING && done.end > done.start {
                Some(done.start)
            } else {
                done.deep_at
            };
            match stack.last_mut() {
                Some(parent) => parent.deep_at = parent.deep_at.or(found),
                None => return found,
            }
            continue;
        }
        match field(&bytes[..top.end], &mut pos) {
            Ok(Some(value)) if top.level <= MAX_NESTING && !value.is_empty() => {
                let level = top.level + 1;
                pos = value.start;
                stack.push(Scan {
                    start: value.start,
                    end: value.end,
                    level,
                    deep_at: None,
                });
            }
            Ok(_) => {}
            // Not an object: bytes, whatever they hold.
            Err(_) => {
                let failed = stack.pop()?;
                pos = failed.end;
            }
        }
    }
    None
}

impl Object {
    /// Checks that wire bytes, read as an object at `level` (a root is level 1; the fields of an
    /// object at level *n* are merged at level *n*), hold no object deeper than [`MAX_NESTING`],
    /// counting without a schema (module docs). The error is
    /// `nesting deeper than 100 object levels (at byte N)`, N the offset of the first value past
    /// the limit. Bytes that do not read as an object hold no object; decoding reports them.
    ///
    /// ```
    /// use rosetta_wire::{encoding::put_varint, Object};
    /// // `levels` objects, each in field 1 of the one above, the deepest holding 1 at field 2.
    /// let chain = |levels: usize| {
    ///     let mut bytes = vec![0x10, 0x01];
    ///     for _ in 1..levels {
    ///         let mut outer = vec![0x0a];
    ///         put_varint(&mut outer, bytes.len() as u64);
    ///         outer.extend_from_slice(&bytes);
    ///         bytes = outer;
    ///     }
    ///     bytes
    /// };
    /// assert!(Object::check_bytes_nesting(&chain(100), 1).is_ok());
    /// let deep = chain(101);
    /// let error = Object::check_bytes_nesting(&deep, 1).unwrap_err();
    /// // The deepest object is the last two bytes.
    /// assert_eq!(error.byte_offset(), Some(deep.len() - 2));
    /// assert_eq!(
    ///     error.to_string(),
    ///     format!("nesting deeper than 100 object levels (at byte {})", deep.len() - 2)
    /// );
    /// // Merged into an object at level 2, the same bytes reach one level further.
    /// assert!(Object::check_bytes_nesting(&chain(100), 2).is_err());
    /// ```
    pub fn check_bytes_nesting(bytes: &[u8], level: usize) -> Result<()> {
        match first_too_deep(bytes, level) {
            Some(offset) => Err(Error::too_deep_at(offset)),
            None => Ok(()),
        }
    }

    /// Checks that the object, at `level` (a root is level 1), holds no object deeper than
    /// [`MAX_NESTING`], counting without a schema (module docs): objects built in memory, and
    /// bytes that read as objects. The error is `nesting deeper than 100 object levels (at
    /// PATH)`, PATH the field id and the index among the field's length-delimited values of each
    /// step to the first value past the limit (`/1/0/4/2`). The walk takes no recursion.
    pub fn check_nesting(&self, level: usize) -> Result<()> {
        let start = level;
        // Each entry: an object, its level and the step to it from its parent.
        let mut stack = vec![(self, level, None)];
        let mut path: Vec<(u32, usize)> = Vec::new();
        while let Some((object, level, step)) = stack.pop() {
            if let Some(step) = step {
                path.truncate(level - start - 1);
                path.push(step);
            }
            for field in &object.fields {
                let values = field.items.iter().filter(|item| item.is_len());
                for (index, item) in values.enumerate() {
                    let too_deep = match item {
                        Item::Object(child) if level < MAX_NESTING => {
                            stack.push((child, level + 1, Some((field.id, index))));
                            false
                        }
                        Item::Object(_) => true,
                        Item::Bytes(bytes, _) => first_too_deep(bytes, level + 1).is_some(),
                        _ => false,
                    };
                    if too_deep {
                        path.push((field.id, index));
                        let steps: String =
                            path.iter().map(|(id, i)| format!("/{id}/{i}")).collect();
                        return Err(Error::too_deep_at_path(steps));
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::tests::chain;

    #[test]
    fn the_limit_counts_objects_in_memory_and_in_bytes_alike() {
        let at_limit = chain(MAX_NESTING);
        assert!(at_limit.check_nesting(1).is_ok());
        assert!(Object::check_bytes_nesting(&at_limit.encode(), 1).is_ok());
        let past = chain(MAX_NESTING + 1);
        let error = past.check_nesting(1).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "nesting deeper than 100 object levels (at {})",
                "/1/0".repeat(100)
            )
        );
        let bytes = past.encode();
        let error = Object::check_bytes_nesting(&bytes, 1).unwrap_err();
        // The deepest object, `10 07`, ends the bytes.
        assert_eq!(error.byte_offset(), Some(bytes.len() - 2));
        // Read back, the deeper levels are bytes until read: the same count.
        let read = Object::decode(&past.encode()).unwrap();
        assert!(read.check_nesting(1).is_err());
        assert!(Object::decode(&at_limit.encode())
            .unwrap()
            .check_nesting(1)
            .is_ok());
        // At level 2, one level fewer fits.
        assert!(chain(MAX_NESTING).check_nesting(2).is_err());
        assert!(chain(MAX_NESTING - 1).check_nesting(2).is_ok());
    }

    #[test]
    fn values_that_are_no_object_add_no_level() {
        // 101 levels, but the value at level 50 has a byte after it that no object has (a tag
        // of field 0): it is bytes, and what it holds no object.
        let inner = chain(MAX_NESTING + 1 - 49).encode();
        let mut bytes_value = inner.clone();
        bytes_value.push(0x00);
        let mut root = chain(49);
        let mut at = &mut root;
        while at.has_field(1) {
            at = at.object_mut(1).unwrap().unwrap();
        }
        at.add_bytes(3, &bytes_value);
        assert!(root.check_nesting(1).is_ok());
        assert!(Object::check_bytes_nesting(&root.encode(), 1).is_ok());
        // Without that byte it reads as objects, 101 levels.
        at = &mut root;
        while at.has_field(1) {
            at = at.object_mut(1).unwrap().unwrap();
        }
        at.clear_field(3);
        at.add_bytes(3, &inner);
        assert!(root.check_nesting(1).is_err());
        assert!(Object::check_bytes_nesting(&root.encode(), 1).is_err());
        // An empty value adds no level.
        let mut leaf = chain(MAX_NESTING);
        let mut at = &mut leaf;
        while at.has_field(1) {
            at = at.object_mut(1).unwrap().unwrap();
        }
        at.add_bytes(3, b"");
        assert!(Object::check_bytes_nesting(&leaf.encode(), 1).is_ok());
        assert!(leaf.check_nesting(1).is_ok());
    }

    #[test]
    fn deep_bytes_are_checked_in_one_pass_without_recursion() {
        let levels = 100_000;
        let bytes = chain(levels).encode();
        let error = Object::check_bytes_nesting(&bytes, 1).unwrap_err();
        assert!(error.to_string().starts_with("nesting deeper than 100"));
        // Garbage at the very end makes the outermost value bytes: nothing counts below it.
        let mut wrapped = vec![0x0a];
        let mut inner = bytes.clone();
        inner.push(0x00);
        crate::encoding::put_varint(&mut wrapped, inner.len() as u64);
        wrapped.extend_from_slice(&inner);
        assert!(Object::check_bytes_nesting(&wrapped, 1).is_ok());
        // Bytes that are no object at all are left to the decoder.
        assert!(Object::check_bytes_nesting(&[0x0a, 0x05, 1], 1).is_ok());
    }
}
