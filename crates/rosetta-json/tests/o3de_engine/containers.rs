//! Lists, sets, maps, arrays and tuples: entries, explicit defaults, empty containers, results.

use std::collections::BTreeMap;

use rosetta_json::o3de::{self, LoadOptions, Outcome, Quiet};
use rosetta_types::{
    Field, MathScalar, MathShape, MathType, StructType, TypeId, TypeRegistry, Value,
};

use crate::*;

#[test]
fn a_map_entry_without_a_value_has_the_default_value() {
    let mut b = TypeRegistry::builder();
    let map = b.map(TypeId::STRING, TypeId::DOUBLE);
    let by_int = b.map(TypeId::INT32, TypeId::DOUBLE);
    let r = b.build().unwrap();
    let (value, outcome) = load(&r, map, r#"[{"Key": "a"}, {"Key": "b", "Value": 2.5}]"#);
    assert_eq!(outcome, Outcome::PartialDefaults);
    let entries = [
        (Value::String("a".into()), Value::F64(0.0)),
        (Value::String("b".into()), Value::F64(2.5)),
    ];
    assert_eq!(value, Value::Map(Box::new(entries)));
    let (value, _) = load(&r, by_int, "[{}]");
    let entries = [(Value::I32(0), Value::F64(0.0))];
    assert_eq!(value, Value::Map(Box::new(entries)));
    // The written value is one of the map's type again.
    let stored = o3de::store(
        &r,
        map,
        &load(&r, map, r#"[{"Key":"a"}]"#).0,
        &Default::default(),
        &mut Quiet,
    );
    assert!(stored.is_ok());

    // The same through serde.
    let text = r#"{"m": [{"Key": 1, "Value": 2.0}, {"Key": 2}, {"Value": 3.0}]}"#;
    #[derive(serde::Deserialize)]
    struct Holder {
        m: BTreeMap<i32, f64>,
    }
    let (holder, code): (Holder, _) =
        o3de::serde::from_str(text, &LoadOptions::default(), &mut Quiet).unwrap();
    assert_eq!(holder.m, BTreeMap::from([(0, 3.0), (1, 2.0), (2, 0.0)]));
    assert_eq!(code.outcome(), Outcome::PartialDefaults);
}

#[test]
fn pretty_sorted_containers_keep_rapidjson_number_text() {
    let mut b = TypeRegistry::builder();
    let set = b.set(TypeId::DOUBLE);
    let r = b.build().unwrap();
    let value = Value::List(Box::new([Value::F64(1e-6), Value::F64(1e20)]));
    let text = o3de::store(&r, set, &value, &o3de::StoreOptions::pretty(), &mut Quiet)
        .unwrap()
        .json;
    assert_eq!(text, "[\n    0.000001,\n    100000000000000000000.0\n]");
}

#[test]
fn an_empty_map_kept_is_an_empty_array() {
    let mut b = TypeRegistry::builder();
    let map = b.map(TypeId::STRING, TypeId::DOUBLE);
    let r = b.build().unwrap();
    let keep = o3de::StoreOptions {
        keep_defaults: true,
        ..Default::default()
    };
    let text = o3de::store(&r, map, &Value::Map(Box::default()), &keep, &mut Quiet)
        .unwrap()
        .json;
    assert_eq!(text, "[]");
}

#[test]
fn a_map_key_that_reads_as_a_directive_takes_the_array_form() {
    // As an object member, "$import" would be read back as an import of another file.
    let mut b = TypeRegistry::builder();
    let map = b.map(TypeId::STRING, TypeId::STRING);
    let r = b.build().unwrap();
    let value = Value::Map(Box::new([(
        Value::String("$import".into()),
        Value::String("other.json".into()),
    )]));
    for options in [
        o3de::StoreOptions::default(),
        o3de::StoreOptions {
            sort_maps: true,
            ..Default::default()
        },
    ] {
        let stored = o3de::store(&r, map, &value, &options, &mut Quiet).unwrap();
        assert_eq!(stored.json, r#"[{"Key":"$import","Value":"other.json"}]"#);
        assert_eq!(load(&r, map, &stored.json).0, value);
    }
    let text = o3de::serde::to_string(
        &BTreeMap::from([("$import", "other.json")]),
        &Default::default(),
    )
    .unwrap();
    assert_eq!(text, r#"[{"Key":"$import","Value":"other.json"}]"#);
}

#[test]
fn lists_of_plain_values_and_vectors_nest_within_what_loads() {
    // The innermost arrays (ints, a vector's components) are no step of the path.
    for leaf in ["int", "vector"] {
        let mut b = TypeRegistry::builder();
        let mut ty = match leaf {
            "int" => TypeId::INT32,
            _ => b.math(MathType::VECTOR3),
        };
        let mut value = match leaf {
            "int" => Value::I32(1),
            _ => Value::math_f32([1.0, 2.0, 3.0]),
        };
        let mut types = Vec::new();
        for _ in 0..140 {
            ty = b.list(ty);
            types.push(ty);
        }
        let r = b.build().unwrap();
        for (depth, &ty) in types.iter().enumerate() {
            value = Value::list([value]);
            let stored = o3de::store(&r, ty, &value, &Default::default(), &mut Quiet);
            let loaded = stored
                .as_ref()
                .ok()
                .map(|s| o3de::load(&r, ty, &s.json, &LoadOptions::default(), &mut Quiet));
            match loaded {
                Some(Ok(l)) => assert_eq!(l.value, value, "{leaf} {depth}"),
                Some(Err(e)) => panic!("{leaf} {depth}: stored but does not load: {e}"),
                None => {
                    assert!(depth > 100, "{leaf} {depth}");
                    break;
                }
            }
        }
    }
}

/// `JsonBasicContainerSerializer::Store` and `JsonMapSerializer::Store`: an empty container is
/// no work done, which leaves the result of what holds it as it is.
#[test]
fn an_empty_container_left_out_does_not_make_partial_defaults() {
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::INT32);
    let map = b.map(TypeId::STRING, TypeId::INT32);
    let s = StructType::new([
        Field::new("a", TypeId::INT32),
        Field::new("l", list),
        Field::new("m", map),
    ])
    .unwrap();
    let ty = b.add("S", s).unwrap();
    let r = b.build().unwrap();
    let empty = |a: i32| {
        Value::Struct(Box::new([
            Value::I32(a),
            Value::list([]),
            Value::Map(Box::default()),
        ]))
    };
    for report_successes in [false, true] {
        let options = o3de::StoreOptions {
            report_successes,
            ..Default::default()
        };
        let stored = o3de::store(&r, ty, &empty(7), &options, &mut Quiet).unwrap();
        assert_eq!(
            (stored.json.as_str(), stored.result.outcome()),
            (r#"{"a":7}"#, Outcome::Success)
        );
        let stored = o3de::store(&r, ty, &empty(0), &options, &mut Quiet).unwrap();
        assert_eq!(
            (stored.json.as_str(), stored.result.outcome()),
            ("{}", Outcome::DefaultsUsed)
        );
    }
}

/// `JsonTupleSerializer::LoadContainer` and `JsonArraySerializer`: the result is the elements'
/// alone; a tuple keeps the slots it could fill and never reads past the last slot.
#[test]
fn tuples_and_arrays_combine_only_their_elements() {
    let mut b = TypeRegistry::builder();
    let pair = b.tuple([TypeId::INT32, TypeId::INT32]);
    let arr3 = b.array(TypeId::INT32, 3);
    let r = b.build().unwrap();
    let onto = |ty, json: &str, mut target: Value| {
        let mut collect = o3de::Collect::default();
        let code = o3de::load_into(
            &r,
            ty,
            json,
            &mut target,
            &LoadOptions::default(),
            &mut collect,
        )
        .unwrap();
        (
            target,
            code.outcome(),
            code.processing(),
            collect.reports.len(),
        )
    };
    use rosetta_json::o3de::Processing;
    let old = Value::tuple([Value::I32(8), Value::I32(9)]);
    assert_eq!(
        onto(pair, r#"[1, "x"]"#, old.clone()),
        (
            Value::tuple([Value::I32(1), Value::I32(9)]),
            Outcome::Unsupported,
            Processing::PartialAlter,
            1
        )
    );
    assert_eq!(
        onto(pair, "[1, 2, 3]", old),
        (
            Value::tuple([Value::I32(1), Value::I32(2)]),
            Outcome::Success,
            Processing::Completed,
            0
        )
    );
    let zeros = Value::list([0, 0, 0].map(Value::I32));
    let (_, outcome, processing, _) = onto(arr3, r#"["a", "b", "c"]"#, zeros.clone());
    assert_eq!(
        (outcome, processing),
        (Outcome::Unsupported, Processing::Altered)
    );
    let (_, outcome, _, _) = onto(arr3, "[{}, {}, {}]", zeros);
    assert_eq!(outcome, Outcome::DefaultsUsed);
}

#[test]
fn a_map_entry_whose_key_fails_is_unavailable_after_its_value_is_read() {
    // `JsonMapSerializer::LoadElement` loads the value whatever the key did, onto the entry of
    // the key as the failed load left it (the default key) if there is one; the entry is then
    // Unavailable and a new one is not kept.
    let mut b = TypeRegistry::builder();
    let by_int = b.map(TypeId::INT32, TypeId::DOUBLE);
    let r = b.build().unwrap();
    let mut collect = o3de::Collect::default();
    let json = r#"{"abc": "2.5", "5": 1.0}"#;
    let loaded = o3de::load(&r, by_int, json, &LoadOptions::default(), &mut collect).unwrap();
    let five = [(Value::I32(5), Value::F64(1.0))];
    assert_eq!(loaded.value, Value::Map(Box::new(five)));
    assert_eq!(loaded.result.outcome(), Outcome::Unavailable);
    let at_abc: Vec<Outcome> = collect
        .reports
        .iter()
        .filter(|r| r.path == "/abc")
        .map(|r| r.code.outcome())
        .collect();
    // The key's failure, the value's coercion from text, then the entry.
    assert_eq!(
        at_abc,
        [Outcome::Unsupported, Outcome::Success, Outcome::Unavailable]
    );

    let mut value = Value::Map(Box::new([(Value::I32(0), Value::F64(1.0))]));
    let options = LoadOptions::default();
    let result = o3de::load_into(
        &r,
        by_int,
        r#"{"abc": 7.0}"#,
        &mut value,
        &options,
        &mut Quiet,
    );
    assert_eq!(result.unwrap().outcome(), Outcome::Unavailable);
    assert_eq!(
        value,
        Value::Map(Box::new([(Value::I32(0), Value::F64(7.0))]))
    );
}

#[test]
fn sets_and_map_keys_find_minus_zero_equal_to_zero() {
    // `std::less<float>` and `std::hash<float>` find `-0.0 == 0.0`: the second is a duplicate.
    let mut b = TypeRegistry::builder();
    let floats = b.set(TypeId::DOUBLE);
    let pairs = b.tuple([TypeId::INT32, TypeId::FLOAT]);
    let pair_set = b.set(pairs);
    let r = b.build().unwrap();
    let (value, outcome) = load(&r, floats, "[-0.0, 1.0, 0.0]");
    assert_eq!(outcome, Outcome::Unavailable);
    assert_eq!(value, Value::list([Value::F64(-0.0), Value::F64(1.0)]));
    let pair = |x: f32| Value::tuple([Value::I32(1), Value::F32(x)]);
    let (value, outcome) = load(&r, pair_set, "[[1, 0.0], [1, -0.0]]");
    assert_eq!(outcome, Outcome::Unavailable);
    assert_eq!(value, Value::list([pair(0.0)]));

    // A map's keys likewise: the second zero loads onto the first one's entry.
    let mut b = TypeRegistry::builder();
    let by_float = b.map(TypeId::FLOAT, TypeId::INT32);
    let r = b.build().unwrap();
    let (value, outcome) = load(&r, by_float, r#"{"-0.0": 1, "0.0": 2, "1.0": 3}"#);
    assert_eq!(outcome, Outcome::Success);
    let entries = [
        (Value::F32(-0.0), Value::I32(2)),
        (Value::F32(1.0), Value::I32(3)),
    ];
    assert_eq!(value, Value::map(entries));
}

#[test]
fn an_existing_entrys_value_reads_the_explicit_default_as_a_new_instance() {
    // `LoadElement` loads an existing key's value with `LoadAsNewInstance`: serializers flagged
    // `InitializeNewInstance` (integers, floats, bools, math values) reset it on `{}`; the
    // string serializer has no such flag and leaves it.
    let mut b = TypeRegistry::builder();
    let ints = b.map(TypeId::STRING, TypeId::INT32);
    let texts = b.map(TypeId::STRING, TypeId::STRING);
    let vec3 = b.math(MathType::new(MathShape::Vector3, MathScalar::F32));
    let by_int = b.map(TypeId::INT32, vec3);
    let r = b.build().unwrap();
    let options = LoadOptions::default();
    let a = |v: Value| Value::map([(Value::from("a"), v)]);

    // The entry combines its key's Success with its value's DefaultsUsed; no entry was added,
    // so the map keeps that outcome.
    let mut value = a(Value::I32(5));
    let result = o3de::load_into(&r, ints, r#"{"a": {}}"#, &mut value, &options, &mut Quiet);
    assert_eq!(result.unwrap().outcome(), Outcome::PartialDefaults);
    assert_eq!(value, a(Value::I32(0)));
    // Within one document too: the second `a` is the same entry.
    assert_eq!(load(&r, ints, r#"{"a": 5, "a": {}}"#).0, a(Value::I32(0)));

    let mut value = a(Value::from("x"));
    let result = o3de::load_into(&r, texts, r#"{"a": {}}"#, &mut value, &options, &mut Quiet);
    assert_eq!(result.unwrap().outcome(), Outcome::PartialDefaults);
    assert_eq!(value, a(Value::from("x")));

    // The array form, with the value left out (read as `{}`).
    let one = |xs: [f32; 3]| Value::map([(Value::I32(1), Value::MathF32(xs[..].into()))]);
    let mut value = one([1.0, 2.0, 3.0]);
    let result = o3de::load_into(
        &r,
        by_int,
        r#"[{"Key": 1}]"#,
        &mut value,
        &options,
        &mut Quiet,
    );
    assert!(result.is_ok());
    assert_eq!(value, one([0.0; 3]));

    // The default key onto its existing entry: both parts DefaultsUsed, nothing added.
    let mut value = Value::map([(Value::from(""), Value::I32(5))]);
    let result = o3de::load_into(&r, ints, r#"{"{}": {}}"#, &mut value, &options, &mut Quiet);
    assert_eq!(result.unwrap().outcome(), Outcome::DefaultsUsed);
    assert_eq!(value, Value::map([(Value::from(""), Value::I32(0))]));
}
