//! Numbers, text and enums: range checks, C number text, RapidJSON's doubles, enum arrays.

use rosetta_json::o3de::{self, LoadOptions, Outcome, Quiet};
use rosetta_types::{MathType, TypeId, TypeRegistry, Value};

use crate::*;

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
    let vectors = include_str!("../data/rapidjson_numbers.txt");
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
