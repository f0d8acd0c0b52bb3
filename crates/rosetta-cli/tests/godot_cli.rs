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

fn failed(args: &[&str], input: &[u8], status: i32) -> String {
    let out = rosetta(args, input);
    assert_eq!(out.status.code(), Some(status), "{args:?}");
    String::from_utf8(out.stderr).expect("utf-8")
}

#[test]
fn typed_containers_convert_as_godot_or_fail_with_the_path() {
    // Godot 4.6's str_to_var reads Array[int]([1.5]) as Array[int]([1]).
    let hex = ok(&["encode", "--hex", "Array[int]([1.5])"], b"");
    assert_eq!(hex, "1c00010002000000010000000200000001000000\n");
    assert_eq!(
        ok(&["decode", "--hex", hex.trim()], b""),
        "Array[int]([1])\n"
    );
    // It cannot convert 2 to a String: it prints an error and leaves the Dictionary empty.
    let err = failed(
        &["encode", "--hex", "Dictionary[int, String]({1: 2})"],
        b"",
        1,
    );
    assert!(
        err.contains("{1}: an int value in a Dictionary[int, String]"),
        "{err}"
    );
    // bytes_to_var drops the String from this Array[int] (printing an error): refused here.
    let err = failed(
        &[
            "decode",
            "--hex",
            "1c000100 02000000 01000000 04000000 01000000 61000000",
        ],
        b"",
        1,
    );
    assert!(
        err.contains("at byte 12: [0]: a String in an Array[int]"),
        "{err}"
    );
}

#[test]
fn errors_name_the_flag_and_say_what_is_too_long() {
    let hex = ok(
        &["encode", "--full-objects", "--hex", "Object(Node,\"a\":1)"],
        b"",
    );
    let err = failed(&["decode", "--hex", hex.trim()], b"", 1);
    assert!(err.contains("decode it with --allow-objects"), "{err}");
    assert!(!err.contains("allow_objects"), "{err}");
    let err = failed(&["decode", "--hex", "04000000 f0ffffff"], b"", 1);
    assert!(
        err.contains(
            "at byte 4: a String's length 4294967280 is larger than the 0 bytes that remain"
        ),
        "{err}"
    );
}

#[test]
fn negative_numbers_are_values_and_double_needs_godot_4() {
    assert_eq!(ok(&["encode", "--hex", "-42"], b""), "02000000d6ffffff\n");
    assert_eq!(ok(&["encode", "-1.5", "--hex"], b""), "030000000000c0bf\n");
    let err = failed(
        &["encode", "--double", "--godot", "3", "--hex", "1.5"],
        b"",
        2,
    );
    assert!(err.contains("--double: applies to Godot 4 only"), "{err}");
}

/// Runs every `rosetta ...` line of a `--help`'s examples as written, from the repository
/// root, with the binary under test first on `PATH`.
fn run_examples(command: &[&str]) -> usize {
    let help = ok(&[command, &["--help"]].concat(), b"");
    let examples: Vec<&str> = help
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("rosetta ") || l.starts_with("echo "))
        .collect();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_rosetta"));
    let path = format!(
        "{}:{}",
        bin.parent().expect("bin dir").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    for example in &examples {
        let out = Command::new("sh")
            .args(["-c", example])
            .current_dir(&root)
            .env("PATH", &path)
            .stdin(Stdio::null())
            .output()
            .expect("sh");
        assert!(
            out.status.success(),
            "{example}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    examples.len()
}

#[test]
fn help_examples_run_as_written() {
    assert!(run_examples(&["decode"]) >= 5);
    assert!(run_examples(&["encode"]) >= 7);
    assert!(run_examples(&[]) >= 4);
}
