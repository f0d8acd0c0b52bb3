//! `de::world_from_json`: world JSON as v3.2.12's `ecs_world_to_json` writes it, read back.

use rosetta_flecs::de::{world_from_json, FromJsonDesc, Report};
use rosetta_flecs::Error;
use rosetta_types::Value;
use rosetta_world::{builtin, script, Id, World};
use serde_json::Value as Json;

/// The types every test reads with: a world script that defines them.
const TYPES: &str = r#"[
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
    ["enum", "Color", [["Red"], ["Green"], ["Blue"]]],
    ["bitmask", "Toppings", [["Bacon"], ["Lettuce"], ["Tomato"]]],
    ["struct", "Big", [["u", "u64"], ["i", "i64"], ["d", "f64"], ["s", "string"], ["c", "char"], ["b", "bool"]]],
    ["struct", "Ref", [["target", "entity"], ["which", "id"]]],
    ["struct", "Nested", [["pos", "Position"], ["color", "Color"], ["flags", "Toppings"]]],
    ["type", {"array": "Triple", "type": "i32", "count": 3}],
    ["type", {"vector": "Path", "type": "Position"}],
    ["struct", "Inline", [["a", "i32", {"count": 2}]]],
    ["tag", "Planet"],
    ["tag", "Likes"]
]"#;

fn types() -> World {
    match script::load_str(TYPES) {
        Ok(l) => l.world,
        Err(e) => panic!("{e}"),
    }
}

fn read(w: &mut World, json: &str) -> Result<Report, Error> {
    world_from_json(w, json, &FromJsonDesc::default())
}

fn get(w: &World, path: &str, comp: &str) -> Value {
    let e = w.lookup(path).unwrap_or_else(|| panic!("no entity {path}"));
    let c = w
        .lookup(comp)
        .unwrap_or_else(|| panic!("no component {comp}"));
    match w.get_owned(e, c) {
        Some(v) => v.into_owned(),
        None => panic!("{path} has no {comp}"),
    }
}

fn s(items: Vec<Value>) -> Value {
    Value::Struct(items.into_boxed_slice())
}

#[test]
fn a_table_with_names_parents_tags_pairs_and_values() {
    let mut w = types();
    let json = r#"{"results":[
        {"ids":[["Position"], ["Planet"], ["Likes","Sun"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Sun"]],
         "parent":"Sun", "entities":["Earth", "Mars"],
         "values":[[{"x":1, "y":2.5}, {"x":"1e4", "y":-3}], 0, 0, 0, 0]},
        {"ids":[["flecs.core.Identifier","flecs.core.Name"]], "entities":["Sun"], "values":[0]}
    ]}"#;
    let report = read(&mut w, json).unwrap();
    assert_eq!((report.results, report.entities), (2, 3));
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let earth = w.lookup("Sun.Earth").unwrap();
    let sun = w.lookup("Sun").unwrap();
    assert_eq!(w.target(earth, builtin::CHILD_OF, 0), Some(sun));
    assert!(w.has(earth, w.lookup("Planet").unwrap()));
    assert!(w.has(earth, Id::pair(w.lookup("Likes").unwrap(), sun)));
    assert_eq!(
        get(&w, "Sun.Mars", "Position"),
        s(vec![Value::F32(10000.0), Value::F32(-3.0)])
    );
    assert_eq!(w.type_of(sun).len(), 1, "Sun has only its name");
}

