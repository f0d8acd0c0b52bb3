//! A snapshot → world JSON → snapshot is exact for the schema kinds Flecs has no type for
//! (issue 27): `option<string>`, doubles Flecs' formatter rounds, `Entity` fields, SpatialOS
//! `EntityId`s.

mod common;

use common::{round_trip, snapshot_bytes};
use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::Value;
use rosetta_wire::snapshot::SnapshotEntity;
use rosetta_wire::typed;

const SCHEMA: &str = "package t;
type Inner { double d = 1; float f = 2; }
component Probe {
  id = 5000;
  option<string> name = 1;
  double ratio = 2;
  Entity held = 3;
  EntityId other = 4;
  option<Inner> inner = 5;
  list<string> notes = 6;
  map<string, Entity> bag = 7;
  option<EntityId> target = 8;
}
component Small { id = 5001; int64 big = 1; uint64 huge = 2; bytes raw = 3; }
";

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "t.schema".into(),
        text: SCHEMA.into(),
    }])
    .unwrap_or_else(|d| panic!("{}", d.render(false)));
    Schema::from_bundle(compiled.bundle()).unwrap_or_else(|e| panic!("{e}"))
}

fn s(x: &str) -> Value {
    Value::string(x)
}

fn probe(
    name: Option<&str>,
    ratio: f64,
    held: Value,
    other: i64,
    d: f64,
    f: f32,
    target: Option<i64>,
) -> Value {
    Value::structure(vec![
        Value::Option(name.map(|n| Box::new(s(n)))),
        Value::F64(ratio),
        held,
        Value::EntityId(other),
        Value::some(Value::structure(vec![Value::F64(d), Value::F32(f)])),
        Value::list(vec![s("a\u{1b}\""), s("")]),
        Value::map(vec![(s("k"), Value::entity([]))]),
        Value::Option(target.map(|t| Box::new(Value::EntityId(t)))),
    ])
}

fn small(big: i64, huge: u64) -> Value {
    Value::structure(vec![
        Value::I64(big),
        Value::U64(huge),
        Value::bytes(vec![0u8, 255, 7]),
    ])
}

fn entity(schema: &Schema, id: i64, components: &[(u32, Value)]) -> SnapshotEntity {
    let registry = schema.registry();
    let mut e = SnapshotEntity::new(id);
    for (cid, v) in components {
        let ty = registry.component(*cid).map(|t| t.id());
        let object =
            typed::write(registry, ty.expect("a component"), v).unwrap_or_else(|x| panic!("{x}"));
        e = e.with_component(*cid, object);
    }
    e
}

/// The round trip of `entities`: the JSON, after checking the snapshot read back is the same.
fn exact(schema: &Schema, entities: &[SnapshotEntity]) -> String {
    let r = round_trip(schema, entities).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        snapshot_bytes(&r.back) == snapshot_bytes(entities),
        "not the same snapshot after world JSON:\n{}",
        r.json
    );
    r.json
}

