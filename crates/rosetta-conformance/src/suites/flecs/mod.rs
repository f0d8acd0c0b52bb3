//! Suite `flecs`: every case of the Flecs v3.2.12 JSON corpus
//! (`shared/corpus/flecs/v3_json_vectors.json`) serialized by `rosetta_flecs` and compared
//! byte for byte with what v3.2.12 wrote.
//!
//! `rosetta-conformance flecs FILE`. Per suite of the file:
//! - `value` (`ecs_ptr_to_json`) and `type_info` (`ecs_type_info_to_json`): [`value`];
//! - `entity` (`ecs_entity_to_json`), `iter` and `iter_rows` (`ecs_iter_to_json`): [`world`],
//!   on the world built from the case's `setup`, with its options (`options_base` and the C
//!   field names of `options`).
//!
//! `{id:X}` in an expected string stands for the low 32 bits of alias `X`. A case whose
//! expected output v3.2.12 itself wrote as invalid JSON (`valid_json: false`) is compared in
//! engine mode, and the default (valid) mode must then write JSON that parses. A case with
//! `expect_error` passes when the serializer fails as Flecs did.

use std::fs;
use std::path::Path;

use serde_json::Value as Json;

use crate::report::Report;

mod compare;
mod value;
mod world;

/// Runs the suite on the corpus file.
pub fn run(path: &Path, report: &mut Report) -> Result<(), String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let doc: Json = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let cases = doc
        .get("cases")
        .and_then(Json::as_array)
        .ok_or_else(|| format!("{}: no \"cases\" array", path.display()))?;
    for case in cases {
        let id = case["id"].as_str().unwrap_or("?");
        let outcome = match case["suite"].as_str() {
            Some("value") => value::run_value_case(case),
            Some("type_info") => value::run_type_info_case(case),
            Some("entity") => world::run_entity_case(case),
            Some("iter" | "iter_rows") => world::run_iter_case(case),
            other => {
                report.skip(id, &format!("unknown suite {other:?}"));
                continue;
            }
        };
        report.record(id, outcome);
    }
    Ok(())
}
