use std::collections::{BTreeMap, HashMap};

use ::serde::Deserialize;
use rosetta_types::{Field, StructType, TypeId, TypeRegistry};

use super::from_str;
use crate::o3de::{self, Collect, LoadOptions, Outcome, Quiet, ResultCode};

fn read<'de, T: Deserialize<'de>>(text: &'de str) -> (T, ResultCode, Collect) {
    let mut report = Collect::default();
    let (value, code) = from_str(text, &LoadOptions::default(), &mut report)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    (value, code, report)
}

fn paths(report: &Collect) -> Vec<(&str, Outcome, bool)> {
    report
        .reports
        .iter()
        .map(|r| (r.path.as_str(), r.code.outcome(), r.coerced))
        .collect()
}

#[derive(Deserialize, Debug, PartialEq, Default)]
#[serde(default)]
struct Stats {
    attack: i32,
    magic: f32,
    label: String,
}

#[derive(Deserialize, Debug, PartialEq)]
enum Class {
    Warrior,
    Mage,
}

#[derive(Deserialize, Debug, PartialEq)]
struct Hero {
    id: u64,
    name: String,
    alive: bool,
    class: Class,
    position: [f32; 3],
    skills: Vec<i16>,
    stats: Stats,
    pet: Option<String>,
}

#[test]
fn values_as_written_read_with_success_and_no_reports() {
    let text = r#"{"id":18446744073709551615,"name":"A \"quoted\" name","alive":true,"class":"Mage",
        "position":[1.5,-2,0.20000000298023224],"skills":[1,-2,300],
        "stats":{"attack":-7,"magic":0.5,"label":"x"},"pet":null}"#;
    let (hero, code, report): (Hero, _, _) = read(text);
    assert_eq!(
        hero,
        Hero {
            id: u64::MAX,
            name: "A \"quoted\" name".into(),
            alive: true,
            class: Class::Mage,
            position: [1.5, -2.0, 0.2],
            skills: vec![1, -2, 300],
            stats: Stats {
                attack: -7,
                magic: 0.5,
                label: "x".into()
            },
            pet: None,
        }
    );
    assert_eq!(code.outcome(), Outcome::Success);
    assert!(report.reports.is_empty(), "{:?}", report.reports);
}

#[test]
fn coercions_are_made_and_reported_where_they_happen() {
    let text = r#"{"ID": "0x10", "name": 12, "alive": "TRUE", "class": 0,
        "position": ["1.5f", true, 3], "skills": [2.0],
        "stats": {"attack": false, "Magic": "2.5", "label": true, "extra": [1]},
        "pet": "Rex"}"#;
    let (hero, code, report): (Hero, _, _) = read(text);
    assert_eq!(hero.id, 16);
    assert_eq!(hero.name, "12");
    assert!(hero.alive);
    assert_eq!(hero.class, Class::Warrior);
    assert_eq!(hero.position, [1.5, 1.0, 3.0]);
    assert_eq!(hero.skills, vec![2]);
    assert_eq!(hero.stats.magic, 2.5);
    assert_eq!(hero.stats.label, "True");
    assert_eq!(hero.pet.as_deref(), Some("Rex"));
    assert_eq!(code.outcome(), Outcome::PartialSkip);
    let got = paths(&report);
    for want in [
        "/ID",
        "/name",
        "/alive",
        "/position/0",
        "/position/1",
        "/skills/0",
        "/stats/attack",
        "/stats/Magic",
        "/stats/label",
    ] {
        assert!(
            got.iter().any(|(p, _, coerced)| *p == want && *coerced),
            "{want} in {got:?}"
        );
    }
    assert!(
        got.contains(&("/stats/extra", Outcome::Skipped, false)),
        "{got:?}"
    );
}

