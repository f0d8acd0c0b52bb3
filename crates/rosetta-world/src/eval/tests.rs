use super::*;
use crate::script;

fn world(ops: &str) -> World {
    let mut l = script::load_str(ops).unwrap();
    l.world.process_pending();
    l.world
}

fn names(w: &World, q: &str) -> Vec<Vec<String>> {
    let q = Query::new(w, q).unwrap();
    q.results(w)
        .iter()
        .map(|r| r.entities(w).iter().map(|&e| w.path_of(e)).collect())
        .collect()
}

#[test]
fn one_result_per_table() {
    let w = world(
        r#"[["tag", "A"], ["tag", "B"], ["entity", "x"], ["entity", "y"],
            ["add", "x", "A"], ["add", "y", "A"], ["add", "y", "B"]]"#,
    );
    assert_eq!(names(&w, "A"), [vec!["x"], vec!["y"]]);
    assert_eq!(names(&w, "A, !B"), [vec!["x"]]);
    assert_eq!(names(&w, "A, ?B").len(), 2);
}

#[test]
fn an_expected_error_from_setup_or_query_passes() {
    use super::corpus::{check_case, Outcome};
    let mut case = serde_json::json!({
        "id": "iter.err", "suite": "iter", "setup": [["add", "nobody", "T"]],
        "query": {"engine": "rule", "expr": "T"}, "expected": null, "expect_error": true
    });
    assert_eq!(check_case(&case), Outcome::Pass);
    case["setup"] = serde_json::json!([["tag", "T"]]);
    case["query"]["expr"] = serde_json::json!("NoSuchTag");
    assert_eq!(check_case(&case), Outcome::Pass);
    case["query"]["expr"] = serde_json::json!("T");
    assert!(matches!(check_case(&case), Outcome::Skip(_)));
}
