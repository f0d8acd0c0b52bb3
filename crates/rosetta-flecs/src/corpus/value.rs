//! The corpus' `value` (`ecs_ptr_to_json`, `ecs_array_to_json`) and `type_info`
//! (`ecs_type_info_to_json`) cases.
//!
//! A case has a `type` (a type spec of the corpus' conventions) and, for values, a `value` in
//! the corpus' value encoding. The type goes into a new world ([`script::load_type`]), the
//! value is decoded against it ([`script::decode_value`]) and written in both
//! [`Mode`]s. The setup the probes did in C is done here from the case itself:
//! - entities a value names (`{"entity": "parent.child"}`, an id's elements) are created when
//!   the world lacks them, as `ecs_new_entity` creates a path; a path element `{id:X}` is an
//!   anonymous child bound to alias `X`; `{"entity_named": "..."}` is a new entity with
//!   exactly that name (no path parsing);
//! - a unit of `flecs.units` a member names imports the units module (as the probes did);
//!   another unit the world lacks is created as a unit without symbol;
//! - `{"component_without_reflection": N}` is a component without reflection data;
//! - a struct spec with a `size` describes only part of a C struct: value members it does not
//!   describe are the struct's other bytes and are left out.
//!
//! A case passes when [`Mode::Engine`] writes `expected` byte for byte (`{id:X}` resolved)
//! and [`Mode::Valid`] writes the same bytes (cases with `valid_json: true`) or valid JSON
//! (`valid_json: false`); an `expect_error` case passes when both modes fail, or when building
//! its type or decoding its value already fails.

use rosetta_world::eval::corpus::substitute;
use rosetta_world::meta::Unit;
use rosetta_world::script::{self, Loaded};
use rosetta_world::Id;
use serde_json::{Map, Value as Json};

use crate::ser::{array_to_json, type_info::type_info_to_json_mode, value_to_json_mode};
use crate::text::Mode;

/// Checks one `value` case: `Err` says what differs (expected against written).
pub fn check_value_case(case: &Json) -> Result<(), String> {
    let mut loaded = script::load_str("[]").map_err(|e| e.to_string())?;
    let api = case["api"].as_str().unwrap_or("ecs_ptr_to_json");
    let (ty, values) = match case_values(&mut loaded, case, api) {
        Ok(x) => x,
        Err(e) => return early_error(case, e),
    };
    let write = |mode: Mode| -> crate::Result<String> {
        let mut out = String::new();
        if api.starts_with("ecs_array_to_json") {
            array_to_json(&mut out, &loaded.world, ty, &values, mode)?;
        } else {
            value_to_json_mode(&mut out, &loaded.world, ty, &values[0], mode)?;
        }
        Ok(out)
    };
    compare(case, &loaded, write(Mode::Engine), write(Mode::Valid))
}

/// Checks one `type_info` case.
pub fn check_type_info_case(case: &Json) -> Result<(), String> {
    let mut loaded = script::load_str("[]").map_err(|e| e.to_string())?;
    let ty = match case_type(&mut loaded, &case["type"]) {
        Ok(ty) => ty,
        Err(e) => return early_error(case, e),
    };
    let write = |mode: Mode| -> crate::Result<String> {
        let mut out = String::new();
        type_info_to_json_mode(&mut out, &loaded.world, ty, mode)?;
        Ok(out)
    };
    compare(case, &loaded, write(Mode::Engine), write(Mode::Valid))
}

/// The case's type and its decoded value (each element, for `ecs_array_to_json`).
fn case_values(
    loaded: &mut Loaded,
    case: &Json,
    api: &str,
) -> Result<(Id, Vec<rosetta_types::Value>), String> {
    let ty = case_type(loaded, &case["type"])?;
    let encoded: Vec<&Json> = if api.starts_with("ecs_array_to_json") {
        let Json::Array(items) = &case["value"] else {
            return Err(format!("{api} case without a value array"));
        };
        items.iter().collect()
    } else {
        vec![&case["value"]]
    };
    let mut values = Vec::new();
    for j in encoded {
        let j = prepare_value(loaded, &case["type"], j)?;
        values.push(script::decode_value(loaded, ty, &j).map_err(|e| e.to_string())?);
    }
    Ok((ty, values))
}

/// A failure before the serializer ran (building the type, decoding the value). Flecs may
/// fail a case at another stage than Rosetta does (a value it cannot take, a type without
/// reflection), so for a case that expects an error, an error at any stage passes.
fn early_error(case: &Json, e: String) -> Result<(), String> {
    if case["expect_error"].as_bool() == Some(true) {
        Ok(())
    } else {
        Err(e)
    }
}

