//! Schema values through Flecs JSON on the command line (issue 27): `option<string>`, doubles
//! Flecs' formatter rounds, `Entity` and `EntityId` fields, written by `world convert`, `world
//! entity --values`, `world query --json` and `serve --request`, and read back exactly.

use std::path::Path;
use std::process::{Command, Output};

mod common;

use common::stdout;

const SCHEMA: &str = "package t;
type Inner { double d = 1; }
component Probe {
  id = 5000;
  option<string> name = 1;
  double ratio = 2;
  Entity held = 3;
  EntityId other = 4;
  option<Inner> inner = 5;
}
component Small { id = 5001; int64 big = 1; }
";

const SNAPSHOT: &str = r#"{"__entity_id": "1", "t.Probe": {"name": ["x"], "ratio": 0.3333333333333333, "held": {"t.Small": {"big": "-5"}}, "other": "-7", "inner": [{"d": 5e-324}]}}
{"__entity_id": "2", "t.Probe": {"name": [], "ratio": 1e300, "held": {}, "other": "9223372036854775807", "inner": []}, "t.Small": {"big": "1"}}
"#;

/// A folder with the schema (`schema/t/t.schema`) and the JSON snapshot (`world.json`).
fn fixture() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("schema/t")).expect("schema folder");
    std::fs::write(dir.path().join("schema/t/t.schema"), SCHEMA).expect("schema");
    std::fs::write(dir.path().join("world.json"), SNAPSHOT).expect("snapshot");
    dir
}

/// Runs `rosetta` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("rosetta runs")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn world_convert_round_trips_schema_values_through_flecs_json() {
    let dir = fixture();
    let d = dir.path();
    let out = run_in(
        d,
        &[
            "world",
            "convert",
            "world.json",
            "-o",
            "world.flecs.json",
            "--to",
            "flecs-json",
            "--flecs",
            "3",
            "--schema_path",
            "schema",
        ],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let json = std::fs::read_to_string(d.join("world.flecs.json")).expect("written");
    for text in [
        r#""name":["x"]"#,
        r#""ratio":0.3333333333333333"#,
        r#""held":{"t.Small":{"big":-5}}"#,
        r#""other":-7"#,
        r#""d":"5e-324""#,
        r#""ratio":"1e300""#,
        r#""other":"9223372036854775807""#,
    ] {
        assert!(json.contains(text), "{text} in {json}");
    }
    // Read back with the schema and written as a JSON snapshot: what the snapshot itself gives,
    // with no warning (a value that could not be read back was a warning before).
    let back = run_in(
        d,
        &[
            "world",
            "convert",
            "world.flecs.json",
            "-o",
            "-",
            "--to",
            "json-snapshot",
            "--schema_path",
            "schema",
        ],
    );
    assert_eq!(stderr(&back), "");
    let direct = run_in(
        d,
        &[
            "world",
            "convert",
            "world.json",
            "-o",
            "-",
            "--to",
            "json-snapshot",
            "--schema_path",
            "schema",
        ],
    );
    assert_eq!(stdout(&back), stdout(&direct));
    assert!(stdout(&direct).contains("0.3333333333333333"));
}

#[test]
fn engine_bytes_write_flecs_floats() {
    let dir = fixture();
    let out = run_in(
        dir.path(),
        &[
            "world",
            "convert",
            "world.json",
            "-o",
            "-",
            "--to",
            "flecs-json",
            "--flecs",
            "3",
            "--schema_path",
            "schema",
            "--engine-bytes",
        ],
    );
    let json = stdout(&out);
    assert!(json.contains(r#""ratio":0.3333333333,"#), "{json}");
    assert!(json.contains(r#""d":0}"#), "{json}");
}

#[test]
fn entity_and_query_json_write_entity_fields() {
    let dir = fixture();
    let d = dir.path();
    let entity = run_in(
        d,
        &[
            "world",
            "entity",
            "world.json",
            "snapshot.entity_1",
            "--values",
            "--flecs",
            "3",
            "--schema_path",
            "schema",
        ],
    );
    let text = stdout(&entity);
    assert!(
        text.contains(r#""values":[{"name":["x"], "ratio":0.3333333333333333, "held":{"t.Small":{"big":-5}}, "other":-7, "inner":[{"d":"5e-324"}]}, 1]"#),
        "{text}"
    );
    let query = run_in(
        d,
        &[
            "world",
            "query",
            "world.json",
            "t.Probe",
            "--json",
            "--flecs",
            "3",
            "--schema_path",
            "schema",
        ],
    );
    let text = stdout(&query);
    assert!(text.contains(r#""held":{}"#), "{text}");
    assert!(text.contains(r#""ratio":"1e300""#), "{text}");
    let engine = run_in(
        d,
        &[
            "world",
            "query",
            "world.json",
            "t.Probe",
            "--json",
            "--flecs",
            "3",
            "--schema_path",
            "schema",
            "--engine-bytes",
        ],
    );
    assert!(
        stdout(&engine).contains(r#""ratio":"1.00000000000e300""#),
        "{}",
        stdout(&engine)
    );
}

#[test]
fn rest_replies_write_entity_fields() {
    let dir = fixture();
    let d = dir.path();
    for target in [
        "/world",
        "/entity/snapshot/entity_1?values=true",
        "/query?q=t.Probe",
    ] {
        let out = run_in(
            d,
            &[
                "serve",
                "world.json",
                "--flecs",
                "3",
                "--schema_path",
                "schema",
                "--request",
                target,
            ],
        );
        let body = stdout(&out);
        assert_eq!(stderr(&out), "", "{target}: 200");
        if target != "/query?q=t.Probe" {
            assert!(
                body.contains(r#""held":{"t.Small":{"big":-5}}"#),
                "{target}: {body}"
            );
        }
    }
}
