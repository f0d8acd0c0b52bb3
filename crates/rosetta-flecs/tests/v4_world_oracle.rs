//! `v4::world_to_json` against real Flecs v4 (`flecs_ecs`' Flecs 4.1.2), and real Flecs reading
//! what Rosetta writes: a Flecs world with the same components registered loads Rosetta's v4
//! world JSON (`ecs_world_from_json`) and then holds every entity, pair and value.

#[path = "common/v4_oracle.rs"]
mod v4_oracle;

use rosetta_flecs::text::Mode;
use rosetta_flecs::v4::{self, EntityDesc};
use rosetta_world::{FlecsVersion, World};
use v4_oracle::Oracle;

const TYPES_ROSETTA: &str = r#"
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["struct", "Mass", [["value", "f64"]]],
    ["struct", "Label", [["text", "string"], ["count", "i32"]]]"#;

const TYPES_FLECS: &str = concat!(
    crate::flecs_position_mass!(),
    r#"struct Label {
  text = string
  count = i32
}
"#
);

/// A world script: hierarchy, tags, pairs (one target and several), values, a prefab.
const WORLD: &str = r#"[TYPES,
    ["tag", "Planet"], ["tag", "Likes"], ["entity", "Bob"], ["entity", "Alice"],
    ["entity", "Sun"], ["entity", "Sun.Earth"], ["entity", "Sun.Earth.Moon"],
    ["add", "Sun.Earth", "Planet"],
    ["set", "Sun.Earth", "Position", {"x": 1.5, "y": -2}],
    ["add", "Sun.Earth", ["Likes", "Bob"]],
    ["add", "Sun.Earth", ["Likes", "Alice"]],
    ["set", "Sun.Earth", "Mass", {"value": 5.97e24}],
    ["set", "Sun.Earth.Moon", "Label", {"text": "a \"moon\"\n", "count": -3}],
    ["prefab", "Rock"], ["set", "Rock", "Mass", {"value": 2}],
    ["entity", "pebble"], ["add", "pebble", ["flecs.core.IsA", "Rock"]]
]"#;

/// World JSON with member entities, as Flecs 4.1.2 (the oracle, whose scripts make member
/// entities) writes it; 4.1.6's `ecs_struct_init` makes none, and neither does
/// `v4::world_to_json`.
fn with_members(w: &World, mode: Mode) -> String {
    v4::world_to_json_with(
        w,
        &v4::WorldDesc {
            mode,
            member_entities: true,
            modules: true,
        },
    )
    .unwrap()
}

fn rosetta_world(script_text: &str) -> World {
    v4_oracle::rosetta_world(&script_text.replace("TYPES", TYPES_ROSETTA))
}

/// Every entity of Rosetta's world that is not a builtin, a type or a member, by path.
fn user_entities(w: &World) -> Vec<String> {
    let json = v4::world_to_json(w, Mode::Valid).unwrap();
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["components"].get("flecs.core.Component").is_none())
        .filter(|r| r["components"].get("flecs.meta.member").is_none())
        .map(|r| match r["parent"].as_str() {
            Some(p) => format!("{p}.{}", r["name"].as_str().unwrap()),
            None => r["name"].as_str().unwrap().to_string(),
        })
        .collect()
}

#[test]
fn flecs_loads_rosetta_world_json() {
    let w = rosetta_world(WORLD);
    let json = v4::world_to_json(&w, Mode::Lossless).unwrap();
    let oracle = Oracle::new();
    oracle.script(TYPES_FLECS);
    oracle
        .world_from_json(&json)
        .unwrap_or_else(|e| panic!("{e}\n{json}"));
    let paths = user_entities(&w);
    assert!(paths.len() >= 8, "{paths:?}");
    for path in paths {
        let e = w.lookup(&path).unwrap();
        let ours = v4::entity_to_json(
            &w,
            e,
            &EntityDesc {
                mode: Mode::Valid,
                ..EntityDesc::default()
            },
        )
        .unwrap();
        let theirs = oracle.entity_json(&path, &Oracle::desc());
        let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
        assert_eq!(
            parse(&ours),
            parse(&theirs),
            "{path}\nours:   {ours}\ntheirs: {theirs}"
        );
    }
}

