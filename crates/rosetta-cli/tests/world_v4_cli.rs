//! The world commands in Flecs v4.1.6 (`--flecs 4`, the default): `world entity` and `world
//! convert --to flecs-json` write v4.1.6's JSON, world JSON is read in the version it was
//! written in, `serve --request` answers v4.1.6's routes, and each version refuses the other's
//! options.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rosetta(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("rosetta runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("{e}: {}", stdout(o)))
}

/// A world JSON document without its `"id"` members.
fn without_ids(mut v: Value) -> Value {
    if let Some(rows) = v["results"].as_array_mut() {
        for r in rows {
            if let Some(o) = r.as_object_mut() {
                o.remove("id");
            }
        }
    }
    v
}

#[test]
fn world_entity_writes_v4_json() {
    let o = rosetta(&[
        "world",
        "entity",
        "examples/world/space.json",
        "Sun.Earth",
        "--inherited",
        "--type_info",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let e = json(&o);
    assert_eq!(e["parent"], "Sun");
    assert_eq!(e["name"], "Earth");
    // v4 instantiates: Earth owns copies of the prefab's Kind and HasRocks.
    assert_eq!(e["components"]["Kind"], "Planet", "{e}");
    assert_eq!(e["tags"], serde_json::json!(["HasRocks"]), "{e}");
    assert_eq!(e["pairs"]["flecs.core.IsA"], "planets.RockyPlanet");
    assert_eq!(
        e["type_info"]["Position"]["x"],
        serde_json::json!(["float"])
    );
    // The same entity in v3.2.12's form.
    let o = rosetta(&[
        "world",
        "entity",
        "examples/world/space.json",
        "Sun.Earth",
        "--flecs",
        "3",
    ]);
    let v3 = json(&o);
    assert_eq!(v3["path"], "Sun.Earth", "{v3}");
    assert!(v3["ids"].is_array(), "{v3}");
}

#[test]
fn options_of_the_other_version_are_refused() {
    let o = rosetta(&[
        "world",
        "entity",
        "examples/world/space.json",
        "Sun",
        "--label",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--label"), "{}", stderr(&o));
    assert!(stderr(&o).contains("--flecs 3"), "{}", stderr(&o));
    let o = rosetta(&[
        "world",
        "entity",
        "examples/world/space.json",
        "Sun",
        "--doc",
        "--flecs",
        "3",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--flecs 4"), "{}", stderr(&o));
    let o = rosetta(&["world", "info", "examples/world/space.json", "--flecs", "5"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

#[test]
fn world_json_v4_reads_back_and_v3_json_is_read_as_v3() {
    let dir = std::env::temp_dir().join(format!("rosetta-world-v4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let script = dir.join("w.json");
    std::fs::write(
        &script,
        r#"[["struct", "Position", [["x", "f32"], ["y", "f64"]]], ["tag", "T"],
            ["entity", "a.b"], ["set", "a.b", "Position", {"x": 1.5, "y": 0.3333333333333333}],
            ["add", "a.b", "T"]]"#,
    )
    .expect("written");
    let v4 = dir.join("v4.json");
    let o = rosetta(&[
        "world",
        "convert",
        script.to_str().expect("UTF-8"),
        "-o",
        v4.to_str().expect("UTF-8"),
        "--to",
        "flecs-json",
        "--member-entities",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&v4).expect("the v4 world JSON");
    // As v4.1.6 writes it, a struct has no member entities (unless asked for): the document
    // then does not describe Position's members.
    let plain = rosetta(&[
        "world",
        "convert",
        script.to_str().expect("UTF-8"),
        "-o",
        "-",
    ]);
    assert!(
        !stdout(&plain).contains("flecs.meta.member"),
        "{}",
        stdout(&plain)
    );
    assert!(
        text.contains(r#""parent":"Position", "name":"x""#),
        "{text}"
    );
    let doc: Value = serde_json::from_str(&text).expect("JSON");
    let b = doc["results"]
        .as_array()
        .and_then(|r| r.iter().find(|e| e["name"] == "b"))
        .cloned()
        .expect("a.b as a v4 row");
    assert_eq!(b["parent"], "a");
    assert_eq!(b["components"]["Position"]["y"], 0.3333333333333333);
    // Read back (detected as v4) and written again: the same rows, entity ids aside (the
    // reader gives the entities new ids, in the order it meets them).
    let o = rosetta(&[
        "world",
        "convert",
        v4.to_str().expect("UTF-8"),
        "-o",
        "-",
        "--member-entities",
    ]);
    assert_eq!(stderr(&o), "");
    assert_eq!(without_ids(json(&o)), without_ids(doc));
    // v3 world JSON (the example) is read as v3's, with every value, whatever --flecs says.
    let o = rosetta(&["world", "info", "examples/flecs/space_world.json"]);
    assert_eq!(stderr(&o), "", "every value read");
    assert!(stdout(&o).contains("Flecs world JSON"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn serve_answers_v4_routes_by_default_and_v3_with_flecs_3() {
    let o = rosetta(&[
        "serve",
        "examples/world/space.json",
        "--request",
        "/component/Sun/Earth?component=Position",
    ]);
    assert_eq!(stdout(&o), "{\"x\":1, \"y\":0}\n", "{}", stderr(&o));
    let o = rosetta(&[
        "serve",
        "examples/world/space.json",
        "--request",
        "/query?q=Position",
    ]);
    assert!(stderr(&o).contains("400"), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("Missing parameter 'expr'"),
        "{}",
        stdout(&o)
    );
    let o = rosetta(&[
        "serve",
        "examples/world/space.json",
        "--flecs",
        "3",
        "--request",
        "/query?q=Position",
    ]);
    assert_eq!(stderr(&o), "");
    assert!(stdout(&o).contains("\"results\""), "{}", stdout(&o));
}

/// `--to flecs-script` writes the types of the example snapshot's world as a Flecs Script (the
/// schema's option, list and map types as vectors, its enums with their constants); it is a
/// v4 output.
#[test]
fn world_convert_writes_the_types_as_a_flecs_script() {
    let args = [
        "world",
        "convert",
        "examples/data/world.snapshot",
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
        "-o",
        "-",
        "--to",
        "flecs-script",
    ];
    let o = rosetta(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let script = stdout(&o);
    assert!(script.starts_with("using flecs.meta\n"), "{script}");
    for part in [
        "\nstruct game.Player {\n  name { member: {type: string} }\n  team { member: {type: game.Team} }\n",
        "  stats { member: {type: rosetta.vector_entry_string_i64} }\n",
        "\nrosetta.vector_i64 {\n  vector: {type: i64}\n}\n",
        "  RED { (flecs.core.constant, i32): {1} }\n",
    ] {
        assert!(script.contains(part), "{part}\nnot in\n{script}");
    }
    let mut v3 = args.to_vec();
    v3.extend(["--flecs", "3"]);
    let o = rosetta(&v3);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--flecs 4"), "{}", stderr(&o));
}
