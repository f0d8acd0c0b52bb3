//! Checks of the Arrow IPC metadata that arrow-rs 59 trusts: its schema conversion
//! (`arrow_ipc::convert`) and record batch decoder panic, rather than err, on a field type
//! without its table, an unknown bit width or unit, a list without its one child, a buffer
//! outside its message body or a wrong count of variadic buffers. Rosetta reads files from
//! anyone, so every such file is refused here with an error before arrow-rs sees it.

use arrow::ipc::{
    DateUnit, DictionaryBatch, Field, IntervalUnit, Message, MessageHeader, Precision, RecordBatch,
    Schema, TimeUnit, Type,
};

use crate::error::{Error, Result};

mod arrays;

/// A message of an IPC file's block, checked: its flatbuffer verified, and, for a record batch or
/// a dictionary batch, every buffer inside `body` and every validity bitmap as long as its
/// array. `schema` is the file's, already checked by [`check_schema`].
pub(super) fn check_message(
    meta: &[u8],
    body: &[u8],
    schema: &Schema<'_>,
    name: &str,
) -> Result<()> {
    let message = message_of(meta).map_err(|e| invalid(name, e))?;
    let checked = match message.header_type() {
        MessageHeader::RecordBatch => match message.header_as_record_batch() {
            Some(batch) => check_batch(&batch, body, view_count(schema_fields(schema)))
                .and_then(|()| arrays::check_arrays(schema_fields(schema), &batch, body, false)),
            None => Err("a record batch message without its header".into()),
        },
        MessageHeader::DictionaryBatch => match message.header_as_dictionary_batch() {
            Some(dictionary) => check_dictionary(&dictionary, body, schema),
            None => Err("a dictionary message without its header".into()),
        },
        // arrow-rs refuses other messages itself.
        _ => Ok(()),
    };
    checked.map_err(|e| invalid(name, e))
}

/// The flatbuffer of an encapsulated IPC message (after its optional continuation marker and
/// its length), verified.
pub(super) fn message_of(meta: &[u8]) -> std::result::Result<Message<'_>, String> {
    let rest = match meta {
        [0xff, 0xff, 0xff, 0xff, rest @ ..] => rest,
        rest => rest,
    };
    let (len, flatbuffer) = rest
        .split_first_chunk::<4>()
        .ok_or("a message shorter than its length prefix")?;
    let len = i32::from_le_bytes(*len);
    let flatbuffer = usize::try_from(len)
        .ok()
        .and_then(|len| flatbuffer.get(..len))
        .ok_or_else(|| format!("a message length of {len} outside its block"))?;
    arrow::ipc::root_as_message(flatbuffer).map_err(|e| format!("a message that is not IPC: {e}"))
}

