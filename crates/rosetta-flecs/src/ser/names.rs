//! Entities and ids as Flecs' JSON writes them (`json.c`): paths (`flecs_json_path`), labels
//! (`flecs_json_label`), ids as arrays (`flecs_json_id`) and the label keys of the row format
//! (`flecs_json_id_member`).

use rosetta_world::builtin::{ANY, CHILD_OF, IDENTIFIER, NAME, WILDCARD};
use rosetta_world::{Id, World};

use crate::text::{self, Mode};

/// How deep a `ChildOf` chain is followed (the world keeps it acyclic; this bounds corrupt
/// input).
const MAX_DEPTH: usize = 256;

/// `(Identifier, Name)`: the name column of a table.
pub(crate) const NAME_PAIR: Id = Id::pair(IDENTIFIER, NAME);

/// `ecs_pair_first` / `ecs_pair_second`: the alive entity with that index, else the index as
/// it is (a dead element still prints as its number).
pub(crate) fn alive_or(w: &World, e: Id) -> Id {
    w.alive(e).unwrap_or(e)
}

/// The path of `e` without quotes, as `ecs_get_path_w_sep_buf(world, 0, e, ".", "")`: `*` and
/// `_` for the wildcards, parents joined by `.` (builtins with their `flecs.core.` scope), an
/// unnamed or dead element as its low 32 bits in decimal (v4: after a `#`, as v4.1.6's
/// `flecs_path_append` writes it and `ecs_lookup` reads it). Names are not escaped by Flecs;
/// [`Mode::Valid`] escapes what JSON requires.
pub(crate) fn path_into(out: &mut String, w: &World, e: Id, mode: Mode) {
    if e == WILDCARD {
        out.push('*');
    } else if e == ANY {
        out.push('_');
    } else {
        elem_into(out, w, e, mode, 0);
    }
}

fn elem_into(out: &mut String, w: &World, e: Id, mode: Mode, depth: usize) {
    let mut name = None;
    if e.0 != 0 && w.is_alive(e) {
        if let Some(parent) = w.target(e, CHILD_OF, 0) {
            if parent != e && depth < MAX_DEPTH {
                elem_into(out, w, parent, mode, depth + 1);
                out.push('.');
            }
        }
        name = w.name_of(e);
    }
    match name {
        Some(n) => text::raw_into(out, n, mode),
        None => {
            if w.version() == rosetta_world::FlecsVersion::V4 {
                out.push('#');
            }
            push_u32(out, e.index())
        }
    }
}

/// `flecs_json_path`: the path in quotes.
pub(crate) fn push_path(out: &mut String, w: &World, e: Id, mode: Mode) {
    out.push('"');
    path_into(out, w, e, mode);
    out.push('"');
}

/// A `u32` in decimal (`flecs_json_u32`, entity ids).
pub(crate) fn push_u32(out: &mut String, v: u32) {
    let mut b = itoa::Buffer::new();
    out.push_str(b.format(v));
}

/// `flecs_json_entity_label`: `"0"` for entity 0, else the doc name or the name (`None`
/// when the entity has neither).
pub(crate) fn label_of(w: &World, e: Id) -> Option<&str> {
    if e.0 == 0 {
        return Some("0");
    }
    w.label_of(e)
}

/// `flecs_json_label`: the label escaped in quotes, or `0` unquoted when there is none.
pub(crate) fn push_label(out: &mut String, w: &World, e: Id, mode: Mode) {
    match label_of(w, e) {
        Some(l) => text::push_escaped(out, l, mode),
        None => out.push('0'),
    }
}

/// `flecs_json_id`: `["A"]` or `["A","B"]` for a pair (no space), id flags dropped.
pub(crate) fn push_id(out: &mut String, w: &World, id: Id, mode: Mode) {
    out.push('[');
    if id.is_pair() {
        push_path(out, w, alive_or(w, id.first()), mode);
        out.push(',');
        push_path(out, w, alive_or(w, id.second()), mode);
    } else {
        push_path(out, w, Id(id.0 & Id::COMPONENT_MASK), mode);
    }
    out.push(']');
}

