//! Every `value` and `type_info` case of the Flecs v3 JSON corpus, read from `../shared` beside
//! the repository (never copied into it); skipped, saying so, when the corpus is absent.

use std::path::Path;

use rosetta_flecs::corpus::{check_type_info_case, check_value_case};
use serde_json::Value as Json;

const CORPUS: &str = "../../../shared/corpus/flecs/v3_json_vectors.json";

fn cases(suite: &str) -> Option<Vec<Json>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(CORPUS);
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "skipped: the Flecs corpus is not at {} (it lives outside the repository)",
            path.display()
        );
        return None;
    };
    let doc: Json =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let all = doc["cases"].as_array().cloned().unwrap_or_default();
    Some(all.into_iter().filter(|c| c["suite"] == suite).collect())
}

fn run(suite: &str, check: fn(&Json) -> Result<(), String>) {
    let Some(cases) = cases(suite) else { return };
    assert!(!cases.is_empty(), "no {suite} cases in the corpus");
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| check(c).err().map(|e| format!("{}: {e}", c["id"])))
        .collect();
    eprintln!(
        "{suite}: {} passed, {} failed",
        cases.len() - failures.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn value_cases() {
    run("value", check_value_case);
}

#[test]
fn type_info_cases() {
    run("type_info", check_type_info_case);
}
