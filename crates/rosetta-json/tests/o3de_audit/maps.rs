//! Maps (page "Map类型"; o3de.md §7.5; MapSerializer.cpp).

use super::helpers::*;

#[test]
fn maps_load_from_both_forms_and_refuse_other_json() {
    let mut b = TypeRegistry::builder();
    let by_name = b.map(TypeId::STRING, TypeId::INT32);
    let by_int = b.map(TypeId::UINT8, TypeId::UINT8);
    let r = b.build().unwrap();
    let (v, o) = load(&r, by_name, r#"{"a": 1, "b": "2"}"#);
    assert_eq!(
        v,
        Value::map([
            (Value::from("a"), Value::I32(1)),
            (Value::from("b"), Value::I32(2))
        ])
    );
    assert_eq!(o, Outcome::Success);
    // The array form works for string keys too.
    let (v, _) = load(&r, by_name, r#"[{"Key": "a", "Value": 1}]"#);
    assert_eq!(v, Value::map([(Value::from("a"), Value::I32(1))]));
    // Not an object or array: Unsupported.
    for json in ["null", "1", r#""a""#, "true"] {
        assert_eq!(load(&r, by_int, json).1, Outcome::Unsupported, "{json}");
    }
    // `[]` is Success with nothing added (MapSerializer.cpp "No values provided for map").
    assert_eq!(load(&r, by_int, "[]"), (Value::map([]), Outcome::Success));
    // A non-object array element is Unsupported and skipped; the others load.
    let (v, o) = load(&r, by_int, r#"[5, {"Key": 1, "Value": 2}]"#);
    assert_eq!(v, Value::map([(Value::U8(1), Value::U8(2))]));
    assert_eq!(o, Outcome::Unsupported);
    // An entry whose value cannot be read is dropped as Unavailable.
    let (v, o) = load(
        &r,
        by_int,
        r#"[{"Key": 1, "Value": 300}, {"Key": 2, "Value": 3}]"#,
    );
    assert_eq!(v, Value::map([(Value::U8(2), Value::U8(3))]));
    assert_eq!(o, Outcome::Unavailable);
    // The object key "{}" is the default key.
    let (v, _) = load(&r, by_int, r#"{"{}": 7}"#);
    assert_eq!(v, Value::map([(Value::U8(0), Value::U8(7))]));
}

/// MapSerializer.cpp finds `"Key"` and `"Value"` with RapidJSON `FindMember`, which is
/// case-sensitive: `{"key": 2, "value": 3}` has neither, so both are the explicit default `{}`.
#[test]
fn map_entry_names_are_case_sensitive_in_the_engine() {
    let mut b = TypeRegistry::builder();
    let by_int = b.map(TypeId::UINT8, TypeId::UINT8);
    let r = b.build().unwrap();
    let (v, _) = load(&r, by_int, r#"[{"key": 2, "value": 3}]"#);
    assert_eq!(v, Value::map([(Value::U8(0), Value::U8(0))]));
}

/// The report path of a map value is the JSON Pointer of its member, escaped per RFC 6901.
#[test]
fn map_member_paths_escape_slash_and_tilde() {
    let mut b = TypeRegistry::builder();
    let by_name = b.map(TypeId::STRING, TypeId::INT32);
    let r = b.build().unwrap();
    let mut collect = Collect::default();
    let json = r#"{"a/b": "x", "m~n": "y", "": "z"}"#;
    o3de::load(&r, by_name, json, &LoadOptions::default(), &mut collect).unwrap();
    let paths: Vec<&str> = collect
        .reports
        .iter()
        .filter(|rep| rep.code.outcome() == Outcome::Unsupported)
        .map(|rep| rep.path.as_str())
        .collect();
    assert!(paths.contains(&"/a~1b"), "{paths:?}");
    assert!(paths.contains(&"/m~0n"), "{paths:?}");
    assert!(paths.contains(&"/"), "{paths:?}");
}

/// Compare (o3de.md §8): null < false < true < object < array < string < number; arrays and
/// objects by size first.
#[test]
fn compare_orders_json_types_as_rapidjson_does() {
    use std::cmp::Ordering::*;
    let ordered = [
        json!(null),
        json!(false),
        json!(true),
        json!({}),
        json!({"z": 1}),
        json!({"a": 1, "b": 2}),
        json!([]),
        json!([9]),
        json!([1, 2]),
        json!(""),
        json!("a"),
        json!("b"),
        json!(-1),
        json!(0.5),
        json!(2),
    ];
    for (i, a) in ordered.iter().enumerate() {
        for (j, b) in ordered.iter().enumerate() {
            assert_eq!(o3de::compare(a, b), i.cmp(&j), "{a} vs {b}");
        }
    }
    assert_eq!(
        o3de::compare(&json!({"a": 1, "b": 2}), &json!({"b": 2, "a": 1})),
        Equal
    );
    assert_eq!(o3de::compare(&json!(1), &json!(1.0)), Equal);
}

#[test]
fn sorted_maps_order_array_entries_by_compare() {
    let mut b = TypeRegistry::builder();
    let by_int = b.map(TypeId::INT32, TypeId::DOUBLE);
    let r = b.build().unwrap();
    let v = Value::map([
        (Value::I32(342), Value::F64(1.0)),
        (Value::I32(-88), Value::F64(2.0)),
        (Value::I32(42), Value::F64(3.0)),
    ]);
    let options = StoreOptions {
        sort_maps: true,
        ..StoreOptions::default()
    };
    let s = o3de::store(&r, by_int, &v, &options, &mut Quiet).unwrap();
    assert_eq!(
        s.json,
        r#"[{"Key":-88,"Value":2.0},{"Key":42,"Value":3.0},{"Key":342,"Value":1.0}]"#
    );
    // Unsorted keeps the map's order.
    assert_eq!(
        store(&r, by_int, &v).0,
        r#"[{"Key":342,"Value":1.0},{"Key":-88,"Value":2.0},{"Key":42,"Value":3.0}]"#
    );
}
