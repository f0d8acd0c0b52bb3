//! Flecs world JSON as a WORLD (`world info`, `world query`, `world entity`, `serve`), with
//! the types it carries or a `--types` script, and `rosetta world convert`.

use std::process::Output;

mod common;

use common::{root, rosetta, stdout};

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

const WORLD_JSON: &str = "examples/flecs/space_world.json";
const TYPES: [&str; 2] = ["--types", "examples/flecs/space_types.json"];
const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema_path",
    "examples/schema",
];

/// World JSON with values but no type entities, as an application without reflection, or a
/// hand-written file, has it: its types must come from a `--types` script.
const UNTYPED: &str = r#"{"results":[{"ids":[["Position"], ["flecs.core.Identifier","flecs.core.Name"]], "entities":["e"], "values":[[{"x":1, "y":2}], 0]}]}"#;

/// What each WORLD command prints of the example world JSON, with extra arguments.
fn every_command(world: &str, extra: &[&str]) -> Vec<String> {
    let commands: [Vec<&str>; 4] = [
        vec!["world", "info", world],
        vec!["world", "query", world, "Position, Kind"],
        vec![
            "world",
            "entity",
            world,
            "Sun.Earth",
            "--values",
            "--flecs",
            "3",
        ],
        vec![
            "serve",
            world,
            "--flecs",
            "3",
            "--request",
            "/entity/Sun/Earth?values=true",
        ],
    ];
    commands
        .into_iter()
        .map(|mut args| {
            args.extend(extra);
            let out = rosetta(&args);
            assert_eq!(stderr(&out), "", "{args:?}: every value has its type");
            stdout(&out)
        })
        .collect()
}

