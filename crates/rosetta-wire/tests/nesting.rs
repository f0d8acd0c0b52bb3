//! The one nesting limit, `rosetta_types::MAX_NESTING`, in the wire format: reading, writing,
//! checking and validating an object exactly that deep succeed, one level deeper all fail with
//! the same message, whichever way the levels nest (options, lists, maps, entities).

use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::{too_deep_message, TypeId, Value, MAX_NESTING};
use rosetta_wire::family::{Int32, Uint32};
use rosetta_wire::{typed, ComponentUpdate, Object};

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "deep.schema".into(),
        text: "package deep;
type Node {
  option<Node> opt = 1;
  list<Node> items = 2;
  map<uint32, Node> by_id = 3;
  option<Entity> e = 4;
  int32 leaf = 5;
  option<Wrap> w = 6;
}
type Wrap { Inner inner = 1; }
type Inner { int32 x = 1; }
component Holder { id = 4000; Node node = 1; event Node grew; }
"
        .into(),
    }])
    .unwrap_or_else(|d| panic!("{d}"));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

/// A `deep.Node` whose objects nest exactly `levels` deep, going round the ways an object can
/// sit in another; and the JSON Pointer of each level's object (`paths[0]` is the root's).
fn deep(levels: usize) -> (Object, Vec<String>) {
    let mut root = Object::new();
    let mut paths = vec![String::new()];
    let mut at = &mut root;
    let mut step = 0;
    while paths.len() < levels {
        at.add::<Int32>(5, paths.len() as i32);
        let here = paths.last().cloned().unwrap_or_default();
        // An entity holds a component holding a node: three levels.
        let room = levels - paths.len();
        at = match step % 4 {
            0 => {
                paths.push(format!("{here}/opt/0"));
                at.add_object(1)
            }
            1 => {
                at.add_object(2).add::<Int32>(5, -1);
                paths.push(format!("{here}/items/1"));
                at.add_object(2)
            }
            3 if room >= 3 => {
                paths.push(format!("{here}/e/0"));
                paths.push(format!("{here}/e/0/deep.Holder"));
                paths.push(format!("{here}/e/0/deep.Holder/node"));
                at.add_object(4).add_object(4000).add_object(1)
            }
            _ => {
                let entry = at.add_object(3);
                entry.add::<Uint32>(1, 7);
                paths.push(format!("{here}/by_id/0/value"));
                entry.add_object(2)
            }
        };
        step += 1;
    }
    at.add::<Int32>(5, 0);
    (root, paths)
}

fn node(schema: &Schema) -> TypeId {
    schema.registry().lookup("deep.Node").expect("Node")
}

#[test]
fn objects_at_the_limit_read_write_and_check() {
    let schema = schema();
    let registry = schema.registry();
    let (object, paths) = deep(MAX_NESTING);
    assert_eq!(paths.len(), MAX_NESTING);
    let value = typed::read(registry, node(&schema), &object).expect("read");
    rosetta_types::validate(registry, node(&schema), &value).expect("valid");
    let written = typed::write(registry, node(&schema), &value).expect("write");
    assert_eq!(
        typed::read(registry, node(&schema), &written).ok(),
        Some(value)
    );
    typed::check_nesting(registry, node(&schema), &object).expect("check");
    assert_eq!(typed::validate(registry, node(&schema), &object), []);
}

