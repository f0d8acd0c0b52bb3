//! The JSON snapshot framing, with a trivial component codec.

use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_wire::family::Int64;
use rosetta_wire::snapshot::{
    ComponentJson, JsonSnapshotReader, JsonSnapshotWriter, SnapshotEntity,
};
use rosetta_wire::{Error, Object};
use serde_json::{json, Value};

fn schema() -> Schema {
    let text = "package game;\n\
                type Spot { int64 x = 1; }\n\
                component Health { id = 1001; int64 value = 1; }\n\
                component Armor { id = 1002; int64 value = 1; }\n";
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "game.schema".into(),
        text: text.into(),
    }])
    .unwrap_or_else(|d| panic!("{}", d.render(false)));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

/// `{"value": N}` to and from field 1; anything else is an error at `/value`.
struct ValueJson;

impl ComponentJson for ValueJson {
    fn to_json(&self, _: u32, data: &Object) -> Result<Value, Error> {
        Ok(json!({ "value": data.get::<Int64>(1) }))
    }

    fn from_json(&self, _: u32, value: &Value) -> Result<Object, Error> {
        let n = value["value"]
            .as_i64()
            .ok_or_else(|| Error::custom("value should be an integer"))?;
        let mut data = Object::new();
        data.add::<Int64>(1, n);
        Ok(data)
    }
}

fn data(n: i64) -> Object {
    let mut o = Object::new();
    o.add::<Int64>(1, n);
    o
}

#[test]
fn writes_one_pretty_object_per_entity_and_reads_it_back() {
    let schema = schema();
    let entities = vec![
        SnapshotEntity::new(1)
            .with_component(1002, data(3))
            .with_component(1001, data(100)),
        SnapshotEntity::new(2),
    ];
    let mut writer = JsonSnapshotWriter::new(Vec::new(), &schema, ValueJson);
    for entity in &entities {
        writer.write_entity(entity).expect("writes");
    }
    assert_eq!(writer.entities_written(), 2);
    let text = String::from_utf8(writer.finish().expect("flushes")).expect("UTF-8");
    let expected = "{\n  \"__entity_id\": \"1\",\n  \"game.Armor\": {\n    \"value\": 3\n  },\n  \
                    \"game.Health\": {\n    \"value\": 100\n  }\n}\n{\n  \"__entity_id\": \"2\"\n}\n";
    assert_eq!(text, expected);

    let back: Vec<_> = JsonSnapshotReader::new(text.as_bytes(), &schema, ValueJson)
        .collect::<Result<_, _>>()
        .expect("reads");
    // The JSON order (by name) is kept.
    assert_eq!(back[0].component_ids().collect::<Vec<_>>(), [1002, 1001]);
    assert_eq!(back[0].component(1001), Some(&data(100)));
    assert_eq!(back[1], entities[1]);
}

#[test]
fn reads_compact_and_numeric_ids() {
    let schema = schema();
    let text = r#"{"__entity_id": 5, "game.Health": {"value": 1}} {"__entity_id": " 6 "}"#;
    let back: Vec<_> = JsonSnapshotReader::new(text.as_bytes(), &schema, ValueJson)
        .collect::<Result<_, _>>()
        .expect("reads");
    assert_eq!(back.iter().map(|e| e.id).collect::<Vec<_>>(), [5, 6]);
    let empty: Vec<_> = JsonSnapshotReader::new(&b"  \n"[..], &schema, ValueJson).collect();
    assert!(empty.is_empty());
}

fn read_error(text: &str) -> Error {
    let schema = schema();
    let mut reader = JsonSnapshotReader::new(text.as_bytes(), &schema, ValueJson);
    loop {
        match reader.next() {
            Some(Ok(_)) => continue,
            Some(Err(error)) => {
                assert!(reader.next().is_none(), "the reader stops after an error");
                return error;
            }
            None => panic!("{text} read without error"),
        }
    }
}

