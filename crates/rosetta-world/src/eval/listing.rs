//! A compiled query's plan listed as Flecs v3.2.12's `ecs_rule_str` writes a rule's
//! operations (`query_plan` in the iterator JSON): one line per operation, its index, the
//! operations it backtracks to and goes on to, its name, its source and its id.
//!
//! Rosetta does not compile queries to Flecs' operations; the listing is the plan Flecs'
//! rules compiler makes for the same terms in the common cases: `setfix` when a term has a
//! fixed source, `setids`, one operation per term (`and`, `andid`, `andany`, `selfup`,
//! `selfupid`, `up`, `upid`, `eq`, `eq_nm`, `eq_m` and their negations), `not`, `option` and
//! `or` blocks, `each` for each variable used as a source, `setvars`, `pop` and `yield`.

use std::fmt::Write as _;

use super::compile::{CTerm, Compiled, Ref};
use super::info::in_or_chain;
use crate::builtin::TRANSITIVE;
use crate::id::Id;
use crate::query::{Oper, TermKind};
use crate::world::World;

/// Flecs' terminal colors (`#[normal]` ... in its log format), as `ecs_rule_str` writes
/// them when colors are on.
const NORMAL: &str = "\x1b[0;49m";
const RESET: &str = "\x1b[0;49m";
pub(super) const GREY: &str = "\x1b[0;37m";
const GREEN: &str = "\x1b[0;32m";
const BLUE: &str = "\x1b[0;34m";
const YELLOW: &str = "\x1b[0;33m";

/// An operand as the listing shows it.
#[derive(Clone)]
pub(super) enum Operand {
    /// A variable: `$name`, or `$[name]` for a table variable.
    Var { name: String, table: bool },
    /// An entity by its full path.
    Ent(String),
    /// A string, quoted.
    Str(String),
}

pub(super) struct Op {
    pub name: &'static str,
    pub prev: i64,
    pub next: i64,
    pub indent: usize,
    pub src: Option<Operand>,
    pub first: Option<Operand>,
    pub second: Option<Operand>,
}

/// The plan of a compiled query (see [`super::Query::plan_str`]).
pub(crate) fn plan_str(compiled: &Compiled, world: &World, colors: bool) -> String {
    Planner { compiled }.plan_str(world, colors)
}

struct Planner<'q> {
    compiled: &'q Compiled,
}

