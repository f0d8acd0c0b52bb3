use super::*;
use crate::test_support::*;

fn round_trip(bundle: &SchemaBundle, format: BundleFormat) -> SchemaBundle {
    from_json(&to_json(bundle, format)).expect("our own JSON reads back")
}

#[test]
fn empty_bundle_layout() {
    let b = SchemaBundle::default();
    assert_eq!(
        to_json(&b, BundleFormat::V15),
        "{\n \"schemaFiles\": []\n}\n"
    );
    assert_eq!(
        to_json_compact(&b, BundleFormat::V14),
        "{\"schemaFiles\":[]}"
    );
}

#[test]
fn pretty_layout_matches_the_compiler() {
    let mut b = SchemaBundle::default();
    b.schema_files.push(SchemaFile {
        canonical_path: "a.schema".into(),
        ..Default::default()
    });
    let expected = "{\n \"schemaFiles\": [\n  {\n   \"canonicalPath\": \"a.schema\",\n   \
        \"package\": {\n    \"sourceReference\": {\n     \"line\": 0,\n     \"column\": 0\n    },\n    \
        \"name\": \"\"\n   },\n   \"imports\": [],\n   \"enums\": [],\n   \"types\": [],\n   \
        \"components\": [],\n   \"componentSets\": []\n  }\n ]\n}\n";
    assert_eq!(to_json(&b, BundleFormat::V15), expected);
    let two = to_json_styled(&b, BundleFormat::V15, JsonStyle::Pretty { indent: 2 });
    assert!(two.starts_with("{\n  \"schemaFiles\": [\n    {\n      \"canonicalPath\""));
}

#[test]
fn format_versions_differ_only_in_transient_and_component_sets() {
    let b = sample_bundle();
    let v15 = to_json(&b, BundleFormat::V15);
    let v14 = to_json(&b, BundleFormat::V14);
    assert!(v15.contains("\"componentSets\": [") && !v15.contains("\"transient\""));
    assert!(!v14.contains("componentSets") && v14.contains("\"transient\": true"));
    assert!(v14.contains("\"fieldId\": 3,\n       \"transient\": true,\n       \"listType\""));
    // V14 drops the component sets; everything else survives both.
    let mut without_sets = b.clone();
    without_sets.schema_files[0].component_sets.clear();
    assert_eq!(round_trip(&b, BundleFormat::V14), without_sets);
    let mut not_transient = b.clone();
    for f in &mut not_transient.schema_files[0].types[0].fields {
        f.transient = false;
    }
    assert_eq!(round_trip(&b, BundleFormat::V15), not_transient);
}

#[test]
fn values_are_spelled_as_proto3_json() {
    let text = to_json_compact(&sample_bundle(), BundleFormat::V15);
    for expected in [
        r#""boolValue":false"#,
        r#""uint32Value":0"#,
        r#""uint64Value":"18446744073709551615""#,
        r#""int32Value":-2"#,
        r#""int64Value":"-9223372036854775808""#,
        r#""floatValue":10.5"#,
        r#""doubleValue":-15.5"#,
        r#""stringValue":"a \"quoted\" \u003cstring\u003e\n""#,
        r#""bytesValue":"Zm9v""#,
        r#""entityIdValue":"10""#,
        r#""enumValue":{"enum":"pkg.SomeEnum","value":"FIRST"}"#,
        r#""typeValue":{"type":"pkg.Empty","fields":[]}"#,
        r#""optionValue":{"value":{"sourceReference":{"line":0,"column":0},"boolValue":true}}"#,
        r#""optionValue":{}"#,
        r#""listValue":{"values":[{"sourceReference":{"line":7,"column":3},"int32Value":1},"#,
        r#""mapValue":{"values":[{"key":{"sourceReference":{"line":8,"column":3},"stringValue":"k"},"value":{"sourceReference":{"line":8,"column":3},"floatValue":0.1}}]}"#,
        r#""singularType":{"type":{"primitive":"Invalid"}}"#,
        r#""optionType":{"innerType":{"enum":"pkg.SomeEnum"}}"#,
        r#""listType":{"innerType":{"type":"pkg.Inner"}}"#,
        r#""mapType":{"keyType":{"primitive":"Sfixed64"},"valueType":{"primitive":"Entity"}}"#,
        r#""componentList":{"sourceReference":{"line":31,"column":3},"annotations":[],"components":[{"sourceReference":{"line":31,"column":17},"component":"pkg.Comp"}]}"#,
    ] {
        assert!(text.contains(expected), "missing {expected}");
    }
    // An empty option inside pretty output is `{}` on one line.
    assert!(to_json(&sample_bundle(), BundleFormat::V15).contains("\"optionValue\": {}\n"));
}

