//! The JSON snapshots of the SpatialOS corpus against their binary twins: every component of
//! `CExampleProject@*/snapshots/default.json`, loaded with the `json-spatialos` codec, must be
//! the same [`Object`] as the component in `default.snapshot`; and every binary component,
//! dumped with members in alphabetical order, must be the corpus JSON, member order included
//! (64-bit integers aside: the corpus writes the 64-bit map values of
//! `improbable.AuthorityDelegation` as numbers, Rosetta writes strings).
//!
//! The corpus lives in `../shared/corpus` beside the repository; the tests say so and pass when
//! it is missing.

use std::path::{Path, PathBuf};

use rosetta_json::spatialos::{self, DumpOptions, MemberOrder, SnapshotCodec};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{read_entities, JsonSnapshotReader, SnapshotEntity};
use rosetta_wire::Object;
use serde_json::Value;

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: the SpatialOS corpus is not at {}", dir.display());
        None
    }
}

/// The repository's own (v15) standard library.
fn repo_std_lib() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema")
}

fn schema(roots: Vec<PathBuf>) -> Schema {
    let options = CompileOptions {
        schema_paths: roots,
        load_all: true,
        files: Vec::new(),
    };
    let compiled = compile(&options).unwrap_or_else(|d| panic!("{}", d.render(false)));
    Schema::from_bundle(compiled.bundle()).unwrap()
}

/// The entities of a JSON snapshot: concatenated JSON objects.
fn json_entities(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::Deserializer::from_str(&text)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .unwrap()
}

fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// JSON equality where a 64-bit integer may be a number on one side and a string on the other;
/// with `extra_empty`, the dump (`a`) may also have `[]` members the corpus JSON (`b`) lacks
/// (an option the corpus' schema version did not have yet).
fn same_json(a: &Value, b: &Value, extra_empty: bool) -> bool {
    match (a, b) {
        (Value::String(s), Value::Number(n)) | (Value::Number(n), Value::String(s)) => {
            *s == n.to_string()
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b, extra_empty))
        }
        (Value::Object(x), Value::Object(y)) => {
            let x: Vec<(&String, &Value)> = x
                .iter()
                .filter(|(k, v)| {
                    !(extra_empty && !y.contains_key(*k) && **v == Value::Array(Vec::new()))
                })
                .collect();
            x.len() == y.len()
                && x.iter().map(|(k, _)| *k).eq(y.keys())
                && x.iter()
                    .all(|(k, v)| y.get(*k).is_some_and(|w| same_json(v, w, extra_empty)))
        }
        _ => a == b,
    }
}

/// Compares one version's JSON snapshot with its binary snapshot; returns the problems found.
fn compare(dir: &Path, schema: &Schema, extra_empty: bool) -> Vec<String> {
    let registry = schema.registry();
    let binary =
        read_entities(&std::fs::read(dir.join("snapshots/default.snapshot")).unwrap()).unwrap();
    let json = json_entities(&dir.join("snapshots/default.json"));
    let mut problems = Vec::new();
    if binary.len() != json.len() {
        problems.push(format!(
            "{} binary entities, {} JSON entities",
            binary.len(),
            json.len()
        ));
    }
    let sdk_order = DumpOptions {
        member_order: MemberOrder::Alphabetical,
        ..DumpOptions::default()
    };
    let mut components = 0;
    for entity_json in &json {
        let members = entity_json.as_object().unwrap();
        let id: i64 = members["__entity_id"].as_str().unwrap().parse().unwrap();
        let Some(entity) = binary.iter().find(|e| e.id == id) else {
            problems.push(format!("entity {id} is not in the binary snapshot"));
            continue;
        };
        let mut ids: Vec<u32> = Vec::new();
        for (name, data) in members.iter().filter(|(k, _)| *k != "__entity_id") {
            components += 1;
            let ty = registry
                .lookup(name)
                .unwrap_or_else(|| panic!("{name} is in the schema"));
            let component_id = registry[ty].component().unwrap().id();
            ids.push(component_id);
            let Some(wire) = entity.component(component_id) else {
                problems.push(format!("entity {id}: {name} is not in the binary snapshot"));
                continue;
            };
            match spatialos::load_object(registry, ty, data) {
                Ok(loaded) if &loaded == wire => {}
                Ok(loaded) => problems.push(format!(
                    "entity {id} {name}: JSON loads as [{}], the binary has [{}]",
                    hex(&loaded.encode()),
                    hex(&wire.encode())
                )),
                Err(e) => problems.push(format!("entity {id} {name}: {e}")),
            }
            match spatialos::dump_object_with(registry, ty, wire, &sdk_order) {
                Ok(dumped) if same_json(&dumped, data, extra_empty) => {}
                Ok(dumped) => problems.push(format!(
                    "entity {id} {name}: dumps as {dumped}, the JSON has {data}"
                )),
                Err(e) => problems.push(format!("entity {id} {name}: cannot dump the binary: {e}")),
            }
        }
        ids.sort_unstable();
        let binary_ids: Vec<u32> = entity.component_ids().collect();
        if ids != binary_ids {
            problems.push(format!(
                "entity {id}: JSON components {ids:?}, binary {binary_ids:?}"
            ));
        }
    }
    assert!(components >= 10, "only {components} components compared");
    problems
}

