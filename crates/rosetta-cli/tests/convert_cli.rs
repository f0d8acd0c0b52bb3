//! Runs `rosetta convert` on the example game schema: json-spatialos → wire → json-spatialos for
//! every kind of root, files and standard streams, and the errors.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

/// The repository root: `schema/` and `examples/` are there.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema-path",
    "examples/schema",
];

/// Runs `rosetta convert` with the example schema, `args` and `input` on standard input.
fn convert(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("convert")
        .args(SCHEMA)
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The command may exit before reading (a usage error); a broken pipe is fine then.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("rosetta finishes")
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

/// json-spatialos → wire → json-spatialos; the JSON that comes back is returned (as text).
fn round_trip(root_args: &[&str], json: &Value) -> String {
    let mut to_wire = root_args.to_vec();
    to_wire.extend(["--from", "json-spatialos", "--to", "wire"]);
    let wire = convert(&to_wire, json.to_string().as_bytes());
    assert_status(&wire, 0);
    let mut to_json = root_args.to_vec();
    to_json.extend(["--from", "wire", "--to", "json-spatialos"]);
    let back = convert(&to_json, &wire.stdout);
    assert_status(&back, 0);
    let text = String::from_utf8(back.stdout).expect("UTF-8");
    let value: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(&value, json, "{text}");
    text
}

fn player() -> Value {
    json!({
        "name": "Ann",
        "team": "BLUE",
        "level": 7,
        "target": ["42"],
        "titles": ["first", "\"quoted\""],
        "stats": [{"key": "hp", "value": "-5"}, {"key": "xp", "value": "9007199254740993"}]
    })
}

#[test]
fn component_data_round_trips() {
    let text = round_trip(&["--root", "data", "--component", "game.Player"], &player());
    // Pretty, in declaration order, with a final newline.
    assert!(
        text.starts_with("{\n  \"name\": \"Ann\",\n  \"team\": \"BLUE\",\n"),
        "{text}"
    );
    assert!(text.ends_with("}\n"), "{text}");
    round_trip(
        &["--root", "data", "--component", "1001"],
        &json!({"current": 90, "maximum": 100}),
    );
    round_trip(
        &["--root", "data", "--type", "game.Movement"],
        &json!({"velocity": {"x": 0.1, "y": -2.5, "z": 1e-7}, "grounded": true}),
    );
    round_trip(
        &["--root", "data", "--component", "game.world.SpawnPoint"],
        &json!({"position": {"x": 1.0, "y": 2.0, "z": 3.0}, "team": "RED"}),
    );
    round_trip(
        &["--root", "data", "--component", "game.world.ResourceNode"],
        &json!({"stocks": [{"kind": "GOLD", "amount": 3}, {"kind": "WOOD", "amount": 0}], "owner": "NEUTRAL"}),
    );
}

#[test]
fn objects_updates_and_commands_round_trip() {
    round_trip(
        &["--type", "game.Vec3f"],
        &json!({"x": 1.5, "y": 0.0, "z": -3.25}),
    );
    round_trip(
        &["--root", "object", "--type", "improbable.Coordinates"],
        &json!({"x": 1.0, "y": 2.0, "z": 3.0}),
    );
    round_trip(
        &["--root", "update", "--component", "game.Player"],
        &json!({
            "level": 8,
            "titles": [],
            "__cleared": ["level"],
            "__events": {"levelled_up": [{"new_level": 8}]}
        }),
    );
    round_trip(
        &["--root", "update", "--component", "game.Health"],
        &json!({"current": 0, "__events": {"damaged": [{"amount": 5, "source": ["3"]}], "died": [{}]}}),
    );
    round_trip(
        &["--root", "update", "--component", "improbable.Position"],
        &json!({}),
    );
    round_trip(
        &[
            "--root",
            "request",
            "--component",
            "game.Player",
            "--command",
            "respawn",
        ],
        &json!({"position": [{"x": 1.0, "y": 0.0, "z": 0.0}]}),
    );
    round_trip(
        &[
            "--root",
            "response",
            "--component",
            "game.Player",
            "--command",
            "1",
        ],
        &json!({"accepted": true}),
    );
    round_trip(
        &[
            "--root",
            "request",
            "--component",
            "1100",
            "--command",
            "harvest",
        ],
        &json!({"harvester": "7", "amount": 2}),
    );
}

#[test]
fn files_in_and_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json_path = dir.path().join("player.json");
    let wire_path = dir.path().join("player.bin");
    let back_path = dir.path().join("back.json");
    std::fs::write(&json_path, player().to_string()).expect("write");
    let (json_arg, wire_arg, back_arg) = (
        json_path.to_str().expect("path"),
        wire_path.to_str().expect("path"),
        back_path.to_str().expect("path"),
    );
    let root = ["--root", "data", "--component", "game.Player"];
    let mut args = root.to_vec();
    args.extend([
        "--from",
        "json-spatialos",
        "--to",
        "wire",
        json_arg,
        "-o",
        wire_arg,
    ]);
    assert_status(&convert(&args, b""), 0);
    let mut args = root.to_vec();
    args.extend([
        "--from",
        "wire",
        "--to",
        "json-spatialos",
        wire_arg,
        "--output",
        back_arg,
    ]);
    let output = convert(&args, b"");
    assert_status(&output, 0);
    assert!(output.stdout.is_empty());
    let back: Value =
        serde_json::from_str(&std::fs::read_to_string(&back_path).expect("read")).expect("JSON");
    assert_eq!(back, player());
    // `-` is standard input.
    let mut args = root.to_vec();
    args.extend(["--from", "wire", "--to", "wire", "-"]);
    let bytes = std::fs::read(&wire_path).expect("read");
    let same = convert(&args, &bytes);
    assert_status(&same, 0);
    assert_eq!(same.stdout, bytes);
}