#[test]
fn flecs_number_forms_enums_bitmasks_and_strings() {
    let mut w = types();
    let json = r#"{"results":[{"ids":[["Big"], ["Nested"], ["flecs.core.Identifier","flecs.core.Name"]],
        "entities":["a", "b"],
        "values":[
          [{"u":"18446744073709551615", "i":"-9223372036854775808", "d":"NaN", "s":"q\"uote", "c":"z", "b":true},
           {"u":5, "i":"2366700781656087864", "d":"Inf", "s":null, "c":0, "b":0}],
          [{"pos":{"x":"1.98849999999e30"}, "color":"Blue", "flags":"Bacon|Tomato"},
           {"pos.y":7, "color":1, "flags":0}]
        ]}]}"#;
    read(&mut w, json).unwrap();
    let Value::Struct(a) = get(&w, "a", "Big") else {
        panic!("not a struct")
    };
    assert_eq!(a[0], Value::U64(u64::MAX));
    assert_eq!(a[1], Value::I64(i64::MIN));
    assert!(matches!(a[2], Value::F64(x) if x.is_nan()));
    assert_eq!(
        a[3],
        Value::Option(Some(Box::new(Value::String("q\"uote".into()))))
    );
    assert_eq!(
        (a[4].clone(), a[5].clone()),
        (Value::Char('z'), Value::Bool(true))
    );
    let Value::Struct(b) = get(&w, "b", "Big") else {
        panic!("not a struct")
    };
    assert_eq!(b[1], Value::I64(2366700781656087864));
    assert_eq!(b[2], Value::F64(f64::INFINITY));
    assert_eq!(b[3], Value::Option(None));
    let Value::Struct(n) = get(&w, "a", "Nested") else {
        panic!("not a struct")
    };
    assert_eq!(n[0], s(vec![Value::F32(1.9885e30), Value::F32(0.0)]));
    assert_eq!(
        (n[1].clone(), n[2].clone()),
        (Value::Enum(2), Value::Enum(1 | 4))
    );
    let Value::Struct(n) = get(&w, "b", "Nested") else {
        panic!("not a struct")
    };
    assert_eq!(n[0], s(vec![Value::F32(0.0), Value::F32(7.0)]));
    assert_eq!(
        (n[1].clone(), n[2].clone()),
        (Value::Enum(1), Value::Enum(0))
    );
}

#[test]
fn entity_references_ids_arrays_vectors_and_anonymous_entities() {
    let mut w = types();
    let json = r#"{"results":[
        {"ids":[["Ref"], ["Triple"], ["Path"], ["Inline"]], "entities":[5000, "5001"],
         "values":[[{"target":"Sun.Earth", "which":["Likes","5001"]}, {"target":0, "which":["Planet"]}],
                   [[1, 2, 3], [4]],
                   [[{"x":1, "y":1}, {"x":2, "y":2}], []],
                   [{"a":[7, 8]}, {"a":[9]}]]}
    ]}"#;
    read(&mut w, json).unwrap();
    let (a, b) = (Id(5000), Id(5001));
    assert!(w.is_alive(a) && w.is_alive(b), "anonymous ids are kept");
    assert_eq!(w.path_of(b), "5001");
    let earth = w
        .lookup("Sun.Earth")
        .expect("a referenced entity is created");
    let likes = w.lookup("Likes").unwrap();
    let reference = |e: Id| {
        w.get_owned(e, w.lookup("Ref").unwrap())
            .unwrap()
            .into_owned()
    };
    assert_eq!(
        reference(a),
        s(vec![
            Value::EntityId(earth.0 as i64),
            Value::U64(Id::pair(likes, b).0)
        ])
    );
    assert_eq!(
        reference(b),
        s(vec![
            Value::EntityId(0),
            Value::U64(w.lookup("Planet").unwrap().0)
        ])
    );
    let triple = |e: Id| {
        w.get_owned(e, w.lookup("Triple").unwrap())
            .unwrap()
            .into_owned()
    };
    let ints = |v: &[i32]| Value::List(v.iter().map(|&i| Value::I32(i)).collect());
    assert_eq!(triple(a), ints(&[1, 2, 3]));
    assert_eq!(
        triple(b),
        ints(&[4, 0, 0]),
        "missing elements keep their default"
    );
    let path = |e: Id| {
        w.get_owned(e, w.lookup("Path").unwrap())
            .unwrap()
            .into_owned()
    };
    assert_eq!(path(b), Value::List(Box::new([])));
    let inline = |e: Id| {
        w.get_owned(e, w.lookup("Inline").unwrap())
            .unwrap()
            .into_owned()
    };
    assert_eq!(inline(a), s(vec![ints(&[7, 8])]));
    assert_eq!(inline(b), s(vec![ints(&[9, 0])]));
}

