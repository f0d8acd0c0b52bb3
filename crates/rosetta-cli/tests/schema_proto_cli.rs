//! Runs the `rosetta` binary: `schema proto` on the bundled example.

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

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn proto_writes_one_file_per_schema_file_and_the_entity_file() {
    let out = tempfile::tempdir().expect("tempdir");
    let flag = format!("--proto_out={}", out.path().display());
    let output = rosetta(&[
        "schema",
        "proto",
        "--schema_path=schema",
        "--schema_path=examples/schema",
        "--load_all_schema_on_schema_path",
        &flag,
    ]);
    assert_status(&output, 0);
    for path in [
        "improbable/standard_library.proto",
        "improbable/vector3.proto",
        "improbable/restricted/system_components.proto",
        "game/common.proto",
        "game/player.proto",
        "game/world.proto",
        "rosetta/entity.proto",
    ] {
        assert!(out.path().join(path).is_file(), "{path} written");
    }
    let player = fs::read_to_string(out.path().join("game/player.proto")).expect("player");
    assert!(player.contains("syntax = \"proto2\";"));
    assert!(player.contains("package game;"));
    assert!(player.contains("import \"improbable/standard_library.proto\";"));
    assert!(player.contains("message Player {"));
    assert!(player.contains("repeated StatsEntry stats = 6;"));
}

#[test]
fn proto_kebab_flag_and_named_files() {
    let out = tempfile::tempdir().expect("tempdir");
    let dir = out.path().display().to_string();
    let output = rosetta(&[
        "schema",
        "proto",
        "--schema-path",
        "schema",
        "--schema-path",
        "examples/schema",
        "--proto-out",
        &dir,
        "game/common.schema",
    ]);
    assert_status(&output, 0);
    assert!(out.path().join("game/common.proto").is_file());
    // Nothing uses `Entity` and there are no components: no entity file.
    assert!(!out.path().join("rosetta/entity.proto").exists());
    assert!(!out.path().join("game/player.proto").exists());
}

#[test]
fn proto_needs_an_output_directory() {
    let output = rosetta(&[
        "schema",
        "proto",
        "--schema_path=schema",
        "--load_all_schema_on_schema_path",
    ]);
    assert_status(&output, 2);
}
