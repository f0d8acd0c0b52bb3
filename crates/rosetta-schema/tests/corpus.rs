//! Conformance against the real compiler's outputs in `../shared/corpus/spatialos`: bundle JSON
//! (14.x and v15) and AST JSON fixtures are reproduced from their sources.

use std::path::{Path, PathBuf};

use rosetta_schema::bundle::{self, BundleFormat};
use rosetta_schema::{compile, CompileOptions};
use serde_json::Value;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: corpus not found at {}", dir.display());
        None
    }
}

/// The first JSON Pointer where two values differ.
fn diff(a: &Value, b: &Value, path: String) -> Option<String> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for key in x.keys().chain(y.keys()) {
                let p = format!("{path}/{key}");
                match (x.get(key), y.get(key)) {
                    (Some(u), Some(v)) => {
                        if let Some(d) = diff(u, v, p) {
                            return Some(d);
                        }
                    }
                    (u, v) => return Some(format!("{p}: {u:?} vs {v:?}")),
                }
            }
            None
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (u, v)) in x.iter().zip(y).enumerate() {
                if let Some(d) = diff(u, v, format!("{path}/{i}")) {
                    return Some(d);
                }
            }
            (x.len() != y.len()).then(|| format!("{path}: length {} vs {}", x.len(), y.len()))
        }
        _ => (a != b).then(|| format!("{path}: {a} vs {b}")),
    }
}

/// Compiles `files` under `roots` and compares every fixture file entry whose source was compiled.
fn check_bundle(
    roots: &[PathBuf],
    files: Vec<PathBuf>,
    load_all: bool,
    fixture: &Path,
    format: BundleFormat,
) -> usize {
    let options = CompileOptions {
        schema_paths: roots.to_vec(),
        load_all,
        files,
    };
    let compiled = match compile(&options) {
        Ok(compiled) => compiled,
        Err(diagnostics) => panic!("{}", diagnostics.render(false)),
    };
    let ours: Value = serde_json::from_str(&bundle::to_json(&compiled.bundle_for(format), format))
        .expect("our JSON parses");
    let theirs: Value = serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture"))
        .expect("fixture parses");

    let ours = ours["schemaFiles"].as_array().expect("files");
    let mut compared = 0;
    let mut failures = Vec::new();
    for expected in theirs["schemaFiles"].as_array().expect("files") {
        let path = expected["canonicalPath"].as_str().unwrap_or_default();
        let Some(actual) = ours.iter().find(|f| f["canonicalPath"] == path) else {
            continue;
        };
        // Files compiled only from a fallback standard library are not this fixture's sources.
        if path.starts_with("improbable/standard_library")
            || path.starts_with("improbable/restricted")
        {
            continue;
        }
        compared += 1;
        if let Some(d) = diff(actual, expected, String::new()) {
            failures.push(format!("{path}: {d}"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} differs:\n{}",
        fixture.display(),
        failures.join("\n")
    );
    compared
}

#[test]
fn sdk_rs_example_bundle() {
    let Some(corpus) = corpus() else { return };
    let root = corpus.join("spatialos-sdk-rs@43c7c57/project-example/schema");
    let fixture =
        corpus.join("spatialos-sdk-rs@93c53af/spatialos-sdk-code-generator/data/test.sb.json");
    assert_eq!(
        check_bundle(&[root], vec![], true, &fixture, BundleFormat::V14),
        1
    );
}

#[test]
fn v15_name_clash_bundles() {
    let Some(corpus) = corpus() else { return };
    let base = corpus.join("gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenTemplate/CodeGenerationLib/Tests/Model");
    for name in [
        "clash_command_in_component",
        "clash_event_in_component",
        "clash_type_in_type",
        "clash_enum_in_type",
    ] {
        let root = base.join("NameClashingSchema");
        let core = corpus.join(
            "gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.core/.schema",
        );
        let fixture = base.join(format!("SchemaBundleV1/Resources/{name}.json"));
        let file = root.join(format!("{name}.schema"));
        // Two of them come from an early 15.x compiler that still wrote `transient`.
        let format = if name.ends_with("in_type") {
            BundleFormat::V15Early
        } else {
            BundleFormat::V15
        };
        assert_eq!(
            check_bundle(&[root, core], vec![file], false, &fixture, format),
            1,
            "{name}"
        );
    }
}

#[test]
fn gdk_14_exhaustive_bundle() {
    let Some(corpus) = corpus() else { return };
    let repo = corpus.join("gdk-for-unity@108fb14");
    let mut roots = gdk_roots(&repo, "test-project/Assets/.Schema");
    let repo_roots = roots.clone();
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema"));
    let mut files = Vec::new();
    for root in &repo_roots {
        collect(root, &mut files);
    }
    let fixture = repo.join("workers/unity/Packages/io.improbable.gdk.tools/.CodeGenerator/CodeGeneration/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json");
    let compared = check_bundle(&roots, files, false, &fixture, BundleFormat::V14);
    assert!(compared >= 14, "compared {compared}");
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("dir").flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "schema") {
            out.push(path);
        }
    }
}

