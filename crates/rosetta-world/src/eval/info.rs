//! What a compiled query tells about itself: its terms as Flecs v3.2.12 describes a finalized
//! filter (`query_info` in the iterator JSON) and what one evaluation finds (`query_profile`).

use super::compile::{CTerm, Compiled, Ref};
use crate::builtin::{DONT_INHERIT, PRED_EQ, PRED_MATCH, SCOPE_CLOSE, SCOPE_OPEN};
use crate::id::Id;
use crate::query::{InOut, Oper, QueryAst, TermKind, Traversal};
use crate::world::World;

/// One element of a term (its source, first or second element) as Flecs reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TermRef {
    /// A fixed entity.
    Entity(Id),
    /// A variable by name: `this`, a named variable, or `*` and `_` for wildcards.
    Var(String),
    /// A string (the right-hand side of `==` or `~=`).
    Name(String),
}

/// One term of a query, finalized: what `query_info` lists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermInfo {
    /// The access as finalized: as written, or `None` for a Not or `==` term and a wildcard
    /// id or source; `Default` otherwise.
    pub inout: InOut,
    /// Whether the field carries data (a component, not a tag; not `[none]`, Not, or a term
    /// of an Or chain after its first).
    pub has_data: bool,
    /// Whether the first element is an entity with `DontInherit`.
    pub dont_inherit: bool,
    /// The operator.
    pub oper: Oper,
    /// The source.
    pub src: TermRef,
    /// The first element (`flecs.core.PredEq` or `PredMatch` for `==`, `~=`).
    pub first: TermRef,
    /// The second element, if any.
    pub second: Option<TermRef>,
    /// The relationship traversed upwards, if any.
    pub trav: Option<Id>,
    /// Matches on the source itself.
    pub self_: bool,
    /// Traverses upwards (`up`).
    pub up: bool,
    /// Traverses breadth-first (`cascade`, shown instead of `up`).
    pub cascade: bool,
}

/// What one evaluation of a query finds (`query_profile`'s counts).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ProfileCounts {
    /// Results (tables, or one per matched id for wildcards and variables).
    pub results: usize,
    /// Entities over all results.
    pub entities: usize,
    /// Bytes of the components the results own (size times entities, per set field).
    pub component_bytes: usize,
    /// Bytes of the components the results share (one value per set field not on `$this`).
    pub shared_component_bytes: usize,
}

/// The terms as Flecs describes a finalized filter (see [`super::Query::term_info`]).
pub(crate) fn term_info(ast: &QueryAst, compiled: &Compiled, world: &World) -> Vec<TermInfo> {
    let terms = &compiled.terms;
    ast
        .terms
        .iter()
        .zip(terms)
        .enumerate()
        .map(|(i, (t, ct))| {
            let after_or = i > 0 && terms.get(i - 1).is_some_and(|p| p.oper == Oper::Or);
            let wildcard = matches!(ct.src, Ref::Wild | Ref::Any)
                || (ct.first == Ref::Wild && matches!(ct.second, Ref::Unset | Ref::Wild));
            let inout = if t.inout != InOut::Default {
                t.inout
            } else if ct.oper == Oper::Not || ct.kind != TermKind::Id || wildcard {
                InOut::None
            } else {
                InOut::Default
            };
            let typed = world.type_id_of(ct.id).is_some();
            let (flags, _) = t.src_traversal();
            let is_pred = matches!(ct.kind, TermKind::Eq | TermKind::Match);
            // A scope's braces match nothing themselves: no traversal flags.
            let is_scope = matches!(ct.kind, TermKind::ScopeOpen | TermKind::ScopeClose);
            let first = match ct.kind {
                TermKind::Eq => TermRef::Entity(PRED_EQ),
                TermKind::Match => TermRef::Entity(PRED_MATCH),
                TermKind::ScopeOpen => TermRef::Entity(SCOPE_OPEN),
                TermKind::ScopeClose => TermRef::Entity(SCOPE_CLOSE),
                _ => term_ref(compiled, ct.first),
            };
            let second = match (&ct.text, ct.second) {
                (Some(text), _) => Some(TermRef::Name(text.clone())),
                (None, Ref::Unset) => None,
                (None, r) => Some(term_ref(compiled, r)),
            };
            TermInfo {
                inout,
                has_data: typed && inout != InOut::None && !after_or && !is_pred,
                dont_inherit: matches!(ct.first, Ref::Ent(f) if f.0 != 0 && world.owns(f, DONT_INHERIT)),
                oper: ct.oper,
                src: term_ref(compiled, ct.src),
                first,
                second,
                trav: ct.up.filter(|_| !is_pred),
                self_: (ct.self_ || is_pred) && !is_scope,
                up: ct.up.is_some() && !is_pred,
                cascade: flags & Traversal::CASCADE != 0 && !is_pred,
            }
        })
        .collect()
}

fn term_ref(compiled: &Compiled, r: Ref) -> TermRef {
    match r {
        Ref::Ent(e) => TermRef::Entity(e),
        Ref::Var(i) => TermRef::Var(
            compiled
                .vars
                .get(i)
                .map_or_else(|| "this".to_owned(), |v| v.name.clone()),
        ),
        Ref::Wild => TermRef::Var("*".to_owned()),
        Ref::Any => TermRef::Var("_".to_owned()),
        Ref::Unset => TermRef::Entity(Id::NULL),
    }
}

/// The size in bytes of the component an id's field holds, 0 for a tag or a type without a
/// fixed layout.
pub(crate) fn field_size(world: &World, id: Id) -> usize {
    world
        .type_id_of(id)
        .and_then(|ty| world.layouts.get(&ty.index()))
        .map_or(0, |l| l.size())
}

/// Whether term `t` is written inside a block Flecs' plan indents (for [`super::plan`]).
pub(crate) fn in_or_chain(terms: &[CTerm], i: usize) -> bool {
    terms.get(i).is_some_and(|t| t.oper == Oper::Or)
        || (i > 0 && terms.get(i - 1).is_some_and(|p| p.oper == Oper::Or))
}
