//! `rosetta_json::o3de::serde::to_string` against the other writers: serde_json's text for what
//! both write the same way, and `o3de::store`'s text for a registry type of the same shape.

use std::collections::{BTreeMap, HashMap};

use rosetta_json::o3de::{self, serde::to_string, FloatForm, StoreOptions};
use rosetta_types::{
    Constant, EnumType, Field, IntType, Kind, MathType, StructType, TypeDef, TypeId, TypeRegistry,
    Value,
};
use serde::Serialize;

fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    to_string(value, &StoreOptions::default()).unwrap()
}

fn shortest() -> StoreOptions {
    StoreOptions {
        float_form: FloatForm::Shortest,
        ..StoreOptions::default()
    }
}

#[derive(Serialize)]
enum Shape {
    Empty,
}

#[derive(Serialize)]
struct Stats {
    attack: i32,
    magic: f32,
    ratio: f64,
    label: String,
    flags: Vec<bool>,
}

#[derive(Serialize)]
struct Player {
    id: u64,
    big: i128,
    name: String,
    quote: String,
    alive: bool,
    class: Shape,
    stats: Stats,
    best: Option<Stats>,
    none: Option<u8>,
    items: BTreeMap<String, Stats>,
    counts: HashMap<String, u32>,
    nested: Vec<Vec<f32>>,
    position: [f32; 3],
}

fn stats(i: i32) -> Stats {
    Stats {
        attack: i * 7 - 3,
        magic: i as f32 * 0.1 + 0.3,
        ratio: 1.0 / f64::from(i + 3),
        label: format!("label {i} \u{e9}"),
        flags: (0..i % 4).map(|j| j % 2 == 0).collect(),
    }
}

