//! What v4.1.6's query validator works out once per query and the iterator serializer reads:
//! each term's finalized access, the fields with data (`data_fields`), the fields whose id is
//! fixed (`static_id_fields`), whether `is_set` is written (`EcsIterHasCondSet`), the named
//! variables; and per field the value context (`ecs_json_value_ser_ctx_t`) made the first
//! time the field is written.

use rosetta_world::builtin::{ANY, WILDCARD};
use rosetta_world::eval::Query;
use rosetta_world::query::{IdRef, InOut, Oper, TermKind};
use rosetta_world::{Id, World};

use crate::error::Result;
use crate::ser::ValueWriter;
use crate::text::Mode;

/// One term as the validator finalizes it.
#[derive(Debug, Clone)]
pub(super) struct TermPlan {
    /// `term->inout` after finalizing.
    pub inout: InOut,
    /// The field it writes.
    pub field: usize,
}

/// A field's value context: its key and type, fixed by the first id seen.
#[derive(Debug)]
pub(super) struct FieldCtx {
    /// `flecs_json_id_member` of the first id.
    pub label: String,
    /// The type entity.
    pub ty: Option<Id>,
    /// Its writer, if the type has reflection data.
    pub writer: Option<ValueWriter>,
}

/// The per-call plan.
pub(super) struct Plan {
    pub mode: Mode,
    pub field_count: usize,
    pub terms: Vec<TermPlan>,
    /// `q->ids[f]`: the id each field states.
    pub field_ids: Vec<Id>,
    pub data: Vec<bool>,
    pub static_id: Vec<bool>,
    /// Fields of an Or chain: no stated id (`q->ids[f]` is 0), no size.
    pub or_field: Vec<bool>,
    pub cond_set: bool,
    /// Named variables (index, name): not `$this`, not `_`-prefixed.
    pub vars: Vec<(usize, String)>,
    pub ctx: Vec<Option<FieldCtx>>,
    /// `it->sources` as the iteration left it: each field's source where it was last set
    /// (0 for `$this`). A field that is not set keeps the source of an earlier result,
    /// which decides whether Flecs writes `sources` at all.
    pub last_src: Vec<Id>,
    /// `query->src_vars`: for each field whose source is a named variable (not `$this`,
    /// not anonymous), that variable's index. Flecs' `setvars` operation copies the
    /// variable into `it->sources` for such a field in every result, set or not.
    pub src_var: Vec<Option<usize>>,
}

/// `query->src_vars` (`flecs_query_compile`): the named variable each field's source is.
/// Anonymous variables are left out, as Flecs inserts no `setvars` for them.
fn src_vars(q: &Query, field_count: usize) -> Vec<Option<usize>> {
    let mut out = vec![None; field_count];
    let vars = q.variables();
    for t in &q.ast().terms {
        let IdRef::Variable(name) = &t.src.id else {
            continue;
        };
        let named = vars
            .iter()
            .enumerate()
            .skip(1)
            .find(|(_, v)| &v.name == name && !v.anonymous && !v.name.starts_with('_'));
        if let (Some((i, _)), Some(slot)) = (named, out.get_mut(t.field)) {
            *slot = Some(i);
        }
    }
    out
}

/// Whether `id` holds `*` or `_` anywhere.
fn is_wildcard(id: Id) -> bool {
    if id.is_pair() {
        matches!(id.first(), WILDCARD | ANY) || matches!(id.second(), WILDCARD | ANY)
    } else {
        matches!(id, WILDCARD | ANY)
    }
}

/// The type of the values `id` carries (`ecs_get_type_info`); for `(R, *)` the type of `R`.
pub(super) fn type_of(w: &World, id: Id) -> Option<Id> {
    if id.is_pair() && matches!(id.second(), WILDCARD | ANY) {
        return w.type_id_of(id.first());
    }
    if is_wildcard(id) {
        return None;
    }
    w.type_id_of(id)
}

