//! The `table` form of `ecs_iter_to_json` (v4.1.6, `serialize_iter_result_table.c`): per
//! entity its whole type as entity JSON writes it: `tags`, `pairs` (one relationship's
//! targets in an array), `vars`, `inherited` (per base, what it passes on), `components`
//! (`null` for a component without reflection data). `ChildOf` pairs and the name are left
//! out unless `builtin` is set.

use rosetta_world::builtin::{CHILD_OF, IDENTIFIER, IS_A, NAME, WILDCARD};
use rosetta_world::eval::Match;
use rosetta_world::{Column, Id, TableId, World};

use super::iter::{this, vars, Ctx, IterDesc, ThisData};
use super::iter_names::{alive_or, id_member, path_of, push_path_or_label};
use crate::error::Result;
use crate::ser::ValueWriter;
use crate::text::{self, List};

/// How deep an `IsA` chain is followed for `inherited`.
const MAX_BASES: usize = 64;

/// `flecs_json_is_builtin`: `ChildOf` pairs and `(Identifier, Name)`.
fn is_builtin(id: Id) -> bool {
    id.is_pair() && (id.first() == CHILD_OF || id == Id::pair(IDENTIFIER, NAME))
}

fn has_column(w: &World, t: TableId, k: usize) -> bool {
    matches!(
        w.table(t).column_at(k),
        Some(Column::Data(_) | Column::Flat(_))
    )
}

/// Whether an id of a base's type passes on to its instances.
fn inherits(w: &World, id: Id) -> bool {
    let e = if id.is_pair() {
        alive_or(w, id.first())
    } else {
        id
    };
    super::query_info::can_inherit(w, e)
}

/// The rows `first..first+count` of the match's table.
pub(super) fn result(
    out: &mut String,
    results: &mut List,
    cx: &mut Ctx<'_>,
    m: &Match<'_, '_>,
    first: u32,
    count: u32,
) -> Result<()> {
    let w = cx.w;
    let Some(t) = m.table() else { return Ok(()) };
    if count == 0 {
        return Ok(());
    }
    let td = ThisData::new(w, t, cx.desc);
    let mut keys: Vec<Option<String>> = Vec::new();
    for j in 0..count as usize {
        let row = first as usize + j;
        results.next(out);
        let mut obj = this(out, cx, &td, row);
        let desc = *cx.desc;
        tags(out, &mut obj, w, t, false, &desc);
        pairs(out, &mut obj, w, t, false, &desc);
        vars(out, &mut obj, cx, m);
        if desc.inherited {
            inherited(out, &mut obj, cx, t)?;
        }
        components(out, &mut obj, cx, t, row, false, Some(&mut keys))?;
        obj.close(out, '}');
    }
    Ok(())
}

/// `tags`: ids without data; `src` set when listing what a base passes on.
fn tags(out: &mut String, obj: &mut List, w: &World, t: TableId, base: bool, d: &IterDesc) {
    let mode = d.mode;
    let mut l: Option<List> = None;
    for (k, &id) in w.table(t).ids().iter().enumerate() {
        if id.is_pair() || (!d.builtin && is_builtin(id)) || has_column(w, t, k) {
            continue;
        }
        if base && !inherits(w, id) {
            continue;
        }
        let l = l.get_or_insert_with(|| {
            obj.key(out, "tags", mode);
            List::open(out, '[')
        });
        l.next(out);
        text::push_escaped(out, &id_member(w, id, d.full_paths, mode), mode);
    }
    if let Some(l) = l {
        l.close(out, ']');
    }
}

/// `pairs`: `"Rel":"Tgt"`, or `"Rel":["A", "B"]` for consecutive pairs of one relationship.
fn pairs(out: &mut String, obj: &mut List, w: &World, t: TableId, base: bool, d: &IterDesc) {
    let mode = d.mode;
    let ids = w.table(t).ids();
    let mut o: Option<List> = None;
    let mut arr: Option<List> = None;
    for (k, &id) in ids.iter().enumerate() {
        if !id.is_pair() || (!d.builtin && is_builtin(id)) || has_column(w, t, k) {
            continue;
        }
        if base && !inherits(w, id) {
            continue;
        }
        let o = o.get_or_insert_with(|| {
            obj.key(out, "pairs", mode);
            List::open(out, '{')
        });
        let prev = if k > 0 { ids[k - 1] } else { Id::NULL };
        let next = ids.get(k + 1).copied().unwrap_or_default();
        let same_next = next.first() == id.first();
        if arr.is_some() && prev.first() != id.first() {
            if let Some(a) = arr.take() {
                a.close(out, ']');
            }
        }
        if arr.is_none() {
            o.next(out);
            push_path_or_label(out, w, alive_or(w, id.first()), d.full_paths, mode);
            out.push(':');
            if same_next {
                arr = Some(List::open(out, '['));
            }
        }
        if let Some(a) = arr.as_mut() {
            a.next(out);
        }
        push_path_or_label(out, w, alive_or(w, id.second()), d.full_paths, mode);
    }
    if let Some(a) = arr {
        a.close(out, ']');
    }
    if let Some(o) = o {
        o.close(out, '}');
    }
}

