//! Not-scopes (`!{ ... }`), case by case as Flecs v3.2.12's own tests of them
//! (`test/addons/src/RulesScopes.c`) have them: the same worlds, the same queries, the same
//! results. A not-scope matches when the terms inside it have no solution; the search then
//! goes on after its `}`.

use rosetta_world::eval::Query;
use rosetta_world::{script, World};

fn world(ops: &str) -> World {
    let mut l = script::load_str(ops).expect("script loads");
    l.world.process_pending();
    l.world
}

/// Per result: its entities, and whether its first field is `Root`, set, on `$this`.
fn results(w: &World, q: &str) -> Vec<Vec<String>> {
    let query = Query::new(w, q).unwrap_or_else(|e| panic!("{q}: {e}"));
    let root = w.lookup("Root").expect("Root");
    query
        .results(w)
        .iter()
        .map(|r| {
            assert_eq!(r.ids.first(), Some(&root), "{q}: field 1 is Root");
            assert_eq!(r.sources.first().map(|s| s.0), Some(0), "{q}: on $this");
            assert_eq!(r.is_set.first(), Some(&true), "{q}: field 1 set");
            r.entities(w).iter().map(|&e| w.path_of(e)).collect()
        })
        .collect()
}

fn one_each(names: &[&str]) -> Vec<Vec<String>> {
    names.iter().map(|n| vec![n.to_string()]).collect()
}

const TAGS: &str = r#"["tag", "Root"], ["tag", "TagA"], ["tag", "TagB"], ["tag", "TagC"],
    ["struct", "Position", [["x", "f32"], ["y", "f32"]]], ["tag", "Foo"]"#;

fn tagged(entities: &[(&str, &[&str])]) -> World {
    let mut ops = vec![TAGS.to_string()];
    for (name, tags) in entities {
        ops.push(format!(
            r#"["entity", "{name}"], ["add", "{name}", "Root"]"#
        ));
        for tag in *tags {
            ops.push(format!(r#"["add", "{name}", "{tag}"]"#));
        }
    }
    world(&format!("[{}]", ops.join(", ")))
}

#[test]
fn term_w_not_scope_1_term() {
    let w = tagged(&[("parent_1", &["TagA"]), ("parent_2", &[])]);
    assert_eq!(results(&w, "Root, !{ TagA }"), one_each(&["parent_2"]));
}

#[test]
fn term_w_not_scope_2_terms() {
    let w = tagged(&[
        ("parent_1", &["TagA"]),
        ("parent_2", &["TagB"]),
        ("parent_3", &["TagA", "TagB"]),
    ]);
    assert_eq!(
        results(&w, "Root, !{ TagA, TagB }"),
        one_each(&["parent_1", "parent_2"])
    );
}

#[test]
fn term_w_not_scope_1_term_w_not() {
    let w = tagged(&[("parent_1", &["TagA"]), ("parent_2", &[])]);
    assert_eq!(results(&w, "Root, !{ !TagA }"), one_each(&["parent_1"]));
}

#[test]
fn term_w_not_scope_2_terms_w_not() {
    let w = tagged(&[
        ("parent_1", &["TagA"]),
        ("parent_2", &["TagB"]),
        ("parent_3", &["TagA", "TagB"]),
    ]);
    assert_eq!(
        results(&w, "Root, !{ TagA, !TagB }"),
        one_each(&["parent_2", "parent_3"])
    );
}

/// Parents with `Root` and children (`(parent, [child components])`).
fn families(parents: &[(&str, &[&[&str]])]) -> World {
    let mut ops = vec![TAGS.to_string()];
    for (parent, children) in parents {
        ops.push(format!(
            r#"["entity", "{parent}"], ["add", "{parent}", "Root"]"#
        ));
        for (i, comps) in children.iter().enumerate() {
            let child = format!("{parent}.child_{i}");
            ops.push(format!(r#"["entity", "{child}"]"#));
            for comp in *comps {
                ops.push(match *comp {
                    "Position" => {
                        format!(r#"["set", "{child}", "Position", {{"x": 10, "y": 20}}]"#)
                    }
                    tag => format!(r#"["add", "{child}", "{tag}"]"#),
                });
            }
        }
    }
    world(&format!("[{}]", ops.join(", ")))
}

#[test]
fn term_w_not_scope_1_term_w_var() {
    let w = families(&[
        ("parent_1", &[&[], &[]]),
        ("parent_2", &[&[]]),
        ("parent_3", &[]),
    ]);
    assert_eq!(
        results(&w, "Root, !{ ChildOf($child, $this) }"),
        one_each(&["parent_3"])
    );
}

#[test]
fn term_w_not_scope_2_terms_w_var() {
    let w = families(&[
        ("parent_0", &[&["Position"], &["Position"]]),
        ("parent_1", &[&["Position"], &[]]),
        ("parent_2", &[&[], &[]]),
    ]);
    assert_eq!(
        results(&w, "Root, !{ ChildOf($child, $this), Position($child) }"),
        one_each(&["parent_2"])
    );
}

#[test]
fn term_w_not_scope_1_term_w_not_w_var() {
    let w = families(&[("parent_0", &[&[], &[]]), ("parent_1", &[])]);
    // `!ChildOf($child, $this)` inside the scope: no entity is a child of `$this` (the
    // variable is not bound by a Not term that is not the query's first).
    assert_eq!(
        results(&w, "Root, !{ !ChildOf($child, $this) }"),
        one_each(&["parent_0"])
    );
}

#[test]
fn term_w_not_scope_2_terms_w_not_w_var() {
    let w = families(&[
        (
            "parent_0",
            &[&["Position"], &["Position"], &["Position", "Foo"]],
        ),
        ("parent_1", &[&["Position"], &[]]),
        ("parent_2", &[&["Foo"], &[]]),
    ]);
    assert_eq!(
        results(&w, "Root, !{ ChildOf($child, $this), !Position($child) }"),
        one_each(&["parent_0"])
    );
}

#[test]
fn term_w_not_scope_2_terms_w_or() {
    let w = tagged(&[
        ("e1", &["TagA"]),
        ("e2", &["TagB"]),
        ("e3", &["TagA", "TagB"]),
        ("e4", &[]),
    ]);
    assert_eq!(results(&w, "Root, !{ TagA || TagB }"), one_each(&["e4"]));
}

#[test]
fn term_w_not_scope_3_terms_w_or() {
    let w = tagged(&[
        ("e1", &["TagA"]),
        ("e2", &["TagB"]),
        ("e3", &["TagA", "TagB"]),
        ("e4", &["TagC"]),
        ("e5", &[]),
    ]);
    assert_eq!(
        results(&w, "Root, !{ TagA || TagB || TagC }"),
        one_each(&["e5"])
    );
}

#[test]
fn terms_after_a_not_scope_are_evaluated() {
    // Not from Flecs' tests: what follows the `}` still constrains the result.
    let w = tagged(&[("a", &["TagB"]), ("b", &[]), ("c", &["TagA", "TagB"])]);
    assert_eq!(results(&w, "Root, !{ TagA }, TagB"), one_each(&["a"]));
    assert_eq!(results(&w, "Root, !{ TagA }, !TagB"), one_each(&["b"]));
}
