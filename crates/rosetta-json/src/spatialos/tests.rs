//! Unit tests of the `json-spatialos` codec on a schema that uses every kind of field.

use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::TypeId;
use rosetta_wire::family::*;
use rosetta_wire::{ComponentUpdate, Object};
use serde_json::{json, Value};

use super::*;

const SCHEMA: &str = r#"
package t;
enum Color { RED = 0; GREEN = 1; BLUE = 5; }
type Inner { int32 a = 1; option<string> s = 2; }
type All {
  bool b = 1; int32 i32 = 2; int64 i64 = 3; uint32 u32 = 4; uint64 u64 = 5; sint32 s32 = 6;
  sint64 s64 = 7; fixed32 fx32 = 8; fixed64 fx64 = 9; sfixed32 sf32 = 10; sfixed64 sf64 = 11;
  float f = 12; double d = 13; string str = 14; bytes by = 15; EntityId e = 16; Color c = 17;
  Inner inner = 18; option<int32> oi = 19; list<Inner> li = 20; map<string, Color> m = 21;
  list<float> lf = 22; Entity ent = 23; option<Inner> oinner = 24; list<int64> l64 = 25;
  map<int64, Inner> m64 = 26;
}
component Comp {
  id = 100;
  int32 x = 1;
  list<string> tags = 2;
  option<double> o = 3;
  map<uint32, string> m = 4;
  event Inner ev;
  event Inner other;
  command Inner cmd(All);
}
"#;

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "t.schema".into(),
        text: SCHEMA.into(),
    }])
    .unwrap();
    Schema::from_bundle(compiled.bundle()).unwrap()
}

fn ty(schema: &Schema, name: &str) -> TypeId {
    schema.registry().lookup(name).unwrap()
}

fn all_object() -> Object {
    let mut o = Object::new();
    o.add::<Bool>(1, true);
    o.add::<Int32>(2, -7);
    o.add::<Int64>(3, i64::MIN);
    o.add::<Uint32>(4, u32::MAX);
    o.add::<Uint64>(5, u64::MAX);
    o.add::<Sint32>(6, -3);
    o.add::<Sint64>(7, -4);
    o.add::<Fixed32>(8, 8);
    o.add::<Fixed64>(9, 9);
    o.add::<Sfixed32>(10, -10);
    o.add::<Sfixed64>(11, -11);
    o.add::<Float>(12, 0.1);
    o.add::<Double>(13, 2.5);
    o.add_string(14, "hé\"llo");
    o.add_bytes(15, b"foo");
    o.add::<EntityId>(16, 42);
    o.add::<Enum>(17, 5);
    o.add_object(18).add::<Int32>(1, 1);
    o.add::<Int32>(19, 9);
    for a in [2, 3] {
        let inner = o.add_object(20);
        inner.add::<Int32>(1, a);
        inner.add_string(2, "s");
    }
    let entry = o.add_object(21);
    entry.add_string(1, "k");
    entry.add::<Enum>(2, 1);
    o.add_list::<Float>(22, &[1.0, -0.5]);
    let comp = o.add_object(23).add_object(100);
    comp.add::<Int32>(1, 3);
    comp.add_string(2, "a");
    let entry = o.add_object(26);
    entry.add::<Int64>(1, 1 << 40);
    entry.add_object(2).add::<Int32>(1, 0);
    o
}

fn all_json() -> Value {
    json!({
        "b": true, "i32": -7, "i64": "-9223372036854775808", "u32": 4294967295u32,
        "u64": "18446744073709551615", "s32": -3, "s64": "-4", "fx32": 8, "fx64": "9",
        "sf32": -10, "sf64": "-11", "f": 0.1, "d": 2.5, "str": "hé\"llo", "by": "Zm9v", "e": "42",
        "c": "BLUE", "inner": {"a": 1, "s": []}, "oi": [9],
        "li": [{"a": 2, "s": ["s"]}, {"a": 3, "s": ["s"]}],
        "m": [{"key": "k", "value": "GREEN"}], "lf": [1.0, -0.5],
        "ent": {"t.Comp": {"x": 3, "tags": ["a"], "o": [], "m": []}},
        "oinner": [], "l64": [], "m64": [{"key": "1099511627776", "value": {"a": 0, "s": []}}]
    })
}

