//! $import (o3de.md §8).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::helpers::*;

struct Files(HashMap<PathBuf, serde_json::Value>);

impl ImportLoader for Files {
    fn load(&mut self, path: &Path) -> Result<serde_json::Value, String> {
        self.0
            .get(path)
            .cloned()
            .ok_or_else(|| format!("no file {}", path.display()))
    }
}

fn files(entries: &[(&str, serde_json::Value)]) -> Files {
    Files(
        entries
            .iter()
            .map(|(p, v)| (PathBuf::from(p), v.clone()))
            .collect(),
    )
}

#[test]
fn imports_replace_the_object_and_apply_the_merge_patch() {
    let mut loader = files(&[
        ("dir/a.json", json!({"x": 1, "y": {"z": 2}})),
        ("dir/sub/b.json", json!({"inner": {"$import": "c.json"}})),
        ("dir/sub/c.json", json!([1, 2])),
    ]);
    // String form; sibling keys are discarded.
    let mut doc = json!({"one": {"$import": "a.json", "ignored": true}});
    let (code, records) = resolve_imports(
        &mut doc,
        Path::new("dir/main.json"),
        &mut loader,
        &mut Quiet,
    );
    assert!(!code.halted(), "{code}");
    assert_eq!(doc, json!({"one": {"x": 1, "y": {"z": 2}}}));
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].pointer, "/one");
    // Object form with a merge patch.
    let mut doc =
        json!({"two": {"$import": {"filename": "a.json", "patch": {"x": null, "y": {"w": 3}}}}});
    resolve_imports(
        &mut doc,
        Path::new("dir/main.json"),
        &mut loader,
        &mut Quiet,
    );
    assert_eq!(doc, json!({"two": {"y": {"z": 2, "w": 3}}}));
    // Nested imports are relative to the importing file.
    let mut doc = json!({"three": {"$import": "sub/b.json"}});
    let (code, _) = resolve_imports(
        &mut doc,
        Path::new("dir/main.json"),
        &mut loader,
        &mut Quiet,
    );
    assert!(!code.halted(), "{code}");
    assert_eq!(doc, json!({"three": {"inner": [1, 2]}}));
    // An import at the root.
    let mut doc = json!({"$import": "a.json"});
    resolve_imports(
        &mut doc,
        Path::new("dir/main.json"),
        &mut loader,
        &mut Quiet,
    );
    assert_eq!(doc, json!({"x": 1, "y": {"z": 2}}));
}

#[test]
fn import_cycles_and_missing_files_are_catastrophic() {
    let mut loader = files(&[
        ("d/a.json", json!({"$import": "b.json"})),
        ("d/b.json", json!({"k": {"$import": "a.json"}})),
    ]);
    let mut doc = json!({"$import": "a.json"});
    let (code, _) = resolve_imports(&mut doc, Path::new("d/main.json"), &mut loader, &mut Quiet);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    let mut collect = Collect::default();
    let mut doc = json!({"v": {"$import": "missing.json"}});
    let (code, _) = resolve_imports(
        &mut doc,
        Path::new("d/main.json"),
        &mut loader,
        &mut collect,
    );
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert!(
        collect
            .reports
            .iter()
            .any(|rep| rep.message.contains("missing.json")),
        "{:?}",
        collect.reports
    );
    let mut doc = json!({"v": {"$import": 5}});
    let (code, _) = resolve_imports(&mut doc, Path::new("d/main.json"), &mut loader, &mut Quiet);
    assert!(code.outcome() >= Outcome::Invalid, "{code}");
}

#[test]
fn restored_imports_write_the_directive_back() {
    let mut loader = files(&[("d/a.json", json!({"x": 1, "y": 2}))]);
    let mut doc = json!({"v": {"$import": "a.json"}, "w": {"$import": {"filename": "a.json", "patch": {"y": 3}}}});
    let (_, records) = resolve_imports(&mut doc, Path::new("d/main.json"), &mut loader, &mut Quiet);
    assert_eq!(doc, json!({"v": {"x": 1, "y": 2}, "w": {"x": 1, "y": 3}}));
    // An edit after resolution becomes part of the patch.
    doc["v"]["x"] = json!(5);
    restore_imports(&mut doc, &records);
    assert_eq!(
        doc,
        json!({
            "v": {"$import": {"filename": "a.json", "patch": {"x": 5}}},
            "w": {"$import": {"filename": "a.json", "patch": {"y": 3}}}
        })
    );
}
