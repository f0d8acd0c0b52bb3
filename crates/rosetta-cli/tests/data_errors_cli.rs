//! Careless data through `rosetta convert` and `rosetta snapshot` (issue 19): a byte order mark,
//! two JSON members of one name, entity ids repeated, not positive or out of range, a gzip
//! snapshot cut short, and an update's cleared fields in any order.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use rosetta_wire::family::Uint32;
use rosetta_wire::snapshot::{write_entities, Compression, SnapshotEntity};
use rosetta_wire::Object;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rosetta(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    pipe.write_all(stdin).expect("stdin written");
    drop(pipe);
    child.wait_with_output().expect("rosetta finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema_path",
    "examples/schema",
];

/// `convert` of one `game.Player` root from standard input.
fn convert(root: &str, from: &str, to: &str, extra: &[&str], input: &[u8]) -> Output {
    let mut args = vec!["convert"];
    args.extend(SCHEMA);
    args.extend([
        "--root",
        root,
        "--component",
        "game.Player",
        "--from",
        from,
        "--to",
        to,
    ]);
    args.extend(extra);
    rosetta(&args, input)
}

const PLAYER: &str = r#"{"name": "Ann", "team": "RED", "level": 3}"#;

#[test]
fn json_spatialos_input_may_start_with_a_byte_order_mark() {
    let input = format!("\u{feff}{PLAYER}");
    let output = convert(
        "data",
        "json-spatialos",
        "json-spatialos",
        &[],
        input.as_bytes(),
    );
    assert_status(&output, 0);
    assert!(text(&output.stdout).contains("\"name\": \"Ann\""));
}

#[test]
fn two_members_of_one_name_are_said_the_same_way_everywhere() {
    let input = br#"{"name": "Ann", "team": "RED", "name": "Bob", "level": 3}"#;
    // json-spatialos: an error at the member's line and column, with its JSON Pointer.
    let output = convert("data", "json-spatialos", "wire", &[], input);
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains("a second member `name` (at /name) at line 1 column 37"),
        "{stderr}"
    );
    // O3DE rules: read as the engine reads it (the second on top of the first), reported as a
    // coercion, refused in strict mode.
    let output = convert("data", "json", "json-spatialos", &["--report"], input);
    assert_status(&output, 0);
    assert!(text(&output.stdout).contains("\"name\": \"Bob\""));
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "Success /name a second member `name`: read on top of the first, as O3DE reads it \
             (coerced)"
        ),
        "{stderr}"
    );
    let output = convert("data", "json", "wire", &["--strict"], input);
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("a second member `name`"), "{stderr}");
    assert!(stderr.contains("/name"), "{stderr}");
}

#[test]
fn an_update_reads_back_the_same_whatever_the_order_of_its_cleared_fields() {
    // Rosetta's update envelope clearing target (4), stats (6) and titles (5), in that order.
    let mut envelope = Object::new();
    envelope.add_object(1);
    envelope.add_list::<Uint32>(3, &[4, 6, 5]);
    let wire = convert("update", "wire", "wire", &[], &envelope.encode());
    assert_status(&wire, 0);
    // Written ascending: the order carries no meaning.
    assert_eq!(wire.stdout, [0x0a, 0x00, 0x1a, 0x03, 0x04, 0x05, 0x06]);
    let json = convert("update", "wire", "json-spatialos", &[], &envelope.encode());
    assert_status(&json, 0);
    let value: serde_json::Value = serde_json::from_slice(&json.stdout).expect("JSON");
    let names: Vec<&String> = value.as_object().expect("an object").keys().collect();
    // The fields' declaration order.
    assert_eq!(names, ["target", "titles", "stats"]);
    let back = convert("update", "json-spatialos", "wire", &[], &json.stdout);
    assert_status(&back, 0);
    assert_eq!(back.stdout, wire.stdout);
    let o3de = convert("update", "wire", "json", &[], &envelope.encode());
    assert_status(&o3de, 0);
    let back = convert("update", "json", "wire", &[], &o3de.stdout);
    assert_status(&back, 0);
    assert_eq!(back.stdout, wire.stdout);
}

/// Writes `content` to a file named `name` in a new temporary directory.
fn file(name: &str, content: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join(name);
    std::fs::write(&path, content).expect("written");
    (dir, path)
}

fn snapshot(args: &[&str]) -> Output {
    let mut all = vec!["snapshot"];
    all.extend(args);
    all.extend(SCHEMA);
    rosetta(&all, b"")
}

