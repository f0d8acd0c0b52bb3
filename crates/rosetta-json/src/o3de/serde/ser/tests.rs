use std::collections::{BTreeMap, HashMap};

use ::serde::ser::{Error as _, SerializeMap, Serializer};
use ::serde::Serialize;

use super::to_string;
use crate::o3de::{FloatForm, StoreOptions};

fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    to_string(value, &StoreOptions::default()).unwrap()
}

fn pretty<T: Serialize + ?Sized>(value: &T) -> String {
    to_string(value, &StoreOptions::pretty()).unwrap()
}

fn shortest() -> StoreOptions {
    StoreOptions {
        float_form: FloatForm::Shortest,
        ..StoreOptions::default()
    }
}

fn sorted() -> StoreOptions {
    StoreOptions {
        sort_maps: true,
        ..StoreOptions::default()
    }
}

/// Bytes through `serialize_bytes` (a `Vec<u8>` is a seq).
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

#[derive(Serialize)]
struct Unit;

#[derive(Serialize)]
struct Meters(f64);

#[derive(Serialize)]
struct Pair(i8, char);

#[derive(Serialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Shape {
    Empty,
    Id(u32),
    Pair(i32, i32),
    Rect { w: u8, h: u8 },
}

#[test]
fn scalars() {
    assert_eq!(compact(&true), "true");
    assert_eq!(compact(&false), "false");
    assert_eq!(compact(&i8::MIN), "-128");
    assert_eq!(compact(&i16::MIN), "-32768");
    assert_eq!(compact(&i32::MIN), "-2147483648");
    assert_eq!(compact(&i64::MIN), "-9223372036854775808");
    assert_eq!(
        compact(&i128::MIN),
        "-170141183460469231731687303715884105728"
    );
    assert_eq!(compact(&u8::MAX), "255");
    assert_eq!(compact(&u16::MAX), "65535");
    assert_eq!(compact(&u32::MAX), "4294967295");
    assert_eq!(compact(&u64::MAX), "18446744073709551615");
    assert_eq!(
        compact(&u128::MAX),
        "340282366920938463463374607431768211455"
    );
    assert_eq!(compact(&4.0f64), "4.0");
    assert_eq!(compact(&0.1f64), "0.1");
    assert_eq!(compact(&f64::NAN), "\"NaN\"");
    assert_eq!(compact(&f64::INFINITY), "\"Infinity\"");
    assert_eq!(compact(&f32::NEG_INFINITY), "\"-Infinity\"");
    assert_eq!(compact(&'é'), "\"é\"");
    assert_eq!(compact("a\"b\\c\n\u{1}"), r#""a\"b\\c\n\u0001""#);
    assert_eq!(compact(&Bytes(b"hello")), "\"aGVsbG8=\"");
    assert_eq!(compact(&Bytes(b"")), "\"\"");
}

#[test]
fn float_forms() {
    assert_eq!(compact(&0.2f32), "0.20000000298023225");
    assert_eq!(to_string(&0.2f32, &shortest()).unwrap(), "0.2");
    assert_eq!(to_string(&1.0f32, &shortest()).unwrap(), "1.0");
    assert_eq!(to_string(&f32::NAN, &shortest()).unwrap(), "\"NaN\"");
    assert_eq!(compact(&[0.5f32, 0.1]), "[0.5,0.10000000149011612]");
}

#[test]
fn options_units_and_newtypes() {
    assert_eq!(compact(&None::<i32>), "null");
    assert_eq!(compact(&Some(3)), "3");
    assert_eq!(compact(&Some(Some("x"))), "\"x\"");
    assert_eq!(compact(&()), "null");
    assert_eq!(compact(&Unit), "{}");
    assert_eq!(compact(&Meters(2.5)), "2.5");
}

#[test]
fn enums() {
    assert_eq!(compact(&Shape::Empty), "\"Empty\"");
    assert_eq!(compact(&Shape::Id(7)), r#"{"$type":"Id","Value":7}"#);
    assert_eq!(
        compact(&Shape::Pair(1, -2)),
        r#"{"$type":"Pair","Value":[1,-2]}"#
    );
    assert_eq!(
        compact(&Shape::Rect { w: 3, h: 4 }),
        r#"{"$type":"Rect","w":3,"h":4}"#
    );
    assert_eq!(
        pretty(&Shape::Pair(1, 2)),
        "{\n    \"$type\": \"Pair\",\n    \"Value\": [\n        1,\n        2\n    ]\n}"
    );
}

#[test]
fn sequences() {
    assert_eq!(compact(&vec![1, 2, 3]), "[1,2,3]");
    assert_eq!(compact(&Vec::<i32>::new()), "[]");
    assert_eq!(compact(&(1u8, "a", [true])), r#"[1,"a",[true]]"#);
    assert_eq!(compact(&Pair(-1, 'c')), r#"[-1,"c"]"#);
    assert_eq!(pretty(&Vec::<i32>::new()), "[]");
}

#[derive(Serialize)]
struct Pos {
    x: f32,
    y: f32,
}

#[derive(Serialize)]
struct Thing {
    id: Meters,
    name: String,
    pos: Pos,
    shapes: Vec<Shape>,
    note: Option<String>,
    missing: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    skipped: Option<i32>,
    #[serde(skip)]
    #[allow(dead_code)]
    hidden: i32,
    unit: Unit,
    scores: BTreeMap<String, i64>,
    by_id: BTreeMap<u16, bool>,
    one: HashMap<String, Vec<u8>>,
    nothing: (),
    pair: Pair,
}

fn thing() -> Thing {
    Thing {
        id: Meters(7.0),
        name: "n".into(),
        pos: Pos { x: 1.5, y: 0.1 },
        shapes: vec![
            Shape::Empty,
            Shape::Id(1),
            Shape::Pair(1, -2),
            Shape::Rect { w: 3, h: 4 },
        ],
        note: Some("hi".into()),
        missing: None,
        skipped: None,
        hidden: 9,
        unit: Unit,
        scores: [("a".to_owned(), 1), ("b".to_owned(), -2)].into(),
        by_id: [(2, false), (1, true)].into(),
        one: [("k".to_owned(), vec![1, 2])].into(),
        nothing: (),
        pair: Pair(-1, 'c'),
    }
}

#[test]
fn derived_struct() {
    assert_eq!(
        compact(&thing()),
        concat!(
            r#"{"id":7.0,"name":"n","pos":{"x":1.5,"y":0.10000000149011612},"#,
            r#""shapes":["Empty",{"$type":"Id","Value":1},{"$type":"Pair","Value":[1,-2]},"#,
            r#"{"$type":"Rect","w":3,"h":4}],"note":"hi","missing":null,"unit":{},"#,
            r#""scores":{"a":1,"b":-2},"by_id":[{"Key":1,"Value":true},{"Key":2,"Value":false}],"#,
            r#""one":{"k":[1,2]},"nothing":null,"pair":[-1,"c"]}"#
        )
    );
}

/// An empty object key is the explicit default key: the member `"{}"`, as `store` writes it;
/// met after string keys it still turns the map into pairs with `{}` as the key.
#[test]
fn empty_object_keys_are_the_default_member() {
    #[derive(Serialize, PartialEq, Eq, PartialOrd, Ord)]
    struct NoFields {}
    let map: BTreeMap<NoFields, i32> = [(NoFields {}, 3)].into();
    assert_eq!(compact(&map), r#"{"{}":3}"#);
    /// A key written as an empty struct (`None`) or a number.
    struct Key(Option<i32>);
    impl Serialize for Key {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            use serde::ser::SerializeStruct;
            match self.0 {
                Some(n) => s.serialize_i32(n),
                None => s.serialize_struct("Key", 0)?.end(),
            }
        }
    }
    struct Entries(Vec<(Key, i32)>);
    impl Serialize for Entries {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
        }
    }
    let mixed = Entries(vec![(Key(None), 1), (Key(Some(2)), 2)]);
    assert_eq!(
        compact(&mixed),
        r#"[{"Key":{},"Value":1},{"Key":2,"Value":2}]"#
    );
}

#[test]
fn pretty_output() {
    #[derive(Serialize)]
    struct Small {
        a: i32,
        list: Vec<i32>,
        empty: Vec<i32>,
        map: BTreeMap<String, BTreeMap<u8, Unit>>,
    }
    let small = Small {
        a: 1,
        list: vec![1, 2],
        empty: vec![],
        map: [
            ("x".to_owned(), [(1, Unit)].into()),
            ("y".to_owned(), BTreeMap::new()),
        ]
        .into(),
    };
    let expected = r#"{
    "a": 1,
    "list": [
        1,
        2
    ],
    "empty": [],
    "map": {
        "x": [
            {
                "Key": 1,
                "Value": {}
            }
        ],
        "y": []
    }
}"#;
    assert_eq!(pretty(&small), expected);
}

/// Compact text is written by serializers with the float form in their type, pretty text by
/// one that reads it from the options: every pairing writes its form.
#[test]
fn float_forms_compact_and_pretty() {
    let v = (0.2f32, 1e21f64);
    let indented = |float_form| StoreOptions {
        float_form,
        ..StoreOptions::pretty()
    };
    assert_eq!(compact(&v), "[0.20000000298023225,1e21]");
    assert_eq!(to_string(&v, &shortest()).unwrap(), "[0.2,1e+21]");
    assert_eq!(
        to_string(&v, &indented(FloatForm::Widened)).unwrap(),
        "[\n    0.20000000298023225,\n    1e21\n]"
    );
    assert_eq!(
        to_string(&v, &indented(FloatForm::Shortest)).unwrap(),
        "[\n    0.2,\n    1e+21\n]"
    );
}

#[test]
fn maps_by_their_keys() {
    let strings: BTreeMap<&str, i32> = [("b", 2), ("a", 1)].into();
    assert_eq!(compact(&strings), r#"{"a":1,"b":2}"#);
    let ints: BTreeMap<i32, &str> = [(2, "b"), (-1, "a")].into();
    assert_eq!(
        compact(&ints),
        r#"[{"Key":-1,"Value":"a"},{"Key":2,"Value":"b"}]"#
    );
    assert_eq!(compact(&BTreeMap::<i32, i32>::new()), "[]");
    // Enum keys that are all names are an object, as the engine writes them.
    let named: BTreeMap<Shape, i32> = [(Shape::Empty, 1)].into();
    assert_eq!(compact(&named), r#"{"Empty":1}"#);
    let units: BTreeMap<(), i32> = [((), 1)].into();
    assert_eq!(compact(&units), r#"[{"Key":null,"Value":1}]"#);
    // O3DE reads the member name `{}` as the default key.
    let braces: BTreeMap<&str, i32> = [("a", 1), ("{}", 2)].into();
    assert_eq!(
        compact(&braces),
        r#"[{"Key":"a","Value":1},{"Key":"{}","Value":2}]"#
    );
}

#[test]
fn a_late_non_string_key_rewrites_the_map() {
    // Names first, then a newtype variant: the object so far turns into pairs.
    let mixed: BTreeMap<Shape, Vec<i128>> = [
        (Shape::Empty, vec![i128::MAX, 1]),
        (Shape::Id(3), vec![]),
        (Shape::Rect { w: 1, h: 2 }, vec![5]),
    ]
    .into();
    assert_eq!(
        compact(&mixed),
        concat!(
            r#"[{"Key":"Empty","Value":[170141183460469231731687303715884105727,1]},"#,
            r#"{"Key":{"$type":"Id","Value":3},"Value":[]},"#,
            r#"{"Key":{"$type":"Rect","w":1,"h":2},"Value":[5]}]"#
        )
    );
    let expected = r#"{
    "m": [
        {
            "Key": "Empty",
            "Value": [
                170141183460469231731687303715884105727,
                1
            ]
        },
        {
            "Key": {
                "$type": "Id",
                "Value": 3
            },
            "Value": []
        },
        {
            "Key": {
                "$type": "Rect",
                "w": 1,
                "h": 2
            },
            "Value": [
                5
            ]
        }
    ]
}"#;
    let mut wrapper = BTreeMap::new();
    wrapper.insert("m", mixed);
    assert_eq!(pretty(&wrapper), expected);
}

/// A map written through serde's map calls with keys of any type.
struct Entries(Vec<(serde_json::Value, serde_json::Value)>);

impl Serialize for Entries {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.0.len()))?;
        for (k, v) in &self.0 {
            m.serialize_entry(k, v)?;
        }
        m.end()
    }
}

#[test]
fn rewritten_members_keep_strings_with_separators() {
    use serde_json::json;
    let entries = Entries(vec![
        (json!("a,b"), json!({"x": "}],\"{"})),
        (json!("c:\\\"d"), json!([1, {"y": null}])),
        (json!(1), json!("z")),
        (json!("e"), json!(2)),
    ]);
    assert_eq!(
        compact(&entries),
        concat!(
            r#"[{"Key":"a,b","Value":{"x":"}],\"{"}},"#,
            r#"{"Key":"c:\\\"d","Value":[1,{"y":null}]},"#,
            r#"{"Key":1,"Value":"z"},{"Key":"e","Value":2}]"#
        )
    );
}

#[test]
fn sorted_maps() {
    let strings: HashMap<String, i32> = (0..20).map(|i| (format!("k{i:02}"), i)).collect();
    let expected = (0..20)
        .map(|i| format!("\"k{i:02}\":{i}"))
        .collect::<Vec<_>>()
        .join(",");
    assert_eq!(
        to_string(&strings, &sorted()).unwrap(),
        format!("{{{expected}}}")
    );
    // Pairs sort by their keys as numbers.
    let ints: HashMap<i64, bool> = [(10, true), (-3, false), (2, true)].into();
    assert_eq!(
        to_string(&ints, &sorted()).unwrap(),
        r#"[{"Key":-3,"Value":false},{"Key":2,"Value":true},{"Key":10,"Value":true}]"#
    );
    let pretty_sorted = StoreOptions {
        sort_maps: true,
        ..StoreOptions::pretty()
    };
    let pairs: HashMap<u8, u8> = [(2, 0), (1, 0)].into();
    assert_eq!(
        to_string(&pairs, &pretty_sorted).unwrap(),
        "[\n    {\n        \"Key\": 1,\n        \"Value\": 0\n    },\n    {\n        \"Key\": 2,\n        \"Value\": 0\n    }\n]"
    );
    // Equal names sort by value; a nested map is sorted too, pretty.
    let entries = Entries(vec![
        (serde_json::json!("b"), serde_json::json!({"z": 1, "y": 2})),
        (serde_json::json!("a"), serde_json::json!(2)),
        (serde_json::json!("a"), serde_json::json!(1)),
    ]);
    assert_eq!(
        to_string(&entries, &pretty_sorted).unwrap(),
        "{\n    \"a\": 1,\n    \"a\": 2,\n    \"b\": {\n        \"y\": 2,\n        \"z\": 1\n    }\n}"
    );
}

#[test]
fn a_rewritten_map_sorts_as_pairs() {
    let entries = Entries(vec![
        (serde_json::json!("b"), serde_json::json!(1)),
        (serde_json::json!(2), serde_json::json!(3)),
        (serde_json::json!("a"), serde_json::json!(0)),
    ]);
    // Strings order before numbers (RapidJSON's type order).
    assert_eq!(
        to_string(&entries, &sorted()).unwrap(),
        r#"[{"Key":"a","Value":0},{"Key":"b","Value":1},{"Key":2,"Value":3}]"#
    );
}

#[test]
fn max_depth() {
    let options = StoreOptions {
        max_depth: 2,
        ..StoreOptions::default()
    };
    assert_eq!(to_string(&vec![vec![1]], &options).unwrap(), "[[1]]");
    let e = to_string(&vec![vec![vec![1]]], &options).unwrap_err();
    assert_eq!(e.path(), Some("/0/0"));
    assert_eq!(e.to_string(), "nesting deeper than 2 levels (at /0/0)");
    let zero = StoreOptions {
        max_depth: 0,
        ..StoreOptions::default()
    };
    assert_eq!(to_string(&1, &zero).unwrap(), "1");
    let e = to_string(&Pos { x: 0.0, y: 0.0 }, &zero).unwrap_err();
    assert_eq!(e.path(), Some(""));

    // Options and newtypes nest no JSON, but are bounded too.
    #[derive(Serialize)]
    struct Chain(Option<Box<Chain>>);
    let mut chain = Chain(None);
    for _ in 0..10_000 {
        chain = Chain(Some(Box::new(chain)));
    }
    let e = to_string(&chain, &StoreOptions::default()).unwrap_err();
    assert_eq!(e.path(), Some(""));
    std::mem::forget(chain); // dropping it recursively could overflow the test's stack
}

#[test]
fn errors_of_serialize_impls_say_where() {
    struct Fails;
    impl Serialize for Fails {
        fn serialize<S: Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
            Err(S::Error::custom("no"))
        }
    }
    #[derive(Serialize)]
    struct Outer {
        list: Vec<BTreeMap<&'static str, Fails>>,
    }
    let outer = Outer {
        list: vec![BTreeMap::new(), [("a/b", Fails)].into()],
    };
    let e = to_string(&outer, &StoreOptions::default()).unwrap_err();
    assert_eq!(e.to_string(), "no (at /list/1/a~1b)");
    let e = to_string(&Fails, &StoreOptions::default()).unwrap_err();
    assert_eq!(e.path(), Some(""));
    let keyed: BTreeMap<i32, Fails> = [(1, Fails)].into();
    let e = to_string(&keyed, &StoreOptions::default()).unwrap_err();
    assert_eq!(e.path(), Some("/0/Value"));
}

#[test]
fn what_is_written_within_the_nesting_limit_reads_back() {
    // Key/Value pairs nest two levels per map: counted so, a map nested as deep as the writer
    // allows is as deep as the reader allows.
    #[derive(Serialize, ::serde::Deserialize, Debug, PartialEq)]
    struct M(BTreeMap<i32, M>);
    let mut m = M(BTreeMap::new());
    for depth in 1..200 {
        m = M(BTreeMap::from([(depth, m)]));
        let Ok(text) = to_string(&m, &StoreOptions::default()) else {
            assert!(depth > 32, "{depth}");
            return;
        };
        let back = crate::o3de::serde::from_str::<M>(
            &text,
            &Default::default(),
            &mut crate::o3de::report::reporter::Quiet,
        );
        assert_eq!(back.map(|(v, _)| v).ok().as_ref(), Some(&m), "{depth}");
    }
    panic!("no nesting limit");
}
