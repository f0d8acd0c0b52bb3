//! Properties of `de::world_from_json`: values written in Flecs' forms read back to
//! themselves, and any document shaped like world JSON is read or refused with where,
//! never a panic.

use proptest::prelude::*;
use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_types::Value;
use rosetta_world::{script, Id, World};
use serde_json::{json, Value as Json};

const TYPES: &str = r#"[
    ["struct", "Big", [["u", "u64"], ["i", "i64"], ["d", "f64"], ["f", "f32"], ["s", "string"], ["b", "bool"]]],
    ["enum", "Color", [["Red"], ["Green"], ["Blue"]]],
    ["bitmask", "Toppings", [["Bacon"], ["Lettuce"], ["Tomato"]]],
    ["type", {"vector": "Ints", "type": "i32"}],
    ["struct", "Tagged", [["color", "Color"], ["flags", "Toppings"], ["list", "Ints"]]],
    ["tag", "T1"],
    ["tag", "T2"]
]"#;

fn types() -> World {
    match script::load_str(TYPES) {
        Ok(l) => l.world,
        Err(e) => panic!("{e}"),
    }
}

/// A u64 or i64 as Flecs writes it: quoted from 2^31 up.
fn flecs_int(v: i128) -> Json {
    if v >= 1 << 31 {
        Json::String(v.to_string())
    } else {
        json!(v)
    }
}

/// A float as Flecs writes it: NaN and Inf quoted, large magnitudes in a quoted exponent form.
fn flecs_float(v: f64) -> Json {
    if v.is_nan() {
        json!("NaN")
    } else if v.is_infinite() {
        json!(if v > 0.0 { "Inf" } else { "-Inf" })
    } else if v.abs() >= 1e15 {
        Json::String(format!("{v:e}"))
    } else {
        json!(v)
    }
}

#[derive(Debug, Clone)]
struct Big {
    u: u64,
    i: i64,
    d: f64,
    f: f32,
    s: Option<String>,
    b: bool,
}

fn big() -> impl Strategy<Value = Big> {
    (
        any::<u64>(),
        any::<i64>(),
        prop_oneof![
            any::<f64>(),
            Just(f64::NAN),
            Just(f64::INFINITY),
            -1e6..1e6f64
        ],
        any::<f32>(),
        proptest::option::of("[a-z \"\\\\]{0,8}"),
        any::<bool>(),
    )
        .prop_map(|(u, i, d, f, s, b)| Big { u, i, d, f, s, b })
}

fn same_float(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a == b
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    fn values_in_flecs_forms_read_back(
        bigs in proptest::collection::vec(big(), 1..6),
        colors in proptest::collection::vec((0..3i64, 0..8i64, proptest::collection::vec(any::<i32>(), 0..4)), 1..6),
        anonymous in any::<bool>(),
    ) {
        let names: Vec<Json> = (0..bigs.len())
            .map(|i| if anonymous { json!(20_000 + i) } else { json!(format!("e{i}")) })
            .collect();
        let values: Vec<Json> = bigs
            .iter()
            .map(|b| json!({
                "u": flecs_int(b.u.into()), "i": flecs_int(b.i.into()), "d": flecs_float(b.d),
                "f": flecs_float(b.f.into()), "s": b.s, "b": b.b,
            }))
            .collect();
        let constant = ["Red", "Green", "Blue"];
        let flag = ["Bacon", "Lettuce", "Tomato"];
        let tagged: Vec<Json> = (0..bigs.len())
            .map(|k| {
                let (c, bits, list) = &colors[k % colors.len()];
                let flags: Vec<&str> = (0..3).filter(|b| bits & (1 << b) != 0).map(|b| flag[b]).collect();
                let flags = if flags.is_empty() { json!(0) } else { json!(flags.join("|")) };
                json!({"color": constant[*c as usize], "flags": flags, "list": list})
            })
            .collect();
        let doc = json!({"results": [{
            "ids": [["Big"], ["Tagged"], ["T1"]],
            "entities": names,
            "values": [values, tagged, 0],
        }]});
        let mut w = types();
        let report = world_from_json(&mut w, &doc.to_string(), &FromJsonDesc { strict: true });
        prop_assert!(report.is_ok(), "{:?}", report);
        let big_c = w.lookup("Big").unwrap();
        let tagged_c = w.lookup("Tagged").unwrap();
        for (k, b) in bigs.iter().enumerate() {
            let e = if anonymous { Id(20_000 + k as u64) } else { w.lookup(&format!("e{k}")).unwrap() };
            prop_assert!(w.has(e, w.lookup("T1").unwrap()));
            let Some(v) = w.get_owned(e, big_c) else { return Err(TestCaseError::fail("no Big")) };
            let Value::Struct(f) = v.as_ref() else { return Err(TestCaseError::fail("not a struct")) };
            prop_assert_eq!(&f[0], &Value::U64(b.u));
            prop_assert_eq!(&f[1], &Value::I64(b.i));
            prop_assert!(matches!(f[2], Value::F64(x) if same_float(x, b.d)), "{:?} {}", f[2], b.d);
            prop_assert!(matches!(f[3], Value::F32(x) if same_float(x.into(), b.f.into())), "{:?} {}", f[3], b.f);
            let s = b.s.as_ref().map(|s| Box::new(Value::String(s.as_str().into())));
            prop_assert_eq!(&f[4], &Value::Option(s));
            prop_assert_eq!(&f[5], &Value::Bool(b.b));
            let (c, bits, list) = &colors[k % colors.len()];
            let t = w.get_owned(e, tagged_c).unwrap().into_owned();
            let ints = Value::List(list.iter().map(|&i| Value::I32(i)).collect());
            prop_assert_eq!(t, Value::Struct(vec![Value::Enum(*c), Value::Enum(*bits), ints].into_boxed_slice()));
        }
    }

    #[test]
    fn world_json_shaped_documents_never_panic(doc in document()) {
        let text = doc.to_string();
        for strict in [false, true] {
            let mut w = types();
            if let Err(e) = world_from_json(&mut w, &text, &FromJsonDesc { strict }) {
                let message = e.to_string();
                prop_assert!(message.starts_with("world JSON at /"), "{message}");
                prop_assert!(message.contains("(line 1, column "), "{message}");
            }
        }
    }
}

