//! Result codes (o3de.md §3).

use super::helpers::*;

#[test]
fn result_codes_combine_by_severity() {
    let c = |o| ResultCode::new(Task::ReadField, o);
    use Outcome::*;
    let cases = [
        (Success, DefaultsUsed, PartialDefaults),
        (Success, Skipped, PartialSkip),
        (Skipped, DefaultsUsed, DefaultsUsed),
        (PartialSkip, PartialDefaults, PartialDefaults),
        (Success, Success, Success),
        (DefaultsUsed, DefaultsUsed, DefaultsUsed),
        (PartialDefaults, Unavailable, Unavailable),
        (Unsupported, Unavailable, Unsupported),
        (Unsupported, TypeMismatch, TypeMismatch),
        (Invalid, Missing, Invalid),
        (Unknown, Catastrophic, Catastrophic),
        (Skipped, Skipped, Skipped),
    ];
    for (a, b, want) in cases {
        assert_eq!(c(a).combine(c(b)).outcome(), want, "{a:?} + {b:?}");
        assert_eq!(c(b).combine(c(a)).outcome(), want, "{b:?} + {a:?}");
    }
    // Completed with Altered is PartialAlter; Altered with Halted is Halted.
    assert_eq!(
        c(Success).combine(c(Unsupported)).processing(),
        Processing::PartialAlter
    );
    assert_eq!(
        c(Unavailable).combine(c(Unsupported)).processing(),
        Processing::Altered
    );
    assert_eq!(
        c(Unsupported).combine(c(Invalid)).processing(),
        Processing::Halted
    );
    // Nothing done reads as DefaultsUsed.
    let empty = ResultCode::for_task(Task::ReadField);
    assert_eq!(empty.outcome(), DefaultsUsed);
    assert!(!empty.has_done_work());
    assert_eq!(empty.combine(c(Success)).outcome(), Success);
    // The implied processing of every outcome.
    for o in [Success, Skipped, PartialSkip, DefaultsUsed, PartialDefaults] {
        assert_eq!(c(o).processing(), Processing::Completed, "{o:?}");
    }
    for o in [Unavailable, Unsupported] {
        assert_eq!(c(o).processing(), Processing::Altered, "{o:?}");
    }
    for o in [
        TypeMismatch,
        TestFailed,
        Missing,
        Invalid,
        Unknown,
        Catastrophic,
    ] {
        assert_eq!(c(o).processing(), Processing::Halted, "{o:?}");
    }
}

/// Reports carry the JSON Pointer of the value in the input; the reporter may escalate a code to
/// halt loading (o3de.md §3 "Reporting callback").
#[test]
fn reports_carry_json_pointers_and_can_escalate() {
    let mut b = TypeRegistry::builder();
    let list = b.list(TypeId::INT32);
    let inner = b
        .add(
            "Inner",
            StructType::new([Field::new("list", list)]).unwrap(),
        )
        .unwrap();
    let outer = b
        .add(
            "Outer",
            StructType::new([
                Field::new("outer", inner),
                Field::new("after", TypeId::INT32),
            ])
            .unwrap(),
        )
        .unwrap();
    let r = b.build().unwrap();
    let json = r#"{"outer": {"list": [1, "x", 3]}, "after": 5, "extra": 1}"#;
    let mut collect = Collect::default();
    let loaded = o3de::load(&r, outer, json, &LoadOptions::default(), &mut collect).unwrap();
    let seen: Vec<(&str, Outcome)> = collect
        .reports
        .iter()
        .map(|rep| (rep.path.as_str(), rep.code.outcome()))
        .collect();
    assert!(
        seen.contains(&("/outer/list/1", Outcome::Unsupported)),
        "{seen:?}"
    );
    assert!(seen.contains(&("/extra", Outcome::Skipped)), "{seen:?}");
    assert_eq!(loaded.result.outcome(), Outcome::Unsupported);
    assert_eq!(
        loaded.value,
        Value::structure([
            Value::structure([Value::list([Value::I32(1), Value::I32(3)])]),
            Value::I32(5)
        ])
    );
    // Escalating the first failure halts: "after" is not read.
    let mut escalate = |rep: &o3de::Report<'_>| {
        if rep.code.outcome() == Outcome::Unsupported {
            ResultCode::new(Task::ReadField, Outcome::Catastrophic)
        } else {
            rep.code
        }
    };
    let loaded = o3de::load(&r, outer, json, &LoadOptions::default(), &mut escalate).unwrap();
    assert_eq!(loaded.result.outcome(), Outcome::Catastrophic);
    assert!(loaded.result.halted());
    assert_eq!(loaded.value.as_struct().unwrap()[1], Value::I32(0));
}

#[test]
fn strict_mode_fails_at_the_pointer_of_the_first_problem() {
    let (r, ty) = simple_class();
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    // Defaults are fine in strict mode.
    assert!(o3de::load(&r, ty, r#"{"var1": 1}"#, &strict, &mut Quiet).is_ok());
    assert!(o3de::load(&r, ty, "{}", &strict, &mut Quiet).is_ok());
    let err = o3de::load(&r, ty, r#"{"var1": 1, "zzz": 2}"#, &strict, &mut Quiet).unwrap_err();
    assert_eq!(err.path(), Some("/zzz"));
    let err = o3de::load(&r, ty, r#"{"var2": "2.5"}"#, &strict, &mut Quiet).unwrap_err();
    assert_eq!(err.path(), Some("/var2"));
    assert!(!err.to_string().is_empty());
}

/// Strict store: an outcome above PartialDefaults is an error.
#[test]
fn strict_store_of_plain_values_succeeds() {
    let (r, ty) = simple_class();
    let strict = StoreOptions {
        strict: true,
        ..StoreOptions::default()
    };
    let v = Value::structure([Value::I32(1), Value::F32(42.0)]);
    let s = o3de::store(&r, ty, &v, &strict, &mut Quiet).unwrap();
    assert_eq!(s.json, r#"{"var1":1}"#);
}