/// `v` as text with every object's keys sorted.
fn canonical(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::Object(o) => {
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .iter()
                .map(|k| format!("{:?}:{}", k, canonical(&o[k.as_str()])))
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        serde_json::Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(canonical).collect();
            format!("[{}]", parts.join(","))
        }
        other => other.to_string(),
    }
}

/// The rows of world JSON without their entity ids, sorted: Flecs writes a struct's members
/// before the struct (their table is older), Rosetta after it.
fn rows(json: &str) -> Vec<String> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let mut rows: Vec<String> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            // Without "id", the other members in their order.
            let r: serde_json::Map<String, serde_json::Value> = r
                .as_object()
                .unwrap()
                .iter()
                .filter(|(k, _)| *k != "id")
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            // Keys in one order: 4.1.2 writes `flecs.meta.type` before the kind's component,
            // 4.1.6 (and Rosetta) after it (their ids changed).
            canonical(&serde_json::Value::Object(r))
        })
        .collect();
    rows.sort();
    rows
}

/// The same world written by Rosetta and by Flecs (after it loaded Rosetta's JSON into a world
/// with the same types): the same rows, entity ids aside.
#[test]
fn world_json_as_flecs_writes_it() {
    let w = rosetta_world(WORLD);
    let ours = with_members(&w, Mode::Valid);
    let oracle = Oracle::new();
    oracle.script(TYPES_FLECS);
    let native = oracle.world_json();
    oracle.world_from_json(&ours).unwrap();
    let theirs = oracle.world_json();
    assert_eq!(
        rows(&ours),
        rows(&theirs),
        "ours:   {ours}\ntheirs: {theirs}"
    );
    // Flecs' own type entities before loading are the ones Rosetta writes.
    let types = |j: &str| -> Vec<String> {
        rows(j)
            .into_iter()
            .filter(|r| r.contains("flecs.meta."))
            .collect()
    };
    assert_eq!(types(&ours), types(&native));
}

/// Rosetta reads v4 world JSON with member entities back (`de::world_from_json` tells v4 from
/// v3): into a new v4 world with no types of its own, the document's type entities rebuild the
/// types, and the world writes the same JSON again, entity ids aside.
#[test]
fn rosetta_reads_its_v4_world_json_back() {
    let w = rosetta_world(WORLD);
    let first = with_members(&w, Mode::Lossless);
    let mut back = World::with_version(FlecsVersion::V4);
    rosetta_flecs::de::world_from_json(&mut back, &first, &Default::default())
        .unwrap_or_else(|e| panic!("{e}\n{first}"));
    let second = with_members(&back, Mode::Lossless);
    assert_eq!(rows(&first), rows(&second), "{first}\n{second}");
}

/// Rosetta reads what real Flecs writes: the oracle's world JSON loaded into a v4 world holds
/// the entities Flecs writes, each as Flecs writes it.
#[test]
fn rosetta_reads_flecs_world_json() {
    let oracle = Oracle::new();
    oracle.script(&format!(
        "{TYPES_FLECS}\nPlanet {{}}\nLikes {{}}\nBob {{}}\nSun {{\n  Earth {{\n    Planet\n    (Likes, Bob)\n    Position: {{3, 4}}\n    Label: {{\"hi\", 7}}\n  }}\n}}\n"
    ));
    let json = oracle.world_json();
    let mut w = World::with_version(FlecsVersion::V4);
    rosetta_flecs::de::world_from_json(&mut w, &json, &Default::default())
        .unwrap_or_else(|e| panic!("{e}\n{json}"));
    let e = w.lookup("Sun.Earth").unwrap();
    let ours = v4::entity_to_json(
        &w,
        e,
        &EntityDesc {
            mode: Mode::Valid,
            ..EntityDesc::default()
        },
    )
    .unwrap();
    let theirs = oracle.entity_json("Sun.Earth", &Oracle::desc());
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    assert_eq!(
        parse(&ours),
        parse(&theirs),
        "ours:   {ours}\ntheirs: {theirs}"
    );
}

