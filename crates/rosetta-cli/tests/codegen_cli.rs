//! Runs the `rosetta` binary: `schema codegen rust` on the bundled example and on broken input.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root: `schema/` and `examples/` are there.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rosetta(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(repo_root())
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

/// The names of the files in `dir`.
fn listing(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .expect("the output directory is read")
        .map(|entry| {
            entry
                .expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

fn names(list: &[&str]) -> BTreeSet<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

/// `schema codegen rust` of the whole example into `out`, with `extra` arguments.
fn codegen_all(out: &Path, extra: &[&str]) -> Output {
    let out = out.to_str().expect("a UTF-8 temp path");
    let mut args = vec![
        "schema",
        "codegen",
        "rust",
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
        "--load_all_schema_on_schema_path",
        "-o",
        out,
    ];
    args.extend_from_slice(extra);
    rosetta(&args)
}

#[test]
fn every_package_gets_a_file_and_mod_rs_declares_them() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("rust");
    let output = codegen_all(&out, &[]);
    assert_status(&output, 0);
    assert!(output.stdout.is_empty(), "nothing is printed on success");
    assert!(output.stderr.is_empty(), "stderr: {}", stderr(&output));
    assert_eq!(
        listing(&out),
        names(&[
            "game.rs",
            "game.world.rs",
            "improbable.rs",
            "improbable.restricted.rs",
            "mod.rs",
        ])
    );
    let mod_rs = fs::read_to_string(out.join("mod.rs")).expect("mod.rs");
    assert!(mod_rs.contains("pub mod game"), "{mod_rs}");
    assert!(mod_rs.contains("pub mod world"), "{mod_rs}");
    assert!(mod_rs.contains("include!(\"game.world.rs\")"), "{mod_rs}");
    let game = fs::read_to_string(out.join("game.rs")).expect("game.rs");
    assert!(game.contains("pub struct Health"), "{game}");
    assert!(game.contains("BTreeMap"), "maps are BTreeMaps by default");
    assert!(game.contains("serde"), "serde is derived by default");
    assert!(
        !game.contains("unknown_fields"),
        "unknown fields are skipped by default, as prost skips them"
    );
}

#[test]
fn one_file_writes_only_the_packages_it_imports() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("player");
    let out_arg = out.to_str().expect("a UTF-8 temp path");
    let output = rosetta(&[
        "schema",
        "codegen",
        "rust",
        "--schema-path",
        "schema",
        "--schema-path",
        "examples/schema",
        "--out",
        out_arg,
        "examples/schema/game/player.schema",
    ]);
    assert_status(&output, 0);
    assert_eq!(
        listing(&out),
        names(&["game.rs", "improbable.rs", "mod.rs"])
    );
    let mod_rs = fs::read_to_string(out.join("mod.rs")).expect("mod.rs");
    assert!(!mod_rs.contains("pub mod world"), "{mod_rs}");
}

#[test]
fn a_schema_error_is_the_compilers_diagnostic_and_nothing_is_written() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path().join("schema");
    fs::create_dir_all(root.join("game")).expect("a schema folder");
    fs::write(
        root.join("game/bad.schema"),
        "package game;\n\ntype Broken {\n  Missing value = 1;\n}\n",
    )
    .expect("a schema file");
    let out = tmp.path().join("out");
    let output = rosetta(&[
        "schema",
        "codegen",
        "rust",
        "--schema_path",
        root.to_str().expect("a UTF-8 temp path"),
        "--load_all_schema_on_schema_path",
        "-o",
        out.to_str().expect("a UTF-8 temp path"),
    ]);
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("unknown type `Missing`"), "{err}");
    assert!(err.contains("bad.schema:4:3"), "{err}");
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn a_bad_type_attribute_is_a_usage_error() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    // No `=`: refused as the arguments are read.
    let output = codegen_all(&out, &["--type-attribute", "#[derive(Eq)]"]);
    assert_status(&output, 2);
    assert!(
        stderr(&output).contains("--type_attribute"),
        "{}",
        stderr(&output)
    );
    // No Rust attribute: refused by rosetta-build, named by its argument.
    let output = codegen_all(&out, &["--type-attribute", "game=#[derive(Eq"]);
    assert_status(&output, 2);
    let err = stderr(&output);
    assert!(err.contains("--type_attribute"), "{err}");
    assert!(err.contains("#[derive(Eq"), "{err}");
    let output = codegen_all(&out, &["--field_attribute", "game.Health=derive(Eq)"]);
    assert_status(&output, 2);
    assert!(
        stderr(&output).contains("--field_attribute"),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists(), "nothing is written");
}

#[test]
fn options_reach_the_generated_code() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let output = codegen_all(
        &out,
        &[
            "--map-type",
            "hash",
            "--bytes-type",
            "bytes",
            "--no-serde",
            "--keep-unknown-fields",
            "--type_attribute",
            "game.Health=#[derive(Hash)]",
            "--field-attribute",
            "game.Health.current=#[doc(alias = \"hp\")]",
        ],
    );
    assert_status(&output, 0);
    let game = fs::read_to_string(out.join("game.rs")).expect("game.rs");
    assert!(game.contains("HashMap"), "--map-type hash");
    assert!(!game.contains("BTreeMap"), "--map-type hash");
    assert!(!game.contains("serde"), "--no-serde");
    assert!(
        game.contains("pub unknown_fields: ::rosetta_wire::schema_type::UnknownFields,"),
        "--keep-unknown-fields"
    );
    // improbable.restricted's PlayerIdentity.metadata is `bytes`.
    let restricted = fs::read_to_string(out.join("improbable.restricted.rs")).expect("read");
    assert!(
        restricted.contains("pub metadata: ::rosetta_wire::schema_type::Bytes,"),
        "--bytes-type bytes"
    );
    assert!(game.contains("#[derive(Hash)]"), "--type-attribute");
    assert!(game.contains("#[doc(alias = \"hp\")]"), "--field-attribute");
}

#[test]
fn an_output_that_is_a_file_is_refused_before_compiling() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("taken");
    fs::write(&out, "a file").expect("a file");
    let output = codegen_all(&out, &[]);
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("taken"), "{err}");
    assert!(err.contains("is not a directory"), "{err}");
}

#[test]
fn unchanged_files_are_left_untouched() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    assert_status(&codegen_all(&out, &[]), 0);
    let modified = |name: &str| {
        fs::metadata(out.join(name))
            .and_then(|m| m.modified())
            .expect("a modification time")
    };
    let before = modified("game.rs");
    std::thread::sleep(std::time::Duration::from_millis(20));
    assert_status(&codegen_all(&out, &[]), 0);
    assert_eq!(modified("game.rs"), before);
}
