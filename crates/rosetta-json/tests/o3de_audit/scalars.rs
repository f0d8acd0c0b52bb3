//! Primitive coercions (page "基础类型" table; o3de.md §4).

use super::helpers::*;

#[test]
fn bools_from_numbers_and_text() {
    let r = scalars();
    let t = TypeId::BOOL;
    for (json, value) in [
        (r#""True""#, true),
        (r#""FALSE""#, false),
        ("2", true),
        ("0.0", false),
        ("1e3", true),
        (r#""1e3""#, true),
        (r#""0x10""#, true),
        (r#""0x0""#, false),
        (r#""  7""#, true),
    ] {
        assert_eq!(
            load(&r, t, json),
            (Value::Bool(value), Outcome::Success),
            "{json}"
        );
    }
    for json in [
        r#""yes""#,
        r#""on""#,
        "null",
        "[]",
        "[true]",
        r#"{"a": true}"#,
        r#"" true""#,
    ] {
        assert_eq!(load(&r, t, json).1, Outcome::Unsupported, "{json}");
    }
}

#[test]
fn integers_from_c_number_text() {
    let r = scalars();
    let i32_cases: &[(&str, i32)] = &[
        (r#""0x1F""#, 31),
        (r#""0X1f""#, 31),
        (r#""-0x10""#, -16),
        (r#""+7""#, 7),
        (r#"" 12 ""#, 12),
        ("\"\\t\\n12\"", 12),
        (r#""1e3""#, 1),
        (r#""010""#, 8),
        // strtoll base 0 reads "0" and stops at the non-octal 8.
        (r#""08""#, 0),
        (r#""0x""#, 0),
        ("true", 1),
        ("false", 0),
        ("12.9", 12),
        ("-12.9", -12),
        ("1e3", 1000),
        ("-0.0", 0),
    ];
    for (json, value) in i32_cases {
        assert_eq!(
            load(&r, TypeId::INT32, json),
            (Value::I32(*value), Outcome::Success),
            "{json}"
        );
    }
    assert_eq!(
        load(&r, TypeId::INT64, r#""-9223372036854775808""#),
        (Value::I64(i64::MIN), Outcome::Success)
    );
    assert_eq!(
        load(&r, TypeId::UINT64, "18446744073709551615"),
        (Value::U64(u64::MAX), Outcome::Success)
    );
    assert_eq!(
        load(&r, TypeId::UINT32, r#""0xFFFFFFFF""#),
        (Value::U32(u32::MAX), Outcome::Success)
    );
    // "-0" is not negative for strtoll, so an unsigned target reads 0.
    assert_eq!(
        load(&r, TypeId::UINT32, r#""-0""#),
        (Value::U32(0), Outcome::Success)
    );
}

/// Out of range is Unsupported and the target is untouched: no clamp, no wrap (o3de.md §4.2).
#[test]
fn integers_out_of_range_are_unsupported_and_leave_the_target() {
    let r = scalars();
    let cases: &[(TypeId, &str, Value)] = &[
        (TypeId::UINT8, "256", Value::U8(5)),
        (TypeId::UINT8, "-1", Value::U8(5)),
        (TypeId::UINT8, r#""256""#, Value::U8(5)),
        (TypeId::UINT8, r#""0x100""#, Value::U8(5)),
        (TypeId::UINT8, r#""-0x1""#, Value::U8(5)),
        (TypeId::INT8, "128", Value::I8(5)),
        (TypeId::INT8, "-129", Value::I8(5)),
        (TypeId::INT16, "32768", Value::I16(5)),
        (TypeId::INT32, "2147483648", Value::I32(5)),
        (TypeId::INT32, "1e10", Value::I32(5)),
        (TypeId::INT64, "1e19", Value::I64(5)),
        (TypeId::INT64, r#""9223372036854775808""#, Value::I64(5)),
        (TypeId::INT64, r#""-9223372036854775809""#, Value::I64(5)),
        (TypeId::UINT64, r#""18446744073709551616""#, Value::U64(5)),
        (TypeId::UINT64, "-1", Value::U64(5)),
        (TypeId::INT32, r#""abc""#, Value::I32(5)),
        (TypeId::INT32, r#""   ""#, Value::I32(5)),
        (TypeId::INT32, "null", Value::I32(5)),
        (TypeId::INT32, "[1]", Value::I32(5)),
        (TypeId::INT32, r#"{"a": 1}"#, Value::I32(5)),
    ];
    for (ty, json, start) in cases {
        assert_eq!(
            load_onto(&r, *ty, json, start.clone()),
            (start.clone(), Outcome::Unsupported),
            "{json}"
        );
    }
}

#[test]
fn floats_from_c_number_text() {
    let r = scalars();
    for (json, value) in [
        (r#""1e3""#, 1000.0),
        (r#"" 12 ""#, 12.0),
        (r#""0x1F""#, 31.0),
        (r#""-.5""#, -0.5),
        (r#""+2.5e-1""#, 0.25),
        ("true", 1.0),
        ("false", 0.0),
        ("7", 7.0),
        ("-0.0", -0.0),
    ] {
        assert_eq!(
            load(&r, TypeId::DOUBLE, json),
            (Value::F64(value), Outcome::Success),
            "{json}"
        );
    }
    for json in [r#""abc""#, r#""""#, "null", "[1.0]", r#"{"v": 1}"#] {
        assert_eq!(
            load_onto(&r, TypeId::DOUBLE, json, Value::F64(5.0)),
            (Value::F64(5.0), Outcome::Unsupported),
            "{json}"
        );
    }
    // Double max into a float is out of range.
    assert_eq!(load(&r, TypeId::FLOAT, r#""1e39""#).1, Outcome::Unsupported);
}

/// Page: strings from bools are "True"/"False" and from numbers their text; engine: integers as
/// decimal and doubles with `%f` (o3de.md §4.4; StringSerializer.cpp).
#[test]
fn strings_from_bools_and_numbers() {
    let r = scalars();
    for (json, text) in [
        ("true", "True"),
        ("false", "False"),
        ("42", "42"),
        ("-42", "-42"),
        ("18446744073709551615", "18446744073709551615"),
        ("-9223372036854775808", "-9223372036854775808"),
        ("3.1415", "3.141500"),
        ("1e3", "1000.000000"),
        ("0.1", "0.100000"),
        ("1e-7", "0.000000"),
        ("-2.5", "-2.500000"),
        ("1.0000005", "1.000001"),
    ] {
        assert_eq!(
            load(&r, TypeId::STRING, json),
            (Value::from(text), Outcome::Success),
            "{json}"
        );
    }
    for json in ["null", "[]", r#"["a"]"#, r#"{"a": "b"}"#] {
        assert_eq!(
            load_onto(&r, TypeId::STRING, json, Value::from("keep")),
            (Value::from("keep"), Outcome::Unsupported),
            "{json}"
        );
    }
    assert_eq!(
        load_onto(&r, TypeId::STRING, "{}", Value::from("keep")),
        (Value::from("keep"), Outcome::DefaultsUsed)
    );
}

/// `%f` of a huge double is its full decimal expansion (glibc printf).
#[test]
fn a_string_from_a_huge_double_is_its_full_printf_text() {
    let r = scalars();
    let (v, o) = load(&r, TypeId::STRING, "1e22");
    assert_eq!(
        (v, o),
        (
            Value::from("10000000000000000000000.000000"),
            Outcome::Success
        )
    );
}

/// Strict mode: every coercion in the page's table is an error at its pointer.
#[test]
fn strict_mode_refuses_each_coercion() {
    let r = scalars();
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    for (ty, json) in [
        (TypeId::BOOL, "1"),
        (TypeId::BOOL, r#""true""#),
        (TypeId::INT32, "true"),
        (TypeId::INT32, "1.5"),
        (TypeId::INT32, r#""0x1F""#),
        (TypeId::DOUBLE, r#""1e3""#),
        (TypeId::DOUBLE, "true"),
        (TypeId::STRING, "42"),
        (TypeId::STRING, "false"),
    ] {
        let err = o3de::load(&r, ty, json, &strict, &mut Quiet);
        assert!(err.is_err(), "{json} should fail strictly");
    }
    // Plain values pass.
    for (ty, json) in [
        (TypeId::BOOL, "true"),
        (TypeId::INT32, "7"),
        (TypeId::DOUBLE, "1.5"),
        (TypeId::DOUBLE, "2"),
        (TypeId::STRING, r#""x""#),
    ] {
        assert!(
            o3de::load(&r, ty, json, &strict, &mut Quiet).is_ok(),
            "{json}"
        );
    }
}
