//! Real Flecs reads what Rosetta writes for a snapshot's world: a Flecs v4 world (`flecs_ecs`'
//! Flecs 4.1.2) registers the world's components from the Flecs Script Rosetta writes for them
//! (`v4::types_to_script`, `rosetta world convert --to flecs-script`), loads Rosetta's v4 world
//! JSON with `ecs_world_from_json`, and then holds every entity, tag, pair and value as
//! Rosetta writes them, and every type (options, lists and maps as vectors, enums with their
//! constants, the `EntityId` primitive) as Rosetta's type entities describe it.
//!
//! The example snapshot (`examples/data/world.snapshot` with `schema/` and `examples/schema/`),
//! and every snapshot of the SpatialOS corpus (`../shared/corpus/spatialos`) whose project's
//! schemas compile and load it (the test says which, and passes without the corpus).
//!
//! 4.1.2 against 4.1.6: 4.1.6's `ecs_struct_init` makes no member entities; both read member
//! entities, which Rosetta writes as 4.1.2 has them.

mod common;
#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use std::path::Path;

use common::corpus::{compiled, corpus_dir, files_with, project_roots};
use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{self, EntityDesc};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_world::load::SnapshotLoader;
use rosetta_world::{FlecsVersion, World};
use serde_json::Value as Json;
use v4_oracle::Oracle;

fn parse(s: &str) -> Json {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("{e}: {s}"))
}

fn load(schema: &Schema, path: &Path) -> Result<World, String> {
    let data = std::fs::read(path).map_err(|e| e.to_string())?;
    SnapshotLoader::new(schema, "world.snapshot")
        .version(FlecsVersion::V4)
        .load(&data[..])
        .map(|l| l.world)
        .map_err(|e| e.to_string())
}

