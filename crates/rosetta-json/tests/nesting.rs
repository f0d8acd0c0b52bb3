//! The one nesting limit, `rosetta_types::MAX_NESTING`, in both JSON forms: data exactly that
//! deep goes both ways (as text deeper than serde_json's 128 levels, on a test thread's 2 MiB
//! stack), one level deeper is refused on reading and on writing with the same message; in
//! component data, updates (fields and event payloads) and command payloads.

use rosetta_json::{o3de, spatialos};
use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::{too_deep_message, TypeId, MAX_NESTING};
use rosetta_wire::family::{Int32, Uint32};
use rosetta_wire::{ComponentUpdate, Object};

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "deep.schema".into(),
        text: "package deep;
type Node {
  option<Node> opt = 1;
  list<Node> items = 2;
  map<uint32, Node> by_id = 3;
  int32 leaf = 4;
}
component Deep {
  id = 4242;
  Node root = 1;
  event Node grew;
  command Node ask(Node);
}
"
        .into(),
    }])
    .unwrap_or_else(|d| panic!("{d}"));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

/// A `deep.Node` whose objects nest `levels` deep, through map values (the deepest JSON: an
/// array, an entry and the value per level), list elements and options in turn.
fn nodes(levels: usize) -> Object {
    nodes_at(1, levels)
}

/// The node at level `first` of [`nodes`]`(last)`.
fn nodes_at(first: usize, last: usize) -> Object {
    let mut object = Object::new();
    object.add::<Int32>(4, last as i32);
    for level in (first..last).rev() {
        let mut outer = Object::new();
        match level % 3 {
            0 => *outer.add_object(1) = object,
            1 => *outer.add_object(2) = object,
            _ => {
                let entry = outer.add_object(3);
                entry.add::<Uint32>(1, level as u32);
                *entry.add_object(2) = object;
            }
        }
        outer.add::<Int32>(4, level as i32);
        object = outer;
    }
    object
}

/// `Deep` data whose root field holds `node(levels - 1)`: `levels` deep.
fn deep_data(levels: usize) -> Object {
    let mut data = Object::new();
    *data.add_object(1) = nodes(levels - 1);
    data
}

fn types(schema: &Schema) -> (TypeId, TypeId) {
    let registry = schema.registry();
    let deep = registry.lookup("deep.Deep").expect("Deep");
    let node = registry.lookup("deep.Node").expect("Node");
    (deep, node)
}

fn is_too_deep(message: &str) -> bool {
    message.starts_with(&too_deep_message())
}

#[test]
fn spatialos_component_data_commands_and_updates() {
    let schema = schema();
    let registry = schema.registry();
    let (deep, node) = types(&schema);
    let pretty = spatialos::DumpOptions::pretty();
    let data = deep_data(MAX_NESTING);
    let text = spatialos::object_to_string(registry, deep, &data, &pretty).expect("dump");
    let json = spatialos::parse(&text).expect("parse");
    assert_eq!(
        spatialos::load_object(registry, deep, &json).ok(),
        Some(data)
    );
    // A command payload and an event payload are roots of their own.
    let request = nodes(MAX_NESTING);
    let text = spatialos::object_to_string(registry, node, &request, &pretty).expect("dump");
    let json = spatialos::parse(&text).expect("parse");
    let loaded = spatialos::load_request(registry, deep, 1, &json).expect("load");
    assert_eq!(loaded.object(), &request);
    let mut update = ComponentUpdate::new();
    *update.fields_mut().add_object(1) = nodes(MAX_NESTING - 1);
    *update.add_event(1) = nodes(MAX_NESTING);
    let text = spatialos::update_to_string(registry, deep, &update, &pretty).expect("dump");
    let json = spatialos::parse(&text).expect("parse");
    assert_eq!(
        spatialos::load_update(registry, deep, &json).ok(),
        Some(update)
    );

    // One level deeper: the dump refuses it; the JSON it would have been is refused on load
    // with the same message.
    let too_deep = deep_data(MAX_NESTING + 1);
    let dumped = spatialos::dump_object(registry, deep, &too_deep).expect_err("refused");
    assert!(is_too_deep(&dumped.to_string()), "{dumped}");
    let mut json = spatialos::parse(
        &spatialos::object_to_string(registry, node, &nodes(MAX_NESTING), &pretty).expect("dump"),
    )
    .expect("parse");
    json = serde_json::json!({ "root": json });
    let loaded = spatialos::load_object(registry, deep, &json).expect_err("refused");
    assert_eq!(loaded.to_string(), dumped.to_string());
    let mut update = ComponentUpdate::new();
    *update.fields_mut().add_object(1) = nodes(MAX_NESTING);
    let dumped = spatialos::dump_update(registry, deep, &update).expect_err("refused");
    assert!(is_too_deep(&dumped.to_string()), "{dumped}");
    let mut update = ComponentUpdate::new();
    *update.add_event(1) = nodes(MAX_NESTING + 1);
    let dumped = spatialos::dump_update(registry, deep, &update).expect_err("refused");
    assert!(is_too_deep(&dumped.to_string()), "{dumped}");
}

