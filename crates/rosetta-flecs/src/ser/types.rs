//! Type entities in world JSON, as a Flecs v3.2.12 world holds them and `ecs_world_to_json`
//! writes them (meta addon, `meta.c`, `definitions.c`):
//!
//! - a component has `flecs.core.Component` `{"size":8, "alignment":4}` (its C layout,
//!   [`rosetta_world::meta::CLayout`]);
//! - a reflected type also has `flecs.meta.MetaType` `{"kind":"StructType"}`,
//!   `flecs.meta.MetaTypeSerialized` and its kind's component: `Struct`, `Enum` (an enum is also
//!   `Tag`, `Exclusive` and `OneOf`, so its constants can be relationship targets), `Bitmask`,
//!   `Array` `{"type":…, "count":…}`, `Vector` `{"type":…}` or `Opaque` `{"as_type":…}`;
//! - a struct's members are child entities with `flecs.meta.Member`
//!   `{"type":…, "count":…, "unit":…, "offset":…}` (and `MemberRanges` when they have
//!   ranges);
//! - an enum's (bitmask's) constants are child entities with `(flecs.meta.Constant, i32)`
//!   (`u32`) and the type itself as a component, both holding the constant's value; a constant
//!   declared without a value also has the `Constant` tag (another table).
//!
//! A world keeps its types as metadata of the type entity, not as those components and child
//! entities: they are written from it here, and [`crate::de`] rebuilds the types from them.
//! Loading a world JSON into a Flecs application commits each entity to exactly the ids
//! written: a type entity written without them would lose its reflection there.

use rosetta_types::Value;
use rosetta_world::builtin::{
    ARRAY, BITMASK, CHILD_OF, COMPONENT, CONSTANT, ENUM, EXCLUSIVE, I32, MEMBER, MEMBER_RANGES,
    META_TYPE, META_TYPE_SERIALIZED, ONE_OF, OPAQUE, STRUCT, TAG, U32, UNIT, VECTOR,
};
use rosetta_world::meta::{CLayout, FlecsKind, FlecsType, Member};
use rosetta_world::{Id, TableId, World};

use super::builtins::Writer;
use super::names::{push_id, push_path, push_u32, NAME_PAIR};
use super::plan::{has_column, parent_of};
use crate::error::Result;
use crate::text::{self, List, Mode};

/// Whether a table holds components or units, whose entities [`write_table`] writes.
pub(super) fn has_type_entities(w: &World, t: TableId) -> bool {
    let table = w.table(t);
    table.ids().contains(&COMPONENT) || table.entities().iter().any(|&e| w.unit(e).is_some())
}

/// The ids entity `e` has in Flecs that the world keeps as metadata: a reflected type's
/// (besides `Component`), a unit's `Unit`.
fn extra_ids(w: &World, e: Id) -> Vec<Id> {
    let mut ids = type_ids(w.flecs_type(e)).to_vec();
    if w.unit(e).is_some() {
        ids.push(UNIT);
    }
    ids
}

/// The ids a reflected type of this kind has besides `Component`, sorted.
fn type_ids(ft: Option<&FlecsType>) -> &'static [Id] {
    const META: [Id; 2] = [META_TYPE, META_TYPE_SERIALIZED];
    match ft.map(|f| &f.kind) {
        Some(FlecsKind::Struct) => &[META[0], META[1], STRUCT],
        Some(FlecsKind::Enum) => &[TAG, EXCLUSIVE, ONE_OF, META[0], META[1], ENUM],
        Some(FlecsKind::Bitmask) => &[META[0], META[1], BITMASK],
        Some(FlecsKind::Array { .. }) => &[META[0], META[1], ARRAY],
        Some(FlecsKind::Vector { .. }) => &[META[0], META[1], VECTOR],
        Some(FlecsKind::Opaque { .. }) => &[META[0], META[1], OPAQUE],
        // Primitives are builtins, under `flecs`: never written.
        Some(FlecsKind::Primitive(_)) | None => &[],
    }
}

