//! `==`, `!=` and `~=`, case by case as Flecs v3.2.12's own tests of them
//! (`test/addons/src/RulesBuiltinPredicates.c`) have them: the same worlds, queries and
//! results. A string on the right of `==` and `!=` is looked up as a path (`ecs_lookup`);
//! `~=` looks for the text in the entity's name. A predicate's field is never set.

use rosetta_world::eval::Query;
use rosetta_world::{script, World};

fn world(ops: &str) -> World {
    let mut l = script::load_str(&format!("[{ops}]")).expect("script loads");
    l.world.process_pending();
    l.world
}

/// Per result: its entities (comma separated), then each named variable (`x=ent_2`), then
/// which fields are set (`+` set, `-` not).
fn results(w: &World, q: &str) -> Vec<String> {
    let query = Query::new(w, q).unwrap_or_else(|e| panic!("{q}: {e}"));
    let vars = query.variables().to_vec();
    query
        .results(w)
        .iter()
        .map(|r| {
            let mut out: Vec<String> = r.entities(w).iter().map(|&e| w.path_of(e)).collect();
            let mut line = out.join(",");
            out.clear();
            for (i, v) in vars.iter().enumerate().skip(1) {
                if !v.anonymous {
                    let val = r.vars.get(i).copied().unwrap_or_default();
                    out.push(format!("{}={}", v.name, w.path_of(val)));
                }
            }
            if !out.is_empty() {
                line = format!("{line} {}", out.join(" "));
            }
            let set: String = r
                .is_set
                .iter()
                .map(|&s| if s { '+' } else { '-' })
                .collect();
            format!("{} {set}", line.trim())
        })
        .collect()
}

fn error(w: &World, q: &str) -> String {
    match Query::new(w, q) {
        Ok(_) => panic!("{q} compiles"),
        Err(e) => e.message().to_owned(),
    }
}

/// `ent_1` .. `ent_3` with `RelA`, `ent_4` with `RelB`.
const WRITTEN: &str = r#"["tag", "RelA"], ["tag", "RelB"],
    ["entity", "ent_1"], ["add", "ent_1", "RelA"], ["entity", "ent_2"], ["add", "ent_2", "RelA"],
    ["entity", "ent_3"], ["add", "ent_3", "RelA"], ["entity", "ent_4"], ["add", "ent_4", "RelB"]"#;

/// `ent_1`, `ent_2` and `ent_3` have `(RelA, ent_2)`.
const PAIRS: &str = r#"["tag", "RelA"], ["entity", "ent_2"], ["entity", "ent_1"],
    ["add", "ent_1", ["RelA", "ent_2"]], ["add", "ent_2", ["RelA", "ent_2"]],
    ["entity", "ent_3"], ["add", "ent_3", ["RelA", "ent_2"]]"#;

/// Names for `~=`: `ent_1`, `ent2`, `nt_3`, `ent_4` in one table, `ent5` and `ent_6` with
/// `Tag`.
const NAMES: &str = r#"["tag", "Tag"], ["entity", "ent_1"], ["entity", "ent2"],
    ["entity", "nt_3"], ["entity", "ent_4"], ["entity", "ent5"], ["add", "ent5", "Tag"],
    ["entity", "ent_6"], ["add", "ent_6", "Tag"]"#;

