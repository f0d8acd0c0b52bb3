//! The search's driver: backtracking over the terms with a stack of frames on the heap, so a
//! query of any length runs in constant native stack (a recursive search overflowed a
//! thread's stack at a few thousand terms).
//!
//! Each frame holds the alternatives of one term ([`Search::plan`], [`Search::produce`]) as
//! the values they give the state's parts the term writes, and the values those parts had
//! before, to put back when the search backtracks past it. A term with many matches is held
//! [`CHUNK`] alternatives at a time: once they are tried its matches are found again, the
//! ones tried skipped (each skipped match counting as a step).

use crate::id::Id;
use crate::store::TableId;

use super::plan::{How, Plan, Slot};
use super::run::{Cont, Search, State};

/// At most this many alternatives of one term are held at once.
const CHUNK: usize = 1024;

/// The value of one [`Slot`].
#[derive(Debug, Clone, Copy)]
enum Val {
    This(Option<(TableId, u32, u32)>),
    Var(Id),
    Field(Id, Id, bool),
}

fn read(st: &State, slot: Slot) -> Val {
    match slot {
        Slot::This => Val::This(st.this),
        Slot::Var(v) => Val::Var(st.vars.get(v).copied().unwrap_or_default()),
        Slot::Field(f) => Val::Field(
            st.ids.get(f).copied().unwrap_or_default(),
            st.srcs.get(f).copied().unwrap_or_default(),
            st.set.get(f).copied().unwrap_or(false),
        ),
    }
}

fn write(st: &mut State, slot: Slot, val: Val) {
    match (slot, val) {
        (Slot::This, Val::This(x)) => st.this = x,
        (Slot::Var(v), Val::Var(x)) => {
            if let Some(cur) = st.vars.get_mut(v) {
                *cur = x;
            }
        }
        (Slot::Field(f), Val::Field(id, src, set)) => {
            if let (Some(a), Some(b), Some(c)) =
                (st.ids.get_mut(f), st.srcs.get_mut(f), st.set.get_mut(f))
            {
                (*a, *b, *c) = (id, src, set);
            }
        }
        _ => {}
    }
}

/// The alternatives of one term.
struct Alts {
    term: usize,
    how: How,
    touch: Vec<Slot>,
    /// The touched slots' values before any alternative.
    before: Vec<Val>,
    /// `touch.len()` values per alternative of the current chunk.
    vals: Vec<Val>,
    /// How many alternatives the current chunk has, and the next one to try.
    count: usize,
    next: usize,
    /// Where the search goes on after one is applied.
    cont: usize,
    /// How many alternatives were found so far (this chunk included), and whether the term
    /// has more than that.
    produced: usize,
    more: bool,
}

enum Frame {
    Alts(Alts),
    /// A not-scope whose terms are being searched; it closes at the given term.
    Probe(usize),
    /// A not-scope whose terms had no solution: the search went on after it.
    Passed,
}

impl Alts {
    fn restore(&self, st: &mut State) {
        for (&slot, &val) in self.touch.iter().zip(&self.before) {
            write(st, slot, val);
        }
    }

    /// Writes alternative `k` of the current chunk into the state.
    fn apply(&self, k: usize, st: &mut State) {
        let n = self.touch.len();
        let vals = self.vals.get(k * n..(k + 1) * n).unwrap_or_default();
        for (&slot, &val) in self.touch.iter().zip(vals) {
            write(st, slot, val);
        }
    }
}

