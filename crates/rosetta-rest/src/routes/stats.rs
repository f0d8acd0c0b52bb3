//! `GET /stats/<world|pipeline>?period=` (`flecs_rest_reply_stats`, the monitor addon's
//! statistics).
//!
//! A Rosetta world does not run frames, systems or observers, so its statistics are those of
//! a world at rest: the gauges Flecs samples hold the world's current counts in every slot of
//! the 60-sample window (alive and not-alive entity ids, tables and empty tables, tag,
//! component and pair ids in tables, registered component types), the world's queries,
//! observers and systems are none (0), and every counter of work done per frame (frame time,
//! commands, merges, allocations, HTTP traffic) is 0. The pipeline has no systems: `[]`.

use std::collections::HashSet;
use std::fmt::Write as _;

use rosetta_world::World;

use crate::reply::Reply;
use crate::request::Request;

/// Flecs' `ECS_STAT_WINDOW`: samples per metric.
const STAT_WINDOW: usize = 60;

/// The periods the monitor keeps (`FlecsMonitor.Period1s` ... `Period1w`).
const PERIODS: [&str; 5] = ["1s", "1m", "1h", "1d", "1w"];

/// What a world at rest reports for a metric.
#[derive(Clone, Copy)]
enum Source {
    /// Alive entities.
    Entities,
    /// Deleted entity ids waiting to be recycled.
    NotAlive,
    /// Tables, including empty ones.
    Tables,
    /// Tables without entities.
    EmptyTables,
    /// Ids in tables without data.
    Tags,
    /// Ids in tables with data.
    Components,
    /// Pair ids in tables.
    Pairs,
    /// Registered component types.
    Types,
    /// Work per frame: none.
    Zero,
}

use Source::*;

