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

#[test]
fn a_term_with_more_matches_than_a_chunk_yields_them_all_in_order() {
    // 2,500 entities in one table: `T($x)` has that many alternatives, held a chunk at a
    // time, and the second term doubles them.
    let mut ops =
        vec![r#"["tag", "T"], ["tag", "U"], ["entity", "u"], ["add", "u", "U"]"#.to_string()];
    for i in 0..2500 {
        ops.push(format!(r#"["entity", "e{i}"], ["add", "e{i}", "T"]"#));
    }
    let w = world(&format!("[{}]", ops.join(", ")));
    let q = Query::new(&w, "T($x), U($y)").unwrap();
    let got: Vec<String> = q.results(&w).iter().map(|r| w.path_of(r.vars[1])).collect();
    let want: Vec<String> = (0..2500).map(|i| format!("e{i}")).collect();
    assert_eq!(got, want);
    // One step for the first term, two per `$x` (the second term, then the result), and
    // the matches found again for the second and third chunks (1,024 and 2,048).
    let steps = 1 + 2 * 2500 + 1024 + 2048;
    assert!(q.each_bounded(&w, steps, |_| true).is_ok());
    assert!(q.each_bounded(&w, steps - 1, |_| true).is_err());
}

#[test]
fn zero_matches_nothing() {
    // Flecs compiles a query without terms to its `Nothing` instruction: no result (not one
    // empty result).
    let w = world(r#"[["tag", "A"], ["entity", "x"], ["add", "x", "A"]]"#);
    assert!(Query::new(&w, "0").unwrap().results(&w).is_empty());
}
