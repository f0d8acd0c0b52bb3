//! The Flecs v3 explorer's contract (issue 21, point 8): the requests the explorer of 2024
//! (flecs-hub/explorer, `etc/js/app.js`, `entity_tree.js`, `entity_inspector.js`,
//! `components/query.vue`, `components/stats_*.vue`) sends, replayed as it sends them, against
//! the example world.
//!
//! The explorer builds its targets as `"entity/" + path.replaceAll('.', '/') + paramStr(params)`
//! where `paramStr` writes `&name=value` for every defined parameter (so the first one follows
//! the path with `&`, not `?`), and queries as `"query?q=" + encodeURIComponent(q) +
//! paramStr(params)`. It treats a status outside 200..300 as an error and parses the body of
//! every reply as JSON.
//!
//! Statuses and error bodies are checked always; the bodies of successful replies come from
//! `rosetta_flecs`' serializers and are checked once those are written (until then this says
//! it skipped them).

mod common;

use common::{encode_uri_component, HttpReply, Server};
use rosetta_rest::Options;
use rosetta_world::eval::Query;
use rosetta_world::FlecsVersion;
use serde_json::Value as Json;

/// The explorer's `paramStr`.
fn param_str(params: &[(&str, &str)]) -> String {
    params.iter().map(|(k, v)| format!("&{k}={v}")).collect()
}

fn entity_target(path: &str, params: &[(&str, &str)]) -> String {
    format!("/entity/{}{}", path.replace('.', "/"), param_str(params))
}

fn query_target(q: &str, params: &[(&str, &str)]) -> String {
    format!("/query?q={}{}", encode_uri_component(q), param_str(params))
}

const TREE_PARAMS: &[(&str, &str)] = &[
    ("values", "false"),
    ("ids", "false"),
    ("term_ids", "false"),
    ("sources", "false"),
    ("entity_labels", "true"),
    ("variable_labels", "true"),
    ("colors", "true"),
    ("is_set", "true"),
];

const INSPECTOR_PARAMS: &[(&str, &str)] = &[
    ("type_info", "true"),
    ("label", "true"),
    ("brief", "true"),
    ("link", "true"),
    ("color", "true"),
    ("id_labels", "true"),
    ("values", "true"),
    ("matches", "false"),
    ("alerts", "false"),
    ("private", "false"),
];

const QUERY_PARAMS: &[(&str, &str)] = &[
    ("term_ids", "true"),
    ("ids", "true"),
    ("sources", "true"),
    ("entity_labels", "true"),
    ("entity_ids", "true"),
    ("variable_labels", "true"),
    ("type_info", "true"),
    ("colors", "true"),
    ("offset", "0"),
    ("limit", "25"),
    ("duration", "true"),
    ("values", "true"),
];

fn tree_query(parent: &str) -> String {
    format!(
        "(ChildOf, {}), ?Module, ?Component, ?Prefab, ?Disabled, ?ChildOf(_, $this), ?IsA($this, $base:self)",
        parent.replace(' ', "\\ ")
    )
}

fn json(r: &HttpReply, what: &str) -> Json {
    match serde_json::from_str(&r.body) {
        Ok(v) => v,
        Err(e) => panic!(
            "{what}: the explorer cannot parse the reply ({e}): {}",
            r.body
        ),
    }
}