#[test]
fn compact_shortest_is_serde_json_text() {
    let players: Vec<Player> = (0..5)
        .map(|i| Player {
            id: u64::MAX - i as u64,
            big: i128::MIN + i,
            name: format!("player {i}"),
            quote: "say \"hi\"\n\tand \\ go / \u{7f} \u{2028}".into(),
            alive: i % 2 == 0,
            class: Shape::Empty,
            stats: stats(i as i32),
            best: (i % 2 == 1).then(|| stats(9)),
            none: None,
            items: (0..i)
                .map(|j| (format!("item{j}"), stats(j as i32)))
                .collect(),
            counts: (0..i).map(|j| (format!("c{j}"), j as u32 * 1000)).collect(),
            nested: vec![vec![], vec![1e-45, 3.4028235e38, -0.0, 16777216.0, 1e10]],
            position: [1024.5, -37.125, 0.1],
        })
        .collect();
    let ours = to_string(&players, &shortest()).unwrap();
    // One difference by design: an empty map is `[]`, as O3DE writes a kept empty map.
    let theirs = serde_json::to_string(&players)
        .unwrap()
        .replace(r#""items":{}"#, r#""items":[]"#)
        .replace(r#""counts":{}"#, r#""counts":[]"#);
    assert_eq!(ours, theirs);
    for x in [0.2f32, 1e-7, 123456.79, f32::MIN_POSITIVE, f32::MAX, 7e-45] {
        let text = to_string(&x, &shortest()).unwrap();
        assert_eq!(text, serde_json::to_string(&x).unwrap());
    }
    for x in [0.1f64, 1e300, 5e-324, -0.0, 1e16, 123.456] {
        let text = to_string(&x, &shortest()).unwrap();
        assert_eq!(text, serde_json::to_string(&x).unwrap());
    }
    // O3DE's text is RapidJSON's: other digits and another layout.
    assert_eq!(compact(&1e16f64), "10000000000000000.0");
    assert_eq!(compact(&0.3f32), "0.30000001192092898");
    // Where the texts differ by design: control characters escaped with RapidJSON's capital hex
    // digits, not-finite floats as strings (serde_json writes `null`).
    assert_eq!(compact("\u{1f}"), r#""\u001F""#);
    assert_eq!(serde_json::to_string("\u{1f}").unwrap(), r#""\u001f""#);
    assert_eq!(to_string(&f32::NAN, &shortest()).unwrap(), r#""NaN""#);
    assert_eq!(serde_json::to_string(&f32::NAN).unwrap(), "null");
}

#[test]
fn derived_struct_is_the_registry_path_text() {
    #[derive(Serialize)]
    enum Class {
        Warrior,
        Mage,
    }
    #[derive(Serialize)]
    struct Hero {
        level: u16,
        speed: f32,
        weight: f64,
        alive: bool,
        name: String,
        class: Class,
        pos: [f32; 3],
        tags: Vec<String>,
        stats: BTreeMap<String, i32>,
        ids: BTreeMap<i32, String>,
        maybe: Option<i64>,
        nothing: Option<i64>,
    }
    let hero = Hero {
        level: 0,
        speed: 0.2,
        weight: 82.35,
        alive: false,
        name: "A \"b\"".into(),
        class: Class::Mage,
        pos: [1.0, -0.1, 0.0],
        tags: vec!["x".into(), String::new()],
        stats: [("hp".to_owned(), 5), ("mp".to_owned(), 0)].into(),
        ids: [(3, "c".to_owned())].into(),
        maybe: Some(-4),
        nothing: None,
    };
    let _ = Class::Warrior;

    let mut b = TypeRegistry::builder();
    let class = EnumType::new(
        IntType::INT32,
        [Constant::new("Warrior", 0), Constant::new("Mage", 1)],
    )
    .unwrap();
    let class = b.add("Class", TypeDef::new(Kind::Enum(class))).unwrap();
    let fields = vec![
        Field::new("level", TypeId::UINT16),
        Field::new("speed", TypeId::FLOAT),
        Field::new("weight", TypeId::DOUBLE),
        Field::new("alive", TypeId::BOOL),
        Field::new("name", TypeId::STRING),
        Field::new("class", class),
        Field::new("pos", b.math(MathType::VECTOR3)),
        Field::new("tags", b.list(TypeId::STRING)),
        Field::new("stats", b.map(TypeId::STRING, TypeId::INT32)),
        Field::new("ids", b.map(TypeId::INT32, TypeId::STRING)),
        Field::new("maybe", b.option(TypeId::INT64)),
        Field::new("nothing", b.option(TypeId::INT64)),
    ];
    let hero_ty = b.add("Hero", StructType::new(fields).unwrap()).unwrap();
    let registry = b.build().unwrap();
    let value = Value::structure([
        Value::U16(0),
        Value::F32(0.2),
        Value::F64(82.35),
        Value::Bool(false),
        Value::String("A \"b\"".into()),
        Value::Enum(1),
        Value::math_f32([1.0, -0.1, 0.0]),
        Value::List(Box::new([
            Value::String("x".into()),
            Value::String("".into()),
        ])),
        Value::Map(Box::new([
            (Value::String("hp".into()), Value::I32(5)),
            (Value::String("mp".into()), Value::I32(0)),
        ])),
        Value::Map(Box::new([(Value::I32(3), Value::String("c".into()))])),
        Value::Option(Some(Box::new(Value::I64(-4)))),
        Value::Option(None),
    ]);
    for options in [StoreOptions::default(), StoreOptions::pretty(), shortest()] {
        let options = StoreOptions {
            keep_defaults: true,
            ..options
        };
        let stored = o3de::store(&registry, hero_ty, &value, &options, &mut o3de::Quiet).unwrap();
        assert_eq!(to_string(&hero, &options).unwrap(), stored.json);
    }
}

mod round_trip {
    //! `to_string` then `from_str` gives the value back, for every option that changes the
    //! text; and `from_str` never panics on arbitrary text.

    use std::collections::BTreeMap;

    use proptest::prelude::*;
    use rosetta_json::o3de::serde::{from_str, to_string};
    use rosetta_json::o3de::{Collect, FloatForm, LoadOptions, Outcome, Quiet, StoreOptions};
    use serde::{Deserialize, Serialize};

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    enum Shape {
        Plain,
        Wrapped(i32),
        Pair(u8, String),
        Named { x: f32, tags: Vec<String> },
    }

    #[derive(Serialize, Deserialize, Debug, PartialEq, Clone)]
    struct Everything {
        b: bool,
        small: (i8, u16, char),
        wide: (i64, u64, i128, u128),
        f: f32,
        d: f64,
        s: String,
        opt: Option<i16>,
        list: Vec<u32>,
        arr: [f32; 3],
        tup: (bool, String),
        by_name: BTreeMap<String, i32>,
        by_int: BTreeMap<i64, bool>,
        shapes: Vec<Shape>,
        unit: (),
    }

    fn finite_f32() -> impl Strategy<Value = f32> {
        any::<f32>().prop_filter("finite", |x| x.is_finite())
    }

    fn shape() -> impl Strategy<Value = Shape> {
        prop_oneof![
            Just(Shape::Plain),
            any::<i32>().prop_map(Shape::Wrapped),
            (any::<u8>(), any::<String>()).prop_map(|(a, b)| Shape::Pair(a, b)),
            (finite_f32(), prop::collection::vec(any::<String>(), 0..3))
                .prop_map(|(x, tags)| Shape::Named { x, tags }),
        ]
    }

    fn everything() -> impl Strategy<Value = Everything> {
        let scalars = (
            any::<bool>(),
            (any::<i8>(), any::<u16>(), any::<char>()),
            (any::<i64>(), any::<u64>(), any::<i128>(), any::<u128>()),
            finite_f32(),
            any::<f64>().prop_filter("finite", |x| x.is_finite()),
            any::<String>(),
            any::<Option<i16>>(),
        );
        let containers = (
            prop::collection::vec(any::<u32>(), 0..5),
            [finite_f32(), finite_f32(), finite_f32()],
            (any::<bool>(), any::<String>()),
            prop::collection::btree_map(any::<String>(), any::<i32>(), 0..4),
            prop::collection::btree_map(any::<i64>(), any::<bool>(), 0..4),
            prop::collection::vec(shape(), 0..4),
        );
        (scalars, containers).prop_map(
            |((b, small, wide, f, d, s, opt), (list, arr, tup, by_name, by_int, shapes))| {
                Everything {
                    b,
                    small,
                    wide,
                    f,
                    d,
                    s,
                    opt,
                    list,
                    arr,
                    tup,
                    by_name,
                    by_int,
                    shapes,
                    unit: (),
                }
            },
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn to_string_then_from_str_gives_the_value_back(value in everything()) {
            for (float_form, indent, sort_maps) in [
                (FloatForm::Widened, None, false),
                (FloatForm::Shortest, Some(4), false),
                (FloatForm::Widened, Some(2), true),
            ] {
                let options = StoreOptions { float_form, indent, sort_maps, ..StoreOptions::default() };
                let text = to_string(&value, &options).unwrap();
                let mut report = Collect::default();
                // Full precision: O3DE's own number reading is one unit in the last place off
                // for some doubles.
                let full = LoadOptions { full_precision: true, ..LoadOptions::default() };
                let (back, code) = from_str::<Everything>(&text, &full, &mut report)
                    .unwrap_or_else(|e| panic!("{text}: {e}"));
                prop_assert_eq!(&back, &value, "{}", text);
                // Member names other than strings' are read from text, which is reported.
                prop_assert!(report.reports.iter().all(|r| r.path.starts_with("/by_int/")), "{:?}", report.reports);
                prop_assert_eq!(code.outcome(), Outcome::Success);
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,40}|[\\[\\]{}\",:0-9a-zA-Z$ .eE+-]{0,60}") {
            let options = LoadOptions::default();
            let _ = from_str::<Everything>(&text, &options, &mut Quiet);
            let _ = from_str::<Vec<Shape>>(&text, &options, &mut Quiet);
            let _ = from_str::<BTreeMap<i64, Option<f32>>>(&text, &options, &mut Quiet);
            let _ = from_str::<serde_json::Value>(&text, &options, &mut Quiet);
        }
    }
}
