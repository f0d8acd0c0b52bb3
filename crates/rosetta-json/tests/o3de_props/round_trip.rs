//! A random value of a random type, stored (compact, pretty, with and without defaults), loads
//! back equal.

use proptest::prelude::*;
use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
use rosetta_types::*;

use crate::gen::*;

fn store_options() -> Vec<(&'static str, StoreOptions)> {
    vec![
        ("default", StoreOptions::default()),
        (
            "keep_defaults",
            StoreOptions {
                keep_defaults: true,
                ..StoreOptions::default()
            },
        ),
        ("pretty", StoreOptions::pretty()),
        (
            "shortest floats, documented enum arrays",
            StoreOptions {
                float_form: o3de::FloatForm::Shortest,
                enum_form: o3de::EnumForm::Documented,
                ..StoreOptions::default()
            },
        ),
        (
            "pretty keep_defaults sorted",
            StoreOptions {
                keep_defaults: true,
                sort_maps: true,
                ..StoreOptions::pretty()
            },
        ),
    ]
}

fn inner_of(v: &Value) -> &Value {
    match v {
        Value::Option(Some(inner)) => inner,
        other => other,
    }
}

/// Nested options, which JSON cannot tell apart (see `nested_options_are_ambiguous`).
fn ambiguous(registry: &TypeRegistry, ty: TypeId, value: &Value, options: &StoreOptions) -> bool {
    any_within(registry, ty, value, &|_, v| {
        matches!(v, Value::Option(Some(inner)) if matches!(**inner, Value::Option(_)))
            && (options.keep_defaults || matches!(inner_of(v), Value::Option(Some(_))))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn store_then_load_gives_the_value_back((registry, ty, value) in type_and_value()) {
        let checked = validate(&registry, ty, &value);
        prop_assert!(checked.is_ok(), "{}: {:?}", registry.display(ty), checked);
        for (name, options) in store_options() {
            if ambiguous(&registry, ty, &value, &options) {
                continue;
            }
            let stored = o3de::store(&registry, ty, &value, &options, &mut Quiet);
            prop_assert!(stored.is_ok(), "{name}: {}: {value:?}: {stored:?}", registry.display(ty));
            let stored = stored.unwrap();
            // Exactly back with full precision: O3DE's own number reading is one unit in the
            // last place off for some doubles (`o3de_engine.rs` checks that reading).
            let full = LoadOptions { full_precision: true, ..LoadOptions::default() };
            let loaded = o3de::load(&registry, ty, &stored.json, &full, &mut Quiet);
            prop_assert!(
                loaded.is_ok(),
                "{name}: {}: {value:?}\n{}\n{loaded:?}", registry.display(ty), stored.json
            );
            let loaded = loaded.unwrap();
            prop_assert!(
                !loaded.result.halted(),
                "{name}: {}: {value:?}\n{}\n{:?}", registry.display(ty), stored.json, loaded.result
            );
            let strict = LoadOptions { strict: true, ..full };
            let strictly = o3de::load(&registry, ty, &stored.json, &strict, &mut Quiet);
            prop_assert!(
                strictly.as_ref().is_ok_and(|l| l.value == loaded.value),
                "{name} strict: {}: {value:?}\n{}\n{strictly:?}",
                registry.display(ty), stored.json
            );
            let mut got = loaded.value;
            let mut want = value.clone();
            if options.sort_maps {
                sort_map_entries(&registry, ty, &mut got);
                sort_map_entries(&registry, ty, &mut want);
            }
            normalize(&registry, ty, &mut got);
            normalize(&registry, ty, &mut want);
            prop_assert_eq!(
                &got, &want,
                "{}: {}: {}", name, registry.display(ty), stored.json
            );
        }
    }
}
