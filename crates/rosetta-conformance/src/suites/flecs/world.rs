//! The corpus' `entity`, `iter` and `iter_rows` cases: a world from the case's `setup`
//! (`rosetta_world::eval::corpus::load_setup`, tables made pending at the points the case
//! creates its query), its options, and the serializer's bytes.

use rosetta_flecs::{EntityDesc, Extras, IterDesc, Page};
use rosetta_world::builtin::WILDCARD;
use rosetta_world::eval::corpus::{load_setup, query_text, substitute};
use rosetta_world::eval::Query;
use rosetta_world::script::{Loaded, MarkerKind};
use rosetta_world::{Engine, Id};
use serde_json::Value as Json;

use super::compare::compare;

/// An `entity` case: `ecs_entity_to_json` of the case's `entity`.
pub(super) fn run_entity_case(case: &Json) -> Result<(), String> {
    entity_case(case).or_else(|e| early_error(case, e))
}

/// An `iter` or `iter_rows` case: `ecs_iter_to_json` of the case's query.
pub(super) fn run_iter_case(case: &Json) -> Result<(), String> {
    iter_case(case).or_else(|e| early_error(case, e))
}

/// What a case that failed came to. Flecs may fail a case at another stage than Rosetta does
/// (the setup names what is not there, the query does not compile, a value cannot be
/// written), so for a case that expects an error, an error at any stage passes; the
/// serializer's own "expected an error, wrote ..." is not an error of a stage.
fn early_error(case: &Json, e: Stage) -> Result<(), String> {
    match e {
        Stage::Failed(_) if case["expect_error"] == true => Ok(()),
        Stage::Failed(why) | Stage::Final(why) => Err(why),
    }
}

/// Why a case did not pass.
enum Stage {
    /// A stage failed (setup, options, query, serializer).
    Failed(String),
    /// No stage failed: the output differs from what was expected, or the case itself is
    /// malformed (an unknown option, no query).
    Final(String),
}

impl From<String> for Stage {
    fn from(why: String) -> Stage {
        Stage::Failed(why)
    }
}

impl From<&str> for Stage {
    fn from(why: &str) -> Stage {
        Stage::Failed(why.to_string())
    }
}

fn entity_case(case: &Json) -> Result<(), Stage> {
    let loaded = load_setup(&case["setup"]).map_err(|e| format!("setup: {e}"))?;
    let w = &loaded.world;
    let mut desc = match case["options_base"].as_str() {
        Some("ECS_ENTITY_TO_JSON_INIT" | "NULL") | None => EntityDesc::default(),
        Some("zero") => zero_entity_desc(),
        Some(other) => return Err(Stage::Final(format!("unknown options_base {other}"))),
    };
    for (name, value) in case["options"].as_object().into_iter().flatten() {
        if name == "serialize_refs" {
            let rel = value.as_str().ok_or("serialize_refs: expected a name")?;
            desc.refs = Some(match rel {
                "*" => WILDCARD,
                _ => loaded
                    .resolve(rel)
                    .ok_or_else(|| format!("serialize_refs: no entity {rel}"))?,
            });
            continue;
        }
        let on = value
            .as_bool()
            .ok_or_else(|| format!("{name}: expected a boolean"))?;
        if !desc.set(name, on) {
            return Err(Stage::Final(format!("unknown option {name}")));
        }
    }
    let name = case["entity"]
        .as_str()
        .ok_or(Stage::Final("no entity".into()))?;
    let e = loaded
        .resolve(name)
        .ok_or_else(|| format!("no entity {name}"))?;
    let queries = named_queries(&loaded)?;
    let refs: Vec<(Id, &Query)> = queries.iter().map(|(e, q)| (*e, q)).collect();
    let extras = Extras {
        queries: &refs,
        alerts_imported: alerts_imported(&loaded),
    };
    let expected = case["expected"].as_str().map(|s| substitute(s, &loaded));
    compare(case, expected.as_deref(), |mode| {
        let d = EntityDesc { mode, ..desc };
        rosetta_flecs::entity_to_json_with(w, e, &d, &extras).map_err(|e| e.to_string())
    })
    .map_err(Stage::Final)
}

