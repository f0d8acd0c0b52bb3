//! Runs `rosetta json patch apply|create` and `rosetta json imports` on files in a temporary
//! directory: the RFC examples, failing operations, round trips, imports and cycles.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

/// Runs `rosetta json` with `args` in `dir`, `input` on standard input.
fn rosetta_json(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("json")
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The command may exit before reading; a broken pipe is fine then.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("rosetta finishes")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        stdout(output),
        stderr(output)
    );
}

/// The JSON on standard output, after checking the 4-space indent and the final newline.
fn stdout_json(output: &Output) -> Value {
    assert_status(output, 0);
    let text = stdout(output);
    assert!(text.ends_with("}\n") || text.ends_with("]\n"), "{text}");
    serde_json::from_str(&text).expect("the output is JSON")
}

fn write(dir: &Path, name: &str, value: &Value) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent).expect("create the directory");
    }
    fs::write(path, serde_json::to_string(value).expect("JSON")).expect("write the file");
}

#[test]
fn merge_patch_rfc7386_example() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(
        dir.path(),
        "target.json",
        &json!({
            "title": "Goodbye!",
            "author": {"givenName": "John", "familyName": "Doe"},
            "tags": ["example", "sample"],
            "content": "This will be unchanged"
        }),
    );
    write(
        dir.path(),
        "patch.json",
        &json!({
            "title": "Hello!",
            "phoneNumber": "+01-123-456-7890",
            "author": {"familyName": null},
            "tags": ["example"]
        }),
    );
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "--merge", "target.json", "patch.json"],
        b"",
    );
    assert_eq!(
        stdout_json(&output),
        json!({
            "title": "Hello!",
            "author": {"givenName": "John"},
            "tags": ["example"],
            "content": "This will be unchanged",
            "phoneNumber": "+01-123-456-7890"
        })
    );
    assert!(
        stdout(&output).contains("\n    \"title\": \"Hello!\""),
        "4-space indent:\n{}",
        stdout(&output)
    );

    // The patch from standard input, the result to a file.
    let patch = fs::read(dir.path().join("patch.json")).expect("read the patch");
    let output = rosetta_json(
        dir.path(),
        &[
            "patch",
            "apply",
            "--merge",
            "target.json",
            "-",
            "-o",
            "out/result.json",
        ],
        &patch,
    );
    assert_status(&output, 0);
    let written = fs::read_to_string(dir.path().join("out/result.json")).expect("the output");
    assert!(written.ends_with("}\n"));
    let written: Value = serde_json::from_str(&written).expect("JSON");
    assert_eq!(written["author"], json!({"givenName": "John"}));
}

#[test]
fn json_patch_rfc6902_add_remove_test() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(
        dir.path(),
        "target.json",
        &json!({"foo": "bar", "baz": "qux", "list": [1, 3]}),
    );
    write(
        dir.path(),
        "patch.json",
        &json!([
            {"op": "test", "path": "/foo", "value": "bar"},
            {"op": "add", "path": "/hello", "value": ["world"]},
            {"op": "add", "path": "/list/1", "value": 2},
            {"op": "remove", "path": "/baz"}
        ]),
    );
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "target.json", "patch.json"],
        b"",
    );
    assert_eq!(
        stdout_json(&output),
        json!({"foo": "bar", "list": [1, 2, 3], "hello": ["world"]})
    );

    // A failing `test`: exit 1, the outcome and the pointer of the operation, nothing written.
    write(
        dir.path(),
        "failing.json",
        &json!([
            {"op": "add", "path": "/hello", "value": 1},
            {"op": "test", "path": "/foo", "value": "not bar"}
        ]),
    );
    let output = rosetta_json(
        dir.path(),
        &[
            "patch",
            "apply",
            "target.json",
            "failing.json",
            "-o",
            "out.json",
        ],
        b"",
    );
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("TestFailed"), "{err}");
    assert!(err.contains("failing.json"), "{err}");
    assert!(err.contains("/1"), "{err}");
    assert!(!dir.path().join("out.json").exists());

    // An unknown op and a patch that is not an array halt too.
    write(
        dir.path(),
        "unknown.json",
        &json!([{"op": "frobnicate", "path": "/foo"}]),
    );
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "target.json", "unknown.json"],
        b"",
    );
    assert_status(&output, 1);
    assert!(stderr(&output).contains("Unknown"), "{}", stderr(&output));
    write(dir.path(), "object.json", &json!({"op": "add"}));
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "target.json", "object.json"],
        b"",
    );
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("TypeMismatch"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn parse_errors_give_line_and_column() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(dir.path(), "target.json", &json!({"a": 1}));
    fs::write(dir.path().join("bad.json"), "[\n  {\"op\": \"add\",}\n]\n").expect("write");
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "target.json", "bad.json"],
        b"",
    );
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("bad.json:2:16: trailing comma"),
        "{}",
        stderr(&output)
    );

    let output = rosetta_json(dir.path(), &["patch", "apply", "-", "-"], b"{}");
    assert_status(&output, 2);
    assert!(stderr(&output).contains("only one of the inputs"));

    // serde_json's column 0 (the start of a line) is column 1, as `convert` says it.
    fs::write(
        dir.path().join("short.json"),
        "[
",
    )
    .expect("write");
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "target.json", "short.json"],
        b"",
    );
    assert!(
        stderr(&output).contains("short.json:2:1:"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn documents_may_hold_comments_as_o3de_files_do() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    fs::write(
        dir.path().join("target.json"),
        "\u{feff}{ // the level\n  \"a\": 1 /* one */\n}\n",
    )
    .expect("write");
    fs::write(
        dir.path().join("patch.json"),
        "[ /* set a */ {\"op\": \"replace\", \"path\": \"/a\", \"value\": 2} ]",
    )
    .expect("write");
    let output = rosetta_json(
        dir.path(),
        &["patch", "apply", "target.json", "patch.json"],
        b"",
    );
    assert_status(&output, 0);
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(value, json!({"a": 2}));
}

#[test]
fn create_then_apply_round_trip() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let source = json!({
        "name": "level",
        "size": [10, 20, 30],
        "entities": {"a": {"hp": 10}, "b": {"hp": 5}},
        "gone": true
    });
    let target = json!({
        "name": "level 2",
        "size": [10, 25],
        "entities": {"a": {"hp": 12, "armor": 1}, "c": {"hp": 1}},
        "new": [null, 1.5]
    });
    write(dir.path(), "source.json", &source);
    write(dir.path(), "target.json", &target);
    for merge in [false, true] {
        let mut args = vec!["patch", "create"];
        if merge {
            args.push("--merge");
        }
        args.extend(["source.json", "target.json", "-o", "patch.json"]);
        assert_status(&rosetta_json(dir.path(), &args, b""), 0);
        let patch: Value = serde_json::from_str(
            &fs::read_to_string(dir.path().join("patch.json")).expect("the patch"),
        )
        .expect("JSON");
        assert_eq!(patch.is_array(), !merge, "{patch}");

        let mut args = vec!["patch", "apply"];
        if merge {
            args.push("--merge");
        }
        args.extend(["source.json", "patch.json"]);
        let output = rosetta_json(dir.path(), &args, b"");
        assert_eq!(stdout_json(&output), target, "merge: {merge}");
    }

    // Equal documents: an empty patch.
    let output = rosetta_json(
        dir.path(),
        &["patch", "create", "source.json", "source.json"],
        b"",
    );
    assert_eq!(stdout_json(&output), json!([]));

    // A null a merge patch cannot express is an error.
    write(dir.path(), "null.json", &json!({"name": null}));
    let output = rosetta_json(
        dir.path(),
        &["patch", "create", "--merge", "source.json", "null.json"],
        b"",
    );
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("Unsupported"),
        "{}",
        stderr(&output)
    );
}