impl Planner<'_> {
    fn plan_str(&self, world: &World, colors: bool) -> String {
        let ops = self.plan_ops(world);
        let mut out = String::new();
        for (i, op) in ops.iter().enumerate() {
            write_op(&mut out, i, op, colors);
        }
        out
    }

    fn plan_ops(&self, world: &World) -> Vec<Op> {
        let terms = &self.compiled.terms;
        let mut names = Names::new(self.compiled);
        let mut ops: Vec<Op> = Vec::new();
        // `not` blocks of `!{ ... }` scopes still open: where each starts.
        let mut scopes: Vec<Option<usize>> = Vec::new();
        let mut i = 0;
        while i < terms.len() {
            let Some(t) = terms.get(i) else { break };
            let indent = scopes.iter().flatten().count();
            match t.kind {
                TermKind::ScopeOpen if t.oper == Oper::Not => {
                    scopes.push(Some(ops.len()));
                    ops.push(linked("not", 0, 0, indent));
                    i += 1;
                    continue;
                }
                TermKind::ScopeOpen => {
                    scopes.push(None);
                    i += 1;
                    continue;
                }
                TermKind::ScopeClose => {
                    if let Some(Some(open)) = scopes.pop() {
                        let here = ops.len();
                        if let Some(op) = ops.get_mut(open) {
                            (op.prev, op.next) = (open as i64 - 1, here as i64);
                        }
                        ops.push(linked("end", open as i64, here as i64 + 1, indent - 1));
                    }
                    i += 1;
                    continue;
                }
                _ => {}
            }
            if in_or_chain(terms, i) {
                let end = (i..terms.len())
                    .find(|&k| terms.get(k).is_some_and(|t| t.oper != Oper::Or))
                    .unwrap_or(terms.len() - 1);
                let or_src = names.src(world, t.src);
                let inner: Vec<Op> = (i..=end)
                    .filter_map(|k| terms.get(k))
                    .map(|t| self.term_op(world, t, &mut names, true))
                    .collect();
                let needed = names.take_tables();
                each(&mut ops, &names, needed);
                let block = ops.len();
                let n = inner.len();
                let close = block + n + 1;
                ops.push(Op {
                    src: Some(or_src),
                    ..linked("or", block as i64 - 1, close as i64, indent)
                });
                for (j, mut op) in inner.into_iter().enumerate() {
                    // Flecs links each alternative back to the one after the next, the last
                    // back to the `or`.
                    let prev = if j + 1 < n { block + j + 2 } else { block };
                    (op.prev, op.next, op.indent) = (prev as i64, close as i64, indent + 1);
                    ops.push(op);
                }
                ops.push(linked("end", block as i64, close as i64 + 1, indent));
                i = end + 1;
                continue;
            }
            // `!=` and `!~=` are operations of their own, not a `not` block.
            let block = match (t.oper, t.kind) {
                (_, TermKind::Eq | TermKind::Match) => None,
                (Oper::Not, _) => Some("not"),
                (Oper::Optional, _) => Some("option"),
                _ => None,
            };
            let mut op = self.term_op(world, t, &mut names, false);
            // An operation that needs a variable's entities comes after `each` iterates them.
            let needed = names.take_tables();
            each(&mut ops, &names, needed);
            let here = ops.len() as i64;
            match block {
                Some(name) => {
                    ops.push(linked(name, here - 1, here + 2, indent));
                    (op.prev, op.next, op.indent) = (here, here + 2, indent + 1);
                    let (src, first, second) =
                        (op.src.clone(), op.first.clone(), op.second.clone());
                    ops.push(op);
                    ops.push(Op {
                        src,
                        first,
                        second,
                        ..linked("end", here, here + 3, indent)
                    });
                }
                None => {
                    op.indent = indent;
                    ops.push(op);
                }
            }
            i += 1;
        }
        // The variables still found as tables are iterated at the end.
        let left = names.remaining_tables();
        each(&mut ops, &names, left);
        // Variables used as sources are set for the result.
        if terms.iter().any(|t| matches!(t.src, Ref::Var(v) if v > 0)) {
            ops.push(linked("setvars", 0, 0, 0));
        }
        // The ids of `...id` operations are set first and the fields populated last.
        let ids = ops.iter().any(|op| op.name.ends_with("id"));
        if ids {
            ops.insert(0, linked("setids", 0, 0, 0));
            ops.push(linked("pop", 0, 0, 0));
        }
        // A term with a fixed source (a scope's terms have source 0) has it set first.
        if terms.iter().any(|t| matches!(t.src, Ref::Ent(_))) {
            ops.insert(0, linked("setfix", 0, 0, 0));
        }
        ops.push(linked("yield", 0, 0, 0));
        // The block operations were linked by their index before the ones inserted at the
        // front; shift them, and link the others to their neighbours.
        let shift = i64::from(ids) + i64::from(ops.first().is_some_and(|o| o.name == "setfix"));
        let count = ops.len() as i64;
        for (k, op) in ops.iter_mut().enumerate() {
            if op.prev == 0 && op.next == 0 {
                op.prev = k as i64 - 1;
                op.next = (k as i64 + 1).min(count);
            } else {
                op.prev += shift;
                op.next += shift;
            }
        }
        ops
    }

    /// The operation that matches one term.
    fn term_op(&self, world: &World, t: &CTerm, names: &mut Names, in_or: bool) -> Op {
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
            return Op {
                first: Some(names.src(world, t.src)),
                second: Some(second),
                ..linked(name, 0, 0, 0)
            };
        }
        let fixed = matches!(t.first, Ref::Ent(_)) && matches!(t.second, Ref::Ent(_) | Ref::Unset);
        let any = t.first == Ref::Any || t.second == Ref::Any;
        // A transitive relationship to a variable is followed through its chain.
        let transitive = matches!(t.first, Ref::Ent(r) if world.owns(r, TRANSITIVE))
            && matches!(t.second, Ref::Var(_));
        let name = match (t.self_, t.up.is_some()) {
            _ if any => "andany",
            _ if transitive => "trav",
            (true, true) if fixed && !in_or => "selfupid",
            (true, true) => "selfup",
            (false, true) if fixed && !in_or => "upid",
            (false, true) => "up",
            _ if fixed && !in_or => "andid",
            _ => "and",
        };
        // Anonymous variables are numbered in the order the operands are named.
        let src = Some(names.src(world, t.src));
        let first = Some(names.id(world, t.first));
        let second = match t.second {
            Ref::Unset => None,
            r => Some(names.id(world, r)),
        };
        Op {
            src,
            first,
            second,
            ..linked(name, 0, 0, 0)
        }
    }
}

