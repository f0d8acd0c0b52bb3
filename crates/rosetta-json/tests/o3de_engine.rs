//! Engine behaviours checked against O3DE's code (`MathMatrixSerializer.cpp`,
//! `MathVectorSerializer.cpp`, `IntSerializer.cpp`, `DoubleSerializer.cpp`, `MapSerializer.cpp`,
//! `JsonDeserializer.cpp`) where the corpus has no vector: each case names what the engine does.

use std::collections::BTreeMap;

use rosetta_json::o3de::{self, LoadOptions, Outcome, Quiet};
use rosetta_types::{
    Field, MathScalar, MathShape, MathType, StructType, TypeDef, TypeId, TypeRegistry, Value,
};

fn load(registry: &TypeRegistry, ty: TypeId, json: &str) -> (Value, Outcome) {
    let loaded = o3de::load(registry, ty, json, &LoadOptions::default(), &mut Quiet).unwrap();
    (loaded.value, loaded.result.outcome())
}

fn scalars() -> TypeRegistry {
    TypeRegistry::builder().build().unwrap()
}

#[test]
fn a_double_is_range_checked_before_it_is_truncated() {
    let r = scalars();
    assert_eq!(
        load(&r, TypeId::UINT8, "254.9"),
        (Value::U8(254), Outcome::Success)
    );
    for (ty, json) in [
        (TypeId::UINT8, "255.5"),
        (TypeId::UINT32, "-0.5"),
        (TypeId::INT32, "2147483647.5"),
        (TypeId::INT32, "-2147483648.5"),
    ] {
        assert_eq!(load(&r, ty, json).1, Outcome::Unsupported, "{json}");
    }
}

