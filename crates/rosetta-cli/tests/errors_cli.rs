//! Errors that point at the right thing and stay readable: the file to blame, close names for a
//! misspelt component, one name for standard input, long pointers and lines shortened, and a
//! quiet end when standard output's reader goes away.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use rosetta_wire::snapshot::{write_entities, Compression, SnapshotEntity};
use rosetta_wire::Object;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rosetta_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    // The command may exit before reading; a broken pipe is fine then.
    let _ = pipe.write_all(stdin);
    drop(pipe);
    child.wait_with_output().expect("rosetta finishes")
}

fn rosetta(args: &[&str], stdin: &[u8]) -> Output {
    rosetta_in(&repo_root(), args, stdin)
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stderr:\n{}",
        stderr(output)
    );
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

#[test]
fn a_component_missing_from_the_schema_is_blamed_on_the_input_and_the_schema() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.json");
    let output = rosetta(
        &[
            "snapshot",
            "convert",
            "examples/data/world.snapshot",
            "-o",
            arg(&out),
            "--schema_path",
            "schema",
        ],
        b"",
    );
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(
        err.starts_with("error: examples/data/world.snapshot: "),
        "{err}"
    );
    assert!(err.contains("component 1000 is not in the schema"), "{err}");
    assert!(err.contains("--schema_path `schema`"), "{err}");
    assert!(!err.contains("out.json"), "{err}");
    assert!(!out.exists());
}

#[test]
fn a_directory_named_as_a_schema_file_is_said_to_be_one() {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::create_dir(dir.path().join("e")).expect("mkdir");
    let output = rosetta_in(
        dir.path(),
        &["schema", "check", "--schema_path=e", "e"],
        b"",
    );
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("is a directory"), "{err}");
    assert!(err.contains("`e`, `e/e`"), "where it was looked for: {err}");
    assert!(err.contains("--load_all_schema_on_schema_path"), "{err}");

    let output = rosetta_in(
        dir.path(),
        &["schema", "check", "--schema_path=e", "missing.schema"],
        b"",
    );
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("not found"), "{err}");
    assert!(
        err.contains("`missing.schema`, `e/missing.schema`"),
        "{err}"
    );
}

#[test]
fn a_misspelt_component_or_type_gets_the_close_names() {
    let base = [
        "convert",
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
        "--from",
        "json-spatialos",
        "--to",
        "wire",
        "examples/data/player.json",
    ];
    let run = |extra: &[&str]| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        let output = rosetta(&args, b"");
        assert_status(&output, 2);
        stderr(&output)
    };
    let err = run(&["--root", "data", "--component", "Player"]);
    assert!(err.contains("did you mean `game.Player`?"), "{err}");
    let err = run(&["--root", "data", "--component", "game.Helth"]);
    assert!(err.contains("did you mean `game.Health`?"), "{err}");
    let err = run(&["--root", "data", "--type", "position"]);
    assert!(err.contains("`improbable.Position`"), "{err}");
    let err = run(&["--type", "Vec3"]);
    assert!(err.contains("did you mean `game.Vec3f`?"), "{err}");
    let err = run(&["--type", "Zebra"]);
    assert!(!err.contains("did you mean"), "{err}");
}

#[test]
fn standard_input_is_stdin_in_every_error() {
    let output = rosetta(&["json", "imports", "-"], b"{");
    assert_status(&output, 1);
    assert!(
        stderr(&output).starts_with("error: <stdin>:1:"),
        "{}",
        stderr(&output)
    );
    let output = rosetta(&["snapshot", "info", "-"], b"not a snapshot at all");
    assert_status(&output, 1);
    assert!(
        stderr(&output).starts_with("error: <stdin>: "),
        "{}",
        stderr(&output)
    );
    let output = rosetta(&["json", "patch", "apply", "-", "missing.json"], b"{}");
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("missing.json"),
        "{}",
        stderr(&output)
    );
}

/// A `QueryConstraint` nested `depth` levels through `and_constraint`, with a bad value at the
/// bottom, in the SDK's JSON form.
fn deep_constraint(depth: usize) -> String {
    let mut json = r#"{"component_constraint": ["not a number"]}"#.to_owned();
    for _ in 0..depth {
        json = format!(r#"{{"and_constraint": [{json}]}}"#);
    }
    json
}

#[test]
fn a_deep_json_pointer_is_shortened_in_the_middle() {
    let output = rosetta(
        &[
            "convert",
            "--schema_path",
            "schema",
            "--type",
            "improbable.ComponentSetInterest.QueryConstraint",
            "--from",
            "json-spatialos",
            "--to",
            "wire",
        ],
        deep_constraint(30).as_bytes(),
    );
    assert_status(&output, 1);
    let err = stderr(&output);
    // The pointer alone is 30 * 17 characters.
    assert!(err.len() < 300, "{} bytes: {err}", err.len());
    assert!(err.contains("/and_constraint/0/and_constraint"), "{err}");
    assert!(err.contains(" … "), "{err}");
    assert!(
        err.contains("component_constraint"),
        "the end is kept: {err}"
    );
}

#[test]
fn a_huge_schema_line_is_shown_around_the_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let padding = " ".repeat(100_000);
    let text = format!("package p;\n{padding}type T {{ Unknown x = 1; }}{padding}\n");
    fs::write(dir.path().join("huge.schema"), text).expect("write");
    let output = rosetta_in(
        dir.path(),
        &["schema", "check", "--schema_path=.", "huge.schema"],
        b"",
    );
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.len() < 1000, "{} bytes", err.len());
    let lines: Vec<&str> = err.lines().collect();
    let caret_line = lines
        .iter()
        .position(|l| l.contains('^'))
        .expect("a caret line");
    let snippet = lines[caret_line - 1];
    let at = lines[caret_line]
        .chars()
        .position(|c| c == '^')
        .expect("a caret");
    let pointed: String = snippet.chars().skip(at).take(7).collect();
    assert_eq!(pointed, "Unknown", "{snippet}\n{}", lines[caret_line]);
}

#[test]
fn a_closed_standard_output_ends_the_command_quietly() {
    let dir = tempfile::tempdir().expect("temp dir");
    let entities: Vec<SnapshotEntity> = (1..=50_000)
        .map(|id| {
            let mut metadata = Object::new();
            metadata.add_string(1, "an entity type long enough to fill the pipe");
            SnapshotEntity::new(id).with_component(53, metadata)
        })
        .collect();
    let snapshot = dir.path().join("big.snapshot");
    let bytes = write_entities(&entities, Compression::Raw).expect("a snapshot");
    fs::write(&snapshot, bytes).expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args([
            "snapshot",
            "convert",
            arg(&snapshot),
            "-o",
            "-",
            "--to",
            "json",
            "--schema_path",
            "schema",
        ])
        .current_dir(repo_root())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdout = child.stdout.take().expect("stdout");
    let mut first = [0u8; 100];
    stdout.read_exact(&mut first).expect("the first bytes");
    drop(stdout);
    let output = child.wait_with_output().expect("finishes");
    assert_eq!(stderr(&output), "", "no message");
    assert_eq!(output.status.code(), Some(141), "as a shell shows SIGPIPE");
}