/// `each $x ($[x])` for variables found as tables: each entity of the table in turn.
pub(super) fn each(ops: &mut Vec<Op>, names: &Names<'_>, vars: Vec<usize>) {
    for v in vars {
        let name = names.var_name(v);
        ops.push(Op {
            src: Some(Operand::Var {
                name: name.clone(),
                table: false,
            }),
            first: Some(Operand::Var { name, table: true }),
            ..linked("each", 0, 0, 0)
        });
    }
}

pub(super) fn linked(name: &'static str, prev: i64, next: i64, indent: usize) -> Op {
    Op {
        name,
        prev,
        next,
        indent,
        src: None,
        first: None,
        second: None,
    }
}

/// Names operands as Flecs' rule does: `$[this]` and `$[x]` for table variables, `$x` for
/// entity variables, and a numbered anonymous variable per wildcard (`$*'3`), numbered after
/// the named ones (a variable used as a source has a table and an entity variable).
pub(super) struct Names<'q> {
    compiled: &'q Compiled,
    next_anonymous: usize,
    /// How far each variable is found.
    state: Vec<Found>,
    /// Variables found as tables whose entities an operation needs next, in that order.
    tables: Vec<usize>,
}

/// How far a variable is found at a point of the plan.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Found {
    Not,
    /// As a table (a source); `each` has not iterated its entities yet.
    Table,
    /// As an entity.
    Entity,
}

impl<'q> Names<'q> {
    pub(super) fn new(compiled: &'q Compiled) -> Self {
        let terms = &compiled.terms;
        let named: usize = (1..compiled.vars.len())
            .map(|v| 1 + usize::from(terms.iter().any(|t| t.src == Ref::Var(v))))
            .sum();
        Names {
            compiled,
            next_anonymous: 1 + named,
            state: vec![Found::Not; compiled.vars.len()],
            tables: Vec::new(),
        }
    }

    fn var_name(&self, v: usize) -> String {
        self.compiled
            .vars
            .get(v)
            .map_or_else(|| "this".to_owned(), |var| var.name.clone())
    }

    /// A source: `$[this]`, a variable's table until `each` iterates it, else its entity.
    pub(super) fn src(&mut self, world: &World, r: Ref) -> Operand {
        match (r, self.found(r)) {
            (Ref::Var(v), Found::Table) | (Ref::Var(v @ 0), _) => Operand::Var {
                name: self.var_name(v),
                table: true,
            },
            (Ref::Var(v), Found::Not) => {
                self.set(v, Found::Table);
                Operand::Var {
                    name: self.var_name(v),
                    table: true,
                }
            }
            (other, _) => self.id(world, other),
        }
    }

    /// Whether an earlier operation found the variable (as a table or an entity).
    pub(super) fn is_found(&self, v: usize) -> bool {
        self.found(Ref::Var(v)) != Found::Not
    }

    fn found(&self, r: Ref) -> Found {
        match r {
            Ref::Var(v) => self.state.get(v).copied().unwrap_or(Found::Entity),
            _ => Found::Entity,
        }
    }

    fn set(&mut self, v: usize, found: Found) {
        if let Some(s) = self.state.get_mut(v) {
            *s = found;
        }
    }

    /// The variables found as tables that an operation about to be written needs as
    /// entities (`each` goes first), marked as found as entities.
    /// The variables found as tables and never iterated, marked as iterated.
    pub(super) fn remaining_tables(&mut self) -> Vec<usize> {
        let left: Vec<usize> = (1..self.state.len())
            .filter(|&v| self.state.get(v) == Some(&Found::Table))
            .collect();
        for &v in &left {
            self.set(v, Found::Entity);
        }
        left
    }