/// `flecs_world_stats_to_json`'s metrics in its order, with the brief Flecs sends for each.
const WORLD_METRICS: &[(&str, Source, &str)] = &[
    ("entities.count", Entities, "Alive entity ids in the world"),
    (
        "entities.not_alive_count",
        NotAlive,
        "Not alive entity ids in the world",
    ),
    ("performance.fps", Zero, "Frames per second"),
    ("performance.frame_time", Zero, "Time spent in frame"),
    (
        "performance.system_time",
        Zero,
        "Time spent on running systems in frame",
    ),
    (
        "performance.emit_time",
        Zero,
        "Time spent on notifying observers in frame",
    ),
    (
        "performance.merge_time",
        Zero,
        "Time spent on merging commands in frame",
    ),
    (
        "performance.rematch_time",
        Zero,
        "Time spent on revalidating query caches in frame",
    ),
    ("commands.add_count", Zero, "Add commands executed"),
    ("commands.remove_count", Zero, "Remove commands executed"),
    ("commands.delete_count", Zero, "Delete commands executed"),
    ("commands.clear_count", Zero, "Clear commands executed"),
    ("commands.set_count", Zero, "Set commands executed"),
    ("commands.ensure_count", Zero, "Get_mut commands executed"),
    (
        "commands.modified_count",
        Zero,
        "Modified commands executed",
    ),
    ("commands.other_count", Zero, "Misc commands executed"),
    (
        "commands.discard_count",
        Zero,
        "Commands for already deleted entities",
    ),
    (
        "commands.batched_entity_count",
        Zero,
        "Entities with batched commands",
    ),
    ("commands.batched_count", Zero, "Number of commands batched"),
    ("frame.merge_count", Zero, "Number of merges (sync points)"),
    (
        "frame.pipeline_build_count",
        Zero,
        "Pipeline rebuilds (happen when systems become active/enabled)",
    ),
    ("frame.systems_ran", Zero, "Systems ran in frame"),
    (
        "frame.observers_ran",
        Zero,
        "Number of times an observer was invoked in frame",
    ),
    ("frame.event_emit_count", Zero, "Events emitted in frame"),
    (
        "frame.rematch_count",
        Zero,
        "Number of query cache revalidations",
    ),
    (
        "tables.count",
        Tables,
        "Tables in the world (including empty)",
    ),
    (
        "tables.empty_count",
        EmptyTables,
        "Empty tables in the world",
    ),
    ("tables.create_count", Zero, "Number of new tables created"),
    ("tables.delete_count", Zero, "Number of tables deleted"),
    ("components.tag_count", Tags, "Tag ids in use"),
    (
        "components.component_count",
        Components,
        "Component ids in use",
    ),
    ("components.pair_count", Pairs, "Pair ids in use"),
    ("components.type_count", Types, "Registered component types"),
    (
        "components.create_count",
        Zero,
        "Number of new component, tag and pair ids created",
    ),
    (
        "components.delete_count",
        Zero,
        "Number of component, pair and tag ids deleted",
    ),
    ("queries.query_count", Zero, "Queries in the world"),
    ("queries.observer_count", Zero, "Observers in the world"),
    ("queries.system_count", Zero, "Systems in the world"),
    ("memory.alloc_count", Zero, "Allocations by OS API"),
    ("memory.realloc_count", Zero, "Reallocs by OS API"),
    ("memory.free_count", Zero, "Frees by OS API"),
    (
        "memory.outstanding_alloc_count",
        Zero,
        "Outstanding allocations by OS API",
    ),
    (
        "memory.block_alloc_count",
        Zero,
        "Blocks allocated by block allocators",
    ),
    (
        "memory.block_free_count",
        Zero,
        "Blocks freed by block allocators",
    ),
    (
        "memory.block_outstanding_alloc_count",
        Zero,
        "Outstanding block allocations",
    ),
    (
        "memory.stack_alloc_count",
        Zero,
        "Pages allocated by stack allocators",
    ),
    (
        "memory.stack_free_count",
        Zero,
        "Pages freed by stack allocators",
    ),
    (
        "memory.stack_outstanding_alloc_count",
        Zero,
        "Outstanding page allocations",
    ),
    ("http.request_received_count", Zero, "Received requests"),
    (
        "http.request_invalid_count",
        Zero,
        "Received invalid requests",
    ),
    (
        "http.request_handled_ok_count",
        Zero,
        "Requests handled successfully",
    ),
    (
        "http.request_handled_error_count",
        Zero,
        "Requests handled with error code",
    ),
    (
        "http.request_not_handled_count",
        Zero,
        "Requests not handled (unknown endpoint)",
    ),
    (
        "http.request_preflight_count",
        Zero,
        "Preflight requests received",
    ),
    ("http.send_ok_count", Zero, "Successful replies"),
    ("http.send_error_count", Zero, "Unsuccessful replies"),
    (
        "http.busy_count",
        Zero,
        "Dropped requests due to full send queue (503)",
    ),
];

/// Whether `period` is one the monitor keeps (`1s` ... `1w`).
pub(crate) fn is_period(period: &str) -> bool {
    PERIODS.contains(&period)
}

/// The statistics of `category` (`world` or `pipeline`). An unknown period or category is
/// reported as Flecs does: its error body with `404 Resource not found` (the route writes
/// a 400 and then reports the request as not handled).
pub(crate) fn reply(world: &World, category: &str, req: &Request) -> Reply {
    if let Some(period) = req.param("period") {
        if !PERIODS.contains(&period) {
            return Reply::not_handled_with(
                Reply::error(400, "bad request (invalid period string)").body,
            );
        }
    }
    match category {
        "world" => Reply::ok(world_stats(world)),
        "pipeline" => Reply::ok("[]".to_owned()),
        _ => Reply::not_handled_with(Reply::error(400, "bad request (unsupported category)").body),
    }
}

/// The world's counts a gauge reports.
struct Counts {
    entities: u64,
    not_alive: u64,
    tables: u64,
    empty_tables: u64,
    tags: u64,
    components: u64,
    pairs: u64,
    types: u64,
}

