//! `rosetta world info`: world scripts and snapshots (binary, gzip, JSON) by their content.

use std::process::Command;

mod common;

use common::{root, rosetta, stdout};

const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema_path",
    "examples/schema",
];

#[test]
fn info_of_binary_and_json_snapshots() {
    for (file, kind) in [
        (
            "examples/data/world.snapshot",
            "binary snapshot (gzip), 2 entities under `snapshot`",
        ),
        (
            "examples/data/world.json",
            "JSON snapshot, 2 entities under `snapshot`",
        ),
    ] {
        let mut args = vec!["world", "info", file];
        args.extend(SCHEMA);
        let text = stdout(&rosetta(&args));
        assert!(text.contains(kind), "{text}");
        assert!(text.contains("14 components"), "{text}");
        assert!(
            text.contains("game.Player                       schema component 1000"),
            "{text}"
        );
        assert!(text.contains("spatialos.EntityId"), "{text}");
        assert!(text.contains("(flecs.core.ChildOf,snapshot)"), "{text}");
    }
}

#[test]
fn info_of_a_world_script_and_standard_input() {
    let text = stdout(&rosetta(&["world", "info", "examples/world/space.json"]));
    assert!(text.contains("source:     world script"), "{text}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(["world", "info", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("rosetta runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(br#"[["tag", "T"], ["entity", "a.b"], ["add", "a.b", "T"]]"#)
            .expect("written");
    }
    let text = stdout(&child.wait_with_output().expect("waited"));
    assert!(text.starts_with("world:      <stdin>\n"), "{text}");
    assert!(
        text.contains("T, (flecs.core.Identifier,flecs.core.Name), (flecs.core.ChildOf,a)"),
        "{text}"
    );
}

#[test]
fn a_snapshot_query_names_entities_by_their_spatialos_id() {
    let mut args = vec![
        "world",
        "query",
        "examples/data/world.snapshot",
        "game.Player",
    ];
    args.extend(SCHEMA);
    let text = stdout(&rosetta(&args));
    assert!(text.contains("snapshot.entity_1"), "{text}");
    assert!(!text.contains("snapshot.entity_2"), "{text}");
}

#[test]
fn errors_name_the_file_and_the_place() {
    // A snapshot without its schema.
    let out = rosetta(&["world", "info", "examples/data/world.snapshot"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("examples/data/world.snapshot: a snapshot needs its schema"),
        "{err}"
    );

    // A JSON snapshot with bad data: the entity, its record and the JSON Pointer.
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"__entity_id": "1"} {"__entity_id": "9", "game.Health": {"current": "x", "maximum": 1}}"#,
    )
    .expect("written");
    let bad = bad.to_str().expect("a UTF-8 path");
    let mut args = vec!["world", "info", bad];
    args.extend(SCHEMA);
    let out = rosetta(&args);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{bad}: entity 9 (entity record 1)")),
        "{err}"
    );
    assert!(err.contains("/game.Health/current"), "{err}");

    // A world script with a bad operation: its index and JSON Pointer.
    let script = dir.path().join("bad-script.json");
    std::fs::write(&script, r#"[["tag", "T"], ["add", "nobody", "T"]]"#).expect("written");
    let out = rosetta(&["world", "info", script.to_str().expect("UTF-8")]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("world script op 1 (/1"), "{err}");

    // A cut-short gzip snapshot.
    let snapshot = std::fs::read(root().join("examples/data/world.snapshot")).expect("example");
    let cut = dir.path().join("cut.snapshot");
    std::fs::write(&cut, &snapshot[..snapshot.len() / 2]).expect("written");
    let mut args = vec!["world", "info", cut.to_str().expect("UTF-8")];
    args.extend(SCHEMA);
    let out = rosetta(&args);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("cut.snapshot: "), "{err}");
}

#[test]
fn help_examples_run() {
    for args in [&["world", "--help"][..], &["world", "info", "--help"][..]] {
        let help = stdout(&rosetta(args));
        let (_, examples) = help.split_once("Examples").expect("examples");
        let mut ran = 0;
        for line in examples.lines().map(str::trim) {
            let Some(rest) = line.strip_prefix("rosetta ") else {
                continue;
            };
            let words: Vec<String> = shell_words(rest);
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            stdout(&rosetta(&words));
            ran += 1;
        }
        assert!(ran >= 2, "{help}");
    }
}

/// Splits a command line at blanks, keeping '...' quoted words whole.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for ch in line.chars() {
        match ch {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// `world info` counts the builtins of the world's own version: a v4.1.6 world's are not
/// "others", and each version's world lists only the script's entities in its tables.
#[test]
fn info_counts_the_builtins_of_the_worlds_version() {
    for version in ["3", "4"] {
        let text = stdout(&rosetta(&[
            "world",
            "info",
            "examples/world/space.json",
            "--flecs",
            version,
        ]));
        assert!(
            text.contains("Flecs builtins, 9 others)"),
            "--flecs {version}: {text}"
        );
    }
}