/// The same snapshot read through `rosetta-wire`'s JSON snapshot reader with this crate's codec.
fn read_through_snapshot_reader(dir: &Path, schema: &Schema) -> Vec<SnapshotEntity> {
    let file = std::fs::File::open(dir.join("snapshots/default.json")).unwrap();
    JsonSnapshotReader::new(file, schema, SnapshotCodec::new(schema.registry()))
        .map(|entity| {
            let mut entity = entity.unwrap();
            entity.sort_components();
            entity
        })
        .collect()
}

fn check_version(dir: &Path, std_lib: PathBuf, extra_empty: bool) {
    let schema = schema(vec![std_lib, dir.join("schema")]);
    let problems = compare(dir, &schema, extra_empty);
    assert!(
        problems.is_empty(),
        "{}:\n{}",
        dir.display(),
        problems.join("\n")
    );
    let binary =
        read_entities(&std::fs::read(dir.join("snapshots/default.snapshot")).unwrap()).unwrap();
    assert_eq!(read_through_snapshot_reader(dir, &schema), binary);
}

#[test]
fn v15_json_snapshot_is_its_binary_twin() {
    let Some(corpus) = corpus() else { return };
    check_version(
        &corpus.join("CExampleProject@56a5d21"),
        repo_std_lib(),
        false,
    );
}

#[test]
fn v14_json_snapshot_is_its_binary_twin() {
    let Some(corpus) = corpus() else { return };
    // The only 14.x standard library in the corpus is newer than this snapshot: its
    // `QueryConstraint` has `self_constraint`, which the snapshot's JSON does not list (it loads
    // as empty); the dump writes it as `[]`.
    let std_lib = corpus.join("spatialos-codegen@03f7da3/examples/schema/standard_library");
    check_version(&corpus.join("CExampleProject@eb55ff5"), std_lib, true);
}

#[test]
fn corpus_objects_survive_a_round_trip() {
    let Some(corpus) = corpus() else { return };
    let dir = corpus.join("CExampleProject@56a5d21");
    let schema = schema(vec![repo_std_lib(), dir.join("schema")]);
    let registry = schema.registry();
    let binary =
        read_entities(&std::fs::read(dir.join("snapshots/default.snapshot")).unwrap()).unwrap();
    for entity in &binary {
        for (component_id, data) in &entity.components {
            let ty = registry.component(*component_id).unwrap().id();
            for options in [DumpOptions::default(), DumpOptions::pretty()] {
                let text = spatialos::object_to_string(registry, ty, data, &options).unwrap();
                let back: Object =
                    spatialos::load_object(registry, ty, &spatialos::parse(&text).unwrap())
                        .unwrap();
                assert_eq!(
                    &back, data,
                    "entity {} component {component_id}: {text}",
                    entity.id
                );
            }
        }
    }
}
