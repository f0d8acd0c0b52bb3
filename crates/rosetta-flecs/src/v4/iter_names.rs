//! Entities and ids as v4.1.6's `json.c` writes them for the iterator: paths without a leading
//! dot, labels (`#<id>` for an entity without a name), `flecs_json_id` arrays and the
//! `flecs_json_id_member` keys, in full-path or label form.

use rosetta_world::{Id, World};

use crate::text::{self, Mode};

// Paths, ids and numbers are written as v3.2.12 writes them; only labels and id members differ.
pub(super) use crate::ser::names::{alive_or, path_into, push_id, push_path, push_u32};

/// The path as an owned string.
pub(super) fn path_of(w: &World, e: Id, mode: Mode) -> String {
    let mut s = String::new();
    path_into(&mut s, w, e, mode);
    s
}

/// `flecs_json_entity_label`: `#0` for entity 0, else the doc name or the name.
fn label_of(w: &World, e: Id) -> Option<&str> {
    if e.0 == 0 {
        return Some("#0");
    }
    w.label_of(e)
}

/// `flecs_json_label`: the label escaped, or `"#<id>"` when there is none.
pub(super) fn push_label(out: &mut String, w: &World, e: Id, mode: Mode) {
    match label_of(w, e) {
        Some(l) => text::push_escaped(out, l, mode),
        None => {
            out.push_str("\"#");
            push_u32(out, e.index());
            out.push('"');
        }
    }
}

/// `flecs_json_path_or_label`.
pub(super) fn push_path_or_label(out: &mut String, w: &World, e: Id, full: bool, mode: Mode) {
    if full {
        push_path(out, w, e, mode);
    } else {
        push_label(out, w, e, mode);
    }
}

/// `flecs_json_id_member`: `auto_override|`/`toggle|` prefixes, then the id as a path or from
/// labels, `(First,Second)` for a pair; unescaped as Flecs leaves it.
pub(super) fn id_member(w: &World, id: Id, full: bool, mode: Mode) -> String {
    let mut s = String::new();
    if id.has_flag(Id::OVERRIDE) {
        s.push_str("auto_override|");
    }
    if id.has_flag(Id::TOGGLE) {
        s.push_str("toggle|");
    }
    let one = |s: &mut String, e: Id| {
        if full {
            path_into(s, w, e, mode);
        } else if let Some(l) = label_of(w, e) {
            s.push_str(l);
        }
    };
    if id.is_pair() {
        s.push('(');
        one(&mut s, alive_or(w, id.first()));
        s.push(',');
        one(&mut s, alive_or(w, id.second()));
        s.push(')');
    } else {
        one(&mut s, Id(id.0 & Id::COMPONENT_MASK));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_unnamed_entities_are_hash_ids() {
        let mut w = World::new();
        let e = w.new_entity();
        let mut s = String::new();
        push_label(&mut s, &w, e, Mode::Engine);
        push_label(&mut s, &w, Id::NULL, Mode::Engine);
        assert_eq!(s, format!("\"#{}\"\"#0\"", e.index()));
    }

    #[test]
    fn id_members_have_full_paths_or_labels() {
        let mut w = World::new();
        let r = w.entity("a.Rel").unwrap_or_default();
        let t = w.entity("Tgt").unwrap_or_default();
        let p = Id::pair(r, t);
        assert_eq!(id_member(&w, p, true, Mode::Engine), "(a.Rel,Tgt)");
        assert_eq!(id_member(&w, p, false, Mode::Engine), "(Rel,Tgt)");
        let toggled = t.with_flag(Id::TOGGLE);
        assert_eq!(id_member(&w, toggled, true, Mode::Engine), "toggle|Tgt");
    }
}