impl Search<'_> {
    /// Takes one step of the budget; `false` (and the search marked exhausted) if none is
    /// left.
    fn tick(&self, n: u64) -> bool {
        match self.steps.get().checked_sub(n) {
            Some(left) => {
                self.steps.set(left);
                true
            }
            None => {
                self.steps.set(0);
                self.exhausted.set(true);
                false
            }
        }
    }

    /// Finds the next chunk of a frame's alternatives (the state as before any of them).
    fn fill(&self, a: &mut Alts, st: &mut State) -> bool {
        let mut skip = a.produced;
        // The alternatives tried already are found again: each counts as a step.
        if !self.tick(skip as u64) {
            return false;
        }
        a.vals.clear();
        let (mut count, mut more) = (0, false);
        let (touch, vals) = (&a.touch, &mut a.vals);
        self.produce(a.term, a.how, st, &mut |st| {
            if skip > 0 {
                skip -= 1;
                return true;
            }
            if count == CHUNK {
                more = true;
                return false;
            }
            vals.extend(touch.iter().map(|&slot| read(st, slot)));
            count += 1;
            true
        });
        (a.count, a.next, a.more) = (count, 0, more);
        a.produced += count;
        true
    }

    /// Runs all terms, calling `f` per solution in Flecs' order. Returns `false` if `f`
    /// stopped the search or its steps ran out ([`Search::out_of_steps`] tells which); the
    /// state is as it was either way.
    pub(crate) fn run_terms(&self, st: &mut State, f: &mut Cont<'_>) -> bool {
        let end = self.q.terms.len();
        if end == 0 {
            // A query of no terms (`0`) matches nothing, as Flecs' `Nothing` instruction.
            return true;
        }
        let mut stack: Vec<Frame> = Vec::new();
        // The term the search moves on to, or `None` to backtrack.
        let mut at = Some(0);
        loop {
            if let Some(i) = at.take() {
                // Every state counts against the budget: wildcard terms multiply, and a
                // query such as `*, *, *, *, *, *, Missing` backtracks through every
                // combination.
                if !self.tick(1) || (i >= end && !f(st)) {
                    unwind(&mut stack, st, |_| false);
                    return false;
                }
                if i < end {
                    match self.plan(i, st) {
                        Plan::Pass(j) => at = Some(j),
                        Plan::Fail => {}
                        Plan::Probe(close) => {
                            stack.push(Frame::Probe(close));
                            at = Some(i + 1);
                        }
                        // The not-scope has a solution: back out of it, and it fails.
                        Plan::Found => unwind(&mut stack, st, |fr| matches!(fr, Frame::Probe(_))),
                        Plan::Alts { how, touch, cont } => {
                            let before = touch.iter().map(|&s| read(st, s)).collect();
                            let mut a = Alts {
                                term: i,
                                how,
                                touch,
                                before,
                                vals: Vec::new(),
                                count: 0,
                                next: 0,
                                cont,
                                produced: 0,
                                more: false,
                            };
                            if !self.fill(&mut a, st) {
                                unwind(&mut stack, st, |_| false);
                                return false;
                            }
                            stack.push(Frame::Alts(a));
                        }
                    }
                    if at.is_some() {
                        continue;
                    }
                }
            }
            // Backtrack to the newest frame with an alternative left.
            loop {
                let Some(top) = stack.last_mut() else {
                    return true;
                };
                match top {
                    Frame::Alts(a) if a.next < a.count => {
                        a.apply(a.next, st);
                        a.next += 1;
                        at = Some(a.cont);
                        break;
                    }
                    Frame::Alts(a) if a.more => {
                        a.restore(st);
                        if !self.fill(a, st) {
                            unwind(&mut stack, st, |_| false);
                            return false;
                        }
                    }
                    Frame::Alts(a) => {
                        a.restore(st);
                        stack.pop();
                    }
                    // The not-scope's terms have no solution: it passes.
                    Frame::Probe(close) => {
                        at = Some(*close + 1);
                        *top = Frame::Passed;
                        break;
                    }
                    Frame::Passed => {
                        stack.pop();
                    }
                }
            }
        }
    }
}

/// Pops frames, putting back what they wrote, through the first one `stop` accepts (all of
/// them if none).
fn unwind(stack: &mut Vec<Frame>, st: &mut State, stop: impl Fn(&Frame) -> bool) {
    while let Some(fr) = stack.pop() {
        if let Frame::Alts(a) = &fr {
            a.restore(st);
        }
        if stop(&fr) {
            return;
        }
    }
}
