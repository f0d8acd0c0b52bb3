//! A compiled query's plan listed as Flecs v4.1.6's `ecs_query_plan` writes it, with the
//! line the iterator JSON's `query_plan` holds for a query that has no plan.
//!
//! The line layout differs from v3's ([`super::listing`]) in its column: v4 pads an
//! operation's name to 12 characters and a space, after its block's indent, and starts the
//! ids at the 30th character counted with that indent. The plan v4's compiler makes: a query
//! whose terms all match `$this` by itself with `and` and fixed ids (no `(ChildOf, x)` but
//! `(ChildOf, 0)`) has no plan at all ("Optimized out (trivial query)"); fixed-id terms
//! (predicates with a fixed right-hand side too) are `and` (no `andid` and no closing
//! `pop`); terms with a fixed source come first, as `with`; a transitive pair is `trav`; a
//! `(*, x)` pair is `and_wct`; a `ChildOf` pair is one of the hierarchy operations (`tree`,
//! `tree_wc`, `tree_w`, or `children`/`children_wc` when it is the query's only term); a
//! `~=` on a `$this` nothing found yet first finds every table with a name; a query's
//! leading optional terms go after the others.

use super::compile::{CTerm, Compiled, Ref};
use super::info::in_or_chain;
use super::listing::{each, linked, write_op_with, Names, Op, Operand, GREY};
use crate::builtin::{CHILD_OF, TRANSITIVE};
use crate::query::{Oper, TermKind};
use crate::world::World;

/// The plan of a compiled query in v4 form (see [`super::Query::plan_str`]).
pub(crate) fn plan_str(compiled: &Compiled, world: &World, colors: bool) -> String {
    let terms = &compiled.terms;
    if terms.is_empty() {
        return String::new();
    }
    if is_trivial(compiled, world) {
        // v4's JSON writer prints this in place of the empty plan of a trivial query.
        let grey = if colors { GREY } else { "" };
        return format!("   {grey}Optimized out (trivial query)\n");
    }
    let mut out = String::new();
    for (i, op) in plan_ops(compiled, world).iter().enumerate() {
        // `flecs_query_op_str` pads every name to 12 characters.
        write_op_with(&mut out, i, op, colors, 12);
    }
    out
}

/// Whether the term is a `ChildOf` pair v4 matches with its hierarchy operations
/// (`EcsTermNonFragmentingChildOf` without traversal).
fn hierarchy(t: &CTerm) -> bool {
    t.kind == TermKind::Id
        && t.first == Ref::Ent(CHILD_OF)
        && t.second != Ref::Unset
        && t.oper == Oper::And
        && t.up.is_none()
}

/// Whether the term's pair is followed through a transitive relationship (`trav`).
fn transitive(t: &CTerm, world: &World) -> bool {
    matches!(t.first, Ref::Ent(r) if world.owns(r, TRANSITIVE))
        && !matches!(t.second, Ref::Unset | Ref::Wild | Ref::Any)
}

/// v4's trivial query: only `and` terms on `$this` by itself, with ids that are neither
/// variables nor wildcards, and no prefab/disabled matching (its trivial iterator needs no
/// plan).
fn is_trivial(compiled: &Compiled, world: &World) -> bool {
    !compiled.match_prefab
        && !compiled.match_disabled
        && compiled.terms.iter().all(|t| {
            t.kind == TermKind::Id
                && t.oper == Oper::And
                && t.src == Ref::Var(0)
                && t.self_
                && t.up.is_none()
                && matches!(t.first, Ref::Ent(_))
                && matches!(t.second, Ref::Ent(_) | Ref::Unset)
                && !transitive(t, world)
                // `(ChildOf, x)` is not trivial; the root's `(ChildOf, 0)` is.
                && !(t.first == Ref::Ent(CHILD_OF) && t.second != Ref::Ent(crate::id::Id::NULL))
        })
}

