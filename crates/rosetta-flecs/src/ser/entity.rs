//! `ecs_entity_to_json` (v3.2.12, `serialize.c`): an entity's path, doc strings, bases, ids,
//! values and type info, and the extensions `alerts`, `refs` and `matches`.
//!
//! Members in order: `path`, `label`, `brief`, `link`, `color`, `is_a`, `ids`, `id_labels`,
//! `values`, `type_info`, `alerts`, `refs`, `matches`. Each base in `is_a` (bases of bases
//! first, a diamond's shared base twice) has `path`, `ids`, `id_labels`, `values`,
//! `type_info` and `hidden`.

use rosetta_world::builtin::{DONT_INHERIT, IS_A, PRIVATE, UNION, WILDCARD};
use rosetta_world::eval::Query;
use rosetta_world::{DocKind, Id, World};

use super::builtins::{self, Writer};
use super::names::{self, alive_or, push_label, push_path};
use super::options::EntityDesc;
use crate::error::{Error, Result};
use crate::text::{self, List, Mode};

/// What the world itself does not hold but `ecs_entity_to_json` can show: the named queries
/// (filters, rules) whose entities `matches` lists, and whether the alerts module is imported
/// (then `alerts` is written: this world raises no alerts, so it is `[]`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Extras<'a> {
    /// Named queries, each with its entity, in the order Flecs stores them (creation order).
    pub queries: &'a [(Id, &'a Query)],
    /// Whether `FlecsAlerts` was imported.
    pub alerts_imported: bool,
}

/// `ecs_entity_to_json` with [`Extras`]: `matches` lists the entities of `extras.queries`
/// that match `e`.
pub fn entity_to_json_with(
    world: &World,
    e: Id,
    desc: &EntityDesc,
    extras: &Extras<'_>,
) -> Result<String> {
    if e.0 == 0 || !world.is_alive(e) {
        return Err(Error::NotAlive(e.0));
    }
    let mode = desc.mode;
    let mut out = String::with_capacity(128);
    let mut obj = List::open(&mut out, '{');
    if desc.path {
        obj.key(&mut out, "path", mode);
        push_path(&mut out, world, e, mode);
    }
    if desc.label {
        obj.key(&mut out, "label", mode);
        match world.label_of(e) {
            Some(l) => text::push_escaped(&mut out, l, mode),
            None => {
                out.push('"');
                names::push_u32(&mut out, e.index());
                out.push('"');
            }
        }
    }
    for (on, kind, key) in [
        (desc.brief, DocKind::Brief, "brief"),
        (desc.link, DocKind::Link, "link"),
        (desc.color, DocKind::Color, "color"),
    ] {
        if let Some(s) = on.then(|| world.doc_get(e, kind)).flatten() {
            obj.key(&mut out, key, mode);
            text::push_escaped(&mut out, s, mode);
        }
    }
    if desc.base && !world.targets(e, IS_A).is_empty() {
        obj.key(&mut out, "is_a", mode);
        let mut bases = List::open(&mut out, '[');
        for base in world.bases_flat(e) {
            bases.next(&mut out);
            let mut b = List::open(&mut out, '{');
            b.key(&mut out, "path", mode);
            push_path(&mut out, world, base, mode);
            append_type(&mut out, &mut b, world, base, e, desc)?;
            b.close(&mut out, '}');
        }
        bases.close(&mut out, ']');
    }
    append_type(&mut out, &mut obj, world, e, e, desc)?;
    if desc.alerts && extras.alerts_imported {
        obj.key(&mut out, "alerts", mode);
        out.push_str("[]");
    }
    if let Some(rel) = desc.refs {
        obj.key(&mut out, "refs", mode);
        refs(&mut out, world, e, rel, mode);
    }
    if desc.matches {
        obj.key(&mut out, "matches", mode);
        let mut list = List::open(&mut out, '[');
        for (qe, q) in extras.queries {
            if matches(world, q, e) {
                list.next(&mut out);
                push_path(&mut out, world, *qe, mode);
            }
        }
        list.close(&mut out, ']');
    }
    obj.close(&mut out, '}');
    Ok(out)
}

