//! Random lists of world-script operations never panic the script loader, and an error always
//! names its operation by index and JSON Pointer.

use proptest::prelude::*;
use rosetta_world::{script, Error};
use serde_json::{json, Value};

fn name() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::sample::select(vec![
            "a", "b", "a.b", "T", "Position", "Likes", "*", "_", "1", "500", "", "a..b"
        ])
        .prop_map(|s| json!(s)),
        Just(Value::Null),
        any::<i64>().prop_map(|n| json!(n)),
    ]
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!({"x": 1, "y": 2})),
        Just(json!({"x": "oops"})),
        Just(json!([1, 2])),
        any::<f64>().prop_map(|f| json!(f)),
        Just(Value::Null),
    ]
}

fn op() -> impl Strategy<Value = Value> {
    let kind = prop::sample::select(vec![
        "tag",
        "component",
        "struct",
        "enum",
        "entity",
        "prefab",
        "add",
        "remove",
        "set",
        "doc",
        "delete",
        "disable",
        "enable",
        "union",
        "childof",
        "isa",
        "bogus",
    ]);
    (kind, name(), name(), value(), 0usize..4).prop_map(|(k, a, b, v, arity)| {
        let mut items = vec![json!(k), a, b, v];
        if k == "struct" {
            items[2] = json!([["x", "f32"], ["y", "i32"]]);
        }
        items.truncate(arity + 1);
        Value::Array(items)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_op_lists_never_panic(ops in prop::collection::vec(op(), 0..24)) {
        match script::load_json(&Value::Array(ops)) {
            Ok(_) => {}
            Err(Error::Script { pointer, .. }) => prop_assert!(pointer.starts_with('/')),
            Err(other) => prop_assert!(false, "error without a place: {other}"),
        }
    }

    #[test]
    fn random_text_never_panics(text in "\\PC{0,64}") {
        let _ = script::load_str(&text);
    }
}
