//! Loads every `setup` of the Flecs corpus and checks what a world can show without a query
//! engine: for `entity` cases, the entity's path and its visible ids.

mod common;

use rosetta_world::eval::corpus::{substitute, visible_ids};
use rosetta_world::{builtin, script};
use serde_json::{json, Value as Json};

#[test]
fn every_setup_loads_and_entities_match() {
    let Some(cases) = common::flecs_cases() else {
        return;
    };
    let (mut loaded_n, mut checked, mut failures) = (0, 0, Vec::new());
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("?");
        let Some(setup) = case.get("setup") else {
            continue;
        };
        let loaded = match script::load_json(setup) {
            Ok(l) => l,
            Err(e) => {
                failures.push(format!("{id}: {e}"));
                continue;
            }
        };
        loaded_n += 1;
        if case["suite"] != "entity" || case["valid_json"] == false {
            continue;
        }
        let Some(expected) = case["expected"].as_str() else {
            continue;
        };
        let Ok(exp) = serde_json::from_str::<Json>(&substitute(expected, &loaded)) else {
            failures.push(format!("{id}: expected output does not parse"));
            continue;
        };
        let name = case["entity"].as_str().unwrap_or("");
        let Some(e) = loaded.resolve(name) else {
            failures.push(format!("{id}: entity '{name}' not found"));
            continue;
        };
        let w = &loaded.world;
        if let Some(p) = exp.get("path") {
            if p != &json!(w.path_of(e)) {
                failures.push(format!("{id}: path {} != {p}", w.path_of(e)));
            }
        }
        if let Some(ids) = exp.get("ids") {
            let private = case["options"]["serialize_private"] == true;
            let got = Json::Array(visible_ids(w, e, private));
            if &got != ids {
                failures.push(format!("{id}: ids {got} != {ids}"));
            }
        }
        checked += 1;
    }
    eprintln!("{loaded_n} setups loaded, {checked} entity cases checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(loaded_n > 120 && checked > 40);
}

#[test]
fn example_world_loads() {
    let text = include_str!("../../../examples/world/space.json");
    let loaded = script::load_str(text).expect("space.json loads");
    let w = &loaded.world;
    let earth = w.lookup("Sun.Earth").expect("Sun.Earth");
    let pos = w.lookup("Position").expect("Position");
    let rocks = w.lookup("HasRocks").expect("HasRocks");
    let kind = w.lookup("Kind").expect("Kind");
    assert_eq!(w.path_of(earth), "Sun.Earth");
    assert!(w.has(earth, rocks) && !w.type_of(earth).contains(&rocks));
    assert!(w.get_owned(earth, pos).is_some());
    assert!(
        w.get(earth, kind).is_some(),
        "Kind inherited from the prefab"
    );
    assert_eq!(w.label_of(earth), Some("The Earth"));
    let prefab = w.lookup("planets.RockyPlanet").expect("prefab");
    assert!(w.owns(prefab, builtin::PREFAB));
}

/// For `iter` cases whose query is one plain identifier matched on `$this` only, the entities
/// of the tables holding it, in the order Flecs visits tables, are the expected entities.
#[test]
fn single_term_table_order_matches() {
    let Some(cases) = common::flecs_cases() else {
        return;
    };
    let (mut checked, mut failures) = (0, Vec::new());
    for case in &cases {
        let id = case["id"].as_str().unwrap_or("?");
        let Some(expr) = case["query"]["expr"].as_str() else {
            continue;
        };
        if case["suite"] != "iter" || !expr.chars().all(|c| c.is_ascii_alphabetic()) {
            continue;
        }
        let Some(expected) = case["expected"].as_str() else {
            continue;
        };
        let Ok(mut loaded) = script::load_json(&case["setup"]) else {
            continue;
        };
        let Ok(exp) = serde_json::from_str::<Json>(&substitute(expected, &loaded)) else {
            continue;
        };
        let Some(results) = exp["results"].as_array() else {
            continue;
        };
        let mut want = Vec::new();
        let mut plain = true;
        for r in results {
            plain &= r
                .get("sources")
                .is_none_or(|s| s.as_array().is_some_and(|a| a.iter().all(|x| x == 0)));
            match r.get("entities").and_then(Json::as_array) {
                Some(es) => want.extend(es.iter().cloned()),
                None => plain = false,
            }
        }
        if !plain {
            continue;
        }
        loaded.world.process_pending();
        let w = &loaded.world;
        let Some(term) = w.lookup(expr) else { continue };
        let mut got = Vec::new();
        for t in w.tables_in_iter_order(term) {
            let table = w.table(t);
            if table.ids().contains(&builtin::PREFAB) || table.ids().contains(&builtin::DISABLED) {
                continue;
            }
            for &e in table.entities() {
                got.push(match w.name_of(e) {
                    Some(n) => json!(n),
                    None => json!(e.index()),
                });
            }
        }
        if got != want {
            failures.push(format!(
                "{id}: {} != {}",
                Json::Array(got),
                Json::Array(want)
            ));
        }
        checked += 1;
    }
    eprintln!("{checked} single-term iter cases checked");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 10);
}
