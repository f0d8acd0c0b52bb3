//! Runs the `rosetta-conformance` binary on the example schema and on a small corpus made here.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rosetta_schema::bundle::{to_json, BundleFormat};
use rosetta_schema::{compile, CompileOptions};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn runner(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta-conformance"))
        .args(args)
        .current_dir(repo_root())
        .output()
        .expect("the runner runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or_default().to_owned()
}

#[test]
fn usage_errors_exit_with_2() {
    assert_eq!(runner(&[]).status.code(), Some(2));
    assert_eq!(runner(&["no-such-suite", "."]).status.code(), Some(2));
    assert_eq!(
        runner(&["spatialos-schema", "/no/such/path"]).status.code(),
        Some(2)
    );
    let help = runner(&["--help"]);
    assert_eq!(help.status.code(), Some(0));
    assert!(stdout(&help).contains("spatialos-schema"));
}

#[test]
fn one_example_file_compiles() {
    let output = runner(&["spatialos-schema", "examples/schema/game/world.schema"]);
    assert_eq!(
        last_line(&output),
        "1 passed, 0 failed",
        "{}",
        stdout(&output)
    );
    assert_eq!(output.status.code(), Some(0));
}

const A: &str = "package demo;\n\nimport \"improbable/standard_library.schema\";\n\n\
                 type Spot {\n  improbable.Coordinates at = 1;\n}\n";
const B: &str = "package demo.more;\n\nimport \"demo/a.schema\";\n\n\
                 component Marker {\n  id = 4242;\n  demo.Spot spot = 1;\n}\n";

/// `<tmp>/demo@1/src/schema/demo/{a,b}.schema` and a bundle fixture compiled from them (by the
/// library under test: the runner must agree with itself) at `demo@1/out/test.sb.json`.
fn small_corpus() -> tempfile::TempDir {
    let corpus = tempfile::tempdir().unwrap();
    let root = corpus.path().join("demo@1/src/schema");
    fs::create_dir_all(root.join("demo/more")).unwrap();
    fs::write(root.join("demo/a.schema"), A).unwrap();
    fs::write(root.join("demo/more/b.schema"), B).unwrap();
    let compiled = compile(&CompileOptions {
        schema_paths: vec![root.clone(), repo_root().join("schema")],
        load_all: false,
        files: vec![root.join("demo/more/b.schema")],
    })
    .unwrap_or_else(|d| panic!("the demo compiles:\n{}", d.render(false)));
    let out = corpus.path().join("demo@1/out");
    fs::create_dir_all(&out).unwrap();
    fs::write(
        out.join("test.sb.json"),
        to_json(&compiled.bundle_for(BundleFormat::V15), BundleFormat::V15),
    )
    .unwrap();
    corpus
}

#[test]
fn a_small_corpus_passes() {
    let corpus = small_corpus();
    let output = runner(&["spatialos-schema", &corpus.path().display().to_string()]);
    let text = stdout(&output);
    // 2 files compile; 2 bundle entries reproduced (the standard library entry is skipped);
    // the interface checks are skipped (no such fixture in this corpus).
    assert_eq!(last_line(&output), "4 passed, 0 failed", "{text}");
    assert!(
        text.contains("skip bundle demo@1/out/test.sb.json: 1 of 3 files have no source"),
        "{text}"
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn a_difference_is_reported_with_its_json_pointer() {
    let corpus = small_corpus();
    let fixture = corpus.path().join("demo@1/out/test.sb.json");
    let text = fs::read_to_string(&fixture).unwrap();
    fs::write(
        &fixture,
        text.replace("\"componentId\": 4242", "\"componentId\": 4243"),
    )
    .unwrap();
    fs::write(
        corpus.path().join("demo@1/src/schema/demo/broken.schema"),
        "package demo;\ntype {\n",
    )
    .unwrap();
    let output = runner(&["spatialos-schema", &corpus.path().display().to_string()]);
    let text = stdout(&output);
    assert_eq!(last_line(&output), "3 passed, 2 failed", "{text}");
    assert!(
        text.lines()
            .any(|l| l.starts_with(
                "FAIL bundle demo@1/out/test.sb.json [demo/more/b.schema]: /schemaFiles/"
            ) && l.ends_with("/components/0/componentId: expected 4243, got 4242")),
        "{text}"
    );
    assert!(
        text.lines().any(
            |l| l.starts_with("FAIL compile demo@1/src/schema/demo/broken.schema: ")
                && l.contains("broken.schema:2:")
        ),
        "{text}"
    );
    assert_eq!(output.status.code(), Some(1));
}

/// A vectors file in the corpus format, made here: two that hold and one that cannot (its
/// expected JSON is wrong), plus one whose type has no equivalent.
#[test]
fn o3de_json_vectors_pass_fail_and_skip() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("vectors.json");
    let vectors = serde_json::json!({
        "schema": "o3de-json-vectors/1",
        "type_defs": {
            "Flags": {"underlying": "u8", "values": [["A", 1], ["B", 2], ["AB", 3], ["C", 8]]}
        },
        "vectors": [
            {"id": "enum-flags", "kind": "enum", "direction": "store", "type": "Flags",
             "value": 11, "json": ["C", "AB", "B", "A"], "outcome": "Success", "settings": {}},
            {"id": "int-from-hex", "kind": "int", "direction": "load", "type": "i32",
             "json": "0x10", "value": 16, "outcome": "Success", "settings": {}},
            {"id": "wrong", "kind": "bool", "direction": "store", "type": "bool",
             "value": true, "json": false, "outcome": "Success", "settings": {}},
            {"id": "multimap", "kind": "map", "direction": "store",
             "type": "AZStd::unordered_multimap<int,double>", "value": [], "json": {},
             "outcome": "Success", "settings": {}}
        ]
    });
    fs::write(&file, vectors.to_string()).unwrap();
    let output = runner(&["o3de-json", file.to_str().unwrap()]);
    let text = stdout(&output);
    assert_eq!(last_line(&output), "2 passed, 1 failed", "{text}");
    assert!(text.contains("FAIL wrong: "), "{text}");
    assert!(text.contains("skip multimap: multimaps"), "{text}");
    assert_eq!(output.status.code(), Some(1));
}

/// The corpus vectors, when the shared corpus is beside the repository.
#[test]
fn o3de_json_corpus() {
    let vectors = repo_root().join("../shared/corpus/o3de/json_vectors.json");
    if !vectors.is_file() {
        eprintln!("skipped: {} not found", vectors.display());
        return;
    }
    let output = runner(&["o3de-json", vectors.to_str().unwrap()]);
    let text = stdout(&output);
    assert!(last_line(&output).ends_with(" passed, 0 failed"), "{text}");
}

/// Suite `flecs4` on the committed cases: every query case (its plan included), every page
/// and every entity case matches real Flecs v4.1.6, none failed or skipped as a known
/// difference.
#[test]
fn flecs4_query_page_and_entity_cases_pass() {
    let output = runner(&["flecs4", "crates/rosetta-conformance/data/flecs4.json"]);
    let out = stdout(&output);
    assert!(
        out.lines().last().is_some_and(|l| l.ends_with(" failed")),
        "{out}"
    );
    let bad: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("FAIL") || l.starts_with("skip"))
        .filter(|l| {
            ["/query/", "/page/", "/entity/"]
                .iter()
                .any(|k| l.contains(k))
        })
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// `data/flecs4_416.json`, checked to be Flecs v4.1.6's.
fn flecs4_416() -> serde_json::Value {
    let newer =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("data/flecs4_416.json"))
            .expect("the 4.1.6 cases");
    let doc: serde_json::Value = serde_json::from_str(&newer).expect("JSON");
    assert_eq!(doc["flecs"], "4.1.6");
    doc
}

/// The query cases' expected texts are v4.1.6's (`data/flecs4_416.json`), plans included: a
/// case with the core relationships in `query_info` and one with `(ChildOf, x)`, which 4.1.6
/// lists as its `children` operation.
#[test]
fn flecs4_query_cases_are_flecs_4_1_6s() {
    let doc = flecs4_416();
    let cases = &doc["cases"];
    assert!(cases["fleet/query/(IsA, Ship)/8"].is_string());
    let plan = cases["fleet/query/(ChildOf, fleet)/10"]
        .as_str()
        .expect("the ChildOf plan case");
    assert!(plan.contains("children"), "{plan}");
}

/// The world cases are compared with what a real Flecs v4.1.6 build writes
/// (`data/flecs4_416.json`, from `crates/rosetta-flecs/tests/flecs4_cases_416.c`): parents
/// before children, no member entities, type components in 4.1.6's order. They pass, neither
/// failed nor skipped.
#[test]
fn flecs4_world_cases_match_flecs_4_1_6() {
    assert!(flecs4_416()["cases"]["space/world"].is_string());
    let output = runner(&["flecs4", "crates/rosetta-conformance/data/flecs4.json"]);
    let out = stdout(&output);
    let world: Vec<&str> = out
        .lines()
        .filter(|l| l.ends_with("/world") || l.contains("/world:"))
        .collect();
    assert!(world.is_empty(), "{}", world.join("\n"));
    assert!(
        out.lines().last().is_some_and(|l| l.ends_with(" 0 failed")),
        "{out}"
    );
}