/// `TypeKind`'s constant for a kind.
pub(crate) fn kind_name(k: &FlecsKind) -> &'static str {
    match k {
        FlecsKind::Primitive(_) => "PrimitiveType",
        FlecsKind::Enum => "EnumType",
        FlecsKind::Bitmask => "BitmaskType",
        FlecsKind::Struct => "StructType",
        FlecsKind::Array { .. } => "ArrayType",
        FlecsKind::Vector { .. } => "VectorType",
        FlecsKind::Opaque { .. } => "OpaqueType",
    }
}

/// One result of table mode, for entities this world does not keep in one table.
struct Synth {
    /// The table's type, sorted.
    ids: Vec<Id>,
    parent: Option<Id>,
    /// Each entity's name (`None`: unnamed, written as its id).
    names: Vec<(Option<String>, Id)>,
    /// Per id: `None` for `0`, or one rendered value per entity.
    columns: Vec<Option<Vec<String>>>,
}

impl Synth {
    fn write(&self, out: &mut String, results: &mut List, w: &World, mode: Mode) {
        results.next(out);
        let mut r = List::open(out, '{');
        r.key(out, "ids", mode);
        let mut l = List::open(out, '[');
        for &id in &self.ids {
            l.next(out);
            push_id(out, w, id, mode);
        }
        l.close(out, ']');
        if let Some(p) = self.parent {
            r.key(out, "parent", mode);
            push_path(out, w, p, mode);
        }
        r.key(out, "entities", mode);
        let mut l = List::open(out, '[');
        for (name, e) in &self.names {
            l.next(out);
            match name {
                Some(n) => text::push_raw(out, n, mode),
                None => push_u32(out, e.index()),
            }
        }
        l.close(out, ']');
        if self.columns.iter().any(Option::is_some) {
            r.key(out, "values", mode);
            let mut l = List::open(out, '[');
            for c in &self.columns {
                l.next(out);
                match c {
                    None => out.push('0'),
                    Some(vals) => {
                        let mut a = List::open(out, '[');
                        for v in vals {
                            a.next(out);
                            out.push_str(v);
                        }
                        a.close(out, ']');
                    }
                }
            }
            l.close(out, ']');
        }
        r.close(out, '}');
    }
}

/// A path in quotes.
fn path(w: &World, e: Id, mode: Mode) -> String {
    let mut s = String::new();
    push_path(&mut s, w, e, mode);
    s
}

/// An entity member's value: the path, or `0` for none.
fn entity_or_0(w: &World, e: Option<Id>, mode: Mode) -> String {
    match e.filter(|e| e.0 != 0) {
        Some(e) => path(w, e, mode),
        None => "0".into(),
    }
}

