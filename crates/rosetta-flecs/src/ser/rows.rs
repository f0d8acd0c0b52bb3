//! The row format of `ecs_iter_to_json` (`serialize_rows`, v3.2.11+,
//! `serialize_iter_rows.c`): one object per entity (per result for a query without `$this`)
//! with `parent`, `name`, `tags`, `pairs`, `vars`, `is_set` and `components`, and the
//! iterator's `field_info` (`serialize_field_info.c`).
//!
//! Quirk kept: `tags`, `pairs`, `vars` and `is_set` are written once per result into a list
//! separated by `,` without a space, so `"pairs":{..},"vars":{..}` has no space between them.

use rosetta_world::builtin::{EXCLUSIVE, PRIVATE};
use rosetta_world::eval::{FieldValue, Query};
use rosetta_world::query::{IdRef, Oper};
use rosetta_world::{Id, World};

use super::names::{alive_or, id_member, push_label, push_path, push_u32, NAME_PAIR};
use super::plan::{has_column, parent_of, Plan, View};
use crate::error::Result;
use crate::text::{self, List};

/// `ecs_json_value_ser_ctx_t`: a field's (or column's) key and type, worked out the first
/// time the field is written and kept for the whole call, as v3.2.12 keeps them (a wildcard
/// field's key stays the one of its first match).
#[derive(Debug, Clone, Default)]
pub(super) struct ValueCtx {
    /// `flecs_json_id_member` of the first id seen.
    pub label: String,
    /// The type entity, if the id has one.
    pub ty: Option<Id>,
    /// Whether that type has reflection data.
    pub reflected: bool,
}

impl ValueCtx {
    fn new(w: &World, id: Id, plan: &mut Plan<'_>) -> Result<ValueCtx> {
        let ty = w.type_id_of(id);
        let reflected = match ty {
            Some(t) => plan.writer(w, t)?.is_some(),
            None => false,
        };
        Ok(ValueCtx {
            label: id_member(w, id),
            ty,
            reflected,
        })
    }
}

/// The per-call state of the row format: one [`ValueCtx`] per field.
#[derive(Debug, Default)]
pub(super) struct RowCtx {
    fields: Vec<Option<ValueCtx>>,
}

/// The rows of one result.
pub(super) fn result(
    out: &mut String,
    results: &mut List,
    w: &World,
    v: &View<'_, '_, '_>,
    plan: &mut Plan<'_>,
    ctx: &mut RowCtx,
) -> Result<()> {
    let (count, has_this) = if v.rows.count == 0 {
        (1, false)
    } else {
        (v.rows.count as usize, true)
    };
    let table = v.rows.table;
    let parent = if has_this {
        table.and_then(|t| parent_of(w, t))
    } else {
        None
    };
    let names = match (has_this, table) {
        (true, Some(t)) => w.table(t).column(NAME_PAIR).and_then(|c| c.values()),
        _ => None,
    };
    let shared = if plan.desc.table {
        table_tags_pairs(w, v, plan)
    } else {
        tags_pairs_vars(w, v, plan)
    };
    let entities = v.rows.entities(w);
    for j in 0..count {
        results.next(out);
        let mut obj = List::open(out, '{');
        if has_this {
            let row = v.rows.offset as usize + j;
            if let Some(p) = parent {
                obj.key(out, "parent", plan.mode);
                push_path(out, w, p, plan.mode);
            }
            obj.key(out, "name", plan.mode);
            match names.as_ref().and_then(|n| n.get(row)).as_deref() {
                Some(rosetta_types::Value::String(s)) => text::push_raw(out, s.as_str(), plan.mode),
                _ => {
                    out.push('"');
                    push_u32(out, entities.get(j).map_or(0, |e| e.index()));
                    out.push('"');
                }
            }
        }
        if !shared.is_empty() {
            obj.next(out);
            out.push_str(&shared);
        }
        if plan.desc.table {
            table_components(out, &mut obj, w, v, plan, v.rows.offset as usize + j)?;
        } else {
            components(out, &mut obj, w, v, plan, ctx, j)?;
        }
        obj.close(out, '}');
    }
    Ok(())
}

/// Members joined by `,` (no space), as `ecs_strbuf_list_push(buf, "", ",")` joins them.
struct Tight<'o> {
    out: &'o mut String,
    first: bool,
}

impl Tight<'_> {
    fn key(&mut self, key: &str, plan: &Plan<'_>) {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        text::push_key(self.out, key, plan.mode);
    }
}