    pub(super) fn take_tables(&mut self) -> Vec<usize> {
        let tables = std::mem::take(&mut self.tables);
        for &v in &tables {
            self.set(v, Found::Entity);
        }
        tables
    }

    /// The next anonymous variable's name (`_'3`), numbered after the named ones.
    pub(super) fn anonymous(&mut self, label: char) -> String {
        let n = self.next_anonymous;
        self.next_anonymous += 1;
        format!("{label}'{n}")
    }

    /// Numbers the anonymous variables one later: v4 gives the `$this` entity variable an
    /// id of its own when a term uses `$this` as an id.
    pub(super) fn skip_anonymous(&mut self) {
        self.next_anonymous += 1;
    }

    pub(super) fn id(&mut self, world: &World, r: Ref) -> Operand {
        match r {
            Ref::Ent(e) => Operand::Ent(full_path(world, e)),
            Ref::Var(v) => {
                if self.found(r) == Found::Table {
                    self.tables.push(v);
                }
                self.set(v, Found::Entity);
                Operand::Var {
                    name: self.var_name(v),
                    table: false,
                }
            }
            Ref::Wild | Ref::Any => Operand::Var {
                name: self.anonymous(if r == Ref::Wild { '*' } else { '_' }),
                table: false,
            },
            Ref::Unset => Operand::Ent("0".to_owned()),
        }
    }
}

/// `ecs_get_fullpath`: the path from the root, with the core scope (`flecs.core.`) left out.
fn full_path(world: &World, e: Id) -> String {
    let path = world.path_of(e);
    match path.strip_prefix("flecs.core.") {
        Some(rest) => rest.to_owned(),
        None => path,
    }
}

/// One line of the listing. Columns are counted on the text without colors.
pub(super) fn write_op(out: &mut String, i: usize, op: &Op, colors: bool) {
    write_op_with(out, i, op, colors, 8);
}

/// One line, the operation's name padded to `name_width` (v3: 8, v4: 12) and a space after
/// its indent, then to the 12th character; the ids start at the 30th.
pub(super) fn write_op_with(out: &mut String, i: usize, op: &Op, colors: bool, name_width: usize) {
    let c = |code: &'static str| if colors { code } else { "" };
    let _ = write!(
        out,
        "{}{i:2}. [{}{:2}{}, {}{:2}{}]  ",
        c(NORMAL),
        c(GREY),
        op.prev,
        c(RESET),
        c(GREEN),
        op.next,
        c(RESET)
    );
    let mut visible = String::new();
    visible.push_str(&" ".repeat(op.indent));
    let _ = write!(visible, "{:<name_width$} ", op.name);
    while visible.len() < 12 {
        visible.push(' ');
    }
    out.push_str(&visible);
    if let Some(src) = &op.src {
        visible.push_str(&operand(out, src, colors));
    }
    if op.first.is_none() && op.second.is_none() {
        out.push('\n');
        return;
    }
    while visible.len() < 30 {
        visible.push(' ');
        out.push(' ');
    }
    out.push('(');
    if let Some(first) = &op.first {
        operand(out, first, colors);
    }
    if let Some(second) = &op.second {
        out.push_str(", ");
        operand(out, second, colors);
    }
    out.push_str(")\n");
}

/// Writes an operand (with colors if asked) and returns its text without them.
fn operand(out: &mut String, o: &Operand, colors: bool) -> String {
    let c = |code: &'static str| if colors { code } else { "" };
    let plain = match o {
        Operand::Var { name, table: true } => format!("$[{name}]"),
        Operand::Var { name, table: false } => format!("${name}"),
        Operand::Ent(path) => path.clone(),
        Operand::Str(text) => format!("\"{text}\""),
    };
    match o {
        Operand::Var { name, table } => {
            let (open, close) = if *table { ("[", "]") } else { ("", "") };
            let _ = write!(
                out,
                "{}${}{open}{}{name}{}{close}",
                c(GREEN),
                c(RESET),
                c(GREEN),
                c(RESET)
            );
        }
        Operand::Ent(path) => {
            let _ = write!(out, "{}{path}{}", c(BLUE), c(RESET));
        }
        Operand::Str(text) => {
            let _ = write!(out, "{}\"{text}\"{}", c(YELLOW), c(RESET));
        }
    }
    plain
}