#[test]
fn the_explorer_session_is_answered_as_v3_2_12_answers_it() {
    let s = Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V3),
    );
    let ready = common::entity_serializer_ready();
    let iter_ready = common::iter_serializer_ready();
    if !(ready && iter_ready) {
        eprintln!("skipped: the bodies of successful replies of a serializer not written yet (entity: {ready}, iterator: {iter_ready}); statuses and errors checked");
    }

    // connect, then poll every second with `&` in place of `?`
    let world_params = [("label", "true"), ("values", "true")];
    let connect = s.get("/entity/flecs/core/World?label=true&values=true");
    let poll = s.get(&entity_target("flecs.core.World", &world_params));
    assert_eq!(connect.body, poll.body, "? and & read alike");
    assert_eq!(connect.code, poll.code);
    if ready {
        assert_eq!(connect.status_line, "HTTP/1.1 200 OK");
        let v = json(&connect, "World");
        assert_eq!(v["path"], "flecs.core.World");
        assert_eq!(v["label"], "World");
    }

    // the script the explorer looks for on start
    let script = s.get(&entity_target(
        "scripts.main",
        &[("values", "true"), ("private", "true")],
    ));
    assert_eq!(script.status_line, "HTTP/1.1 404 OK");
    assert_eq!(
        script.body,
        r#"{"error":"entity 'scripts/main' not found"}"#
    );
    json(&script, "scripts.main");

    // the entity tree: the root (`0`), then expanded scopes
    for parent in ["0", "Sun", "Sun.Earth", "flecs", "flecs.core", "planets"] {
        let r = s.get(&query_target(&tree_query(parent), TREE_PARAMS));
        if !iter_ready {
            continue;
        }
        assert_eq!(
            r.status_line, "HTTP/1.1 200 OK",
            "tree {parent}: {}",
            r.body
        );
        let v = json(&r, parent);
        let results = v["results"].as_array().cloned().unwrap_or_default();
        let mut names = Vec::new();
        for result in &results {
            // what entity_tree.js reads of each result
            assert_eq!(
                result["is_set"].as_array().map(Vec::len),
                Some(7),
                "{result}"
            );
            assert_eq!(result["vars"].as_array().map(Vec::len), Some(1), "{result}");
            for e in result["entities"].as_array().cloned().unwrap_or_default() {
                names.push(
                    e.as_str()
                        .map(str::to_owned)
                        .unwrap_or_else(|| e.to_string()),
                );
            }
        }
        let expected: &[&str] = match parent {
            "0" => &["Sun", "planets", "flecs"],
            "Sun" => &["Earth", "Mars"],
            "Sun.Earth" => &["Moon"],
            "flecs" => &["core"],
            _ => &[],
        };
        for name in expected {
            assert!(
                names.iter().any(|n| n == name),
                "tree {parent}: {name} in {names:?}"
            );
        }
    }

    // the inspector on every entity the tree shows, and on one that is gone
    for path in [
        "Sun",
        "Sun.Earth",
        "Sun.Earth.Moon",
        "planets.RockyPlanet",
        "flecs.core.World",
        "Position",
        "Kind",
    ] {
        let r = s.get(&entity_target(path, INSPECTOR_PARAMS));
        if ready {
            assert_eq!(
                r.status_line, "HTTP/1.1 200 OK",
                "inspector {path}: {}",
                r.body
            );
            let v = json(&r, path);
            assert_eq!(v["path"], path);
            assert!(v["label"].is_string(), "{path}: {v}");
            assert!(v["ids"].is_array() && v["values"].is_array() && v["type_info"].is_array());
        }
    }
    let gone = s.get(&entity_target("Sun.Pluto", INSPECTOR_PARAMS));
    assert_eq!(gone.body, r#"{"error":"entity 'Sun/Pluto' not found"}"#);

    // the query box, once per keystroke: most prefixes are parse errors
    let w = common::example_world();
    let typed = "Position, ?Kind, (ChildOf, $parent), !HasRocks";
    let (mut errors, mut results) = (0, 0);
    for end in 1..=typed.len() {
        let q = &typed[..end];
        let r = s.get(&query_target(q, QUERY_PARAMS));
        json(&r, q);
        match Query::new(&w, q) {
            Err(e) => {
                let mut escaped = String::new();
                rosetta_rest::reply::escape_into(&mut escaped, &e.to_string());
                assert_eq!(r.code, 400, "{q}");
                assert_eq!(r.body, format!("{{\"error\":\"{escaped}\"}}"), "{q}");
                errors += 1;
            }
            Ok(_) if iter_ready => {
                assert_eq!(r.code, 200, "{q}: {}", r.body);
                let v = json(&r, q);
                assert!(v["results"].is_array(), "{q}: {v}");
                assert!(v["eval_duration"].is_number(), "{q}: duration=true");
                results += 1;
            }
            Ok(_) => {}
        }
    }
    assert!(errors > 10, "{errors} prefixes were errors");
    if iter_ready {
        assert!(results > 3, "{results} prefixes had results");
    }

    // statistics panels (their period parameter follows the path with `&`)
    for (category, period) in [("world", "1m"), ("pipeline", "1m"), ("world", "1h")] {
        let r = s.get(&format!(
            "/stats/{category}{}",
            param_str(&[("period", period)])
        ));
        assert_eq!(r.code, 200, "{category}");
        json(&r, category);
    }

    // "open world JSON" in a new tab
    let r = s.get("/world");
    if common::world_serializer_ready() {
        assert_eq!(r.code, 200);
        json(&r, "world");
    }
}