#[test]
fn one_level_deeper_is_refused_alike() {
    let schema = schema();
    let registry = schema.registry();
    for levels in [MAX_NESTING + 1, MAX_NESTING + 2, MAX_NESTING + 3] {
        let (object, paths) = deep(levels);
        let message = format!("{} (at {})", too_deep_message(), paths[MAX_NESTING]);
        let read = typed::read(registry, node(&schema), &object).expect_err("read refuses");
        assert_eq!(read.to_string(), message);
        assert_eq!(read.path(), Some(paths[MAX_NESTING].as_str()));
        let checked = typed::check_nesting(registry, node(&schema), &object);
        assert_eq!(checked.map_err(|e| e.to_string()), Err(message.clone()));
        // What a writer is given past the limit, it refuses the same way.
        let value = typed::read_past_limit(registry, node(&schema), &object).expect("read");
        let written = typed::write(registry, node(&schema), &value).expect_err("write refuses");
        assert_eq!(written.to_string(), message);
        let problems = typed::validate(registry, node(&schema), &object);
        assert!(
            problems.iter().any(|p| p.message == too_deep_message()),
            "{problems:?}"
        );
        let invalid = rosetta_types::validate(registry, node(&schema), &value);
        assert!(invalid.is_err());
    }
}

#[test]
fn a_field_set_past_the_limit_is_refused() {
    let schema = schema();
    let registry = schema.registry();
    let (object, _) = deep(MAX_NESTING);
    let value = typed::read(registry, node(&schema), &object).expect("read");
    let mut root = Object::new();
    // The field's value sits one level below the root.
    let error = typed::set_field(
        registry,
        node(&schema),
        &mut root,
        "opt",
        &Value::some(value),
    );
    assert_eq!(
        error.map_err(|e| e.to_string().starts_with(&too_deep_message())),
        Err(true)
    );
}

#[test]
fn a_default_filled_in_counts_as_the_object_it_is() {
    let schema = schema();
    let registry = schema.registry();
    // `levels` nodes down `opt`; the last holds a `Wrap` without its `inner`, which reads as
    // the default `Inner`, an object one level below the `Wrap`.
    let nodes = |levels: usize| {
        let mut object = Object::new();
        object.add_object(6);
        for _ in 1..levels {
            let mut outer = Object::new();
            *outer.add_object(1) = object;
            object = outer;
        }
        object
    };
    let fits = nodes(MAX_NESTING - 2);
    let value = typed::read(registry, node(&schema), &fits).expect("read");
    typed::write(registry, node(&schema), &value).expect("write");
    typed::check_nesting(registry, node(&schema), &fits).expect("check");
    let deeper = nodes(MAX_NESTING - 1);
    let path = format!("{}/w/0/inner", "/opt/0".repeat(MAX_NESTING - 2));
    let message = format!("{} (at {path})", too_deep_message());
    let read = typed::read(registry, node(&schema), &deeper).expect_err("read refuses");
    assert_eq!(read.to_string(), message);
    let checked = typed::check_nesting(registry, node(&schema), &deeper);
    assert_eq!(checked.map_err(|e| e.to_string()), Err(message.clone()));
    let value = typed::read_past_limit(registry, node(&schema), &deeper).expect("read");
    let written = typed::write(registry, node(&schema), &value).expect_err("write refuses");
    assert_eq!(written.to_string(), message);
}

#[test]
fn an_update_is_checked_as_its_fields_and_its_event_payloads() {
    let schema = schema();
    let registry = schema.registry();
    let holder = registry.lookup("deep.Holder").expect("Holder");
    let mut update = ComponentUpdate::new();
    // The field's node is at level 2, an event's payload at level 1.
    *update.fields_mut().add_object(1) = deep(MAX_NESTING - 1).0;
    *update.add_event(1) = deep(MAX_NESTING).0;
    typed::check_update_nesting(registry, holder, &update).expect("within the limit");
    let (payload, paths) = deep(MAX_NESTING + 1);
    *update.add_event(1) = payload;
    let error = typed::check_update_nesting(registry, holder, &update).expect_err("refused");
    let path = format!("/__events/grew/1{}", paths[MAX_NESTING]);
    assert_eq!(
        error.to_string(),
        format!("{} (at {path})", too_deep_message())
    );
    let mut update = ComponentUpdate::new();
    *update.fields_mut().add_object(1) = deep(MAX_NESTING).0;
    let error = typed::check_update_nesting(registry, holder, &update).expect_err("refused");
    assert_eq!(error.path().map(|p| p.starts_with("/node/")), Some(true));
}
