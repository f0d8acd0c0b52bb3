//! The one nesting limit, `rosetta_types::MAX_NESTING`, in the schema mapping for Godot 3 and
//! Godot 4: data exactly that deep goes to Variant bytes and back (on a test thread's 2 MiB
//! stack), one level deeper is refused on writing and on reading with the same message, where
//! it is (`at `.root.by_id[0]...`: nesting deeper than 100 object levels`).

use rosetta_godot::schema::Mapping;
use rosetta_godot::{decode, encode, DecodeOptions, Dictionary, EncodeOptions, Variant, Version};
use rosetta_types::{
    too_deep_message, ComponentInfo, Event, Field, StructType, TypeDef, TypeId, TypeRegistry,
    MAX_NESTING,
};
use rosetta_wire::family::{Int32, Uint32};
use rosetta_wire::{ComponentUpdate, Object};

/// `deep.Node` (options, lists and maps of itself) and the component `deep.Deep`, whose field
/// `root` is a node and whose event `grew` carries one.
fn registry() -> (TypeRegistry, TypeId, TypeId) {
    let mut b = TypeRegistry::builder();
    let node = b.declare("deep.Node").expect("fresh");
    let opt = b.option(node);
    let items = b.list(node);
    let by_id = b.map(TypeId::UINT32, node);
    let fields = StructType::new([
        Field::new("opt", opt).with_number(1),
        Field::new("items", items).with_number(2),
        Field::new("by_id", by_id).with_number(3),
        Field::new("leaf", TypeId::INT32).with_number(4),
    ]);
    b.define(node, fields.expect("fields")).expect("defined");
    let deep = StructType::new([Field::new("root", node).with_number(1)]).expect("fields");
    let info = ComponentInfo::new(4242).with_event(Event::new("grew", 1, node));
    let deep = b.add("deep.Deep", TypeDef::new(deep).with_component(info));
    let deep = deep.expect("fresh");
    (b.build().expect("valid"), deep, node)
}

/// The node at level `first` of nodes nested down to level `last`, through options, list
/// elements and map values in turn.
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

/// `deep.Deep` data `levels` deep.
fn deep_data(levels: usize) -> Object {
    let mut data = Object::new();
    *data.add_object(1) = nodes_at(2, levels);
    data
}

fn bytes_and_back(version: Version, variant: &Variant) -> Variant {
    let bytes = encode(variant, &EncodeOptions::new(version)).expect("encode");
    let (back, used) = decode(&bytes, &DecodeOptions::new(version)).expect("decode");
    assert_eq!(used, bytes.len());
    back
}

#[test]
fn data_and_updates_at_the_limit_go_both_ways() {
    let (registry, deep, _) = registry();
    for version in [Version::Godot3, Version::Godot4] {
        let mapping = Mapping::new(&registry, version);
        let data = deep_data(MAX_NESTING);
        let variant = mapping.object_to_variant(deep, &data).expect("to Variant");
        let back = bytes_and_back(version, &variant);
        assert_eq!(mapping.object_from_variant(deep, &back).ok(), Some(data));
        let mut update = ComponentUpdate::new();
        *update.fields_mut().add_object(1) = nodes_at(2, MAX_NESTING);
        *update.add_event(1) = nodes_at(1, MAX_NESTING);
        let variant = mapping
            .update_to_variant(deep, &update)
            .expect("to Variant");
        let back = bytes_and_back(version, &variant);
        assert_eq!(mapping.update_from_variant(deep, &back).ok(), Some(update));
    }
}

#[test]
fn one_level_deeper_is_refused_alike_both_ways() {
    let (registry, deep, node) = registry();
    for version in [Version::Godot3, Version::Godot4] {
        let mapping = Mapping::new(&registry, version);
        let written = mapping.object_to_variant(deep, &deep_data(MAX_NESTING + 1));
        let written = written.expect_err("refused");
        assert_eq!(written.message, too_deep_message());
        assert!(written.path.starts_with(".root.by_id[0].opt"), "{written}");
        // The Variant it would have been: the root's field around the 100 levels below it.
        let below = mapping.object_to_variant(node, &nodes_at(2, MAX_NESTING + 1));
        let root = Dictionary::untyped(vec![(Variant::String("root".into()), below.expect("ok"))]);
        let read = mapping.object_from_variant(deep, &bytes_and_back(version, &root.into()));
        assert_eq!(read.expect_err("refused").to_string(), written.to_string());

        // An event's payload is a root of its own, at `.$events.grew[0]`.
        let mut update = ComponentUpdate::new();
        *update.add_event(1) = nodes_at(1, MAX_NESTING + 1);
        let written = mapping
            .update_to_variant(deep, &update)
            .expect_err("refused");
        assert!(
            written.path.starts_with(".$events.grew[0].items[0]"),
            "{written}"
        );
        let below = mapping.object_to_variant(node, &nodes_at(2, MAX_NESTING + 1));
        let payload = Dictionary::untyped(vec![
            (Variant::String("items".into()), {
                let items = rosetta_godot::Array::untyped(vec![below.expect("ok")]);
                items.into()
            }),
            (Variant::String("leaf".into()), Variant::Int(1)),
        ]);
        let events = Dictionary::untyped(vec![(
            Variant::String("grew".into()),
            rosetta_godot::Array::untyped(vec![payload.into()]).into(),
        )]);
        let update = Dictionary::untyped(vec![(Variant::String("$events".into()), events.into())]);
        let read = mapping.update_from_variant(deep, &bytes_and_back(version, &update.into()));
        assert_eq!(read.expect_err("refused").to_string(), written.to_string());
    }
}

/// The shape that takes the mapping the most stack per level, a list element in each object, at
/// the limit, goes both ways on a test thread (2 MiB of stack in a debug build).
#[test]
fn the_deepest_shape_at_the_limit_fits_a_test_thread() {
    let (registry, _, node) = registry();
    let mut data = Object::new();
    data.add::<Int32>(4, 0);
    for level in 1..MAX_NESTING {
        let mut outer = Object::new();
        *outer.add_object(2) = data;
        outer.add::<Int32>(4, level as i32);
        data = outer;
    }
    for version in [Version::Godot3, Version::Godot4] {
        let mapping = Mapping::new(&registry, version);
        let variant = mapping.object_to_variant(node, &data).expect("to Variant");
        let back = bytes_and_back(version, &variant);
        assert_eq!(
            mapping.object_from_variant(node, &back).ok(),
            Some(data.clone())
        );
    }
}