#[test]
fn anonymous_ids_taken_by_named_entities_are_remapped_consistently() {
    let mut w = types();
    let taken = w.lookup("Planet").unwrap().index();
    let json = format!(
        r#"{{"results":[{{"ids":[["Likes","{taken}"]], "entities":[{taken}, 5002]}},
            {{"ids":[["Planet"]], "entities":["{taken}"]}}]}}"#
    );
    read(&mut w, &json).unwrap();
    let planet = w.lookup("Planet").unwrap();
    let likes = w.lookup("Likes").unwrap();
    let x = w
        .entities()
        .find(|&e| w.has(e, planet))
        .expect("the remapped entity");
    assert_ne!(x, planet, "the named entity is not taken");
    assert_eq!(w.name_of(x), None);
    assert_eq!(w.type_of(x), &[planet][..], "it moved to its second table");
    assert_eq!(
        w.type_of(Id(5002)),
        &[Id::pair(likes, x)][..],
        "every mention maps to it"
    );
}

#[test]
fn a_result_without_private_ids_keeps_names_and_parents() {
    let mut w = types();
    let json = r#"{"results":[{"ids":[["Planet"]], "parent":"Sun", "entities":["Earth"]}]}"#;
    read(&mut w, json).unwrap();
    let earth = w.lookup("Sun.Earth").unwrap();
    assert_eq!(w.name_of(earth), Some("Earth"));
}

#[test]
fn unknown_components_become_tags_and_their_values_are_skipped_or_refused() {
    let json = r#"{"results":[{"ids":[["Mass"], ["Position"]], "entities":["e"],
        "values":[[{"value":1}], [{"x":1, "y":2}]]}]}"#;
    let mut w = types();
    let report = read(&mut w, json).unwrap();
    assert_eq!(report.skipped.len(), 1);
    assert_eq!(report.skipped[0].id, "Mass");
    assert_eq!(report.skipped[0].pointer, "/results/0/values/0");
    assert!(w.has(w.lookup("e").unwrap(), w.lookup("Mass").unwrap()));
    assert_eq!(
        get(&w, "e", "Position"),
        s(vec![Value::F32(1.0), Value::F32(2.0)])
    );
    let mut w = types();
    let strict = FromJsonDesc { strict: true };
    let err = world_from_json(&mut w, json, &strict)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "world JSON at /results/0/values/0 (line 2, column 19): cannot read values of Mass: \
         not a component in this world (give its type)"
    );
}

#[test]
fn a_bad_value_skips_its_column_or_fails_strictly_saying_where() {
    let json = "{\"results\":[{\"ids\":[[\"Position\"]], \"entities\":[\"e\", \"f\"],\n\
                \"values\":[[{\"x\":1}, {\"x\":\"one\"}]]}]}";
    let mut w = types();
    let report = read(&mut w, json).unwrap();
    assert_eq!(report.skipped[0].pointer, "/results/0/values/0/1");
    assert_eq!(
        get(&w, "e", "Position"),
        s(vec![Value::F32(0.0), Value::F32(0.0)])
    );
    let mut w = types();
    let err = world_from_json(&mut w, json, &FromJsonDesc { strict: true }).unwrap_err();
    assert_eq!(
        err.to_string(),
        "world JSON at /results/0/values/0/1/x (line 2, column 26): 'one' is not a number"
    );
}

