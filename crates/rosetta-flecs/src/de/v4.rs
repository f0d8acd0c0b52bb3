//! v4's world JSON (`ecs_world_to_json` of v4.1.6: one row per entity) read by turning each
//! row into the table result [`super::load`] reads: a row
//!
//! ```text
//! {"parent":"Sun", "name":"Earth", "id":600, "tags":["Planet"], "pairs":{"Likes":["Bob","Alice"]},
//!  "components":{"Position":{"x":1, "y":2}, "(Rel,Tgt)":{...}, "Label":null}}
//! ```
//!
//! becomes `{"ids":[["Planet"], ["Likes","Bob"], ["Likes","Alice"], ["Position"], ["Rel","Tgt"],
//! ["Label"]], "parent":"Sun", "entities":["Earth"], "values":[0, 0, 0, [{...}], [{...}], 0]}`
//! at the same index of `results`: errors found later point into the same row. What differs
//! from v3's JSON is mapped here:
//!
//! - an entity without a name is `"#<id>"` (read as the anonymous entity `<id>`);
//! - a component without reflection, or written without values, is `null` (nothing to read);
//! - `EcsIdentifier` values (`{"value":"..."}`: symbols, aliases) keep the id and lose the
//!   text, as v3's reader does with them;
//! - a member's unit `"#0"` is no unit;
//! - `id`, `version` and `has_alerts` say nothing the world needs (ids are Rosetta's).
//!
//! Rows are read in document order; Flecs writes parents first.

use serde_json::{Map, Value as Json};

use super::trail::Trail;
use super::value::{what, ReadError};

type R<T> = Result<T, ReadError>;

/// Whether a parsed world JSON is v4's: its first result is a row (`name`, `parent`, `tags`,
/// `pairs` or `components`), not a table (`ids`, `entities`).
pub(crate) fn is_v4(doc: &Json) -> bool {
    let first = doc
        .get("results")
        .and_then(Json::as_array)
        .and_then(|r| r.first())
        .and_then(Json::as_object);
    first.is_some_and(|r| {
        !r.contains_key("ids")
            && !r.contains_key("entities")
            && ["name", "parent", "tags", "pairs", "components"]
                .iter()
                .any(|k| r.contains_key(*k))
    })
}

/// The v4 document `doc` as v3's table results.
pub(crate) fn to_tables(doc: &Json) -> R<Json> {
    let root = Trail::ROOT;
    let Some(top) = doc.as_object() else {
        return Err(ReadError::at(&root, "expected an object with \"results\""));
    };
    let mut out = Map::new();
    for (k, v) in top {
        if k != "results" {
            out.insert(k.clone(), v.clone());
        }
    }
    let at = root.key("results");
    let rows = match top.get("results") {
        Some(Json::Array(rows)) => rows,
        Some(other) => {
            return Err(ReadError::at(
                &at,
                format!("expected an array, found {}", what(other)),
            ))
        }
        None => return Err(ReadError::at(&root, "expected a member \"results\"")),
    };
    let mut tables = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        tables.push(table(row, &at.index(i))?);
    }
    out.insert("results".into(), Json::Array(tables));
    Ok(Json::Object(out))
}

const ROW_MEMBERS: [&str; 10] = [
    "parent",
    "name",
    "id",
    "version",
    "has_alerts",
    "doc",
    "tags",
    "pairs",
    "components",
    "inherited",
];

