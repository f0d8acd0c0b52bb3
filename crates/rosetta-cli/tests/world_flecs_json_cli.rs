//! Flecs world JSON as a WORLD (`world info`, `world query`), and `rosetta world convert`.

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

#[test]
fn world_json_is_told_by_its_content_and_read_with_a_types_script() {
    let mut args = vec!["world", "info", WORLD_JSON];
    args.extend(TYPES);
    let out = rosetta(&args);
    let text = stdout(&out);
    assert!(
        text.contains("source:     Flecs world JSON, 7 tables, 9 entities\n"),
        "{text}"
    );
    assert!(
        text.contains("Position                          types script"),
        "{text}"
    );
    assert_eq!(stderr(&out), "", "every value has its type");
    // Without its types the values are skipped, with a warning per id (`world query` takes no
    // --types).
    let out = rosetta(&["world", "query", WORLD_JSON, "Position"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let warnings = stderr(&out);
    assert!(
        warnings.contains(
            "warning: examples/flecs/space_world.json: the values of Kind were not read \
             (first at /results/2/values/1): not a component in this world (give its type)"
        ),
        "{warnings}"
    );
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
    ]));
    assert_eq!(written, expected, "regenerate {WORLD_JSON}");
    // Read back with its types and written again: the same bytes.
    let mut args = vec!["world", "convert", WORLD_JSON, "-o", "-"];
    args.extend(TYPES);
    assert_eq!(stdout(&rosetta(&args)), expected);
}

#[test]
fn strict_refuses_values_without_a_type_saying_where() {
    let out = rosetta(&["world", "info", WORLD_JSON, "--strict"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out).lines().last(),
        Some(
            "error: examples/flecs/space_world.json: world JSON at /results/2/values/1 (line 1, \
             column 490): cannot read values of Kind: not a component in this world (give its \
             type)"
        )
    );
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
    let expected = std::fs::read(root().join("examples/data/world.snapshot")).expect("example");
    assert_eq!(std::fs::read(&binary).expect("written"), expected);
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