#[test]
fn imports_nested_with_patch() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(
        dir.path(),
        "level.json",
        &json!({
            "name": "level",
            "player": {"$import": {
                "filename": "prefabs/player.json",
                "patch": {"hp": 50, "weapon": {"ammo": null}}
            }},
            "ignored": {"$import": "prefabs/tree.json", "other": 1}
        }),
    );
    write(
        dir.path(),
        "prefabs/player.json",
        &json!({"hp": 100, "weapon": {"$import": "weapons/gun.json"}}),
    );
    write(
        dir.path(),
        "prefabs/weapons/gun.json",
        &json!({"kind": "gun", "ammo": 6}),
    );
    write(dir.path(), "prefabs/tree.json", &json!({"kind": "tree"}));
    let expected = json!({
        "name": "level",
        "player": {"hp": 50, "weapon": {"kind": "gun"}},
        "ignored": {"kind": "tree"}
    });
    let output = rosetta_json(dir.path(), &["imports", "level.json"], b"");
    assert_eq!(stdout_json(&output), expected);

    // From another directory, the imports are still relative to the file.
    let parent = dir.path().parent().expect("a parent");
    let file = dir.path().join("level.json");
    let output = rosetta_json(
        parent,
        &["imports", file.to_str().expect("UTF-8"), "-o", "-"],
        b"",
    );
    assert_eq!(stdout_json(&output), expected);

    // From standard input, relative to the current directory.
    let text = fs::read(&file).expect("read");
    let output = rosetta_json(dir.path(), &["imports", "-"], &text);
    assert_eq!(stdout_json(&output), expected);
}

#[test]
fn imports_cycle_and_missing_file_are_errors() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(dir.path(), "a.json", &json!({"b": {"$import": "b.json"}}));
    write(dir.path(), "b.json", &json!({"a": {"$import": "a.json"}}));
    let output = rosetta_json(dir.path(), &["imports", "a.json"], b"");
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("cyclic"), "{err}");
    assert!(err.contains("a.json") && err.contains("b.json"), "{err}");
    assert!(stdout(&output).is_empty());

    write(
        dir.path(),
        "c.json",
        &json!({"x": {"$import": "nope.json"}}),
    );
    let output = rosetta_json(dir.path(), &["imports", "c.json"], b"");
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("nope.json") && err.contains("c.json"), "{err}");
    assert!(err.contains("/x"), "{err}");
}

#[test]
fn report_prints_every_report() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    write(dir.path(), "target.json", &json!({"a": 1}));
    write(dir.path(), "patch.json", &json!({"a": 2}));
    let output = rosetta_json(
        dir.path(),
        &[
            "patch",
            "apply",
            "--merge",
            "--report",
            "target.json",
            "patch.json",
        ],
        b"",
    );
    assert_eq!(stdout_json(&output), json!({"a": 2}));
    let err = stderr(&output);
    assert!(err.contains("Success /a "), "{err}");
    assert!(err.contains("result: "), "{err}");
}

#[test]
fn help_documents_the_commands() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let output = rosetta_json(dir.path(), &["--help"], b"");
    assert_status(&output, 0);
    let text = stdout(&output);
    assert!(text.contains("patch") && text.contains("imports"), "{text}");
    let output = rosetta_json(dir.path(), &["patch", "apply", "--help"], b"");
    assert_status(&output, 0);
    assert!(stdout(&output).contains("--merge"), "{}", stdout(&output));
}
