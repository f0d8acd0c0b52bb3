//! `ecs_entity_to_json` of v4.1.6 (`serialize_entity.c`): one entity as a row of the table
//! format, members in this order: `type_info` (when asked, first: v4.1.6 gathers it while
//! writing and puts it in front), `parent`, `name`, `id`, `doc`, `tags`, `pairs`,
//! `inherited`, `components`, `matches`, `refs`, `alerts` (only in a world with the alerts
//! module).

use rosetta_world::builtin::CHILD_OF;
use rosetta_world::eval::Query;
use rosetta_world::{DocKind, Id, World};

use super::options::EntityDesc;
use super::row::{push_label, RowWriter};
use crate::error::{Error, Result};
use crate::ser::names::{path_into, push_path, push_u32};
use crate::text::{self, List, Mode};

/// The named queries `matches` checks, each with its entity, in creation order.
pub type NamedQueries<'a> = &'a [(Id, &'a Query)];

/// `ecs_entity_to_json` (v4.1.6): `e` with the options of `desc`. An entity that was never
/// given an id is `{"name":"#<id>"}`; a dead or null one an error (Flecs returns NULL).
///
/// ```
/// use rosetta_flecs::v4::{entity_to_json, EntityDesc};
/// use rosetta_world::{script, FlecsVersion};
/// let loaded = script::load_str_version(r#"[
///     ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
///     ["tag", "Planet"], ["entity", "Sun.Earth"], ["add", "Sun.Earth", "Planet"],
///     ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}]
/// ]"#, FlecsVersion::V4)?;
/// let w = &loaded.world;
/// let json = entity_to_json(w, w.lookup("Sun.Earth").unwrap(), &EntityDesc::default())?;
/// assert_eq!(json, r#"{"parent":"Sun", "name":"Earth", "tags":["Planet"], "components":{"Position":{"x":1, "y":2}}}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn entity_to_json(world: &World, e: Id, desc: &EntityDesc) -> Result<String> {
    entity_to_json_with(world, e, desc, &[])
}

/// [`entity_to_json`] with the named queries `matches` lists from.
pub fn entity_to_json_with(
    world: &World,
    e: Id,
    desc: &EntityDesc,
    queries: NamedQueries<'_>,
) -> Result<String> {
    if e.0 == 0 || !world.is_alive(e) {
        return Err(Error::NotAlive(e.0));
    }
    let mode = desc.mode;
    let mut body = String::with_capacity(128);
    let mut rw = RowWriter::new(world, mode, desc.type_info);
    rw.full_paths = desc.full_paths;
    rw.builtin = desc.builtin;
    rw.values = desc.values;
    // A type entity shows its layout and meta components, as a v4 world holds them.
    rw.type_entities = true;
    let mut obj = List::open(&mut body, '{');
    if world.table_of(e).is_none() {
        obj.key(&mut body, "name", mode);
        push_anonymous(&mut body, e);
    } else {
        head(&mut body, &mut obj, world, e, desc);
        rw.tags(&mut body, &mut obj, e, false);
        rw.pairs(&mut body, &mut obj, e, false);
        if desc.inherited {
            rw.inherited(&mut body, &mut obj, e)?;
        }
        rw.components(&mut body, &mut obj, e, false)?;
        if desc.matches {
            obj.key(&mut body, "matches", mode);
            let mut list = List::open(&mut body, '[');
            for (qe, q) in queries {
                if crate::ser::entity::matches(world, q, e) {
                    list.next(&mut body);
                    push_path(&mut body, world, *qe, mode);
                }
            }
            list.close(&mut body, ']');
        }
        if let Some(rel) = desc.refs {
            obj.key(&mut body, "refs", mode);
            // v4.1.6 lists them as v3.2.12 does (`flecs_json_serialize_refs`).
            crate::ser::entity::refs(&mut body, world, e, rel, mode);
        }
        if desc.alerts && has_alerts_module(world) {
            // Rosetta evaluates no alerts: the entity and its children have none active.
            obj.key(&mut body, "alerts", mode);
            body.push_str("[]");
        }
    }
    obj.close(&mut body, '}');
    Ok(match rw.take_type_info() {
        // `flecs_json_assemble_output`: `type_info` first, then the entity's members.
        Some(ti) => {
            let mut out = String::with_capacity(ti.len() + body.len() + 16);
            out.push_str("{\"type_info\":");
            out.push_str(&ti);
            if body.len() > 2 {
                out.push_str(text::SEP);
                out.push_str(&body[1..body.len() - 1]);
            }
            out.push('}');
            out
        }
        None => body,
    })
}

/// Whether the world has Flecs' alerts module (`FlecsAlerts` imported): v4.1.6 writes
/// `alerts` only then (`flecs_json_serialize_alerts` returns before the member when
/// `ecs_id(EcsAlertsActive)` is 0), so an app without it, like a plain REST app, leaves the
/// member out even when asked.
fn has_alerts_module(world: &World) -> bool {
    world.lookup("flecs.alerts.AlertsActive").is_some()
}

/// `"#<id>"`: the name of an entity without one.
fn push_anonymous(out: &mut String, e: Id) {
    out.push_str("\"#");
    push_u32(out, e.index());
    out.push('"');
}

/// `flecs_json_serialize_iter_this`: `parent`, `name`, `id` (and `version`), `doc`.
pub(crate) fn head(out: &mut String, obj: &mut List, w: &World, e: Id, desc: &EntityDesc) {
    let mode = desc.mode;
    if let Some(p) = w.target(e, CHILD_OF, 0) {
        obj.key(out, "parent", mode);
        let mut path = String::new();
        path_into(&mut path, w, p, Mode::Engine);
        text::push_escaped(out, &path, mode);
    }
    obj.key(out, "name", mode);
    match w.name_of(e) {
        Some(n) => text::push_escaped(out, n, mode),
        None => push_anonymous(out, e),
    }
    if desc.entity_id {
        obj.key(out, "id", mode);
        push_u32(out, e.index());
        let generation = (e.0 >> 32) as u32;
        if generation != 0 {
            obj.key(out, "version", mode);
            push_u32(out, generation);
        }
    }
    if desc.doc {
        obj.key(out, "doc", mode);
        let mut doc = List::open(out, '{');
        doc.key(out, "label", mode);
        match w.doc_get(e, DocKind::Name) {
            Some(l) => text::push_escaped(out, l, mode),
            None => push_label(out, w, e, mode),
        }
        for (kind, key) in [
            (DocKind::Brief, "brief"),
            (DocKind::Color, "color"),
            (DocKind::Link, "link"),
        ] {
            if let Some(s) = w.doc_get(e, kind) {
                doc.key(out, key, mode);
                text::push_escaped(out, s, mode);
            }
        }
        doc.close(out, '}');
    }
}
