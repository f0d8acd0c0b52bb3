//! World script → world JSON (`ser::world_to_json`) → world (`de::world_from_json`, into a
//! world that has only the script's types, or into a new world, which rebuilds the types from
//! the type entities the JSON holds) → world JSON: the same bytes.

use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_flecs::ser::world_to_json;
use rosetta_world::{script, World};
use serde_json::Value as Json;

/// The operations of a world script that define types (what a `--types` script holds).
const TYPE_OPS: &[&str] = &[
    "component",
    "struct",
    "struct_at",
    "enum",
    "bitmask",
    "type",
    "unit",
    "quantity",
    "union",
];

fn types_only(script: &Json) -> Option<World> {
    let ops: Vec<Json> = script
        .as_array()?
        .iter()
        .filter(|op| op[0].as_str().is_some_and(|n| TYPE_OPS.contains(&n)))
        .cloned()
        .collect();
    script::load_json(&Json::Array(ops)).ok().map(|l| l.world)
}

/// Where world JSON is read back.
#[derive(Clone, Copy, PartialEq)]
enum Into {
    /// A world that has only the script's types.
    Types,
    /// A new world: the types come from the JSON's type entities.
    Empty,
}

/// The world JSON of `script`'s world, read back and written again.
fn round_trip(script: &Json, into: Into) -> Result<(String, String), String> {
    let mut full = rosetta_world::eval::corpus::load_setup(script)?;
    full.world.process_pending();
    let first = world_to_json(&full.world).map_err(|e| format!("first write: {e}"))?;
    let mut w = match into {
        Into::Types => types_only(script).ok_or("the types alone do not load")?,
        Into::Empty => World::new(),
    };
    let report = world_from_json(&mut w, &first, &FromJsonDesc { strict: true })
        .map_err(|e| format!("read: {e}\n{first}"))?;
    assert!(report.skipped.is_empty());
    w.process_pending();
    let second = world_to_json(&w).map_err(|e| format!("second write: {e}"))?;
    Ok((first, second))
}

#[test]
fn the_example_world_round_trips_byte_for_byte() {
    let text = include_str!("../../../examples/world/space.json");
    let script: Json = serde_json::from_str(text).unwrap();
    for into in [Into::Types, Into::Empty] {
        let (first, second) = round_trip(&script, into).unwrap();
        assert!(first.contains("\"entities\":[\"Earth\""), "{first}");
        // The types are written as Flecs holds them: Position's members are entities.
        assert!(
            first.contains(r#""parent":"Position", "entities":["x", "y"]"#),
            "{first}"
        );
        if into == Into::Types {
            assert_eq!(first, second);
        } else {
            // A new world creates the entities in the JSON's order, as ecs_world_from_json
            // does: `HasRocks` (in the first table) now comes before `Kind`, so the prefab's
            // ids and values are listed in that order. The same items, and a fixed point.
            let mut a: Vec<&str> = first.split(", ").collect();
            let mut b: Vec<&str> = second.split(", ").collect();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
            let mut again = World::new();
            world_from_json(&mut again, &second, &FromJsonDesc { strict: true }).unwrap();
            again.process_pending();
            assert_eq!(world_to_json(&again).unwrap(), second);
        }
    }
}

#[test]
fn corpus_setups_round_trip_byte_for_byte() {
    corpus_setups_round_trip(Into::Types);
}

/// No types script: every type comes back from the type entities of the JSON.
#[test]
fn corpus_setups_round_trip_into_a_new_world() {
    corpus_setups_round_trip(Into::Empty);
}

fn corpus_setups_round_trip(into: Into) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/flecs/v3_json_vectors.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: the Flecs corpus is not at {}", path.display());
        return;
    };
    let corpus: Json = serde_json::from_str(&text).unwrap();
    let (mut same, mut reordered, mut differ) = (0, Vec::new(), Vec::new());
    let (mut unwritable, mut no_types) = (0, 0);
    let mut seen = std::collections::HashSet::new();
    for case in corpus["cases"].as_array().unwrap() {
        let setup = &case["setup"];
        if !setup.is_array() || !seen.insert(setup.to_string()) {
            continue;
        }
        match round_trip(setup, into) {
            Ok((a, b)) if a == b => same += 1,
            // The types world made some tables non-empty before the JSON was read (a type
            // entity's table), so they keep their earlier place; Flecs' reader does the same.
            // The tables, their entities and values must still be the same.
            Ok((a, b)) if sorted_results(&a) == sorted_results(&b) => {
                reordered.push(case["id"].to_string())
            }
            Ok((a, b)) => differ.push(format!("{}:\n  {a}\n  {b}", case["id"])),
            // A world Flecs cannot write (an enum value without a constant) is not read.
            Err(e) if e.starts_with("first write") => unwritable += 1,
            // Types made on entities the script creates (`struct_at` an alias): no types script.
            Err(e) if e.starts_with("the types alone") => no_types += 1,
            Err(e) => differ.push(format!("{}: {e}", case["id"])),
        }
    }
    eprintln!(
        "{same} setups round-trip byte for byte, {} with tables in another order ({}), \
         {unwritable} cannot be written, {no_types} have no types script",
        reordered.len(),
        reordered.join(", ")
    );
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert!(same > 100, "{same}");
    assert!(reordered.len() <= 5, "{reordered:?}");
}

/// The results of a world JSON document as a sorted list (each result's own text).
fn sorted_results(text: &str) -> Vec<String> {
    let doc: Json = serde_json::from_str(text).unwrap();
    let mut results: Vec<String> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(Json::to_string)
        .collect();
    results.sort();
    results
}