/// `tags`, `pairs`, `vars` and `is_set` of a result, written once for all its rows.
fn tags_pairs_vars(w: &World, v: &View<'_, '_, '_>, plan: &Plan<'_>) -> String {
    let m = v.m;
    let mode = plan.mode;
    let mut s = String::new();
    let mut t = Tight {
        out: &mut s,
        first: true,
    };
    let fields = plan.field_count;
    let tags: Vec<Id> = (0..fields)
        .filter(|&f| m.is_set(f) && !m.id(f).is_pair() && !plan.has_ptr(w, m, f))
        .map(|f| m.id(f))
        .collect();
    if !tags.is_empty() {
        t.key("tags", plan);
        let mut l = List::open(t.out, '[');
        for id in tags {
            l.next(t.out);
            push_label(t.out, w, id, mode);
        }
        l.close(t.out, ']');
    }
    let pairs: Vec<Id> = (0..fields)
        .filter(|&f| m.is_set(f) && m.id(f).is_pair())
        .map(|f| m.id(f))
        .collect();
    if !pairs.is_empty() {
        t.key("pairs", plan);
        let mut l = List::open(t.out, '{');
        for id in pairs {
            l.next(t.out);
            push_label(t.out, w, alive_or(w, id.first()), mode);
            t.out.push(':');
            push_label(t.out, w, alive_or(w, id.second()), mode);
        }
        l.close(t.out, '}');
    }
    let vars: Vec<(&str, Id)> = plan
        .vars
        .iter()
        .map(|&(i, name)| (name, super::plan::var_of(m, i)))
        .collect();
    if !vars.is_empty() {
        t.key("vars", plan);
        let mut l = List::open(t.out, '{');
        for (name, e) in vars {
            l.key(t.out, name, mode);
            push_label(t.out, w, e, mode);
        }
        l.close(t.out, '}');
    }
    if plan.cond_set {
        t.key("is_set", plan);
        let mut l = List::open(t.out, '[');
        for f in 0..fields {
            l.next(t.out);
            t.out.push_str(if m.is_set(f) { "true" } else { "false" });
        }
        l.close(t.out, ']');
    }
    s
}

/// Table mode's `tags` and `pairs` from the table's type (`pairs` groups the targets of one
/// relationship in an array).
fn table_tags_pairs(w: &World, v: &View<'_, '_, '_>, plan: &Plan<'_>) -> String {
    let mut s = String::new();
    let Some(t) = v.rows.table else { return s };
    let mode = plan.mode;
    let ids = w.table(t).ids();
    let private = |e: Id| !plan.desc.private && w.has(e, PRIVATE);
    let mut tight = Tight {
        out: &mut s,
        first: true,
    };
    let tags: Vec<Id> = ids
        .iter()
        .enumerate()
        .filter(|&(k, id)| !id.is_pair() && !has_column(w, t, k))
        .map(|(_, &id)| id)
        .filter(|&id| !private(Id(id.0 & Id::COMPONENT_MASK)))
        .collect();
    if !tags.is_empty() {
        tight.key("tags", plan);
        let mut l = List::open(tight.out, '[');
        for id in tags {
            l.next(tight.out);
            push_label(tight.out, w, id, mode);
        }
        l.close(tight.out, ']');
    }
    let had_tags = !tight.first;
    let out = tight.out;
    let mut pairs: Option<List> = None;
    let mut same_first = false;
    let mut arr: Option<List> = None;
    for (f, &id) in ids.iter().enumerate() {
        if !id.is_pair() {
            continue;
        }
        let first = alive_or(w, id.first());
        if private(first) {
            continue;
        }
        let l = match pairs.as_mut() {
            Some(l) => l,
            None => {
                if had_tags {
                    out.push(',');
                }
                text::push_key(out, "pairs", mode);
                pairs.insert(List::open(out, '{'))
            }
        };
        let second = alive_or(w, id.second());
        let is_same = ids.get(f + 1).is_some_and(|n| n.first() == id.first());
        if same_first && f > 0 && ids.get(f - 1).is_some_and(|p| p.first() != id.first()) {
            if let Some(a) = arr.take() {
                a.close(out, ']');
            }
            same_first = false;
        }
        if !same_first {
            l.next(out);
            push_label(out, w, first, mode);
            out.push(':');
            if is_same {
                arr = Some(List::open(out, '['));
                same_first = true;
            }
        }
        match arr.as_mut().filter(|_| same_first) {
            Some(a) => {
                a.next(out);
                push_label(out, w, second, mode);
            }
            None => push_label(out, w, second, mode),
        }
    }
    if let Some(a) = arr.take() {
        a.close(out, ']');
    }
    if let Some(l) = pairs {
        l.close(out, '}');
    }
    s
}