#[test]
fn option_string_values_survive_world_json() {
    let schema = schema();
    let held = Value::entity([]);
    let entities = [
        entity(
            &schema,
            1,
            &[(5000, probe(Some("x"), 1.0, held.clone(), 0, 0.0, 0.0, None))],
        ),
        entity(
            &schema,
            2,
            &[(5000, probe(None, 1.0, held.clone(), 0, 0.0, 0.0, None))],
        ),
        entity(
            &schema,
            3,
            &[(5000, probe(Some(""), 1.0, held, 0, 0.0, 0.0, None))],
        ),
    ];
    let json = exact(&schema, &entities);
    // Written as Rosetta's Flecs meta describes an option: a vector of 0 or 1.
    assert!(json.contains(r#"{"name":["x"], "#), "{json}");
    assert!(json.contains(r#"{"name":[], "#), "{json}");
    assert!(json.contains(r#"{"name":[""], "#), "{json}");
    // ESC kept (Flecs writes `[`).
    assert!(json.contains(r#""notes":["a\u001b\"", ""]"#), "{json}");
}

#[test]
fn doubles_keep_every_digit_in_world_json() {
    let schema = schema();
    let held = Value::entity([]);
    let cases: &[(f64, f64, f32)] = &[
        (1.0 / 3.0, 5e-324, 0.1),
        (1e300, -0.0, 1e-45),
        (f64::MAX, f64::MIN_POSITIVE, f32::MAX),
        (f64::NEG_INFINITY, f64::NAN, -0.0),
        (0.1 + 0.2, 123_456_789.123_456_79, f32::NEG_INFINITY),
    ];
    let entities: Vec<SnapshotEntity> = cases
        .iter()
        .enumerate()
        .map(|(i, (r, d, f))| {
            let p = probe(None, *r, held.clone(), 0, *d, *f, None);
            entity(&schema, i as i64 + 1, &[(5000, p)])
        })
        .collect();
    let json = exact(&schema, &entities);
    for text in [
        "\"ratio\":0.3333333333333333",
        "\"d\":\"5e-324\"",
        "\"ratio\":\"1e300\"",
        "\"d\":-0.0",
        "\"f\":\"1e-45\"",
        "\"ratio\":\"-Inf\"",
        "\"d\":\"NaN\"",
        "\"ratio\":0.30000000000000004",
    ] {
        assert!(json.contains(text), "{text} in {json}");
    }
}

#[test]
fn entity_fields_are_written_and_read_back() {
    let schema = schema();
    let inner = Value::entity([(5001, small(-3, 4))]);
    let nested = probe(Some("in"), 2.5, inner, 9, 1.5, 0.5, Some(3));
    let held = Value::entity([(5000, nested), (5001, small(i64::MIN, u64::MAX))]);
    let entities = [entity(
        &schema,
        7,
        &[
            (5000, probe(Some("out"), 1.0, held, 0, 0.0, 0.0, None)),
            (5001, small(i64::MAX, 0)),
        ],
    )];
    let json = exact(&schema, &entities);
    // An Entity is an object of its components' values by path, in component id order.
    assert!(
        json.contains(r#""held":{"t.Probe":{"name":["in"], "ratio":2.5, "held":{"t.Small":{"big":-3, "huge":4, "raw":[0, 255, 7]}}"#),
        "{json}"
    );
    assert!(
        json.contains(r#""t.Small":{"big":-9223372036854775808, "huge":"18446744073709551615", "raw":[0, 255, 7]}}"#),
        "{json}"
    );
    assert!(
        json.contains(r#""bag":[{"key":"k", "value":{}}]"#),
        "{json}"
    );
}

#[test]
fn entity_ids_keep_their_spatialos_value() {
    let schema = schema();
    let held = Value::entity([]);
    let ids = [
        (-1i64, Some(i64::MIN)),
        (i64::MAX, Some(0)),
        (2_147_483_648, None),
    ];
    let entities: Vec<SnapshotEntity> = ids
        .iter()
        .enumerate()
        .map(|(i, (other, target))| {
            let p = probe(None, 0.0, held.clone(), *other, 0.0, 0.0, *target);
            entity(&schema, i as i64 + 1, &[(5000, p)])
        })
        .collect();
    let json = exact(&schema, &entities);
    // A SpatialOS EntityId is an i64 in Flecs' terms (quoted from 2^31 up), not an entity.
    assert!(json.contains("\"other\":-1,"), "{json}");
    assert!(json.contains("\"target\":[-9223372036854775808]"), "{json}");
    assert!(json.contains("\"other\":\"9223372036854775807\""), "{json}");
    assert!(json.contains("\"other\":\"2147483648\""), "{json}");
}

/// A world made from the schema, as `rosetta world convert` makes it for world JSON.
fn schema_world(schema: &Schema) -> rosetta_world::World {
    let mut w = rosetta_world::World::new();
    rosetta_world::load::register_schema(&mut w, schema.registry()).unwrap();
    w
}

fn read_probe(schema: &Schema, probe: &str) -> Result<Value, String> {
    let doc = format!(
        r#"{{"results":[{{"ids":[["t.Probe"]], "entities":["e"], "values":[[{probe}]]}}]}}"#
    );
    let mut w = schema_world(schema);
    let desc = rosetta_flecs::de::FromJsonDesc { strict: true };
    rosetta_flecs::de::world_from_json(&mut w, &doc, &desc).map_err(|e| e.to_string())?;
    let (e, c) = (w.lookup("e").unwrap(), w.lookup("t.Probe").unwrap());
    Ok(w.get_owned(e, c).unwrap().into_owned())
}

#[test]
fn option_string_reads_its_vector_form_and_a_plain_string() {
    let schema = schema();
    let name = |probe: &str| match read_probe(&schema, probe) {
        Ok(Value::Struct(fields)) => fields[0].clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(name(r#"{"name":["x"]}"#), Value::some(s("x")));
    assert_eq!(name(r#"{"name":[]}"#), Value::Option(None));
    // Flecs' own string form, where no Flecs type says which it is.
    assert_eq!(name(r#"{"name":"x"}"#), Value::some(s("x")));
    assert_eq!(name(r#"{"name":null}"#), Value::Option(None));
    let e = read_probe(&schema, r#"{"name":["x", "y"]}"#).unwrap_err();
    assert!(e.contains("/results/0/values/0/0/name"), "{e}");
}

#[test]
fn entity_members_must_be_schema_components() {
    let schema = schema();
    let e = read_probe(&schema, r#"{"held":{"t.Nope":{}}}"#).unwrap_err();
    assert!(
        e.contains("/results/0/values/0/0/held/t.Nope") && e.contains("not a component"),
        "{e}"
    );
    let e = read_probe(&schema, r#"{"held":[]}"#).unwrap_err();
    assert!(e.contains("expected an Entity"), "{e}");
    let v = read_probe(&schema, r#"{"held":{"t.Small":{"big":"-3"}}}"#).unwrap();
    let Value::Struct(fields) = v else { panic!() };
    let small = Value::structure(vec![Value::I64(-3), Value::U64(0), Value::bytes(vec![])]);
    assert_eq!(fields[2], Value::entity([(5001, small)]));
}
