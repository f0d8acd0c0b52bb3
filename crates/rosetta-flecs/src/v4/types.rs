//! Type entities in v4's world JSON, as a v4 world holds them (`meta.c`, `definitions.c`): a
//! component has `flecs.core.Component` `{"size":8, "alignment":4}` (its C layout); a
//! reflected type also has `flecs.meta.type` `{"kind":"StructType"}`,
//! `flecs.meta.TypeSerializer` and its kind's component (`flecs.meta.struct`, `enum`
//! `{"underlying_type":…}`, `bitmask`, `array` `{"type":…, "count":…}`, `vector`
//! `{"type":…}`, `opaque` `{"as_type":…}`); a struct's members are child entities with
//! `flecs.meta.member` `{"type":…, "count":…, "unit":…, "offset":…, "use_offset":false}`.
//!
//! `ecs_world_from_json` commits each entity to exactly the ids written: a type entity
//! written without these would lose its reflection in the Flecs world that loads it.

use rosetta_world::builtin::{
    ARRAY, BITMASK, COMPONENT, ENUM, I32, META_TYPE, META_TYPE_SERIALIZED, OPAQUE, STRUCT, VECTOR,
};
use rosetta_world::meta::FlecsKind;
use rosetta_world::{Id, World};

use crate::ser::names::{path_into, push_u32};
use crate::ser::types::kind_name;
use crate::text::{self, List, Mode};

/// The value of `flecs.core.Component` for `e`, `None` where the world does not know its
/// layout (a component without reflection: written `null`).
pub(crate) fn component_value(w: &World, e: Id) -> Option<String> {
    let l = w.c_layout(e)?;
    let mut s = String::from("{\"size\":");
    push_u32(&mut s, l.size);
    s.push_str(", \"alignment\":");
    // A component of size 0 is a tag to Flecs, with alignment 0 (1 makes
    // `ecs_world_from_json` abort on an invalid component).
    push_u32(&mut s, if l.size == 0 { 0 } else { l.align });
    s.push('}');
    Some(s)
}

fn quoted_path(out: &mut String, w: &World, e: Id, mode: Mode) {
    out.push('"');
    path_into(out, w, e, mode);
    out.push('"');
}

/// After `flecs.core.Component` in a type entity's `components`: the meta components of its
/// kind.
pub(crate) fn meta_components(out: &mut String, map: &mut List, w: &World, e: Id, mode: Mode) {
    let Some(ft) = w.flecs_type(e) else { return };
    // An empty struct is a tag in Flecs: no meta type (a struct without members aborts it).
    if matches!(ft.kind, FlecsKind::Primitive(_)) || is_zero_sized(w, e) {
        return;
    }
    map.key(out, "flecs.meta.type", mode);
    out.push_str("{\"kind\":\"");
    out.push_str(kind_name(&ft.kind));
    out.push_str("\"}");
    map.key(out, "flecs.meta.TypeSerializer", mode);
    out.push_str("null");
    let (key, value) = match &ft.kind {
        FlecsKind::Struct => ("struct", None),
        FlecsKind::Enum => ("enum", Some((vec![("underlying_type", I32)], None))),
        FlecsKind::Bitmask => ("bitmask", None),
        FlecsKind::Array { element, count } => {
            ("array", Some((vec![("type", *element)], Some(*count))))
        }
        FlecsKind::Vector { element } => ("vector", Some((vec![("type", *element)], None))),
        FlecsKind::Opaque { as_type } => ("opaque", Some((vec![("as_type", *as_type)], None))),
        FlecsKind::Primitive(_) => return,
    };
    map.key(out, &format!("flecs.meta.{key}"), mode);
    match value {
        None => out.push_str("null"),
        Some((members, count)) => {
            let mut o = List::open(out, '{');
            for (k, t) in members {
                o.key(out, k, mode);
                quoted_path(out, w, t, mode);
            }
            if let Some(n) = count {
                o.key(out, "count", mode);
                push_u32(out, n);
            }
            o.close(out, '}');
        }
    }
}

/// The rows of a struct's members (child entities in Flecs, metadata here), after the type's.
pub(crate) fn member_rows(out: &mut String, results: &mut List, w: &World, e: Id, mode: Mode) {
    let Some(ft) = w.flecs_type(e) else { return };
    if ft.kind != FlecsKind::Struct {
        return;
    }
    let offsets = w.c_layout(e).map(|l| l.offsets).unwrap_or_default();
    let mut parent = String::new();
    path_into(&mut parent, w, e, Mode::Engine);
    for (i, m) in ft.members.iter().enumerate() {
        results.next(out);
        let mut row = List::open(out, '{');
        row.key(out, "parent", mode);
        text::push_escaped(out, &parent, mode);
        row.key(out, "name", mode);
        text::push_escaped(out, &m.name, mode);
        row.key(out, "components", mode);
        out.push_str("{\"flecs.meta.member\":{\"type\":");
        quoted_path(out, w, m.ty, mode);
        out.push_str(", \"count\":");
        // v4 keeps 0 for a member that is not an inline array.
        push_u32(out, if m.count > 1 { m.count } else { 0 });
        out.push_str(", \"unit\":");
        match m.unit {
            Some(u) => quoted_path(out, w, u, mode),
            None => out.push_str("\"#0\""),
        }
        out.push_str(", \"offset\":");
        push_u32(out, offsets.get(i).copied().unwrap_or(0));
        out.push_str(", \"use_offset\":false}}");
        row.close(out, '}');
    }
}

/// Whether the values of `ty` take no space (an empty struct): Flecs holds such a component as
/// a tag, without a column.
pub(crate) fn is_zero_sized(w: &World, ty: Id) -> bool {
    w.c_layout(ty).is_some_and(|l| l.size == 0)
}

/// Whether [`meta_components`] writes `id` for type entity `e`: such an id in `e`'s own type
/// (a document may give a type entity those ids without describing a type) is not written
/// again, or the row would hold it twice.
pub(crate) fn writes_meta_id(w: &World, e: Id, id: Id) -> bool {
    let Some(ft) = w.flecs_type(e) else {
        return false;
    };
    if matches!(ft.kind, FlecsKind::Primitive(_)) || is_zero_sized(w, e) {
        return false;
    }
    [
        META_TYPE,
        META_TYPE_SERIALIZED,
        STRUCT,
        ENUM,
        BITMASK,
        ARRAY,
        VECTOR,
        OPAQUE,
    ]
    .contains(&id)
}

/// Whether `id` is `flecs.core.Component` on a type entity, which [`component_value`] writes.
pub(crate) fn is_component_id(id: Id) -> bool {
    id == COMPONENT
}
