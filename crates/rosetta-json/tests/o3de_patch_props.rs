//! Properties of JSON Patch and Merge Patch over random documents: a patch made from one
//! document to another turns the first into the second, and applying arbitrary patches never
//! panics.

use proptest::prelude::*;
use rosetta_json::o3de::{apply_patch, compare, create_patch, Outcome, PatchStyle, Quiet};
use serde_json::{json, Map, Value};

/// Small documents that share member names and array lengths often, so that patches have
/// nested work to do.
fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-3i64..4).prop_map(|i| json!(i)),
        prop_oneof![Just(0.5), Just(-2.25), Just(1e300)].prop_map(|f: f64| json!(f)),
        "[ab~/]{0,3}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(("[ab~/]{0,2}", inner), 0..4)
                .prop_map(|members| Value::Object(members.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Whether a merge patch would have to write a `null`: the value, or a member of an object
/// within objects, is `null` (arrays are written whole, nulls and all).
fn null_in_objects(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Object(m) => m.values().any(null_in_objects),
        _ => false,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn a_created_patch_turns_the_source_into_the_target(a in document(), b in document()) {
        for style in [PatchStyle::JsonPatch, PatchStyle::MergePatch] {
            let (patch, code) = create_patch(&a, &b, style, &mut Quiet);
            if code.outcome() == Outcome::Unsupported {
                // Only a merge patch that would have to write a null.
                prop_assert!(style == PatchStyle::MergePatch && null_in_objects(&b));
                continue;
            }
            let mut patched = a.clone();
            let applied = apply_patch(&mut patched, &patch, style, &mut Quiet);
            prop_assert!(!applied.halted(), "{} did not apply", patch);
            prop_assert!(compare(&patched, &b).is_eq(), "{} + {} = {}, not {}", a, patch, patched, b);
        }
    }

    #[test]
    fn arbitrary_patches_never_panic(a in document(), patch in document()) {
        for style in [PatchStyle::JsonPatch, PatchStyle::MergePatch] {
            let mut target = a.clone();
            let _ = apply_patch(&mut target, &patch, style, &mut Quiet);
        }
    }
}
