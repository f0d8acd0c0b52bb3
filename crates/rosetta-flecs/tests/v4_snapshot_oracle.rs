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

/// Flecs 4.1 makes the parent of a component a module when it registers the component
/// (`flecs_on_component`): the package scopes (`game`) the script's types are in are modules
/// there, plain entities in Rosetta's world (see `rosetta_world::load`). That tag aside.
fn without_module(mut theirs: Json, ours: &Json) -> Json {
    if ours.get("tags").is_none() {
        if let Some(o) = theirs.as_object_mut() {
            if o.get("tags") == Some(&serde_json::json!(["flecs.core.Module"])) {
                o.remove("tags");
            }
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
    let json = v4::world_to_json(w, Mode::Lossless).unwrap();
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
                type_parts(&without_module(theirs.clone(), row)),
                "{what}: {path}\nours:   {row}\ntheirs: {theirs}"
            );
            checked.types += 1;
            continue;
        }
        let e = w.lookup(&path).unwrap();
        let mut ours = parse(&v4::entity_to_json(w, e, &desc).unwrap());
        let mut theirs = without_module(theirs, &ours);
        checked.unreflected += unreflected(w, &mut ours, &mut theirs, &path);
        assert_eq!(ours, theirs, "{what}: {path}");
        checked.entities += 1;
        checked.values += ours["components"].as_object().map_or(0, |c| c.len());
    }
    checked
}

#[test]
fn flecs_reads_the_example_snapshot_world() {
    let w = example_world();
    let checked = flecs_reads(&w, "examples/data/world.snapshot");
    // Two snapshot entities with eleven values between them, and the schema's types.
    assert!(checked.entities >= 2 && checked.values >= 11, "{checked:?}");
    assert!(checked.types >= 40, "{checked:?}");
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