#[test]
fn o3de_component_data_and_updates() {
    let schema = schema();
    let registry = schema.registry();
    let (deep, node) = types(&schema);
    let load = o3de::LoadOptions::default();
    let quiet = &mut o3de::Quiet;
    let keep = o3de::StoreOptions {
        keep_defaults: true,
        ..o3de::StoreOptions::default()
    };
    for store in [o3de::StoreOptions::pretty(), keep] {
        let data = deep_data(MAX_NESTING);
        let text = o3de::store_object(registry, deep, &data, &store, quiet).expect("store");
        let (back, _) = o3de::load_object(registry, deep, &text.json, &load, quiet).expect("load");
        assert_eq!(back, data);
        let mut update = ComponentUpdate::new();
        *update.fields_mut().add_object(1) = nodes(MAX_NESTING - 1);
        *update.add_event(1) = nodes(MAX_NESTING);
        let text = o3de::store_update(registry, deep, &update, &store, quiet).expect("store");
        let (back, _) = o3de::load_update(registry, deep, &text.json, &load, quiet).expect("load");
        assert_eq!(back, update);

        // One level deeper, the store refuses it; the text one level deeper is refused on load
        // with the same message (the JSON Pointer of the object in this form).
        let too_deep = deep_data(MAX_NESTING + 1);
        let stored = o3de::store_object(registry, deep, &too_deep, &store, quiet);
        let stored = stored.expect_err("refused").to_string();
        assert!(is_too_deep(&stored), "{stored}");
        let inner = o3de::store_object(registry, node, &nodes(MAX_NESTING), &store, quiet);
        let text = format!(r#"{{"root": {}}}"#, inner.expect("store").json);
        let loaded = o3de::load_object(registry, deep, &text, &load, quiet);
        assert_eq!(loaded.expect_err("refused").to_string(), stored);
        let mut update = ComponentUpdate::new();
        *update.add_event(1) = nodes(MAX_NESTING + 1);
        let stored = o3de::store_update(registry, deep, &update, &store, quiet);
        let stored = stored.expect_err("refused").to_string();
        assert!(is_too_deep(&stored), "{stored}");
        // The payload's text: its root (level 1 holds the next in `items`) around the text of
        // the 100 levels below it.
        let inner = nodes_at(2, MAX_NESTING + 1);
        let inner = o3de::store_object(registry, node, &inner, &store, quiet);
        let inner = inner.expect("store").json;
        let text = format!(r#"{{"$events": {{"grew": [{{"items": [{inner}], "leaf": 1}}]}}}}"#);
        let loaded = o3de::load_update(registry, deep, &text, &load, quiet);
        assert_eq!(loaded.expect_err("refused").to_string(), stored);
    }
}

/// A node whose `levels` objects each hold the next as a map value: the most JSON (three levels
/// per object level) and the most stack per level.
fn map_chain(levels: usize) -> Object {
    let mut object = Object::new();
    object.add::<Int32>(4, 0);
    for level in 1..levels {
        let mut outer = Object::new();
        let entry = outer.add_object(3);
        entry.add::<Uint32>(1, level as u32);
        *entry.add_object(2) = object;
        outer.add::<Int32>(4, level as i32);
        object = outer;
    }
    object
}

/// The deepest shape at the limit goes both ways in both forms on a test thread (2 MiB of stack
/// in a debug build).
#[test]
fn the_deepest_shape_at_the_limit_fits_a_test_thread() {
    let schema = schema();
    let registry = schema.registry();
    let (_, node) = types(&schema);
    let data = map_chain(MAX_NESTING);
    let quiet = &mut o3de::Quiet;
    let keep = o3de::StoreOptions {
        keep_defaults: true,
        ..o3de::StoreOptions::pretty()
    };
    let text = o3de::store_object(registry, node, &data, &keep, quiet).expect("store");
    let load = o3de::LoadOptions::default();
    let (back, _) = o3de::load_object(registry, node, &text.json, &load, quiet).expect("load");
    assert_eq!(back, data);
    let pretty = spatialos::DumpOptions::pretty();
    let text = spatialos::object_to_string(registry, node, &data, &pretty).expect("dump");
    let json = spatialos::parse(&text).expect("parse");
    assert_eq!(
        spatialos::load_object(registry, node, &json).ok(),
        Some(data)
    );
}
