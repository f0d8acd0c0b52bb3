//! No text, random or a mutated valid document, makes `load` panic.

use proptest::collection::vec;
use proptest::prelude::*;
use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
use rosetta_types::*;

use crate::gen::*;

fn load_any(registry: &TypeRegistry, types: &[TypeId], text: &str) {
    for &ty in types {
        for strict in [false, true] {
            let options = LoadOptions {
                strict,
                ..LoadOptions::default()
            };
            let loaded = std::panic::catch_unwind(|| {
                let _ = o3de::load(registry, ty, text, &options, &mut Quiet);
            });
            if let Err(panic) = loaded {
                let message = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("");
                panic!("{} <- {text:?}: panicked: {message}", registry.display(ty));
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}|[\\[\\]{}\",:0-9a-zA-Z$ .eE+-]{0,60}") {
        let (registry, types) = fuzz_registry();
        load_any(&registry, &types, &text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn arbitrary_strings_as_leaves_never_panic(text in "\\PC{0,10}|[-+ .0-9a-zA-Z\u{80}-\u{10ffff}]{0,10}") {
        let (registry, types) = fuzz_registry();
        let quoted = serde_json::to_string(&text).expect("a string");
        let mut leaves = vec![TypeId::BOOL, TypeId::INT8, TypeId::UINT64, TypeId::INT64, TypeId::FLOAT,
            TypeId::DOUBLE, TypeId::STRING, TypeId::BYTES, TypeId::ENTITY_ID, TypeId::UUID];
        leaves.extend(registry.iter().filter(|t| matches!(t.kind(), Kind::Enum(_) | Kind::Bitmask(_))).map(|t| t.id()));
        load_any(&registry, &leaves, &quoted);
        load_any(&registry, &leaves, &format!("[{quoted}]"));
        load_any(&registry, &types, &format!(r#"{{"f": {quoted}, "d": {quoted}, "b": {quoted}, "u": {quoted}, "flags": [{quoted}], "v3": {{"x": {quoted}}}, "color": {{"HEX": {quoted}}}}}"#));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mutated_documents_never_panic(
        (registry, ty, value) in type_and_value(),
        flips in vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        let stored = o3de::store(&registry, ty, &value, &StoreOptions::default(), &mut Quiet)
            .expect("a valid value stores");
        let mut bytes = stored.json.into_bytes();
        for (at, b) in flips {
            if !bytes.is_empty() {
                let i = at.index(bytes.len());
                bytes[i] = b;
            }
        }
        if truncate && !bytes.is_empty() {
            bytes.truncate(cut.index(bytes.len()));
        }
        let text = String::from_utf8_lossy(&bytes);
        load_any(&registry, &[ty], &text);
        let (registry, types) = fuzz_registry();
        load_any(&registry, &types, &text);
    }
}