fn iter_case(case: &Json) -> Result<(), Stage> {
    let loaded = load_setup(&case["setup"]).map_err(|e| format!("setup: {e}"))?;
    let w = &loaded.world;
    let mut desc = match case["options_base"].as_str() {
        Some("ECS_ITER_TO_JSON_INIT" | "NULL") | None => IterDesc::default(),
        Some("zero") => IterDesc::none(),
        Some(other) => return Err(Stage::Final(format!("unknown options_base {other}"))),
    };
    for (name, value) in case["options"].as_object().into_iter().flatten() {
        let on = value
            .as_bool()
            .ok_or_else(|| format!("{name}: expected a boolean"))?;
        if !desc.set(name, on) {
            return Err(Stage::Final(format!("unknown option {name}")));
        }
    }
    let text = query_text(&case["query"]).ok_or(Stage::Final("no query".into()))?;
    let engine = match case["query"]["engine"].as_str() {
        Some("query") => Engine::Query,
        Some("filter") => Engine::Filter,
        _ => Engine::Rule,
    };
    let q = Query::with_engine(w, &text, engine).map_err(|e| format!("query {text:?}: {e}"))?;
    let expected = case["expected"].as_str().map(|s| substitute(s, &loaded));
    compare(case, expected.as_deref(), |mode| {
        let d = IterDesc { mode, ..desc };
        rosetta_flecs::iter_to_json(w, &q, &d, Page::default()).map_err(|e| e.to_string())
    })
    .map_err(Stage::Final)
}

/// The all-false entity desc (C `{0}`).
fn zero_entity_desc() -> EntityDesc {
    let mut d = EntityDesc::default();
    for name in EntityDesc::OPTIONS {
        d.set(name, false);
    }
    d
}

/// The script's named filters (`["filter", name, expr]`), in creation order.
fn named_queries(loaded: &Loaded) -> Result<Vec<(Id, Query)>, String> {
    let mut out = Vec::new();
    for m in &loaded.markers {
        if let MarkerKind::Filter { entity, expr } = &m.kind {
            let q = Query::with_engine(&loaded.world, expr, Engine::Filter)
                .map_err(|e| format!("filter {expr:?}: {e}"))?;
            out.push((*entity, q));
        }
    }
    Ok(out)
}

/// Whether the script imports the alerts module.
fn alerts_imported(loaded: &Loaded) -> bool {
    loaded
        .markers
        .iter()
        .any(|m| matches!(&m.kind, MarkerKind::Import(name) if name == "FlecsAlerts"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_iter_case_passes_and_a_wrong_byte_fails() {
        let mut case = json!({
            "id": "iter.demo", "suite": "iter", "options_base": "NULL", "options": {},
            "setup": [["tag", "T"], ["entity", "a"], ["add", "a", "T"]],
            "query": {"engine": "rule", "expr": "T"},
            "expected": "{\"ids\":[[\"T\"]], \"results\":[{\"ids\":[[\"T\"]], \"sources\":[0], \"entities\":[\"a\"]}]}"
        });
        assert_eq!(run_iter_case(&case), Ok(()));
        case["expected"] = json!("{\"ids\":[[\"T\"]],\"results\":[]}");
        assert!(run_iter_case(&case).is_err());
    }

    #[test]
    fn an_expected_error_from_any_stage_passes() {
        let mut case = json!({
            "id": "iter.err", "suite": "iter", "options_base": "NULL", "options": {},
            "setup": [["entity", "a"], ["add", "a", "NoSuchTag"]],
            "query": {"engine": "rule", "expr": "T"},
            "expected": null, "expect_error": true
        });
        assert_eq!(run_iter_case(&case), Ok(()));
        case["setup"] = json!([["entity", "a"]]);
        case["query"]["expr"] = json!("NoSuchTag");
        assert_eq!(run_iter_case(&case), Ok(()));
        case["suite"] = json!("entity");
        case["entity"] = json!("nobody");
        assert_eq!(run_entity_case(&case), Ok(()));
        case["expect_error"] = json!(false);
        assert!(run_entity_case(&case).is_err());
        case["expect_error"] = json!(true);
        case["entity"] = json!("a");
        let wrote = run_entity_case(&case).unwrap_err();
        assert!(wrote.contains("expected an error"), "{wrote}");
    }

    #[test]
    fn an_entity_case_with_a_placeholder() {
        let case = json!({
            "id": "entity.demo", "suite": "entity", "options_base": "ECS_ENTITY_TO_JSON_INIT",
            "options": {"serialize_label": true},
            "setup": [["entity", null, "e"]], "entity": "e",
            "expected": "{\"path\":\"{id:e}\", \"label\":\"{id:e}\", \"ids\":[]}"
        });
        assert_eq!(run_entity_case(&case), Ok(()));
    }
}
