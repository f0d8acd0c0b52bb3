//! Runs the `rosetta` binary: `schema compile` and `schema check` on the bundled example and on
//! small bad schemas.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The repository root: `schema/` and `examples/` are there.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rosetta(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(repo_root())
        .env_remove("NO_COLOR")
        .output()
        .expect("the rosetta binary runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        stderr(output)
    );
}

fn read_json(path: &Path) -> Value {
    let text = fs::read_to_string(path).expect("output written");
    serde_json::from_str(&text).expect("output is JSON")
}

fn canonical_paths(bundle: &Value) -> Vec<String> {
    bundle["schemaFiles"]
        .as_array()
        .expect("schemaFiles")
        .iter()
        .map(|f| {
            f["canonicalPath"]
                .as_str()
                .expect("canonicalPath")
                .to_owned()
        })
        .collect()
}

fn file<'a>(bundle: &'a Value, canonical: &str) -> &'a Value {
    bundle["schemaFiles"]
        .as_array()
        .and_then(|files| files.iter().find(|f| f["canonicalPath"] == canonical))
        .unwrap_or_else(|| panic!("{canonical} is in the bundle"))
}

fn arg(prefix: &str, path: &Path) -> String {
    format!("{prefix}{}", path.display())
}

#[test]
fn compiles_the_example_with_the_compilers_flag_spellings() {
    let out = tempfile::tempdir().unwrap();
    let json_path = out.path().join("nested/example.sb.json");
    let output = rosetta(&[
        "schema",
        "compile",
        "--schema_path=schema",
        "--schema_path=examples/schema",
        "--load_all_schema_on_schema_path",
        &arg("--bundle_json_out=", &json_path),
    ]);
    assert_status(&output, 0);
    assert!(output.stderr.is_empty(), "stderr: {}", stderr(&output));
    let bundle = read_json(&json_path);
    let paths = canonical_paths(&bundle);
    for expected in [
        "game/common.schema",
        "game/player.schema",
        "game/world.schema",
        "improbable/restricted/system_components.schema",
        "improbable/standard_library.schema",
        "improbable/vector3.schema",
    ] {
        assert!(
            paths.iter().any(|p| p == expected),
            "{expected} in {paths:?}"
        );
    }
    let mut sorted = paths.clone();
    sorted.sort();
    assert_eq!(paths, sorted, "files are sorted by canonical path");

    let player = file(&bundle, "game/player.schema");
    let component = &player["components"][0];
    assert_eq!(component["qualifiedName"], "game.Player");
    assert_eq!(component["componentId"], 1000);
    assert_eq!(component["events"][0]["name"], "levelled_up");
    assert_eq!(
        component["commands"][0]["requestType"],
        "game.RespawnRequest"
    );
    assert_eq!(
        component["annotations"][0]["typeValue"]["type"],
        "game.EditorHint"
    );
    assert_eq!(player["componentSets"][1]["componentSetId"], 2001);
    // 15.x format by default: no `transient`.
    assert!(component["fields"][0].get("transient").is_none());
}

#[test]
fn kebab_case_flags_one_file_and_the_14x_format() {
    let out = tempfile::tempdir().unwrap();
    let json_path = out.path().join("v14.json");
    let output = rosetta(&[
        "schema",
        "compile",
        "--schema-path",
        "schema",
        "--schema-path",
        "examples/schema",
        "--bundle-format",
        "v14",
        "--bundle-json-out",
        &json_path.display().to_string(),
        "game/player.schema",
    ]);
    assert_status(&output, 0);
    let bundle = read_json(&json_path);
    let paths = canonical_paths(&bundle);
    // The file and what it imports, nothing else.
    assert!(paths.iter().any(|p| p == "game/player.schema"), "{paths:?}");
    assert!(paths.iter().any(|p| p == "game/common.schema"), "{paths:?}");
    assert!(!paths.iter().any(|p| p == "game/world.schema"), "{paths:?}");
    let player = file(&bundle, "game/player.schema");
    assert_eq!(player["components"][0]["fields"][0]["transient"], false);
}

#[test]
fn binary_bundle_ast_json_and_stdout() {
    let out = tempfile::tempdir().unwrap();
    let sb = out.path().join("example.sb");
    let ast = out.path().join("ast");
    let output = rosetta(&[
        "schema",
        "compile",
        "--schema_path=schema",
        "--schema_path=examples/schema",
        "--load_all_schema_on_schema_path",
        &arg("--bundle_out=", &sb),
        &arg("--ast_json_out=", &ast),
        "--bundle_json_out=-",
    ]);
    assert_status(&output, 0);
    let json = String::from_utf8(output.stdout).expect("UTF-8 JSON on stdout");
    let from_json = rosetta_schema::bundle::from_json(&json).expect("stdout is bundle JSON");
    let bytes = fs::read(&sb).expect("binary bundle written");
    let decoded = rosetta_schema::bundle::decode(&bytes).expect("binary bundle decodes");
    assert_eq!(decoded, from_json, "binary and JSON bundles agree");

    let player_ast = read_json(&ast.join("game/player.json"));
    assert_eq!(player_ast["canonicalName"], "game/player.schema");
    assert!(ast.join("improbable/standard_library.json").is_file());
}

