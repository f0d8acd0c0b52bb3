//! Every query expression of the Flecs v3 JSON corpus parses, and prints back to text that
//! parses to the same terms.

mod common;

use rosetta_world::query::{parse, QueryAst};

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
    let Some(cases) = common::flecs_cases() else {
        return;
    };
    let mut parsed = 0;
    for case in &cases {
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
    assert!(parsed > 0, "no query expressions in the corpus");
    eprintln!("{parsed} corpus expressions parsed");
}
