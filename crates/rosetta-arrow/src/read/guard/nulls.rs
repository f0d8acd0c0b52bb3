//! Validity bitmaps against their arrays' lengths. arrow-rs 59 makes an array's null bitmap
//! before it validates the array, and panics when the bitmap is shorter than the array; so
//! each array of a batch is paired with its buffers here, as arrow-rs's reader pairs them, and
//! a short bitmap is refused first.

use arrow::ipc::{Buffer, Field, FieldNode, RecordBatch, Type};

/// Checks the validity bitmap of every array of `batch` that has nulls: the arrays of `roots`
/// and their children, read depth first as arrow-rs reads them. `dictionary` says that the
/// batch is a dictionary's: its one root is the values of a dictionary-encoded field.
/// Buffers lie inside `body` (checked before).
pub(super) fn check_validity(
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
        buffer_at = buffer_at.saturating_add(own);
        if !encoded {
            let children = field.children().into_iter().flatten().collect::<Vec<_>>();
            pending.extend(children.into_iter().rev().map(|c| (c, false)));
        }
    }
    Ok(())
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