#[test]
fn sample_round_trips_in_every_style() {
    let b = sample_bundle();
    assert_eq!(round_trip(&b, BundleFormat::V15), {
        let mut e = b.clone();
        e.schema_files[0].types[0].fields[2].transient = false;
        e
    });
    let compact = to_json_compact(&b, BundleFormat::V15);
    assert_eq!(
        from_json(&compact).ok(),
        from_json(&to_json(&b, BundleFormat::V15)).ok()
    );
    let mut streamed = Vec::new();
    write_json(&b, BundleFormat::V14, JsonStyle::default(), &mut streamed).expect("writes");
    assert_eq!(
        String::from_utf8(streamed).ok(),
        Some(to_json(&b, BundleFormat::V14))
    );
}

#[test]
fn non_finite_floats_are_strings() {
    let mut b = SchemaBundle::default();
    let mut ann = every_value_annotation();
    ann.type_value.fields.truncate(0);
    for (i, x) in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN]
        .into_iter()
        .enumerate()
    {
        ann.type_value.fields.push(FieldValue {
            source_reference: SourceRef::default(),
            name: format!("f{i}"),
            value: value(1, ValueKind::Double(x)),
        });
    }
    b.schema_files.push(SchemaFile {
        enums: vec![EnumDef {
            annotations: vec![ann],
            ..Default::default()
        }],
        ..Default::default()
    });
    let text = to_json_compact(&b, BundleFormat::V15);
    assert!(text.contains(r#""doubleValue":"Infinity""#));
    assert!(text.contains(r#""doubleValue":"-Infinity""#));
    assert!(text.contains(r#""doubleValue":"NaN""#));
    let back = from_json(&text).expect("reads");
    let fields = &back.schema_files[0].enums[0].annotations[0]
        .type_value
        .fields;
    assert!(matches!(fields[2].value.kind, ValueKind::Double(x) if x.is_nan()));
    assert!(matches!(fields[1].value.kind, ValueKind::Double(x) if x == f64::NEG_INFINITY));
}

fn err(text: &str) -> crate::Error {
    from_json(text).expect_err("should be rejected")
}

const FIELD_PREFIX: &str = r#"{"schemaFiles":[{"types":[{"fields":[{"name":"f","#;
const FIELD_SUFFIX: &str = r#"}]}]}]}"#;

fn with_field(body: &str) -> String {
    format!("{FIELD_PREFIX}{body}{FIELD_SUFFIX}")
}

#[test]
fn errors_name_the_json_path() {
    let e = err(r#"{"schemaFiles":[{"canonicalPath":3}]}"#);
    assert_eq!(e.json_path(), Some("$.schemaFiles[0].canonicalPath"));
    assert!(e.to_string().contains("expected a string, found a number"));

    let e = err(&with_field(r#""fieldId":1"#));
    assert_eq!(e.json_path(), Some("$.schemaFiles[0].types[0].fields[0]"));
    assert!(e.to_string().contains("none of singularType"));

    let e = err(&with_field(
        r#""singularType":{"type":{"primitive":"Int32"}},"listType":{"innerType":{"primitive":"Int32"}}"#,
    ));
    assert!(e.to_string().contains("both `singularType` and `listType`"));

    let e = err(&with_field(
        r#""singularType":{"type":{"primitive":"Int128"}}"#,
    ));
    assert_eq!(
        e.json_path(),
        Some("$.schemaFiles[0].types[0].fields[0].singularType.type.primitive")
    );

    let e = err(&with_field(r#""singularType":{}"#));
    assert!(e.to_string().contains("missing type reference"));

    let e = err(&with_field(
        r#""fieldId":-1,"singularType":{"type":{"type":"T"}}"#,
    ));
    assert!(e.to_string().contains("-1 is out of range for a uint32"));

    let e = err(r#"{"v1":{"enumDefinitions":[]},"sourceMapV1":{}}"#);
    assert!(e.to_string().contains("legacy 13.x bundle format"));

    let e = err("{\n  \"schemaFiles\": [,]\n}");
    assert_eq!(e.line_column(), Some((2, 19)));
    assert!(e.is_json() && e.json_path().is_none());

    let e = err("[]");
    assert_eq!(e.json_path(), Some("$"));
}

fn annotation_value(value: &str) -> String {
    format!(
        r#"{{"schemaFiles":[{{"enums":[{{"annotations":[{{"typeValue":{{"type":"T","fields":[{{"name":"x","value":{value}}}]}}}}]}}]}}]}}"#
    )
}

#[test]
fn value_errors() {
    let e = err(&annotation_value(
        r#"{"sourceReference":{"line":1,"column":1}}"#,
    ));
    assert_eq!(
        e.json_path(),
        Some("$.schemaFiles[0].enums[0].annotations[0].typeValue.fields[0].value")
    );
    let e = err(&annotation_value(r#"{"bytesValue":"not base64!"}"#));
    assert!(e.to_string().contains("invalid base64"));
    let e = err(&annotation_value(r#"{"int32Value":"4294967296"}"#));
    assert!(e.to_string().contains("out of range for an int32"));
    let e = err(&annotation_value(r#"{"floatValue":1e300}"#));
    assert!(e.to_string().contains("out of range for a float"));
    let e = err(&annotation_value(
        r#"{"mapValue":{"values":[{"key":{"boolValue":true}}]}}"#,
    ));
    assert!(e.to_string().contains("map entry has no `value`"));
    let e = err(&annotation_value(r#"{"boolValue":true,"int32Value":1}"#));
    assert!(e.to_string().contains("both `boolValue` and `int32Value`"));
}

fn only_value(text: &str) -> ValueKind {
    let b = from_json(&annotation_value(text)).expect("accepted");
    b.schema_files[0].enums[0].annotations[0].type_value.fields[0]
        .value
        .kind
        .clone()
}

#[test]
fn reading_is_lenient_like_proto3_json_parsers() {
    assert_eq!(only_value(r#"{"int64Value":-3}"#), ValueKind::Int64(-3));
    assert_eq!(only_value(r#"{"uint32Value":"7"}"#), ValueKind::Uint32(7));
    assert_eq!(only_value(r#"{"int32Value":1e2}"#), ValueKind::Int32(100));
    assert_eq!(
        only_value(r#"{"floatValue":"Infinity"}"#),
        ValueKind::Float(f32::INFINITY)
    );
    assert_eq!(
        only_value(r#"{"doubleValue":"2.5"}"#),
        ValueKind::Double(2.5)
    );
    assert_eq!(
        only_value(r#"{"bytes_value":"-_8"}"#),
        ValueKind::Bytes(vec![0xfb, 0xff])
    );
    assert_eq!(
        only_value(r#"{"bytesValue":"Zm9vYg"}"#),
        ValueKind::Bytes(b"foob".to_vec())
    );
    assert_eq!(
        only_value(r#"{"optionValue":{"value":null}}"#),
        ValueKind::Option(None)
    );
    assert_eq!(
        only_value(r#"{"entity_id_value":"9007199254740993","boolValue":null}"#),
        ValueKind::EntityId(9_007_199_254_740_993)
    );

    let b = from_json(&with_field(
        r#""field_id":"4","transient":true,"map_type":{"key_type":{"primitive":9},"valueType":{"primitive":"SFixed64"}},"unknownKey":[1,2]"#,
    ))
    .expect("accepted");
    let f = &b.schema_files[0].types[0].fields[0];
    assert_eq!((f.field_id, f.transient), (4, true));
    assert_eq!(
        f.ty,
        FieldType::Map(
            TypeRef::Primitive(PrimitiveType::Sfixed32),
            TypeRef::Primitive(PrimitiveType::Sfixed64)
        )
    );
    // Missing keys and nulls are defaults.
    let b = from_json(r#"{"schemaFiles":[{"package":null}]}"#).expect("accepted");
    assert_eq!(b.schema_files, vec![SchemaFile::default()]);
    assert_eq!(from_json("{}").ok(), Some(SchemaBundle::default()));
}

#[test]
fn negative_zero_keeps_its_sign() {
    let text = annotation_value(r#"{"floatValue":-0}"#);
    assert!(
        matches!(only_value(r#"{"floatValue":-0}"#), ValueKind::Float(x) if x.is_sign_negative())
    );
    assert!(
        matches!(only_value(r#"{"doubleValue":-0}"#), ValueKind::Double(x) if x == 0.0 && x.is_sign_negative())
    );
    let b = from_json(&text).expect("reads");
    assert!(to_json_compact(&b, BundleFormat::V15).contains(r#""floatValue":-0}"#));
}