/// A schema whose every field arrow-rs's conversion turns into a type without panicking, and
/// whose types are the ones Rosetta's tables use.
pub(super) fn check_schema(schema: &Schema<'_>) -> std::result::Result<(), String> {
    if !schema.endianness().equals_to_target_endianness() {
        return Err("a schema of the other byte order".into());
    }
    if schema.fields().is_none() {
        return Err("a schema without its fields".into());
    }
    // An explicit stack: the verifier bounds nesting (64 tables), but nothing here recurses.
    let mut pending: Vec<Field<'_>> = schema_fields(schema);
    while let Some(field) = pending.pop() {
        let path = || format!("field `{}`", field.name().unwrap_or_default());
        if let Some(dictionary) = field.dictionary() {
            let index = dictionary
                .indexType()
                .ok_or_else(|| format!("{}: a dictionary without its index type", path()))?;
            if !matches!(index.bitWidth(), 8 | 16 | 32 | 64) {
                return Err(format!(
                    "{}: a dictionary index of {} bits",
                    path(),
                    index.bitWidth()
                ));
            }
        }
        let children: Vec<Field<'_>> = field.children().into_iter().flatten().collect();
        let kind = field.type_type();
        let known = match kind {
            Type::Null
            | Type::Bool
            | Type::Binary
            | Type::LargeBinary
            | Type::Utf8
            | Type::LargeUtf8
            | Type::BinaryView
            | Type::Utf8View
            | Type::Struct_ => true,
            Type::Int => field
                .type_as_int()
                .is_some_and(|int| matches!(int.bitWidth(), 8 | 16 | 32 | 64)),
            Type::FixedSizeBinary => field.type_as_fixed_size_binary().is_some(),
            Type::FloatingPoint => field.type_as_floating_point().is_some_and(|float| {
                matches!(
                    float.precision(),
                    Precision::HALF | Precision::SINGLE | Precision::DOUBLE
                )
            }),
            Type::Date => field
                .type_as_date()
                .is_some_and(|date| matches!(date.unit(), DateUnit::DAY | DateUnit::MILLISECOND)),
            Type::Time => field.type_as_time().is_some_and(|time| {
                matches!(
                    (time.bitWidth(), time.unit()),
                    (32, TimeUnit::SECOND | TimeUnit::MILLISECOND)
                        | (64, TimeUnit::MICROSECOND | TimeUnit::NANOSECOND)
                )
            }),
            Type::Timestamp => field
                .type_as_timestamp()
                .is_some_and(|t| known_time_unit(t.unit())),
            Type::Duration => field
                .type_as_duration()
                .is_some_and(|d| known_time_unit(d.unit())),
            Type::Interval => field.type_as_interval().is_some_and(|i| {
                matches!(
                    i.unit(),
                    IntervalUnit::YEAR_MONTH
                        | IntervalUnit::DAY_TIME
                        | IntervalUnit::MONTH_DAY_NANO
                )
            }),
            Type::Decimal => field.type_as_decimal().is_some_and(|d| {
                matches!(d.bitWidth(), 32 | 64 | 128 | 256)
                    && u8::try_from(d.precision()).is_ok()
                    && i8::try_from(d.scale()).is_ok()
            }),
            Type::List | Type::LargeList => children.len() == 1,
            Type::FixedSizeList => children.len() == 1 && field.type_as_fixed_size_list().is_some(),
            Type::Map => children.len() == 1 && field.type_as_map().is_some(),
            // Unions, run-end encoding and list views: arrow-rs trusts their buffers' lengths,
            // and no Rosetta table has them.
            _ => false,
        };
        if !known {
            return Err(format!(
                "{}: an unsupported or malformed type {kind:?}",
                path()
            ));
        }
        pending.extend(children);
    }
    Ok(())
}

fn known_time_unit(unit: TimeUnit) -> bool {
    matches!(
        unit,
        TimeUnit::SECOND | TimeUnit::MILLISECOND | TimeUnit::MICROSECOND | TimeUnit::NANOSECOND
    )
}

fn schema_fields<'a>(schema: &Schema<'a>) -> Vec<Field<'a>> {
    schema.fields().into_iter().flatten().collect()
}

/// The string and binary view columns a batch of `fields` reads, each of which takes one
/// variadic buffer count: every view type in the fields' trees, but not under a
/// dictionary-encoded field, whose values come in a dictionary batch.
fn view_count(fields: Vec<Field<'_>>) -> usize {
    let mut count = 0;
    let mut pending = fields;
    while let Some(field) = pending.pop() {
        if field.dictionary().is_some() {
            continue;
        }
        if matches!(field.type_type(), Type::BinaryView | Type::Utf8View) {
            count += 1;
        }
        pending.extend(field.children().into_iter().flatten());
    }
    count
}

fn check_dictionary(
    dictionary: &DictionaryBatch<'_>,
    body: &[u8],
    schema: &Schema<'_>,
) -> std::result::Result<(), String> {
    let batch = dictionary
        .data()
        .ok_or("a dictionary batch without its data")?;
    // The dictionary's values are the encoded field's type (its own encoding left out).
    let mut pending = schema_fields(schema);
    let mut encoded = None;
    while let Some(field) = pending.pop() {
        if field.dictionary().map(|d| d.id()) == Some(dictionary.id()) {
            encoded = Some(field);
            break;
        }
        pending.extend(field.children().into_iter().flatten());
    }
    let field = encoded
        .ok_or_else(|| format!("a dictionary of id {} that no field uses", dictionary.id()))?;
    let own = usize::from(matches!(
        field.type_type(),
        Type::BinaryView | Type::Utf8View
    ));
    let views = own + view_count(field.children().into_iter().flatten().collect());
    check_batch(&batch, body, views)?;
    arrays::check_arrays(vec![field], &batch, body, true)
}

