//! Checks a case of the Flecs v3 JSON corpus (`shared/corpus/flecs/v3_json_vectors.json`)
//! against a world built from its `setup`: for `iter` cases the query's results (entities in
//! order, per result the ids, sources, `is_set`, variables and parent), for `entity` cases
//! the path and the visible ids. Values and bytes are the serializer's concern.
//!
//! ```
//! use rosetta_world::eval::corpus::{check_case, Outcome};
//! let case = serde_json::json!({
//!     "id": "iter.demo", "suite": "iter",
//!     "setup": [["tag", "T"], ["entity", "a"], ["add", "a", "T"]],
//!     "query": {"engine": "rule", "expr": "T"},
//!     "expected": "{\"results\":[{\"ids\":[[\"T\"]], \"sources\":[0], \"entities\":[\"a\"]}]}"
//! });
//! assert_eq!(check_case(&case), Outcome::Pass);
//! ```

use serde_json::{json, Value as Json};

use crate::builtin::{self, ANY, CHILD_OF, WILDCARD};
use crate::id::Id;
use crate::script::{self, Loaded};
use crate::world::World;

use super::{Engine, Query};

/// What became of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The world shows what the expected output shows.
    Pass,
    /// It does not: why.
    Fail(String),
    /// Not applicable (another suite, or expected output that cannot be read): why.
    Skip(String),
}

/// Replaces `{id:X}` with the low 32 bits of alias (or path) `X`.
pub fn substitute(expected: &str, loaded: &Loaded) -> String {
    let mut s = expected.to_string();
    let mut from = 0;
    while let Some(rel) = s.get(from..).and_then(|r| r.find("{id:")) {
        let start = from + rel;
        let Some(len) = s.get(start..).and_then(|r| r.find('}')) else {
            break;
        };
        let alias = s
            .get(start + 4..start + len)
            .unwrap_or_default()
            .to_string();
        let v = loaded.resolve(&alias).map_or(0, |e| e.index());
        s.replace_range(start..start + len + 1, &v.to_string());
        from = start + 1;
    }
    s
}

