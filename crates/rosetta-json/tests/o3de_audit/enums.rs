//! Enums (page "枚举"; o3de.md §5).

use super::helpers::*;

/// The page: `ExampleEnum(-1) // Serializes as 255`. The C++ value is the u8 255; o3de.md §5 says
/// the engine writes 255 as `["Flag4","Flag2Flag3Combo","Flag2","Flag1",240]`. A Rust caller that
/// passes -1 (the page's literal) for a u8 enum should get that, or a clear error.
#[test]
fn example_enum_minus_one_is_the_u8_255() {
    let (r, ty) = example_enum();
    let expected = r#"["Flag4","Flag2Flag3Combo","Flag2","Flag1",240]"#;
    assert_eq!(store_keep(&r, ty, &Value::Enum(255)).0, expected);
    match o3de::store(
        &r,
        ty,
        &Value::Enum(-1),
        &StoreOptions::default(),
        &mut Quiet,
    ) {
        Ok(s) => assert_eq!(s.json, expected, "-1 as a u8 is 255"),
        Err(e) => {
            // Refusing is acceptable if the message says why.
            let text = e.to_string();
            assert!(!text.is_empty(), "empty error");
        }
    }
}

/// The page: "首先尝试将字符串映射到字段名 ... 如果字符串包含字段名以外的内容,则会尝试将其类型转换为整数"
/// and "数组中的每个元素 ... 进行 OR". Engine (o3de.md §5 Load): numeric text first (strtoll base 0,
/// prefix parse), then a case-insensitive name of the same length; a name is never split on `|`.
#[test]
fn example_enum_loads_names_numbers_and_arrays() {
    let (r, ty) = example_enum();
    let cases: &[(&str, i64, Outcome)] = &[
        (r#""Flag1""#, 1, Outcome::Success),
        (r#""flag2flag3combo""#, 6, Outcome::Success),
        (r#""FLAG4""#, 8, Outcome::Success),
        (r#"["Flag1", "Flag4"]"#, 9, Outcome::Success),
        (r#"["Flag4", "Flag1"]"#, 9, Outcome::Success),
        (r#"["Flag1", 4]"#, 5, Outcome::Success),
        (r#"["Flag1", "Flag2Flag3Combo"]"#, 7, Outcome::Success),
        (r#"["Flag4", 16]"#, 24, Outcome::Success),
        (
            r#"["Flag4", "Flag2Flag3Combo", "Flag2", "Flag1", 240]"#,
            255,
            Outcome::Success,
        ),
        (r#"["Flag1", "4"]"#, 5, Outcome::Success),
        ("255", 255, Outcome::Success),
        ("4", 4, Outcome::Success),
        (r#""0x08""#, 8, Outcome::Success),
        (r#""010""#, 8, Outcome::Success),
        (r#"" 9""#, 9, Outcome::Success),
        (r#""9 apples""#, 9, Outcome::Success),
    ];
    for (json, value, outcome) in cases {
        assert_eq!(
            load(&r, ty, json),
            (Value::Enum(*value), *outcome),
            "{json}"
        );
    }
}

#[test]
fn example_enum_refuses_what_is_no_name_or_number() {
    let (r, ty) = example_enum();
    let start = Value::Enum(2);
    for json in [
        r#""Flag1|Flag4""#,
        r#""Flag1 ""#,
        r#"" Flag1""#,
        r#""Flag3""#,
        "256",
        "-1",
        r#""-1""#,
        "true",
        "null",
        r#"{"Flag1": 1}"#,
    ] {
        assert_eq!(
            load_onto(&r, ty, json, start.clone()),
            (start.clone(), Outcome::Unsupported),
            "{json}"
        );
    }
    // `""` and `[]` are the defaults (DefaultsUsed), the target untouched.
    assert_eq!(
        load_onto(&r, ty, r#""""#, start.clone()),
        (start.clone(), Outcome::DefaultsUsed)
    );
    assert_eq!(
        load_onto(&r, ty, "[]", start.clone()),
        (start, Outcome::DefaultsUsed)
    );
}

/// The engine reads enum numbers only when RapidJSON holds an integer (`IsUint64` / `IsInt64`,
/// JsonDeserializer.cpp `LoadEnumFromNumber`): a JSON decimal such as `4.0` is Unsupported and
/// the target is untouched, in an array too.
#[test]
fn an_enum_is_not_read_from_a_json_decimal() {
    let (r, ty) = example_enum();
    for json in ["4.0", "1.5", "8e0"] {
        assert_eq!(
            load_onto(&r, ty, json, Value::Enum(2)),
            (Value::Enum(2), Outcome::Unsupported),
            "{json}"
        );
    }
    // In an array the element is Unsupported and the others are ORed (`LoadEnumFromContainer`
    // assigns what it read).
    let (v, o) = load_onto(&r, ty, "[\"Flag1\", 4.0]", Value::Enum(2));
    assert_eq!((v, o), (Value::Enum(1), Outcome::Unsupported));
}

/// o3de.md §5: the engine's enum serializer has no case for signed 8-bit underlying types and
/// answers `Unknown`. That is a gap in its code, not a rule of the format, so Rosetta reads and
/// writes such enums as any other (`o3de` module docs, "Beyond O3DE").
#[test]
fn an_int8_enum_loads_and_stores_as_any_other() {
    let mut b = TypeRegistry::builder();
    let e = EnumType::new(IntType::INT8, [Constant::new("A", 1)])
        .unwrap()
        .open();
    let ty = b.add("E8", Kind::Enum(e)).unwrap();
    let r = b.build().unwrap();
    assert_eq!(load(&r, ty, r#""A""#), (Value::Enum(1), Outcome::Success));
    assert_eq!(load(&r, ty, "-128"), (Value::Enum(-128), Outcome::Success));
    assert_eq!(
        store(&r, ty, &Value::Enum(1)),
        (r#""A""#.to_owned(), Outcome::Success)
    );
}

/// A value outside the enum's u8 representation (256) is written as `0` (C++ truncation) with
/// Success; integers of the wrong width are refused with an error instead
/// (o3de_engine.rs `a_value_of_another_width_is_refused_not_written`).
#[test]
fn an_enum_value_outside_its_representation_is_not_written_silently() {
    let (r, ty) = example_enum();
    for bad in [256, -129] {
        let stored = o3de::store(
            &r,
            ty,
            &Value::Enum(bad),
            &StoreOptions::default(),
            &mut Quiet,
        );
        let error = stored.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            error.contains("out of range for its uint8"),
            "{bad}: {error}"
        );
    }
}

/// The unsupported-type failure lists the options, as `ReportAvailableEnumOptions` does:
/// `Available options are: "Flag1" (1), "Flag2" (2), ...` (o3de.md §3).
#[test]
fn an_enum_failure_lists_the_options() {
    let (r, ty) = example_enum();
    let mut collect = Collect::default();
    o3de::load(&r, ty, r#""Flag3""#, &LoadOptions::default(), &mut collect).unwrap();
    let failure = collect
        .reports
        .iter()
        .find(|rep| rep.code.outcome() == Outcome::Unsupported)
        .expect("an Unsupported report");
    for name in ["Flag1", "Flag2", "Flag4", "Flag2Flag3Combo"] {
        assert!(failure.message.contains(name), "{}", failure.message);
    }
}

/// Engine (JsonDeserializer.cpp LoadEnumFromContainer): an unsupported element makes the
/// result Unsupported but is OR-ed as 0, and the OR of the rest is still assigned.
#[test]
fn an_enum_array_with_a_bad_element_still_ors_the_rest() {
    let (r, ty) = example_enum();
    assert_eq!(
        load_onto(&r, ty, r#"["Flag1", true, "Flag4"]"#, Value::Enum(2)),
        (Value::Enum(9), Outcome::Unsupported)
    );
}

/// An enum member equal to its default is left out of the object; kept with keep_defaults.
#[test]
fn an_enum_member_at_its_default_is_left_out() {
    let (r0, e) = example_enum();
    let mut b = r0.into_builder();
    let s = StructType::new([
        Field::new("flags", e).with_default(Value::Enum(1)),
        Field::new("n", TypeId::INT32),
    ])
    .unwrap();
    let s = b.add("Holder", s).unwrap();
    let r = b.build().unwrap();
    let v = Value::structure([Value::Enum(1), Value::I32(3)]);
    assert_eq!(
        store(&r, s, &v),
        (r#"{"n":3}"#.into(), Outcome::PartialDefaults)
    );
    assert_eq!(
        store_keep(&r, s, &v),
        (r#"{"flags":"Flag1","n":3}"#.into(), Outcome::Success)
    );
    let v = Value::structure([Value::Enum(9), Value::I32(0)]);
    assert_eq!(
        store(&r, s, &v),
        (
            r#"{"flags":["Flag4","Flag1"]}"#.into(),
            Outcome::PartialDefaults
        )
    );
}