/// A batch's lengths and buffers: every buffer inside the body, every length and count
/// non-negative, and as many variadic buffer counts as the batch has view columns.
fn check_batch(
    batch: &RecordBatch<'_>,
    body: &[u8],
    views: usize,
) -> std::result::Result<(), String> {
    let body_len = body.len() as u64;
    if batch.length() < 0 {
        return Err(format!("a batch of {} rows", batch.length()));
    }
    for node in batch.nodes().into_iter().flatten() {
        if node.length() < 0 || node.null_count() < 0 || node.null_count() > node.length() {
            return Err(format!(
                "an array of {} values with {} nulls",
                node.length(),
                node.null_count()
            ));
        }
    }
    let buffers = batch.buffers().into_iter().flatten();
    for (i, buffer) in buffers.clone().enumerate() {
        let inside = u64::try_from(buffer.offset())
            .ok()
            .zip(u64::try_from(buffer.length()).ok())
            .and_then(|(offset, len)| offset.checked_add(len))
            .is_some_and(|end| end <= body_len);
        if !inside {
            return Err(format!(
                "buffer {i} (offset {}, {} bytes) outside the message body of {body_len} bytes",
                buffer.offset(),
                buffer.length()
            ));
        }
    }
    let counts: Vec<i64> = batch.variadicBufferCounts().into_iter().flatten().collect();
    let buffer_count = buffers.count() as i64;
    if counts.len() > views || counts.iter().any(|&c| !(0..=buffer_count).contains(&c)) {
        return Err(format!(
            "variadic buffer counts {counts:?} for {views} view columns and {buffer_count} buffers"
        ));
    }
    Ok(())
}

fn invalid(name: &str, what: String) -> Error {
    Error::Value(format!("{name}: invalid Arrow IPC data: {what}"))
}

