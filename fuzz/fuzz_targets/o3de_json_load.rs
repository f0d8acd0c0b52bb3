//! Arbitrary text as O3DE JSON (`rosetta_json::o3de`) for a struct of many kinds and for a
//! component update: loading must never panic, and what loads (without halting) stores and
//! loads back to the same value (the same update).
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
use rosetta_types::{
    ComponentInfo, Constant, EnumType, Field, IntType, Kind, MathScalar, MathShape, MathType,
    StructType, TypeDef, TypeId, TypeRegistry,
};

struct Fixture {
    registry: TypeRegistry,
    /// The struct of many kinds, the recursive node, the polymorphic base.
    types: [TypeId; 3],
    component: TypeId,
}

/// Loading that reads numbers as the correctly rounded doubles, so that stored text loads
/// back as the value it was stored from.
fn exact() -> LoadOptions {
    LoadOptions {
        full_precision: true,
        ..LoadOptions::default()
    }
}

fn fixture() -> &'static Fixture {
    static FIXTURE: OnceLock<Fixture> = OnceLock::new();
    FIXTURE.get_or_init(|| {
        let mut b = TypeRegistry::builder();
        let node = b.declare("fz.Node").expect("fresh");
        let next = b.option(node);
        let children = b.list(node);
        let fields = StructType::new([
            Field::new("label", TypeId::STRING),
            Field::new("next", next),
            Field::new("children", children),
        ])
        .expect("distinct");
        b.define(node, fields).expect("defined once");

        let base = StructType::new([Field::new("x", TypeId::FLOAT)]).expect("ok");
        let base = b.add("fz.Base", base).expect("fresh");
        let derived = StructType::new([Field::new("y", TypeId::INT32)]).expect("ok");
        b.add("fz.Derived", TypeDef::new(derived).with_base(base))
            .expect("fresh");
        let poly = b.polymorphic(base);

        let mood = EnumType::new(
            IntType::INT32,
            [Constant::new("Calm", 0), Constant::new("Angry", 3)],
        )
        .expect("ok");
        let mood = b.add("fz.Mood", Kind::Enum(mood)).expect("fresh");
        let flags = EnumType::new(
            IntType::UINT32,
            [Constant::new("A", 1), Constant::new("B", 2)],
        )
        .expect("ok")
        .open();
        let flags = b.add("fz.Flags", Kind::Bitmask(flags)).expect("fresh");

        let ints = b.list(TypeId::INT32);
        let set = b.set(TypeId::STRING);
        let map = b.map(TypeId::STRING, TypeId::DOUBLE);
        let by_mood = b.map(mood, node);
        let arr = b.array(TypeId::UINT8, 3);
        let tup = b.tuple([TypeId::BOOL, TypeId::UUID]);
        let v3 = b.math(MathType::VECTOR3);
        let color = b.math(MathType::COLOR);
        let q = b.math(MathType::QUATERNION);
        let trs = b.math(MathType::new(MathShape::TransformTrs, MathScalar::F32));
        let m33 = b.math(MathType::new(
            MathShape::Matrix { rows: 3, cols: 3 },
            MathScalar::F32,
        ));
        let opt = b.option(TypeId::INT64);
        let all = StructType::new(
            [
                ("b", TypeId::BOOL),
                ("i8", TypeId::INT8),
                ("u16", TypeId::UINT16),
                ("i64", TypeId::INT64),
                ("u64", TypeId::UINT64),
                ("f", TypeId::FLOAT),
                ("d", TypeId::DOUBLE),
                ("s", TypeId::STRING),
                ("by", TypeId::BYTES),
                ("e", TypeId::ENTITY_ID),
                ("u", TypeId::UUID),
                ("mood", mood),
                ("flags", flags),
                ("ints", ints),
                ("set", set),
                ("map", map),
                ("by_mood", by_mood),
                ("arr", arr),
                ("tup", tup),
                ("v3", v3),
                ("color", color),
                ("q", q),
                ("trs", trs),
                ("m33", m33),
                ("opt", opt),
                ("node", node),
                ("poly", poly),
                ("any", TypeId::ANY),
            ]
            .map(|(name, ty)| Field::new(name, ty)),
        )
        .expect("distinct");
        let all = b.add("fz.All", all).expect("fresh");

        let numbered = StructType::new([
            Field::new("i", TypeId::INT32).with_number(1),
            Field::new("s", TypeId::STRING).with_number(2),
            Field::new("ints", ints).with_number(3),
            Field::new("opt", opt).with_number(4),
            Field::new("map", map).with_number(5),
            Field::new("mood", mood).with_number(6),
            Field::new("f", TypeId::FLOAT).with_number(7),
        ])
        .expect("distinct");
        let component = b
            .add(
                "fz.Thing",
                TypeDef::new(numbered).with_component(ComponentInfo::new(7)),
            )
            .expect("fresh");
        Fixture {
            registry: b.build().expect("valid registry"),
            types: [all, node, poly],
            component,
        }
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let f = fixture();
    let r = &f.registry;
    for ty in f.types {
        for strict in [false, true] {
            let options = LoadOptions {
                strict,
                ..LoadOptions::default()
            };
            let Ok(loaded) = o3de::load(r, ty, text, &options, &mut Quiet) else {
                continue;
            };
            if loaded.result.halted() {
                continue;
            }
            // NaN is not equal to itself: compare the stored text instead of the values.
            let once = o3de::store(r, ty, &loaded.value, &StoreOptions::default(), &mut Quiet)
                .expect("a loaded value stores");
            // Full precision: what Rosetta wrote reads back as itself (O3DE's own number
            // reading is sometimes one unit in the last place off).
            let again =
                o3de::load(r, ty, &once.json, &exact(), &mut Quiet).expect("stored JSON loads");
            assert!(!again.result.halted(), "{}: {:?}", once.json, again.result);
            let twice = o3de::store(r, ty, &again.value, &StoreOptions::default(), &mut Quiet)
                .expect("a loaded value stores");
            assert_eq!(once.json, twice.json);
        }
    }
    if let Ok((update, code)) =
        o3de::load_update(r, f.component, text, &LoadOptions::default(), &mut Quiet)
    {
        if !code.halted() {
            let once = o3de::store_update(
                r,
                f.component,
                &update,
                &StoreOptions::default(),
                &mut Quiet,
            )
            .expect("a loaded update stores");
            let (again, _) = o3de::load_update(r, f.component, &once.json, &exact(), &mut Quiet)
                .expect("a stored update loads");
            let twice =
                o3de::store_update(r, f.component, &again, &StoreOptions::default(), &mut Quiet)
                    .expect("a loaded update stores");
            assert_eq!(once.json, twice.json);
        }
    }
});