#[test]
fn errors_name_the_entity_and_the_value() {
    let error = read_error(r#"{"__entity_id": "1"} {"__entity_id": "2", "game.Nope": {}}"#);
    assert_eq!(error.entity_index(), Some(1));
    assert_eq!(error.entity_id(), Some(2));
    assert_eq!(error.path(), Some("/game.Nope"));
    assert!(
        error.to_string().contains("unknown component game.Nope"),
        "{error}"
    );

    let error = read_error(r#"{"__entity_id": "1", "game.Spot": {}}"#);
    assert!(error.to_string().contains("not a component"), "{error}");

    let error = read_error(r#"{"__entity_id": "1", "game.Health": {"value": "x"}}"#);
    assert_eq!(error.path(), Some("/game.Health"));
    assert!(
        error.to_string().contains("should be an integer"),
        "{error}"
    );

    let error = read_error(r#"{"game.Health": {"value": 1}}"#);
    assert!(error.to_string().contains("no __entity_id"), "{error}");
    let error = read_error(r#"{"__entity_id": "one"}"#);
    assert_eq!(error.path(), Some("/__entity_id"));
    let error = read_error("[1]");
    assert!(error.to_string().contains("JSON object"), "{error}");
    let error = read_error("{\"__entity_id\": \"1\"}\n{\"__entity_id\": ");
    assert_eq!(error.entity_index(), Some(1));
    assert!(error.to_string().contains("line 2"), "{error}");
}

#[test]
fn components_outside_the_schema_are_not_written() {
    let schema = schema();
    let mut writer = JsonSnapshotWriter::new(Vec::new(), &schema, ValueJson);
    let error = writer
        .write_entity(&SnapshotEntity::new(4).with_component(77, Object::new()))
        .unwrap_err();
    assert_eq!(error.entity_id(), Some(4));
    assert!(
        error
            .to_string()
            .contains("component 77 is not in the schema"),
        "{error}"
    );
    let twice = SnapshotEntity::new(4)
        .with_component(1001, data(1))
        .with_component(1001, data(2));
    let error = writer.write_entity(&twice).unwrap_err();
    assert!(error.to_string().contains("occurs twice"), "{error}");
}

#[test]
fn entity_ids_are_positive_and_unique() {
    // A repeated id names both records.
    let error =
        read_error("{\"__entity_id\": \"1\"}\n{\"__entity_id\": \"2\"}\n{\"__entity_id\": 1}");
    assert_eq!(error.entity_index(), Some(2));
    assert_eq!(error.entity_id(), Some(1));
    assert_eq!(error.path(), Some("/__entity_id"));
    assert_eq!(
        error.to_string(),
        "entity 1 (entity record 2): entity id 1 is also the id of entity record 0: each entity \
         of a snapshot has an id of its own (at /__entity_id)"
    );
    for id in ["0", "-3", "\"-9223372036854775808\""] {
        let error = read_error(&format!("{{\"__entity_id\": {id}}}"));
        assert_eq!(error.entity_index(), Some(0));
        assert!(
            error
                .to_string()
                .contains("is not positive: entity ids are 1 to 9223372036854775807"),
            "{error}"
        );
    }
    // A writer refuses what a reader would.
    let schema = schema();
    let mut writer = JsonSnapshotWriter::new(Vec::new(), &schema, ValueJson);
    writer
        .write_entity(&SnapshotEntity::new(3))
        .expect("writes");
    let error = writer.write_entity(&SnapshotEntity::new(3)).unwrap_err();
    assert!(error.to_string().contains("entity record 0"), "{error}");
    let error = writer.write_entity(&SnapshotEntity::new(0)).unwrap_err();
    assert!(error.to_string().contains("not positive"), "{error}");
}

#[test]
fn an_entity_id_out_of_range_says_so() {
    for (id, shown) in [
        ("\"99999999999999999999\"", "\"99999999999999999999\""),
        ("99999999999999999999", "1e+20"),
        ("18446744073709551615", "18446744073709551615"),
        ("\"-99999999999999999999\"", "\"-99999999999999999999\""),
    ] {
        let error = read_error(&format!("{{\"__entity_id\": {id}}}"));
        assert_eq!(error.path(), Some("/__entity_id"));
        assert_eq!(
            error.to_string(),
            format!(
                "entity record 0: __entity_id {shown} is out of range: entity ids are 1 to \
                 9223372036854775807 (at /__entity_id)"
            )
        );
    }
    let error = read_error(r#"{"__entity_id": "1.5"}"#);
    assert!(
        error.to_string().contains("should be an integer"),
        "{error}"
    );
}

#[test]
fn a_byte_order_mark_is_allowed_and_a_second_member_is_not() {
    let schema = schema();
    let text = "\u{feff}{\"__entity_id\": \"1\", \"game.Health\": {\"value\": 1}}";
    let back: Vec<_> = JsonSnapshotReader::new(text.as_bytes(), &schema, ValueJson)
        .collect::<Result<_, _>>()
        .expect("reads");
    assert_eq!(back[0].component(1001), Some(&data(1)));

    let error = read_error(
        "{\"__entity_id\": \"1\"}\n{\"__entity_id\": \"2\",\n \"game.Health\": {\"value\": 1, \"value\": 2}}",
    );
    assert_eq!(error.entity_index(), Some(1));
    assert_eq!(
        error.to_string(),
        "entity record 1: a second member `value` (at /game.Health/value) at line 3 column 37"
    );
    let error = read_error(r#"{"__entity_id": "1", "__entity_id": "2"}"#);
    assert!(
        error.to_string().contains("a second member `__entity_id`"),
        "{error}"
    );
}
