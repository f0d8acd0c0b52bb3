//! Two JSON documents (split at the first NUL byte) as a target and a patch, through
//! `rosetta_json::o3de`'s JSON Patch and Merge Patch: applying must never panic, and a patch
//! made from the first document to the second turns the first into the second.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_json::o3de::{apply_patch, compare, create_patch, parse_document, PatchStyle, Quiet};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (a, b) = text.split_once('\0').unwrap_or((text, "[]"));
    let (Ok(a), Ok(b)) = (parse_document(a), parse_document(b)) else {
        return;
    };
    for style in [PatchStyle::JsonPatch, PatchStyle::MergePatch] {
        let mut target = a.clone();
        let _ = apply_patch(&mut target, &b, style, &mut Quiet);
        let (patch, code) = create_patch(&a, &b, style, &mut Quiet);
        if code.halted() || code.outcome() == rosetta_json::o3de::Outcome::Unsupported {
            continue;
        }
        let mut patched = a.clone();
        let applied = apply_patch(&mut patched, &patch, style, &mut Quiet);
        assert!(!applied.halted(), "{patch}");
        assert!(
            compare(&patched, &b).is_eq(),
            "{a} + {patch} = {patched}, not {b}"
        );
    }
});