/// `flecs_term_is_fixed_id`, or a term with a fixed source: the ids `setids` sets.
fn fixed_id(terms: &[CTerm], i: usize, world: &World) -> bool {
    let Some(t) = terms.get(i) else { return false };
    // `setids` also goes first for a term on no source (`#0`).
    if t.src == Ref::Ent(crate::id::Id::NULL) {
        return true;
    }
    let ids_fixed = matches!(t.first, Ref::Ent(_)) && matches!(t.second, Ref::Ent(_) | Ref::Unset);
    let inherited = t.up == Some(crate::builtin::IS_A);
    let leading_cond = i == 0 && matches!(t.oper, Oper::Not | Oper::Optional);
    // A predicate's id is `(PredEq, x)`: fixed unless its right-hand side is a variable.
    let pred_fixed = matches!(t.kind, TermKind::Eq | TermKind::Match)
        && (t.text.is_some() || matches!(t.second, Ref::Ent(_)));
    (t.kind == TermKind::Id && ids_fixed || pred_fixed)
        && !transitive(t, world)
        && !inherited
        && !in_or_chain(terms, i)
        && !leading_cond
}

fn plan_ops(compiled: &Compiled, world: &World) -> Vec<Op> {
    let terms = &compiled.terms;
    let mut names = Names::new(compiled);
    if terms.iter().any(this_as_id) {
        names.skip_anonymous();
    }
    let mut ops: Vec<Op> = Vec::new();
    let fixed_src = |t: &CTerm| {
        t.kind != TermKind::ScopeOpen
            && t.kind != TermKind::ScopeClose
            && matches!(t.src, Ref::Ent(e) if e.0 != 0)
    };
    // Flecs checks for any entity source here, a scope bracket's `0` included.
    if terms.iter().any(|t| matches!(t.src, Ref::Ent(_))) {
        ops.push(linked("setfix", 0, 0, 0));
    }
    if (0..terms.len()).any(|i| fixed_id(terms, i, world)) {
        ops.push(linked("setids", 0, 0, 0));
    }
    // Fixed-source terms first, then the rest with leading optional terms moved last.
    let fixed: Vec<usize> = (0..terms.len())
        .filter(|&i| terms.get(i).is_some_and(fixed_src))
        .collect();
    let start = terms
        .iter()
        .position(|t| t.oper != Oper::Optional)
        .unwrap_or(terms.len());
    let rest = (start..terms.len()).chain(0..start);
    let order: Vec<usize> = fixed
        .iter()
        .copied()
        .chain(rest.filter(|i| !fixed.contains(i)))
        .collect();
    let mut this_found = false;
    // Whether the `$this` entity variable is written (by `each $this`).
    let mut this_entity = false;
    // Whether an optional term wrote it: later terms on `$this` check it (`ifvar`).
    let mut this_cond = false;
    let mut written = Written::default();
    // `not` blocks of `!{ ... }` scopes still open: where each starts.
    let mut scopes: Vec<Option<usize>> = Vec::new();
    let mut k = 0;
    while let Some(&i) = order.get(k) {
        let Some(t) = terms.get(i) else { break };
        let depth = scopes.iter().flatten().count();
        match t.kind {
            TermKind::ScopeOpen => {
                let not = t.oper == Oper::Not;
                scopes.push(not.then_some(ops.len()));
                if not {
                    ops.push(linked("not", 0, 0, depth));
                }
                k += 1;
                continue;
            }
            TermKind::ScopeClose => {
                if let Some(Some(open)) = scopes.pop() {
                    let here = ops.len();
                    if let Some(op) = ops.get_mut(open) {
                        (op.prev, op.next) = (open as i64 - 1, here as i64);
                    }
                    let indent = depth.saturating_sub(1);
                    ops.push(linked("end", open as i64, here as i64 + 1, indent));
                }
                k += 1;
                continue;
            }
            _ => {}
        }
        if in_or_chain(terms, i) {
            // The chain's terms are consecutive in `order` (none has a fixed source).
            let mut end = k;
            while order
                .get(end)
                .and_then(|&j| terms.get(j))
                .is_some_and(|t| t.oper == Oper::Or)
            {
                end += 1;
            }
            let or_src = names.src(world, t.src);
            let inner: Vec<Op> = (k..=end)
                .filter_map(|j| order.get(j).and_then(|&j| terms.get(j)))
                .map(|t| term_op(world, t, &mut names, this_entity))
                .collect();
            let needed = names.take_tables();
            each(&mut ops, &names, needed);
            let block = ops.len();
            let n = inner.len();
            let close = block + n + 1;
            ops.push(Op {
                src: Some(or_src),
                ..linked("or", block as i64 - 1, close as i64, 0)
            });
            for (j, mut op) in inner.into_iter().enumerate() {
                let prev = if j + 1 < n { block + j + 2 } else { block };
                (op.prev, op.next, op.indent) = (prev as i64, close as i64, 1);
                ops.push(op);
            }
            ops.push(linked("end", block as i64, close as i64 + 1, 0));
            this_found |= t.src == Ref::Var(0);
            for j in k..=end {
                if let Some(t) = order.get(j).and_then(|&j| terms.get(j)) {
                    written.write(t, true);
                }
            }
            k = end + 1;
            continue;
        }
        let block = match (t.oper, t.kind) {
            (_, TermKind::Eq | TermKind::Match) => None,
            (Oper::Not, _) => Some("not"),
            (Oper::Optional, _) => Some("option"),
            _ => None,
        };
        // `flecs_query_select_all`: a `not` or `option` (or `!=`) that would be the first to
        // find `$this` needs every table first; a `~=` every table with a name.
        let select_all = t.src == Ref::Var(0)
            && !this_found
            && (matches!(t.oper, Oper::Not | Oper::Optional) || t.kind == TermKind::Match);
        if select_all {
            let (first, second) = if t.kind == TermKind::Match {
                ("Identifier", Some(Operand::Ent("Name".to_owned())))
            } else {
                ("_", None)
            };
            ops.push(Op {
                src: Some(names.src(world, t.src)),
                first: Some(Operand::Ent(first.to_owned())),
                second,
                ..linked("all", 0, 0, 0)
            });
            this_found = true;
        }
        let this_before = this_found;
        if block.is_none() && depth == 0 && t.src == Ref::Var(0) {
            this_found = true;
        }
        // A term using `$this` as an id needs its entities: `each` iterates the table.
        let each_this = this_found && !this_entity && this_as_id(t);
        let mut op = term_op(world, t, &mut names, this_entity || each_this);
        if this_entity && t.src == Ref::Var(0) {
            op.src = Some(this_var());
        }
        // `_` on a `$this` nothing found yet lists every table (the `_` record).
        if op.name == "and_any" && t.first == Ref::Any && t.second == Ref::Unset && !this_before {
            op.name = "all";
        }
        let needed = names.take_tables();
        each(&mut ops, &names, needed);
        if each_this {
            ops.push(Op {
                src: Some(this_var()),
                first: Some(Operand::Var {
                    name: "this".to_owned(),
                    table: true,
                }),
                ..linked("each", 0, 0, 0)
            });
            this_entity = true;
        }
        // `ifvar`: the term uses variables an earlier optional or Or term may not have set.
        let cond_ref = |r: Ref| {
            matches!(r, Ref::Var(v) if written.cond.contains(&v)) || (this_cond && r == Ref::Var(0))
        };
        let ifvar = (cond_ref(t.src) || cond_ref(t.first) || cond_ref(t.second)).then(|| {
            let at = ops.len();
            ops.push(Op {
                src: op.src.clone().filter(|_| cond_ref(t.src)),
                first: op.first.clone().filter(|_| cond_ref(t.first)),
                second: op.second.clone().filter(|_| cond_ref(t.second)),
                ..linked("ifvar", 0, 0, depth)
            });
            at
        });
        let depth = depth + usize::from(ifvar.is_some());
        let here = ops.len() as i64;
        let (src, first, second) = (op.src.clone(), op.first.clone(), op.second.clone());
        match block {
            Some(name) => {
                ops.push(linked(name, here - 1, here + 2, depth));
                (op.prev, op.next, op.indent) = (here, here + 2, depth + 1);
                ops.push(op);
                ops.push(Op {
                    src: src.clone(),
                    first: first.clone(),
                    second: second.clone(),
                    ..linked("end", here, here + 3, depth)
                });
            }
            None => {
                op.indent = depth;
                ops.push(op);
            }
        }
        if let Some(at) = ifvar {
            let end = ops.len();
            if let Some(jump) = ops.get_mut(at) {
                (jump.prev, jump.next) = (at as i64 - 1, end as i64);
            }
            ops.push(Op {
                src,
                first,
                second,
                ..linked("end", at as i64, end as i64 + 1, depth - 1)
            });
        }
        written.write(t, t.oper == Oper::Optional);
        this_cond |= each_this && t.oper == Oper::Optional;
        k += 1;
    }
    // A query of one term whose operation is a hierarchy search lists its parent's
    // children instead.
    if terms.len() == 1 {
        if let Some(op) = ops.last_mut() {
            op.name = match op.name {
                "tree" => "children",
                "tree_wc" => "children_wc",
                other => other,
            };
        }
    }
    // `flecs_query_compile` sets `$[this]` from the `$this` entity it wrote.
    if this_entity {
        ops.push(Op {
            first: Some(this_var()),
            ..linked("setthis", 0, 0, 0)
        });
    }
    let left = names.remaining_tables();
    each(&mut ops, &names, left);
    if terms.iter().any(|t| matches!(t.src, Ref::Var(v) if v > 0)) {
        ops.push(linked("setvars", 0, 0, 0));
    }
    ops.push(linked("yield", 0, 0, 0));
    let count = ops.len() as i64;
    for (k, op) in ops.iter_mut().enumerate() {
        if op.prev == 0 && op.next == 0 {
            op.prev = k as i64 - 1;
            op.next = (k as i64 + 1).min(count);
        }
    }
    ops
}

