//! Schema-aware access: values through the compiled schema, fields by name, validation with
//! paths, and data turned into updates.

use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::{TypeId, Value};
use rosetta_wire::family::{Double, Float, Int32, Uint32};
use rosetta_wire::{typed, ComponentData, Object};

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "game.schema".into(),
        text: r#"package game;
enum Team { RED = 1; BLUE = 2; }
type Vec3 { float x = 1; float y = 2; float z = 3; }
type Player {
  string name = 1;
  Team team = 2;
  Vec3 position = 3;
  option<int64> target = 4;
  list<sint32> scores = 5;
  map<string, Vec3> waypoints = 6;
  bytes blob = 7;
  EntityId owner = 8;
  Entity prefab = 9;
  double speed = 10;
}
component Health { id = 1001; int32 hp = 1; option<int32> shield = 2; list<uint32> tags = 3; }
"#
        .into(),
    }])
    .unwrap_or_else(|d| panic!("{d}"));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

fn player_value() -> Value {
    let vec3 =
        |x: f32, y: f32, z: f32| Value::structure([Value::F32(x), Value::F32(y), Value::F32(z)]);
    let health = Value::structure([
        Value::I32(7),
        Value::Option(None),
        Value::list([Value::U32(1)]),
    ]);
    Value::structure([
        Value::string("Ann"),
        Value::Enum(2),
        vec3(1.0, 2.0, 3.0),
        Value::some(Value::I64(-5)),
        Value::list([Value::I32(-1), Value::I32(2)]),
        Value::map([(Value::string("home"), vec3(0.0, 0.0, 1.5))]),
        Value::bytes(&b"\x00\x01"[..]),
        Value::EntityId(99),
        Value::entity([(1001, health)]),
        Value::F64(2.5),
    ])
}

fn player(schema: &Schema) -> TypeId {
    schema.registry().lookup("game.Player").expect("Player")
}

#[test]
fn values_round_trip_through_objects_and_bytes() {
    let schema = schema();
    let registry = schema.registry();
    let value = player_value();
    let object = typed::write(registry, player(&schema), &value).expect("writes");
    assert_eq!(object.string(1), Some("Ann"));
    assert_eq!(object.object(3).map(|p| p.get::<Float>(3)), Some(3.0));
    assert_eq!(
        object
            .object(9)
            .and_then(|e| e.object(1001))
            .map(|h| h.get::<Int32>(1)),
        Some(7)
    );
    let back = Object::decode(&object.encode()).expect("decodes");
    assert_eq!(
        typed::read(registry, player(&schema), &back).expect("reads"),
        value
    );
    assert!(typed::validate(registry, player(&schema), &back).is_empty());
}

#[test]
fn undeclared_fields_are_an_error() {
    let schema = schema();
    let registry = schema.registry();
    let mut object = typed::write(registry, player(&schema), &player_value()).expect("writes");
    object.add_string(99, "stray");
    let error = typed::read(registry, player(&schema), &object).unwrap_err();
    assert!(error.to_string().contains("field 99"), "{error}");
}

#[test]
fn fields_by_name() {
    let schema = schema();
    let registry = schema.registry();
    let ty = player(&schema);
    let mut object = typed::write(registry, ty, &player_value()).expect("writes");
    typed::set_field(registry, ty, &mut object, "speed", &Value::F64(9.0)).expect("sets");
    assert_eq!(object.get::<Double>(10), 9.0);
    assert_eq!(
        typed::get_field(registry, ty, &object, "team").expect("gets"),
        Value::Enum(2)
    );
    typed::set_field(registry, ty, &mut object, "target", &Value::Option(None)).expect("clears");
    assert!(!object.has_field(4));
    let error =
        typed::set_field(registry, ty, &mut object, "speed", &Value::string("fast")).unwrap_err();
    assert_eq!(error.path(), Some("/speed"));
    assert!(typed::get_field(registry, ty, &object, "nope").is_err());
}

#[test]
fn validation_reports_each_problem_with_its_path() {
    let schema = schema();
    let registry = schema.registry();
    let ty = player(&schema);
    let mut object = typed::write(registry, ty, &player_value()).expect("writes");
    object.clear_field(1);
    object.clear_field(10);
    object.add::<Uint32>(10, 3);
    object.add::<Uint32>(77, 1);
    object
        .object_mut(3)
        .expect("parses")
        .expect("position")
        .clear_field(2);
    let problems = typed::validate(registry, ty, &object);
    let paths: Vec<&str> = problems.iter().map(|p| p.path.as_str()).collect();
    assert!(paths.contains(&"/77"), "{problems:?}");
    assert!(paths.contains(&"/name"), "{problems:?}");
    assert!(paths.contains(&"/speed"), "{problems:?}");
    assert!(paths.contains(&"/position/y"), "{problems:?}");
    assert!(problems
        .iter()
        .any(|p| p.message.contains("missing singular field `name`")));
}

#[test]
fn data_becomes_an_update_that_clears_empty_collections() {
    let schema = schema();
    let registry = schema.registry();
    let health = registry.component(1001).expect("Health").id();
    let mut data = ComponentData::new();
    data.fields_mut().add::<Int32>(1, 50);
    let update = data.to_update(registry, health).expect("converts");
    assert_eq!(update.fields().unique_field_ids(), [1]);
    assert_eq!(update.cleared_fields(), [2, 3]);
    let mut other = ComponentData::new();
    other.fields_mut().add::<Int32>(1, 1);
    other.fields_mut().add::<Int32>(2, 5);
    other.fields_mut().add_list::<Uint32>(3, &[1, 2]);
    other.apply(&update);
    assert_eq!(other, data);
}
