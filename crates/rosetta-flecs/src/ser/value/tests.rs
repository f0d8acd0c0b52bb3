//! Unit tests of the value serializer on worlds built by world scripts.

use rosetta_world::script::{self, Loaded};
use serde_json::json;

use super::*;

/// A world with the type `spec` and the JSON of `value` in `mode`.
fn write(spec: serde_json::Value, value: serde_json::Value, mode: Mode) -> Result<String> {
    let mut l: Loaded = script::load_str("[]").unwrap();
    let t = script::load_type(&mut l, &spec).unwrap();
    let v = script::decode_value(&mut l, t, &value).unwrap();
    let mut out = String::from("<");
    ValueWriter::new(&l.world, t, mode)?.write(&mut out, &l.world, &v)?;
    Ok(out[1..].to_string())
}

fn ok(spec: serde_json::Value, value: serde_json::Value) -> String {
    write(spec, value, Mode::Valid).unwrap()
}

#[test]
fn primitives() {
    assert_eq!(ok(json!("bool"), json!(true)), "true");
    assert_eq!(ok(json!("char"), json!("a")), "\"a\"");
    assert_eq!(ok(json!("char"), json!({"char_code": 0})), "0");
    assert_eq!(ok(json!("i8"), json!(-128)), "-128");
    assert_eq!(ok(json!("u64"), json!(2147483648u64)), "\"2147483648\"");
    assert_eq!(ok(json!("i64"), json!(-2147483649i64)), "-2147483649");
    assert_eq!(ok(json!("iptr"), json!(3000000000i64)), "3000000000");
    assert_eq!(ok(json!("uptr"), json!(4294967306u64)), "10");
    assert_eq!(ok(json!("f32"), json!({"float": "-inf"})), "\"Inf\"");
    assert_eq!(ok(json!("f64"), json!(60000)), "\"6e4\"");
    assert_eq!(ok(json!("string"), json!(null)), "null");
    assert_eq!(ok(json!("string"), json!("a\"b\n")), r#""a\"b\n""#);
    assert_eq!(ok(json!("entity"), json!({"entity": null})), "0");
    assert_eq!(
        ok(json!("entity"), json!({"entity": "flecs.core"})),
        "\"flecs.core\""
    );
    assert_eq!(ok(json!("id"), json!({"id": null})), "0");
    assert_eq!(ok(json!("entity"), json!({"entity": "*"})), "\"*\"");
    assert_eq!(
        ok(json!("id"), json!({"id": ["flecs.core.ChildOf", "*"]})),
        "[\"flecs.core.ChildOf\",\"*\"]"
    );
    assert_eq!(
        ok(
            json!("id"),
            json!({"id": ["flecs.core.ChildOf", "flecs.core"]})
        ),
        "[\"flecs.core.ChildOf\",\"flecs.core\"]"
    );
}

#[test]
fn int64_min_in_both_modes() {
    assert_eq!(ok(json!("i64"), json!(i64::MIN)), "-9223372036854775808");
    let engine = write(json!("i64"), json!(i64::MIN), Mode::Engine).unwrap();
    assert_ne!(engine, "-9223372036854775808");
    assert!(engine.starts_with('-'));
}

#[test]
fn string_control_characters() {
    let s = json!("\u{7}x\u{1}");
    assert_eq!(ok(json!("string"), s.clone()), r#""\u0007x\u0001""#);
    assert_eq!(
        write(json!("string"), s, Mode::Engine).unwrap(),
        "\"\\ax\u{1}\""
    );
}

fn toppings() -> serde_json::Value {
    json!({"bitmask": "Toppings", "constants": [["Lettuce"], ["Bacon"], ["Tomato"], ["Cheese"], ["BLT", 7]]})
}

#[test]
fn bitmasks_in_map_order() {
    assert_eq!(ok(toppings(), json!({"raw": 0})), "0");
    assert_eq!(ok(toppings(), json!({"raw": 3})), "\"Bacon|Lettuce\"");
    assert_eq!(
        ok(toppings(), json!({"raw": 7})),
        "\"Bacon|Tomato|Lettuce\""
    );
    assert_eq!(
        ok(toppings(), json!({"raw": 15})),
        "\"Bacon|Tomato|Lettuce|Cheese\""
    );
    let e = write(toppings(), json!({"raw": 16}), Mode::Valid).unwrap_err();
    assert!(e.to_string().contains("'16'"), "{e}");
}

#[test]
fn enums_by_name_and_errors_say_where() {
    let spec = json!({"struct": "T", "members": [
        {"name": "a", "type": "i32"},
        {"name": "c", "type": {"enum": "Color", "constants": [["Red"], ["Blue", 5]]}, "count": 2}
    ]});
    assert_eq!(
        ok(spec.clone(), json!({"a": 1, "c": ["Blue", "Red"]})),
        r#"{"a":1, "c":["Blue", "Red"]}"#
    );
    let e = write(spec, json!({"a": 1, "c": ["Red", {"raw": 3}]}), Mode::Valid).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.contains("'3'") && msg.contains("Color") && msg.contains("/c/1"),
        "{msg}"
    );
}

#[test]
fn failed_writes_leave_the_output_alone() {
    let mut l = script::load_str("[]").unwrap();
    let t = script::load_type(&mut l, &toppings()).unwrap();
    let v = script::decode_value(&mut l, t, &json!({"raw": 19})).unwrap();
    let mut out = String::from("keep");
    let w = ValueWriter::new(&l.world, t, Mode::Valid).unwrap();
    assert!(w.write(&mut out, &l.world, &v).is_err());
    assert_eq!(out, "keep");
}

#[test]
fn array_quirks() {
    let one = json!({"array": null, "type": "i32", "count": 1});
    assert_eq!(ok(one.clone(), json!([10])), "10");
    assert_eq!(
        ok(
            json!({"vector": null, "type": one.clone()}),
            json!([[1], [2]])
        ),
        "[1, 2]"
    );
    assert_eq!(
        ok(
            json!({"struct": "S", "members": [{"name": "a", "type": one}]}),
            json!({"a": [7]})
        ),
        r#"{"a":[7]}"#
    );
    let inner = json!({"array": null, "type": "i32", "count": 2});
    let outer = json!({"array": null, "type": inner, "count": 3});
    assert_eq!(
        ok(outer.clone(), json!([[1, 2], [3, 4], [5, 6]])),
        "[[1, 2], [3, 4], [5, 6]]"
    );
    // As a member, the inner arrays' count is lost: only their first element is written.
    assert_eq!(
        ok(
            json!({"struct": "S2", "members": [{"name": "a", "type": outer}]}),
            json!({"a": [[1, 2], [3, 4], [5, 6]]})
        ),
        r#"{"a":[1, 3, 5]}"#
    );
}

#[test]
fn names_are_raw_only_in_engine_mode() {
    let spec = json!({"struct": "Q", "members": [{"name": "we\"ird", "type": "i32"}]});
    assert_eq!(ok(spec.clone(), json!({"we\"ird": 1})), r#"{"we\"ird":1}"#);
    assert_eq!(
        write(spec, json!({"we\"ird": 1}), Mode::Engine).unwrap(),
        "{\"we\"ird\":1}"
    );
}

#[test]
fn unreflected_types() {
    let mut l = script::load_str(r#"[["component", "Plain"], ["tag", "T"]]"#).unwrap();
    let plain = l.world.lookup("Plain").unwrap();
    assert!(ValueWriter::new(&l.world, plain, Mode::Valid).is_err());
    assert!(ValueWriter::for_id(&l.world, plain, Mode::Valid)
        .unwrap()
        .is_none());
    let t = l.world.lookup("T").unwrap();
    assert!(ValueWriter::for_id(&l.world, t, Mode::Valid)
        .unwrap()
        .is_none());
    let f = script::load_type(&mut l, &json!("f32")).unwrap();
    assert!(ValueWriter::for_id(&l.world, f, Mode::Valid)
        .unwrap()
        .is_some());
}

#[test]
fn dead_pair_elements_print_as_0() {
    let mut l = script::load_str(r#"[["tag", "Rel"], ["entity", "gone"]]"#).unwrap();
    let (rel, gone) = (
        l.world.lookup("Rel").unwrap(),
        l.world.lookup("gone").unwrap(),
    );
    let ty = script::load_type(&mut l, &json!("id")).unwrap();
    l.world.delete(gone).unwrap();
    let v = Value::U64(Id::pair(rel, gone).0);
    let mut out = String::new();
    ValueWriter::new(&l.world, ty, Mode::Valid)
        .unwrap()
        .write(&mut out, &l.world, &v)
        .unwrap();
    assert_eq!(out, r#"["Rel","0"]"#);
}
