//! `ecs_world_to_json` (v3.2.12, `serialize.c`), what REST `GET /world` returns: every
//! non-empty table in table mode (`ids` with private ids, `parent`, `entities`, `values`),
//! as a filter `!(ChildOf, flecs)(self|parent), !Module(self|parent)` that matches prefabs
//! and disabled entities finds them: the builtins under `flecs` and every module with its
//! children are left out. Tables come in the order the filter visits them (the order they
//! last became non-empty); entities without any id are in no table and are not written.
//! Type entities are written with the components and child entities Flecs' meta addon gives
//! them, from the world's type metadata (`ser/types.rs`).

use rosetta_world::builtin::{ANY, CHILD_OF, FLECS, MODULE};
use rosetta_world::{Id, TableId, World};

use super::iter;
use super::options::IterDesc;
use super::plan::{parent_of, Plan, Rows};
use super::types;
use crate::error::Result;
use crate::text::{List, Mode};

/// How many `ChildOf` ancestors are looked at (the world keeps the chain acyclic).
const MAX_DEPTH: usize = 256;

/// `ecs_world_to_json` in either [`Mode`].
pub fn world_to_json_mode(world: &World, mode: Mode) -> Result<String> {
    let desc = IterDesc {
        table: true,
        ids: true,
        entities: true,
        private: true,
        mode,
        ..IterDesc::none()
    };
    // The filter has no terms of its own: no fields, no variables, no data of its own.
    let empty = rosetta_world::eval::Query::from_ast(
        world,
        rosetta_world::query::QueryAst::default(),
        rosetta_world::Engine::Filter,
    );
    let mut out = String::with_capacity(4096);
    let mut obj = List::open(&mut out, '{');
    obj.key(&mut out, "results", mode);
    let mut results = List::open(&mut out, '[');
    let Ok(q) = empty else {
        // An empty query always resolves; nothing to write if it ever did not.
        results.close(&mut out, ']');
        obj.close(&mut out, '}');
        return Ok(out);
    };
    let mut plan = Plan::new(world, &q, &desc);
    for t in world.tables_in_iter_order(ANY) {
        if excluded(world, t) {
            continue;
        }
        let table = world.table(t);
        if table.is_empty() {
            continue;
        }
        if types::has_type_entities(world, t) {
            types::write_table(&mut out, &mut results, world, t, mode)?;
            continue;
        }
        let rows = Rows {
            table: Some(t),
            offset: 0,
            count: table.len() as u32,
        };
        results.next(&mut out);
        let mut r = List::open(&mut out, '{');
        iter::table_type(&mut out, &mut r, world, &rows, &desc);
        iter::entities(&mut out, &mut r, world, &rows, &desc);
        iter::table_values(&mut out, &mut r, world, &rows, &mut plan)?;
        r.close(&mut out, '}');
    }
    results.close(&mut out, ']');
    obj.close(&mut out, '}');
    Ok(out)
}

/// Whether a table's entities are builtins or module contents: the table, or the table of a
/// `ChildOf` ancestor, has `(ChildOf, flecs)` or `Module`.
fn excluded(w: &World, t: TableId) -> bool {
    let flecs_child = Id::pair(CHILD_OF, FLECS);
    let ids = w.table(t).ids();
    if ids.contains(&flecs_child) || ids.contains(&MODULE) {
        return true;
    }
    let mut cur = parent_of(w, t);
    for _ in 0..MAX_DEPTH {
        let Some(p) = cur else { return false };
        if w.owns(p, flecs_child) || w.owns(p, MODULE) {
            return true;
        }
        cur = w.target(p, CHILD_OF, 0);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::script;

    #[test]
    fn a_fresh_world_writes_no_results() {
        let w = World::new();
        assert_eq!(
            world_to_json_mode(&w, Mode::Valid).unwrap_or_default(),
            r#"{"results":[]}"#
        );
    }

    #[test]
    fn user_tables_in_table_mode_with_private_ids() {
        let mut l = script::load_str(
            r#"[["struct", "Mass", [["value", "i32"]]], ["tag", "T"],
                ["entity", "p.c"], ["set", "p.c", "Mass", {"value": 3}], ["add", "p.c", "T"]]"#,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        l.world.process_pending();
        let s = world_to_json_mode(&l.world, Mode::Valid).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            s.contains(r#""parent":"p", "entities":["c"], "values":[[{"value":3}], 0, 0, 0]"#),
            "{s}"
        );
        // EcsIdentifier has no reflection in v3.2.12: its column is written as 0. The tag
        // (ECS_TAG sets no symbol) shares the named entities' table with the parent.
        let p = r#"{"ids":[["flecs.core.Identifier","flecs.core.Name"]], "entities":["T", "p"], "values":[0]}"#;
        assert!(s.starts_with(&format!("{{\"results\":[{p}, ")), "{s}");
    }
}