#[test]
fn check_writes_nothing() {
    let output = rosetta(&[
        "schema",
        "check",
        "--schema_path=schema",
        "--schema_path=examples/schema",
        "--load_all_schema_on_schema_path",
    ]);
    assert_status(&output, 0);
    assert!(output.stdout.is_empty());
    assert!(output.stderr.is_empty(), "stderr: {}", stderr(&output));
}

/// Writes `text` as `<tmp>/bad/x.schema`, checks it with `<tmp>` and Rosetta's `schema/` as
/// roots, and returns the result.
fn check_bad(text: &str) -> Output {
    let root = tempfile::tempdir().unwrap();
    fs::create_dir_all(root.path().join("bad")).unwrap();
    fs::write(root.path().join("bad/x.schema"), text).unwrap();
    rosetta(&[
        "schema",
        "check",
        &arg("--schema_path=", root.path()),
        "--schema_path=schema",
        "bad/x.schema",
    ])
}

fn assert_error_at(output: &Output, place: &str) {
    assert_status(output, 1);
    let err = stderr(output);
    assert!(err.contains(place), "expected {place:?} in stderr:\n{err}");
    assert!(
        !err.contains('\x1b'),
        "no colour when stderr is not a terminal:\n{err}"
    );
}

#[test]
fn syntax_error_names_file_line_and_column() {
    let output = check_bad("package bad;\n\ntype T {\n  int32 x = ;\n}\n");
    assert_error_at(&output, "x.schema:4:13");
}

#[test]
fn unknown_type_names_file_line_and_column() {
    let output = check_bad("package bad;\n\ntype T {\n  Missing m = 1;\n}\n");
    assert_error_at(&output, "x.schema:4:3");
}

#[test]
fn missing_import_names_the_import() {
    let output = check_bad("package bad;\n\nimport \"nowhere/missing.schema\";\n");
    assert_error_at(&output, "x.schema:3:");
    assert!(stderr(&output).contains("nowhere/missing.schema"));
}

#[test]
fn duplicate_component_id_is_an_error() {
    let output = check_bad(
        "package bad;\n\ncomponent A {\n  id = 7000;\n}\n\ncomponent B {\n  id = 7000;\n}\n",
    );
    assert_error_at(&output, "x.schema:");
    assert!(stderr(&output).contains("7000"), "{}", stderr(&output));
}

#[test]
fn compile_errors_write_no_output() {
    let out = tempfile::tempdir().unwrap();
    let json_path = out.path().join("never.json");
    let root = tempfile::tempdir().unwrap();
    fs::write(root.path().join("x.schema"), "package bad;\ntype {\n").unwrap();
    let output = rosetta(&[
        "schema",
        "compile",
        &arg("--schema_path=", root.path()),
        &arg("--bundle_json_out=", &json_path),
        "x.schema",
    ]);
    assert_status(&output, 1);
    assert!(!json_path.exists());
}

#[test]
fn unwritable_output_is_an_error_naming_the_path() {
    let out = tempfile::tempdir().unwrap();
    let blocker = out.path().join("file");
    fs::write(&blocker, "").unwrap();
    let json_path = blocker.join("bundle.json");
    let output = rosetta(&[
        "schema",
        "compile",
        "--schema_path=schema",
        "--load_all_schema_on_schema_path",
        &arg("--bundle_json_out=", &json_path),
    ]);
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("bundle.json"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn usage_errors_exit_with_2() {
    assert_status(&rosetta(&[]), 2);
    assert_status(&rosetta(&["schema", "compile", "--schema_path=schema"]), 2);
    assert_status(
        &rosetta(&["schema", "check", "--no-such-flag", "x.schema"]),
        2,
    );
    assert_status(
        &rosetta(&["schema", "compile", "--bundle-format", "v13", "x.schema"]),
        2,
    );
}

#[test]
fn help_has_examples_and_both_spellings() {
    let output = rosetta(&["schema", "compile", "--help"]);
    assert_status(&output, 0);
    let help = String::from_utf8_lossy(&output.stdout);
    for needle in [
        "Examples:",
        "--schema_path",
        "schema-path",
        "--load_all_schema_on_schema_path",
        "--bundle_json_out",
        "--ast_json_out",
        "--bundle-format",
    ] {
        assert!(help.contains(needle), "{needle:?} in:\n{help}");
    }
    let top = rosetta(&["--help"]);
    assert_status(&top, 0);
    assert!(String::from_utf8_lossy(&top.stdout).contains("Examples:"));
}