/// `components` of row `j` of a query result: each set field with data and reflection,
/// keyed by its label.
fn components(
    out: &mut String,
    obj: &mut List,
    w: &World,
    v: &View<'_, '_, '_>,
    plan: &mut Plan<'_>,
    ctx: &mut RowCtx,
    j: usize,
) -> Result<()> {
    let m = v.m;
    let mut inner: Option<List> = None;
    for f in 0..plan.field_count {
        if !plan.has_ptr(w, m, f) {
            continue;
        }
        if ctx.fields.len() <= f {
            ctx.fields.resize(f + 1, None);
        }
        let c = match ctx.fields.get_mut(f) {
            Some(Some(c)) => c.clone(),
            Some(slot) => slot.insert(ValueCtx::new(w, m.id(f), plan)?).clone(),
            None => continue,
        };
        let (Some(ty), true) = (c.ty, c.reflected) else {
            continue;
        };
        let value = match m.value(f) {
            FieldValue::Owned(vals) => vals.get(v.value_index(j)),
            FieldValue::Shared(x) => Some(x),
            FieldValue::None => None,
        };
        let Some(value) = value else { continue };
        let l = match inner.as_mut() {
            Some(l) => l,
            None => {
                obj.key(out, "components", plan.mode);
                inner.insert(List::open(out, '{'))
            }
        };
        l.key(out, &c.label, plan.mode);
        if let Some(writer) = plan.writer(w, ty)? {
            writer.write(out, w, &value)?;
        }
    }
    if let Some(l) = inner {
        l.close(out, '}');
    }
    Ok(())
}

/// `components` of table row `row`: every data column with reflection.
fn table_components(
    out: &mut String,
    obj: &mut List,
    w: &World,
    v: &View<'_, '_, '_>,
    plan: &mut Plan<'_>,
    row: usize,
) -> Result<()> {
    let Some(t) = v.rows.table else { return Ok(()) };
    let mut inner: Option<List> = None;
    for (k, &id) in w.table(t).ids().iter().enumerate() {
        if !has_column(w, t, k) {
            continue;
        }
        let Some(ty) = w.type_id_of(id) else { continue };
        if plan.writer(w, ty)?.is_none() {
            continue;
        }
        let Some(value) = w
            .table(t)
            .column_at(k)
            .and_then(|c| c.values())
            .and_then(|vals| vals.get(row))
        else {
            continue;
        };
        let l = match inner.as_mut() {
            Some(l) => l,
            None => {
                obj.key(out, "components", plan.mode);
                inner.insert(List::open(out, '{'))
            }
        };
        l.key(out, &id_member(w, id), plan.mode);
        if let Some(writer) = plan.writer(w, ty)? {
            writer.write(out, w, &value)?;
        }
    }
    if let Some(l) = inner {
        l.close(out, '}');
    }
    Ok(())
}

/// `field_info`: per field `{"id":"Label", "optional"?, "exclusive"?, "type"?, "symbol"?,
/// "schema"?}`, `{"id":0}` for a field without data, `"not":true` for a Not field.
pub(super) fn field_info(
    out: &mut String,
    w: &World,
    q: &Query,
    plan: &mut Plan<'_>,
) -> Result<()> {
    let mode = plan.mode;
    let ast = q.ast();
    let mut l = List::open(out, '[');
    for f in 0..plan.field_count {
        l.next(out);
        let mut obj = List::open(out, '{');
        obj.key(out, "id", mode);
        let id = plan.term_ids.get(f).map(|&(id, _)| id).unwrap_or_default();
        let data = w.type_id_of(id).filter(|_| !plan.no_data);
        let Some(ty) = data else {
            out.push('0');
            obj.close(out, '}');
            continue;
        };
        text::push_raw(out, &id_member(w, id), mode);
        let term = ast.terms.iter().find(|t| t.field == f);
        if term.is_some_and(|t| t.oper == Oper::Not) {
            obj.key(out, "not", mode);
            out.push_str("true");
        } else {
            if term.is_some_and(|t| t.oper == Oper::Optional) {
                obj.key(out, "optional", mode);
                out.push_str("true");
            }
            let named_first = term.is_some_and(|t| matches!(t.first.id, IdRef::Name(_)));
            if id.is_pair() && named_first && w.has(alive_or(w, id.first()), EXCLUSIVE) {
                obj.key(out, "exclusive", mode);
                out.push_str("true");
            }
            obj.key(out, "type", mode);
            push_label(out, w, ty, mode);
            if let Some(sym) = w.symbol_of(ty) {
                obj.key(out, "symbol", mode);
                text::push_raw(out, sym, mode);
            }
            if plan.writer(w, ty)?.is_some() {
                obj.key(out, "schema", mode);
                super::builtins::type_info(out, w, ty, mode)?;
            }
        }
        obj.close(out, '}');
    }
    l.close(out, ']');
    Ok(())
}