/// The same text read through the registry and through serde reports the same things.
#[test]
fn reports_match_the_registry_path() {
    let mut b = TypeRegistry::builder();
    let stats = b
        .add(
            "Stats",
            StructType::new([
                Field::new("attack", TypeId::INT32),
                Field::new("magic", TypeId::FLOAT),
                Field::new("label", TypeId::STRING),
            ])
            .unwrap(),
        )
        .unwrap();
    let registry = b.build().unwrap();
    for text in [
        r#"{"attack": 1, "magic": 2, "label": "x"}"#,
        r#"{"ATTACK": "1", "magic": "2.5f", "label": false}"#,
        r#"{"attack": 1.5, "magic": true, "other": {}}"#,
        r#"{"attack": "x", "magic": [1], "label": {}}"#,
        r#"{"attack": 99999999999, "label": 3.5}"#,
    ] {
        let mut want = Collect::default();
        let loaded = o3de::load(&registry, stats, text, &LoadOptions::default(), &mut want)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut got = Collect::default();
        let (value, code) = from_str::<Stats>(text, &LoadOptions::default(), &mut got).unwrap();
        assert_eq!(code, loaded.result, "{text}");
        assert_eq!(got.reports, want.reports, "{text}");
        let v = loaded.value.as_struct().unwrap();
        assert_eq!(rosetta_types::Value::I32(value.attack), v[0], "{text}");
        assert_eq!(rosetta_types::Value::F32(value.magic), v[1], "{text}");
        assert_eq!(
            rosetta_types::Value::String(value.label.as_str().into()),
            v[2],
            "{text}"
        );
    }
}

