//! Classes, defaults, `$type` (page "指针"; o3de.md §2, §6.4).

use super::helpers::*;

/// JsonDeserializer.cpp LoadClass: unknown members are Skipped, missing ones add DefaultsUsed or
/// PartialDefaults, and `$type` is ignored without a report.
#[test]
fn class_load_outcomes_combine_as_load_class_does() {
    let (r, ty) = simple_class();
    let cases: &[(&str, Outcome)] = &[
        (r#"{"var1": 1, "var2": 2.0}"#, Outcome::Success),
        (
            r#"{"var1": 1, "var2": 2.0, "zzz": 3}"#,
            Outcome::PartialSkip,
        ),
        (r#"{"var1": 1}"#, Outcome::PartialDefaults),
        (r#"{"var1": 1, "zzz": 3}"#, Outcome::PartialDefaults),
        (r#"{"zzz": 3}"#, Outcome::DefaultsUsed),
        ("{}", Outcome::DefaultsUsed),
        (
            r#"{"$type": "Anything", "var1": 1, "var2": 2.0}"#,
            Outcome::Success,
        ),
        (r#"{"VAR1": 1, "Var2": 2.0}"#, Outcome::Success),
    ];
    for (json, outcome) in cases {
        assert_eq!(load(&r, ty, json).1, *outcome, "{json}");
    }
    // A member that fails is Unsupported; combined with the missing member's DefaultsUsed the
    // processing is PartialAlter.
    let code = load_code(&r, ty, r#"{"var1": "abc"}"#);
    assert_eq!(code.outcome(), Outcome::Unsupported);
    assert_eq!(code.processing(), Processing::PartialAlter);
    // A class is read only from an object.
    for json in ["[]", "1", "null", r#""x""#] {
        assert_eq!(load(&r, ty, json).1, Outcome::Unsupported, "{json}");
    }
}

#[test]
fn class_store_leaves_defaults_out_and_keeps_them_on_request() {
    let (r, ty) = simple_class();
    let default = Value::structure([Value::I32(42), Value::F32(42.0)]);
    assert_eq!(
        store(&r, ty, &default),
        ("{}".into(), Outcome::DefaultsUsed)
    );
    assert_eq!(
        store_keep(&r, ty, &default),
        (r#"{"var1":42,"var2":42.0}"#.into(), Outcome::Success)
    );
    let mut b = r.into_builder();
    let list = b.list(ty);
    let r = b.build().unwrap();
    let v = Value::list([
        Value::structure([Value::I32(10), Value::F32(42.0)]),
        default.clone(),
        Value::structure([Value::I32(42), Value::F32(688.0)]),
    ]);
    assert_eq!(
        store(&r, list, &v),
        (
            r#"[{"var1":10},{},{"var2":688.0}]"#.into(),
            Outcome::PartialDefaults
        )
    );
}

fn base_and_derived() -> (TypeRegistry, TypeId, TypeId, TypeId, TypeId) {
    // `holder` has one member `pointer`: a nullable pointer to BaseClass.
    let mut b = TypeRegistry::builder();
    let base = b
        .add(
            "BaseClass",
            StructType::new([Field::new("base_var", TypeId::FLOAT)]).unwrap(),
        )
        .unwrap();
    let derived = StructType::new([
        Field::new("base_var", TypeId::FLOAT),
        Field::new("var2", TypeId::FLOAT),
    ])
    .unwrap();
    let derived = b
        .add("SimpleInheritence", TypeDef::new(derived).with_base(base))
        .unwrap();
    let poly = b.polymorphic(base);
    let nullable = b.option(poly);
    let holder = b
        .add(
            "Holder",
            StructType::new([Field::new("pointer", nullable)]).unwrap(),
        )
        .unwrap();
    (b.build().unwrap(), base, derived, poly, holder)
}

/// `$type` is written first, only for a derived class; loading resolves it case-insensitively,
/// trimmed, anywhere in the object.
#[test]
fn type_members_name_the_derived_class() {
    let (r, base, derived, poly, _) = base_and_derived();
    let d = Value::dynamic(
        derived,
        Value::structure([Value::F32(0.0), Value::F32(88.0)]),
    );
    assert_eq!(
        store(&r, poly, &d).0,
        r#"{"$type":"SimpleInheritence","var2":88.0}"#
    );
    let b = Value::dynamic(base, Value::structure([Value::F32(1.0)]));
    assert_eq!(store(&r, poly, &b).0, r#"{"base_var":1.0}"#);
    for json in [
        r#"{"$type": "SimpleInheritence", "var2": 88.0}"#,
        r#"{"var2": 88.0, "$type": "simpleinheritence"}"#,
        r#"{"$type": "  SimpleInheritence ", "var2": 88.0}"#,
    ] {
        let (v, _) = load(&r, poly, json);
        assert_eq!(v, d, "{json}");
    }
    assert_eq!(
        load(&r, poly, r#"{"$type": "NoSuchClass", "var2": 1.0}"#).1,
        Outcome::Unknown
    );
    // Without `$type`, the declared type.
    assert_eq!(load(&r, poly, r#"{"base_var": 1.0}"#).0, b);
}

/// Page: "如果类名可能存在冲突,则可使用 O3DE 运行时中的全命名名称或类的 UUID": `$type` may hold the
/// class's uuid (o3de.md §6.4: a braced uuid anywhere in the string is tried first).
#[test]
fn a_type_member_may_name_the_class_by_uuid() {
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
    ])
    .unwrap();
    let uuid = "{E7829F37-C577-4F2B-A85B-6F331548354C}";
    let derived = b
        .add(
            "Derived",
            TypeDef::new(derived)
                .with_base(base)
                .with_attribute(Attribute::new("uuid", AttrValue::String(uuid.into()))),
        )
        .unwrap();
    let poly = b.polymorphic(base);
    let r = b.build().unwrap();
    let want = Value::dynamic(derived, Value::structure([Value::I32(0), Value::I32(2)]));
    for json in [
        format!(r#"{{"$type": "{uuid}", "b": 2}}"#),
        format!(r#"{{"$type": "{uuid} Derived", "b": 2}}"#),
        format!(r#"{{"$type": "{}", "b": 2}}"#, uuid.to_lowercase()),
    ] {
        assert_eq!(
            load(&r, poly, &json),
            (want.clone(), Outcome::PartialDefaults),
            "{json}"
        );
    }
}

/// A `$type` naming a class that does not derive from the declared one is TypeMismatch.
#[test]
fn a_type_member_of_an_unrelated_class_is_a_type_mismatch() {
    let (r0, _, _, poly, _) = base_and_derived();
    let mut b = r0.into_builder();
    b.add(
        "Unrelated",
        StructType::new([Field::new("u", TypeId::INT32)]).unwrap(),
    )
    .unwrap();
    let r = b.build().unwrap();
    let code = load_code(&r, poly, r#"{"$type": "Unrelated", "u": 1}"#);
    assert_eq!(code.outcome(), Outcome::TypeMismatch);
    assert!(code.halted());
}

/// A null pointer member: left out when the default is null too, `null` when kept; `null` loads
/// as Success onto a set pointer; a derived pointee carries `$type` (o3de.md §6.4).
#[test]
fn null_and_derived_pointer_members() {
    let (r, _, derived, _, holder) = base_and_derived();
    let null = Value::structure([Value::Option(None)]);
    assert_eq!(
        store(&r, holder, &null),
        ("{}".into(), Outcome::DefaultsUsed)
    );
    assert_eq!(store_keep(&r, holder, &null).0, r#"{"pointer":null}"#);
    let d = Value::some(Value::dynamic(
        derived,
        Value::structure([Value::F32(0.0), Value::F32(88.0)]),
    ));
    let with = Value::structure([d.clone()]);
    assert_eq!(
        store(&r, holder, &with),
        (
            r#"{"pointer":{"$type":"SimpleInheritence","var2":88.0}}"#.into(),
            Outcome::PartialDefaults
        )
    );
    assert_eq!(
        store_keep(&r, holder, &with).0,
        r#"{"pointer":{"$type":"SimpleInheritence","base_var":0.0,"var2":88.0}}"#
    );
    assert_eq!(
        load_onto(&r, holder, r#"{"pointer": null}"#, with.clone()),
        (null.clone(), Outcome::Success)
    );
    assert_eq!(
        load(
            &r,
            holder,
            r#"{"pointer": {"$type": "SimpleInheritence", "var2": 88}}"#
        )
        .0,
        with
    );
}