#[test]
fn float_text_takes_hexadecimal_as_strtod_does() {
    let r = scalars();
    assert_eq!(load(&r, TypeId::DOUBLE, r#""0x10""#).0, Value::F64(16.0));
    assert_eq!(load(&r, TypeId::FLOAT, r#""-0x1.8p1""#).0, Value::F32(-3.0));
}

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
fn a_vector_object_with_no_component_is_all_defaults() {
    let mut b = TypeRegistry::builder();
    let v3 = b.math(MathType::VECTOR3);
    let r = b.build().unwrap();
    assert_eq!(load(&r, v3, r#"{"Foo": 1}"#).1, Outcome::DefaultsUsed);
    assert_eq!(load(&r, v3, r#"{"y": 1}"#).1, Outcome::PartialDefaults);
}

#[test]
fn matrix_objects_rotate_roll_about_x_and_yaw_about_z() {
    let mut b = TypeRegistry::builder();
    let m33 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 3 },
        MathScalar::F32,
    ));
    let m34 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 4 },
        MathScalar::F32,
    ));
    let r = b.build().unwrap();
    let rounded = |v: &Value| -> Vec<f32> {
        let Value::MathF32(c) = v else {
            panic!("{v:?}")
        };
        c.iter().map(|x| (x * 1e4).round() / 1e4 + 0.0).collect()
    };
    // Yaw 90 about Z: x goes to y.
    let (m, outcome) = load(&r, m33, r#"{"yaw": 90, "scale": 1}"#);
    assert_eq!(outcome, Outcome::Success);
    assert_eq!(rounded(&m), [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    // Roll 90 about X, scale 2, a translation; other members and other spellings are ignored.
    let json = r#"{"Roll": 90, "Scale": 2, "x": 5, "comment": [1], "YAW": 45}"#;
    let (m, outcome) = load(&r, m34, json);
    assert_eq!(outcome, Outcome::Success);
    assert_eq!(
        rounded(&m),
        [2.0, 0.0, 0.0, 5.0, 0.0, 0.0, -2.0, 0.0, 0.0, 2.0, 0.0, 0.0]
    );
    // No scale: the rest is PartialDefaults; the identity is DefaultsUsed.
    assert_eq!(
        load(&r, m34, r#"{"pitch": 30}"#).1,
        Outcome::PartialDefaults
    );
    assert_eq!(load(&r, m33, r#"{"x": 5}"#).1, Outcome::DefaultsUsed);
    assert_eq!(load(&r, m33, r#"{"scale": 0.0}"#).1, Outcome::Unsupported);
}

/// `Base {a}`, `Derived {a, b}: Base` and a pointer to `Base`: the registry, `Derived` and the
/// pointer.
fn base_and_derived() -> (TypeRegistry, TypeId, TypeId) {
    let mut b = TypeRegistry::builder();
    let base = b
        .add(
            "Base",
            StructType::new([Field::new("a", TypeId::INT32)]).unwrap(),
        )
        .unwrap();
    let derived = StructType::new([
        Field::new("a", TypeId::INT32),
        Field::new("b", TypeId::INT32),
    ]);
    let derived = b
        .add("Derived", TypeDef::new(derived.unwrap()).with_base(base))
        .unwrap();
    let poly = b.polymorphic(base);
    (b.build().unwrap(), derived, poly)
}

#[test]
fn a_type_that_is_not_a_string_is_unknown() {
    let (r, _, poly) = base_and_derived();
    assert_eq!(
        load(&r, poly, r#"{"$type": 5, "a": 1}"#).1,
        Outcome::Unknown
    );
    // An `any` reports it (Unknown) and is left as it is, without halting: the engine's
    // `JsonAnySerializer::Load` answers DefaultsUsed once `LoadTypeId` finds nothing.
    let mut collect = o3de::Collect::default();
    let json = r#"{"a": {"$type": [], "Value": 1}, "b": 3}"#;
    let mut b = TypeRegistry::builder();
    let holder = StructType::new([Field::new("a", TypeId::ANY), Field::new("b", TypeId::INT32)]);
    let holder = b.add("Holder", holder.unwrap()).unwrap();
    let r2 = b.build().unwrap();
    let loaded = o3de::load(&r2, holder, json, &LoadOptions::default(), &mut collect).unwrap();
    assert_eq!(loaded.result.outcome(), Outcome::PartialDefaults);
    let empty = Value::dynamic(TypeId::NIL, Value::nil());
    assert_eq!(
        loaded.value,
        Value::Struct(Box::new([empty, Value::I32(3)]))
    );
    assert_eq!(collect.reports[0].code.outcome(), Outcome::Unknown);
    assert_eq!(collect.reports[0].path, "/a/$type");
    assert_eq!(
        load(&r, poly, r#"{"$type": "Derived", "b": 2}"#).1,
        Outcome::PartialDefaults
    );
}

fn simple_class() -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let s = StructType::new([
        Field::new("var1", TypeId::INT32).with_default(Value::I32(42)),
        Field::new("var2", TypeId::STRING).with_default(Value::String("x".into())),
    ])
    .unwrap();
    let ty = b.add("SimpleClass", s).unwrap();
    (b.build().unwrap(), ty)
}

#[test]
fn a_struct_with_some_members_missing_is_partial_defaults() {
    let (r, ty) = simple_class();
    let fields =
        |a: i32, b: &str| Value::Struct(Box::new([Value::I32(a), Value::String(b.into())]));
    assert_eq!(
        load(&r, ty, r#"{"var1": 88, "extra": 1}"#),
        (fields(88, "x"), Outcome::PartialDefaults)
    );
    // `{}` on a member keeps the member's default (the engine's target is default-made).
    assert_eq!(
        load(&r, ty, r#"{"var1": {}}"#),
        (fields(42, "x"), Outcome::PartialDefaults)
    );
    assert_eq!(load(&r, ty, "{}").1, Outcome::DefaultsUsed);
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
fn math_values_equal_their_default_only_exactly() {
    let mut b = TypeRegistry::builder();
    let v3 = b.math(MathType::VECTOR3);
    let s = StructType::new([Field::new("v", v3)]).unwrap();
    let ty = b.add("S", s).unwrap();
    let r = b.build().unwrap();
    let value = Value::Struct(Box::new([Value::math_f32([1e-9, 0.0, 0.0])]));
    let stored = o3de::store(&r, ty, &value, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, r#"{"v":[9.999999717180686e-10,0.0,0.0]}"#);
}

#[test]
fn serde_reads_explicit_defaults_and_stray_entries_as_load_does() {
    #[derive(serde::Deserialize, Debug, PartialEq)]
    struct Holder {
        l: Vec<i32>,
        m: BTreeMap<String, f64>,
    }
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::INT32);
    let map = b.map(TypeId::STRING, TypeId::DOUBLE);
    let s = StructType::new([Field::new("l", list), Field::new("m", map)]).unwrap();
    let holder = b.add("Holder", s).unwrap();
    let r = b.build().unwrap();
    for (text, want) in [
        (
            r#"{"l": {}, "m": {}}"#,
            Holder {
                l: vec![],
                m: BTreeMap::new(),
            },
        ),
        (
            r#"{"l": [1], "m": [5, {"Key": "a", "Value": 1.5}, "x"]}"#,
            Holder {
                l: vec![1],
                m: BTreeMap::from([("a".to_owned(), 1.5)]),
            },
        ),
    ] {
        let mut theirs = o3de::Collect::default();
        let loaded = o3de::load(&r, holder, text, &LoadOptions::default(), &mut theirs).unwrap();
        let mut ours = o3de::Collect::default();
        let (value, code): (Holder, _) =
            o3de::serde::from_str(text, &LoadOptions::default(), &mut ours).unwrap();
        assert_eq!(value, want, "{text}");
        assert_eq!(code, loaded.result, "{text}");
        assert_eq!(ours.reports, theirs.reports, "{text}");
    }
}

#[test]
fn any_is_stored_as_the_any_serializer_does() {
    let mut b = TypeRegistry::builder();
    let five = Value::dynamic(TypeId::INT32, Value::I32(5));
    let s = StructType::new([Field::new("a", TypeId::ANY).with_default(five.clone())]).unwrap();
    let ty = b.add("S", s).unwrap();
    let r = b.build().unwrap();
    let store = |v: Value, keep: bool| {
        let options = o3de::StoreOptions {
            keep_defaults: keep,
            ..Default::default()
        };
        let stored =
            o3de::store(&r, ty, &Value::Struct(Box::new([v])), &options, &mut Quiet).unwrap();
        (stored.json, stored.result.outcome())
    };
    // The type is always written, by its engine class name; the value is left out when it is
    // the default's.
    assert_eq!(
        store(five.clone(), false),
        (
            r#"{"a":{"$type":"int"}}"#.to_owned(),
            Outcome::PartialDefaults
        )
    );
    let six = Value::dynamic(TypeId::INT32, Value::I32(6));
    assert_eq!(store(six, false).0, r#"{"a":{"$type":"int","Value":6}}"#);
    // With no default of its type, a value that is not a class is written whatever it is
    // (`Any2JSON_StoreAndLoad_Bool`), and reads back.
    let no = Value::dynamic(TypeId::BOOL, Value::Bool(false));
    let (text, outcome) = store(no.clone(), false);
    assert_eq!(
        (text.as_str(), outcome),
        (r#"{"a":{"$type":"bool","Value":false}}"#, Outcome::Success)
    );
    let back = o3de::load(&r, ty, &text, &LoadOptions::default(), &mut Quiet).unwrap();
    assert_eq!(back.value, Value::Struct(Box::new([no])));
    // The engine's type id reads as well as its name.
    let by_id = r#"{"a":{"$type":"{43DA906B-7DEF-4ca8-9790-854106D3F983}","Value":7}}"#;
    let back = o3de::load(&r, ty, by_id, &LoadOptions::default(), &mut Quiet).unwrap();
    let seven = Value::dynamic(TypeId::UINT32, Value::U32(7));
    assert_eq!(back.value, Value::Struct(Box::new([seven])));
    // An empty `any` is left out, kept defaults or not.
    let empty = Value::dynamic(TypeId::NIL, Value::nil());
    assert_eq!(store(empty.clone(), false).0, "{}");
    assert_eq!(store(empty, true).0, "{}");
}

#[test]
fn a_value_kept_that_reports_its_default_is_written_once() {
    // Found by the round-trip property: a tuple holding an empty `any` reports DefaultsUsed,
    // and with kept defaults its `[{}]` was followed by a second `{}` for "left out".
    let mut b = TypeRegistry::builder();
    let tuple = b.tuple([TypeId::ANY]);
    let list = b.list(tuple);
    let s = StructType::new([Field::new("t", tuple)]).unwrap();
    let holder = b.add("Holder", s).unwrap();
    let r = b.build().unwrap();
    let keep = o3de::StoreOptions {
        keep_defaults: true,
        ..Default::default()
    };
    let one = Value::Tuple(Box::new([Value::dynamic(TypeId::NIL, Value::nil())]));
    for (ty, value, want) in [
        (list, Value::List(Box::new([one.clone()])), "[[{}]]"),
        (holder, Value::Struct(Box::new([one])), r#"{"t":[{}]}"#),
    ] {
        let stored = o3de::store(&r, ty, &value, &keep, &mut Quiet).unwrap();
        assert_eq!(stored.json, want);
        assert_eq!(load(&r, ty, want).0, value, "{want}");
    }
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
fn what_is_stored_within_the_nesting_limit_loads_back() {
    // Maps with keys that are not strings nest two levels each (array, pair object).
    let mut b = TypeRegistry::builder();
    let m = b.declare("M").unwrap();
    let key = b.tuple([TypeId::INT32]);
    let map = b.map(key, m);
    b.define(m, StructType::new([Field::new("m", map)]).unwrap())
        .unwrap();
    let r = b.build().unwrap();
    let mut value = Value::Struct(Box::new([Value::Map(Box::default())]));
    for depth in 1..200 {
        let entry = (Value::Tuple(Box::new([Value::I32(depth)])), value);
        value = Value::Struct(Box::new([Value::Map(Box::new([entry]))]));
        let Ok(stored) = o3de::store(&r, m, &value, &Default::default(), &mut Quiet) else {
            assert!(depth > 20, "{depth}");
            return;
        };
        let loaded = o3de::load(&r, m, &stored.json, &LoadOptions::default(), &mut Quiet);
        assert_eq!(
            loaded.map(|l| l.value).ok().as_ref(),
            Some(&value),
            "{depth}"
        );
    }
    panic!("no nesting limit");
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

#[test]
fn a_derived_class_without_members_is_partial_defaults() {
    let mut b = TypeRegistry::builder();
    let base = b
        .add("Base", StructType::new(Vec::<Field>::new()).unwrap())
        .unwrap();
    let empty = TypeDef::new(StructType::new(Vec::<Field>::new()).unwrap()).with_base(base);
    let derived = b.add("DerivedEmpty", empty).unwrap();
    let poly = b.polymorphic(base);
    let r = b.build().unwrap();
    let value = Value::dynamic(derived, Value::Struct(Box::default()));
    let stored = o3de::store(&r, poly, &value, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, r#"{"$type":"DerivedEmpty"}"#);
    assert_eq!(stored.result.outcome(), Outcome::PartialDefaults);
}

#[test]
fn rosetta_reads_back_its_own_float_text_strictly() {
    let r = scalars();
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let shortest = o3de::StoreOptions {
        float_form: o3de::FloatForm::Shortest,
        ..Default::default()
    };
    for x in [
        f32::MAX,
        f32::MIN,
        f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        0.1,
    ] {
        for options in [&o3de::StoreOptions::default(), &shortest] {
            let text = o3de::store(&r, TypeId::FLOAT, &Value::F32(x), options, &mut Quiet)
                .unwrap()
                .json;
            let back = o3de::load(&r, TypeId::FLOAT, &text, &strict, &mut Quiet)
                .unwrap_or_else(|e| panic!("{text}: {e}"));
            let Value::F32(y) = back.value else {
                panic!("{text}")
            };
            assert!(y == x || (x.is_nan() && y.is_nan()), "{text}");
        }
    }
}

#[test]
fn a_closed_enum_reads_back_a_value_that_is_not_a_constant() {
    let mut b = TypeRegistry::builder();
    let colour = rosetta_types::EnumType::new(
        rosetta_types::IntType::INT32,
        [
            rosetta_types::Constant::new("Red", 0),
            rosetta_types::Constant::new("Green", 1),
            rosetta_types::Constant::new("Blue", 2),
        ],
    )
    .unwrap();
    let ty = b.add("Colour", rosetta_types::Kind::Enum(colour)).unwrap();
    let r = b.build().unwrap();
    let text = o3de::store(&r, ty, &Value::Enum(7), &Default::default(), &mut Quiet)
        .unwrap()
        .json;
    assert_eq!(text, r#"["Blue","Green",4]"#);
    assert_eq!(load(&r, ty, &text).0, Value::Enum(7));
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    assert!(o3de::load(&r, ty, &text, &strict, &mut Quiet).is_err());
    // Strict both ways: what a strict load refuses, a strict store refuses to write.
    let strict = o3de::StoreOptions {
        strict: true,
        ..Default::default()
    };
    assert!(o3de::store(&r, ty, &Value::Enum(7), &strict, &mut Quiet).is_err());
    assert!(o3de::store(&r, ty, &Value::Enum(2), &strict, &mut Quiet).is_ok());
}

#[test]
fn text_is_read_as_rapidjson_reads_it() {
    let (r, ty) = simple_class();
    // A byte order mark is skipped, a NUL byte ends the text, and a commented `{}` is still
    // the explicit default.
    assert_eq!(
        load(&r, ty, "\u{feff}{\"var1\": 1}").1,
        Outcome::PartialDefaults
    );
    assert_eq!(load(&r, TypeId::INT32, "7\0garbage").0, Value::I32(7));
    let json = r#"{"var1": { /* the default */ }, "var2": "y"}"#;
    let fields = Value::Struct(Box::new([Value::I32(42), Value::String("y".into())]));
    assert_eq!(load(&r, ty, json).0, fields);
    assert!(o3de::load(
        &r,
        TypeId::INT32,
        "7 x",
        &LoadOptions::default(),
        &mut Quiet
    )
    .is_err());
}

/// `data/rapidjson_numbers.txt`: 3,000 number texts (shortest and 17-digit doubles, widened
/// floats, long fractions, big exponents, integers beyond 64 bits) and the double's bits that
/// RapidJSON 1.1.0 (Debian's `rapidjson-dev` 1.1.0+dfsg2, the version O3DE pins) made of each
/// with `Document::Parse<kParseCommentsFlag>`, as O3DE parses, or `TOOBIG` where it stopped
/// with `kParseErrorNumberTooBig`. Generated once with a C++ program; about a third of these
/// are not the correctly rounded double.
#[test]
fn numbers_are_the_doubles_rapidjson_makes() {
    let r = scalars();
    let vectors = include_str!("data/rapidjson_numbers.txt");
    let mut checked = 0;
    for line in vectors.lines() {
        let (text, want) = line.split_once(' ').unwrap();
        let loaded = o3de::load(
            &r,
            TypeId::DOUBLE,
            text,
            &LoadOptions::default(),
            &mut Quiet,
        );
        match want {
            "TOOBIG" => assert!(loaded.is_err(), "{text}"),
            bits => {
                let want = u64::from_str_radix(bits, 16).unwrap();
                let Value::F64(got) = loaded.unwrap().value else {
                    panic!("{text}")
                };
                assert_eq!(got.to_bits(), want, "{text}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 3000);
}

/// `LoadEnumFromContainer` and `LoadEnumFromString` (`JsonDeserializer.cpp`).
#[test]
fn enum_arrays_or_what_reads_and_report_each_element_at_its_index() {
    let mut b = TypeRegistry::builder();
    let flags = rosetta_types::EnumType::new(
        rosetta_types::IntType::UINT8,
        [
            rosetta_types::Constant::new("Flag1", 1),
            rosetta_types::Constant::new("Flag2", 2),
        ],
    )
    .unwrap();
    let ty = b.add("Flags", rosetta_types::Kind::Bitmask(flags)).unwrap();
    let r = b.build().unwrap();
    let mut collect = o3de::Collect::default();
    let json = r#"["Flag1", "nope", true, [1], "flag2"]"#;
    let loaded = o3de::load(&r, ty, json, &LoadOptions::default(), &mut collect).unwrap();
    assert_eq!(loaded.value, Value::Enum(3));
    assert_eq!(loaded.result.outcome(), Outcome::Unsupported);
    assert_eq!(
        loaded.result.processing(),
        rosetta_json::o3de::Processing::PartialAlter
    );
    let paths: Vec<(&str, Outcome)> = collect
        .reports
        .iter()
        .map(|r| (r.path.as_str(), r.code.outcome()))
        .collect();
    assert_eq!(
        paths,
        [
            ("/1", Outcome::Unsupported),
            ("/2", Outcome::Unsupported),
            ("/3", Outcome::Unsupported),
            ("/4", Outcome::Success),
        ]
    );
    // "" adds nothing, as a default; the old value is not kept.
    assert_eq!(
        load(&r, ty, r#"["Flag1", ""]"#),
        (Value::Enum(1), Outcome::PartialDefaults)
    );
    assert_eq!(
        load(&r, ty, r#"[""]"#),
        (Value::Enum(0), Outcome::DefaultsUsed)
    );
    // Numeric text is read first, as `strtoll` base 0 reads it: a number at the start.
    for (text, value) in [
        (r#""3 apples""#, 3),
        (r#""1Flag""#, 1),
        (r#""1.5""#, 1),
        (r#"" 0x2""#, 2),
        (r#""010""#, 8),
    ] {
        assert_eq!(
            load(&r, ty, text),
            (Value::Enum(value), Outcome::Success),
            "{text}"
        );
    }
    assert_eq!(load(&r, ty, r#""256""#).1, Outcome::Unsupported);
}

#[test]
fn a_number_too_big_for_a_double_is_out_of_a_floats_range() {
    let r = scalars();
    // RapidJSON reads the last two as infinity; `JsonNumericCast` finds that beyond a float.
    // (An exponent beyond 308 is RapidJSON's "number too big", a syntax error.)
    for json in ["1e39", "901e308", "-1.7976931348623159e308"] {
        assert_eq!(
            load(&r, TypeId::FLOAT, json).1,
            Outcome::Unsupported,
            "{json}"
        );
    }
    // What Rosetta writes for a float that is not finite reads back.
    assert_eq!(
        load(&r, TypeId::FLOAT, r#""-Infinity""#),
        (Value::F32(f32::NEG_INFINITY), Outcome::Success)
    );
}

#[test]
fn colors_and_uuids_read_back_as_written() {
    let mut b = TypeRegistry::builder();
    let color = b.math(MathType::COLOR);
    let r = b.build().unwrap();
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let value = Value::math_f32([f32::INFINITY, 0.5, f32::NAN, 0.25]);
    let text = o3de::store(&r, color, &value, &Default::default(), &mut Quiet)
        .unwrap()
        .json;
    assert_eq!(text, r#"["Infinity",0.5,"NaN",0.25]"#);
    let back = o3de::load(&r, color, &text, &strict, &mut Quiet)
        .unwrap()
        .value;
    let c = back.as_math_f32().unwrap();
    assert!(c[0] == f32::INFINITY && c[1] == 0.5 && c[2].is_nan() && c[3] == 0.25);
    // RGBA8 channels are `IsInt64` numbers.
    let huge = r#"{"RGBA8": [18446744073709551615, 0, 0, 0]}"#;
    assert_eq!(load(&r, color, huge).1, Outcome::Unsupported);
    // A braced uuid in lower case is as good as the written form.
    let lower = r#""{5e970016-0039-4454-8e0d-5ee58a390324}""#;
    let loaded = o3de::load(&r, TypeId::UUID, lower, &strict, &mut Quiet).unwrap();
    assert_eq!(loaded.result.outcome(), Outcome::Success);
}

/// `MathVectorSerializer`, `MathMatrixSerializer` and the quaternion's Euler object report a
/// component that cannot be read where it is.
#[test]
fn a_math_component_that_cannot_be_read_is_reported_where_it_is() {
    let mut b = TypeRegistry::builder();
    let vec3 = b.math(MathType::VECTOR3);
    let quat = b.math(MathType::QUATERNION);
    let m33 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 3 },
        MathScalar::F32,
    ));
    let r = b.build().unwrap();
    for (ty, json, path) in [
        (vec3, r#"[1.0, "Invalid", 3.0]"#, "/1"),
        (vec3, r#"[1.0, 2.0, [3.0]]"#, "/2"),
        (vec3, r#"{"X": 1, "y": "bad"}"#, "/y"),
        (quat, r#"{"roll": 1, "yaw": "x"}"#, "/yaw"),
        (m33, r#"{"Pitch": {}}"#, "/Pitch"),
        (m33, r#"{"Scale": 0.0}"#, "/Scale"),
    ] {
        let mut collect = o3de::Collect::default();
        let loaded = o3de::load(&r, ty, json, &LoadOptions::default(), &mut collect).unwrap();
        assert_eq!(loaded.result.outcome(), Outcome::Unsupported, "{json}");
        assert_eq!(collect.reports.len(), 1, "{json}");
        assert_eq!(collect.reports[0].path, path, "{json}");
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

/// `JsonSerialization::Store` makes a default object to compare with for classes only: a
/// number, string, enum or vector on its own is written whatever it is.
#[test]
fn a_value_that_is_no_class_is_written_whatever_it_is() {
    let mut b = TypeRegistry::builder();
    let vec3 = b.math(MathType::VECTOR3);
    let r = b.build().unwrap();
    for (ty, value, json) in [
        (TypeId::INT32, Value::I32(0), "0"),
        (TypeId::BOOL, Value::Bool(false), "false"),
        (TypeId::STRING, Value::String("".into()), r#""""#),
        (vec3, Value::math_f32([0.0; 3]), "[0.0,0.0,0.0]"),
    ] {
        let stored = o3de::store(&r, ty, &value, &Default::default(), &mut Quiet).unwrap();
        assert_eq!(
            (stored.json.as_str(), stored.result.outcome()),
            (json, Outcome::Success)
        );
        assert_eq!(load(&r, ty, json), (value, Outcome::Success));
    }
}

#[test]
fn a_value_of_another_width_is_refused_not_written() {
    let r = scalars();
    for (ty, value) in [
        (TypeId::FLOAT, Value::F64(1e-8)),
        (TypeId::DOUBLE, Value::F32(0.5)),
        (TypeId::INT32, Value::I64(1 << 40)),
    ] {
        let stored = o3de::store(&r, ty, &value, &Default::default(), &mut Quiet);
        let error = stored.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(error.contains("is not a value of"), "{value:?}: {error}");
    }
}

/// `JsonDeserializer::LoadClass` counts the members that were not Altered: a class whose
/// members failed is PartialAlter (its members keep their defaults), so a container keeps it.
#[test]
fn a_class_whose_members_failed_is_kept_with_their_defaults() {
    let mut b = TypeRegistry::builder();
    let one = b
        .add(
            "One",
            StructType::new([Field::new("a", TypeId::INT32)]).unwrap(),
        )
        .unwrap();
    let list = b.list(one);
    let r = b.build().unwrap();
    let loaded = o3de::load(
        &r,
        list,
        r#"[{"a": "abc"}]"#,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    assert_eq!(
        loaded.value,
        Value::list([Value::Struct(Box::new([Value::I32(0)]))])
    );
    assert_eq!(loaded.result.outcome(), Outcome::Unsupported);
    assert_eq!(
        loaded.result.processing(),
        rosetta_json::o3de::Processing::PartialAlter
    );
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

/// `JsonAnySerializer::Load`: a new instance of the type named, read from `Value`, else
/// `value`; a missing one makes PartialDefaults; no `$type` leaves the `any` as it is.
#[test]
fn an_any_reads_a_new_instance_from_its_value_member() {
    let (r, class) = simple_class();
    let onto = |json: &str, mut target: Value| {
        let code = o3de::load_into(
            &r,
            TypeId::ANY,
            json,
            &mut target,
            &LoadOptions::default(),
            &mut Quiet,
        )
        .unwrap();
        (target, code.outcome())
    };
    let old = Value::dynamic(
        class,
        Value::Struct(Box::new([Value::I32(7), Value::String("y".into())])),
    );
    let fresh = Value::dynamic(
        class,
        Value::Struct(Box::new([Value::I32(1), Value::String("x".into())])),
    );
    assert_eq!(
        onto(
            r#"{"$type": "SimpleClass", "Value": {"var1": 1}}"#,
            old.clone()
        ),
        (fresh, Outcome::PartialDefaults)
    );
    assert_eq!(
        onto(r#"{"Value": 5}"#, old.clone()),
        (old, Outcome::DefaultsUsed)
    );
    let int = |x| Value::dynamic(TypeId::INT32, Value::I32(x));
    let empty = Value::dynamic(TypeId::NIL, Value::nil());
    assert_eq!(
        onto(r#"{"$type": "int"}"#, empty.clone()),
        (int(0), Outcome::PartialDefaults)
    );
    assert_eq!(
        onto(r#"{"$type": "int", "value": 5, "Value": 6}"#, empty),
        (int(6), Outcome::Success)
    );
}

/// RapidJSON's `FindMember` finds the first of two members of one name.
#[test]
fn the_first_of_two_type_members_counts() {
    let (r, derived, poly) = base_and_derived();
    let (value, _) = load(&r, poly, r#"{"$type": "Derived", "$type": "Base", "b": 4}"#);
    let Value::Dynamic(d) = value else {
        panic!("{value:?}");
    };
    assert_eq!(d.ty, derived);
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

#[test]
fn an_enum_coercion_says_what_was_read() {
    let mut b = TypeRegistry::builder();
    let e = rosetta_types::EnumType::new(
        rosetta_types::IntType::UINT8,
        [rosetta_types::Constant::new("Blue", 2)],
    )
    .unwrap();
    let ty = b.add("Color", rosetta_types::Kind::Enum(e)).unwrap();
    let r = b.build().unwrap();
    for (json, said) in [
        (
            r#""BLUE""#,
            r#"read the enum value 2 from the string "BLUE", a name in another case"#,
        ),
        (
            r#""0x2""#,
            r#"read the enum value 2 from the string "0x2", numeric text"#,
        ),
    ] {
        let mut collect = o3de::Collect::default();
        let loaded = o3de::load(&r, ty, json, &LoadOptions::default(), &mut collect).unwrap();
        assert_eq!(loaded.value, Value::Enum(2));
        assert_eq!(collect.reports[0].message, said);
    }
}

#[test]
fn a_new_color_is_zero_as_its_serializer_makes_it() {
    // `JsonColorSerializer::Load` on `{}` for a new instance: `Color::CreateZero()`. A container's
    // element (and a map's new value) is such an instance; a class member is its class's
    // default (the shared model's opaque black when the field has no default of its own).
    let mut b = TypeRegistry::builder();
    let color = b.math(MathType::COLOR);
    let colors = b.list(color);
    let holder = b
        .add("Holder", StructType::new([Field::new("c", color)]).unwrap())
        .unwrap();
    let r = b.build().unwrap();
    let zero = Value::math_f32([0.0; 4]);
    let black = Value::math_f32([0.0, 0.0, 0.0, 1.0]);
    assert_eq!(
        load(&r, colors, "[{}]"),
        (Value::list([zero.clone()]), Outcome::PartialDefaults)
    );
    // Written so that O3DE reads back the same colors: only zero is an element's default.
    let both = Value::list([black.clone(), zero.clone()]);
    let stored = o3de::store(&r, colors, &both, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, "[[0.0,0.0,0.0,1.0],{}]");
    assert_eq!(load(&r, colors, &stored.json).0, both);
    // A member keeps the class default.
    assert_eq!(
        load(&r, holder, r#"{"c": {}}"#).0,
        Value::structure([black.clone()])
    );
    let stored = o3de::store(
        &r,
        holder,
        &Value::structure([black]),
        &Default::default(),
        &mut Quiet,
    );
    assert_eq!(stored.unwrap().json, "{}");
}

#[test]
fn a_members_math_value_is_read_onto_its_own_default() {
    // A class member starts as its class's default: components a vector object leaves out
    // keep the member's default (`MathVectorSerializer`: a missing key keeps the component).
    let mut b = TypeRegistry::builder();
    let vec3 = b.math(MathType::VECTOR3);
    let five = Value::math_f32([5.0, 5.0, 5.0]);
    let s = StructType::new([Field::new("v", vec3).with_default(five)]).unwrap();
    let holder = b.add("Holder", s).unwrap();
    let r = b.build().unwrap();
    let (value, outcome) = load(&r, holder, r#"{"v": {"x": 1.0}}"#);
    assert_eq!(value, Value::structure([Value::math_f32([1.0, 5.0, 5.0])]));
    assert_eq!(outcome, Outcome::PartialDefaults);
}

#[test]
fn a_members_struct_is_read_onto_its_own_default() {
    // The member's default supplies what its object leaves out, as the class default instance
    // does in the engine; it is also what the store left those members out against.
    let mut b = TypeRegistry::builder();
    let inner = StructType::new([
        Field::new("a", TypeId::INT32),
        Field::new("b", TypeId::INT32),
    ]);
    let inner = b.add("Inner", inner.unwrap()).unwrap();
    let default = Value::structure([Value::I32(0), Value::I32(7)]);
    let outer = StructType::new([Field::new("inner", inner).with_default(default)]).unwrap();
    let outer = b.add("Outer", outer).unwrap();
    let r = b.build().unwrap();
    let value = Value::structure([Value::structure([Value::I32(1), Value::I32(7)])]);
    let stored = o3de::store(&r, outer, &value, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, r#"{"inner":{"a":1}}"#);
    assert_eq!(load(&r, outer, &stored.json).0, value);

    // A pointer member whose default points at such a value, likewise.
    let mut b = r.into_builder();
    let pointer = b.option(inner);
    let default = Value::some(Value::structure([Value::I32(0), Value::I32(7)]));
    let holder = StructType::new([Field::new("p", pointer).with_default(default)]).unwrap();
    let holder = b.add("PointerHolder", holder).unwrap();
    let r = b.build().unwrap();
    let value = Value::structure([Value::some(Value::structure([
        Value::I32(1),
        Value::I32(7),
    ]))]);
    let stored = o3de::store(&r, holder, &value, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, r#"{"p":{"a":1}}"#);
    assert_eq!(load(&r, holder, &stored.json).0, value);
}