#[test]
fn maps_from_objects_and_key_value_arrays() {
    // Keys of other types than strings are read from member names, a coercion (as `load`).
    let (m, _, report): (BTreeMap<i32, String>, _, _) = read(r#"{"7": "a", "-2": "b", "{}": "c"}"#);
    assert_eq!(
        m,
        BTreeMap::from([(7, "a".into()), (-2, "b".into()), (0, "c".into())])
    );
    assert_eq!(
        paths(&report),
        vec![
            ("/7", Outcome::Success, true),
            ("/-2", Outcome::Success, true)
        ]
    );
    let (m, _, _): (BTreeMap<String, i32>, _, _) = read(r#"{"{}": 1, "b": 2}"#);
    assert_eq!(m, BTreeMap::from([(String::new(), 1), ("b".into(), 2)]));
    // `Key` and `Value` as spelled, as RapidJSON's `FindMember` finds them: other spellings
    // are missing members (the explicit default); with the documented rules, any case.
    let text = r#"[{"Key": 7, "Value": "a"}, {"value": "b", "key": -2}]"#;
    let (m, _, _): (BTreeMap<i32, String>, _, _) = read(text);
    assert_eq!(m, BTreeMap::from([(7, "a".into()), (0, String::new())]));
    let documented = LoadOptions {
        rules: o3de::Rules::Documented,
        ..LoadOptions::default()
    };
    let (m, _): (BTreeMap<i32, String>, _) = from_str(text, &documented, &mut Quiet).unwrap();
    assert_eq!(m, BTreeMap::from([(7, "a".into()), (-2, "b".into())]));
    let (m, _, _): (HashMap<String, Vec<bool>>, _, _) = read(r#"{"x": [true, 0]}"#);
    assert_eq!(m["x"], vec![true, false]);
    let (m, _, _): (HashMap<bool, u8>, _, _) = read(r#"{"true": 1, "False": 2}"#);
    assert_eq!(m, HashMap::from([(true, 1), (false, 2)]));
}

#[derive(Deserialize, Debug, PartialEq)]
enum Shape {
    Point,
    Circle(f32),
    Segment(i32, i32),
    Rect { w: u16, h: u16 },
    Boxed(Stats),
}

/// Member names that are not plain text: `"{}"` is the explicit default key (a struct key with
/// no members), and a byte-string key is base64, as `store` and the serializer write them.
#[test]
fn default_and_byte_string_keys() {
    #[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord, Default)]
    struct NoFields {}
    let (map, _, _): (BTreeMap<NoFields, i32>, _, _) = read(r#"{"{}": 3}"#);
    assert_eq!(map, [(NoFields {}, 3)].into());

    /// A byte string, read only as one.
    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Blob(Vec<u8>);
    impl<'de> Deserialize<'de> for Blob {
        fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl ::serde::de::Visitor<'_> for V {
                type Value = Blob;
                fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                    f.write_str("bytes")
                }
                fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Blob, E> {
                    Ok(Blob(v))
                }
                fn visit_bytes<E>(self, v: &[u8]) -> Result<Blob, E> {
                    Ok(Blob(v.to_vec()))
                }
            }
            d.deserialize_byte_buf(V)
        }
    }
    let (blobs, _, _): (BTreeMap<Blob, i32>, _, _) = read(r#"{"AQI=": 1, "": 2}"#);
    assert_eq!(blobs, [(Blob(vec![1, 2]), 1), (Blob(vec![]), 2)].into());
}

#[test]
fn enums_by_name_index_and_type() {
    let (v, _, _): (Vec<Shape>, _, _) = read(
        r#"["Point", "point", 0,
            {"$type": "Circle", "Value": 2.5},
            {"Value": [1, 2], "$type": "Segment"},
            {"$type": "Rect", "w": 3, "H": 4},
            {"$type": "Boxed", "attack": 1, "magic": 2, "label": "b"},
            {"$type": "Boxed", "Value": {"attack": 5, "magic": 0, "label": ""}}]"#,
    );
    assert_eq!(
        v,
        vec![
            Shape::Point,
            Shape::Point,
            Shape::Point,
            Shape::Circle(2.5),
            Shape::Segment(1, 2),
            Shape::Rect { w: 3, h: 4 },
            Shape::Boxed(Stats {
                attack: 1,
                magic: 2.0,
                label: "b".into()
            }),
            Shape::Boxed(Stats {
                attack: 5,
                ..Stats::default()
            }),
        ]
    );
    // What names no variant is reported and reads as the first (an error when strict).
    for (bad, outcome) in [
        (r#""Hexagon""#, Outcome::Unsupported),
        ("9", Outcome::Unsupported),
        ("true", Outcome::Unsupported),
        (r#"["Point"]"#, Outcome::Unsupported),
        (r#"{"Value": 1}"#, Outcome::Unsupported),
        (r#"{"$type": "Hexagon", "Value": 1}"#, Outcome::Unsupported),
        ("{}", Outcome::DefaultsUsed),
    ] {
        let (v, code, report): (Shape, _, _) = read(bad);
        assert_eq!((v, code.outcome()), (Shape::Point, outcome), "{bad}");
        // Defaults are not problems: not passed to the reporter.
        let reported = (outcome != Outcome::DefaultsUsed).then_some(("", outcome, false));
        assert_eq!(paths(&report), Vec::from_iter(reported), "{bad}");
        let strict = LoadOptions {
            strict: true,
            ..LoadOptions::default()
        };
        let strictly = from_str::<Shape>(bad, &strict, &mut Quiet);
        assert_eq!(strictly.is_err(), outcome != Outcome::DefaultsUsed, "{bad}");
    }
    let (v, _, report): (Vec<Shape>, _, _) =
        read(r#"["Point", "Hexagon", {"$type": " Rect ", "w": 1, "h": 2}]"#);
    assert_eq!(
        v,
        vec![Shape::Point, Shape::Point, Shape::Rect { w: 1, h: 2 }]
    );
    assert_eq!(paths(&report)[0], ("/1", Outcome::Unsupported, false));
    // The first variant's content is its explicit default.
    #[derive(Deserialize, Debug, PartialEq)]
    enum Holds {
        Number(i32),
        Named { x: i32 },
    }
    assert_eq!(read::<Holds>(r#""Nope""#).0, Holds::Number(0));
    // A `$type` that is not a string halts, as O3DE's Unknown does; a variant with content,
    // named as a unit variant is, is an error.
    for bad in [r#"{"$type": 5}"#, r#""Circle""#] {
        assert!(from_str::<Shape>(bad, &LoadOptions::default(), &mut Quiet).is_err());
    }
}

#[test]
fn tuples_options_units_and_borrowed_strings() {
    let (t, _, report): ((u8, String), _, _) = read(r#"[1, "a", "extra"]"#);
    assert_eq!(t, (1, "a".to_string()));
    assert_eq!(paths(&report), vec![("/2", Outcome::Skipped, false)]);
    let (o, _, _): (Vec<Option<i32>>, _, _) = read("[null, 3, {}]");
    assert_eq!(o, vec![None, Some(3), Some(0)]);
    let (u, _, _): (Vec<()>, _, _) = read("[null, {}]");
    assert_eq!(u.len(), 2);
    #[derive(Deserialize)]
    struct Borrowed<'a> {
        name: &'a str,
    }
    let text = String::from(r#"{"name": "plain"}"#);
    let (b, _, _): (Borrowed<'_>, _, _) = read(&text);
    assert_eq!(b.name, "plain");
}

#[test]
fn missing_members_take_serde_defaults_and_say_so() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct WithDefaults {
        a: i32,
        #[serde(default)]
        b: i32,
    }
    let (v, code, _): (WithDefaults, _, _) = read(r#"{"a": 1}"#);
    assert_eq!(v, WithDefaults { a: 1, b: 0 });
    assert_eq!(code.outcome(), Outcome::PartialDefaults);
    let e = from_str::<WithDefaults>(r#"{"x": {"b": 2}}"#, &LoadOptions::default(), &mut Quiet)
        .unwrap_err();
    assert!(e.to_string().contains("missing field `a`"), "{e}");
    assert_eq!(e.path(), Some(""));
    let e = from_str::<Vec<WithDefaults>>(
        r#"[{"a": 1}, {"b": 2}]"#,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .unwrap_err();
    assert_eq!(e.path(), Some("/1"), "{e}");
}

#[test]
fn strict_mode_errors_and_limits() {
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let e = from_str::<Stats>(
        r#"{"attack": "1", "magic": 0, "label": ""}"#,
        &strict,
        &mut Quiet,
    )
    .unwrap_err();
    assert_eq!(e.path(), Some("/attack"), "{e}");
    assert!(from_str::<Stats>(
        r#"{"attack": 1, "magic": 0, "label": ""}"#,
        &strict,
        &mut Quiet
    )
    .is_ok());

    let e =
        from_str::<Stats>(r#"{"attack": 1,, }"#, &LoadOptions::default(), &mut Quiet).unwrap_err();
    assert!(e.line_column().is_some(), "{e}");
    let e =
        from_str::<Stats>(r#"{"attack": 1} x"#, &LoadOptions::default(), &mut Quiet).unwrap_err();
    assert!(e.to_string().contains("trailing"), "{e}");

    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    let e = from_str::<serde_json::Value>(&deep, &LoadOptions::default(), &mut Quiet).unwrap_err();
    assert!(e.to_string().contains("nest"), "{e}");
}

#[test]
fn self_describing_targets() {
    let text = r#"{"a": [1, -2, 2.5, "s", null, true, {"b": {}}]}"#;
    let (v, _, _): (serde_json::Value, _, _) = read(text);
    assert_eq!(v, serde_json::from_str::<serde_json::Value>(text).unwrap());
}

#[test]
fn successes_are_reported_when_asked_for() {
    let text = r#"{"attack": 1, "magic": 0.5, "label": "x"}"#;
    let options = LoadOptions {
        report_successes: true,
        ..LoadOptions::default()
    };
    let mut report = Collect::default();
    let (stats, code): (Stats, _) = from_str(text, &options, &mut report).unwrap();
    assert_eq!(stats.attack, 1);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(
        paths(&report),
        [
            ("/attack", Outcome::Success, false),
            ("/magic", Outcome::Success, false),
            ("/label", Outcome::Success, false)
        ]
    );
    // Without the option, nothing is.
    let (_, code, report): (Stats, _, _) = read(text);
    assert_eq!(code.outcome(), Outcome::Success);
    assert!(report.reports.is_empty());
}

#[test]
fn wide_integers_read_back() {
    let big = i128::MIN + 7;
    let text =
        crate::o3de::serde::to_string(&(big, u128::MAX, 5i128), &Default::default()).unwrap();
    let (value, code, _) = read::<(i128, u128, i128)>(&text);
    assert_eq!(value, (big, u128::MAX, 5));
    assert_eq!(code.outcome(), Outcome::Success);
    // By the 64-bit rules otherwise: a number as text, a bool.
    assert_eq!(read::<(i128, u128)>(r#"["-12", true]"#).0, (-12, 1));
    let keys: BTreeMap<i128, u128> = read(r#"{"-170141183460469231731687303715884105728": 1}"#).0;
    assert_eq!(keys, BTreeMap::from([(i128::MIN, 1)]));
}

#[test]
fn a_recursive_wrapper_is_a_nesting_error_not_a_stack_overflow() {
    #[derive(Deserialize, Debug)]
    struct R(#[allow(dead_code)] Option<Box<R>>);
    for text in ["1", "[]", "{}"] {
        let e = from_str::<R>(text, &LoadOptions::default(), &mut Quiet).unwrap_err();
        assert!(e.to_string().contains("nesting deeper than"), "{text}: {e}");
    }
    #[derive(Deserialize, Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct K(Option<Box<K>>);
    let e = from_str::<BTreeMap<K, i32>>(r#"{"a": 1}"#, &LoadOptions::default(), &mut Quiet);
    assert!(e.unwrap_err().to_string().contains("nesting deeper than"));
}

#[test]
fn a_second_member_for_a_field_is_skipped_and_reported() {
    #[derive(Deserialize, Debug, PartialEq)]
    struct P {
        x: i32,
        y: i32,
    }
    for text in [
        r#"{"x": 1, "y": 2, "x": 3}"#,
        r#"{"x": 1, "X": 3, "y": 2}"#,
        r#"{"y": 2, "x": 1, "y": 3}"#,
    ] {
        let (p, code, report): (P, _, _) = read(text);
        assert_eq!(p, P { x: 1, y: 2 }, "{text}");
        assert_eq!(code.outcome(), Outcome::PartialSkip, "{text}");
        assert_eq!(report.reports.len(), 1, "{text}");
        assert_eq!(report.reports[0].code.outcome(), Outcome::Skipped, "{text}");
    }
}

#[test]
fn tuples_take_defaults_for_what_is_missing() {
    let (t, code, report): ((i32, String), _, _) = read("{}");
    assert_eq!(
        (t, code.outcome()),
        ((0, String::new()), Outcome::DefaultsUsed)
    );
    assert!(report.reports.is_empty());
    // A short array: the engine's rule reports it (Unsupported), the documentation's takes
    // defaults quietly; either way the rest take their defaults.
    let (t, _, report): ([i32; 3], _, _) = read("[1]");
    assert_eq!(t, [1, 0, 0]);
    assert_eq!(paths(&report), vec![("", Outcome::Unsupported, false)]);
    let documented = LoadOptions {
        rules: o3de::Rules::Documented,
        ..LoadOptions::default()
    };
    let mut report = Collect::default();
    let (t, code) = from_str::<(u8, bool)>("[7]", &documented, &mut report).unwrap();
    assert_eq!((t, code.outcome()), ((7, false), Outcome::PartialDefaults));
    assert!(report.reports.is_empty());
    // A value of the wrong kind is reported and the tuple takes its defaults.
    let (t, _, report): ((i32, i32), _, _) = read("5");
    assert_eq!(t, (0, 0));
    assert_eq!(paths(&report), vec![("", Outcome::Unsupported, false)]);
}

#[test]
fn variant_objects_report_what_they_do_not_use_and_default_what_they_lack() {
    let (v, _, report): (Vec<Shape>, _, _) = read(
        r#"[{"$type": "Point", "junk": 1},
            {"$type": "Circle", "Value": 2.5, "extra": 1},
            {"$type": "Circle"},
            {"$type": "Segment"},
            {"$type": "Segment", "Value": [1]}]"#,
    );
    assert_eq!(
        v,
        vec![
            Shape::Point,
            Shape::Circle(2.5),
            Shape::Circle(0.0),
            Shape::Segment(0, 0),
            Shape::Segment(1, 0),
        ]
    );
    assert_eq!(
        paths(&report),
        vec![
            ("/0/junk", Outcome::Skipped, false),
            ("/1/extra", Outcome::Skipped, false),
            ("/4/Value", Outcome::Unsupported, false),
        ]
    );
}
