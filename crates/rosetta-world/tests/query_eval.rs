//! The evaluator, construct by construct, on small worlds.

use rosetta_world::eval::{page, FieldValue, Query};
use rosetta_world::{script, World};

fn world(ops: &str) -> World {
    let mut l = script::load_str(ops).expect("script loads");
    l.world.process_pending();
    l.world
}

/// Entities per result, as paths.
fn ents(w: &World, q: &str) -> Vec<Vec<String>> {
    let q = Query::new(w, q).unwrap_or_else(|e| panic!("{q}: {e}"));
    q.results(w)
        .iter()
        .map(|r| r.entities(w).iter().map(|&e| w.path_of(e)).collect())
        .collect()
}

fn err(w: &World, q: &str) -> String {
    Query::new(w, q).map(|_| ()).unwrap_err().to_string()
}

const ZOO: &str = r#"[
    ["struct", "Position", [["x", "i32"], ["y", "i32"]]],
    ["tag", "Likes"], ["tag", "Apples"], ["tag", "Pears"], ["tag", "Frozen"],
    ["entity", "alice"], ["set", "alice", "Position", {"x": 1, "y": 1}],
    ["add", "alice", ["Likes", "Apples"]],
    ["entity", "bob"], ["set", "bob", "Position", {"x": 2, "y": 2}],
    ["add", "bob", ["Likes", "Apples"]], ["add", "bob", ["Likes", "Pears"]],
    ["entity", "carl"], ["add", "carl", "Frozen"], ["add", "carl", ["Likes", "Pears"]],
    ["prefab", "Proto"], ["add", "Proto", "Frozen"],
    ["entity", "off"], ["add", "off", "Frozen"], ["disable", "off"]
]"#;

#[test]
fn wildcard_gives_one_result_per_id_and_any_one() {
    let w = world(ZOO);
    assert_eq!(ents(&w, "(Likes, *)").len(), 4);
    assert_eq!(ents(&w, "(Likes, _)").len(), 3);
    assert_eq!(ents(&w, "Position, (Likes, *)").len(), 3);
}

#[test]
fn variables_bind_and_constrain() {
    let w = world(ZOO);
    let q = Query::new(&w, "(Likes, $F), Position").unwrap();
    assert_eq!(q.variables()[1].name, "F");
    let foods: Vec<String> = q.results(&w).iter().map(|r| w.path_of(r.vars[1])).collect();
    assert_eq!(foods, ["Apples", "Apples", "Pears"]);
    assert_eq!(
        ents(&w, "Frozen($x), Likes($x, Pears)"),
        [Vec::<String>::new()]
    );
}

#[test]
fn optional_not_and_or() {
    let w = world(ZOO);
    let q = Query::new(&w, "(Likes, Pears), ?Position").unwrap();
    let set: Vec<bool> = q.results(&w).iter().map(|r| r.is_set[1]).collect();
    assert_eq!(set, [true, false]);
    assert_eq!(ents(&w, "(Likes, *), !Position"), [vec!["carl"]]);
    assert_eq!(ents(&w, "Position || Frozen").len(), 3);
}

#[test]
fn prefabs_and_disabled_only_when_named() {
    let w = world(ZOO);
    assert_eq!(ents(&w, "Frozen"), [vec!["carl"]]);
    assert_eq!(ents(&w, "Frozen, Prefab"), [vec!["Proto"]]);
    assert_eq!(ents(&w, "Frozen, Disabled"), [vec!["off"]]);
}

#[test]
fn sources_fixed_singleton_and_parent() {
    let w = world(
        r#"[["struct", "Mass", [["value", "i32"]]], ["singleton_set", "Mass", {"value": 7}],
            ["entity", "p"], ["set", "p", "Mass", {"value": 3}],
            ["entity", "p.c"], ["tag", "T"], ["add", "p.c", "T"]]"#,
    );
    let q = Query::new(&w, "Mass($)").unwrap();
    let r = q.results(&w);
    assert_eq!(r.len(), 1);
    assert_eq!(w.path_of(r[0].sources[0]), "Mass");
    assert!(matches!(r[0].value(&w, 0), FieldValue::Shared(_)));
    assert_eq!(ents(&w, "T, Mass(parent)"), [vec!["p.c"]]);
    assert_eq!(ents(&w, "Mass(p)"), [Vec::<String>::new()]);
}

#[test]
fn inheritance_through_isa_with_the_base_as_source() {
    let w = world(
        r#"[["tag", "T"], ["prefab", "B"], ["add", "B", "T"],
            ["entity", "e"], ["add", "e", ["IsA", "B"]]]"#,
    );
    let q = Query::new(&w, "T").unwrap();
    let r = q.results(&w);
    assert_eq!(r.len(), 1);
    assert_eq!(w.path_of(r[0].sources[0]), "B");
    assert!(ents(&w, "T(self)").is_empty());
}

#[test]
fn equality_and_match() {
    let w = world(ZOO);
    assert_eq!(ents(&w, "$this == alice"), [vec!["alice"]]);
    assert_eq!(ents(&w, "Position, $this != alice"), [vec!["bob"]]);
    assert_eq!(ents(&w, "(Likes, *), $this ~= \"ar\""), [vec!["carl"]]);
    assert_eq!(ents(&w, "Position, $this == \"bob\""), [vec!["bob"]]);
}

#[test]
fn paging_counts_entities() {
    let w = world(ZOO);
    let q = Query::new(&w, "(Likes, *)").unwrap();
    let p = page(q.results(&w), 1, Some(2));
    let total: u32 = p.iter().map(|r| r.count).sum();
    assert_eq!(total, 2);
}

#[test]
fn errors_are_worded_as_flecs() {
    let w = world(ZOO);
    assert_eq!(
        err(&w, "Position, Nope"),
        "unresolved identifier 'Nope'\nPosition, Nope\n            ^"
    );
    assert!(err(&w, "Position(up(Likes))").contains("not traversable"));
}