#[test]
fn this_eq_id_and_name() {
    let w = world(r#"["entity", "ent"]"#);
    assert_eq!(results(&w, "$this == ent"), ["ent -"]);
    assert_eq!(results(&w, "$this == \"ent\""), ["ent -"]);
}

#[test]
fn eq_an_unwritten_variable_is_an_error() {
    let w = world(r#"["entity", "ent"]"#);
    for q in ["$this == $x", "$x == $y", "$this != $x", "$x != $y"] {
        let v = q.rsplit('$').next().unwrap_or_default();
        assert_eq!(
            error(&w, q),
            format!("uninitialized variable '{v}' on right-hand side of equality operator"),
            "{q}"
        );
    }
}

#[test]
fn this_eq_written() {
    let w = world(WRITTEN);
    assert_eq!(results(&w, "RelA($this), $this == ent_2"), ["ent_2 +-"]);
    assert_eq!(results(&w, "RelA($this), $this == \"ent_2\""), ["ent_2 +-"]);
    assert!(results(&w, "RelB($this), $this == ent_2").is_empty());
    assert!(results(&w, "RelB($this), $this == \"ent_2\"").is_empty());
}

#[test]
fn this_eq_var_written() {
    let w = world(PAIRS);
    assert_eq!(
        results(&w, "RelA($this, $x), $this == $x"),
        ["ent_2 x=ent_2 +-"]
    );
}

#[test]
fn var_eq_id_and_name() {
    let w = world(r#"["entity", "ent"]"#);
    assert_eq!(results(&w, "$x == ent"), ["x=ent -"]);
    assert_eq!(results(&w, "$x == \"ent\""), ["x=ent -"]);
}

#[test]
fn var_eq_written() {
    let w = world(WRITTEN);
    assert_eq!(results(&w, "RelA($x), $x == ent_2"), ["x=ent_2 +-"]);
    assert_eq!(results(&w, "RelA($x), $x == \"ent_2\""), ["x=ent_2 +-"]);
    assert!(results(&w, "RelB($x), $x == ent_2").is_empty());
    assert!(results(&w, "RelB($x), $x == \"ent_2\"").is_empty());
    let w = world(PAIRS);
    assert_eq!(
        results(&w, "RelA($x, $y), $x == $y"),
        ["x=ent_2 y=ent_2 +-"]
    );
}

#[test]
fn var_eq_this() {
    let w = world(
        r#"["tag", "Foo"], ["tag", "Bar"], ["entity", "e1"], ["add", "e1", "Foo"],
        ["add", "e1", "Bar"], ["entity", "e2"], ["add", "e2", "Foo"]"#,
    );
    assert_eq!(
        results(&w, "Foo($this), $x == $this, Bar($x)"),
        ["e1 x=e1 +-+"]
    );
}

#[test]
fn this_neq_id_and_name() {
    // Every table but the one without a name, less `ent_2`: the rows before it and after
    // it in its table are two results (`Tag` has no symbol, as ECS_TAG makes it, so it shares
    // that table and comes before `ent_1`).
    let w = world(
        r#"["tag", "Tag"], ["entity", "ent_1"], ["entity", "ent_2"], ["entity", "ent_3"],
        ["entity", "ent_4"], ["add", "ent_4", "Tag"]"#,
    );
    for q in ["$this != ent_2", "$this != \"ent_2\""] {
        let r = results(&w, q);
        assert!(r.contains(&"Tag,ent_1 -".to_string()), "{q}: {r:?}");
        assert!(r.contains(&"ent_3 -".to_string()), "{q}: {r:?}");
        assert!(r.contains(&"ent_4 -".to_string()), "{q}: {r:?}");
        assert!(!r.iter().any(|l| l.contains("ent_2")), "{q}: {r:?}");
    }
}

#[test]
fn this_neq_written() {
    let w = world(WRITTEN);
    for q in [
        "RelA($this), $this != ent_2",
        "RelA($this), $this != \"ent_2\"",
    ] {
        assert_eq!(results(&w, q), ["ent_1 +-", "ent_3 +-"], "{q}");
    }
    for q in [
        "RelB($this), $this != ent_2",
        "RelB($this), $this != \"ent_2\"",
    ] {
        assert_eq!(results(&w, q), ["ent_4 +-"], "{q}");
    }
    let w = world(PAIRS);
    assert_eq!(
        results(&w, "RelA($this, $x), $this != $x"),
        ["ent_1 x=ent_2 +-", "ent_3 x=ent_2 +-"]
    );
}

#[test]
fn var_neq_written() {
    let w = world(WRITTEN);
    for q in ["RelA($x), $x != ent_2", "RelA($x), $x != \"ent_2\""] {
        assert_eq!(results(&w, q), ["x=ent_1 +-", "x=ent_3 +-"], "{q}");
    }
    for q in ["RelB($x), $x != ent_2", "RelB($x), $x != \"ent_2\""] {
        assert_eq!(results(&w, q), ["x=ent_4 +-"], "{q}");
    }
    let w = world(PAIRS);
    assert_eq!(
        results(&w, "RelA($x, $y), $x != $y"),
        ["x=ent_1 y=ent_2 +-", "x=ent_3 y=ent_2 +-"]
    );
}

#[test]
fn var_neq_this() {
    let w = world(
        r#"["tag", "Rel"], ["tag", "Tgt"], ["entity", "e1"], ["add", "e1", ["Rel", "Tgt"]],
        ["entity", "e2"], ["add", "e2", ["Rel", "e2"]]"#,
    );
    assert_eq!(results(&w, "Rel($this, $x), $x != $this"), ["e1 x=Tgt +-"]);
}

#[test]
fn this_match_gives_runs_of_matching_rows() {
    let w = world(NAMES);
    assert_eq!(
        results(&w, "$this ~= \"nt_\""),
        ["ent_1 -", "nt_3,ent_4 -", "ent_6 -"]
    );
}

#[test]
fn this_match_neq() {
    let w = world(NAMES);
    for q in ["$this ~= \"!nt_\"", "$this ~= \"!nt_\", $this ~= \"!_3\""] {
        let r = results(&w, q).join(" ");
        for absent in ["ent_1", "nt_3", "ent_4", "ent_6"] {
            assert!(!r.contains(absent), "{q}: {r}");
        }
        assert!(r.contains("ent2") && r.contains("ent5"), "{q}: {r}");
    }
}

#[test]
fn var_match() {
    let w = world(NAMES);
    let r = results(&w, "$x ~= \"!nt_\"").join(" ");
    assert!(r.contains("x=ent2") && r.contains("x=ent5"), "{r}");
    assert!(!r.contains("x=ent_1") && !r.contains("x=nt_3"), "{r}");
}

#[test]
fn this_match_or() {
    let w = world(NAMES);
    // Flecs' test world (`ecs_mini`) has no meta module; this one names its types
    // (`flecs.meta.u16` has a "1"), which are left out here.
    let ours = |q: &str| -> Vec<String> {
        let r = results(&w, q);
        r.into_iter().filter(|l| !l.starts_with("flecs.")).collect()
    };
    assert_eq!(
        ours("$this ~= \"1\" || $this ~= \"_3\""),
        ["ent_1 -", "nt_3 -"]
    );
    assert_eq!(
        ours("$this ~= \"1\" || $this ~= \"_3\" || $this ~= \"nt_6\""),
        ["ent_1 -", "nt_3 -", "ent_6 -"]
    );
}

#[test]
fn this_match_or_written() {
    let w = world(
        r#"["tag", "Tag"], ["tag", "RelA"],
        ["entity", "ent_1"], ["add", "ent_1", "RelA"], ["entity", "ent2"], ["add", "ent2", "RelA"],
        ["entity", "nt_3"], ["add", "nt_3", "RelA"], ["entity", "ent_4"], ["add", "ent_4", "RelA"],
        ["entity", "ent5"], ["add", "ent5", "RelA"], ["entity", "ent_6"], ["add", "ent_6", "RelA"],
        ["add", "ent_6", "Tag"]"#,
    );
    assert_eq!(
        results(&w, "RelA($this), $this ~= \"1\" || $this ~= \"_3\""),
        ["ent_1 +-", "nt_3 +-"]
    );
    assert_eq!(
        results(
            &w,
            "RelA($this), $this ~= \"1\" || $this ~= \"_3\" || $this ~= \"nt_6\""
        ),
        ["ent_1 +-", "nt_3 +-", "ent_6 +-"]
    );
}

#[test]
fn var_eq_wildcard_and_any_constrain_nothing() {
    let w = world(
        r#"["tag", "Rel"], ["entity", "tgt"], ["entity", "e"], ["add", "e", ["Rel", "tgt"]]"#,
    );
    for q in [
        "$x == *, (Rel, $x)",
        "$x == _, (Rel, $x)",
        "(Rel, $x), $x == *",
        "(Rel, $x), $x == _",
    ] {
        let r = results(&w, q);
        assert_eq!(r.len(), 1, "{q}: {r:?}");
        assert!(r[0].starts_with("e x=tgt"), "{q}: {r:?}");
    }
}

#[test]
fn or_of_eq_with_this() {
    let w = world(
        r#"["tag", "Rel"], ["entity", "e1"], ["add", "e1", ["Rel", "e1"]],
        ["entity", "e2"], ["add", "e2", ["Rel", "e1"]], ["entity", "e3"], ["add", "e3", ["Rel", "Rel"]]"#,
    );
    let r = results(&w, "Rel($this, $x), $x == $this || $x == Rel");
    assert_eq!(r, ["e1 x=e1 +-", "e3 x=Rel +-"]);
}

#[test]
fn an_unwritten_left_hand_side_is_an_error_but_for_eq() {
    let w = world(r#"["tag", "Tag"]"#);
    for (q, v) in [
        ("(ChildOf, $p), $q != \"e\"", "q"),
        ("(ChildOf, $p), $q ~= \"e\"", "q"),
    ] {
        assert_eq!(
            error(&w, q),
            format!("uninitialized variable '{v}' on left-hand side of equality operator"),
            "{q}"
        );
    }
    // `==` assigns; a first term writes what it tests.
    assert!(Query::new(&w, "(ChildOf, $p), $q == Tag").is_ok());
    assert!(Query::new(&w, "$q != \"e\"").is_ok());
}

#[test]
fn names_and_paths_of_children() {
    // `==` and `!=` look the string up as a path from the root; `~=` reads the name.
    let w = world(
        r#"["tag", "T"], ["entity", "parent"], ["entity", "parent.child"],
        ["add", "parent.child", "T"], ["entity", "child"], ["add", "child", "T"]"#,
    );
    assert_eq!(
        results(&w, "T, $this == \"parent.child\""),
        ["parent.child +-"]
    );
    assert_eq!(results(&w, "T, $this == \"child\""), ["child +-"]);
    assert_eq!(results(&w, "T, $this != \"child\""), ["parent.child +-"]);
    assert_eq!(
        results(&w, "T, $this ~= \"child\""),
        ["parent.child +-", "child +-"]
    );
    assert!(results(&w, "T, $this ~= \"parent\"").is_empty());
    // Case matters (`strstr` in v3.2.12; v4.1.6 would match without case).
    assert!(results(&w, "T, $this ~= \"CHILD\"").is_empty());
    // A path that names nothing: `==` matches nothing, `!=` everything.
    assert!(results(&w, "T, $this == \"nobody\"").is_empty());
    assert_eq!(results(&w, "T, $this != \"nobody\"").len(), 2);
}

/// `ent_1` .. `ent_5`, `ent_5` with `Tag`.
const FIVE: &str = r#"["tag", "Tag"], ["entity", "ent_1"], ["entity", "ent_2"],
    ["entity", "ent_3"], ["entity", "ent_4"], ["entity", "ent_5"], ["add", "ent_5", "Tag"]"#;

#[test]
fn two_neq() {
    let w = world(FIVE);
    let r = results(&w, "$this != ent_2, $this != ent_3").join(" ");
    assert!(!r.contains("ent_2") && !r.contains("ent_3"), "{r}");
    assert!(
        r.contains("ent_1") && r.contains("ent_4") && r.contains("ent_5"),
        "{r}"
    );
    let r = results(&w, "$x != ent_2, $x != ent_3").join(" ");
    assert!(!r.contains("x=ent_2") && !r.contains("x=ent_3"), "{r}");
    assert!(r.contains("x=ent_1") && r.contains("x=ent_5"), "{r}");
}

#[test]
fn two_or() {
    let w = world(FIVE);
    assert_eq!(
        results(&w, "$this == ent_2 || $this == ent_3"),
        ["ent_2 -", "ent_3 -"]
    );
    assert_eq!(
        results(&w, "$x == \"ent_2\" || $x == \"ent_3\""),
        ["x=ent_2 -", "x=ent_3 -"]
    );
    let w = world(
        r#"["tag", "RelA"], ["entity", "ent_1"], ["add", "ent_1", "RelA"],
        ["entity", "ent_2"], ["add", "ent_2", "RelA"], ["entity", "ent_3"], ["add", "ent_3", "RelA"],
        ["entity", "ent_4"], ["add", "ent_4", "RelA"], ["entity", "ent_5"], ["add", "ent_5", "RelA"]"#,
    );
    assert_eq!(
        results(&w, "RelA($this), $this == \"ent_2\" || $this == \"ent_3\""),
        ["ent_2 +-", "ent_3 +-"]
    );
}

#[test]
fn var_match_gives_each_entity() {
    let w = world(NAMES);
    let r: Vec<String> = results(&w, "$x ~= \"nt_\"")
        .into_iter()
        .filter(|l| !l.contains("flecs."))
        .collect();
    assert_eq!(r, ["x=ent_1 -", "x=nt_3 -", "x=ent_4 -", "x=ent_6 -"]);
}

#[test]
fn this_match_written_narrows_the_table_to_runs() {
    let w = world(
        r#"["tag", "Tag"], ["tag", "RelA"],
        ["entity", "ent_1"], ["add", "ent_1", "RelA"], ["entity", "ent2"], ["add", "ent2", "RelA"],
        ["entity", "nt_3"], ["add", "nt_3", "RelA"], ["entity", "ent_4"], ["add", "ent_4", "RelA"],
        ["entity", "ent5"], ["add", "ent5", "RelA"], ["entity", "ent_6"], ["add", "ent_6", "RelA"],
        ["add", "ent_6", "Tag"]"#,
    );
    assert_eq!(
        results(&w, "RelA($this:self), $this ~= \"nt_\""),
        ["ent_1 +-", "nt_3,ent_4 +-", "ent_6 +-"]
    );
    // `!=` on a written table leaves the rows before and after the entity.
    assert_eq!(
        results(&w, "RelA($this:self), $this != nt_3"),
        ["ent_1,ent2 +-", "ent_4,ent5 +-", "ent_6 +-"]
    );
}

/// v4.1.6 matches `~=` regardless of ASCII case (`flecs_query_match_substr_i`), so the
/// explorer's search box finds `Earth` for `ea`; v3.2.12 used `strstr`, case and all.
#[test]
fn v4_match_ignores_ascii_case() {
    let ops = r#"["tag", "T"], ["entity", "Earth"], ["add", "Earth", "T"], ["entity", "Mars"], ["add", "Mars", "T"]"#;
    let v3 = world(ops);
    assert_eq!(results(&v3, "T, $this ~= \"ea\""), Vec::<String>::new());
    let mut l = script::load_str_version(&format!("[{ops}]"), rosetta_world::FlecsVersion::V4)
        .expect("script loads");
    l.world.process_pending();
    let v4 = l.world;
    assert_eq!(results(&v4, "T, $this ~= \"ea\""), ["Earth +-"]);
    assert_eq!(results(&v4, "T, $this ~= \"!EA\""), ["Mars +-"]);
}
