//! `ecs_world_to_json` of v4.1.6 (`serialize_world.c`): the entities a query
//! `!(ChildOf, flecs)(self|up), !Module(self|up)` finds (prefabs and disabled entities
//! included), as rows with full paths, entity ids and values, each parent before its
//! children (`serialize_parents_before_children`): `{"results":[...]}`. A type entity comes
//! after the types it is made of and is followed by its constants' rows (`ecs_enum_init`
//! makes constant entities); member rows only when asked ([`WorldDesc::member_entities`]).

use rosetta_world::builtin::{CHILD_OF, FLECS, MODULE};
use rosetta_world::{Id, World};

use super::entity::head;
use super::options::EntityDesc;
use super::row::RowWriter;
use crate::error::Result;
use crate::text::{List, Mode};

/// How many `ChildOf` ancestors are followed (the world keeps the chain acyclic).
const MAX_DEPTH: usize = 256;

/// Options of [`world_to_json_with`].
#[derive(Debug, Clone, Copy, Default)]
pub struct WorldDesc {
    /// How text and floats are written.
    pub mode: Mode,
    /// Write each struct's members as child entities with `flecs.meta.member`, as a Flecs
    /// world whose structs were registered with `ecs_struct_desc_t::create_member_entities`
    /// (or built with `FLECS_CREATE_MEMBER_ENTITIES`, as 4.1.2 always did) writes them. v4.1.6's
    /// `ecs_struct_init` makes none by default; with them the document describes its structs
    /// completely, and Rosetta reads it back with no other file.
    pub member_entities: bool,
    /// Write the entities in modules too (`ecs_world_to_json_desc_t::serialize_modules`).
    /// v4.1.6 leaves them out by default, and registering a component makes its package
    /// scope a module (`game` of `game.Health`), so the types are then left out: a Flecs
    /// application has them registered already; with this a document describes them.
    pub modules: bool,
}

/// `ecs_world_to_json` (v4.1.6) in `mode`: [`world_to_json_with`] without member entities.
/// Entities without any id are in no table and not written.
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
    world_to_json_with(
        world,
        &WorldDesc {
            mode,
            member_entities: false,
            modules: false,
        },
    )
}

/// `ecs_world_to_json` (v4.1.6) with the options of `wd`.
pub fn world_to_json_with(world: &World, wd: &WorldDesc) -> Result<String> {
    let mode = wd.mode;
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
            let mut row = Row {
                rw: &mut rw,
                desc: &desc,
                members: wd.member_entities,
                modules: wd.modules,
                done: &mut done,
            };
            write_row(&mut out, &mut results, &mut row, world, e, 0)?;
        }
    }
    results.close(&mut out, ']');
    obj.close(&mut out, '}');
    Ok(out)
}

/// What [`write_row`] writes with.
struct Row<'a, 'w> {
    rw: &'a mut RowWriter<'w>,
    desc: &'a EntityDesc,
    members: bool,
    modules: bool,
    done: &'a mut std::collections::HashSet<Id>,
}

/// One entity's row, its parent's first when the parent is written too and was not yet.
fn write_row(
    out: &mut String,
    results: &mut List,
    r: &mut Row<'_, '_>,
    w: &World,
    e: Id,
    depth: usize,
) -> Result<()> {
    if r.done.contains(&e) || excluded(w, e, r.modules) || w.type_of(e).is_empty() {
        return Ok(());
    }
    r.done.insert(e);
    if depth < MAX_DEPTH {
        if let Some(p) = w.target(e, CHILD_OF, 0) {
            write_row(out, results, r, w, p, depth + 1)?;
        }
        // A type after the types it is made of (a Flecs world that has the types reads them
        // in any order; Rosetta's reader builds each from its parts).
        for part in super::types::parts(w, e) {
            write_row(out, results, r, w, part, depth + 1)?;
        }
    }
    let mode = r.desc.mode;
    if r.members {
        // Member rows before their struct's, as Flecs writes them (their table is older).
        super::types::member_rows(out, results, w, e, mode);
    }
    results.next(out);
    let mut row = List::open(out, '{');
    head(out, &mut row, w, e, r.desc);
    r.rw.tags(out, &mut row, e, false);
    r.rw.pairs(out, &mut row, e, false);
    r.rw.components(out, &mut row, e, false)?;
    row.close(out, '}');
    super::types::constant_rows(out, results, w, e, mode);
    Ok(())
}

/// Whether `e` is a builtin or (unless `modules`) in a module: it or a `ChildOf` ancestor has
/// `(ChildOf, flecs)` or `Module`.
fn excluded(w: &World, e: Id, modules: bool) -> bool {
    let flecs_child = Id::pair(CHILD_OF, FLECS);
    let mut cur = Some(e);
    for _ in 0..MAX_DEPTH {
        let Some(x) = cur else { return false };
        if x == FLECS || w.owns(x, flecs_child) || (!modules && w.owns(x, MODULE)) {
            return true;
        }
        cur = w.target(x, CHILD_OF, 0);
    }
    false
}
