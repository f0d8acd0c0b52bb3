//! Every query expression of the Flecs v3 JSON corpus parses, and prints back to text that
//! parses to the same terms.

use std::path::Path;

use rosetta_world::query::{parse, QueryAst};

const CORPUS: &str = "../../../shared/corpus/flecs/v3_json_vectors.json";

fn normalized(q: &QueryAst) -> QueryAst {
    let mut q = q.clone();
    for t in &mut q.terms {
        t.span = Default::default();
    }
    q.warnings.clear();
    q
}

#[test]
fn corpus_expressions_parse() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: the Flecs corpus is not at {} (it lives outside the repository)",
            path.display()
        );
        return;
    };
    let corpus: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => panic!("{}: {e}", path.display()),
    };
    let cases = corpus["cases"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut parsed = 0;
    for case in cases {
        let Some(expr) = case["query"]["expr"].as_str() else {
            continue;
        };
        let id = case["id"].as_str().unwrap_or("?");
        let q = match parse(expr) {
            Ok(q) => q,
            Err(e) => panic!("case {id}: {expr:?} does not parse:\n{e}"),
        };
        assert!(
            q.warnings.is_empty(),
            "case {id}: {expr:?}: {:?}",
            q.warnings
        );
        let printed = q.to_string();
        match parse(&printed) {
            Ok(again) => assert_eq!(normalized(&again), normalized(&q), "case {id}: {expr:?}"),
            Err(e) => panic!("case {id}: {expr:?} printed as {printed:?}, which fails:\n{e}"),
        }
        parsed += 1;
    }
    assert!(parsed > 0, "no query expressions in {}", path.display());
    eprintln!("{parsed} corpus expressions parsed");
}
