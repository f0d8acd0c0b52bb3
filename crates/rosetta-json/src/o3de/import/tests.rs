//! Unit tests of `import` with an in-memory loader.

use super::*;
use crate::o3de::report::reporter::Collect;
use serde_json::json;
use std::collections::HashMap;

/// Files kept in memory; records every path asked for.
#[derive(Default)]
struct Memory {
    files: HashMap<PathBuf, Value>,
    asked: Vec<PathBuf>,
}

impl Memory {
    fn with<P: AsRef<Path>>(files: &[(P, Value)]) -> Self {
        Memory {
            files: files
                .iter()
                .map(|(p, v)| (p.as_ref().to_path_buf(), v.clone()))
                .collect(),
            asked: Vec::new(),
        }
    }
}

impl ImportLoader for Memory {
    fn load(&mut self, path: &Path) -> Result<Value, String> {
        self.asked.push(path.to_path_buf());
        self.files
            .get(path)
            .cloned()
            .ok_or_else(|| "no such file".to_owned())
    }
}

fn resolve(doc: &mut Value, loader: &mut Memory) -> (ResultCode, Vec<ImportRecord>, Collect) {
    let mut collect = Collect::default();
    let (code, records) = resolve_imports(doc, Path::new("root/main.json"), loader, &mut collect);
    (code, records, collect)
}

#[test]
fn string_form_replaces_the_whole_object() {
    let mut loader = Memory::with(&[("root/a.json", json!({"x": 1}))]);
    let mut doc = json!({"keep": [1, {"$import": "a.json", "dropped": true}], "n": 2});
    let (code, records, collect) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(code.task(), Some(Task::Import));
    assert!(collect.reports.is_empty());
    assert_eq!(doc, json!({"keep": [1, {"x": 1}], "n": 2}));
    assert_eq!(
        records,
        vec![ImportRecord {
            pointer: "/keep/1".into(),
            file: "root/a.json".into(),
            filename: "a.json".into(),
            patch: None,
            imported: json!({"x": 1}),
        }]
    );
}

#[test]
fn object_form_applies_a_merge_patch_after_nested_imports() {
    let mut loader = Memory::with(&[
        (
            "root/sub/b.json",
            json!({"inner": {"$import": "c.json"}, "b": 1}),
        ),
        ("root/sub/c.json", json!({"c": 1, "d": 2})),
    ]);
    let patch = json!({"inner": {"d": null, "e": 3}, "b": 5});
    let mut doc = json!({"$import": {"filename": "sub/b.json", "patch": patch}});
    let (code, records, _) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(doc, json!({"inner": {"c": 1, "e": 3}, "b": 5}));
    assert_eq!(
        loader.asked,
        [
            PathBuf::from("root/sub/b.json"),
            PathBuf::from("root/sub/c.json")
        ]
    );
    // Only the document's own directive is recorded.
    assert_eq!(records.len(), 1);
    assert_eq!(records[0].pointer, "");
    assert_eq!(records[0].patch.as_ref(), Some(&patch));

    restore_imports(&mut doc, &records);
    assert_eq!(
        doc,
        json!({"$import": {"filename": "sub/b.json", "patch": patch}})
    );
}

#[test]
fn restore_writes_the_string_form_without_a_patch() {
    let mut loader = Memory::with(&[("root/a.json", json!([1, 2]))]);
    let mut doc = json!({"a": {"$import": "./a.json"}, "b": {"$import": {"filename": "a.json", "patch": {}}}});
    let (code, records, _) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(doc, json!({"a": [1, 2], "b": [1, 2]}));
    assert_eq!(records[0].file, PathBuf::from("root/a.json"));
    restore_imports(&mut doc, &records);
    assert_eq!(
        doc,
        json!({"a": {"$import": "./a.json"}, "b": {"$import": "a.json"}})
    );
    // A stale pointer is skipped.
    let mut other = json!(3);
    restore_imports(&mut other, &records);
    assert_eq!(other, json!(3));
}

#[test]
fn cycles_are_catastrophic_and_name_the_chain() {
    let mut loader = Memory::with(&[
        ("root/a.json", json!({"next": {"$import": "b.json"}})),
        ("root/b.json", json!({"$import": "../root/a.json"})),
    ]);
    let mut doc = json!({"v": {"$import": "a.json"}});
    let (code, _, collect) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    let report = &collect.reports[0];
    assert!(
        report
            .message
            .contains("root/main.json -> root/a.json -> root/b.json -> root/a.json"),
        "{}",
        report.message
    );
    // A file importing itself.
    let mut loader = Memory::default();
    let mut doc = json!({"$import": "main.json"});
    let (code, _, _) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert!(loader.asked.is_empty());
}