/// An empty struct takes no space: Flecs holds it as a tag (size 0, alignment 0; alignment 1
/// made `ecs_world_from_json` abort), and lists it among the entity's tags.
#[test]
fn zero_sized_components_are_tags() {
    let w = rosetta_world(
        r#"[TYPES, ["struct", "Marker", []], ["entity", "e"], ["set", "e", "Marker", {}],
        ["set", "e", "Mass", {"value": 1}]]"#,
    );
    let json = v4::world_to_json(&w, Mode::Lossless).unwrap();
    assert!(
        json.contains(r#""flecs.core.Component":{"size":0, "alignment":0}"#),
        "{json}"
    );
    let oracle = Oracle::new();
    oracle.script(TYPES_FLECS);
    oracle
        .world_from_json(&json)
        .unwrap_or_else(|e| panic!("{e}\n{json}"));
    let ours = v4::entity_to_json(
        &w,
        w.lookup("e").unwrap(),
        &EntityDesc {
            mode: Mode::Valid,
            ..EntityDesc::default()
        },
    )
    .unwrap();
    assert_eq!(
        ours,
        r#"{"name":"e", "tags":["Marker"], "components":{"Mass":{"value":1}}}"#
    );
    let theirs = oracle.entity_json("e", &Oracle::desc());
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    assert_eq!(
        parse(&ours),
        parse(&theirs),
        "ours:   {ours}\ntheirs: {theirs}"
    );
}

/// A world script with an enum (constants with and without values), a bitmask, a vector and an
/// array: Flecs registers the types from the script Rosetta writes for them
/// (`v4::types_to_script`), loads Rosetta's world JSON, and then writes the same rows (type,
/// member and constant entities included, ids aside) and the same entities; Rosetta reads its
/// own JSON back (the enum's constants come from their rows).
#[test]
fn enums_bitmasks_and_vectors_as_flecs_holds_them() {
    let w = rosetta_world(
        r#"[TYPES,
        ["enum", "Color", ["Red", ["Green", 5], "Blue"]],
        ["bitmask", "Toppings", ["Bacon", "Lettuce", ["Tomato", 8]]],
        ["type", {"vector": "Floats", "type": "f32"}],
        ["type", {"array": "Triple", "type": "i32", "count": 3}],
        ["struct", "Pizza", [["color", "Color"], ["toppings", "Toppings"], ["weights", "Floats"],
            ["sizes", "Triple"], ["at", "Position"]]],
        ["entity", "p"],
        ["set", "p", "Pizza", {"color": "Blue", "toppings": "Bacon|Tomato", "weights": [1.5, 2],
            "sizes": [1, 2, 3], "at": {"x": 1, "y": 2}}]]"#,
    );
    let ours = with_members(&w, Mode::Valid);
    assert!(
        ours.contains(r#"{"parent":"Color", "name":"Green", "components":{"(flecs.core.constant,flecs.meta.i32)":5}}"#),
        "{ours}"
    );
    let oracle = Oracle::new();
    oracle.script(&v4::types_to_script(&w).unwrap());
    oracle
        .world_from_json(&ours)
        .unwrap_or_else(|e| panic!("{e}\n{ours}"));
    assert_eq!(
        rows(&ours),
        rows(&oracle.world_json()),
        "ours:   {ours}\ntheirs: {}",
        oracle.world_json()
    );
    let desc = EntityDesc {
        mode: Mode::Valid,
        ..EntityDesc::default()
    };
    let mine = v4::entity_to_json(&w, w.lookup("p").unwrap(), &desc).unwrap();
    let parse = |s: &str| serde_json::from_str::<serde_json::Value>(s).unwrap();
    assert_eq!(
        parse(&mine),
        parse(&oracle.entity_json("p", &Oracle::desc()))
    );
    let mut back = World::with_version(FlecsVersion::V4);
    rosetta_flecs::de::world_from_json(&mut back, &ours, &Default::default())
        .unwrap_or_else(|e| panic!("{e}\n{ours}"));
    let again = with_members(&back, Mode::Valid);
    assert_eq!(rows(&ours), rows(&again), "{ours}\n{again}");
}
