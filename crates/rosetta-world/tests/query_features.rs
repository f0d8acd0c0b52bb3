//! Union relationships and toggled ids in queries, as Flecs v3.2.12 has them: its cached
//! queries (`ecs_query_init`, [`Engine::Query`]) split a table by union target and by toggle
//! bits (`flecs_entity_filter_next`); its rules engine ([`Engine::Rule`]) and filters do
//! neither (they see a union only as its `(Union, Rel)` storage id, and ignore toggle bits).

use rosetta_world::{script, Engine, Id, Query, World};

fn world(ops: &str) -> World {
    let mut l = script::load_str(ops).unwrap();
    l.world.process_pending();
    l.world
}

fn id(w: &World, name: &str) -> Id {
    w.lookup(name).unwrap()
}

/// Per result: its entities' names and its field ids as strings.
fn run(w: &World, engine: Engine, q: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let q = Query::with_engine(w, q, engine).unwrap();
    q.results(w)
        .iter()
        .map(|r| {
            (
                r.entities(w).iter().map(|&e| w.path_of(e)).collect(),
                r.ids.iter().map(|&i| w.id_str(i)).collect(),
            )
        })
        .collect()
}

fn entities(w: &World, engine: Engine, q: &str) -> Vec<Vec<String>> {
    run(w, engine, q).into_iter().map(|(e, _)| e).collect()
}

const MOVEMENT: &str = r#"[
    ["union", "Movement"], ["tag", "Walking"], ["tag", "Running"], ["tag", "Jumping"],
    ["entity", "e1"], ["add", "e1", ["Movement", "Running"]],
    ["entity", "e2"], ["add", "e2", ["Movement", "Walking"]],
    ["entity", "e3"], ["add", "e3", ["Movement", "Running"]]
]"#;

/// `Switch_query_switch`: a wildcard target does not split the table.
#[test]
fn union_wildcard_is_one_result_per_table() {
    let w = world(MOVEMENT);
    let r = run(&w, Engine::Query, "(Movement, *)");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].0, ["e1", "e2", "e3"]);
    assert_eq!(r[0].1, ["(Movement,flecs.core.*)"]);
}

/// `Switch_query_1_case_1_type`: one result per entity with the target, newest first.
#[test]
fn union_target_splits_rows() {
    let w = world(MOVEMENT);
    let r = run(&w, Engine::Query, "(Movement, Running)");
    assert_eq!(
        r,
        [
            (
                vec!["e3".to_string()],
                vec!["(Movement,Running)".to_string()]
            ),
            (
                vec!["e1".to_string()],
                vec!["(Movement,Running)".to_string()]
            ),
        ]
    );
    assert_eq!(entities(&w, Engine::Query, "(Movement, Walking)"), [["e2"]]);
    assert!(entities(&w, Engine::Query, "(Movement, Jumping)").is_empty());
}

/// A target set again moves the row to the front of its target's list (`flecs_switch_set`
/// prepends); setting the same target keeps its place, and a row moved by a delete keeps
/// its place too.
#[test]
fn union_rows_follow_the_switch_list() {
    let w = world(
        r#"[["union", "Movement"], ["tag", "Walking"], ["tag", "Running"],
            ["entity", "e1"], ["add", "e1", ["Movement", "Walking"]],
            ["entity", "e2"], ["add", "e2", ["Movement", "Walking"]],
            ["entity", "e3"], ["add", "e3", ["Movement", "Walking"]],
            ["entity", "e4"], ["add", "e4", ["Movement", "Walking"]],
            ["add", "e1", ["Movement", "Running"]], ["add", "e1", ["Movement", "Walking"]],
            ["add", "e3", ["Movement", "Walking"]],
            ["delete", "e2"]]"#,
    );
    assert_eq!(
        entities(&w, Engine::Query, "(Movement, Walking)"),
        [["e1"], ["e4"], ["e3"]]
    );
}

/// `Switch_query_1_case_2_types`: tables in order, rows of each table newest first.
#[test]
fn union_target_across_tables() {
    let w = world(
        r#"[
        ["union", "Movement"], ["tag", "Walking"], ["tag", "Running"], ["tag", "Position"],
        ["entity", "e1"], ["add", "e1", ["Movement", "Running"]],
        ["entity", "e2"], ["add", "e2", ["Movement", "Walking"]],
        ["entity", "e3"], ["add", "e3", ["Movement", "Running"]],
        ["entity", "e4"], ["add", "e4", ["Movement", "Walking"]], ["add", "e4", "Position"],
        ["entity", "e5"], ["add", "e5", ["Movement", "Running"]], ["add", "e5", "Position"],
        ["entity", "e6"], ["add", "e6", ["Movement", "Walking"]], ["add", "e6", "Position"],
        ["entity", "e7"], ["add", "e7", ["Movement", "Running"]], ["add", "e7", "Position"]
    ]"#,
    );
    assert_eq!(
        entities(&w, Engine::Query, "(Movement, Running)"),
        [["e3"], ["e1"], ["e7"], ["e5"]]
    );
    assert_eq!(
        entities(&w, Engine::Query, "Position, (Movement, Walking)"),
        [["e6"], ["e4"]]
    );
}