/// The entities of component table `t`, grouped by the ids Flecs gives them (their kind of
/// type, whether their size is known), each group a result with `Component`'s size and the
/// meta components; then the member and constant entities of its types.
pub(super) fn write_table(
    out: &mut String,
    results: &mut List,
    w: &World,
    t: TableId,
    mode: Mode,
) -> Result<()> {
    let table = w.table(t);
    // (extra ids, size known) → (row, layout) of each entity.
    type Group = ((Vec<Id>, bool), Vec<(usize, Option<CLayout>)>);
    let mut groups: Vec<Group> = Vec::new();
    for (row, &e) in table.entities().iter().enumerate() {
        let layout = w.c_layout(e);
        let key = (extra_ids(w, e), layout.is_some());
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, rows)) => rows.push((row, layout)),
            None => groups.push((key, vec![(row, layout)])),
        }
    }
    let parent = parent_of(w, t);
    let names = table.column(NAME_PAIR).and_then(|c| c.values());
    for ((extras, sized), group) in groups {
        let rows: Vec<usize> = group.iter().map(|(r, _)| *r).collect();
        let ents: Vec<Id> = rows.iter().map(|&r| table.entities()[r]).collect();
        let mut ids: Vec<Id> = table.ids().iter().chain(&extras).copied().collect();
        ids.sort_unstable();
        ids.dedup();
        let mut columns = Vec::with_capacity(ids.len());
        for &id in &ids {
            let col = if id == COMPONENT {
                // Every layout of a sized group is known.
                sized.then(|| {
                    group
                        .iter()
                        .filter_map(|(_, l)| l.as_ref())
                        .map(|l| format!("{{\"size\":{}, \"alignment\":{}}}", l.size, l.align))
                        .collect()
                })
            } else {
                match table.index_of(id) {
                    Some(k) => table_column(w, t, k, &rows, mode)?,
                    None => meta_column(w, id, &ents, mode),
                }
            };
            columns.push(col);
        }
        let names = rows
            .iter()
            .zip(&ents)
            .map(|(&r, &e)| {
                let n = names
                    .as_ref()
                    .and_then(|v| v.get(r))
                    .and_then(|v| match &*v {
                        Value::String(s) => Some(s.as_str().to_owned()),
                        _ => None,
                    });
                (n, e)
            })
            .collect();
        Synth {
            ids,
            parent,
            names,
            columns,
        }
        .write(out, results, w, mode);
    }
    // Then the members and constants, each type's after those of the types it is made of:
    // a Flecs world that reads the JSON builds a type's serializer as it reads its members,
    // from its members' types as they are then.
    for e in dependency_order(w, table.entities()) {
        if let Some(ft) = w.flecs_type(e) {
            children(out, results, w, e, ft, mode)?;
        }
    }
    Ok(())
}

/// The types among `ents` (in their order), each after the types among `ents` it is made of.
fn dependency_order(w: &World, ents: &[Id]) -> Vec<Id> {
    let types: std::collections::HashSet<Id> = ents
        .iter()
        .copied()
        .filter(|&e| w.flecs_type(e).is_some())
        .collect();
    let parts = |e: Id| -> Vec<Id> {
        match w.flecs_type(e) {
            Some(ft) => match ft.kind {
                FlecsKind::Array { element, .. } | FlecsKind::Vector { element } => vec![element],
                FlecsKind::Opaque { as_type } => vec![as_type],
                _ => ft.members.iter().map(|m| m.ty).collect(),
            },
            None => Vec::new(),
        }
    };
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(types.len());
    // Depth-first with an explicit stack: (type, its parts already pushed).
    for &root in ents {
        let mut stack = vec![(root, false)];
        while let Some((e, expanded)) = stack.pop() {
            if expanded {
                out.push(e);
                continue;
            }
            if !types.contains(&e) || !seen.insert(e) {
                continue;
            }
            stack.push((e, true));
            for p in parts(e).into_iter().rev() {
                stack.push((p, false));
            }
        }
    }
    out
}

/// The values of the table's column `k` for `rows`, as table mode writes them.
fn table_column(
    w: &World,
    t: TableId,
    k: usize,
    rows: &[usize],
    mode: Mode,
) -> Result<Option<Vec<String>>> {
    let table = w.table(t);
    let col = table.column_at(k).and_then(|c| c.values());
    let ty = table.ids().get(k).and_then(|&id| w.type_id_of(id));
    let (Some(col), Some(ty)) = (col.filter(|_| has_column(w, t, k)), ty) else {
        return Ok(None);
    };
    let Some(writer) = Writer::for_type(w, ty, mode)? else {
        return Ok(None);
    };
    let mut vals = Vec::with_capacity(rows.len());
    for &r in rows {
        let mut s = String::new();
        match col.get(r) {
            Some(v) => writer.write(&mut s, w, &v)?,
            None => s.push('0'),
        }
        vals.push(s);
    }
    Ok(Some(vals))
}