fn example_world() -> World {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let options = CompileOptions {
        schema_paths: vec![root.join("schema"), root.join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    let schema = Schema::from_bundle(compile(&options).unwrap().bundle()).unwrap();
    load(&schema, &root.join("examples/data/world.snapshot")).unwrap()
}

/// A row's path, as Flecs looks it up.
fn row_path(row: &Json) -> String {
    let name = row["name"].as_str().unwrap();
    match row["parent"].as_str() {
        Some(p) => format!("{p}.{name}"),
        None => name.to_string(),
    }
}

/// The parts of an entity's JSON that describe it as a type: its tags, `flecs.core.Component`
/// and the `flecs.meta` components.
fn type_parts(entity: &Json) -> Json {
    let mut out = serde_json::Map::new();
    out.insert("tags".into(), entity["tags"].clone());
    if let Some(c) = entity["components"].as_object() {
        for (k, v) in c {
            if k == "flecs.core.Component" || k.starts_with("flecs.meta.") || k.contains("constant")
            {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    Json::Object(out)
}

/// Registering a component makes its parent scope a module in both releases
/// (`flecs_on_component`), and a new module's parent one too, so the package scopes of the
/// script's types (`game`, `improbable`, `rosetta`) are modules in Flecs and in Rosetta's v4
/// world. 4.1.2 differs from 4.1.6, which Rosetta follows: 4.1.6 adds `(Module, With,
/// Singleton)` at bootstrap, so a module made so also gets `flecs.core.Singleton`, except a
/// root entity that has only its name (a table graph edge cached before that pair existed;
/// seen in a 4.1.6 build). And 4.1.2 makes every parent of a component a module, a
/// component included (`improbable.ComponentSetInterest`, the scope of its nested types);
/// 4.1.6 leaves a parent that is a component, and Rosetta registers a schema's components
/// before its other (nested) types. 4.1.2's JSON is made 4.1.6's here: no `Module` on a
/// component, `Singleton` after `Module` for a module with a parent.
fn as_416(mut theirs: Json) -> Json {
    let nested = theirs.get("parent").is_some();
    let component = theirs["components"].get("flecs.core.Component").is_some();
    let Some(o) = theirs.as_object_mut() else {
        return theirs;
    };
    if let Some(tags) = o.get_mut("tags").and_then(Json::as_array_mut) {
        let module = Json::from("flecs.core.Module");
        let singleton = Json::from("flecs.core.Singleton");
        if component {
            tags.retain(|t| *t != module);
        } else if nested && !tags.contains(&singleton) {
            if let Some(i) = tags.iter().position(|t| *t == module) {
                tags.insert(i + 1, singleton);
            }
        }
        if tags.is_empty() {
            o.remove("tags");
        }
    }
    theirs
}

/// What was compared.
#[derive(Debug, Default)]
struct Checked {
    entities: usize,
    types: usize,
    values: usize,
    /// Scopes that are modules in both.
    modules: usize,
    /// Values of types Flecs has no reflection for (not compared).
    unreflected: usize,
}

/// Values of components whose type has no Flecs form (a recursive type: the standard
/// library's `improbable.Interest` holds `QueryConstraint`s that hold lists of
/// `QueryConstraint`, which Flecs' meta addon cannot describe: its struct serializer inlines
/// a member's type, complete when the member is added). Rosetta writes them; a Flecs world
/// skips them (a non-strict `ecs_world_from_json`) and holds the component without a value
/// it can write (`null`). Both are taken out of the comparison; how many is returned.
fn unreflected(w: &World, ours: &mut Json, theirs: &mut Json, path: &str) -> usize {
    let Some(comps) = ours.get_mut("components").and_then(Json::as_object_mut) else {
        return 0;
    };
    let keys: Vec<String> = comps
        .keys()
        .filter(|k| !k.starts_with('('))
        .filter(|k| w.lookup(k).is_some_and(|c| w.flecs_type(c).is_none()))
        .cloned()
        .collect();
    for k in &keys {
        comps.remove(k);
        let t = theirs
            .get_mut("components")
            .and_then(Json::as_object_mut)
            .and_then(|c| c.remove(k));
        assert_eq!(t, Some(Json::Null), "{path}: {k}");
    }
    keys.len()
}

/// Registers `w`'s types in a new Flecs world from Rosetta's script, loads Rosetta's world
/// JSON and compares every row's entity as both write it.
fn flecs_reads(w: &World, what: &str) -> Checked {
    // With the modules: the types' package scopes are modules (as in Flecs), which
    // `ecs_world_to_json` leaves out by default.
    let with_modules = v4::WorldDesc {
        mode: Mode::Lossless,
        member_entities: false,
        modules: true,
    };
    let json = v4::world_to_json_with(w, &with_modules).unwrap();
    let script = v4::types_to_script(w).unwrap_or_else(|e| panic!("{what}: {e}"));
    let oracle = Oracle::new();
    oracle.script(&script);
    oracle
        .world_from_json(&json)
        .unwrap_or_else(|e| panic!("{what}: {e}\n{script}"));
    let desc = EntityDesc {
        mode: Mode::Valid,
        ..EntityDesc::default()
    };
    let mut checked = Checked::default();
    for row in parse(&json)["results"].as_array().unwrap() {
        let path = row_path(row);
        let theirs = parse(&oracle.entity_json(&path, &Oracle::desc()));
        let is_type = row["components"].get("flecs.core.Component").is_some();
        let is_meta = row.get("id").is_none();
        if is_type || is_meta {
            // A type (or a member, a constant): described as Rosetta describes it. Its symbol
            // and scope are the script's.
            assert_eq!(
                type_parts(row),
                type_parts(&as_416(theirs.clone())),
                "{what}: {path}\nours:   {row}\ntheirs: {theirs}"
            );
            checked.types += 1;
            continue;
        }
        let e = w.lookup(&path).unwrap();
        let mut ours = parse(&v4::entity_to_json(w, e, &desc).unwrap());
        let mut theirs = as_416(theirs);
        checked.unreflected += unreflected(w, &mut ours, &mut theirs, &path);
        assert_eq!(ours, theirs, "{what}: {path}");
        checked.entities += 1;
        checked.values += ours["components"].as_object().map_or(0, |c| c.len());
        if ours
            .get("tags")
            .is_some_and(|t| t.to_string().contains("flecs.core.Module"))
        {
            checked.modules += 1;
        }
    }
    // By default both leave the modules out, so the same entities (no type) are written.
    let ours = v4::world_to_json(w, Mode::Lossless).unwrap();
    assert_eq!(
        row_paths(&parse(&ours)),
        row_paths(&parse(&oracle.world_json())),
        "{what}"
    );
    checked
}

/// The paths of a world JSON's rows, sorted.
fn row_paths(doc: &Json) -> Vec<String> {
    let mut v: Vec<String> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(row_path)
        .collect();
    v.sort();
    v
}

#[test]
fn flecs_reads_the_example_snapshot_world() {
    let w = example_world();
    let checked = flecs_reads(&w, "examples/data/world.snapshot");
    // Two snapshot entities with eleven values between them, and the schema's types.
    assert!(checked.entities >= 2 && checked.values >= 11, "{checked:?}");
    assert!(checked.types >= 40, "{checked:?}");
    // game, improbable, rosetta, spatialos: modules, as the components in them made them.
    assert!(checked.modules >= 4, "{checked:?}");
    let game = w.lookup("game").unwrap();
    let json = parse(&v4::entity_to_json(&w, game, &EntityDesc::default()).unwrap());
    assert_eq!(
        json["tags"],
        serde_json::json!(["flecs.core.Module"]),
        "{json}"
    );
}

/// What the script registers for the example schema: a map as a vector of a `{key, value}`
/// struct, an option as a vector, an enum with its constants, `EntityId` as an `i64`.
#[test]
fn the_example_schema_as_a_flecs_script() {
    let script = v4::types_to_script(&example_world()).unwrap();
    for part in [
        "\nstruct rosetta.entry_string_i64 {\n  key { member: {type: string} }\n  value { member: {type: i64} }\n}\n",
        "\nrosetta.vector_entry_string_i64 {\n  vector: {type: rosetta.entry_string_i64}\n}\n",
        "\ngame.Team {\n  enum: {underlying_type: i32}\n  NEUTRAL { flecs.core.constant }\n  RED { (flecs.core.constant, i32): {1} }\n  BLUE { (flecs.core.constant, i32): {2} }\n}\n",
        "  target { member: {type: rosetta.vector_i64} }\n",
        "\nspatialos.EntityId {\n  primitive: {kind: I64}\n}\n",
    ] {
        assert!(script.contains(part), "{part}\nnot in\n{script}");
    }
    // Types come before the types made of them.
    let at = |s: &str| script.find(s).unwrap();
    assert!(at("rosetta.vector_i64 {") < at("struct game.Player {"));
    assert!(at("game.Team {") < at("struct game.Player {"));
}

#[test]
fn flecs_reads_the_corpus_snapshots() {
    let dir = corpus_dir();
    let Ok(projects) = std::fs::read_dir(&dir) else {
        eprintln!("skipped: the SpatialOS corpus is not at {}", dir.display());
        return;
    };
    let mut projects: Vec<_> = projects.flatten().map(|e| e.path()).collect();
    projects.sort();
    let mut loaded = 0;
    for project in projects.iter().filter(|p| p.is_dir()) {
        let mut snapshots = Vec::new();
        files_with(project, "snapshot", &mut snapshots);
        if snapshots.is_empty() {
            continue;
        }
        let name = project.file_name().unwrap().to_string_lossy().into_owned();
        let Some(schema) = compiled(&project_roots(project)) else {
            eprintln!("{name}: its schemas do not compile with schema/; left out");
            continue;
        };
        for s in snapshots {
            let what = format!("{name}: {}", s.display());
            match load(&schema, &s) {
                Ok(w) => {
                    let c = flecs_reads(&w, &what);
                    eprintln!("{what}: {c:?}");
                    loaded += 1;
                }
                Err(e) => eprintln!("{what}: does not load ({e}); left out"),
            }
        }
    }
    assert!(loaded > 0, "no corpus snapshot loaded");
}
