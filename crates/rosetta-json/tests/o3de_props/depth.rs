//! Deep nesting is an error, on loading and storing, within a small stack.

use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
use rosetta_types::*;

use crate::gen::*;

/// Runs `f` on a thread with `mib` MiB of stack: a debug build needs about 10 KiB of stack per
/// level of `{"next": ...}` (`option<Node>`).
fn with_stack(mib: usize, f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(mib << 20)
        .spawn(f)
        .expect("a thread")
        .join()
        .expect("no panic");
}

#[test]
fn deep_arrays_are_an_error() {
    with_stack(8, deep_arrays);
}

#[test]
fn deep_objects_are_an_error() {
    with_stack(8, deep_objects);
}

/// `MAX_NESTING` (100 object levels) within `DEFAULT_MAX_DEPTH` (304 JSON levels) fits the 2 MiB
/// stack of a spawned or test thread even in a debug build (about 10 KiB per level of
/// `option<Node>` there, 1.5 KiB in release).
#[test]
fn deep_objects_fit_a_2mib_stack() {
    with_stack(2, deep_objects);
}

fn deep_arrays() {
    let (registry, types) = fuzz_registry();
    for text in [
        nested("[", "", "]", 100_000),
        nested("[", "", "", 100_000),
        nested("[", "1", "]", o3de::DEFAULT_MAX_DEPTH + 1),
    ] {
        for &ty in &types {
            let loaded = o3de::load(&registry, ty, &text, &LoadOptions::default(), &mut Quiet);
            // A type that is not an array halts (TypeMismatch) at the first `[`; an array type
            // must meet the depth limit.
            if let Ok(l) = &loaded {
                assert!(
                    l.result.halted(),
                    "{}: {:?}",
                    registry.display(ty),
                    l.result
                );
            }
        }
        let nested_list = types[3];
        let loaded = o3de::load(
            &registry,
            nested_list,
            &text,
            &LoadOptions::default(),
            &mut Quiet,
        );
        assert!(
            loaded.as_ref().map_or(true, |l| l.result.halted()),
            "{loaded:?}"
        );
    }
}

fn deep_objects() {
    let (registry, types) = fuzz_registry();
    let node = types[1];
    for text in [
        nested(r#"{"next":"#, "null", "}", 100_000),
        nested(r#"{"next":"#, "", "", 100_000),
        nested(r#"{"children":["#, "", "]}", 100_000),
        nested(r#"{"a":"#, "1", "}", 100_000),
        nested(r#"{"$type":"p.Derived","x":"#, "1", "}", 100_000),
    ] {
        for &ty in &types {
            let loaded = o3de::load(&registry, ty, &text, &LoadOptions::default(), &mut Quiet);
            assert!(
                loaded.as_ref().map_or(true, |l| l.result.halted()),
                "{}: {:?}",
                registry.display(ty),
                loaded.map(|l| l.result)
            );
        }
    }
    // Within the limit a deep chain loads: 100 objects, the last `{"label": "end"}`.
    let text = nested(r#"{"next":"#, r#"{"label":"end"}"#, "}", MAX_NESTING - 1);
    let loaded = o3de::load(&registry, node, &text, &LoadOptions::default(), &mut Quiet);
    let loaded = loaded.expect("100 levels load");
    assert!(!loaded.result.halted(), "{:?}", loaded.result);
    // One more is refused where it is, as the store refuses it.
    let text = nested(r#"{"next":"#, r#"{"label":"end"}"#, "}", MAX_NESTING);
    let error = o3de::load(&registry, node, &text, &LoadOptions::default(), &mut Quiet);
    let error = error.expect_err("101 levels are refused");
    let pointer = "/next".repeat(MAX_NESTING);
    assert_eq!(error.path(), Some(pointer.as_str()));
    assert_eq!(
        error.to_string(),
        format!("nesting deeper than 100 object levels (at {pointer})")
    );
    let value = Value::structure([
        Value::string(""),
        Value::some(loaded.value),
        Value::list([]),
    ]);
    let stored = o3de::store(
        &registry,
        node,
        &value,
        &StoreOptions::default(),
        &mut Quiet,
    );
    assert_eq!(stored.map_err(|e| e.to_string()), Err(error.to_string()));
}

#[test]
fn deep_values_store_as_an_error() {
    let (registry, types) = fuzz_registry();
    let node = types[1];
    let mut value = default_value(&registry, node).unwrap();
    for i in 0..100_000 {
        value = Value::structure([
            Value::string(if i == 0 { "end" } else { "" }),
            Value::some(value),
            Value::list([]),
        ]);
    }
    let stored = o3de::store(
        &registry,
        node,
        &value,
        &StoreOptions::default(),
        &mut Quiet,
    );
    assert!(stored.is_err(), "{:?}", stored.map(|s| s.json.len()));
    // Dropping a 100k deep value recurses; leak it rather than overflow the test's stack.
    std::mem::forget(value);
}