fn table(row: &Json, at: &Trail) -> R<Json> {
    let Some(row) = row.as_object() else {
        return Err(ReadError::at(
            at,
            format!("expected an entity object, found {}", what(row)),
        ));
    };
    if let Some(k) = row.keys().find(|k| !ROW_MEMBERS.contains(&k.as_str())) {
        return Err(ReadError::at(
            at,
            format!("unknown member \"{k}\" in an entity"),
        ));
    }
    let mut ids = Vec::new();
    let mut values = Vec::new();
    let t_at = at.key("tags");
    match row.get("tags") {
        None => {}
        Some(Json::Array(tags)) => {
            for (i, t) in tags.iter().enumerate() {
                ids.push(id_of(string(t, &t_at.index(i))?, &t_at.index(i))?);
                values.push(Json::from(0));
            }
        }
        Some(other) => {
            return Err(ReadError::at(
                &t_at,
                format!("expected an array, found {}", what(other)),
            ))
        }
    }
    let p_at = at.key("pairs");
    match row.get("pairs") {
        None => {}
        Some(Json::Object(pairs)) => {
            for (rel, tgts) in pairs {
                let r_at = p_at.key(rel);
                let one = std::slice::from_ref(tgts);
                let list = match tgts {
                    Json::Array(l) => l.as_slice(),
                    _ => one,
                };
                for (i, t) in list.iter().enumerate() {
                    let t_at = if tgts.is_array() { r_at.index(i) } else { r_at };
                    let t = string(t, &t_at)?;
                    ids.push(Json::Array(vec![rel.as_str().into(), t.into()]));
                    values.push(Json::from(0));
                }
            }
        }
        Some(other) => {
            return Err(ReadError::at(
                &p_at,
                format!("expected an object, found {}", what(other)),
            ))
        }
    }
    let c_at = at.key("components");
    match row.get("components") {
        None => {}
        Some(Json::Object(comps)) => {
            for (key, v) in comps {
                let id = id_of(key, &c_at.key(key))?;
                let identifier = id.as_array().and_then(|a| a.first()).and_then(Json::as_str)
                    == Some("flecs.core.Identifier");
                values.push(match v {
                    Json::Null => Json::from(0),
                    _ if identifier => Json::from(0),
                    _ if key == "flecs.meta.member" => Json::Array(vec![member(v)]),
                    _ => Json::Array(vec![v.clone()]),
                });
                ids.push(id);
            }
        }
        Some(other) => {
            return Err(ReadError::at(
                &c_at,
                format!("expected an object, found {}", what(other)),
            ))
        }
    }
    let mut t = Map::new();
    t.insert("ids".into(), Json::Array(ids));
    if let Some(p) = row.get("parent") {
        string(p, &at.key("parent"))?;
        t.insert("parent".into(), p.clone());
    }
    let name = match row.get("name") {
        Some(n) => {
            let s = string(n, &at.key("name"))?;
            match s.strip_prefix('#') {
                Some(digits)
                    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) =>
                {
                    Json::String(digits.to_string())
                }
                _ => n.clone(),
            }
        }
        // A row without a name (Flecs always writes one): its id, or a new entity.
        None => match row.get("id") {
            Some(id @ Json::Number(_)) => id.clone(),
            _ => return Err(ReadError::at(at, "an entity has a \"name\" or an \"id\"")),
        },
    };
    t.insert("entities".into(), Json::Array(vec![name]));
    t.insert("values".into(), Json::Array(values));
    Ok(Json::Object(t))
}

fn string<'a>(j: &'a Json, at: &Trail) -> R<&'a str> {
    j.as_str()
        .ok_or_else(|| ReadError::at(at, format!("expected a string, found {}", what(j))))
}

/// A tag's or component's key as v3's id form: `"A"` → `["A"]`, `"(A,B)"` → `["A","B"]`.
fn id_of(key: &str, at: &Trail) -> R<Json> {
    if key.contains('|') {
        return Err(ReadError::at(
            at,
            format!("id flags are not read ('{key}')"),
        ));
    }
    match key.strip_prefix('(').and_then(|k| k.strip_suffix(')')) {
        Some(inner) => match inner.split_once(',') {
            Some((a, b)) if !a.is_empty() && !b.is_empty() => {
                Ok(Json::Array(vec![a.into(), b.into()]))
            }
            _ => Err(ReadError::at(
                at,
                format!("'{key}' is not a pair (First,Second)"),
            )),
        },
        None if key.is_empty() => Err(ReadError::at(at, "an empty id")),
        None => Ok(Json::Array(vec![key.into()])),
    }
}

/// A `flecs.meta.member` value: no unit is `"#0"` in v4, `0` in v3.
fn member(v: &Json) -> Json {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        if o.get("unit").and_then(Json::as_str) == Some("#0") {
            o.insert("unit".into(), Json::from(0));
        }
        o.remove("use_offset");
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_become_tables() {
        let doc: Json = serde_json::from_str(
            r##"{"results":[{"parent":"Sun", "name":"Earth", "id":600, "tags":["Planet"],
                "pairs":{"Likes":["Bob", "Alice"], "Eats":"Apples"},
                "components":{"Position":{"x":1}, "(flecs.core.Identifier,flecs.core.Symbol)":{"value":"E"}, "L":null}},
                {"name":"#42"}]}"##,
        )
        .unwrap();
        assert!(is_v4(&doc));
        let t = to_tables(&doc).unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!(
            t.to_string(),
            r#"{"results":[{"ids":[["Planet"],["Likes","Bob"],["Likes","Alice"],["Eats","Apples"],["Position"],["flecs.core.Identifier","flecs.core.Symbol"],["L"]],"parent":"Sun","entities":["Earth"],"values":[0,0,0,0,[{"x":1}],0,0]},{"ids":[],"entities":["42"],"values":[]}]}"#
        );
    }

    #[test]
    fn bad_rows_say_where() {
        let doc: Json = serde_json::from_str(r#"{"results":[{"name":"a", "tags":[3]}]}"#).unwrap();
        let e = to_tables(&doc).err().map(|e| (e.message, e.steps.len()));
        assert_eq!(e, Some(("expected a string, found a number".into(), 4)));
        let doc: Json =
            serde_json::from_str(r#"{"results":[{"name":"a", "components":{"(A)":1}}]}"#).unwrap();
        assert!(to_tables(&doc).is_err());
    }
}