/// Escapes a `"` between two alphanumerics: Flecs prints names unescaped, so `Quo"te` makes
/// its output invalid JSON (the corpus marks such cases `valid_json: false`).
fn repair(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    for (i, ch) in text.char_indices() {
        let prev = i.checked_sub(1).and_then(|p| b.get(p)).copied();
        let next = b.get(i + 1).copied();
        if ch == '"'
            && prev.is_some_and(|c| c.is_ascii_alphanumeric())
            && next.is_some_and(|c| c.is_ascii_alphanumeric())
        {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

/// Loads a setup (errors as text), processing pending tables at each marker as Flecs does when a query or
/// rule is created there.
pub fn load_setup(setup: &Json) -> Result<Loaded, String> {
    let ops = setup.as_array().map(Vec::as_slice).unwrap_or_default();
    let is_marker = |op: &Json| {
        matches!(
            op.get(0).and_then(Json::as_str),
            Some("query_created" | "rule_created" | "query_created_expr")
        )
    };
    let mut loaded: Option<Loaded> = None;
    let mut start = 0;
    for (i, op) in ops.iter().enumerate() {
        if is_marker(op) || i + 1 == ops.len() {
            let chunk = Json::Array(ops.get(start..=i).unwrap_or_default().to_vec());
            match loaded.as_mut() {
                None => loaded = Some(script::load_json(&chunk).map_err(|e| e.to_string())?),
                Some(l) => script::apply(l, &chunk).map_err(|e| e.to_string())?,
            }
            if let Some(l) = loaded.as_mut() {
                l.world.process_pending();
            }
            start = i + 1;
        }
    }
    let mut l = match loaded {
        Some(l) => l,
        None => script::load_json(setup).map_err(|e| e.to_string())?,
    };
    l.world.process_pending();
    Ok(l)
}

/// The query text of a case: `expr`, or descriptor `terms` written as an expression.
pub fn query_text(query: &Json) -> Option<String> {
    if let Some(e) = query.get("expr").and_then(Json::as_str) {
        return Some(e.to_string());
    }
    let terms = query.get("terms")?.as_array()?;
    let parts: Option<Vec<String>> = terms
        .iter()
        .map(|t| {
            let src = t.get("src").and_then(Json::as_str);
            let id = match (t.get("id"), t.get("first"), t.get("second")) {
                (Some(id), _, _) => id.as_str()?.to_string(),
                (None, Some(f), Some(s)) => format!("({}, {})", f.as_str()?, s.as_str()?),
                (None, Some(f), None) => f.as_str()?.to_string(),
                _ => return None,
            };
            Some(match src {
                Some(s) if !id.starts_with('(') => format!("{id}({s})"),
                _ => id,
            })
        })
        .collect();
    Some(parts?.join(", "))
}

/// How the corpus' iterator output prints an entity element of an id.
fn id_elem(w: &World, e: Id) -> String {
    if e == WILDCARD {
        return "*".into();
    }
    if e == ANY {
        return "_".into();
    }
    w.path_of(w.alive(e).unwrap_or(e))
}

fn id_json(w: &World, id: Id) -> Json {
    if id.is_pair() {
        json!([id_elem(w, id.first()), id_elem(w, id.second())])
    } else {
        json!([id_elem(w, id.without_flags())])
    }
}

fn entity_json(w: &World, e: Id) -> Json {
    match w.name_of(e) {
        Some(n) => json!(n),
        None => json!(e.index()),
    }
}

/// The ids Flecs' entity serializer shows (own ids; `Private` ones unless asked).
pub fn visible_ids(w: &World, e: Id, private: bool) -> Vec<Json> {
    let path = |x: Id| w.path_of(w.alive(x).unwrap_or(x));
    let mut out = Vec::new();
    for &id in w.type_of(e) {
        let (pred, j) = if id.is_pair() && id.first() == builtin::UNION {
            let Some(rel) = w.alive(id.second()) else {
                continue;
            };
            let Some(tgt) = w.target(e, rel, 0) else {
                continue;
            };
            (rel, json!([path(rel), path(tgt)]))
        } else if id.is_pair() {
            (id.first(), json!([path(id.first()), path(id.second())]))
        } else if id.has_flag(Id::TOGGLE) {
            (
                id.without_flags(),
                json!([path(id.without_flags()), 0, "TOGGLE"]),
            )
        } else {
            (id, json!([path(id)]))
        };
        let pred = w.alive(pred).unwrap_or(pred);
        if !private && w.owns(pred, builtin::PRIVATE) {
            continue;
        }
        out.push(j);
    }
    out
}

/// The engine a case's query runs on (rules unless it says otherwise).
fn engine_of(case: &Json) -> Engine {
    match case["query"].get("engine").and_then(Json::as_str) {
        Some("query") => Engine::Query,
        Some("filter") => Engine::Filter,
        _ => Engine::Rule,
    }
}

/// Checks one corpus case.
pub fn check_case(case: &Json) -> Outcome {
    let suite = case.get("suite").and_then(Json::as_str).unwrap_or("");
    if suite != "iter" && suite != "entity" {
        return Outcome::Skip(format!("suite '{suite}' is the serializer's"));
    }
    let Some(setup) = case.get("setup") else {
        return Outcome::Skip("no setup".into());
    };
    // Flecs may fail a case at another stage than Rosetta does, so for a case that expects an
    // error, an error at any stage (setup, query) passes.
    let expect_error = case.get("expect_error") == Some(&Json::Bool(true));
    let loaded = match load_setup(setup) {
        Ok(l) => l,
        Err(_) if expect_error => return Outcome::Pass,
        Err(e) => return Outcome::Fail(format!("setup: {e}")),
    };
    if expect_error {
        if let Some(qtext) = case.get("query").and_then(query_text) {
            if Query::with_engine(&loaded.world, &qtext, engine_of(case)).is_err() {
                return Outcome::Pass;
            }
        }
        return Outcome::Skip("Flecs' serializer returns NULL (a value error), not a query".into());
    }
    let Some(expected) = case.get("expected").and_then(Json::as_str) else {
        return Outcome::Skip("no expected output".into());
    };
    let text = substitute(expected, &loaded);
    let exp: Json = match serde_json::from_str(&text) {
        Ok(j) => j,
        Err(e) => match serde_json::from_str(&repair(&text)) {
            Ok(j) => j,
            Err(_) => return Outcome::Skip(format!("expected output is not JSON ({e})")),
        },
    };
    let w = &loaded.world;
    if suite == "entity" {
        return check_entity(case, &loaded, &exp);
    }
    let Some(qtext) = case.get("query").and_then(query_text) else {
        return Outcome::Skip("no query".into());
    };
    let q = match Query::with_engine(w, &qtext, engine_of(case)) {
        Ok(q) => q,
        Err(e) => return Outcome::Fail(format!("query {qtext:?}: {e}")),
    };
    let table_mode = case["options"]["serialize_table"] == true;
    let got = q.results(w);
    let want = exp
        .get("results")
        .and_then(Json::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    let mut problems = Vec::new();
    if got.len() != want.len() {
        problems.push(format!("{} results, expected {}", got.len(), want.len()));
    }
    let named: Vec<usize> = (1..q.variables().len())
        .filter(|&i| !q.variables()[i].anonymous)
        .collect();
    for (k, (r, e)) in got.iter().zip(want).enumerate() {
        let mut check = |key: &str, ours: Json| {
            if let Some(theirs) = e.get(key) {
                if *theirs != ours {
                    problems.push(format!("result {k} {key}: {ours} != {theirs}"));
                }
            }
        };
        check(
            "entities",
            r.entities(w).iter().map(|&x| entity_json(w, x)).collect(),
        );
        if !table_mode {
            check("ids", r.ids.iter().map(|&i| id_json(w, i)).collect());
            check(
                "sources",
                r.sources
                    .iter()
                    .map(|&s| {
                        if s.0 == 0 {
                            json!(0)
                        } else {
                            json!(w.path_of(s))
                        }
                    })
                    .collect(),
            );
            check("is_set", json!(r.is_set));
        }
        check(
            "vars",
            named.iter().map(|&i| json!(w.path_of(r.vars[i]))).collect(),
        );
        let parent = r.table.and_then(|t| {
            let p = w
                .table(t)
                .ids()
                .iter()
                .find(|i| i.is_pair() && i.first() == CHILD_OF)?;
            Some(w.path_of(w.alive(p.second()).unwrap_or(p.second())))
        });
        check("parent", json!(parent));
    }
    if problems.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(format!("{qtext:?}: {}", problems.join("; ")))
    }
}

fn check_entity(case: &Json, loaded: &Loaded, exp: &Json) -> Outcome {
    let w = &loaded.world;
    let name = case.get("entity").and_then(Json::as_str).unwrap_or("");
    let Some(e) = loaded.resolve(name) else {
        return Outcome::Fail(format!("entity '{name}' not found"));
    };
    let mut problems = Vec::new();
    if let Some(p) = exp.get("path") {
        if *p != json!(w.path_of(e)) {
            problems.push(format!("path {} != {p}", w.path_of(e)));
        }
    }
    if let Some(ids) = exp.get("ids") {
        let private = case["options"]["serialize_private"] == true;
        let got = Json::Array(visible_ids(w, e, private));
        if got != *ids {
            problems.push(format!("ids {got} != {ids}"));
        }
    }
    if problems.is_empty() {
        Outcome::Pass
    } else {
        Outcome::Fail(problems.join("; "))
    }
}