fn compare(
    case: &Json,
    loaded: &Loaded,
    engine: crate::Result<String>,
    valid: crate::Result<String>,
) -> Result<(), String> {
    if case["expect_error"].as_bool() == Some(true) {
        return match (engine, valid) {
            (Err(_), Err(_)) => Ok(()),
            (Ok(out), _) | (_, Ok(out)) => Err(format!("expected an error, got {out}")),
        };
    }
    let Some(expected) = case["expected"].as_str() else {
        return Err("no expected string".into());
    };
    let expected = substitute(expected, loaded);
    let engine = engine.map_err(|e| format!("expected {expected}, got error: {e}"))?;
    if engine != expected {
        return Err(format!("expected {expected}, got {engine}"));
    }
    let valid = valid.map_err(|e| format!("valid mode: error: {e}"))?;
    if case["valid_json"].as_bool() == Some(false) {
        serde_json::from_str::<Json>(&valid)
            .map_err(|e| format!("valid mode wrote invalid JSON {valid}: {e}"))?;
    } else if valid != expected {
        return Err(format!("valid mode: expected {expected}, got {valid}"));
    }
    Ok(())
}

/// The case's type in `loaded`'s world.
fn case_type(loaded: &mut Loaded, spec: &Json) -> Result<Id, String> {
    if let Some(name) = spec
        .get("component_without_reflection")
        .and_then(Json::as_str)
    {
        return loaded.world.component(name).map_err(|e| e.to_string());
    }
    create_units(loaded, spec, 0)?;
    script::load_type(loaded, spec).map_err(|e| e.to_string())
}