impl Plan {
    pub fn new(w: &World, q: &Query, mode: Mode) -> Plan {
        let ast = q.ast();
        let field_count = q.field_count();
        let field_ids = q.field_ids();
        let mut terms = Vec::with_capacity(ast.terms.len());
        let mut data = vec![false; field_count];
        let mut static_id = vec![false; field_count];
        let mut or_field = vec![false; field_count];
        let mut cond_set = false;
        let mut scope = 0usize;
        let info = q.term_info(w);
        // The id of each term, as far as it is an entity or a pair of entities.
        let term_id = |i: usize| -> Option<Id> {
            use rosetta_world::eval::TermRef;
            let t = info.get(i)?;
            match (&t.first, &t.second) {
                (TermRef::Entity(f), None) => Some(*f),
                (TermRef::Entity(f), Some(TermRef::Entity(s))) => Some(Id::pair(*f, *s)),
                _ => None,
            }
        };
        // The first term of the Or chain a term is in.
        let mut chain_start = 0usize;
        for (i, t) in ast.terms.iter().enumerate() {
            let f = t.field;
            let or_chain = t.oper == Oper::Or || (i > 0 && ast.terms[i - 1].oper == Oper::Or);
            let id = field_ids.get(f).copied().unwrap_or_default();
            let vars_in_id = t.first.id.is_variable() || t.second.id.is_variable();
            let mut inout = t.inout;
            let src_wild = matches!(t.src.id, IdRef::Wildcard | IdRef::Any);
            if src_wild {
                inout = InOut::None;
            }
            if !vars_in_id && !is_wildcard(id) && !or_chain {
                if let Some(s) = static_id.get_mut(f) {
                    *s = true;
                }
            }
            if t.oper == Oper::Not && inout == InOut::Default {
                inout = InOut::None;
            }
            let any_id = matches!(t.first.id, IdRef::Wildcard)
                && matches!(t.second.id, IdRef::Unset | IdRef::Wildcard);
            if any_id && inout == InOut::Default {
                inout = InOut::None;
            }
            if t.kind != TermKind::Id {
                inout = InOut::None;
            }
            if t.kind == TermKind::ScopeClose {
                scope = scope.saturating_sub(1);
            }
            let no_src = t.src.id == IdRef::Entity(0);
            if !(i > 0 && ast.terms[i - 1].oper == Oper::Or) {
                chain_start = i;
            }
            // `flecs_query_or_other_type`: a term of an Or chain whose type is not the
            // chain's first term's carries no data, and takes the field's data away.
            let other_type = or_chain
                && chain_start < i
                && term_id(chain_start).and_then(|id| type_of(w, id))
                    != term_id(i).and_then(|id| type_of(w, id));
            let nodata = no_src
                || inout == InOut::None
                || t.kind != TermKind::Id
                || scope > 0
                || type_of(w, id).is_none();
            if t.kind == TermKind::ScopeOpen {
                scope += 1;
            }
            if or_chain {
                if let Some(o) = or_field.get_mut(f) {
                    *o = true;
                }
            }
            if !nodata && other_type {
                if let Some(d) = data.get_mut(f) {
                    *d = false;
                }
            } else if !nodata && t.oper != Oper::Not {
                if let Some(d) = data.get_mut(f) {
                    *d = true;
                }
            } else if or_chain {
                if let Some(d) = data.get_mut(f) {
                    *d = false;
                }
            }
            if matches!(t.oper, Oper::Optional | Oper::Not) {
                cond_set = true;
            }
            terms.push(TermPlan { inout, field: f });
        }
        let src_var = src_vars(q, field_count);
        let vars = q
            .variables()
            .iter()
            .enumerate()
            .skip(1)
            .filter(|(_, v)| !v.anonymous && !v.name.starts_with('_') && v.name != "this")
            .map(|(i, v)| (i, v.name.clone()))
            .collect();
        Plan {
            mode,
            field_count,
            terms,
            field_ids,
            data,
            static_id,
            or_field,
            cond_set,
            vars,
            ctx: (0..field_count).map(|_| None).collect(),
            last_src: vec![Id::NULL; field_count],
            src_var,
        }
    }

    /// Whether some field has data (`q->data_fields != 0`).
    pub fn any_data(&self) -> bool {
        self.data.iter().any(|&d| d)
    }

    /// `flecs_json_serialize_get_value_ctx`: field `f`'s context, made from `id` the first
    /// time. `full` picks the label form.
    pub fn field_ctx(&mut self, w: &World, f: usize, id: Id, full: bool) -> Result<&FieldCtx> {
        let mode = self.mode;
        let slot = &mut self.ctx[f];
        if slot.is_none() {
            let ty = w.type_id_of(id);
            let writer = match ty {
                Some(_) => ValueWriter::for_id(w, id, mode)?,
                None => None,
            };
            *slot = Some(FieldCtx {
                label: super::iter_names::id_member(w, id, full, mode),
                ty,
                writer,
            });
        }
        // Set just above when it was empty.
        Ok(slot.get_or_insert_with(unreachable_ctx))
    }
}

/// Never called: the slot is filled before it is read.
fn unreachable_ctx() -> FieldCtx {
    FieldCtx {
        label: String::new(),
        ty: None,
        writer: None,
    }
}