/// `Switch_query_2_cases_1_type`: every union field's target must match.
#[test]
fn two_union_fields() {
    let w = world(
        r#"[
        ["union", "Movement"], ["tag", "Walking"], ["tag", "Running"],
        ["union", "Direction"], ["tag", "Front"], ["tag", "Back"],
        ["entity", "e1"], ["add", "e1", ["Movement", "Running"]], ["add", "e1", ["Direction", "Front"]],
        ["entity", "e2"], ["add", "e2", ["Movement", "Walking"]], ["add", "e2", ["Direction", "Front"]],
        ["entity", "e3"], ["add", "e3", ["Movement", "Running"]], ["add", "e3", ["Direction", "Back"]],
        ["entity", "e4"], ["add", "e4", ["Movement", "Running"]], ["add", "e4", ["Direction", "Front"]],
        ["entity", "e5"], ["add", "e5", ["Movement", "Walking"]], ["add", "e5", ["Direction", "Front"]]
    ]"#,
    );
    let r = run(&w, Engine::Query, "(Movement, Running), (Direction, Front)");
    let names: Vec<_> = r.iter().map(|(e, _)| e.clone()).collect();
    assert_eq!(names, [["e4"], ["e1"]]);
    assert_eq!(r[0].1, ["(Movement,Running)", "(Direction,Front)"]);
}

/// A union pair on a fixed source is checked against that entity's target.
#[test]
fn union_target_on_entity_source() {
    let w = world(MOVEMENT);
    let q = Query::with_engine(&w, "Movement(e1, Running)", Engine::Query).unwrap();
    let r = q.results(&w);
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].sources, [id(&w, "e1")]);
    let q = Query::with_engine(&w, "Movement(e1, Walking)", Engine::Query).unwrap();
    assert!(q.results(&w).is_empty());
}

/// v3.2.12's rules engine has no union support: `(Movement, *)` has no table record, the
/// storage id `(Union, Movement)` matches whole tables.
#[test]
fn rules_see_only_the_union_storage_id() {
    let w = world(MOVEMENT);
    assert!(entities(&w, Engine::Rule, "(Movement, *)").is_empty());
    assert!(entities(&w, Engine::Rule, "(Movement, Running)").is_empty());
    assert_eq!(
        entities(&w, Engine::Rule, "(flecs.core.Union, Movement)"),
        [["e1", "e2", "e3"]]
    );
}

const TOGGLED: &str = r#"[
    ["tag", "A"], ["tag", "B"],
    ["entity", "x"], ["add", "x", "A"], ["add", "x", {"flag": "TOGGLE", "id": "A"}],
    ["entity", "y"], ["add", "y", "A"], ["add", "y", {"flag": "TOGGLE", "id": "A"}],
    ["entity", "z"], ["add", "z", "A"], ["add", "z", {"flag": "TOGGLE", "id": "A"}],
    ["entity", "u"], ["add", "u", "A"], ["add", "u", {"flag": "TOGGLE", "id": "A"}],
    ["entity", "v"], ["add", "v", "A"], ["add", "v", {"flag": "TOGGLE", "id": "A"}],
    ["entity", "plain"], ["add", "plain", "A"]
]"#;

fn enable(w: &mut World, names: &[&str], comp: &str, on: bool) {
    let c = id(w, comp);
    for n in names {
        let e = id(w, n);
        w.enable_id(e, c, on).unwrap();
    }
}

/// `EnabledComponents_query_*`: one result per run of enabled rows; rows start disabled; a
/// table without the toggle (created first: `A` came before its toggle) is not split.
#[test]
fn toggle_splits_into_enabled_runs() {
    let mut w = world(TOGGLED);
    assert!(entities(&w, Engine::Query, "A")
        .iter()
        .all(|r| r == &["plain"]));
    enable(&mut w, &["y", "z", "v"], "A", true);
    assert_eq!(
        entities(&w, Engine::Query, "A"),
        [vec!["plain"], vec!["y", "z"], vec!["v"]]
    );
    enable(&mut w, &["x", "u"], "A", true);
    enable(&mut w, &["z"], "A", false);
    assert_eq!(
        entities(&w, Engine::Query, "A"),
        [vec!["plain"], vec!["x", "y"], vec!["u", "v"]]
    );
}