/// An id of `ent`'s type as the entity serializer shows it.
struct Shown {
    pred: Id,
    obj: Id,
    flags: u64,
    hidden: bool,
}

/// `flecs_json_skip_id`: `None` for an id not shown. `ent` is the entity whose type is
/// written, `inst` the entity serialized (they differ for a base).
fn shown(w: &World, id: Id, desc: &EntityDesc, ent: Id, inst: Id) -> Option<Shown> {
    let is_base = ent != inst;
    let (pred, obj, flags) = if id.has_pair_flag() {
        (alive_or(w, id.first()), alive_or(w, id.second()), 0)
    } else {
        (Id(id.0 & Id::COMPONENT_MASK), Id::NULL, id.flags())
    };
    if is_base && w.has(pred, DONT_INHERIT) {
        return None;
    }
    if !desc.private && w.has(pred, PRIVATE) {
        return None;
    }
    // A base's id is hidden when the instance gets it from elsewhere: owned, or a base
    // found first (`ecs_get_target_for_id(inst, IsA, id) != ent`).
    let hidden = is_base && w.source_of(inst, id) != Some(ent);
    if hidden && !desc.hidden {
        return None;
    }
    Some(Shown {
        pred,
        obj,
        flags,
        hidden,
    })
}

/// A union's storage pair `(Union, Rel)` is shown as `(Rel, current target)`; `None` while
/// the target is dead (Flecs keeps dead targets in the union column).
fn union_rewrite(w: &World, ent: Id, s: &Shown) -> Option<(Id, Id)> {
    if s.obj.0 != 0 && s.pred == UNION {
        let rel = s.obj;
        let tgt = w.target(ent, rel, 0)?;
        return Some((rel, tgt));
    }
    Some((s.pred, s.obj))
}

/// `flecs_json_append_type`: `ids`, `id_labels`, `values`, `type_info` and (for a base)
/// `hidden` of `ent`'s type.
fn append_type(
    out: &mut String,
    obj: &mut List,
    w: &World,
    ent: Id,
    inst: Id,
    desc: &EntityDesc,
) -> Result<()> {
    let mode = desc.mode;
    // The ids `ent` shows (flecs_json_skip_id), in type order; every member below lists them.
    let shown_ids: Vec<(Id, Shown)> = w
        .type_of(ent)
        .iter()
        .filter_map(|&id| Some((id, shown(w, id, desc, ent, inst)?)))
        .collect();
    if desc.ids {
        obj.key(out, "ids", mode);
        let mut list = List::open(out, '[');
        for (_, s) in &shown_ids {
            let Some((pred, tgt)) = union_rewrite(w, ent, s) else {
                continue;
            };
            list.next(out);
            let mut elems = List::open(out, '[');
            elems.next(out);
            push_path(out, w, pred, mode);
            if tgt.0 != 0 || s.flags != 0 {
                elems.next(out);
                if tgt.0 != 0 {
                    push_path(out, w, tgt, mode);
                } else {
                    out.push('0');
                }
                if s.flags != 0 {
                    elems.next(out);
                    out.push('"');
                    out.push_str(flag_str(s.flags));
                    out.push('"');
                }
            }
            elems.close(out, ']');
        }
        list.close(out, ']');
    }
    if desc.id_labels {
        obj.key(out, "id_labels", mode);
        let mut list = List::open(out, '[');
        for (_, s) in &shown_ids {
            let Some((pred, tgt)) = union_rewrite(w, ent, s) else {
                continue;
            };
            list.next(out);
            let mut elems = List::open(out, '[');
            elems.next(out);
            push_label(out, w, pred, mode);
            if tgt.0 != 0 {
                elems.next(out);
                push_label(out, w, tgt, mode);
            }
            elems.close(out, ']');
        }
        list.close(out, ']');
    }
    if desc.values {
        obj.key(out, "values", mode);
        let mut list = List::open(out, '[');
        for &(id, ref s) in &shown_ids {
            list.next(out);
            let writer = match (s.hidden, w.type_id_of(id)) {
                (false, Some(ty)) => Writer::for_type(w, ty, mode)?,
                _ => None,
            };
            match (writer, w.get(ent, id)) {
                (Some(writer), Some(v)) => writer.write(out, w, &v)?,
                _ => out.push('0'),
            }
        }
        list.close(out, ']');
    }
    if desc.type_info {
        obj.key(out, "type_info", mode);
        let mut list = List::open(out, '[');
        for &(id, ref s) in &shown_ids {
            list.next(out);
            match w.type_id_of(id).filter(|_| !s.hidden) {
                Some(ty) => builtins::type_info(out, w, ty, mode)?,
                None => out.push('0'),
            }
        }
        list.close(out, ']');
    }
    if desc.hidden && ent != inst {
        obj.key(out, "hidden", mode);
        let mut list = List::open(out, '[');
        for (_, s) in &shown_ids {
            list.next(out);
            out.push_str(if s.hidden { "true" } else { "false" });
        }
        list.close(out, ']');
    }
    Ok(())
}

