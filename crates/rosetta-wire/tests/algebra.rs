//! Properties of the update algebra, for any data and updates:
//! `apply(a, diff(a, b)) == b` and `apply(apply(a, u1), u2) == apply(a, merge(u1, u2))`;
//! plus: decoding arbitrary bytes never panics, and encode/decode round-trips.

use proptest::prelude::*;
use rosetta_wire::family::{Double, Float, Sint64, Uint32};
use rosetta_wire::{ComponentData, ComponentUpdate, Object, ObjectView};

#[derive(Debug, Clone)]
enum FieldValue {
    Uints(Vec<u32>),
    Floats(Vec<f32>),
    Signed(i64),
    Double(f64),
    Text(String),
    Nested(Vec<(u32, FieldValue)>),
}

fn field_value(depth: u32) -> BoxedStrategy<FieldValue> {
    let leaf = prop_oneof![
        prop::collection::vec(any::<u32>(), 0..4).prop_map(FieldValue::Uints),
        prop::collection::vec(-1e6f32..1e6, 0..4).prop_map(FieldValue::Floats),
        any::<i64>().prop_map(FieldValue::Signed),
        (-1e9f64..1e9).prop_map(FieldValue::Double),
        "[a-z]{0,6}".prop_map(FieldValue::Text),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    prop_oneof![
        3 => leaf,
        1 => prop::collection::vec((1u32..5, field_value(depth - 1)), 0..3).prop_map(FieldValue::Nested),
    ]
    .boxed()
}

fn fill(object: &mut Object, fields: &[(u32, FieldValue)]) {
    for (id, value) in fields {
        // One kind per field id keeps the data well-typed: id decides the kind.
        match value {
            FieldValue::Uints(v) => object.add_list::<Uint32>(*id * 10 + 1, v),
            FieldValue::Floats(v) => object.add_list::<Float>(*id * 10 + 2, v),
            FieldValue::Signed(v) => object.add::<Sint64>(*id * 10 + 3, *v),
            FieldValue::Double(v) => object.add::<Double>(*id * 10 + 4, *v),
            FieldValue::Text(t) => object.add_string(*id * 10 + 5, t),
            FieldValue::Nested(inner) => fill(object.add_object(*id * 10 + 6), inner),
        }
    }
}

fn data() -> impl Strategy<Value = ComponentData> {
    prop::collection::vec((1u32..6, field_value(2)), 0..8).prop_map(|fields| {
        let mut data = ComponentData::new();
        fill(data.fields_mut(), &fields);
        data
    })
}

fn update() -> impl Strategy<Value = ComponentUpdate> {
    (
        prop::collection::vec((1u32..6, field_value(1)), 0..5),
        prop::collection::vec(1u32..70, 0..4),
        prop::collection::vec(1u32..3, 0..3),
    )
        .prop_map(|(fields, cleared, events)| {
            let mut update = ComponentUpdate::new();
            fill(update.fields_mut(), &fields);
            for id in cleared {
                if !update.fields().has_field(id) {
                    update.add_cleared_field(id);
                }
            }
            for (n, index) in events.into_iter().enumerate() {
                update.add_event(index).add::<Uint32>(1, n as u32);
            }
            update
        })
}

proptest! {
    #[test]
    fn diff_then_apply_gives_the_target(a in data(), b in data()) {
        let mut c = a.clone();
        c.apply(&a.diff(&b));
        prop_assert_eq!(c, b);
    }

    #[test]
    fn merge_equals_applying_in_order(a in data(), u1 in update(), u2 in update()) {
        let mut stepwise = a.clone();
        stepwise.apply(&u1);
        stepwise.apply(&u2);
        let mut merged = u1.clone();
        merged.merge(&u2);
        let mut once = a.clone();
        once.apply(&merged);
        prop_assert_eq!(stepwise, once);
        prop_assert_eq!(
            merged.events().unique_field_ids().len() <= u1.events().unique_field_ids().len() + u2.events().unique_field_ids().len(),
            true
        );
    }

    #[test]
    fn data_and_updates_survive_the_wire(a in data(), u in update()) {
        let bytes = a.encode();
        let back = ComponentData::decode(&bytes).expect("decodes");
        prop_assert_eq!(&back, &a);
        // Re-encoding what was read gives the same bytes.
        prop_assert_eq!(back.encode(), bytes);
        prop_assert_eq!(ComponentUpdate::decode(&u.encode()).expect("decodes"), u);
    }

    #[test]
    fn views_read_what_objects_read(a in data()) {
        let bytes = a.encode();
        // Compared with an object read from the same bytes: a packed run is read through
        // whichever family is asked for, by both.
        let object = &Object::decode(&bytes).expect("decodes");
        let view = ObjectView::new(&bytes).expect("indexes");
        prop_assert_eq!(view.unique_field_ids(), object.unique_field_ids());
        for id in object.unique_field_ids() {
            prop_assert_eq!(view.list::<Uint32>(id), object.list::<Uint32>(id));
            let bits = |v: Vec<f32>| v.into_iter().map(f32::to_bits).collect::<Vec<_>>();
            prop_assert_eq!(bits(view.list::<Float>(id)), bits(object.list::<Float>(id)));
            prop_assert_eq!(view.try_get::<Sint64>(id), object.try_get::<Sint64>(id));
            prop_assert_eq!(view.try_get::<Double>(id).map(f64::to_bits), object.try_get::<Double>(id).map(f64::to_bits));
            prop_assert_eq!(view.string(id), object.string(id));
            let nested: Vec<Object> = view
                .objects(id)
                .filter_map(|o| o.ok())
                .filter_map(|o| o.to_object().ok())
                .collect();
            if let Ok(owned) = object.objects(id) {
                let owned: Vec<Object> = owned.into_iter().cloned().collect();
                prop_assert_eq!(nested, owned);
            }
        }
    }

    #[test]
    fn decoding_arbitrary_bytes_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(object) = Object::decode(&bytes) {
            for id in object.unique_field_ids() {
                let _ = object.list::<Uint32>(id);
                let _ = object.list::<Double>(id);
                let _ = object.objects(id);
                let _ = object.string(id);
            }
            let _ = object.encode();
        }
        let _ = ComponentUpdate::decode(&bytes);
        if let Ok(view) = ObjectView::new(&bytes) {
            for id in view.unique_field_ids() {
                let _ = view.list::<Uint32>(id);
                let _ = view.list::<Double>(id);
                let _ = view.objects(id).count();
            }
        }
    }
}