#[test]
fn every_kind_dumps_and_loads() {
    let schema = schema();
    let registry = schema.registry();
    let all = ty(&schema, "t.All");
    let dumped = dump_object(registry, all, &all_object()).unwrap();
    assert_eq!(dumped, all_json());
    // Member order is declaration order.
    let keys: Vec<&String> = dumped.as_object().unwrap().keys().collect();
    assert_eq!(keys.first().map(|k| k.as_str()), Some("b"));
    assert_eq!(keys.last().map(|k| k.as_str()), Some("m64"));
    let loaded = load_object(registry, all, &all_json()).unwrap();
    assert_eq!(loaded, all_object());
    assert_eq!(loaded.encode(), all_object().encode());
}

#[test]
fn text_is_the_value_as_serde_json_writes_it() {
    let schema = schema();
    let all = ty(&schema, "t.All");
    for options in [DumpOptions::default(), DumpOptions::pretty()] {
        let text = object_to_string(schema.registry(), all, &all_object(), &options).unwrap();
        let value = dump_object_with(schema.registry(), all, &all_object(), &options).unwrap();
        let expected = if options.pretty {
            serde_json::to_string_pretty(&value).unwrap()
        } else {
            serde_json::to_string(&value).unwrap()
        };
        assert_eq!(text, expected);
    }
    let text = object_to_string(
        schema.registry(),
        all,
        &all_object(),
        &DumpOptions::default(),
    )
    .unwrap();
    assert!(text.contains(r#""f":0.1,"#), "{text}");
}

#[test]
fn alphabetical_order() {
    let schema = schema();
    let options = DumpOptions {
        member_order: MemberOrder::Alphabetical,
        ..DumpOptions::default()
    };
    let dumped = dump_object_with(
        schema.registry(),
        ty(&schema, "t.All"),
        &all_object(),
        &options,
    )
    .unwrap();
    let keys: Vec<&String> = dumped.as_object().unwrap().keys().collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
}

#[test]
fn loads_accept_other_forms() {
    let schema = schema();
    let registry = schema.registry();
    let all = ty(&schema, "t.All");
    let mut json = all_json();
    // 64-bit integers as numbers, enums as numbers, bytes URL-safe without padding, members in
    // any order.
    json["i64"] = json!(i64::MIN);
    json["u64"] = json!(u64::MAX);
    json["e"] = json!(42);
    json["c"] = json!(5);
    json["by"] = json!("Zm9v");
    let reordered: serde_json::Map<String, Value> = json
        .as_object()
        .unwrap()
        .clone()
        .into_iter()
        .rev()
        .collect();
    let loaded = load_object(registry, all, &Value::Object(reordered)).unwrap();
    assert_eq!(loaded.encode(), all_object().encode());
    let inner = ty(&schema, "t.Inner");
    let mut bytes = Object::new();
    bytes.add::<Int32>(1, 0);
    assert_eq!(
        load_object(registry, inner, &json!({"a": 0})).unwrap(),
        bytes
    );
}

#[test]
fn non_finite_floats_and_undeclared_enum_values() {
    let schema = schema();
    let registry = schema.registry();
    let all = ty(&schema, "t.All");
    let mut o = all_object();
    o.clear_field(12);
    o.add::<Float>(12, f32::NEG_INFINITY);
    o.clear_field(13);
    o.add::<Double>(13, f64::NAN);
    o.clear_field(17);
    o.add::<Enum>(17, 77);
    let dumped = dump_object(registry, all, &o).unwrap();
    assert_eq!(dumped["f"], json!("-Infinity"));
    assert_eq!(dumped["d"], json!("NaN"));
    assert_eq!(dumped["c"], json!(77));
    let back = load_object(registry, all, &dumped).unwrap();
    assert!(back.get::<Double>(13).is_nan());
    assert_eq!(back.get::<Float>(12), f32::NEG_INFINITY);
    assert_eq!(back.get::<Enum>(17), 77);
}

fn load_error(ty_name: &str, json: Value) -> (String, String) {
    let schema = schema();
    let error = load_object(schema.registry(), ty(&schema, ty_name), &json).unwrap_err();
    (error.path().unwrap_or("-").to_owned(), error.to_string())
}

#[test]
fn load_errors_point_at_the_value() {
    let cases: Vec<(Value, &str, &str)> = vec![
        (
            json!({"a": "1"}),
            "/a",
            "expected int32 (a number), found a string",
        ),
        (json!({"a": 1.5}), "/a", "1.5 is not a valid int32"),
        (
            json!({"a": 2147483648u64}),
            "/a",
            "2147483648 is out of range for int32",
        ),
        (json!({"a": 1, "s": "x"}), "/s", "expected an option"),
        (
            json!({"a": 1, "s": ["x", "y"]}),
            "/s",
            "at most one value, found 2",
        ),
        (
            json!({"a": 1, "zz": 1}),
            "/zz",
            "`t.Inner` has no field `zz`",
        ),
        (json!({}), "", "`t.Inner` is missing its field `a`"),
        (
            json!([]),
            "",
            "expected an object (`t.Inner`), found an array",
        ),
        (
            json!({"a": 1, "s": [3]}),
            "/s/0",
            "expected a string, found a number",
        ),
    ];
    for (json, path, message) in cases {
        let (at, text) = load_error("t.Inner", json.clone());
        assert_eq!(at, path, "{json}: {text}");
        assert!(text.contains(message), "{json}: {text}");
    }
    let mut json = all_json();
    json["li"][1]["a"] = json!(null);
    assert_eq!(load_error("t.All", json).0, "/li/1/a");
    let mut json = all_json();
    json["m"][0] = json!({"key": "k"});
    let (at, text) = load_error("t.All", json);
    assert_eq!(
        (at.as_str(), text.contains("no `value`")),
        ("/m/0", true),
        "{text}"
    );
    let mut json = all_json();
    json["c"] = json!("PURPLE");
    assert!(load_error("t.All", json)
        .1
        .contains("expected one of RED, GREEN, BLUE"));
    let mut json = all_json();
    json["by"] = json!("!!");
    assert_eq!(load_error("t.All", json).0, "/by");
    let mut json = all_json();
    json["ent"] = json!({"t.Inner": {}});
    assert_eq!(load_error("t.All", json).0, "/ent/t.Inner");
    let mut json = all_json();
    json["ent"]["t.Comp"]["x"] = json!("3");
    assert_eq!(load_error("t.All", json).0, "/ent/t.Comp/x");
    let mut json = all_json();
    json["u64"] = json!("-1");
    assert!(load_error("t.All", json)
        .1
        .contains("\"-1\" is out of range for uint64 (0 to 18446744073709551615)"));
    let mut json = all_json();
    json["f"] = json!(1e300);
    assert!(load_error("t.All", json)
        .1
        .contains("out of range for float"));
}

#[test]
fn dump_errors_point_at_the_value() {
    let schema = schema();
    let registry = schema.registry();
    let inner = ty(&schema, "t.Inner");
    let error = dump_object(registry, inner, &Object::new()).unwrap_err();
    assert_eq!(error.path(), Some("/a"));
    assert!(
        error.to_string().contains("missing singular field"),
        "{error}"
    );
    let mut wrong = Object::new();
    wrong.add::<Double>(1, 1.0);
    let error = dump_object(registry, inner, &wrong).unwrap_err();
    assert!(error.to_string().contains("another wire type"), "{error}");
    let mut unknown = Object::new();
    unknown.add::<Int32>(1, 1);
    unknown.add::<Int32>(9, 1);
    let error = dump_object(registry, inner, &unknown).unwrap_err();
    assert!(error.to_string().contains("field 9"), "{error}");
    let skip = DumpOptions {
        skip_unknown_fields: true,
        ..DumpOptions::default()
    };
    assert_eq!(
        dump_object_with(registry, inner, &unknown, &skip).unwrap(),
        json!({"a": 1, "s": []})
    );
    let mut bad_utf8 = Object::new();
    bad_utf8.add::<Int32>(1, 1);
    bad_utf8.add_bytes(2, &[0xff]);
    let error = dump_object(registry, inner, &bad_utf8).unwrap_err();
    // The option's value, where a load would find it.
    assert_eq!(error.path(), Some("/s/0"));
    let mut all = all_object();
    all.add_object(23).add_object(999);
    let error = dump_object(registry, ty(&schema, "t.All"), &all).unwrap_err();
    assert!(error.to_string().contains("component 999"), "{error}");
}

#[test]
fn updates_are_flat_with_cleared_fields_and_events() {
    let schema = schema();
    let registry = schema.registry();
    let comp = ty(&schema, "t.Comp");
    let mut update = ComponentUpdate::new();
    update.fields_mut().add::<Int32>(1, 4);
    update.add_cleared_field(2);
    update.add_cleared_field(1);
    update.add_cleared_field(4);
    update.fields_mut().add_object(4).add::<Uint32>(1, 1);
    update.add_event(2).add::<Int32>(1, 5);
    update.add_event(1).add::<Int32>(1, 6);
    update.add_event(1).add::<Int32>(1, 7);
    // A map entry without a value is an error, not a made-up default.
    let error = dump_update(registry, comp, &update).unwrap_err();
    assert_eq!(error.path(), Some("/m/0/value"), "{error}");
    let mut fixed = update.clone();
    fixed
        .fields_mut()
        .object_mut(4)
        .unwrap()
        .unwrap()
        .add_string(2, "");
    let expected = json!({
        "x": 4,
        "tags": [],
        "m": [{"key": 1, "value": ""}],
        "__cleared": ["x", "m"],
        "__events": {
            "ev": [{"a": 6, "s": []}, {"a": 7, "s": []}],
            "other": [{"a": 5, "s": []}]
        }
    });
    let json = dump_update(registry, comp, &fixed).unwrap();
    assert_eq!(json, expected);
    assert_eq!(load_update(registry, comp, &json).unwrap(), fixed);
    let text = update_to_string(registry, comp, &fixed, &DumpOptions::pretty()).unwrap();
    assert_eq!(text, serde_json::to_string_pretty(&expected).unwrap());

    // The SDK's own examples: `{}` is the empty update, and fields are at the top level.
    assert!(load_update(registry, comp, &json!({})).unwrap().is_empty());
    let update = load_update(registry, comp, &json!({"x": 1})).unwrap();
    assert_eq!(update.fields().get::<Int32>(1), 1);
    assert_eq!(
        dump_update(registry, comp, &ComponentUpdate::new()).unwrap(),
        json!({})
    );

    for (json, path) in [
        (json!({"__events": {"nope": []}}), "/__events/nope"),
        (json!({"__events": {"ev": [{}]}}), "/__events/ev/0"),
        (json!({"__cleared": ["nope"]}), "/__cleared/0"),
        (json!({"y": 1}), "/y"),
        (json!({"x": []}), "/x"),
    ] {
        let error = load_update(registry, comp, &json).unwrap_err();
        assert_eq!(error.path(), Some(path), "{json}: {error}");
    }
    let mut bad = ComponentUpdate::new();
    bad.add_cleared_field(9);
    assert!(dump_update(registry, comp, &bad).is_err());
    let mut bad = ComponentUpdate::new();
    bad.add_event(3);
    assert_eq!(
        dump_update(registry, comp, &bad).unwrap_err().path(),
        Some("/__events")
    );
}

#[test]
fn data_and_commands() {
    let schema = schema();
    let registry = schema.registry();
    let comp = ty(&schema, "t.Comp");
    let data = load_data(registry, comp, &json!({"x": 1, "tags": ["a", "b"]})).unwrap();
    assert_eq!(data.fields().index_string(2, 1), Some("b"));
    assert_eq!(
        dump_data(registry, comp, &data).unwrap(),
        json!({"x": 1, "tags": ["a", "b"], "o": [], "m": []})
    );
    assert!(load_data(registry, comp, &json!({})).is_err());
    let request = load_request(registry, comp, 1, &all_json()).unwrap();
    assert_eq!(request.object(), &all_object());
    assert_eq!(
        dump_request(registry, comp, 1, &request).unwrap(),
        all_json()
    );
    let response = load_response(registry, comp, 1, &json!({"a": 1, "s": ["x"]})).unwrap();
    assert_eq!(
        dump_response(registry, comp, 1, &response).unwrap(),
        json!({"a": 1, "s": ["x"]})
    );
    let error = load_request(registry, comp, 2, &json!({})).unwrap_err();
    assert!(error.is_schema_error(), "{error}");
    assert!(command(registry, ty(&schema, "t.Inner"), 1).is_err());
}

/// Objects nested `levels` deep, going round options, lists and map values; their JSON; and the
/// JSON Pointer of the deepest object.
fn deep(levels: usize) -> (Object, Value, String) {
    let mut object = Object::new();
    object.add::<Int32>(4, 0);
    let mut json = json!({"next": [], "items": [], "by": [], "leaf": 0});
    let mut steps = Vec::new();
    for level in (1..levels).rev() {
        let mut outer = Object::new();
        let mut members = serde_json::Map::new();
        let (next, items, by) = match level % 3 {
            0 => {
                *outer.add_object(1) = object;
                steps.push("/next/0");
                (json!([json]), json!([]), json!([]))
            }
            1 => {
                *outer.add_object(2) = object;
                steps.push("/items/0");
                (json!([]), json!([json]), json!([]))
            }
            _ => {
                let entry = outer.add_object(3);
                entry.add::<Uint32>(1, 7);
                *entry.add_object(2) = object;
                steps.push("/by/0/value");
                (json!([]), json!([]), json!([{"key": 7, "value": json}]))
            }
        };
        outer.add::<Int32>(4, level as i32);
        members.insert("next".into(), next);
        members.insert("items".into(), items);
        members.insert("by".into(), by);
        members.insert("leaf".into(), json!(level));
        json = Value::Object(members);
        object = outer;
    }
    steps.reverse();
    (object, json, steps.concat())
}

#[test]
fn nesting_is_bounded_by_max_nesting_alike_both_ways() {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "r.schema".into(),
        text: "package r; type Node { option<Node> next = 1; list<Node> items = 2; \
               map<uint32, Node> by = 3; int32 leaf = 4; }"
            .into(),
    }])
    .unwrap();
    let schema = Schema::from_bundle(compiled.bundle()).unwrap();
    let (registry, node) = (
        schema.registry(),
        schema.registry().lookup("r.Node").unwrap(),
    );
    let (object, json, _) = deep(rosetta_types::MAX_NESTING);
    assert_eq!(dump_object(registry, node, &object).unwrap(), json);
    assert_eq!(load_object(registry, node, &json).unwrap(), object);
    // As text too: deeper than serde_json's own limit of 128 levels.
    let text = object_to_string(registry, node, &object, &DumpOptions::pretty()).unwrap();
    assert_eq!(
        load_object(registry, node, &parse(&text).unwrap()).unwrap(),
        object
    );
    for levels in [
        rosetta_types::MAX_NESTING + 1,
        rosetta_types::MAX_NESTING + 5,
    ] {
        let (object, json, _) = deep(levels);
        let (_, _, path) = deep(rosetta_types::MAX_NESTING + 1);
        let message = format!("nesting deeper than 100 object levels (at {path})");
        let loaded = load_object(registry, node, &json).unwrap_err();
        assert_eq!(loaded.to_string(), message);
        assert_eq!(loaded.path(), Some(path.as_str()));
        let dumped = dump_object(registry, node, &object).unwrap_err();
        assert_eq!(dumped.to_string(), message);
        // The wire format says it the same way, at the same place.
        let read = rosetta_wire::typed::read(registry, node, &object).unwrap_err();
        assert_eq!(read.to_string(), message);
    }
}

#[test]
fn syntax_errors_have_a_line_and_column() {
    let error = parse("{\n \"a\": tru }").unwrap_err();
    assert_eq!(error.line_column().map(|(line, _)| line), Some(2));
}

#[test]
fn a_component_past_the_largest_field_id_is_no_entity_member() {
    // Component ids are 32-bit; an Entity's field ids are its components' ids, which a tag
    // carries only up to 2^29 - 1: refused, not written as bytes no reader reads.
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "h.schema".into(),
        text: "package h; component High { id = 536870912; int32 x = 1; }
type Holder { Entity e = 1; }"
            .into(),
    }])
    .unwrap();
    let schema = Schema::from_bundle(compiled.bundle()).unwrap();
    let json = json!({"e": {"h.High": {"x": 1}}});
    let error = load_object(schema.registry(), ty(&schema, "h.Holder"), &json).unwrap_err();
    assert_eq!(error.path(), Some("/e/h.High"));
    assert!(
        error.to_string().starts_with("invalid field id 536870912"),
        "{error}"
    );
}
