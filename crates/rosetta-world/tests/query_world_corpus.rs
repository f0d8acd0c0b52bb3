//! Every `iter` and `entity` case of the Flecs v3 JSON corpus, run through the evaluator
//! (`rosetta_world::eval::corpus`): the same entities in the same order, and per result the
//! same ids, sources, `is_set`, variables and parent. Skips when the corpus is absent.

mod common;

use rosetta_world::eval::corpus::{check_case, Outcome};

#[test]
fn corpus_iter_and_entity_cases() {
    let Some(cases) = common::flecs_cases() else {
        return;
    };
    let (mut passed, mut skipped, mut failures) = (0, 0, Vec::new());
    for case in &cases {
        if !matches!(case["suite"].as_str(), Some("iter" | "entity")) {
            continue;
        }
        let id = case["id"].as_str().unwrap_or("?");
        match check_case(case) {
            Outcome::Pass => passed += 1,
            Outcome::Skip(why) => {
                eprintln!("skip {id}: {why}");
                skipped += 1;
            }
            Outcome::Fail(why) => failures.push(format!("{id}: {why}")),
        }
    }
    eprintln!(
        "{passed} passed, {skipped} skipped, {} failed",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(passed > 100, "only {passed} cases ran");
}