#[test]
fn malformed_documents_are_refused_with_where() {
    let cases: &[(&str, &str)] = &[
        ("[1]", "world JSON at the document (line 1, column 1): expected an object with \"results\", found an array"),
        ("{\"results\":{}}", "world JSON at /results (line 1, column 12): expected an array, found an object"),
        ("{\"results\":[{\"entities\":[\"e\"]}]}", "world JSON at /results/0 (line 1, column 13): no \"ids\" member (the table's ids)"),
        ("{\"results\":[{\"ids\":[[\"A\"]], \"sources\":[0]}]}", "world JSON at /results/0/sources (line 1, column 39): unknown member 'sources': a result of a query's fields, not a table: write it in table mode (ecs_world_to_json, or REST with table=true)"),
        ("{\"results\":[{\"ids\":[[\"A\", \"B\", \"C\"]]}]}", "world JSON at /results/0/ids/0 (line 1, column 21): expected [\"Id\"] or [\"Rel\",\"Tgt\"], found an array"),
        ("{\"results\":[{\"ids\":[[\"*\"]], \"entities\":[\"e\"]}]}", "world JSON at /results/0/ids/0 (line 1, column 21): flecs.core.* is a wildcard, not an id a table has"),
        ("{\"results\":[{\"ids\":[[\"A\"]], \"entities\":[\"e\"], \"values\":[0, 0]}]}", "world JSON at /results/0/values/1 (line 1, column 60): more elements in values (2) than the table has ids (1)"),
        ("{\"results\":[{\"ids\":[[\"Position\"]], \"entities\":[\"e\"], \"values\":[[{}, {}]]}]}", "world JSON at /results/0/values/0/1 (line 1, column 69): more values (2) than the result has entities (1)"),
        ("{\"results\":[{\"ids\":[], \"parent\":\"P\", \"entities\":[\"e\"]}], \"x\":1}", "world JSON at /x (line 1, column 62): unknown member 'x' (world JSON has \"results\")"),
        ("{\"results\":[{\"ids\":[[\"flecs.core.ChildOf\", \"Q\"]], \"parent\":\"P\", \"entities\":[\"e\"]}]}", "world JSON at /results/0/parent (line 1, column 60): the parent is P but the ids have (ChildOf, Q)"),
        ("{\"results\":[{\"ids\":[], \"entities\":[4294967296]}]}", "world JSON at /results/0/entities/0 (line 1, column 36): not a 32-bit entity id"),
        ("{\"results\":[", "world JSON is not valid JSON: EOF while parsing a list at line 1 column 12"),
        ("{\"results\":[], \"results\":[]}", "world JSON is not valid JSON: a second member `results` (at /results) at line 1 column 24"),
    ];
    let mut failed = 0;
    for (json, expected) in cases {
        let mut w = types();
        let err = match read(&mut w, json) {
            Ok(r) => panic!("{json} was read: {r:?}"),
            Err(e) => e.to_string(),
        };
        if &err != expected {
            eprintln!("{json}\n  got:      {err}\n  expected: {expected}");
            failed += 1;
        }
    }
    assert_eq!(failed, 0);
    let deep = format!(
        "{{\"results\":{}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(read(&mut types(), &deep).is_err());
}

#[test]
fn iterator_output_in_table_mode_from_the_corpus_reads_back() {
    let Some(cases) = corpus() else { return };
    let mut checked = 0;
    for case in cases {
        let table = case["options"]["serialize_table"] == Json::Bool(true);
        let ids = case["options"]["serialize_ids"] == Json::Bool(true);
        if !table || !ids || case["valid_json"] != Json::Bool(true) {
            continue;
        }
        let full = rosetta_world::eval::corpus::load_setup(&case["setup"]).unwrap();
        // Only the types of the setup: the entities come from the JSON.
        let type_ops: Vec<Json> = case["setup"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|op| matches!(op[0].as_str(), Some("component" | "struct" | "tag")))
            .cloned()
            .collect();
        let mut w = script::load_json(&Json::Array(type_ops)).unwrap().world;
        let expected = case["expected"].as_str().unwrap();
        let report = read(&mut w, expected).unwrap_or_else(|e| panic!("{}: {e}", case["id"]));
        assert!(
            report.skipped.is_empty(),
            "{}: {:?}",
            case["id"],
            report.skipped
        );
        for name in ["e1", "e2", "e3"] {
            let path = if case["id"] == "iter.table" {
                name.to_string()
            } else {
                format!("Parent.{name}")
            };
            let (a, b) = (full.world.lookup(&path).unwrap(), w.lookup(&path).unwrap());
            for comp in ["Position", "Velocity", "Mass"] {
                let (ca, cb) = (full.world.lookup(comp).unwrap(), w.lookup(comp).unwrap());
                assert_eq!(
                    full.world.get_owned(a, ca).map(|v| v.into_owned()),
                    w.get_owned(b, cb).map(|v| v.into_owned()),
                    "{} {path} {comp}",
                    case["id"]
                );
            }
            for tag in ["Foo", "Bar"] {
                assert_eq!(
                    full.world.has(a, full.world.lookup(tag).unwrap()),
                    w.has(b, w.lookup(tag).unwrap()),
                    "{} {path} {tag}",
                    case["id"]
                );
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 3, "the corpus' table-mode cases with ids");
}

fn corpus() -> Option<Vec<Json>> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/flecs/v3_json_vectors.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: the Flecs corpus is not at {} (it lives outside the repository)",
            path.display()
        );
        return None;
    };
    let corpus: Json = serde_json::from_str(&text).unwrap();
    Some(corpus["cases"].as_array().cloned().unwrap_or_default())
}