/// A name: a known one, a path, an anonymous id, or something odd.
fn name() -> impl Strategy<Value = Json> {
    prop_oneof![
        prop::sample::select(vec![
            "Big",
            "Tagged",
            "T1",
            "T2",
            "Color",
            "flecs.core.Prefab",
            "a.b",
            "1000",
            "*",
            "",
            "a..b",
            "flecs.core.ChildOf"
        ])
        .prop_map(|s| json!(s)),
        (0u64..5_000_000_000).prop_map(|n| json!(n)),
        "[a-z0-9.]{0,6}".prop_map(|s| json!(s)),
    ]
}

fn leaf() -> impl Strategy<Value = Json> {
    prop_oneof![
        Just(json!(0)),
        Just(json!(null)),
        any::<bool>().prop_map(|b| json!(b)),
        any::<i64>().prop_map(|i| json!(i)),
        any::<f64>()
            .prop_filter("finite", |f| f.is_finite())
            .prop_map(|f| json!(f)),
        prop::sample::select(vec![
            "NaN",
            "Inf",
            "Red",
            "Bacon|Tomato",
            "1e4",
            "18446744073709551616",
            "x"
        ])
        .prop_map(|s| json!(s)),
    ]
}

fn value() -> impl Strategy<Value = Json> {
    leaf().prop_recursive(4, 24, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Json::Array),
            proptest::collection::vec(
                (
                    prop::sample::select(vec![
                        "u", "i", "d", "f", "s", "b", "color", "flags", "list", "zz", "color.x"
                    ]),
                    inner
                ),
                0..4
            )
            .prop_map(|m| Json::Object(m.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

fn result() -> impl Strategy<Value = Json> {
    (
        proptest::collection::vec(
            proptest::collection::vec(name(), 1..3).prop_map(Json::Array),
            0..4,
        ),
        proptest::option::of(name()),
        proptest::collection::vec(name(), 0..4),
        proptest::option::of(proptest::collection::vec(
            prop_oneof![
                Just(json!(0)),
                proptest::collection::vec(value(), 0..4).prop_map(Json::Array),
                value()
            ],
            0..5,
        )),
    )
        .prop_map(|(ids, parent, entities, values)| {
            let mut m = serde_json::Map::new();
            m.insert("ids".into(), Json::Array(ids));
            if let Some(p) = parent {
                m.insert("parent".into(), p);
            }
            m.insert("entities".into(), Json::Array(entities));
            if let Some(v) = values {
                m.insert("values".into(), Json::Array(v));
            }
            Json::Object(m)
        })
}

fn document() -> impl Strategy<Value = Json> {
    proptest::collection::vec(result(), 0..4).prop_map(|r| json!({ "results": r }))
}
