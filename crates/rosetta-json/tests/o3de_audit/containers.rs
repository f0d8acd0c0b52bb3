//! Sequences, sets, arrays, pairs and tuples (page "数组"; o3de.md §7).

use super::helpers::*;

#[test]
fn sequences_refuse_non_arrays() {
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::INT32);
    let set = b.set(TypeId::INT32);
    let pair = b.tuple([TypeId::INT32, TypeId::DOUBLE]);
    let array = b.array(TypeId::INT32, 2);
    let r = b.build().unwrap();
    for ty in [list, set, pair, array] {
        for json in ["1", r#""[1]""#, "null", "true", r#"{"0": 1}"#] {
            assert_eq!(load(&r, ty, json).1, Outcome::Unsupported, "{json}");
        }
    }
    // A set is written sorted ("对序列化数组中的值进行排序") and reads `[]` as Success.
    assert_eq!(load(&r, set, "[]"), (Value::list([]), Outcome::Success));
}

/// TupleSerializer.cpp: extra JSON elements are ignored without a report; an element that fails
/// with Altered lets the next JSON element fill the same slot.
#[test]
fn tuples_ignore_extras_and_consume_elements_out_of_step() {
    let mut b = TypeRegistry::builder();
    let pair = b.tuple([TypeId::INT32, TypeId::DOUBLE]);
    let r = b.build().unwrap();
    assert_eq!(
        load(&r, pair, "[1, 2.5, 3]"),
        (
            Value::tuple([Value::I32(1), Value::F64(2.5)]),
            Outcome::Success
        )
    );
    let code = load_code(&r, pair, r#"["x", 5, 2.5]"#);
    let (v, _) = load(&r, pair, r#"["x", 5, 2.5]"#);
    assert_eq!(v, Value::tuple([Value::I32(5), Value::F64(2.5)]));
    assert_eq!(code.outcome(), Outcome::Unsupported);
    assert_eq!(code.processing(), Processing::PartialAlter);
}

/// Elements are appended to an existing list unless `clear_containers` (`m_clearContainers`).
#[test]
fn lists_append_unless_cleared() {
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::INT32);
    let r = b.build().unwrap();
    let start = Value::list([Value::I32(1), Value::I32(2)]);
    assert_eq!(
        load_onto(&r, list, "[3]", start.clone()).0,
        Value::list([Value::I32(1), Value::I32(2), Value::I32(3)])
    );
    let mut target = start;
    let clear = LoadOptions {
        clear_containers: true,
        ..LoadOptions::default()
    };
    o3de::load_into(&r, list, "[3]", &mut target, &clear, &mut Quiet).unwrap();
    assert_eq!(target, Value::list([Value::I32(3)]));
}

/// `StoreOptions::pretty` writes as RapidJSON's `PrettyWriter` with 4 spaces.
#[test]
fn pretty_output_is_rapidjson_pretty_writer_layout() {
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::INT32);
    let map = b.map(TypeId::STRING, TypeId::INT32);
    let s = b
        .add(
            "S",
            StructType::new([
                Field::new("a", list),
                Field::new("m", map),
                Field::new("n", TypeId::INT32),
            ])
            .unwrap(),
        )
        .unwrap();
    let r = b.build().unwrap();
    let v = Value::structure([
        Value::list([Value::I32(1), Value::I32(2)]),
        Value::map([(Value::from("k"), Value::I32(3))]),
        Value::I32(4),
    ]);
    let out = o3de::store(&r, s, &v, &StoreOptions::pretty(), &mut Quiet)
        .unwrap()
        .json;
    assert_eq!(
        out,
        "{\n    \"a\": [\n        1,\n        2\n    ],\n    \"m\": {\n        \"k\": 3\n    },\n    \"n\": 4\n}"
    );
}

#[test]
fn pairs_and_tuples_store_defaults_as_explicit_defaults() {
    let mut b = TypeRegistry::builder();
    let tuple = b.tuple([TypeId::INT32, TypeId::STRING, TypeId::BOOL]);
    let r = b.build().unwrap();
    let v = Value::tuple([Value::I32(0), Value::from("x"), Value::Bool(false)]);
    assert_eq!(
        store(&r, tuple, &v),
        (r#"[{},"x",{}]"#.into(), Outcome::PartialDefaults)
    );
    assert_eq!(store_keep(&r, tuple, &v).0, r#"[0,"x",false]"#);
    let zero = Value::tuple([Value::I32(0), Value::from(""), Value::Bool(false)]);
    assert_eq!(
        store(&r, tuple, &zero),
        ("{}".into(), Outcome::DefaultsUsed)
    );
    assert_eq!(
        load(&r, tuple, r#"[{}, "x", {}]"#).0,
        Value::tuple([Value::I32(0), Value::from("x"), Value::Bool(false)])
    );
}
