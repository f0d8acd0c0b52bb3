//! `ecs_world_to_json` of v4.1.6 (`serialize_world.c`): the entities a query
//! `!(ChildOf, flecs)(self|up), !Module(self|up)` finds (prefabs and disabled entities
//! included), as rows with full paths, entity ids and values, each parent before its
//! children (`serialize_parents_before_children`): `{"results":[...]}`. A type entity comes
//! after the types it is made of and its members' rows, and is followed by its constants'.

use rosetta_world::builtin::{CHILD_OF, FLECS, MODULE};
use rosetta_world::{Id, World};

use super::entity::head;
use super::options::EntityDesc;
use super::row::RowWriter;
use crate::error::Result;
use crate::text::{List, Mode};

/// How many `ChildOf` ancestors are followed (the world keeps the chain acyclic).
const MAX_DEPTH: usize = 256;

/// `ecs_world_to_json` (v4.1.6) in `mode`. Entities without any id are in no table and not
/// written.
///
/// ```
/// use rosetta_flecs::{text::Mode, v4};
/// use rosetta_world::{script, FlecsVersion};
/// let l = script::load_str_version(r#"[["tag", "T"], ["entity", "p.c"], ["add", "p.c", "T"]]"#, FlecsVersion::V4)?;
/// let json = v4::world_to_json(&l.world, Mode::Valid)?;
/// assert!(json.contains(r#"{"parent":"p", "name":"c", "id":"#), "{json}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn world_to_json(world: &World, mode: Mode) -> Result<String> {
    let desc = EntityDesc {
        entity_id: true,
        mode,
        ..EntityDesc::default()
    };
    let mut rw = RowWriter::new(world, mode, false);
    rw.type_entities = true;
    let mut out = String::with_capacity(4096);
    let mut obj = List::open(&mut out, '{');
    obj.key(&mut out, "results", mode);
    let mut results = List::open(&mut out, '[');
    let mut done = std::collections::HashSet::new();
    // v4.1's queries visit a component's tables in the order they were created (there are no
    // empty-table lists any more).
    for table in world.tables() {
        for &e in table.entities() {
            write_row(
                &mut out,
                &mut results,
                &mut rw,
                world,
                e,
                &desc,
                &mut done,
                0,
            )?;
        }
    }
    results.close(&mut out, ']');
    obj.close(&mut out, '}');
    Ok(out)
}

/// One entity's row, its parent's first when the parent is written too and was not yet.
#[allow(clippy::too_many_arguments)]
fn write_row(
    out: &mut String,
    results: &mut List,
    rw: &mut RowWriter<'_>,
    w: &World,
    e: Id,
    desc: &EntityDesc,
    done: &mut std::collections::HashSet<Id>,
    depth: usize,
) -> Result<()> {
    if done.contains(&e) || excluded(w, e) || w.type_of(e).is_empty() {
        return Ok(());
    }
    done.insert(e);
    if depth < MAX_DEPTH {
        if let Some(p) = w.target(e, CHILD_OF, 0) {
            write_row(out, results, rw, w, p, desc, done, depth + 1)?;
        }
        // A type after the types it is made of: Flecs reading the document builds a struct
        // member by member, each from its type as it is then.
        for part in super::types::parts(w, e) {
            write_row(out, results, rw, w, part, desc, done, depth + 1)?;
        }
    }
    // Member rows before their struct's, as Flecs writes them (their table is older): a
    // struct given `flecs.meta.type` before it has members aborts the Flecs world reading it.
    super::types::member_rows(out, results, w, e, desc.mode);
    results.next(out);
    let mut row = List::open(out, '{');
    head(out, &mut row, w, e, desc);
    rw.tags(out, &mut row, e, false);
    rw.pairs(out, &mut row, e, false);
    rw.components(out, &mut row, e, false)?;
    row.close(out, '}');
    super::types::constant_rows(out, results, w, e, desc.mode);
    Ok(())
}

/// Whether `e` is a builtin or in a module: it or a `ChildOf` ancestor has `(ChildOf, flecs)`
/// or `Module`.
fn excluded(w: &World, e: Id) -> bool {
    let flecs_child = Id::pair(CHILD_OF, FLECS);
    let mut cur = Some(e);
    for _ in 0..MAX_DEPTH {
        let Some(x) = cur else { return false };
        if w.owns(x, flecs_child) || w.owns(x, MODULE) {
            return true;
        }
        cur = w.target(x, CHILD_OF, 0);
    }
    false
}
