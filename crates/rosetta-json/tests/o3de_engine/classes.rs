//! Classes, polymorphic values and `any`: missing members, derived classes, type names.

use std::collections::BTreeMap;

use rosetta_json::o3de::{self, LoadOptions, Outcome, Quiet};
use rosetta_types::{Field, MathType, StructType, TypeDef, TypeId, TypeRegistry, Value};

use crate::*;

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