/// Two toggled fields: one result per run of rows where both are enabled.
#[test]
fn two_toggled_fields() {
    let mut ops: Vec<serde_json::Value> = serde_json::from_str(TOGGLED).unwrap();
    for n in ["x", "y", "z", "u", "v"] {
        ops.push(serde_json::json!(["add", n, "B"]));
        ops.push(serde_json::json!(["add", n, {"flag": "TOGGLE", "id": "B"}]));
    }
    let mut w = world(&serde_json::to_string(&ops).unwrap());
    enable(&mut w, &["x", "y", "z", "u", "v"], "A", true);
    enable(&mut w, &["x", "y", "z", "u", "v"], "B", true);
    assert_eq!(
        entities(&w, Engine::Query, "A, B"),
        [vec!["x", "y", "z", "u", "v"]]
    );
    enable(&mut w, &["z"], "A", false);
    enable(&mut w, &["u"], "B", false);
    assert_eq!(
        entities(&w, Engine::Query, "A, B"),
        [vec!["x", "y"], vec!["v"]]
    );
    // A field on B alone splits by B's bits only.
    assert_eq!(
        entities(&w, Engine::Query, "B"),
        [vec!["x", "y", "z"], vec!["v"]]
    );
}

/// v3.2.12's rules engine ignores toggle bits.
#[test]
fn rules_ignore_toggles() {
    let w = world(TOGGLED);
    assert_eq!(
        entities(&w, Engine::Rule, "A"),
        [vec!["plain"], vec!["x", "y", "z", "u", "v"]]
    );
}

const TREE: &str = r#"[
    ["tag", "Foo"],
    ["entity", "P.C.G"], ["add", "P.C.G", "Foo"],
    ["entity", "Q.D"], ["add", "Q.D", "Foo"],
    ["add", "P.C", "Foo"], ["add", "Q", "Foo"], ["add", "P", "Foo"],
    ["entity", "R"], ["add", "R", "Foo"]
]"#;

/// `cascade` (cached queries): tables grouped by their depth in the relationship, roots
/// first, the rules' table order kept within a depth; `desc` reverses the groups.
#[test]
fn cascade_orders_tables_by_depth() {
    let w = world(TREE);
    let rule = entities(&w, Engine::Rule, "Foo, ?Foo(parent)");
    let q = "Foo, ?Foo(parent|cascade)";
    let cached = entities(&w, Engine::Query, q);
    assert_eq!(rule.len(), cached.len());
    assert_ne!(rule, cached);
    let depth = |r: &Vec<String>| r[0].matches('.').count();
    let mut by_depth = rule.clone();
    by_depth.sort_by_key(depth);
    assert_eq!(cached, by_depth);
    assert_eq!(cached.first().map(depth), Some(0));
    assert_eq!(cached.last(), Some(&vec!["P.C.G".to_string()]));
    let desc = entities(&w, Engine::Query, "Foo, ?Foo(parent|cascade|desc)");
    let mut rev = rule;
    rev.sort_by_key(|r| std::cmp::Reverse(depth(r)));
    assert_eq!(desc, rev);
    // The rules engine ignores cascade.
    assert_eq!(
        entities(&w, Engine::Rule, q),
        entities(&w, Engine::Rule, "Foo, ?Foo(parent)")
    );
}

/// `flecs_rule_with_or`: on a source already known, an Or chain yields the first match of
/// the first alternative that has one, even when that alternative is a wildcard with more.
#[test]
fn rule_or_chain_on_a_known_source_yields_one_match() {
    let w = world(
        r#"[["tag", "Position"], ["tag", "Likes"], ["tag", "Apples"], ["tag", "Pears"],
            ["tag", "Bananas"],
            ["entity", "e"], ["add", "e", "Position"], ["add", "e", ["Likes", "Pears"]],
            ["add", "e", ["Likes", "Bananas"]]]"#,
    );
    let r = run(&w, Engine::Rule, "Position, (Likes, Apples) || (Likes, *)");
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].1[1], "(Likes,Pears)");
    // Unknown source: every match of each alternative, skipping sources an earlier one had.
    let r = run(&w, Engine::Rule, "(Likes, Apples) || (Likes, *)");
    assert_eq!(r.len(), 2);
}

/// `ecs_enable_id` on a pair: `TOGGLE | (Rel, Tgt)` gets a bitset column like a plain id, and
/// a cached query yields only the enabled runs.
#[test]
fn toggled_pairs_split_into_enabled_runs() {
    let w = world(
        r#"[["tag", "Likes"], ["tag", "Apples"],
            ["entity", "e1"], ["entity", "e2"], ["entity", "e3"],
            ["enable_id", "e1", ["Likes", "Apples"], true],
            ["enable_id", "e2", ["Likes", "Apples"], false],
            ["enable_id", "e3", ["Likes", "Apples"]],
            ["add", "e1", ["Likes", "Apples"]], ["add", "e2", ["Likes", "Apples"]],
            ["add", "e3", ["Likes", "Apples"]]]"#,
    );
    assert_eq!(
        entities(&w, Engine::Query, "(Likes, Apples)"),
        [["e1"], ["e3"]]
    );
    assert_eq!(
        entities(&w, Engine::Rule, "(Likes, Apples)"),
        [["e1", "e2", "e3"]]
    );
    let e2 = id(&w, "e2");
    assert!(!w.is_enabled_id(e2, Id::pair(id(&w, "Likes"), id(&w, "Apples"))));
}