#[test]
fn json_snapshot_entity_ids_are_positive_and_unique() {
    let (dir, path) = file(
        "world.json",
        b"{\"__entity_id\": \"1\"}\n{\"__entity_id\": \"2\"}\n{\"__entity_id\": \"1\"}\n",
    );
    let out = dir.path().join("world.snapshot");
    let output = snapshot(&[
        "convert",
        path.to_str().expect("UTF-8"),
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "entity 1 (entity record 2): entity id 1 is also the id of entity record 0: each \
             entity of a snapshot has an id of its own (at /__entity_id)"
        ),
        "{stderr}"
    );
    for (id, expected) in [
        (
            "\"0\"",
            "entity id 0 is not positive: entity ids are 1 to 9223372036854775807",
        ),
        ("-7", "entity id -7 is not positive"),
        (
            "\"99999999999999999999\"",
            "__entity_id \"99999999999999999999\" is out of range: entity ids are 1 to \
             9223372036854775807",
        ),
    ] {
        let (dir, path) = file("bad.json", format!("{{\"__entity_id\": {id}}}").as_bytes());
        let out = dir.path().join("bad.snapshot");
        let output = snapshot(&[
            "convert",
            path.to_str().expect("UTF-8"),
            "-o",
            out.to_str().expect("UTF-8"),
        ]);
        assert_status(&output, 1);
        let stderr = text(&output.stderr);
        assert!(stderr.contains(expected), "{id}: {stderr}");
    }
}

#[test]
fn a_json_snapshot_may_start_with_a_byte_order_mark() {
    let world = std::fs::read(repo_root().join("examples/data/world.json")).expect("the example");
    let mut with_bom = b"\xef\xbb\xbf".to_vec();
    with_bom.extend_from_slice(&world);
    let (dir, path) = file("world.json", &with_bom);
    let out = dir.path().join("world.snapshot");
    // The format is found from the content, past the mark.
    let output = snapshot(&[
        "convert",
        path.to_str().expect("UTF-8"),
        "-o",
        out.to_str().expect("UTF-8"),
    ]);
    assert_status(&output, 0);
    assert!(out.is_file());
}

#[test]
fn two_members_of_one_name_in_a_document_with_imports_are_an_error() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let base = dir.path().join("base.json");
    std::fs::write(&base, br#"{"team": "RED", "team": "BLUE"}"#).expect("written");
    let main = dir.path().join("player.json");
    // The resolved document cannot keep both members: an error in the importing file ...
    std::fs::write(
        &main,
        br#"{"name": "Ann", "name": "Bob", "level": {"$import": "level.json"}}"#,
    )
    .expect("written");
    let output = convert(
        "data",
        "json",
        "wire",
        &[main.to_str().expect("UTF-8")],
        b"",
    );
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("a second member `name`"), "{stderr}");
    assert!(stderr.contains("line 1 column"), "{stderr}");
    // ... and in an imported one, naming it.
    std::fs::write(&main, br#"{"$import": "base.json"}"#).expect("written");
    let output = convert(
        "data",
        "json",
        "wire",
        &[main.to_str().expect("UTF-8")],
        b"",
    );
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("a second member `team`"), "{stderr}");
    assert!(stderr.contains("base.json"), "{stderr}");
}

#[test]
fn binary_snapshot_entity_ids_are_unique() {
    // Two records of entity 5: the writer refuses them, so the record is copied by hand.
    let one = write_entities(
        [&SnapshotEntity::new(5).with_component(55, Object::new())],
        Compression::Raw,
    )
    .expect("written");
    let record = &one[1..one.len() - 3];
    let mut raw = vec![0x00];
    raw.extend_from_slice(record);
    raw.extend_from_slice(record);
    raw.extend_from_slice(&[0x02, 0x08, 0x01]);
    let (_dir, path) = file("twice.snapshot", &raw);
    let output = snapshot(&["info", path.to_str().expect("UTF-8")]);
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(
        stderr
            .contains("entity 5 (entity record 1): entity id 5 is also the id of entity record 0"),
        "{stderr}"
    );
}

#[test]
fn a_gzip_snapshot_missing_its_last_byte_is_an_unexpected_end_of_file() {
    let world = std::fs::read(repo_root().join("examples/data/world.snapshot")).expect("example");
    let (_dir, path) = file("cut.snapshot", &world[..world.len() - 1]);
    let output = snapshot(&["info", path.to_str().expect("UTF-8")]);
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(stderr.contains("unexpected end of file"), "{stderr}");
    assert!(stderr.contains("(at byte "), "{stderr}");
    assert!(!stderr.contains("data after the end record"), "{stderr}");
}

#[test]
fn snapshot_info_refuses_repeated_json_entity_ids() {
    let (_dir, path) = file(
        "world.json",
        b"{\"__entity_id\": \"1\"}\n{\"__entity_id\": \"1\"}\n",
    );
    let output = snapshot(&["info", path.to_str().expect("UTF-8")]);
    assert_status(&output, 1);
    let stderr = text(&output.stderr);
    assert!(
        stderr
            .contains("entity 1 (entity record 1): entity id 1 is also the id of entity record 0"),
        "{stderr}"
    );
    assert!(!text(&output.stdout).contains("ids 1 to 1"));
}
