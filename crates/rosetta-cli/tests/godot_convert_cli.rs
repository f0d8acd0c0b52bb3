//! `rosetta convert` with the Godot formats on the example game schema: json-spatialos →
//! godot4 (and godot3) → json-spatialos gives back the same data, for component data and
//! updates.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn convert(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("convert")
        .args([
            "--schema-path",
            "schema",
            "--schema-path",
            "examples/schema",
        ])
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("rosetta finishes")
}

fn ok(output: Output) -> Vec<u8> {
    assert_eq!(
        output.status.code(),
        Some(0),
        "stderr:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes).expect("JSON output")
}

const PLAYER: [&str; 4] = ["--root", "data", "--component", "game.Player"];

fn with<'a>(root: &[&'a str], args: &[&'a str]) -> Vec<&'a str> {
    root.iter().chain(args).copied().collect()
}

fn round_trip(godot: &str) {
    let player = std::fs::read(repo_root().join("examples/data/player.json")).expect("example");
    let to = ["--from", "json-spatialos", "--to", godot];
    let bytes = ok(convert(&with(&PLAYER, &to), &player));
    // A Dictionary (type 27 in Godot 4, 18 in Godot 3) keyed by field name.
    let dictionary = if godot == "godot4" { 27 } else { 18 };
    assert_eq!(bytes[0], dictionary, "{bytes:?}");
    assert!(bytes.windows(4).any(|w| w == b"name"), "{bytes:?}");
    let from = ["--from", godot, "--to", "json-spatialos"];
    let back = ok(convert(&with(&PLAYER, &from), &bytes));
    assert_eq!(json(&back), json(&player));
}

#[test]
fn json_to_godot4_and_back() {
    round_trip("godot4");
}

#[test]
fn json_to_godot3_and_back() {
    round_trip("godot3");
}

/// An update through Godot comes back as it does through the wire format.
fn update_round_trip(component: &str, update: &str) {
    let root = ["--root", "update", "--component", component];
    let wire = ok(convert(
        &with(&root, &["--from", "json-spatialos", "--to", "wire"]),
        update.as_bytes(),
    ));
    let expected = ok(convert(
        &with(&root, &["--from", "wire", "--to", "json-spatialos"]),
        &wire,
    ));
    for godot in ["godot4", "godot3"] {
        let bytes = ok(convert(
            &with(&root, &["--from", "json-spatialos", "--to", godot]),
            update.as_bytes(),
        ));
        let back = ok(convert(
            &with(&root, &["--from", godot, "--to", "json-spatialos"]),
            &bytes,
        ));
        assert_eq!(json(&back), json(&expected), "{godot}: {update}");
    }
}

#[test]
fn updates_round_trip() {
    update_round_trip(
        "game.Player",
        r#"{"level": 8, "titles": [], "__events": {"levelled_up": [{"new_level": 8}]}}"#,
    );
    update_round_trip(
        "game.Health",
        r#"{"current": 0, "__events": {"damaged": [{"amount": 5, "source": ["3"]}], "died": [{}]}}"#,
    );
    update_round_trip("improbable.Position", "{}");
}

#[test]
fn bad_godot_input_is_a_data_error() {
    let from = with(&PLAYER, &["--from", "godot4", "--to", "json-spatialos"]);
    let output = convert(&from, &[2, 0, 0, 0, 1]);
    assert_ne!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("byte"), "{stderr}");
    // An int is not a Player Dictionary: the mapping says so.
    let output = convert(&from, &[2, 0, 0, 0, 1, 0, 0, 0]);
    assert_ne!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("Dictionary"), "{stderr}");
}

/// Godot bytes of a value written in Godot 4's text form, by `rosetta godot encode`.
fn godot4(text: &str) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(["godot", "encode", text])
        .output()
        .expect("the rosetta binary runs");
    ok(out)
}

/// The rules of Godot input (issue 19, item 16): a struct is a Dictionary keyed by field
/// name; a missing field takes its default; an unknown field or a value of the wrong type is
/// an error naming the field; a value converts only where nothing is lost (2.0 for an integer,
/// a StringName for a string).
#[test]
fn godot_input_fills_missing_fields_and_refuses_unknown_or_wrong_ones() {
    let from = ["--from", "godot4", "--to", "json-spatialos"];
    let back = ok(convert(
        &with(&PLAYER, &from),
        &godot4("{\"name\": \"Ann\"}"),
    ));
    assert_eq!(
        json(&back),
        serde_json::json!({"name": "Ann", "team": "NEUTRAL", "level": 0, "target": [],
            "titles": [], "stats": []})
    );
    let back = ok(convert(
        &with(&PLAYER, &from),
        &godot4("{\"name\": &\"B\", \"level\": 2.0}"),
    ));
    assert_eq!(json(&back)["level"], 2);
    for (text, message) in [
        ("{\"nmae\": \"Ann\"}", "`game.Player` has no field `nmae`"),
        ("{\"level\": \"x\"}", "at `.level`: expected an int"),
        ("{\"level\": 1.5}", "at `.level`: expected an int"),
        ("{1: \"Ann\"}", "struct keys are field names"),
    ] {
        let out = convert(&with(&PLAYER, &from), &godot4(text));
        assert_eq!(out.status.code(), Some(1), "{text}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(message), "{text}: {err}");
    }
}