/// `EcsUnit`: `{"symbol":…, "prefix":0, "base":…, "over":…, "translation":{…}}` (the world
/// keeps no prefix and no translation).
fn unit_value(w: &World, e: Id, mode: Mode) -> Option<String> {
    let u = w.unit(e)?;
    let mut s = String::from("{\"symbol\":");
    match &u.symbol {
        Some(sym) => text::push_escaped(&mut s, sym, mode),
        None => s.push_str("null"),
    }
    s.push_str(", \"prefix\":0, \"base\":");
    s.push_str(&entity_or_0(w, u.base, mode));
    s.push_str(", \"over\":");
    s.push_str(&entity_or_0(w, u.over, mode));
    s.push_str(", \"translation\":{\"factor\":0, \"power\":0}}");
    Some(s)
}

/// The values of a meta component the world does not store: `MetaType`, `Array`, `Vector`,
/// `Opaque`, `Unit` (the others have no reflection in v3.2.12: `0`).
fn meta_column(w: &World, id: Id, ents: &[Id], mode: Mode) -> Option<Vec<String>> {
    if id == UNIT {
        return ents.iter().map(|&e| unit_value(w, e, mode)).collect();
    }
    let one = |e: Id| -> Option<String> {
        let kind = &w.flecs_type(e)?.kind;
        Some(match (id, kind) {
            (META_TYPE, k) => format!("{{\"kind\":\"{}\"}}", kind_name(k)),
            (ARRAY, FlecsKind::Array { element, count }) => {
                format!(
                    "{{\"type\":{}, \"count\":{count}}}",
                    path(w, *element, mode)
                )
            }
            (VECTOR, FlecsKind::Vector { element }) => {
                format!("{{\"type\":{}}}", path(w, *element, mode))
            }
            (OPAQUE, FlecsKind::Opaque { as_type }) => {
                format!("{{\"as_type\":{}}}", path(w, *as_type, mode))
            }
            _ => return None,
        })
    };
    if ![META_TYPE, ARRAY, VECTOR, OPAQUE].contains(&id) {
        return None;
    }
    ents.iter().map(|&e| one(e)).collect()
}

/// The member or constant entities of type `e`.
fn children(
    out: &mut String,
    results: &mut List,
    w: &World,
    e: Id,
    ft: &FlecsType,
    mode: Mode,
) -> Result<()> {
    match ft.kind {
        FlecsKind::Struct => {
            members(out, results, w, e, ft, mode);
            Ok(())
        }
        FlecsKind::Enum | FlecsKind::Bitmask => constants(out, results, w, e, ft, mode),
        _ => Ok(()),
    }
}

fn has_ranges(m: &Member) -> bool {
    m.range.is_some() || m.error_range.is_some() || m.warning_range.is_some()
}

/// `flecs.meta.Member` entities: those without ranges in one table, those with in another,
/// the table of the first member first.
fn members(out: &mut String, results: &mut List, w: &World, e: Id, ft: &FlecsType, mode: Mode) {
    let offsets = w.c_layout(e).map(|l| l.offsets).unwrap_or_default();
    let first = ft.members.first().is_some_and(has_ranges);
    for ranged in [first, !first] {
        let list: Vec<(usize, &Member)> = ft
            .members
            .iter()
            .enumerate()
            .filter(|(_, m)| has_ranges(m) == ranged)
            .collect();
        if list.is_empty() {
            continue;
        }
        let mut ids = vec![MEMBER, NAME_PAIR, Id::pair(CHILD_OF, e)];
        if ranged {
            ids.push(MEMBER_RANGES);
        }
        ids.sort_unstable();
        let columns = ids
            .iter()
            .map(|&id| match id {
                MEMBER => Some(
                    list.iter()
                        .map(|(i, m)| {
                            format!(
                                "{{\"type\":{}, \"count\":{}, \"unit\":{}, \"offset\":{}}}",
                                path(w, m.ty, mode),
                                m.count.max(1),
                                entity_or_0(w, m.unit, mode),
                                offsets.get(*i).copied().unwrap_or(0)
                            )
                        })
                        .collect(),
                ),
                MEMBER_RANGES => Some(list.iter().map(|(_, m)| ranges(m, mode)).collect()),
                _ => None,
            })
            .collect();
        Synth {
            ids,
            parent: Some(e),
            names: list
                .iter()
                .map(|(_, m)| (Some(m.name.clone()), e))
                .collect(),
            columns,
        }
        .write(out, results, w, mode);
    }
}