/// Whether a term uses `$this` as an id (`$this(_)`, `(Likes, $this)`).
fn this_as_id(t: &CTerm) -> bool {
    t.kind == TermKind::Id && (t.first == Ref::Var(0) || t.second == Ref::Var(0))
}

/// The `$this` entity variable as an operand.
fn this_var() -> Operand {
    Operand::Var {
        name: "this".to_owned(),
        table: false,
    }
}

/// The variables the plan has found so far, and which of them only an optional or Or term
/// found (`ctx->written`, `ctx->cond_written`).
#[derive(Default)]
struct Written {
    all: Vec<usize>,
    cond: Vec<usize>,
}

impl Written {
    /// After a term: its variables are found, conditionally if the term is optional or
    /// part of an Or chain and found them first.
    fn write(&mut self, t: &CTerm, cond: bool) {
        for r in [t.src, t.first, t.second] {
            if let Ref::Var(v) = r {
                if !self.all.contains(&v) {
                    self.all.push(v);
                    if cond {
                        self.cond.push(v);
                    }
                }
            }
        }
    }
}

/// The operation that matches one term (`flecs_query_set_op_kind`); `this_written`: the
/// `$this` entity variable is written.
fn term_op(world: &World, t: &CTerm, names: &mut Names, this_written: bool) -> Op {
    if matches!(t.kind, TermKind::Eq | TermKind::Match) {
        let not = t.oper == Oper::Not;
        let name = match (t.kind, &t.text, not) {
            (TermKind::Match, _, false) => "eq_m",
            (TermKind::Match, _, true) => "neq_m",
            (_, Some(_), false) => "eq_nm",
            (_, Some(_), true) => "neq_nm",
            (_, None, false) => "eq",
            (_, None, true) => "neq",
        };
        let second = match &t.text {
            Some(text) => Operand::Str(text.clone()),
            None => names.id(world, t.second),
        };
        // v4 lists the predicate's builtin relationship as the first id of the source.
        let pred = if t.kind == TermKind::Match {
            "PredMatch"
        } else {
            "PredEq"
        };
        return Op {
            src: Some(names.src(world, t.src)),
            first: Some(Operand::Ent(pred.to_owned())),
            second: Some(second),
            ..linked(name, 0, 0, 0)
        };
    }
    let any = t.first == Ref::Any || t.second == Ref::Any;
    let src_var = !matches!(t.src, Ref::Ent(_));
    // `(*, x)` and `($x, y)`: the term's id has a wildcard relationship.
    let wild_first = t.second != Ref::Unset && matches!(t.first, Ref::Wild | Ref::Var(_));
    let name = match (t.self_, t.up.is_some()) {
        _ if transitive(t, world) => "trav",
        // The root's `(ChildOf, #0)` is matched as the `_` pair.
        _ if hierarchy(t) && t.second == Ref::Ent(crate::id::Id::NULL) => "and_any",
        (true, true) => "selfup",
        (false, true) => "up",
        _ if hierarchy(t) && !src_var => "tree_w",
        // `(ChildOf, _)` is a wildcard search too; `(ChildOf, 0)` stays `and_any`.
        _ if hierarchy(t) && any => "tree_wc",
        _ if any => "and_any",
        _ if hierarchy(t) && matches!(t.second, Ref::Ent(_)) => "tree",
        _ if hierarchy(t) => "tree_wc",
        _ if wild_first && src_var => "and_wct",
        _ if wild_first => "with_wct",
        _ if !src_var => "with",
        _ => "and",
    };
    // A term on any source (`EcsTermMatchAnySrc`) is `ids`: the ids found on any entity,
    // with the source a table variable of its own unless the pair's target is `_` too.
    if t.src == Ref::Any {
        let written = |r: Ref| match r {
            Ref::Var(0) => this_written,
            Ref::Var(v) => names.is_found(v),
            Ref::Wild | Ref::Any => false,
            Ref::Ent(_) | Ref::Unset => true,
        };
        let (first_written, second_written) = (written(t.first), written(t.second));
        let pair = t.second != Ref::Unset;
        let open_tgt = matches!(t.second, Ref::Wild | Ref::Any);
        // An id with parts nothing found yet is enumerated (`idsa`), or traversed from its
        // known part (`idsl`, `idsr`); those operations have no source.
        let name = match (first_written, second_written) {
            (true, true) => "ids",
            (false, _) if t.first != Ref::Any && pair && !open_tgt => "idsl",
            (false, _) if t.first != Ref::Any || (pair && t.second == Ref::Wild) => "idsa",
            (false, _) => "ids",
            (true, false) if pair && t.second != Ref::Any => "idsr",
            (true, false) => "ids",
        };
        let src = (first_written && second_written).then(|| Operand::Var {
            name: names.anonymous('_'),
            table: true,
        });
        let first = Some(names.id(world, t.first));
        let second = pair.then(|| names.id(world, t.second));
        return Op {
            src,
            first,
            second,
            ..linked(name, 0, 0, 0)
        };
    }
    let src = Some(names.src(world, t.src));
    let first = Some(names.id(world, t.first));
    let second = match t.second {
        Ref::Unset => None,
        // v4's `ecs_get_path` writes the entity 0 as `#0`.
        Ref::Ent(e) if e == crate::id::Id::NULL => Some(Operand::Ent("#0".to_owned())),
        r => Some(names.id(world, r)),
    };
    Op {
        src,
        first,
        second,
        ..linked(name, 0, 0, 0)
    }
}

#[cfg(test)]
#[path = "listing_v4_tests.rs"]
mod tests;
