//! Suite `flecs-world`: the Flecs v3 JSON corpus' `iter` and `entity` cases against the world
//! built from each case's `setup` (`rosetta_world::eval::corpus`).
//!
//! `rosetta-conformance flecs-world FILE`, FILE `shared/corpus/flecs/v3_json_vectors.json`.
//! For `iter` cases the query runs (rules, filter or cached query as the case says) and its
//! results must show what `expected` shows: the same entities in the same order, and per
//! result the same ids, sources, `is_set`, variables and parent. For `entity` cases, the path
//! and the visible ids. `{id:X}` stands for the low 32 bits of alias `X`. Expected output that
//! is not JSON even after escaping the quotes Flecs leaves in names is listed as skipped, as
//! are cases where Flecs' serializer itself fails.

use std::fs;
use std::path::Path;

use rosetta_world::eval::corpus::{check_case, Outcome};
use serde_json::Value;

use crate::report::Report;

/// Runs the suite on the corpus file.
pub fn run(path: &Path, report: &mut Report) -> Result<(), String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let doc: Value = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let cases = doc
        .get("cases")
        .and_then(Value::as_array)
        .ok_or_else(|| format!("{}: no \"cases\" array", path.display()))?;
    for case in cases {
        if !matches!(case["suite"].as_str(), Some("iter" | "entity")) {
            continue;
        }
        let id = case["id"].as_str().unwrap_or("?");
        match check_case(case) {
            Outcome::Pass => report.pass(id),
            Outcome::Fail(why) => report.fail(id, &why),
            Outcome::Skip(why) => report.skip(id, &why),
        }
    }
    Ok(())
}