#[test]
fn data_errors_exit_1_and_say_where() {
    let root = [
        "--root",
        "data",
        "--component",
        "game.Player",
        "--from",
        "json-spatialos",
        "--to",
        "wire",
    ];
    let mut bad = player();
    bad["stats"][1]["value"] = json!(true);
    let output = convert(&root, bad.to_string().as_bytes());
    assert_status(&output, 1);
    let text = stderr(&output);
    assert!(
        text.contains("<stdin>:") && text.contains("/stats/1/value"),
        "{text}"
    );

    let output = convert(&root, br#"{"name": "Ann""#);
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("line 1 column"),
        "{}",
        stderr(&output)
    );

    let output = convert(&root, br#"{"name": "Ann"}"#);
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("missing its field `team`"),
        "{}",
        stderr(&output)
    );

    let to_json = [
        "--type",
        "game.Vec3f",
        "--from",
        "wire",
        "--to",
        "json-spatialos",
    ];
    let output = convert(&to_json, &[0x0a, 0x05]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("at byte"), "{}", stderr(&output));
    let output = convert(&to_json, &[0x0d, 0, 0, 0x80, 0x3f]);
    assert_status(&output, 1);
    assert!(
        stderr(&output).contains("missing singular field"),
        "{}",
        stderr(&output)
    );

    for (args, expected) in [
        (
            vec!["--type", "game.Nope"],
            "--type: the schema has no type `game.Nope`",
        ),
        (
            vec!["--root", "data", "--component", "game.Vec3f"],
            "is a type, not a component",
        ),
        (
            vec!["--root", "data", "--component", "4242"],
            "no component `4242`",
        ),
        (
            vec![
                "--root",
                "request",
                "--component",
                "game.Player",
                "--command",
                "jump",
            ],
            "has no command `jump`: it has respawn (1)",
        ),
    ] {
        let mut args = args.clone();
        args.extend(["--from", "json-spatialos", "--to", "wire"]);
        let output = convert(&args, b"{}");
        // An argument that names nothing in the schema is a usage error.
        assert_status(&output, 2);
        assert!(stderr(&output).contains(expected), "{}", stderr(&output));
    }
    let output = convert(
        &[
            "--type",
            "game.Vec3f",
            "--from",
            "wire",
            "--to",
            "wire",
            "no/such/file",
        ],
        b"",
    );
    assert_status(&output, 1);
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        vec!["--from", "wire", "--to", "wire"],
        vec!["--root", "data", "--from", "wire", "--to", "wire"],
        vec![
            "--root",
            "request",
            "--component",
            "game.Player",
            "--from",
            "wire",
            "--to",
            "wire",
        ],
        vec![
            "--type",
            "game.Vec3f",
            "--command",
            "x",
            "--from",
            "wire",
            "--to",
            "wire",
        ],
        vec!["--type", "game.Vec3f", "--from", "yaml", "--to", "wire"],
        vec!["--type", "game.Vec3f", "--to", "wire"],
    ] {
        let output = convert(&args, b"");
        assert_status(&output, 2);
        let text = stderr(&output);
        assert!(
            text.contains("rosetta convert") || text.contains("possible values"),
            "{text}"
        );
    }
}
