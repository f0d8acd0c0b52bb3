//! How the JSON formats read careless input (issue 19): a byte order mark, two members of one
//! name, 64-bit integers out of range, and the order of an update's cleared fields, which every
//! format writes in one order of its own and reads back as the same update.

use rosetta_json::o3de::{self, Collect, LoadOptions, Quiet, StoreOptions};
use rosetta_json::spatialos::{self, DumpOptions};
use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::TypeId;
use rosetta_wire::family::{EntityId, Int64, Uint32};
use rosetta_wire::{ComponentUpdate, Object};

const SCHEMA: &str = r#"
package p;
type Pair { int64 big = 1; uint64 ubig = 2; EntityId e = 3; uint32 small = 4; }
component Bag {
  id = 9;
  string name = 1;
  uint32 late = 7;
  map<string, int64> stats = 2;
  // Declared out of id order: the JSON forms list fields in declaration order.
  list<uint32> f6 = 6;
  list<uint32> f4 = 4;
  list<uint32> f5 = 5;
  uint32 level = 3;
  event Pair happened;
}
"#;

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "p.schema".into(),
        text: SCHEMA.into(),
    }])
    .unwrap_or_else(|d| panic!("{}", d.render(false)));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

fn ty(schema: &Schema, name: &str) -> TypeId {
    schema.registry().lookup(name).expect("declared")
}

fn spatialos_error(text: &str) -> rosetta_json::Error {
    let schema = schema();
    match spatialos::parse(text) {
        Err(e) => e,
        Ok(json) => spatialos::load_object(schema.registry(), ty(&schema, "p.Bag"), &json)
            .expect_err("loads without error"),
    }
}

#[test]
fn json_spatialos_skips_a_byte_order_mark() {
    let schema = schema();
    let json =
        spatialos::parse("\u{feff}{\"name\": \"Ann\", \"late\": 0, \"level\": 3}").expect("parses");
    let object = spatialos::load_object(schema.registry(), ty(&schema, "p.Bag"), &json).unwrap();
    assert_eq!(object.string(1), Some("Ann"));
    // Only before the text.
    assert!(spatialos::parse("{\"name\": \"a\"}\u{feff}").is_err());
}

#[test]
fn json_spatialos_refuses_a_second_member_of_one_name() {
    let error = spatialos_error("{\"name\": \"Ann\",\n \"name\": \"Bob\", \"level\": 3}");
    assert_eq!(
        error.to_string(),
        "a second member `name` (at /name) at line 2 column 7"
    );
    assert_eq!(error.line_column(), Some((2, 7)));
    let error = spatialos_error(
        r#"{"name": "a", "level": 1, "stats": [{"key": "k", "value": "1", "key": "j"}]}"#,
    );
    assert_eq!(
        error.to_string(),
        "a second member `key` (at /stats/0/key) at line 1 column 68"
    );
}