#[test]
fn unreadable_files_are_reported_with_their_path() {
    let mut loader = Memory::default();
    let mut doc = json!([{"$import": "missing.json"}, {"$import": "never.json"}]);
    let (code, records, collect) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert!(records.is_empty());
    assert_eq!(collect.reports.len(), 1);
    assert_eq!(collect.reports[0].path, "/0");
    assert!(collect.reports[0].message.contains("root/missing.json"));
    assert!(collect.reports[0].message.contains("no such file"));
    assert_eq!(loader.asked.len(), 1);
}

#[test]
fn malformed_directives_are_invalid() {
    for directive in [
        json!(3),
        json!({"patch": {}}),
        json!({"filename": 1}),
        json!(""),
    ] {
        let mut loader = Memory::default();
        let mut doc = json!({"a": {"$import": directive}});
        let (code, _, collect) = resolve(&mut doc, &mut loader);
        assert_eq!(code.outcome(), Outcome::Invalid, "{directive}");
        assert_eq!(collect.reports[0].path, "/a/$import");
    }
}

/// Every file imports the next one: `f0` imports `f1` imports `f2` …
struct Endless;

impl ImportLoader for Endless {
    fn load(&mut self, path: &Path) -> Result<Value, String> {
        let n: usize = path
            .file_stem()
            .and_then(|s| s.to_str())
            .and_then(|s| s.strip_prefix('f'))
            .and_then(|s| s.parse().ok())
            .ok_or("bad name")?;
        Ok(json!({"$import": format!("f{}.json", n + 1)}))
    }
}

#[test]
fn import_depth_is_bounded() {
    let mut doc = json!({"$import": "f0.json"});
    let mut collect = Collect::default();
    let (code, _) = resolve_imports(&mut doc, Path::new("main.json"), &mut Endless, &mut collect);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert!(collect.reports[0].message.contains("deeper than 64"));
}

#[test]
fn a_lenient_reporter_keeps_going() {
    let mut loader = Memory::with(&[("root/a.json", json!(1))]);
    let mut doc = json!([{"$import": "missing.json"}, {"$import": "a.json"}]);
    let mut lenient = |_: &Report<'_>| ResultCode::new(Task::Import, Outcome::Skipped);
    let (code, records) = resolve_imports(
        &mut doc,
        Path::new("root/main.json"),
        &mut loader,
        &mut lenient,
    );
    assert_eq!(code.outcome(), Outcome::PartialSkip);
    assert_eq!(doc, json!([{"$import": "missing.json"}, 1]));
    assert_eq!(records.len(), 1);
}

