use super::*;
use crate::test_support::*;

/// A tag byte for small field numbers.
fn tag(field: u8, wire_type: u8) -> u8 {
    (field << 3) | wire_type
}

/// `bytes` wrapped as length-delimited field `field` (short payloads only).
fn len_field(field: u8, bytes: &[u8]) -> Vec<u8> {
    let mut v = vec![tag(field, wire::LEN), bytes.len() as u8];
    v.extend_from_slice(bytes);
    v
}

#[test]
fn sample_round_trips() {
    let b = sample_bundle();
    assert_eq!(decode(&encode(&b)).expect("decodes"), b);
    assert_eq!(encode(&SchemaBundle::default()), Vec::<u8>::new());
    assert_eq!(
        decode(&[]).expect("empty is an empty bundle"),
        SchemaBundle::default()
    );
}

#[test]
fn proto3_defaults_are_elided_but_messages_and_oneofs_are_written() {
    let mut b = SchemaBundle::default();
    b.schema_files.push(SchemaFile::default());
    // file { package { source_reference {} } }
    assert_eq!(encode(&b), [0x0a, 0x04, 0x12, 0x02, 0x0a, 0x00]);

    let mut ann = every_value_annotation();
    ann.type_value.fields.truncate(1); // Bool(false)
    let bytes = {
        let mut e = Encoder { buf: Vec::new() };
        e.value(&ann.type_value.fields[0].value);
        e.buf
    };
    // source_reference {line: 3, column: 3}, bool_value: false (present although default).
    assert_eq!(bytes, [0x0a, 0x04, 0x08, 0x03, 0x10, 0x03, 0x10, 0x00]);

    let mut e = Encoder { buf: Vec::new() };
    e.value(&value(0, ValueKind::Int32(-2)));
    assert_eq!(
        e.buf,
        [
            0x0a, 0x02, 0x10, 0x03, 0x28, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
            0x01
        ]
    );

    let mut e = Encoder { buf: Vec::new() };
    let mut f = field(
        "t",
        0,
        FieldType::Singular(TypeRef::Primitive(PrimitiveType::Invalid)),
    );
    f.transient = true;
    f.source_reference = SourceRef::default();
    e.field_def(&f);
    // source_reference {}, name "t", transient true, singular_type { type { primitive: 0 } }.
    assert_eq!(
        e.buf,
        [0x0a, 0x00, 0x1a, 0x01, b't', 0x28, 0x01, 0x32, 0x04, 0x0a, 0x02, 0x08, 0x00]
    );
}

#[test]
fn long_messages_get_multi_byte_lengths() {
    let mut b = SchemaBundle::default();
    b.schema_files.push(SchemaFile {
        canonical_path: "x".repeat(20_000),
        ..Default::default()
    });
    let bytes = encode(&b);
    // 20008 bytes: path (1 + 3 + 20000) and package (4).
    assert_eq!(&bytes[..4], [0x0a, 0xa8, 0x9c, 0x01]);
    assert_eq!(decode(&bytes).expect("decodes"), b);
}

#[test]
fn unknown_and_mismatched_fields_are_skipped() {
    let mut file = vec![];
    file.extend(len_field(1, b"a.schema"));
    file.extend([tag(15, wire::VARINT), 0x96, 0x01]); // unknown varint
    file.extend([tag(14, wire::FIXED32), 1, 2, 3, 4]); // unknown fixed32
    file.extend([tag(13, wire::FIXED64), 1, 2, 3, 4, 5, 6, 7, 8]); // unknown fixed64
    file.extend(len_field(12, b"whatever")); // unknown bytes
                                             // unknown group 11 containing a nested group 10 and a varint
    file.extend([
        tag(11, wire::START_GROUP),
        tag(10, wire::START_GROUP),
        tag(1, 0),
        5,
    ]);
    file.extend([tag(10, wire::END_GROUP), tag(11, wire::END_GROUP)]);
    file.extend([tag(1, wire::VARINT), 7]); // canonical_path with the wrong wire type
    let bundle = decode(&len_field(1, &file)).expect("decodes");
    assert_eq!(bundle.schema_files[0].canonical_path, "a.schema");
}

#[test]
fn repeated_singular_messages_merge() {
    let mut file = vec![];
    file.extend(len_field(2, &len_field(2, b"pkg")));
    file.extend(len_field(2, &len_field(1, &[tag(1, 0), 4])));
    let bundle = decode(&len_field(1, &file)).expect("decodes");
    assert_eq!(
        bundle.schema_files[0].package,
        Package {
            source_reference: at(4, 0),
            name: "pkg".into()
        }
    );
}