/// `ecs_id_flag_str` for the flags an entity's type can hold.
fn flag_str(flags: u64) -> &'static str {
    if flags & Id::TOGGLE != 0 {
        "TOGGLE"
    } else if flags & Id::OVERRIDE != 0 {
        "OVERRIDE"
    } else if flags & Id::AND != 0 {
        "AND"
    } else {
        "UNKNOWN"
    }
}

/// `refs`: per relationship `rel` (each relationship for `*`), the entities that have
/// `(rel, e)`, as `{"Rel":[paths]}`. Flecs keeps the `(*, e)` id records newest first, so
/// relationships are listed from the one that last got a first `(rel, e)` table.
pub(crate) fn refs(out: &mut String, w: &World, e: Id, rel: Id, mode: Mode) {
    let mut rels: Vec<Id> = Vec::new();
    if rel == WILDCARD {
        for &t in w.tables_with(Id::pair(WILDCARD, e)) {
            for id in w.table(t).ids() {
                if id.is_pair() && id.second() == Id(e.index().into()) {
                    let r = alive_or(w, id.first());
                    if !rels.contains(&r) {
                        rels.push(r);
                    }
                }
            }
        }
        rels.reverse();
    } else if !w.tables_with(Id::pair(rel, e)).is_empty() {
        rels.push(rel);
    }
    let mut obj = List::open(out, '{');
    for r in rels {
        obj.next(out);
        out.push('"');
        text::raw_into(out, &w.short_path_of(r), mode);
        out.push_str("\":");
        let mut list = List::open(out, '[');
        // Flecs walks the id record's non-empty tables, then the rest (tables still pending
        // are on its empty list).
        let mut tables = w.tables_in_iter_order(Id::pair(r, e));
        for &t in w.tables_with(Id::pair(r, e)) {
            if !tables.contains(&t) {
                tables.push(t);
            }
        }
        for t in tables {
            for &x in w.table(t).entities() {
                list.next(out);
                push_path(out, w, x, mode);
            }
        }
        list.close(out, ']');
    }
    obj.close(out, '}');
}

/// Whether `q` yields `e` (`ecs_iter_set_var(it, 0, e)` and `ecs_iter_is_true`).
pub(crate) fn matches(w: &World, q: &Query, e: Id) -> bool {
    let mut found = false;
    q.each(w, |m| {
        found = m.entities().contains(&e);
        !found
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::builtin::CHILD_OF;

    #[test]
    fn dead_entities_are_an_error() {
        let mut w = World::new();
        let e = w.entity("e").unwrap_or_default();
        let _ = w.delete(e);
        let r = entity_to_json_with(&w, e, &EntityDesc::default(), &Extras::default());
        assert!(matches!(r, Err(Error::NotAlive(_))));
    }

    #[test]
    fn flag_names() {
        assert_eq!(flag_str(Id::TOGGLE), "TOGGLE");
        assert_eq!(flag_str(Id::OVERRIDE), "OVERRIDE");
    }

    #[test]
    fn a_child_is_listed_under_childof() {
        let mut w = World::new();
        let p = w.entity("p").unwrap_or_default();
        let _ = w.entity("p.c");
        let mut s = String::new();
        refs(&mut s, &w, p, CHILD_OF, Mode::Engine);
        assert_eq!(s, r#"{"ChildOf":["p.c"]}"#);
    }
}