/// `components`: every data column of row `row`, keyed by its id.
fn components(
    out: &mut String,
    obj: &mut List,
    cx: &mut Ctx<'_>,
    t: TableId,
    row: usize,
    base: bool,
    mut keys: Option<&mut Vec<Option<String>>>,
) -> Result<()> {
    let w = cx.w;
    let d = *cx.desc;
    let mode = d.mode;
    let mut o: Option<List> = None;
    let mut n = 0usize;
    let table = w.table(t);
    for (k, &id) in table.ids().iter().enumerate() {
        if n == 256 {
            break;
        }
        if (!d.builtin && is_builtin(id)) || !has_column(w, t, k) {
            continue;
        }
        if base && !inherits(w, id) {
            continue;
        }
        let Some(value) = table
            .column_at(k)
            .and_then(|c| c.values())
            .and_then(|v| v.get(row))
        else {
            continue;
        };
        let ty = w.type_id_of(id);
        cx.types.add(w, ty, mode);
        let o = o.get_or_insert_with(|| {
            obj.key(out, "components", mode);
            List::open(out, '{')
        });
        // The key of the n-th component is made once per call, as Flecs' `values_ctx`.
        let key = match keys.as_deref_mut() {
            Some(keys) => {
                if keys.len() <= n {
                    keys.resize(n + 1, None);
                }
                keys[n]
                    .get_or_insert_with(|| id_member(w, id, d.full_paths, mode))
                    .clone()
            }
            None => id_member(w, id, d.full_paths, mode),
        };
        n += 1;
        o.next(out);
        text::push_raw(out, &key, mode);
        out.push(':');
        let writer = match (d.values, ty) {
            (true, Some(_)) => ValueWriter::for_id(w, id, mode)?,
            _ => None,
        };
        match writer {
            Some(wr) => wr.write(out, w, &value)?,
            None => out.push_str("null"),
        }
    }
    if let Some(o) = o {
        o.close(out, '}');
    }
    Ok(())
}

/// `inherited`: per base (its own bases first), what it passes on.
fn inherited(out: &mut String, obj: &mut List, cx: &mut Ctx<'_>, t: TableId) -> Result<()> {
    let w = cx.w;
    let mode = cx.desc.mode;
    if w.table(t).record(Id::pair(IS_A, WILDCARD)).is_none() {
        return Ok(());
    }
    obj.key(out, "inherited", mode);
    let mut o = List::open(out, '{');
    // Bases in the order Flecs visits them: depth first, a base's bases before it.
    let mut order = Vec::new();
    collect_bases(w, t, &mut order, 0);
    for base in order {
        let Some((bt, row)) = w.location(base).and_then(|l| Some((l.table?, l.row))) else {
            continue;
        };
        o.key(out, &path_of(w, base, mode), mode);
        let mut b = List::open(out, '{');
        let d = *cx.desc;
        tags(out, &mut b, w, bt, true, &d);
        pairs(out, &mut b, w, bt, true, &d);
        components(out, &mut b, cx, bt, row as usize, true, None)?;
        b.close(out, '}');
    }
    o.close(out, '}');
    Ok(())
}

fn collect_bases(w: &World, t: TableId, order: &mut Vec<Id>, depth: usize) {
    if depth > MAX_BASES {
        return;
    }
    for &id in w.table(t).ids() {
        if !id.is_pair() || id.first() != IS_A {
            continue;
        }
        let base = alive_or(w, id.second());
        if let Some(bt) = w.table_of(base) {
            collect_bases(w, bt, order, depth + 1);
        }
        order.push(base);
    }
}
