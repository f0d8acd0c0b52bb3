//! What the search does at each term: [`Search::plan`] decides (go on, fail, probe a
//! not-scope, or try alternatives) and [`Search::produce`] finds the alternatives, for the
//! driver in `backtrack.rs` to try in order.

use crate::id::Id;
use crate::query::{Oper, TermKind};

use super::compile::Ref;
use super::run::{Cont, Search, State};

/// A part of the [`State`] a term's alternatives write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Slot {
    /// `$this`.
    This,
    /// A variable other than `$this`.
    Var(usize),
    /// A field's id, source and whether it is set.
    Field(usize),
}

/// How a term's alternatives are found ([`Search::produce`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum How {
    /// One per row of the `$this` table (the term uses `$this` as an entity).
    Rows,
    /// One per table (`$this`) or entity (a variable) that could be the unwritten source of
    /// a Not or Optional term.
    Candidates,
    /// One: the field left unset (a Not term without match, an Optional one).
    Unset,
    /// One per match of the term.
    Matches,
    /// One per match of an Or chain ending at the given term.
    Or(usize),
}

/// What the search does at a term ([`Search::plan`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Plan {
    /// Go on at the given term, the state unchanged.
    Pass(usize),
    /// No way on from this state.
    Fail,
    /// A not-scope closing at the given term: search its terms; it passes if they have no
    /// solution.
    Probe(usize),
    /// The `}` of a not-scope reached: the scope has a solution, so it fails.
    Found,
    /// Alternatives, each writing `touch`, each going on at term `cont`.
    Alts {
        how: How,
        touch: Vec<Slot>,
        cont: usize,
    },
}