/// `EcsMemberRanges`: `{"value":{"min":…, "max":…}, "warning":{…}, "error":{…}}`.
fn ranges(m: &Member, mode: Mode) -> String {
    let mut s = String::from("{");
    for (i, (key, r)) in [
        ("value", m.range),
        ("warning", m.warning_range),
        ("error", m.error_range),
    ]
    .into_iter()
    .enumerate()
    {
        if i > 0 {
            s.push_str(", ");
        }
        let (lo, hi) = r.unwrap_or((0.0, 0.0));
        s.push('"');
        s.push_str(key);
        s.push_str("\":{\"min\":");
        text::push_f64_mode(&mut s, lo, mode);
        s.push_str(", \"max\":");
        text::push_f64_mode(&mut s, hi, mode);
        s.push('}');
    }
    s.push('}');
    s
}

/// Constant entities: `(Constant, i32)` (`u32` for a bitmask) and the type as a component,
/// both the value; those declared without a value also `Constant`, in another table. The
/// tables come in the order the type lists its constants' children.
fn constants(
    out: &mut String,
    results: &mut List,
    w: &World,
    e: Id,
    ft: &FlecsType,
    mode: Mode,
) -> Result<()> {
    let bitmask = ft.kind == FlecsKind::Bitmask;
    let pair = Id::pair(CONSTANT, if bitmask { U32 } else { I32 });
    let explicit = |i: usize| ft.explicit.get(i).copied().unwrap_or(false);
    let order: Vec<usize> = if ft.child_order.len() == ft.constants.len() {
        ft.child_order.clone()
    } else {
        (0..ft.constants.len()).collect()
    };
    let Some(&first) = order.first() else {
        return Ok(());
    };
    let writer = Writer::for_type(w, e, mode)?;
    for group in [explicit(first), !explicit(first)] {
        let list: Vec<&(String, i64)> = order
            .iter()
            .filter(|&&i| explicit(i) == group)
            .filter_map(|&i| ft.constants.get(i))
            .collect();
        if list.is_empty() {
            continue;
        }
        let mut ids = vec![e, NAME_PAIR, Id::pair(CHILD_OF, e), pair];
        if !group {
            ids.push(CONSTANT);
        }
        ids.sort_unstable();
        let mut columns = Vec::with_capacity(ids.len());
        for &id in &ids {
            columns.push(if id == pair {
                Some(list.iter().map(|(_, v)| v.to_string()).collect())
            } else if id == e {
                match &writer {
                    Some(wr) => {
                        let mut vals = Vec::with_capacity(list.len());
                        for (_, v) in &list {
                            let mut s = String::new();
                            wr.write(&mut s, w, &Value::Enum(*v))?;
                            vals.push(s);
                        }
                        Some(vals)
                    }
                    None => None,
                }
            } else {
                None
            });
        }
        Synth {
            ids,
            parent: Some(e),
            names: list.iter().map(|(n, _)| (Some(n.clone()), e)).collect(),
            columns,
        }
        .write(out, results, w, mode);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::world::world_to_json_mode;
    use super::*;
    use rosetta_world::script;

    fn json(setup: &str) -> String {
        let mut l = script::load_str(setup).unwrap_or_else(|e| panic!("{e}"));
        l.world.process_pending();
        world_to_json_mode(&l.world, Mode::Valid).unwrap_or_else(|e| panic!("{e}"))
    }

    /// What v3.2.8's `ecs_world_to_json` writes for `Position {x, y: f32}` registered with
    /// `ecs_struct_init` (its symbol aside: Flecs' `ECS_COMPONENT` gives one).
    #[test]
    fn a_struct_as_flecs_writes_it() {
        let s = json(r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]]]"#);
        assert_eq!(
            s,
            r#"{"results":[{"ids":[["flecs.core.Component"], ["flecs.meta.MetaType"], ["flecs.meta.MetaTypeSerialized"], ["flecs.meta.Struct"], ["flecs.core.Identifier","flecs.core.Name"]], "entities":["Position"], "values":[[{"size":8, "alignment":4}], [{"kind":"StructType"}], 0, 0, 0]}, {"ids":[["flecs.meta.Member"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Position"]], "parent":"Position", "entities":["x", "y"], "values":[[{"type":"flecs.meta.f32", "count":1, "unit":0, "offset":0}, {"type":"flecs.meta.f32", "count":1, "unit":0, "offset":4}], 0, 0]}]}"#
        );
    }

    /// Constants as v3.2.8 writes `Color {Red, Green, Blue = 7}` and `Flags {A, B}`.
    #[test]
    fn enum_and_bitmask_constants_as_flecs_writes_them() {
        let s = json(
            r#"[["enum", "Color", ["Red", "Green", ["Blue", 7]]], ["bitmask", "Flags", ["A", "B"]]]"#,
        );
        for part in [
            r#"{"ids":[["flecs.core.Component"], ["flecs.core.Tag"], ["flecs.core.Exclusive"], ["flecs.core.OneOf"], ["flecs.meta.MetaType"], ["flecs.meta.MetaTypeSerialized"], ["flecs.meta.Enum"], ["flecs.core.Identifier","flecs.core.Name"]], "entities":["Color"], "values":[[{"size":4, "alignment":4}], 0, 0, 0, [{"kind":"EnumType"}], 0, 0, 0]}"#,
            r#"{"ids":[["flecs.meta.Constant"], ["Color"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Color"], ["flecs.meta.Constant","flecs.meta.i32"]], "parent":"Color", "entities":["Red", "Green"], "values":[0, ["Red", "Green"], 0, 0, [0, 1]]}"#,
            r#"{"ids":[["Color"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Color"], ["flecs.meta.Constant","flecs.meta.i32"]], "parent":"Color", "entities":["Blue"], "values":[["Blue"], 0, 0, [7]]}"#,
            r#"{"ids":[["flecs.meta.Constant"], ["Flags"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Flags"], ["flecs.meta.Constant","flecs.meta.u32"]], "parent":"Flags", "entities":["A", "B"], "values":[0, ["A", "B"], 0, 0, [1, 2]]}"#,
        ] {
            assert!(s.contains(part), "{part}\nnot in\n{s}");
        }
    }

    #[test]
    fn arrays_vectors_and_member_ranges() {
        let s = json(
            r#"[["type", {"array": "Arr", "type": "i32", "count": 3}],
                ["type", {"vector": "Vec", "type": "f64"}],
                ["struct", "R", [["v", "f32", {"range": [0, 1.5]}]]]]"#,
        );
        for part in [
            r#"[{"size":12, "alignment":4}], [{"kind":"ArrayType"}], 0, [{"type":"flecs.meta.i32", "count":3}], 0]"#,
            r#"[{"size":16, "alignment":8}], [{"kind":"VectorType"}], 0, [{"type":"flecs.meta.f64"}], 0]"#,
            r#"{"ids":[["flecs.meta.Member"], ["flecs.meta.MemberRanges"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","R"]], "parent":"R", "entities":["v"], "values":[[{"type":"flecs.meta.f32", "count":1, "unit":0, "offset":0}], [{"value":{"min":0, "max":1.5}, "warning":{"min":0, "max":0}, "error":{"min":0, "max":0}}], 0, 0]}"#,
        ] {
            assert!(s.contains(part), "{part}\nnot in\n{s}");
        }
    }
}
