//! The `table` form of `ecs_iter_to_json` (v4.1.6, `serialize_iter_result_table.c`): per
//! entity its whole type as entity JSON writes it ([`super::row`]): `tags`, `pairs`, `vars`,
//! `inherited` (with `inherited` on), `components`.

use rosetta_world::eval::Match;
use rosetta_world::Id;

use super::iter_row::{this, vars, Ctx, ThisData};
use super::row::RowWriter;
use crate::error::Result;
use crate::text::List;

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
    let d = *cx.desc;
    let td = ThisData::new(w, t, &d);
    let mut rw = RowWriter::new(w, d.mode, false);
    rw.full_paths = d.full_paths;
    rw.builtin = d.builtin;
    rw.values = d.values;
    for j in 0..count as usize {
        let row = first as usize + j;
        let Some(&e) = w.table(t).entities().get(row) else {
            continue;
        };
        results.next(out);
        let mut obj = this(out, cx, &td, row);
        rw.tags(out, &mut obj, e, false);
        rw.pairs(out, &mut obj, e, false);
        vars(out, &mut obj, cx, m);
        if d.inherited {
            rw.inherited(out, &mut obj, e)?;
        }
        if d.type_info {
            gather_types(cx, e, d.builtin);
        }
        rw.components(out, &mut obj, e, false)?;
        obj.close(out, '}');
    }
    Ok(())
}

/// The types of `e`'s components into the call's `type_info`, in the order the row writes
/// them.
fn gather_types(cx: &mut Ctx<'_>, e: Id, builtin: bool) {
    let w = cx.w;
    let name = Id::pair(
        rosetta_world::builtin::IDENTIFIER,
        rosetta_world::builtin::NAME,
    );
    for &id in w.type_of(e) {
        let skipped = !builtin
            && (id == name || (id.is_pair() && id.first() == rosetta_world::builtin::CHILD_OF));
        if skipped || id.flags() & !Id::PAIR != 0 {
            continue;
        }
        if w.get_owned(e, id).is_some() {
            cx.types.add(w, w.type_id_of(id), cx.desc.mode);
        }
    }
}