#[test]
fn file_loader_reads_and_reports_errors() {
    let dir = std::env::temp_dir().join(format!("rosetta-o3de-import-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("b.json"), r#"{"b": [true]}"#);
    let _ = std::fs::write(dir.join("bad.json"), "{ // no comments");
    let mut doc = json!({"x": {"$import": "b.json"}});
    let (code, _) = resolve_imports(
        &mut doc,
        &dir.join("main.json"),
        &mut FileLoader,
        &mut Quiet,
    );
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(doc, json!({"x": {"b": [true]}}));
    let mut collect = Collect::default();
    let mut doc = json!({"$import": "bad.json"});
    let (code, _) = resolve_imports(
        &mut doc,
        &dir.join("main.json"),
        &mut FileLoader,
        &mut collect,
    );
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert!(collect.reports[0].message.contains("bad.json"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn paths_normalize_lexically() {
    assert_eq!(
        normalize(Path::new("a/./b/../c.json")),
        PathBuf::from("a/c.json")
    );
    assert_eq!(
        normalize(Path::new("../x.json")),
        PathBuf::from("../x.json")
    );
}

#[test]
fn patches_other_than_objects_and_arrays_are_not_applied() {
    for patch in [json!(null), json!(5), json!("text"), json!({}), json!([])] {
        let mut loader = Memory::with(&[("root/b.json", json!({"b": 1}))]);
        let mut doc = json!({"k": {"$import": {"filename": "b.json", "patch": patch}}});
        let (code, _, _) = resolve(&mut doc, &mut loader);
        assert_eq!(code.outcome(), Outcome::Success);
        assert_eq!(doc, json!({"k": {"b": 1}}), "{patch}");
    }
}

#[test]
fn restore_keeps_edits_made_after_resolution() {
    let mut loader = Memory::with(&[("root/b.json", json!({"x": 1, "y": 2}))]);
    let mut doc = json!({"k": {"$import": {"filename": "b.json", "patch": {"y": 3}}}});
    let (_, records, _) = resolve(&mut doc, &mut loader);
    assert_eq!(doc, json!({"k": {"x": 1, "y": 3}}));
    doc["k"]["x"] = json!(100);
    doc["k"]["new"] = json!("edited");
    restore_imports(&mut doc, &records);
    let patch = json!({"x": 100, "y": 3, "new": "edited"});
    assert_eq!(
        doc,
        json!({"k": {"$import": {"filename": "b.json", "patch": patch}}})
    );
    // Undone edits leave the plain form; a change to null keeps the directive's patch.
    let mut same = json!({"k": {"x": 1, "y": 2}});
    restore_imports(&mut same, &records);
    assert_eq!(same, json!({"k": {"$import": "b.json"}}));
    let mut nulled = json!({"k": {"x": null, "y": 2}});
    restore_imports(&mut nulled, &records);
    let kept = json!({"filename": "b.json", "patch": {"y": 3}});
    assert_eq!(nulled, json!({"k": {"$import": kept}}));
}

/// Resolves `{"$import": "f0.json"}` among `files`, which must fail: its message, and the
/// loader.
fn importing_f0_fails(files: &[(String, Value)]) -> (String, Memory) {
    let mut loader = Memory::with(files);
    let mut doc = json!({"$import": "f0.json"});
    let (code, _, collect) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    (collect.reports[0].message.clone(), loader)
}

/// `n` levels of `{"a": ...}` around `inner`.
fn nested(n: usize, inner: Value) -> Value {
    (0..n).fold(inner, |v, _| json!({ "a": v }))
}

#[test]
fn the_resolved_document_nests_within_what_can_be_read_again() {
    // Every file is 120 levels deep; the chain of three is 360.
    let files: Vec<(String, Value)> = (0..3)
        .map(|i| {
            let inner = json!({ "$import": format!("f{}.json", i + 1) });
            (format!("root/f{i}.json"), nested(120, inner))
        })
        .collect();
    let (message, _) = importing_f0_fails(&files);
    assert!(message.contains("f2.json' with its imports nests deeper than 304 levels"));
    // Within the limit (as deep as schema data may be, deeper than serde_json's 128), it
    // resolves.
    let mut loader = Memory::with(&[("root/x.json", nested(150, json!(1)))]);
    let mut doc = nested(150, json!({"$import": "x.json"}));
    let (code, _, _) = resolve(&mut doc, &mut loader);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(doc, nested(300, json!(1)));
}

#[test]
fn the_number_of_imports_is_bounded() {
    // Each file imports the next twice: 2^15 imports in all.
    let files: Vec<(String, Value)> = (0..15)
        .map(|i| {
            let next = json!({ "$import": format!("f{}.json", i + 1) });
            (format!("root/f{i}.json"), json!([next.clone(), next]))
        })
        .chain([("root/f15.json".to_owned(), json!(1))])
        .collect();
    let (message, loader) = importing_f0_fails(&files);
    assert!(message.contains("more than 10000 imports"));
    assert_eq!(loader.asked.len(), MAX_IMPORTS);
}

#[test]
fn restore_keeps_an_edit_equal_to_the_import_as_the_engine_compares() {
    let mut loader = Memory::with(&[("root/b.json", json!({"x": 1, "y": 2}))]);
    let mut doc = json!({"k": {"$import": {"filename": "b.json", "patch": {"x": 2}}}});
    let (_, records, _) = resolve(&mut doc, &mut loader);
    // Set back to the imported value, written as a double.
    doc["k"]["x"] = json!(1.0);
    restore_imports(&mut doc, &records);
    assert_eq!(doc, json!({"k": {"$import": "b.json"}}));
}

#[test]
fn imported_files_may_start_with_a_byte_order_mark() {
    let dir = std::env::temp_dir().join(format!("rosetta-o3de-bom-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("bom.json"), "\u{feff}{\"b\": 1} // note");
    let mut doc = json!({"x": {"$import": "bom.json"}});
    let (code, _) = resolve_imports(
        &mut doc,
        &dir.join("main.json"),
        &mut FileLoader,
        &mut Quiet,
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(doc, json!({"x": {"b": 1}}));
}
