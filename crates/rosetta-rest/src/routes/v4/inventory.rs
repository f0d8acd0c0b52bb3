//! `GET /tables`, `/components` and `/queries` in v4.1.6's form (`flecs_rest_get_tables`,
//! `flecs_rest_get_components`, `flecs_rest_get_queries`).
//!
//! Each is a JSON array with a line break before each element, as Flecs writes them. What
//! only a running Flecs has is left out, as Flecs leaves it out when its statistics addon is
//! not imported: memory (`memory`), type hooks (`type`) and query timings.

use std::fmt::Write as _;

use rosetta_world::eval::Query;
use rosetta_world::{Engine, Id, World};

use crate::reply::escape_into;
use crate::routes::tables::id_str;

/// Appends `text` as a JSON string.
fn string(out: &mut String, text: &str) {
    out.push('"');
    escape_into(out, text);
    out.push('"');
}

/// `[` + each element after a line break, separated by `,` + `]`.
fn array(elems: impl Iterator<Item = String>) -> String {
    let mut out = String::from("[");
    for (i, e) in elems.enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('\n');
        out.push_str(&e);
    }
    out.push(']');
    out
}

/// Every table in creation order: `{"id":N,"type":[...],"count":N,"size":N}`. `size` is the
/// table's capacity in Flecs; this world's tables hold exactly their rows, so it is `count`.
pub(crate) fn tables(world: &World) -> String {
    array(world.tables().iter().map(|table| {
        let mut out = format!("{{\"id\":{},\"type\":[", table.id().0);
        for (j, &id) in table.ids().iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            string(&mut out, &id_str(world, id));
        }
        let count = table.len();
        let _ = write!(out, "],\"count\":{count},\"size\":{count}}}");
        out
    }))
}

/// One record per id in use (in the order tables first use them): its name (`ecs_id_str`),
/// the tables that have it, the entities in them (`entity_count`, and `entity_size` as this
/// world's tables have no spare capacity), the `type` of a reflected user component
/// ([`super::records::type_block`]) and its traits ([`super::records::traits`]).
pub(crate) fn components(world: &World) -> String {
    let mut order: Vec<Id> = Vec::new();
    let mut records: std::collections::HashMap<Id, (Vec<u64>, usize)> =
        std::collections::HashMap::new();
    for table in world.tables() {
        for &id in table.ids() {
            let rec = records.entry(id).or_insert_with(|| {
                order.push(id);
                (Vec::new(), 0)
            });
            rec.0.push(table.id().0 as u64);
            rec.1 += table.len();
        }
    }
    array(order.into_iter().map(|id| {
        let (tables, count) = records.remove(&id).unwrap_or_default();
        let mut out = String::from("{\"name\":");
        string(&mut out, &id_str(world, id));
        out.push_str(",\"tables\":[");
        for (i, t) in tables.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let _ = write!(out, "{t}");
        }
        let _ = write!(out, "],\"entity_count\":{count},\"entity_size\":{count}");
        if let Some(t) = super::records::type_block(world, id) {
            out.push_str(",\"type\":");
            out.push_str(&t);
        }
        out.push_str(",\"traits\":[");
        for (i, t) in super::records::traits(world, id).iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            string(&mut out, t);
        }
        out.push_str("]}");
        out
    }))
}

/// The world's queries: the world script's named filters (this world has no systems or
/// observers), each as v4.1.6 lists a query: its name and kind, `eval_mode` and `cache_kind`, what one evaluation finds (`results`,
/// `count`; `empty_tables` 0: empty tables are not matched), the expression, and the plan
/// (`plan_size` its instructions). A query that does not compile or runs out of `step_limit`
/// search steps is listed without counts. This world keeps no timings and evaluates no query
/// on its own: `eval_time` and `eval_count` are 0.
pub(crate) fn queries(world: &World, step_limit: u64) -> String {
    array(world.named_filters().map(|(e, expr)| {
        let mut out = String::from("{\"name\":");
        string(&mut out, &world.path_of(e));
        out.push_str(",\"kind\":\"Query\"");
        let query = Query::with_engine(world, expr, Engine::Filter).ok();
        out.push_str(
            ",\"eval_mode\":\"Plan\",\"cache_kind\":\"Default\",\"eval_time\":0,\"eval_count\":0",
        );
        if let Some(counts) = query
            .as_ref()
            .and_then(|q| q.profile_counts(world, step_limit).ok())
        {
            let _ = write!(
                out,
                ",\"results\":{},\"count\":{},\"empty_tables\":0,\"count\":{}",
                counts.results, counts.entities, counts.entities
            );
        }
        out.push_str(",\"expr\":");
        string(&mut out, expr);
        if let Some(q) = &query {
            let plan = q.plan_str(world, true);
            let _ = write!(out, ",\"plan_size\":{}", plan.lines().count());
            out.push_str(",\"plan\":");
            string(&mut out, &plan);
        }
        out.push('}');
        out
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_and_components_as_arrays_of_lines() {
        let Ok(l) = rosetta_world::script::load_str(
            r#"[["tag", "T"], ["entity", "a"], ["add", "a", "T"], ["filter", "Ts", "T"]]"#,
        ) else {
            panic!("script")
        };
        let t = tables(&l.world);
        assert!(
            t.starts_with("[\n{\"id\":0,\"type\":[],\"count\":0,\"size\":0},\n{"),
            "{t}"
        );
        let v: serde_json::Value = serde_json::from_str(&t).unwrap_or_default();
        assert!(v.as_array().is_some_and(|a| a.iter().any(|t| t["type"]
            .as_array()
            .is_some_and(|ty| ty.iter().any(|i| i == "T"))
            && t["count"] == 1)));
        let c = components(&l.world);
        let v: serde_json::Value = serde_json::from_str(&c).unwrap_or_default();
        let tag = v
            .as_array()
            .and_then(|a| a.iter().find(|r| r["name"] == "T"))
            .cloned()
            .unwrap_or_default();
        assert_eq!(tag["entity_count"], 1, "{c}");
        assert_eq!(tag["traits"], serde_json::json!([]), "{c}");
        let q = queries(&l.world, 1000);
        let v: serde_json::Value = serde_json::from_str(&q).unwrap_or_default();
        assert_eq!(v[0]["name"], "Ts", "{q}");
        assert_eq!(v[0]["expr"], "T", "{q}");
        assert_eq!(
            (v[0]["results"].as_u64(), v[0]["count"].as_u64()),
            (Some(1), Some(1)),
            "{q}"
        );
        assert!(
            v[0]["plan"].as_str().is_some_and(|p| p.contains("yield")),
            "{q}"
        );
    }
}