/// Creates the units members name that the world does not have.
fn create_units(loaded: &mut Loaded, spec: &Json, depth: usize) -> Result<(), String> {
    if depth > rosetta_types::MAX_NESTING {
        return Err("type spec nests too deep".into());
    }
    match spec {
        Json::Object(o) => {
            if let Some(Json::String(unit)) = o.get("unit") {
                if unit.starts_with("flecs.units.") && loaded.resolve(unit).is_none() {
                    loaded.world.import_units().map_err(|e| e.to_string())?;
                }
                if loaded.resolve(unit).is_none() {
                    let e = loaded.world.entity(unit).map_err(|e| e.to_string())?;
                    loaded
                        .world
                        .register_unit(e, Unit::default())
                        .map_err(|e| e.to_string())?;
                }
            }
            for v in o.values() {
                create_units(loaded, v, depth + 1)?;
            }
        }
        Json::Array(a) => {
            for v in a {
                create_units(loaded, v, depth + 1)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// The value with the entities it names created and partial structs' extra members dropped.
fn prepare_value(loaded: &mut Loaded, spec: &Json, value: &Json) -> Result<Json, String> {
    let mut v = entities(loaded, value, 0)?;
    if let (Some(Json::Array(members)), true, Json::Object(o)) =
        (spec.get("members"), spec.get("size").is_some(), &mut v)
    {
        let described: Vec<&str> = members
            .iter()
            .filter_map(|m| m.get("name").and_then(Json::as_str))
            .collect();
        o.retain(|k, _| described.contains(&k.as_str()));
    }
    Ok(v)
}

fn entities(loaded: &mut Loaded, j: &Json, depth: usize) -> Result<Json, String> {
    if depth > rosetta_types::MAX_NESTING {
        return Err("value nests too deep".into());
    }
    Ok(match j {
        Json::Object(o) => {
            if let Some(Json::String(path)) = o.get("entity") {
                let e = entity_at(loaded, path)?;
                return Ok(serde_json::json!({ "entity_id": e.0 }));
            }
            if let Some(Json::String(name)) = o.get("entity_named") {
                let e = loaded.world.new_entity();
                loaded.world.set_name(e, name).map_err(|x| x.to_string())?;
                return Ok(serde_json::json!({ "entity_id": e.0 }));
            }
            if let Some(Json::Array(ids)) = o.get("id") {
                let mut out = Map::new();
                let mut elems = Vec::new();
                for x in ids {
                    elems.push(match x {
                        Json::String(p) => Json::from(entity_at(loaded, p)?.0),
                        other => other.clone(),
                    });
                }
                out.insert("id".into(), Json::Array(elems));
                if let Some(f) = o.get("flags") {
                    out.insert("flags".into(), f.clone());
                }
                return Ok(Json::Object(out));
            }
            let mut out = Map::new();
            for (k, v) in o {
                out.insert(k.clone(), entities(loaded, v, depth + 1)?);
            }
            Json::Object(out)
        }
        Json::Array(a) => Json::Array(
            a.iter()
                .map(|x| entities(loaded, x, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        other => other.clone(),
    })
}

/// The entity at `path` (an alias, or a path looked up as `ecs_lookup` does), created when
/// missing; a `{id:X}` element is an anonymous child bound to alias `X`.
fn entity_at(loaded: &mut Loaded, path: &str) -> Result<Id, String> {
    if let Some(e) = loaded.resolve(path) {
        return Ok(e);
    }
    let Some(start) = path.find("{id:") else {
        return loaded.world.entity(path).map_err(|e| e.to_string());
    };
    let parent = match path[..start].strip_suffix('.') {
        Some(p) => entity_at(loaded, p)?,
        None if start == 0 => Id::NULL,
        None => {
            return Err(format!(
                "'{path}': a {{id:X}} element must be a whole element"
            ))
        }
    };
    let rest = &path[start + 4..];
    let Some((alias, tail)) = rest.split_once('}') else {
        return Err(format!("'{path}': unclosed {{id:"));
    };
    let e = match loaded.alias(alias) {
        Some(e) => e,
        None => {
            let e = loaded.world.new_entity();
            if parent != Id::NULL {
                loaded
                    .world
                    .add(e, Id::pair(rosetta_world::builtin::CHILD_OF, parent))
                    .map_err(|x| x.to_string())?;
            }
            loaded.aliases.insert(alias.to_string(), e);
            e
        }
    };
    match tail.strip_prefix('.') {
        Some(more) if !more.is_empty() => {
            let full = format!("{}.{more}", loaded.world.path_of(e));
            entity_at(loaded, &full)
        }
        _ if tail.is_empty() => Ok(e),
        _ => Err(format!(
            "'{path}': a {{id:X}} element must be a whole element"
        )),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn case(expected: &str) -> Json {
        json!({"id": "value.t", "suite": "value", "api": "ecs_ptr_to_json",
               "type": {"struct": "T", "members": [{"name": "e", "type": "entity"}]},
               "value": {"e": {"entity": "parent.{id:anon}"}},
               "expected": expected, "valid_json": true})
    }

    #[test]
    fn placeholders_and_created_entities() {
        assert_eq!(
            check_value_case(&case(r#"{"e":"parent.{id:anon}"}"#)),
            Ok(())
        );
        let wrong = check_value_case(&case(r#"{"e":"parent.1"}"#)).unwrap_err();
        assert!(
            wrong.contains("expected") && wrong.contains("got"),
            "{wrong}"
        );
    }

    #[test]
    fn expected_errors_must_fail() {
        let mut c = json!({"id": "value.b", "suite": "value", "api": "ecs_ptr_to_json",
            "type": {"bitmask": null, "constants": [["A"], ["B"]]},
            "value": {"raw": 4}, "expected": null, "expect_error": true});
        assert_eq!(check_value_case(&c), Ok(()));
        c["value"] = json!({"raw": 3});
        assert!(check_value_case(&c)
            .unwrap_err()
            .contains("expected an error"));
    }

    #[test]
    fn an_expected_error_before_the_serializer_passes() {
        let mut c = json!({"id": "value.n", "suite": "value", "api": "ecs_ptr_to_json",
            "type": {"component_without_reflection": "Plain"},
            "value": {"x": 1}, "expected": null, "expect_error": true});
        assert_eq!(check_value_case(&c), Ok(()));
        c["suite"] = json!("type_info");
        c["type"] = json!({"struct": "T", "members": [{"name": "x", "type": "NoSuchType"}]});
        assert_eq!(check_type_info_case(&c), Ok(()));
        c["expect_error"] = json!(false);
        assert!(check_type_info_case(&c).is_err());
    }

    #[test]
    fn invalid_engine_json_must_be_valid_by_default() {
        let c = json!({"id": "value.q", "suite": "value", "api": "ecs_ptr_to_json",
            "type": "entity", "value": {"entity_named": "we\"ird"},
            "expected": "\"we\"ird\"", "valid_json": false});
        assert_eq!(check_value_case(&c), Ok(()));
    }

    #[test]
    fn type_info_with_a_missing_unit() {
        let c = json!({"id": "type_info.u", "suite": "type_info", "api": "ecs_type_info_to_json",
            "type": {"struct": "U", "members": [{"name": "t", "type": "f32", "unit": "my.units.Ms"}]},
            "expected": "{\"t\":[\"float\", {\"unit\":\"my.units.Ms\"}]}", "valid_json": true});
        assert_eq!(check_type_info_case(&c), Ok(()));
    }
}