fn counts(world: &World) -> Counts {
    let mut ids = HashSet::new();
    let mut empty = 0;
    for t in world.tables() {
        ids.extend(t.ids().iter().copied());
        empty += u64::from(t.is_empty());
    }
    let (mut tags, mut components, mut pairs) = (0, 0, 0);
    for &id in &ids {
        if id.is_pair() {
            pairs += 1;
        } else if world.is_component(id) {
            components += 1;
        } else {
            tags += 1;
        }
    }
    Counts {
        entities: world.entity_count() as u64,
        not_alive: world.not_alive_count() as u64,
        tables: world.tables().len() as u64,
        empty_tables: empty,
        tags,
        components,
        pairs,
        // Flecs counts every type info, whether or not an entity has the component.
        types: world.component_type_count() as u64,
    }
}

/// `{"entities.count":{"avg":[...],"min":[...],"max":[...],"brief":"..."},...}`.
fn world_stats(world: &World) -> String {
    let c = counts(world);
    let mut out = String::from("{");
    for (i, &(field, source, brief)) in WORLD_METRICS.iter().enumerate() {
        let value = match source {
            Entities => c.entities,
            NotAlive => c.not_alive,
            Tables => c.tables,
            EmptyTables => c.empty_tables,
            Tags => c.tags,
            Components => c.components,
            Pairs => c.pairs,
            Types => c.types,
            Zero => 0,
        };
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{field}\":{{");
        for (j, series) in ["avg", "min", "max"].iter().enumerate() {
            if j > 0 {
                out.push(',');
            }
            let _ = write!(out, "\"{series}\":[");
            for k in 0..STAT_WINDOW {
                if k > 0 {
                    out.push(',');
                }
                append_count(&mut out, value);
            }
            out.push(']');
        }
        let _ = write!(out, ",\"brief\":\"{brief}\"}}");
    }
    out.push('}');
    out
}

/// A whole number as Flecs' float formatter writes it in JSON: digits, unless more than 3
/// trailing zeros, which turn into a quoted exponent (`10000` is `"1e4"`, `120000` is
/// `"1.2e5"`).
fn append_count(out: &mut String, n: u64) {
    let digits = n.to_string();
    let kept = digits.trim_end_matches('0');
    let zeros = digits.len() - kept.len().max(1);
    if zeros <= 3 {
        out.push_str(&digits);
        return;
    }
    let (first, rest) = kept.split_at(1);
    out.push('"');
    out.push_str(first);
    if !rest.is_empty() {
        out.push('.');
        out.push_str(rest);
    }
    let _ = write!(out, "e{}\"", zeros + rest.len());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(n: u64) -> String {
        let mut s = String::new();
        append_count(&mut s, n);
        s
    }

    #[test]
    fn counts_formatted_as_flecs_floats() {
        assert_eq!(count(0), "0");
        assert_eq!(count(1000), "1000");
        assert_eq!(count(12345), "12345");
        assert_eq!(count(10000), "\"1e4\"");
        assert_eq!(count(100000), "\"1e5\"");
        assert_eq!(count(120000), "\"1.2e5\"");
        assert_eq!(count(2147483648), "2147483648");
    }

    #[test]
    fn world_stats_shape() {
        let w = World::new();
        let json = world_stats(&w);
        let v: serde_json::Value = match serde_json::from_str(&json) {
            Ok(v) => v,
            Err(e) => panic!("{e}"),
        };
        let entities = &v["entities.count"];
        assert_eq!(entities["avg"].as_array().map(Vec::len), Some(STAT_WINDOW));
        assert_eq!(entities["max"][0], w.entity_count());
        assert_eq!(entities["brief"], "Alive entity ids in the world");
        assert_eq!(v["performance.fps"]["min"][59], 0);
        assert_eq!(v.as_object().map(|o| o.len()), Some(WORLD_METRICS.len()));
        assert!(json.starts_with("{\"entities.count\":{\"avg\":["));
    }
}
