//! Each array of a batch paired with its buffers, as arrow-rs's reader pairs them, and checked
//! where arrow-rs 59 panics rather than errs:
//!
//! - a validity bitmap shorter than its array (arrow-rs makes the null bitmap before it
//!   validates the array);
//! - offsets, views or dictionary keys in a buffer whose length is no multiple of their width
//!   (its validation views the buffer as a typed slice, which asserts that).

use arrow::ipc::{Buffer, Field, FieldNode, Int, RecordBatch, Type};

/// Checks the arrays of `batch`: those of `roots` and their children, read depth first as
/// arrow-rs reads them. `dictionary` says that the batch is a dictionary's: its one root is the
/// values of a dictionary-encoded field. Buffers lie inside `body` (checked before).
pub(super) fn check_arrays(
    roots: Vec<Field<'_>>,
    batch: &RecordBatch<'_>,
    body: &[u8],
    dictionary: bool,
) -> Result<(), String> {
    let nodes: Vec<FieldNode> = batch.nodes().into_iter().flatten().copied().collect();
    let buffers: Vec<Buffer> = batch.buffers().into_iter().flatten().copied().collect();
    let mut variadic = batch.variadicBufferCounts().into_iter().flatten();
    let compressed = batch.compression().is_some();
    let (mut node_at, mut buffer_at) = (0usize, 0usize);
    let mut pending: Vec<(Field<'_>, bool)> =
        roots.into_iter().rev().map(|f| (f, dictionary)).collect();
    while let Some((field, as_values)) = pending.pop() {
        let encoded = field.dictionary().is_some() && !as_values;
        let ty = field.type_type();
        let own = match ty {
            _ if encoded => 2,
            Type::Null => 0,
            Type::Utf8 | Type::Binary | Type::LargeUtf8 | Type::LargeBinary => 3,
            Type::Utf8View | Type::BinaryView => match variadic.next() {
                Some(count) => 2 + usize::try_from(count).unwrap_or(usize::MAX - 2),
                // arrow-rs refuses a missing count itself.
                None => return Ok(()),
            },
            Type::FixedSizeList | Type::Struct_ => 1,
            // Primitives, booleans, fixed-size binary, lists and maps.
            _ => 2,
        };
        // Past the last node or buffer arrow-rs errs itself.
        let Some(node) = nodes.get(node_at) else {
            return Ok(());
        };
        node_at += 1;
        if node.null_count() > 0 && (encoded || ty != Type::Null) {
            let Some(validity) = buffers.get(buffer_at) else {
                return Ok(());
            };
            let bytes = unpacked_len(validity, body, compressed);
            let needed = node.length().max(0) as u64;
            if bytes.saturating_mul(8) < needed {
                return Err(format!(
                    "an array of {} values with {} nulls and a validity bitmap of {bytes} bytes",
                    node.length(),
                    node.null_count()
                ));
            }
        }
        if let Some(width) = element_width(&field, encoded) {
            if let Some(values) = buffers.get(buffer_at.saturating_add(1)) {
                let bytes = unpacked_len(values, body, compressed);
                if !bytes.is_multiple_of(width) {
                    return Err(format!(
                        "a buffer of {bytes} bytes for elements of {width} bytes (array {})",
                        node_at - 1
                    ));
                }
            }
        }
        buffer_at = buffer_at.saturating_add(own);
        if !encoded {
            let children = field.children().into_iter().flatten().collect::<Vec<_>>();
            pending.extend(children.into_iter().rev().map(|c| (c, false)));
        }
    }
    Ok(())
}

/// The width of the elements of an array's second buffer, where arrow-rs views it as a typed
/// slice: offsets, views, dictionary keys.
fn element_width(field: &Field<'_>, encoded: bool) -> Option<u64> {
    if encoded {
        let bits = field
            .dictionary()
            .and_then(|d| d.indexType())
            .map_or(32, |index: Int<'_>| index.bitWidth());
        return Some((bits.max(8) / 8) as u64);
    }
    match field.type_type() {
        Type::Utf8 | Type::Binary | Type::List | Type::Map => Some(4),
        Type::LargeUtf8 | Type::LargeBinary | Type::LargeList => Some(8),
        Type::Utf8View | Type::BinaryView => Some(16),
        _ => None,
    }
}

/// A buffer's length once decompressed: in a compressed batch, a buffer starts with its
/// uncompressed length (-1: stored as is, after that prefix).
fn unpacked_len(buffer: &Buffer, body: &[u8], compressed: bool) -> u64 {
    let len = buffer.length().max(0) as u64;
    if !compressed || len == 0 {
        return len;
    }
    let start = buffer.offset().max(0) as usize;
    let prefix = body
        .get(start..start.saturating_add(8))
        .and_then(|p| <[u8; 8]>::try_from(p).ok());
    match prefix.map(i64::from_le_bytes) {
        Some(-1) => len - 8,
        Some(n) => n.max(0) as u64,
        // Too short for its prefix: arrow-rs refuses it.
        None => u64::MAX / 8,
    }
}
