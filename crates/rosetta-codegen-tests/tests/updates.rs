//! Every generated component's update type against the dynamic update algebra, on random data
//! and updates (fields set, option/list/map fields cleared, events):
//!
//! - an update read from the dynamic form writes it back byte for byte;
//! - `Component::apply` gives the data `ComponentData::apply` gives;
//! - `SchemaUpdate::merge` gives the update `ComponentUpdate::merge` gives, and applying it
//!   equals applying both in turn;
//! - `Component::to_update` gives what `ComponentData::to_update` gives, and merges as it.

mod common;

use std::sync::Arc;

use common::{run, value, Failures, Registries, Shape};
use proptest::collection::vec;
use proptest::prelude::*;
use rosetta_codegen_tests::{visit_components, ComponentVisitor};
use rosetta_types::{Arity, Kind, TypeId, TypeRegistry, Value};
use rosetta_wire::schema_type::{Component, SchemaUpdate};
use rosetta_wire::{typed, ComponentData, ComponentUpdate, Object};

const CASES: u32 = 16;
const DEPTH: u32 = 2;

/// An update as generated: a full value of the component (the fields it sets are taken from
/// it), which fields it sets, which it clears, and each event's payloads.
#[derive(Debug, Clone)]
struct UpdateSpec {
    values: Value,
    set: Vec<bool>,
    clear: Vec<bool>,
    events: Vec<Vec<Value>>,
}

fn update_spec(r: &Arc<TypeRegistry>, ty: TypeId, shape: Shape) -> BoxedStrategy<UpdateSpec> {
    let Kind::Struct(s) = r[ty].kind() else {
        panic!("a component is a struct");
    };
    let n = s.fields().len();
    let events: Vec<_> = r[ty]
        .component()
        .map(|c| c.events().to_vec())
        .unwrap_or_default()
        .into_iter()
        .map(|e| vec(value(r, e.ty(), DEPTH - 1, shape), 0..3))
        .collect();
    (
        value(r, ty, DEPTH, shape),
        vec(any::<bool>(), n),
        vec(any::<bool>(), n),
        events,
    )
        .prop_map(|(values, set, clear, events)| UpdateSpec {
            values,
            set,
            clear,
            events,
        })
        .boxed()
}

fn dynamic_update(
    r: &TypeRegistry,
    ty: TypeId,
    spec: &UpdateSpec,
) -> Result<ComponentUpdate, String> {
    let Kind::Struct(s) = r[ty].kind() else {
        return Err("not a struct".into());
    };
    let full = typed::write(r, ty, &spec.values).map_err(|e| e.to_string())?;
    let mut update = ComponentUpdate::new();
    for (i, field) in s.fields().iter().enumerate() {
        let id = field.number().ok_or("a field without a number")?;
        if spec.set[i] {
            update.fields_mut().copy_field_from(&full, id);
        }
        // Only option, list and map fields are cleared (a singular field always has a value).
        if spec.clear[i] && field.arity() != Arity::Singular {
            update.add_cleared_field(id);
        }
    }
    let events = r[ty]
        .component()
        .map(|c| c.events().to_vec())
        .unwrap_or_default();
    for (event, payloads) in events.iter().zip(&spec.events) {
        for payload in payloads {
            *update.add_event(event.index()) =
                typed::write(r, event.ty(), payload).map_err(|e| e.to_string())?;
        }
    }
    Ok(update)
}

fn same_update(
    what: &str,
    typed: &ComponentUpdate,
    dynamic: &ComponentUpdate,
) -> Result<(), String> {
    if typed.fields() != dynamic.fields()
        || typed.events() != dynamic.events()
        || typed.cleared_fields() != dynamic.cleared_fields()
    {
        return Err(format!(
            "{what} differs\n  typed:   {typed:?}\n  dynamic: {dynamic:?}"
        ));
    }
    Ok(())
}

fn data_of(r: &TypeRegistry, ty: TypeId, v: &Value) -> Result<Object, String> {
    typed::write(r, ty, v).map_err(|e| e.to_string())
}

fn check<C: Component>(
    r: &TypeRegistry,
    ty: TypeId,
    (data, first, second): (Value, UpdateSpec, UpdateSpec),
) -> Result<(), String> {
    let e = |e: rosetta_wire::Error| e.to_string();
    let object = data_of(r, ty, &data)?;
    let (u1, u2) = (
        dynamic_update(r, ty, &first)?,
        dynamic_update(r, ty, &second)?,
    );
    let t1 = C::Update::from_dynamic(&u1).map_err(e)?;
    let t2 = C::Update::from_dynamic(&u2).map_err(e)?;
    if t1.encode() != u1.encode() {
        return Err(format!(
            "update bytes differ\n  typed:   {:?}\n  dynamic: {:?}",
            t1.encode(),
            u1.encode()
        ));
    }

    // apply
    let mut dynamic = ComponentData::from(object.clone());
    dynamic.apply(&u1);
    let mut typed_data = C::from_object(&object).map_err(e)?;
    typed_data.apply(&t1);
    if typed_data.to_object() != *dynamic.fields() {
        return Err(format!(
            "apply differs\n  typed:   {:?}\n  dynamic: {:?}",
            typed_data.to_object(),
            dynamic.fields()
        ));
    }

    // merge, and applying the merged update
    let mut merged = u1.clone();
    merged.merge(&u2);
    let mut typed_merged = t1.clone();
    typed_merged.merge(&t2);
    same_update("merge", &typed_merged.to_dynamic(), &merged)?;
    let mut in_turn = C::from_object(&object).map_err(e)?;
    in_turn.apply(&t1);
    in_turn.apply(&t2);
    let mut at_once = C::from_object(&object).map_err(e)?;
    at_once.apply(&typed_merged);
    if in_turn.encode() != at_once.encode() {
        return Err("applying the merged update differs from applying both in turn".into());
    }

    // data into an update
    let dynamic_full = ComponentData::from(object.clone())
        .to_update(r, ty)
        .map_err(e)?;
    let typed_full = C::from_object(&object).map_err(e)?.to_update();
    same_update("to_update", &typed_full.to_dynamic(), &dynamic_full)?;

    // a later update that sets every field (empty lists and maps as `Some(empty)`)
    let mut merged = u1.clone();
    merged.merge(&dynamic_full);
    let mut typed_merged = t1.clone();
    typed_merged.merge(&typed_full);
    same_update("merge with to_update", &typed_merged.to_dynamic(), &merged)
}

#[derive(Default)]
struct Check {
    registries: Registries,
    failures: Failures,
}

impl ComponentVisitor for Check {
    fn visit<C>(&mut self, group: usize)
    where
        C: Component + serde::Serialize + for<'de> serde::Deserialize<'de>,
    {
        // A `HashMap` writes entries in an order of its own: byte for byte is no test of it.
        if rosetta_codegen_tests::GROUPS[group].hash_maps {
            return;
        }
        let r = self.registries.get(group);
        let Some(ty) = r.lookup(C::NAME) else {
            return self
                .failures
                .record(C::NAME, Err("not in the schema".into()));
        };
        let shape = Shape {
            unknown_enums: true,
            non_finite: true,
        };
        let strategy = (
            value(&r, ty, DEPTH, shape),
            update_spec(&r, ty, shape),
            update_spec(&r, ty, shape),
        );
        let outcome = run(CASES, strategy, |input| check::<C>(&r, ty, input));
        self.failures.record(C::NAME, outcome);
    }
}

#[test]
fn generated_updates_follow_the_dynamic_algebra() {
    let mut check = Check::default();
    visit_components(&mut check);
    check.failures.assert_none("updates");
}