fn decode_err(bytes: &[u8]) -> crate::Error {
    decode(bytes).expect_err("should be rejected")
}

#[test]
fn malformed_input_errors_name_the_offset() {
    let e = decode_err(&[0x0a, 0x05, 0x0a]);
    assert_eq!(e.byte_offset(), Some(1));
    assert!(e
        .to_string()
        .contains("length 5 is larger than the 1 bytes that remain"));

    let e = decode_err(&[0x0a, 0x03, 0x0a, 0x81, 0x80]);
    assert_eq!(e.byte_offset(), Some(3));
    assert!(e.to_string().contains("(in SchemaFile)"));

    let e = decode_err(&[
        0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    ]);
    assert!(e.to_string().contains("longer than 10 bytes"));

    let e = decode_err(&[0x0f]);
    assert!(e.to_string().contains("invalid wire type 7"));
    let e = decode_err(&[0x0c]);
    assert!(e.to_string().contains("invalid wire type 4"));
    let e = decode_err(&[0x00, 0x00]);
    assert!(e.to_string().contains("invalid field number 0"));
    let e = decode_err(&[0x0b, 0x08, 0x01]);
    assert!(e.to_string().contains("group field 1 has no matching end"));
    let e = decode_err(&[0x0d, 0x01, 0x02]);
    assert!(e.to_string().contains("4-byte fixed value"));

    let e = decode_err(&len_field(1, &len_field(1, b"ok\xffno")));
    assert_eq!(e.byte_offset(), Some(6));
    assert!(e.to_string().contains("not valid UTF-8"));
}

#[test]
fn unrepresentable_messages_are_errors() {
    // A field definition without a type.
    let field_def = len_field(3, b"f");
    let ty = len_field(5, &len_field(6, &field_def));
    let e = decode_err(&len_field(1, &ty));
    assert!(e
        .to_string()
        .contains("oneof `FieldDefinition.type` is not set"));

    // A singular type whose type reference is empty.
    let mut fd = len_field(3, b"f");
    fd.extend(len_field(6, &len_field(1, &[])));
    let e = decode_err(&len_field(1, &len_field(5, &len_field(6, &fd))));
    assert!(e.to_string().contains("TypeReference.value_type"));

    // An unknown primitive number.
    let mut fd = len_field(3, b"f");
    fd.extend(len_field(6, &len_field(1, &[tag(1, 0), 18])));
    let e = decode_err(&len_field(1, &len_field(5, &len_field(6, &fd))));
    assert!(e.to_string().contains("unknown PrimitiveType number 18"));
    assert!(e.to_string().contains("(in TypeReference)"));
}

fn nested_lists(depth: usize) -> SchemaBundle {
    let mut v = value(1, ValueKind::Bool(true));
    for _ in 0..depth {
        v = value(1, ValueKind::List(vec![v]));
    }
    let mut ann = every_value_annotation();
    ann.type_value.fields.truncate(1);
    ann.type_value.fields[0].value = v;
    let mut b = SchemaBundle::default();
    b.schema_files.push(SchemaFile {
        enums: vec![EnumDef {
            annotations: vec![ann],
            ..Default::default()
        }],
        ..Default::default()
    });
    b
}

#[test]
fn nesting_depth_is_bounded() {
    // bundle > file > enum > annotation > type value > field value > value: 6 levels, then two
    // per list.
    let ok = nested_lists(45);
    assert_eq!(decode(&encode(&ok)).expect("within the limit"), ok);
    let e = decode_err(&encode(&nested_lists(60)));
    assert!(e.to_string().contains("nested deeper than 100 levels"));
    // Deeply nested unknown groups are bounded too.
    let mut bomb = vec![tag(9, wire::START_GROUP); 500];
    bomb.extend(vec![tag(9, wire::END_GROUP); 500]);
    assert!(decode_err(&bomb).to_string().contains("nested deeper"));
}

#[test]
fn truncations_and_corruptions_never_panic() {
    let bytes = encode(&sample_bundle());
    for cut in 0..bytes.len() {
        if let Err(e) = decode(&bytes[..cut]) {
            assert!(e.byte_offset().is_some_and(|at| at <= cut));
        }
    }
    let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    for _ in 0..3000 {
        let mut corrupt = bytes.clone();
        for _ in 0..(next() % 4 + 1) {
            let i = (next() as usize) % corrupt.len();
            corrupt[i] = next() as u8;
        }
        let _ = decode(&corrupt);
    }
    for len in 0..200 {
        let noise: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        let _ = decode(&noise);
    }
}