#[test]
fn kinds_flecs_cannot_describe_read_0_as_their_default() {
    let mut w = types();
    let uuid = w.component_of("Guid", rosetta_types::TypeId::UUID).unwrap();
    let json = r#"{"results":[{"ids":[["Guid"]], "entities":["e"], "values":[[0]]}]}"#;
    let report = world_from_json(&mut w, json, &FromJsonDesc { strict: true }).unwrap();
    assert!(report.skipped.is_empty());
    let e = w.lookup("e").unwrap();
    assert_eq!(
        w.get_owned(e, uuid).map(|v| v.into_owned()),
        Some(Value::Uuid([0; 16]))
    );
    let json = r#"{"results":[{"ids":[["Guid"]], "entities":["e"], "values":[["x"]]}]}"#;
    let err = world_from_json(&mut w, json, &FromJsonDesc { strict: true }).unwrap_err();
    assert!(
        err.to_string()
            .ends_with("values of kind uuid cannot be read from Flecs JSON (only 0)"),
        "{err}"
    );
}

/// `Position {x, y: f32}`'s type entities as Flecs v3.2.8 writes them (members first), and an
/// entity with a value.
const POSITION_MEMBERS: &str = r#"{"ids":[["flecs.meta.Member"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Position"]], "parent":"Position", "entities":["x", "y"], "values":[[{"type":"flecs.meta.f32", "count":1, "unit":0, "offset":0}, {"type":"MEMBER_TYPE", "count":1, "unit":0, "offset":4}], 0, 0]}"#;
const POSITION_TYPE: &str = r#"{"ids":[["flecs.core.Component"], ["flecs.meta.MetaType"], ["flecs.meta.MetaTypeSerialized"], ["flecs.meta.Struct"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.Identifier","flecs.core.Symbol"]], "entities":["Position"], "values":[[{"size":8, "alignment":4}], [{"kind":"StructType"}], 0, 0, 0, 0]}"#;
const E_POSITION: &str = r#"{"ids":[["Position"], ["flecs.core.Identifier","flecs.core.Name"]], "entities":["e"], "values":[[{"x":1.5, "y":2}], 0]}"#;

fn doc(results: &[&str], member_type: &str) -> String {
    format!("{{\"results\":[{}]}}", results.join(", ")).replace("MEMBER_TYPE", member_type)
}

#[test]
fn types_are_rebuilt_from_their_type_entities_in_any_order() {
    for order in [
        [POSITION_MEMBERS, POSITION_TYPE, E_POSITION],
        [POSITION_TYPE, POSITION_MEMBERS, E_POSITION],
        // A value before the type entities that define its type waits for them.
        [E_POSITION, POSITION_TYPE, POSITION_MEMBERS],
    ] {
        let mut w = World::new();
        let json = doc(&order, "flecs.meta.f32");
        let report = world_from_json(&mut w, &json, &FromJsonDesc { strict: true })
            .unwrap_or_else(|e| panic!("{e}\n{json}"));
        assert!(report.skipped.is_empty());
        assert_eq!(
            get(&w, "e", "Position"),
            Value::Struct([Value::F32(1.5), Value::F32(2.0)].into())
        );
        // Members are the type's metadata, not entities of the world.
        assert_eq!(w.lookup("Position.x"), None);
        let pos = w.lookup("Position").unwrap_or_default();
        assert_eq!(w.flecs_type(pos).map(|t| t.members.len()), Some(2));
        assert!(!w.owns(pos, builtin::META_TYPE));
    }
}

#[test]
fn a_type_that_cannot_be_built_is_reported_or_refused_when_strict() {
    let json = doc(&[POSITION_MEMBERS, POSITION_TYPE, E_POSITION], "Nope");
    let mut w = World::new();
    let report = read(&mut w, &json).unwrap_or_else(|e| panic!("{e}"));
    let ids: Vec<&str> = report.skipped.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["Position", "Position"], "{:?}", report.skipped);
    assert_eq!(report.skipped[0].pointer, "/results/0");
    assert_eq!(
        report.skipped[0].reason,
        "its type was not rebuilt: Nope has no reflection"
    );
    let err = world_from_json(&mut World::new(), &json, &FromJsonDesc { strict: true })
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        err.contains("world JSON at /results/0 (line 1, column 13): cannot rebuild type Position: Nope has no reflection"),
        "{err}"
    );
}