/// `flecs_json_serialize_id_label`: `[label]` or `[label, label]` (with the list separator).
pub(crate) fn push_id_label(out: &mut String, w: &World, id: Id, mode: Mode) {
    out.push('[');
    if id.is_pair() {
        push_label(out, w, alive_or(w, id.first()), mode);
        out.push_str(text::SEP);
        push_label(out, w, alive_or(w, id.second()), mode);
    } else {
        push_label(out, w, id, mode);
    }
    out.push(']');
}

/// `flecs_json_id_member`: the key the row format gives a component, `Label` or
/// `(First,Second)` from labels, unescaped (a missing label leaves nothing).
pub(crate) fn id_member(w: &World, id: Id) -> String {
    let mut s = String::new();
    if id.is_pair() {
        s.push('(');
        s.push_str(label_of(w, alive_or(w, id.first())).unwrap_or_default());
        s.push(',');
        s.push_str(label_of(w, alive_or(w, id.second())).unwrap_or_default());
        s.push(')');
    } else {
        s.push_str(label_of(w, Id(id.0 & Id::COMPONENT_MASK)).unwrap_or_default());
    }
    s
}

/// `flecs_json_serialize_id_str` (the keys of the iterator's `type_info`): a path, or for a
/// pair `(first,first)`: v3.2.12 prints the first element twice.
pub(crate) fn push_id_str(out: &mut String, w: &World, id: Id, mode: Mode) {
    out.push('"');
    if id.is_pair() {
        let first = alive_or(w, id.first());
        out.push('(');
        path_into(out, w, first, mode);
        out.push(',');
        path_into(out, w, first, mode);
        out.push(')');
    } else {
        path_into(out, w, Id(id.0 & Id::COMPONENT_MASK), mode);
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::{builtin, DocKind};

    #[test]
    fn paths_keep_the_flecs_core_scope_and_print_wildcards() {
        let mut w = World::new();
        let e = w.entity("Sun.Earth").unwrap_or_default();
        let mut s = String::new();
        push_path(&mut s, &w, e, Mode::Engine);
        push_path(&mut s, &w, builtin::CHILD_OF, Mode::Engine);
        path_into(&mut s, &w, WILDCARD, Mode::Engine);
        path_into(&mut s, &w, ANY, Mode::Engine);
        assert_eq!(s, "\"Sun.Earth\"\"flecs.core.ChildOf\"*_");
    }

    #[test]
    fn unnamed_and_dead_entities_print_their_low_32_bits() {
        let mut w = World::new();
        let p = w.entity("P").unwrap_or_default();
        let c = w.new_entity();
        let _ = w.add(c, Id::pair(CHILD_OF, p));
        let mut s = String::new();
        path_into(&mut s, &w, c, Mode::Engine);
        assert_eq!(s, format!("P.{}", c.index()));
        let _ = w.delete(c);
        s.clear();
        path_into(&mut s, &w, c, Mode::Engine);
        assert_eq!(s, c.index().to_string());
    }

    #[test]
    fn ids_join_pairs_without_a_space_and_labels_with_one() {
        let mut w = World::new();
        let r = w.entity("Rel").unwrap_or_default();
        let t = w.entity("Tgt").unwrap_or_default();
        let _ = w.doc_set(t, DocKind::Name, Some("A \"target\""));
        let mut s = String::new();
        push_id(&mut s, &w, Id::pair(r, t), Mode::Engine);
        push_id_label(&mut s, &w, Id::pair(r, t), Mode::Engine);
        assert_eq!(s, r#"["Rel","Tgt"]["Rel", "A \"target\""]"#);
        s.clear();
        push_id_str(&mut s, &w, Id::pair(r, t), Mode::Engine);
        assert_eq!(s, r#""(Rel,Rel)""#);
        assert_eq!(id_member(&w, Id::pair(r, t)), "(Rel,A \"target\")");
    }
}