#[test]
fn world_json_carries_its_types_for_every_command() {
    // examples/flecs/space_world.json is what `world convert` writes (checked below): its
    // types travel in it as Flecs' type entities.
    let plain = every_command(WORLD_JSON, &[]);
    assert!(
        plain[0].contains("source:     Flecs world JSON, 10 tables, 9 entities\n"),
        "{}",
        plain[0]
    );
    assert!(
        plain[0].contains("Position                          world JSON\n"),
        "{}",
        plain[0]
    );
    assert!(
        plain[1].contains("Sun.Earth.Moon  Position = {x: 1.1, y: 0}  Kind = Moon\n"),
        "{}",
        plain[1]
    );
    for text in &plain[2..] {
        assert!(
            text.contains(r#""ids":[["Position"]], "values":[{"x":1, "y":0}]"#),
            "{text}"
        );
    }
    // With the types script too, the same (the script's types are kept).
    let typed = every_command(WORLD_JSON, &TYPES);
    assert!(
        typed[0].contains("Position                          types script\n"),
        "{}",
        typed[0]
    );
    // The same values; the entity JSON may list an inherited Kind and HasRocks in another
    // order, as ids in a type are ordered by id, and the script creates Kind before the JSON
    // names HasRocks.
    assert_eq!(plain[1], typed[1]);
    for text in &typed[2..] {
        assert!(text.contains(r#""values":[{"x":1, "y":0}]"#), "{text}");
    }
}

#[test]
fn world_json_without_types_takes_a_types_script_on_every_command() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("untyped.json");
    std::fs::write(&path, UNTYPED).expect("written");
    let world = path.to_str().expect("UTF-8 path");
    // Without its types the values are skipped, with a warning per id.
    let out = rosetta(&["world", "query", world, "Position"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(
            "the values of Position were not read (first at /results/0/values/0): not a \
             component in this world (give its type)"
        ),
        "{}",
        stderr(&out)
    );
    let commands: [Vec<&str>; 4] = [
        vec!["world", "info", world],
        vec!["world", "query", world, "Position"],
        vec!["world", "entity", world, "e", "--values", "--flecs", "3"],
        vec![
            "serve",
            world,
            "--flecs",
            "3",
            "--request",
            "/entity/e?values=true",
        ],
    ];
    let expect = [
        "Position                          types script\n",
        "e       Position = {x: 1, y: 2}\n",
        r#""values":[{"x":1, "y":2}]"#,
        r#""values":[{"x":1, "y":2}]"#,
    ];
    for (mut args, want) in commands.into_iter().zip(expect) {
        args.extend(TYPES);
        let out = rosetta(&args);
        assert_eq!(stderr(&out), "", "{args:?}");
        let text = stdout(&out);
        assert!(text.contains(want), "{args:?}: {want:?} not in\n{text}");
    }
}

#[test]
fn the_example_world_json_is_what_world_convert_writes_and_reads_back() {
    // examples/flecs/space_world.json is `rosetta world convert examples/world/space.json -o
    // examples/flecs/space_world.json --to flecs-json` (run it again if the serializer changes).
    let expected = std::fs::read_to_string(root().join(WORLD_JSON)).expect("the example");
    let written = stdout(&rosetta(&[
        "world",
        "convert",
        "examples/world/space.json",
        "-o",
        "-",
        "--to",
        "flecs-json",
        "--flecs",
        "3",
    ]));
    assert_eq!(written, expected, "regenerate {WORLD_JSON}");
    // Read back with its types and written again: the same bytes.
    let mut args = vec!["world", "convert", WORLD_JSON, "-o", "-", "--flecs", "3"];
    args.extend(TYPES);
    assert_eq!(stdout(&rosetta(&args)), expected);
}

#[test]
fn strict_refuses_values_without_a_type_saying_where() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("untyped.json");
    std::fs::write(&path, UNTYPED).expect("written");
    let out = rosetta(&["world", "info", path.to_str().expect("UTF-8"), "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    let last = stderr(&out).lines().last().unwrap_or_default().to_owned();
    assert!(
        last.ends_with(
            "untyped.json: world JSON at /results/0/values/0 (line 1, column 109): cannot read \
             values of Position: not a component in this world (give its type)"
        ),
        "{last}"
    );
    // The example's types travel with it: strict reads it whole.
    let out = rosetta(&["world", "info", WORLD_JSON, "--strict"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn types_are_for_world_json_only() {
    let mut args = vec!["world", "info", "examples/world/space.json"];
    args.extend(TYPES);
    let out = rosetta(&args);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is for Flecs world JSON"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_snapshot_world_converts_to_snapshots_byte_for_byte() {
    let dir = tempfile::tempdir().expect("temp dir");
    // A JSON snapshot read as a world and written as a binary snapshot gives the example's
    // binary snapshot (the same entities, ids and component data).
    let binary = dir.path().join("world.snapshot");
    let mut args = vec!["world", "convert", "examples/data/world.json", "-o"];
    let binary_arg = binary.to_str().expect("UTF-8 path");
    args.push(binary_arg);
    args.extend(SCHEMA);
    let out = rosetta(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "",
        "the loader's own ids are not warned about"
    );
    let mut expected = std::fs::read(root().join("examples/data/world.snapshot")).expect("example");
    // The example was written on Unix; a new snapshot has this platform's OS byte.
    expected[9] = rosetta_wire::snapshot::platform_os();
    assert_eq!(std::fs::read(&binary).expect("written"), expected);
    // Other compression: other bytes, the same records.
    let fast = dir.path().join("fast.snapshot");
    let mut args = vec!["world", "convert", "examples/data/world.json", "-o"];
    args.push(fast.to_str().expect("UTF-8 path"));
    args.extend(SCHEMA);
    args.extend(["--compression", "none", "--threads", "2"]);
    let out = rosetta(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let fast = std::fs::read(&fast).expect("written");
    assert_ne!(fast, expected);
    let records = |bytes: &[u8]| rosetta_wire::snapshot::decompress(bytes).expect("gzip");
    assert_eq!(records(&fast), records(&expected));
    // And the binary snapshot as a world written as a JSON snapshot gives what `snapshot
    // convert` gives.
    let mut args = vec![
        "world",
        "convert",
        binary_arg,
        "-o",
        "-",
        "--to",
        "json-snapshot",
    ];
    args.extend(SCHEMA);
    let from_world = stdout(&rosetta(&args));
    let mut args = vec!["snapshot", "convert", binary_arg, "-o", "-", "--to", "json"];
    args.extend(SCHEMA);
    assert_eq!(from_world, stdout(&rosetta(&args)));
}

#[test]
fn snapshot_output_needs_the_schema_and_ids() {
    let out = rosetta(&[
        "world",
        "convert",
        "examples/world/space.json",
        "-o",
        "-",
        "--to",
        "snapshot",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("needs its schema"),
        "{}",
        stderr(&out)
    );
}