/// The Arrow schema that a Parquet file's writer embedded (key `ARROW:schema`: an IPC schema
/// message, base64), checked as the Parquet reader will decode it. What does not decode is left
/// to the Parquet reader, which refuses it with an error.
pub(super) fn check_embedded_schema(encoded: &str) -> std::result::Result<(), String> {
    use base64::Engine as _;
    let Ok(bytes) = base64::engine::general_purpose::STANDARD.decode(encoded) else {
        return Ok(());
    };
    let message = match bytes.as_slice() {
        [0xff, 0xff, 0xff, 0xff, _, _, _, _, rest @ ..] if !rest.is_empty() => rest,
        all => all,
    };
    match arrow::ipc::root_as_message(message)
        .ok()
        .and_then(|m| m.header_as_schema())
    {
        Some(schema) => {
            check_schema(&schema).map_err(|e| format!("its embedded Arrow schema: {e}"))
        }
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use arrow::ipc::{
        BoolBuilder, Buffer as BufferRef, FieldBuilder, FieldNode, IntBuilder, ListBuilder,
        MessageBuilder, MetadataVersion, RecordBatchBuilder, SchemaBuilder, Struct_Builder,
        UnionBuilder, Utf8Builder,
    };
    use flatbuffers::FlatBufferBuilder;

    use super::*;

    /// The type table of `kind` (an integer of `bits` bits), which the verifier requires beside
    /// every type tag but `NONE`.
    fn type_table(
        fbb: &mut FlatBufferBuilder<'static>,
        kind: Type,
        bits: i32,
    ) -> Option<flatbuffers::WIPOffset<flatbuffers::UnionWIPOffset>> {
        Some(match kind {
            Type::Bool => BoolBuilder::new(fbb).finish().as_union_value(),
            Type::Utf8 => Utf8Builder::new(fbb).finish().as_union_value(),
            Type::List => ListBuilder::new(fbb).finish().as_union_value(),
            Type::Struct_ => Struct_Builder::new(fbb).finish().as_union_value(),
            Type::Union => UnionBuilder::new(fbb).finish().as_union_value(),
            Type::Int => {
                let mut int = IntBuilder::new(fbb);
                int.add_bitWidth(bits);
                int.add_is_signed(true);
                int.finish().as_union_value()
            }
            _ => return None,
        })
    }

    /// A schema message of one field `x` of `kind` (an integer: of `bits` bits), with
    /// `children` Bool children, as arrow-ipc's generated builders write it: nothing checks
    /// what they are given.
    fn schema_message(kind: Type, bits: i32, children: usize) -> Vec<u8> {
        let mut fbb = FlatBufferBuilder::new();
        let kids: Vec<_> = (0..children)
            .map(|_| {
                let name = fbb.create_string("item");
                let table = type_table(&mut fbb, Type::Bool, 0);
                let mut field = FieldBuilder::new(&mut fbb);
                field.add_name(name);
                field.add_type_type(Type::Bool);
                if let Some(table) = table {
                    field.add_type_(table);
                }
                field.finish()
            })
            .collect();
        let kids = fbb.create_vector(&kids);
        let name = fbb.create_string("x");
        let table = type_table(&mut fbb, kind, bits);
        let mut field = FieldBuilder::new(&mut fbb);
        field.add_name(name);
        field.add_type_type(kind);
        if let Some(table) = table {
            field.add_type_(table);
        }
        field.add_children(kids);
        let field = field.finish();
        let fields = fbb.create_vector(&[field]);
        let mut schema = SchemaBuilder::new(&mut fbb);
        schema.add_fields(fields);
        let schema = schema.finish();
        let mut message = MessageBuilder::new(&mut fbb);
        message.add_version(MetadataVersion::V5);
        message.add_header_type(MessageHeader::Schema);
        message.add_header(schema.as_union_value());
        let message = message.finish();
        fbb.finish(message, None);
        fbb.finished_data().to_vec()
    }

    fn schema_check(bytes: &[u8]) -> std::result::Result<(), String> {
        let message = arrow::ipc::root_as_message(bytes).expect("a message");
        check_schema(&message.header_as_schema().expect("a schema"))
    }

    #[test]
    fn schemas_that_arrow_rs_would_panic_on_are_refused() {
        // A type tag without a type (what a fuzzed Parquet file's embedded schema held).
        let err = schema_check(&schema_message(Type::NONE, 0, 0)).unwrap_err();
        assert!(err.contains("field `x`") && err.contains("NONE"), "{err}");
        // A list needs exactly one child; an integer a width arrow-rs knows.
        assert!(schema_check(&schema_message(Type::List, 0, 0)).is_err());
        assert!(schema_check(&schema_message(Type::List, 0, 2)).is_err());
        assert!(schema_check(&schema_message(Type::Int, 7, 0)).is_err());
        assert!(schema_check(&schema_message(Type::Union, 0, 1)).is_err());
        // What converts is accepted.
        schema_check(&schema_message(Type::Int, 32, 0)).unwrap();
        schema_check(&schema_message(Type::List, 0, 1)).unwrap();
        schema_check(&schema_message(Type::Struct_, 0, 3)).unwrap();
    }

    /// A record batch message of `rows` rows, one node, and `buffers` (offset, length).
    fn batch_message(rows: i64, buffers: &[(i64, i64)], variadic: &[i64]) -> Vec<u8> {
        batch_with_nulls(rows, 0, buffers, variadic)
    }

    /// [`batch_message`] whose one array has `nulls` nulls.
    fn batch_with_nulls(
        rows: i64,
        nulls: i64,
        buffers: &[(i64, i64)],
        variadic: &[i64],
    ) -> Vec<u8> {
        let mut fbb = FlatBufferBuilder::new();
        let nodes = fbb.create_vector(&[FieldNode::new(rows, nulls)]);
        let refs: Vec<_> = buffers.iter().map(|&(o, l)| BufferRef::new(o, l)).collect();
        let refs = fbb.create_vector(&refs);
        let variadic = fbb.create_vector(variadic);
        let mut batch = RecordBatchBuilder::new(&mut fbb);
        batch.add_length(rows);
        batch.add_nodes(nodes);
        batch.add_buffers(refs);
        batch.add_variadicBufferCounts(variadic);
        let batch = batch.finish();
        let mut message = MessageBuilder::new(&mut fbb);
        message.add_version(MetadataVersion::V5);
        message.add_header_type(MessageHeader::RecordBatch);
        message.add_header(batch.as_union_value());
        let message = message.finish();
        fbb.finish(message, None);
        // Encapsulated as in a file: continuation marker, length, flatbuffer.
        let flatbuffer = fbb.finished_data();
        let mut meta = vec![0xff; 4];
        meta.extend((flatbuffer.len() as i32).to_le_bytes());
        meta.extend(flatbuffer);
        meta
    }

    #[test]
    fn buffers_outside_the_body_and_stray_variadic_counts_are_refused() {
        let schema_bytes = schema_message(Type::Int, 64, 0);
        let schema = arrow::ipc::root_as_message(&schema_bytes)
            .unwrap()
            .header_as_schema()
            .unwrap();
        let check =
            |meta: &[u8], body: usize| check_message(meta, &vec![0; body], &schema, "t.arrow");
        check(&batch_message(2, &[(0, 0), (0, 16)], &[]), 16).unwrap();
        let err = check(&batch_message(2, &[(0, 0), (8, 16)], &[]), 16).unwrap_err();
        assert!(
            err.to_string()
                .starts_with("t.arrow: invalid Arrow IPC data: buffer 1"),
            "{err}"
        );
        assert!(check(&batch_message(2, &[(-8, 8)], &[]), 16).is_err());
        assert!(check(&batch_message(2, &[(i64::MAX, 8)], &[]), 16).is_err());
        assert!(check(&batch_message(-1, &[], &[]), 16).is_err());
        // No view column, so no variadic count.
        assert!(check(&batch_message(2, &[(0, 16)], &[1]), 16).is_err());
        // A length prefix longer than the message.
        let mut meta = batch_message(2, &[(0, 16)], &[]);
        meta[4..8].copy_from_slice(&1000i32.to_le_bytes());
        assert!(check(&meta, 16).is_err());
    }

    #[test]
    fn a_validity_bitmap_shorter_than_its_array_is_refused() {
        let schema_bytes = schema_message(Type::Int, 64, 0);
        let schema = arrow::ipc::root_as_message(&schema_bytes)
            .unwrap()
            .header_as_schema()
            .unwrap();
        let check = |meta: &[u8]| check_message(meta, &[0; 96], &schema, "t.arrow");
        // 9 values with a null: a bitmap of 2 bytes at least.
        check(&batch_with_nulls(9, 1, &[(0, 8), (8, 72)], &[])).unwrap();
        check(&batch_with_nulls(9, 1, &[(0, 2), (8, 72)], &[])).unwrap();
        let err = check(&batch_with_nulls(9, 1, &[(0, 1), (8, 72)], &[])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.arrow: invalid Arrow IPC data: an array of 9 values with 1 nulls and a validity \
             bitmap of 1 bytes"
        );
        // Without nulls the bitmap is not read.
        check(&batch_with_nulls(9, 0, &[(0, 0), (8, 72)], &[])).unwrap();
    }

    #[test]
    fn offsets_in_a_buffer_of_another_width_are_refused() {
        let schema_bytes = schema_message(Type::Utf8, 0, 0);
        let schema = arrow::ipc::root_as_message(&schema_bytes)
            .unwrap()
            .header_as_schema()
            .unwrap();
        let check = |meta: &[u8]| check_message(meta, &[0; 64], &schema, "t.arrow");
        // 2 strings: 3 offsets of 4 bytes.
        check(&batch_message(2, &[(0, 0), (0, 12), (16, 8)], &[])).unwrap();
        let err = check(&batch_message(2, &[(0, 0), (0, 13), (16, 8)], &[])).unwrap_err();
        assert_eq!(
            err.to_string(),
            "t.arrow: invalid Arrow IPC data: a buffer of 13 bytes for elements of 4 bytes \
             (array 0)"
        );
    }

    #[test]
    fn a_parquet_file_with_a_bad_embedded_schema_is_refused_by_name() {
        use std::sync::Arc;

        use arrow::array::{Int64Array, RecordBatch as Batch};
        use arrow::datatypes::{DataType, Field as ArrowField, Schema as ArrowSchema};
        use base64::Engine as _;
        use parquet::arrow::arrow_writer::ArrowWriterOptions;
        use parquet::arrow::ArrowWriter;
        use parquet::file::metadata::KeyValue;

        let schema = Arc::new(ArrowSchema::new(vec![ArrowField::new(
            "entity_id",
            DataType::Int64,
            false,
        )]));
        let batch =
            Batch::try_new(schema.clone(), vec![Arc::new(Int64Array::from(vec![1, 2]))]).unwrap();
        let mut file = Vec::new();
        let options = ArrowWriterOptions::new().with_skip_arrow_metadata(true);
        let mut writer = ArrowWriter::try_new_with_options(&mut file, schema, options).unwrap();
        writer.write(&batch).unwrap();
        let encoded =
            base64::engine::general_purpose::STANDARD.encode(schema_message(Type::NONE, 0, 0));
        writer.append_key_value_metadata(KeyValue::new("ARROW:schema".into(), encoded));
        writer.close().unwrap();
        let err = crate::read_batches_in_memory(file, "t.parquet")
            .err()
            .unwrap();
        let err = err.to_string();
        assert!(
            err.starts_with("t.parquet: ") && err.contains("embedded Arrow schema"),
            "{err}"
        );
    }
}
