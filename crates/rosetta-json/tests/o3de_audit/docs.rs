//! The examples of O3DE's JSON documentation page (`shared/seeds/001_*.txt`) through the public
//! API: where the engine and the page agree, and the page's enum form as an option.

use rosetta_json::o3de::EnumForm;

use super::helpers::*;

fn store_text(
    registry: &TypeRegistry,
    ty: TypeId,
    value: &Value,
    options: &StoreOptions,
) -> String {
    o3de::store(registry, ty, value, options, &mut Quiet)
        .unwrap()
        .json
}

#[test]
fn example_enum_in_both_forms() {
    let (registry, ty) = example_enum();
    let engine = StoreOptions {
        keep_defaults: true,
        ..StoreOptions::default()
    };
    let documented = StoreOptions {
        enum_form: EnumForm::Documented,
        ..engine.clone()
    };
    let cases: [(i64, &str, &str); 10] = [
        (0, "0", "0"),
        (1, r#""Flag1""#, r#""Flag1""#),
        (
            255,
            r#"["Flag4","Flag2Flag3Combo","Flag2","Flag1",240]"#,
            "255",
        ),
        (10, r#"["Flag4","Flag2"]"#, r#"["Flag2","Flag4"]"#),
        (4, "4", "4"),
        (6, r#""Flag2Flag3Combo""#, r#""Flag2Flag3Combo""#),
        (9, r#"["Flag4","Flag1"]"#, r#"["Flag1","Flag4"]"#),
        (5, r#"["Flag1",4]"#, r#"["Flag1",4]"#),
        (
            7,
            r#"["Flag2Flag3Combo","Flag2","Flag1"]"#,
            r#"["Flag1","Flag2Flag3Combo"]"#,
        ),
        (24, r#"["Flag4",16]"#, r#"["Flag4",16]"#),
    ];
    for (value, engine_json, documented_json) in cases {
        let v = Value::Enum(value);
        assert_eq!(
            store_text(&registry, ty, &v, &engine),
            engine_json,
            "{value}"
        );
        assert_eq!(
            store_text(&registry, ty, &v, &documented),
            documented_json,
            "{value}"
        );
        // Both forms read back as the value.
        for json in [engine_json, documented_json] {
            let loaded =
                o3de::load(&registry, ty, json, &LoadOptions::default(), &mut Quiet).unwrap();
            assert_eq!(loaded.value, v, "{json}");
        }
    }
}

#[test]
fn colors_from_every_documented_form() {
    let mut b = TypeRegistry::builder();
    let color = b.math(MathType::COLOR);
    let registry = b.build().unwrap();
    let close = |value: &Value, expected: [f32; 4]| {
        let c = value.as_math_f32().unwrap();
        assert!(
            c.iter().zip(expected).all(|(a, b)| (a - b).abs() < 1e-6),
            "{c:?} vs {expected:?}"
        );
    };
    let cases: [(&str, [f32; 4]); 8] = [
        ("[1.0, 0.3, 0.2]", [1.0, 0.3, 0.2, 1.0]),
        ("[1.0, 0.3, 0.2, 0.8]", [1.0, 0.3, 0.2, 0.8]),
        (r#"{ "RGB" : [1.0, 0.3, 0.2] }"#, [1.0, 0.3, 0.2, 1.0]),
        (r#"{ "RGBA" : [1.0, 0.3, 0.2, 0.8] }"#, [1.0, 0.3, 0.2, 0.8]),
        (
            r#"{ "RGB8" : [255, 77, 51] }"#,
            [1.0, 77.0 / 255.0, 0.2, 1.0],
        ),
        (
            r#"{ "RGBA8" : [255, 77, 51, 204] }"#,
            [1.0, 77.0 / 255.0, 0.2, 0.8],
        ),
        (r#"{ "HEX" : "FF4D33" }"#, [1.0, 77.0 / 255.0, 0.2, 1.0]),
        (r#"{ "HEXA" : "FF4D33CC" }"#, [1.0, 77.0 / 255.0, 0.2, 0.8]),
    ];
    // Each form is a form of its own, not a coercion: a strict load takes them all.
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    for (json, expected) in cases {
        let loaded = o3de::load(&registry, color, json, &strict, &mut Quiet).unwrap();
        close(&loaded.value, expected);
        assert!(
            loaded.result.outcome() <= Outcome::PartialDefaults,
            "{json}"
        );
    }
}

#[test]
fn maps_with_other_keys_are_key_value_arrays() {
    let mut b = TypeRegistry::builder();
    let map = b.map(TypeId::UINT8, TypeId::UINT8);
    let by_name = b.map(TypeId::STRING, TypeId::UINT8);
    let registry = b.build().unwrap();
    let value = Value::map([(Value::U8(0), Value::U8(1)), (Value::U8(2), Value::U8(3))]);
    let keep = StoreOptions {
        keep_defaults: true,
        ..StoreOptions::default()
    };
    assert_eq!(
        store_text(&registry, map, &value, &keep),
        r#"[{"Key":0,"Value":1},{"Key":2,"Value":3}]"#
    );
    // Without keep_defaults the engine writes the default key 0 as the explicit default.
    assert_eq!(
        store_text(&registry, map, &value, &StoreOptions::default()),
        r#"[{"Key":{},"Value":1},{"Key":2,"Value":3}]"#
    );
    let named = Value::map([(Value::from("gold"), Value::U8(7))]);
    assert_eq!(
        store_text(&registry, by_name, &named, &keep),
        r#"{"gold":7}"#
    );
    // Key/value arrays read back; so do objects with numeric member names.
    for json in [
        r#"[{"Key":0,"Value":1},{"Key":2,"Value":3}]"#,
        r#"{"0": 1, "2": 3}"#,
    ] {
        let loaded = o3de::load(&registry, map, json, &LoadOptions::default(), &mut Quiet).unwrap();
        assert_eq!(loaded.value, value, "{json}");
    }
    // `Key` and `Value` in another case: the engine finds them as spelled only (the entry is
    // then the default key, onto whose entry a missing value reads as a new instance, 0); the
    // documented rules take any case.
    let json = r#"[{"Key":0,"Value":1},{"key":2,"value":3}]"#;
    let engine = o3de::load(&registry, map, json, &LoadOptions::default(), &mut Quiet).unwrap();
    assert_eq!(engine.value, Value::map([(Value::U8(0), Value::U8(0))]));
    let documented = LoadOptions {
        rules: o3de::Rules::Documented,
        ..LoadOptions::default()
    };
    let loaded = o3de::load(&registry, map, json, &documented, &mut Quiet).unwrap();
    assert_eq!(loaded.value, value);
}

#[test]
fn coercions_are_reported_with_pointers_and_strict_mode_refuses_them() {
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::BOOL);
    let registry = b.build().unwrap();
    let mut report = Collect::default();
    let json = r#"[true, "TRUE", 0, "0x10", "nope"]"#;
    let loaded = o3de::load(&registry, list, json, &LoadOptions::default(), &mut report).unwrap();
    assert_eq!(
        loaded.value,
        Value::list([true, true, false, true].map(Value::Bool))
    );
    let paths: Vec<(&str, bool, Outcome)> = report
        .reports
        .iter()
        .map(|r| (r.path.as_str(), r.coerced, r.code.outcome()))
        .collect();
    assert_eq!(
        paths,
        [
            ("/1", true, Outcome::Success),
            ("/2", true, Outcome::Success),
            ("/3", true, Outcome::Success),
            ("/4", false, Outcome::Unsupported),
        ]
    );
    assert_eq!(loaded.result.outcome(), Outcome::Unsupported);
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let err = o3de::load(&registry, list, json, &strict, &mut Quiet).unwrap_err();
    assert_eq!(err.path(), Some("/1"));
}

/// Where the page and the engine disagree, `Rules::Documented` and `MapForm::ByKeyType` give the
/// page's behaviour, on the page's own rules.
#[test]
fn the_documented_rules_as_options() {
    use rosetta_json::o3de::{MapForm, Rules};
    let mut b = TypeRegistry::builder();
    let vec3 = b.math(MathType::VECTOR3);
    let color = b.math(MathType::COLOR);
    let array = b.array(TypeId::INT32, 4);
    let pair = b.tuple([TypeId::INT32, TypeId::DOUBLE]);
    let by_uuid = b.map(TypeId::UUID, TypeId::INT32);
    let registry = b.build().unwrap();
    let documented = LoadOptions {
        rules: Rules::Documented,
        ..LoadOptions::default()
    };
    let load = |ty, json: &str, options: &LoadOptions| {
        o3de::load(&registry, ty, json, options, &mut Quiet).unwrap()
    };
    let engine = LoadOptions::default();

    // "Loading reads arrays of any length (missing components become 0, extra ones ignored)".
    assert_eq!(
        load(vec3, "[1.0]", &documented).value,
        Value::math_f32([1.0, 0.0, 0.0])
    );
    assert_eq!(
        load(vec3, "[1.0]", &engine).result.outcome(),
        Outcome::Unsupported
    );
    // "Missing elements take the default."
    assert_eq!(
        load(array, "[10, 20]", &documented).value,
        Value::list([10, 20, 0, 0].map(Value::I32))
    );
    assert_eq!(
        load(pair, "[7]", &documented).value,
        Value::tuple([Value::I32(7), Value::F64(0.0)])
    );
    assert_eq!(
        load(pair, "[7]", &engine).result.outcome(),
        Outcome::Unsupported
    );
    // Loaded onto a value, the missing elements take their defaults too, where the engine's
    // keep the value's.
    let onto = |ty, json: &str, mut target: Value, options: &LoadOptions| {
        o3de::load_into(&registry, ty, json, &mut target, options, &mut Quiet).unwrap();
        target
    };
    let four = Value::list([5, 6, 7, 8].map(Value::I32));
    assert_eq!(
        onto(array, "[1, 2]", four, &documented),
        Value::list([1, 2, 0, 0].map(Value::I32))
    );
    let old_pair = Value::tuple([Value::I32(5), Value::F64(6.0)]);
    assert_eq!(
        onto(pair, "[1]", old_pair, &documented),
        Value::tuple([Value::I32(1), Value::F64(0.0)])
    );
    let old_vec = Value::math_f32([5.0, 6.0, 7.0]);
    assert_eq!(
        onto(vec3, r#"{"X": 1}"#, old_vec.clone(), &documented),
        Value::math_f32([1.0, 0.0, 0.0])
    );
    assert_eq!(
        onto(vec3, r#"{"X": 1}"#, old_vec, &engine),
        Value::math_f32([1.0, 6.0, 7.0])
    );
    // Doubles read as strings keep their shortest text.
    for (json, text) in [("1e300", "1e+300"), ("0.1", "0.1"), ("2.5e-7", "2.5e-7")] {
        let value = load(TypeId::STRING, json, &documented).value;
        assert_eq!(value, Value::String(text.into()), "{json}");
    }
    // "`CreateString` converts the string": a uuid without braces too.
    let bare = r#""5E970016-0039-4454-8E0D-5EE58A390324""#;
    assert_eq!(
        load(TypeId::UUID, bare, &documented).result.outcome(),
        Outcome::Success
    );
    assert_eq!(
        load(TypeId::UUID, bare, &engine).result.outcome(),
        Outcome::Unsupported
    );
    // "An integer from a string (parsed as a 64-bit integer)": no octal.
    assert_eq!(
        load(TypeId::INT32, r#""010""#, &documented).value,
        Value::I32(10)
    );
    assert_eq!(
        load(TypeId::INT32, r#""010""#, &engine).value,
        Value::I32(8)
    );
    // "A string from a number (its text)".
    assert_eq!(
        load(TypeId::STRING, "3.1415", &documented).value,
        Value::from("3.1415")
    );
    assert_eq!(
        load(TypeId::STRING, "3.1415", &engine).value,
        Value::from("3.141500")
    );
    // Colors: "3 (RGB) or 4 (RGBA) floats", "exactly one of the keys".
    assert_eq!(
        load(color, "[1, 0, 0]", &documented).value,
        Value::math_f32([1.0, 0.0, 0.0, 1.0])
    );
    assert_eq!(
        load(color, "[1, 0, 0]", &engine).result.outcome(),
        Outcome::Unsupported
    );
    let two_keys = r#"{"RGB": [1.0, 0.9, 0.8], "RGBA": [1.0, 0.1, 0.5, 0.8]}"#;
    assert_eq!(
        load(color, two_keys, &documented).result.outcome(),
        Outcome::Unsupported
    );
    assert_eq!(
        load(color, two_keys, &engine).result.outcome(),
        Outcome::Success
    );

    // "Maps whose key is a string type become JSON objects; any other key type gives an array".
    let uuid = [
        0x5e, 0x97, 0, 0x16, 0, 0x39, 0x44, 0x54, 0x8e, 0x0d, 0x5e, 0xe5, 0x8a, 0x39, 3, 0x24,
    ];
    let value = Value::map([(Value::Uuid(uuid), Value::I32(1))]);
    let by_type = StoreOptions {
        map_form: MapForm::ByKeyType,
        ..StoreOptions::default()
    };
    assert_eq!(
        store_text(&registry, by_uuid, &value, &by_type),
        r#"[{"Key":"{5E970016-0039-4454-8E0D-5EE58A390324}","Value":1}]"#
    );
    assert_eq!(
        store_text(&registry, by_uuid, &value, &StoreOptions::default()),
        r#"{"{5E970016-0039-4454-8E0D-5EE58A390324}":1}"#
    );
}
