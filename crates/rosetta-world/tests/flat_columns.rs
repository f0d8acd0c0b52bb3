//! Components of fixed-size types live in flat columns: values survive every move between
//! tables, inheritance, re-registration of the type, and read the same through `get`, the
//! query's `FieldValue` and a `#[repr(C)]` slice.

use proptest::prelude::*;
use rosetta_types::Value;
use rosetta_world::eval::{FieldValue, Query};
use rosetta_world::store::Column;
use rosetta_world::{builtin, script, Id, World};

const TYPES: &str = r#"[
    ["enum", "Color", ["Red", "Green", "Blue"]],
    ["struct", "Sample", [["on", "bool"], ["hp", "i16"], ["mass", "f64"], ["color", "Color"],
                          ["cells", "u8", {"count": 3}], ["owner", "entity"]]],
    ["struct", "Name", [["text", "string"]]],
    ["tag", "Moving"]
]"#;

fn world() -> (World, Id, Id, Id) {
    let w = script::load_str(TYPES).expect("types load").world;
    let sample = w.lookup("Sample").expect("Sample");
    let name = w.lookup("Name").expect("Name");
    let moving = w.lookup("Moving").expect("Moving");
    (w, sample, name, moving)
}

fn sample(on: bool, hp: i16, mass: f64, color: i64, cells: [u8; 3], owner: i64) -> Value {
    Value::Struct(
        [
            Value::Bool(on),
            Value::I16(hp),
            Value::F64(mass),
            Value::Enum(color),
            Value::List(cells.iter().map(|&c| Value::U8(c)).collect()),
            Value::EntityId(owner),
        ]
        .into(),
    )
}

#[test]
fn fixed_size_types_are_flat_and_strings_are_not() {
    let (mut w, s, name, _) = world();
    let e = w.new_entity();
    w.set(e, s, sample(true, -3, 2.5, 2, [1, 2, 3], 7)).unwrap();
    w.set(e, name, Value::Struct([Value::Option(None)].into()))
        .unwrap();
    let t = w.table(w.table_of(e).unwrap());
    assert!(matches!(t.column(s), Some(Column::Flat(_))));
    assert!(matches!(t.column(name), Some(Column::Data(_))));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Values set on many entities keep their values while the entities move between tables
    /// (a tag added and removed), other rows are deleted around them, and the type is
    /// registered again.
    #[test]
    fn values_survive_moves(rows in proptest::collection::vec(
        (any::<bool>(), any::<i16>(), any::<f64>(), 0i64..3, any::<[u8; 3]>(), any::<i64>(),
         any::<bool>(), any::<bool>()), 1..40)) {
        let (mut w, s, _, moving) = world();
        let mut kept = Vec::new();
        for (on, hp, mass, color, cells, owner, tag, delete) in &rows {
            let e = w.new_entity();
            let v = sample(*on, *hp, *mass, *color, *cells, *owner);
            w.set(e, s, v.clone()).unwrap();
            if *tag {
                w.add(e, moving).unwrap();
            }
            if *delete {
                w.delete(e).unwrap();
            } else {
                kept.push((e, v));
            }
        }
        for (e, _) in &kept {
            if w.has(*e, moving) {
                w.remove(*e, moving).unwrap();
            } else {
                w.add(*e, moving).unwrap();
            }
        }
        for (e, v) in &kept {
            let got = w.get(*e, s).map(|c| c.into_owned());
            prop_assert_eq!(got.as_ref(), Some(v));
        }
        // The query sees the same values, per result run.
        w.process_pending();
        let q = Query::new(&w, "Sample").unwrap();
        let mut seen = 0;
        q.each(&w, |m| {
            let vals = m.value(0);
            for (i, e) in m.entities().iter().enumerate() {
                let want = kept.iter().find(|(k, _)| k == e).map(|(_, v)| v);
                assert_eq!(vals.get(i).as_deref(), want);
                seen += 1;
            }
            true
        });
        prop_assert_eq!(seen, kept.len());
    }
}

#[test]
fn inherited_values_are_shared() {
    let (mut w, s, _, _) = world();
    let base = w.prefab("Base").unwrap();
    let v = sample(false, 1, -0.0, 1, [0, 0, 9], 0);
    w.set(base, s, v.clone()).unwrap();
    let e = w.entity("e").unwrap();
    w.add(e, Id::pair(builtin::IS_A, base)).unwrap();
    assert_eq!(w.get(e, s).as_deref(), Some(&v));
    w.process_pending();
    let q = Query::new(&w, "Sample(e)").unwrap();
    let mut shared = None;
    q.each(&w, |m| {
        shared = Some(m.value(0));
        false
    });
    assert!(matches!(shared, Some(FieldValue::Shared(x)) if *x == v));
}

#[test]
fn repr_c_slices_read_the_columns() {
    #[repr(C)]
    #[derive(Clone, Copy, Debug, PartialEq, bytemuck::AnyBitPattern)]
    struct Position {
        x: f32,
        y: f32,
    }
    let mut l = script::load_str(
        r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]],
            ["entity", "a"], ["set", "a", "Position", {"x": 1, "y": 2}],
            ["entity", "b"], ["set", "b", "Position", {"x": 3, "y": 4}]]"#,
    )
    .unwrap();
    l.world.process_pending();
    let q = Query::new(&l.world, "Position").unwrap();
    let mut all = Vec::new();
    q.each(&l.world, |m| {
        if let FieldValue::Owned(v) = m.value(0) {
            all.extend_from_slice(v.as_slice::<Position>().unwrap());
            assert!(v.as_slice::<[f64; 2]>().is_none());
        }
        true
    });
    assert_eq!(
        all,
        [Position { x: 1.0, y: 2.0 }, Position { x: 3.0, y: 4.0 }]
    );
}

#[test]
fn reflection_after_use_makes_the_column_flat() {
    let l = script::load_str(
        r#"[["component", "Position"], ["entity", "a"], ["add", "a", "Position"],
            ["struct", "Position", [["x", "i32"], ["y", "i32"]]]]"#,
    )
    .unwrap();
    let (w, a) = (&l.world, l.world.lookup("a").unwrap());
    let pos = w.lookup("Position").unwrap();
    let t = w.table(w.table_of(a).unwrap());
    assert!(matches!(t.column(pos), Some(Column::Flat(_))));
    assert_eq!(
        w.get(a, pos).as_deref(),
        Some(&Value::Struct([Value::I32(0), Value::I32(0)].into()))
    );
}