#[test]
fn integers_out_of_range_say_so_with_the_range() {
    let schema = schema();
    let pair = ty(&schema, "p.Pair");
    // `{"big": .., "ubig": .., "e": .., "small": ..}` with these JSON values.
    let load = |values: [&str; 4]| {
        let [big, ubig, e, small] = values;
        let text = format!(r#"{{"big": {big}, "ubig": {ubig}, "e": {e}, "small": {small}}}"#);
        let json = spatialos::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        spatialos::load_object(schema.registry(), pair, &json)
    };
    let ok = load([r#""1""#, r#""1""#, r#""1""#, "1"]).expect("loads");
    assert_eq!(ok.get::<Int64>(1), 1);
    let int64 = "out of range for int64 (-9223372036854775808 to 9223372036854775807)";
    let uint64 = "out of range for uint64 (0 to 18446744073709551615)";
    let uint32 = "out of range for uint32 (0 to 4294967295)";
    let big = r#""99999999999999999999""#;
    for (values, expected) in [
        ([big, "1", "1", "1"], format!("{big} is {int64} (at /big)")),
        (["1", "1", big, "1"], format!("{big} is {int64} (at /e)")),
        (
            ["1", r#""-1""#, "1", "1"],
            format!(r#""-1" is {uint64} (at /ubig)"#),
        ),
        (
            ["1", "1e20", "1", "1"],
            format!("1e+20 is {uint64} (at /ubig)"),
        ),
        (["1", "1", "1", "-1"], format!("-1 is {uint32} (at /small)")),
        (
            ["1", "1", "1", "4294967296"],
            format!("4294967296 is {uint32} (at /small)"),
        ),
        (
            [r#""1x""#, "1", "1", "1"],
            r#""1x" is not a valid int64 (at /big)"#.into(),
        ),
        (
            ["1", "1", "1", "1.5"],
            "1.5 is not a valid uint32 (at /small)".into(),
        ),
    ] {
        let error = load(values).unwrap_err();
        assert_eq!(error.to_string(), expected, "{values:?}");
    }
    let mut object = Object::new();
    object.add::<Int64>(1, i64::MIN);
    object.add::<rosetta_wire::family::Uint64>(2, u64::MAX);
    object.add::<EntityId>(3, i64::MAX);
    object.add::<Uint32>(4, u32::MAX);
    let json = spatialos::dump_object(schema.registry(), pair, &object).unwrap();
    assert_eq!(
        spatialos::load_object(schema.registry(), pair, &json).unwrap(),
        object
    );
}

#[test]
fn o3de_reads_a_second_member_on_top_of_the_first_and_reports_it() {
    let schema = schema();
    let bag = ty(&schema, "p.Bag");
    let text = r#"{"name": "Ann", "Name": "Bob", "stats": {"k": 1, "k": 2}}"#;
    let mut report = Collect::default();
    let (object, _) = o3de::load_object(
        schema.registry(),
        bag,
        text,
        &LoadOptions::default(),
        &mut report,
    )
    .expect("loads");
    // As the engine reads them: one after the other, the second on top of the first.
    assert_eq!(object.string(1), Some("Bob"));
    let second: Vec<(&str, &str, bool)> = report
        .reports
        .iter()
        .filter(|r| r.message.starts_with("a second member"))
        .map(|r| (r.path.as_str(), r.message.as_str(), r.coerced))
        .collect();
    assert_eq!(
        second,
        [
            (
                "/Name",
                "a second member `Name`: read on top of the first, as O3DE reads it",
                true
            ),
            (
                "/stats/k",
                "a second member `k`: read on top of the first, as O3DE reads it",
                true
            ),
        ]
    );
    // Strict mode refuses it, at its JSON Pointer.
    let strict = LoadOptions {
        strict: true,
        ..LoadOptions::default()
    };
    let error = o3de::load_object(schema.registry(), bag, text, &strict, &mut Quiet).unwrap_err();
    assert_eq!(error.path(), Some("/Name"));
    assert!(
        error.to_string().starts_with("a second member `Name`"),
        "{error}"
    );
    // Members of one name in two objects are no second member; nor is a key loaded onto a map
    // the target already had.
    let mut report = Collect::default();
    let text = r#"{"name": "a", "stats": {"name": 1}}"#;
    o3de::load_object(
        schema.registry(),
        bag,
        text,
        &LoadOptions::default(),
        &mut report,
    )
    .expect("loads");
    assert!(
        report.reports.iter().all(|r| !r.coerced),
        "{:?}",
        report.reports
    );
    // In an update, fields and events alike.
    let mut report = Collect::default();
    let text = r#"{"level": 1, "level": 2, "$events": {"happened": [{}], "happened": [{}]}}"#;
    let (update, _) = o3de::load_update(
        schema.registry(),
        bag,
        text,
        &LoadOptions::default(),
        &mut report,
    )
    .expect("loads");
    assert_eq!(update.fields().get::<Uint32>(3), 2);
    assert_eq!(update.events().object_count(1), 2);
    let paths: Vec<&str> = report
        .reports
        .iter()
        .filter(|r| r.coerced)
        .map(|r| r.path.as_str())
        .collect();
    assert_eq!(paths, ["/level", "/$events/happened"]);
}

#[test]
fn cleared_fields_read_back_the_same_through_every_format() {
    let schema = schema();
    let registry = schema.registry();
    let bag = ty(&schema, "p.Bag");
    let update = |order: &[u32]| {
        let mut u = ComponentUpdate::new();
        u.fields_mut().add::<Uint32>(3, 7);
        for id in order {
            u.add_cleared_field(*id);
        }
        u
    };
    let a = update(&[4, 6, 5, 7, 3]);
    let b = update(&[3, 5, 7, 4, 6]);
    assert_eq!(a.cleared_fields(), [3, 4, 5, 6, 7]);
    assert_eq!(a, b);
    // Wire: the same bytes, the same update back.
    assert_eq!(a.encode(), b.encode());
    let back = ComponentUpdate::decode(&a.encode()).unwrap();
    assert_eq!(back.cleared_fields(), [3, 4, 5, 6, 7]);
    // json-spatialos: the fields' order (declaration order), whatever order they were cleared in.
    let text = spatialos::update_to_string(registry, bag, &a, &DumpOptions::default()).unwrap();
    assert_eq!(
        text,
        spatialos::update_to_string(registry, bag, &b, &DumpOptions::default()).unwrap()
    );
    assert_eq!(
        text,
        r#"{"f6":[],"f4":[],"f5":[],"level":7,"__cleared":["late","level"]}"#
    );
    let back = spatialos::load_update(registry, bag, &spatialos::parse(&text).unwrap()).unwrap();
    assert_eq!(back.cleared_fields(), [3, 4, 5, 6, 7]);
    assert_eq!(back, a);
    // O3DE JSON: `$cleared` in the fields' order.
    let stored = o3de::store_update(registry, bag, &a, &StoreOptions::default(), &mut Quiet)
        .expect("stores");
    let other = o3de::store_update(registry, bag, &b, &StoreOptions::default(), &mut Quiet)
        .expect("stores");
    assert_eq!(stored.json, other.json);
    assert!(
        stored
            .json
            .contains(r#""$cleared":["late","f6","f4","f5","level"]"#),
        "{}",
        stored.json
    );
    let (back, _) = o3de::load_update(
        registry,
        bag,
        &stored.json,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .expect("loads");
    assert_eq!(back.cleared_fields(), [3, 4, 5, 6, 7]);
    assert_eq!(back, a);
}
