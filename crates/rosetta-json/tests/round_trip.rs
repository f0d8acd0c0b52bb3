//! Property: any object of a small schema that uses every kind of field survives
//! Object → JSON (text, compact or pretty, and `serde_json::Value`) → Object unchanged, and any
//! update survives the update form.

use proptest::prelude::*;
use rosetta_json::spatialos::{self, DumpOptions, MemberOrder};
use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::TypeId;
use rosetta_wire::family::*;
use rosetta_wire::{ComponentUpdate, Object};

const SCHEMA: &str = r#"
package p;
enum Mood { CALM = 0; ANGRY = 3; }
type Inner { option<float> f = 1; list<double> ds = 2; sint64 s = 3; }
component Thing {
  id = 7;
  int32 i = 1;
  int64 l = 2;
  uint64 u = 3;
  sint32 z = 4;
  float f = 5;
  double d = 6;
  bool b = 7;
  string s = 8;
  bytes by = 9;
  Mood mood = 10;
  option<Inner> inner = 11;
  list<int32> is = 12;
  list<string> ss = 13;
  map<string, int64> m = 14;
  list<Inner> inners = 15;
  fixed64 fx = 16;
  sfixed32 sf = 17;
  EntityId e = 18;
  event Inner happened;
}
"#;

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "p.schema".into(),
        text: SCHEMA.into(),
    }])
    .unwrap();
    Schema::from_bundle(compiled.bundle()).unwrap()
}

/// Every float but NaN (whose payload JSON does not keep).
fn float() -> impl Strategy<Value = f32> {
    any::<f32>().prop_filter("not NaN", |f| !f.is_nan())
}

fn double() -> impl Strategy<Value = f64> {
    any::<f64>().prop_filter("not NaN", |f| !f.is_nan())
}

fn inner() -> impl Strategy<Value = Object> {
    (
        proptest::option::of(float()),
        proptest::collection::vec(double(), 0..4),
        any::<i64>(),
    )
        .prop_map(|(f, ds, s)| {
            let mut o = Object::new();
            if let Some(f) = f {
                o.add::<Float>(1, f);
            }
            o.add_list::<Double>(2, &ds);
            o.add::<Sint64>(3, s);
            o
        })
}

fn thing() -> impl Strategy<Value = Object> {
    let scalars = (
        any::<i32>(),
        any::<i64>(),
        any::<u64>(),
        any::<i32>(),
        float(),
        double(),
        any::<bool>(),
        ".*",
        proptest::collection::vec(any::<u8>(), 0..16),
        prop_oneof![Just(0u32), Just(3u32), any::<u32>()],
    );
    let composites = (
        proptest::option::of(inner()),
        proptest::collection::vec(any::<i32>(), 0..5),
        proptest::collection::vec(".*", 0..3),
        proptest::collection::vec(("[a-z]{0,4}", any::<i64>()), 0..3),
        proptest::collection::vec(inner(), 0..3),
        (any::<u64>(), any::<i32>(), any::<i64>()),
    );
    (scalars, composites).prop_map(
        |((i, l, u, z, f, d, b, s, by, mood), (opt, is, ss, m, inners, (fx, sf, e)))| {
            let mut o = Object::new();
            o.add::<Int32>(1, i);
            o.add::<Int64>(2, l);
            o.add::<Uint64>(3, u);
            o.add::<Sint32>(4, z);
            o.add::<Float>(5, f);
            o.add::<Double>(6, d);
            o.add::<Bool>(7, b);
            o.add_string(8, &s);
            o.add_bytes(9, &by);
            o.add::<Enum>(10, mood);
            if let Some(inner) = opt {
                *o.add_object(11) = inner;
            }
            o.add_list::<Int32>(12, &is);
            for s in &ss {
                o.add_string(13, s);
            }
            for (k, v) in &m {
                let entry = o.add_object(14);
                entry.add_string(1, k);
                entry.add::<Int64>(2, *v);
            }
            for inner in inners {
                *o.add_object(15) = inner;
            }
            o.add::<Fixed64>(16, fx);
            o.add::<Sfixed32>(17, sf);
            o.add::<EntityId>(18, e);
            o
        },
    )
}

fn thing_type(schema: &Schema) -> TypeId {
    schema.registry().lookup("p.Thing").unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn objects_round_trip(object in thing(), pretty in any::<bool>(), sorted in any::<bool>()) {
        let schema = schema();
        let registry = schema.registry();
        let ty = thing_type(&schema);
        let options = DumpOptions {
            pretty,
            member_order: if sorted { MemberOrder::Alphabetical } else { MemberOrder::Declaration },
            ..DumpOptions::default()
        };
        let text = spatialos::object_to_string(registry, ty, &object, &options).unwrap();
        let parsed = spatialos::parse(&text).unwrap();
        let back = spatialos::load_object(registry, ty, &parsed).unwrap();
        prop_assert_eq!(&back, &object, "{}", text);
        prop_assert_eq!(back.encode(), object.encode());
        let value = spatialos::dump_object_with(registry, ty, &object, &options).unwrap();
        prop_assert_eq!(&value, &parsed);
        let expected = if pretty { serde_json::to_string_pretty(&value) } else { serde_json::to_string(&value) };
        prop_assert_eq!(text, expected.unwrap());
    }

    #[test]
    fn updates_round_trip(
        fields in thing(),
        keep in proptest::collection::vec(any::<bool>(), 18),
        cleared in proptest::collection::vec(1u32..=18, 0..4),
        events in proptest::collection::vec(inner(), 0..3),
    ) {
        let schema = schema();
        let registry = schema.registry();
        let ty = thing_type(&schema);
        let mut update = ComponentUpdate::new();
        for id in 1..=18u32 {
            if keep[id as usize - 1] {
                update.fields_mut().copy_field_from(&fields, id);
            }
        }
        for id in cleared {
            update.add_cleared_field(id);
        }
        for event in events {
            *update.add_event(1) = event;
        }
        let text = spatialos::update_to_string(registry, ty, &update, &DumpOptions::pretty()).unwrap();
        let back = spatialos::load_update(registry, ty, &spatialos::parse(&text).unwrap()).unwrap();
        prop_assert_eq!(back, update, "{}", text);
    }
}

#[test]
fn an_update_with_what_the_component_does_not_declare_is_an_error_in_both_forms() {
    use rosetta_json::o3de;
    let schema = schema();
    let registry = schema.registry();
    let ty = thing_type(&schema);
    type Make = fn(&mut ComponentUpdate);
    let cases: [(&str, Make); 3] = [
        ("field 40", |u| u.fields_mut().add::<Int32>(40, 1)),
        ("field 41", |u| u.add_cleared_field(41)),
        ("event 9", |u| {
            u.add_event(9);
        }),
    ];
    for (what, make) in cases {
        let mut update = ComponentUpdate::new();
        update.fields_mut().add::<Int32>(1, 5);
        make(&mut update);
        let options = o3de::StoreOptions::default();
        let e = o3de::store_update(registry, ty, &update, &options, &mut o3de::Quiet).unwrap_err();
        assert!(e.to_string().contains(what), "{what}: {e}");
        let e = spatialos::update_to_string(registry, ty, &update, &DumpOptions::default());
        assert!(e.is_err(), "{what}");
    }
}
