//! Runs `rosetta godot decode` and `rosetta godot encode`: text ↔ bytes for both engine versions,
//! files and standard streams, and the errors.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn rosetta(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("godot")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run rosetta");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input)
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}

fn ok(args: &[&str], input: &[u8]) -> String {
    let out = rosetta(args, input);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn decode_hex_prints_the_text_form() {
    assert_eq!(ok(&["decode", "--hex", "0200000001000000"], b""), "1\n");
    // Godot 3 ids: 5 is Vector2 there, Vector2i in Godot 4.
    assert_eq!(
        ok(
            &[
                "decode",
                "--godot",
                "3",
                "--hex",
                "05000000 0000803f 00000040"
            ],
            b""
        ),
        "Vector2( 1, 2 )\n"
    );
    assert_eq!(
        ok(&["decode", "--hex", "06000000 01000000 02000000"], b""),
        "Vector2i(1, 2)\n"
    );
}

#[test]
fn encode_writes_hex_raw_and_files() {
    assert_eq!(
        ok(&["encode", "--hex", "Vector2(1, 2)"], b""),
        "050000000000803f00000040\n"
    );
    assert_eq!(
        ok(
            &["encode", "--godot", "3", "--hex", "-"],
            b"Vector2( 1, 2 )\n"
        ),
        "050000000000803f00000040\n"
    );
    let raw = rosetta(&["encode", "\"ab\""], b"");
    assert!(raw.status.success());
    assert_eq!(raw.stdout, [4, 0, 0, 0, 2, 0, 0, 0, b'a', b'b', 0, 0]);

    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("v.bin");
    let file = file.to_str().expect("path");
    ok(&["encode", "[1, &\"x\", {\"k\": 2.5}]", "-o", file], b"");
    assert_eq!(
        ok(&["decode", file], b""),
        "[1, &\"x\", {\n\"k\": 2.5\n}]\n"
    );
    let bytes = std::fs::read(file).expect("read");
    assert_eq!(
        ok(&["decode", "-"], &bytes),
        "[1, &\"x\", {\n\"k\": 2.5\n}]\n"
    );
}

#[test]
fn double_precision_and_objects() {
    assert_eq!(
        ok(&["encode", "--double", "--hex", "Vector2(1, 2)"], b""),
        "05000100000000000000f03f0000000000000040\n"
    );
    let hex = ok(
        &["encode", "--full-objects", "--hex", "Object(Node,\"a\":1)"],
        b"",
    );
    let refused = rosetta(&["decode", "--hex", hex.trim()], b"");
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(
        ok(&["decode", "--allow-objects", "--hex", hex.trim()], b""),
        "Object(Node,\"a\":1)\n"
    );
}

#[test]
fn errors_name_the_place() {
    let out = rosetta(&["encode", "--hex", "[1,\n foo]"], b"");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("2:2"), "{err}");
    let out = rosetta(&["decode", "--hex", "04000000 05000000 61"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("byte"));
    let out = rosetta(&["decode", "--hex", "0g"], b"");
    assert_eq!(out.status.code(), Some(1));
}