#[test]
fn ast_json_fixtures() {
    let Some(corpus) = corpus() else { return };
    let base = corpus.join("go-worker-api@5c60e1d/generator");
    let root = base.join("schema");
    let options = CompileOptions {
        schema_paths: vec![
            root,
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema"),
        ],
        load_all: false,
        files: {
            let mut files = Vec::new();
            collect(&base.join("schema"), &mut files);
            files
        },
    };
    let compiled = compile(&options).unwrap_or_else(|d| panic!("{}", d.render(false)));
    let mut compared = 0;
    let mut failures = Vec::new();
    for (path, text) in compiled.ast_json_files() {
        let fixture = base.join("schema_json").join(&path);
        if path.starts_with("improbable/standard_library") || path == "improbable/vector3.json" {
            continue;
        }
        let Ok(expected) = std::fs::read_to_string(&fixture) else {
            continue;
        };
        let mut expected: Value = serde_json::from_str(&expected).expect("fixture parses");
        let mut actual: Value = serde_json::from_str(&text).expect("ours parses");
        // The fixture holds the absolute Windows path of the machine it was made on.
        expected["completePath"] = Value::Null;
        actual["completePath"] = Value::Null;
        compared += 1;
        if let Some(d) = diff(&actual, &expected, String::new()) {
            failures.push(format!("{path}: {d}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(compared, 23);
}

/// The `.schema` roots of a GDK for Unity checkout: its `schema/` (or test project) folder and
/// every package's `.schema` folder.
fn gdk_roots(repo: &Path, first: &str) -> Vec<PathBuf> {
    let mut roots = vec![repo.join(first)];
    for packages in [
        repo.join("test-project/Packages"),
        repo.join("workers/unity/Packages"),
    ] {
        let Ok(entries) = std::fs::read_dir(&packages) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path().join(".schema"))
            .filter(|p| p.is_dir())
            .collect();
        found.sort();
        roots.extend(found);
    }
    roots
}

#[test]
fn gdk_v15_exhaustive_bundle() {
    let Some(corpus) = corpus() else { return };
    let repo = corpus.join("gdk-for-unity@develop-9fb21bc");
    let repo_roots = gdk_roots(&repo, "schema");
    let mut files = Vec::new();
    for root in &repo_roots {
        collect(root, &mut files);
    }
    // NameClashingSchema lives under the tools package, not under a schema root.
    files.retain(|f| !f.to_string_lossy().contains("NameClashingSchema"));
    let mut roots = repo_roots;
    roots.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema"));
    let fixture = repo.join("workers/unity/Packages/io.improbable.gdk.tools/.CodeGenTemplate/CodeGenerationLib/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json");
    let compared = check_bundle(&roots, files, false, &fixture, BundleFormat::V15);
    assert!(compared >= 6, "compared {compared}");
}