impl Search<'_> {
    /// What term `i` does in this state (the search's driver, [`Search::run_terms`], acts on
    /// it): nothing, fail, probe a not-scope, or try alternatives ([`Search::produce`]).
    pub(super) fn plan(&self, i: usize, st: &mut State) -> Plan {
        let Some(t) = self.q.terms.get(i) else {
            return Plan::Pass(i + 1);
        };
        // A term that uses `$this` as an entity splits a table into its rows; so does a
        // scope whose terms do (`flecs_rule_ensure_scope_vars`: before it is entered, so a
        // not-scope is decided per row; as Flecs, up to the first `}`).
        let splits = match t.kind {
            TermKind::ScopeOpen => self
                .q
                .terms
                .iter()
                .skip(i)
                .take_while(|t| t.kind != TermKind::ScopeClose)
                .any(|t| t.first == Ref::Var(0) || t.second == Ref::Var(0)),
            _ => self.uses_this_entity(i),
        };
        if st.this.is_some_and(|(_, _, n)| n > 1) && splits {
            return Plan::Alts {
                how: How::Rows,
                touch: vec![Slot::This],
                cont: i,
            };
        }
        let partner = self.q.scopes.get(i).copied().unwrap_or(i);
        match t.kind {
            TermKind::ScopeOpen if t.oper == Oper::Not => return Plan::Probe(partner),
            TermKind::ScopeClose
                if self
                    .q
                    .terms
                    .get(partner)
                    .is_some_and(|o| o.oper == Oper::Not) =>
            {
                return Plan::Found;
            }
            TermKind::ScopeOpen | TermKind::ScopeClose => return Plan::Pass(i + 1),
            _ => {}
        }
        if matches!(t.kind, TermKind::Eq | TermKind::Match) && t.oper != Oper::Or {
            // `!=` and `~= "!x"` negate inside the predicate.
            return self.alts(How::Matches, &[i], i + 1);
        }
        if t.oper == Oper::Or || (i > 0 && self.q.terms[i - 1].oper == Oper::Or) {
            let mut last = i;
            while self.q.terms.get(last).is_some_and(|t| t.oper == Oper::Or) {
                last += 1;
            }
            let last = last.min(self.q.terms.len().saturating_sub(1));
            let chain: Vec<usize> = (i..=last).collect();
            return self.alts(How::Or(last), &chain, last + 1);
        }
        // A query that starts with a Not or Optional term on a variable: first find every
        // candidate for it. Later in the query an unwritten source stays unwritten: a Not
        // term then asks that nothing matches (`!ChildOf($c, $this)`: no child at all).
        // v4 (`flecs_query_select_all`): any Not or Optional term whose source variable no
        // earlier term writes, except a lookup variable (`$a.b`).
        let candidates = match &t.written {
            Some(written) => {
                !written.src
                    && t.kind == TermKind::Id
                    && matches!(t.oper, Oper::Not | Oper::Optional | Oper::NotFrom)
                    && matches!(t.src, Ref::Var(v) if !self.q.lookups.get(v).is_some_and(|l| l.is_some()))
            }
            None => i == 0 && matches!(t.oper, Oper::Not | Oper::Optional),
        };
        if candidates && !self.src_written(t, st) {
            let touch = match t.src {
                Ref::Var(0) => Slot::This,
                Ref::Var(v) => Slot::Var(v),
                _ => Slot::This,
            };
            return Plan::Alts {
                how: How::Candidates,
                touch: vec![touch],
                cont: i,
            };
        }
        let unset = Plan::Alts {
            how: How::Unset,
            touch: vec![Slot::Field(t.field)],
            cont: i + 1,
        };
        // v4's `IfVar`: a term using a variable only an Optional term wrote is skipped
        // while that variable is unset.
        if let Some(w) = &t.written {
            if w.cond
                .iter()
                .any(|&v| st.vars.get(v).is_some_and(|x| x.0 == 0))
            {
                return unset;
            }
        }
        match t.oper {
            Oper::Not if self.exists(t, st) => Plan::Fail,
            Oper::Not => unset,
            Oper::Optional if !self.exists(t, st) => unset,
            _ => self.alts(How::Matches, &[i], i + 1),
        }
    }

    /// Alternatives of terms `of` (one term, or an Or chain), going on at term `cont`: they
    /// can write `$this`, the variables of their elements and their field.
    fn alts(&self, how: How, of: &[usize], cont: usize) -> Plan {
        let mut touch = Vec::new();
        for t in of.iter().filter_map(|&k| self.q.terms.get(k)) {
            for r in [t.src, t.first, t.second] {
                let slot = match r {
                    Ref::Var(0) => Slot::This,
                    Ref::Var(v) => Slot::Var(v),
                    _ => continue,
                };
                if !touch.contains(&slot) {
                    touch.push(slot);
                }
            }
            if !touch.contains(&Slot::Field(t.field)) {
                touch.push(Slot::Field(t.field));
            }
        }
        Plan::Alts { how, touch, cont }
    }

    /// Calls `f` per alternative of term `i` that [`Search::plan`] chose, with the state as
    /// the alternative leaves it (and restored afterwards), until `f` returns `false`.
    pub(super) fn produce(&self, i: usize, how: How, st: &mut State, f: &mut Cont<'_>) {
        let Some(t) = self.q.terms.get(i) else { return };
        match how {
            How::Rows => {
                let Some((tbl, off, n)) = st.this else { return };
                for r in off..off + n {
                    st.this = Some((tbl, r, 1));
                    if !f(st) {
                        break;
                    }
                }
                st.this = Some((tbl, off, n));
            }
            How::Candidates => {
                self.each_candidate(t, st, f);
            }
            How::Unset => {
                let field = t.field;
                let saved = (st.ids[field], st.srcs[field], st.set[field]);
                st.ids[field] = self.pattern(t, st);
                // v4: a field whose source is a variable reports the variable's value (`*`
                // if unset) even when the field is not set (`ecs_field_src`).
                st.srcs[field] = match (t.src, &t.written) {
                    (Ref::Var(v), Some(_)) if v != 0 => self.el(t.src, st),
                    _ => Id::NULL,
                };
                st.set[field] = false;
                f(st);
                (st.ids[field], st.srcs[field], st.set[field]) = saved;
            }
            How::Matches => {
                self.each_match(t, st, f);
            }
            How::Or(last) => self.or_chain(i, last, st, f),
        }
    }

    /// The alternatives of the Or chain of terms `i..=last`.
    fn or_chain(&self, i: usize, last: usize, st: &mut State, f: &mut Cont<'_>) {
        let Some(chain) = self.q.terms.get(i..=last) else {
            return;
        };
        let Some(head) = chain.first() else { return };
        if self.src_written(head, st) {
            // `flecs_rule_with_or`: the first match of the first alternative that has one,
            // and no other (on redo the block is done).
            for alt in chain {
                let mut found = false;
                self.each_match(alt, st, &mut |st| {
                    found = true;
                    f(st);
                    false
                });
                if found {
                    return;
                }
            }
            return;
        }
        for (k, alt) in chain.iter().enumerate() {
            let go = self.each_match(alt, st, &mut |st| {
                if chain[..k].iter().any(|e| self.exists(e, st)) {
                    return true;
                }
                f(st)
            });
            if !go {
                return;
            }
        }
    }
}
