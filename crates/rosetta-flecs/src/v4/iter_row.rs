//! What the writers of one `ecs_iter_to_json` call share (the options, the plan, the
//! gathered `type_info`), and the start of an entity's object (`parent`, `name`, `id`,
//! `doc`) and its `vars`, as both the query and the table form write them.

use rosetta_world::builtin::{DOC_BRIEF, DOC_COLOR, DOC_DESCRIPTION, DOC_DETAIL, DOC_LINK, NAME};
use rosetta_world::eval::Match;
use rosetta_world::{Id, TableId, World};

use super::iter_desc::IterDesc;
use super::iter_names::{alive_or, path_of, push_path, push_path_or_label, push_u32};
use super::iter_plan::Plan;
use crate::text::{self, List, Mode};

/// The types met while writing (`flecs_json_accum_type_info`), in order.
pub(super) struct TypeInfo {
    on: bool,
    seen: Vec<Id>,
    pub(super) out: String,
    list: List,
}

impl TypeInfo {
    pub(super) fn new(on: bool) -> TypeInfo {
        let mut out = String::new();
        let list = if on {
            List::open(&mut out, '{')
        } else {
            List::new()
        };
        TypeInfo {
            on,
            seen: Vec::new(),
            out,
            list,
        }
    }

    /// Adds type `ty`'s info the first time it is met.
    pub(super) fn add(&mut self, w: &World, ty: Option<Id>, mode: Mode) {
        let Some(ty) = ty else { return };
        if !self.on || ty.0 == 0 || self.seen.contains(&ty) {
            return;
        }
        self.seen.push(ty);
        self.list.next(&mut self.out);
        push_path(&mut self.out, w, ty, mode);
        self.out.push(':');
        let len = self.out.len();
        if crate::ser::type_info::type_info_to_json_mode(&mut self.out, w, ty, mode).is_err() {
            self.out.truncate(len);
            self.out.push('0');
        }
    }
}

/// What the writers of one call share.
pub(super) struct Ctx<'a> {
    pub w: &'a World,
    pub desc: &'a IterDesc,
    pub plan: Plan,
    pub types: TypeInfo,
}

/// The doc strings of a table's rows (`ecs_json_this_data_t`).
pub(super) struct ThisData<'w> {
    pub table: TableId,
    pub parent: Option<String>,
    pub names: Option<rosetta_world::store::Values<'w>>,
    pub docs: [Option<rosetta_world::store::Values<'w>>; 5],
}

impl<'w> ThisData<'w> {
    pub fn new(w: &'w World, t: TableId, desc: &IterDesc) -> ThisData<'w> {
        let table = w.table(t);
        let parent = table
            .record(Id::pair(
                rosetta_world::builtin::CHILD_OF,
                rosetta_world::builtin::WILDCARD,
            ))
            .and_then(|rec| table.ids().get(rec.index as usize).copied())
            .map(|id| path_of(w, alive_or(w, id.second()), desc.mode));
        let col = |id: Id| table.column(id).and_then(|c| c.values());
        let names = col(Id::pair(rosetta_world::builtin::IDENTIFIER, NAME));
        let docs = if desc.doc {
            [NAME, DOC_BRIEF, DOC_DETAIL, DOC_COLOR, DOC_LINK]
                .map(|k| col(Id::pair(DOC_DESCRIPTION, k)))
        } else {
            [None, None, None, None, None]
        };
        ThisData {
            table: t,
            parent,
            names,
            docs,
        }
    }
}

fn string_at(vals: &Option<rosetta_world::store::Values<'_>>, row: usize) -> Option<String> {
    match vals.as_ref()?.get(row).as_deref() {
        Some(rosetta_types::Value::String(s)) => Some(s.as_str().to_owned()),
        _ => None,
    }
}

/// `flecs_json_serialize_iter_this`: opens the entity's object and writes `parent`, `name`,
/// `id` and `doc`.
pub(super) fn this(out: &mut String, cx: &Ctx<'_>, td: &ThisData<'_>, row: usize) -> List {
    let mode = cx.desc.mode;
    let w = cx.w;
    let e = w
        .table(td.table)
        .entities()
        .get(row)
        .copied()
        .unwrap_or_default();
    let mut obj = List::open(out, '{');
    if let Some(p) = &td.parent {
        obj.key(out, "parent", mode);
        text::push_escaped(out, p, mode);
    }
    obj.key(out, "name", mode);
    let name = string_at(&td.names, row);
    match &name {
        Some(n) => text::push_escaped(out, n, mode),
        None => hash_id(out, e),
    }
    if cx.desc.entity_ids {
        obj.key(out, "id", mode);
        push_u32(out, e.index());
        if e.generation() != 0 {
            obj.key(out, "version", mode);
            push_u32(out, u32::from(e.generation()));
        }
    }
    if cx.desc.doc {
        obj.key(out, "doc", mode);
        let mut d = List::open(out, '{');
        d.key(out, "label", mode);
        match (string_at(&td.docs[0], row), &name) {
            (Some(l), _) => text::push_escaped(out, &l, mode),
            (None, Some(n)) => text::push_escaped(out, n, mode),
            (None, None) => hash_id(out, e),
        }
        for (k, key) in [(1, "brief"), (2, "detail"), (3, "color"), (4, "link")] {
            if td.docs[k].is_some() {
                d.key(out, key, mode);
                text::push_escaped(out, &string_at(&td.docs[k], row).unwrap_or_default(), mode);
            }
        }
        d.close(out, '}');
    }
    obj
}

fn hash_id(out: &mut String, e: Id) {
    out.push_str("\"#");
    push_u32(out, e.index());
    out.push('"');
}

/// `vars` (`flecs_json_serialize_vars`): the named variables' values, `*` for one no term
/// wrote. Returns whether it wrote anything.
pub(super) fn vars(out: &mut String, list: &mut List, cx: &Ctx<'_>, m: &Match<'_, '_>) {
    let mode = cx.desc.mode;
    if cx.plan.vars.is_empty() {
        return;
    }
    list.key(out, "vars", mode);
    let mut o = List::open(out, '{');
    for (i, name) in &cx.plan.vars {
        o.next(out);
        text::push_raw(out, name, mode);
        out.push(':');
        let v = match m.var(*i) {
            Id(0) => rosetta_world::builtin::WILDCARD,
            v => v,
        };
        push_path_or_label(out, cx.w, v, cx.desc.full_paths, mode);
    }
    o.close(out, '}');
}
