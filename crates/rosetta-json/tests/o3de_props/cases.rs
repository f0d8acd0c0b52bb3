//! Cases the properties found, kept as tests: strict mode, empty options, closed bitmasks,
//! float text, nested options.

use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
use rosetta_types::*;

use crate::gen::*;

#[test]
fn strict_mode_rejects_a_coercion_at_its_pointer() {
    let (registry, types) = fuzz_registry();
    let all = types[0];
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    for (text, pointer) in [
        (r#"{"defaults": {"var1": "12"}}"#, "/defaults/var1"),
        (r#"{"i8": "12"}"#, "/i8"),
        (r#"{"ints": [1, "2"]}"#, "/ints/1"),
        (r#"{"node": {"next": {"label": 5}}}"#, "/node/next/label"),
        (r#"{"b": 1}"#, "/b"),
        (r#"{"map": {"a~b/c": "1.5"}}"#, "/map/a~0b~1c"),
    ] {
        let lenient = o3de::load(&registry, all, text, &LoadOptions::default(), &mut Quiet);
        let lenient = lenient.unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(!lenient.result.halted(), "{text}: {:?}", lenient.result);
        let err = o3de::load(&registry, all, text, &strict, &mut Quiet)
            .expect_err("strict mode rejects a coercion");
        assert_eq!(err.path(), Some(pointer), "{text}: {err}");
    }
    let exact = o3de::load(
        &registry,
        all,
        r#"{"defaults": {"var1": 12}}"#,
        &strict,
        &mut Quiet,
    )
    .expect("no coercion");
    assert_eq!(
        exact.value.as_struct().unwrap()[24],
        Value::structure([
            Value::I32(12),
            Value::F32(42.0),
            Value::string("hi"),
            Value::Enum(3),
            Value::math_f32([1.0, 2.0, 3.0]),
            Value::math_f32([0.5, 0.5, 0.5, 0.25]),
            Value::structure([Value::F32(1.5)]),
            Value::some(Value::structure([Value::F32(2.5)])),
        ])
    );
}

/// Regression: an empty option at the root was stored as `{}` (the explicit default), which loads
/// as a present default value (`Some(false)`). As an element it is written `null`; the root
/// should be too.
#[test]
fn root_empty_option() {
    let mut b = TypeRegistry::builder();
    let ty = b.option(TypeId::BOOL);
    let registry = b.build().unwrap();
    let stored = o3de::store(
        &registry,
        ty,
        &Value::NONE,
        &StoreOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    let loaded = o3de::load(
        &registry,
        ty,
        &stored.json,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    assert_eq!(loaded.value, Value::NONE, "stored as {}", stored.json);
}

/// Regression: a closed bitmask took only single constants on load: `A|B` is stored as
/// `["B","A"]` (and validates), but loads as the default with Unsupported
/// ("3 is not a value of the enum"); `3` likewise.
#[test]
fn closed_bitmask_combination() {
    let mut b = TypeRegistry::builder();
    let flags = EnumType::new(
        IntType::UINT32,
        [Constant::new("A", 1), Constant::new("B", 2)],
    )
    .unwrap();
    let ty = b.add("p.Flags", Kind::Bitmask(flags)).unwrap();
    let registry = b.build().unwrap();
    let value = Value::Enum(3);
    validate(&registry, ty, &value).unwrap();
    let stored = o3de::store(&registry, ty, &value, &StoreOptions::default(), &mut Quiet).unwrap();
    let loaded = o3de::load(
        &registry,
        ty,
        &stored.json,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap();
    assert_eq!(
        loaded.value, value,
        "stored as {}: {:?}",
        stored.json, loaded.result
    );
}

/// Regression: strict mode rejected what `store` writes for an enum value that is no single
/// constant: an open bitmask `A|B` is stored as `["B","A"]`, and loading that strictly fails with
/// "read the enum value 3 [coerced; strict mode]" (an enum array of more than one element is
/// flagged as a coercion), though the array is the written form.
#[test]
fn strict_accepts_stored_enum_arrays() {
    let mut b = TypeRegistry::builder();
    let flags = EnumType::new(
        IntType::UINT32,
        [Constant::new("A", 1), Constant::new("B", 2)],
    )
    .unwrap()
    .open();
    let ty = b.add("p.Flags", Kind::Bitmask(flags)).unwrap();
    let registry = b.build().unwrap();
    let value = Value::Enum(3);
    let stored = o3de::store(&registry, ty, &value, &StoreOptions::default(), &mut Quiet).unwrap();
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let loaded = o3de::load(&registry, ty, &stored.json, &strict, &mut Quiet);
    assert_eq!(
        loaded.map(|l| l.value).ok(),
        Some(value),
        "stored as {}",
        stored.json
    );
}

/// Regression: a float or double read from text whose fourth (or ninth) byte is inside a
/// multi-byte character panics (`parse_c_double`, in `text/number/c.rs`, slices
/// `rest[..word.len()]` looking for `inf`/`nan`/`infinity`): "byte index 3 is not a char
/// boundary".
#[test]
fn float_text_with_non_ascii_is_unsupported() {
    let registry = TypeRegistry::builder().build().unwrap();
    for ty in [TypeId::FLOAT, TypeId::DOUBLE] {
        for text in [r#""a€""#, r#""-a€""#, r#""aaaaaaa€""#] {
            let loaded = o3de::load(&registry, ty, text, &LoadOptions::default(), &mut Quiet);
            assert!(loaded.is_ok(), "{text}: {loaded:?}");
        }
    }
}

/// Nested options: JSON's `null` is both an empty outer option and a present empty inner one,
/// and the explicit default `{}` on an empty outer option reads as a present default inner
/// option. So with `keep_defaults` `Some(None)` is written `null` and reads as `None`; without
/// it, `Some(Some(false))` is written `{}` and reads as `Some(None)`. (O3DE has no optional; a
/// pointer to a pointer has the same ambiguity.)
#[test]
fn nested_options_are_ambiguous() {
    let mut b = TypeRegistry::builder();
    let inner = b.option(TypeId::BOOL);
    let ty = b.option(inner);
    let registry = b.build().unwrap();
    let keep = StoreOptions {
        keep_defaults: true,
        ..StoreOptions::default()
    };
    let cases = [
        (Value::some(Value::NONE), keep, "null", Value::NONE),
        (
            Value::some(Value::some(Value::Bool(false))),
            StoreOptions::default(),
            "{}",
            Value::some(Value::NONE),
        ),
    ];
    for (value, options, json, read) in cases {
        let stored = o3de::store(&registry, ty, &value, &options, &mut Quiet).unwrap();
        assert_eq!(stored.json, json);
        let loaded = o3de::load(&registry, ty, json, &LoadOptions::default(), &mut Quiet).unwrap();
        assert_eq!(loaded.value, read);
    }
}
