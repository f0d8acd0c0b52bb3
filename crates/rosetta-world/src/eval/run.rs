//! The search's state and how one term finds its matches, the way the v3.2.12 rules engine's
//! instructions do (`And`/`With` over id records, `SelfUp`/`Up` through traversal caches), so
//! that results come in Flecs' order. What each term does is in `plan.rs`, the predicates in
//! `pred.rs`, and the backtracking over the terms in `backtrack.rs`.

use crate::builtin::{ANY, IS_A, WILDCARD};
use crate::id::Id;
use crate::query::{Oper, TermKind};
use crate::store::TableId;
use crate::world::World;

use super::compile::{CTerm, Compiled, Ref};

/// Bound on traversal depth (relationship chains are acyclic; this guards corrupt input).
pub(super) const MAX_DEPTH: usize = 64;

/// Where the search is: `$this`, the variables and the fields filled so far.
#[derive(Debug, Clone)]
pub(crate) struct State {
    /// `$this`: a table and a row range, once written.
    pub this: Option<(TableId, u32, u32)>,
    /// Variable values (index 0 unused: `$this` is `this`); `Id::NULL` while unwritten.
    pub vars: Vec<Id>,
    pub ids: Vec<Id>,
    pub srcs: Vec<Id>,
    pub set: Vec<bool>,
}

/// The continuation: called per solution, returns `false` to stop the search.
pub(super) type Cont<'c> = dyn FnMut(&mut State) -> bool + 'c;

pub(crate) struct Search<'a> {
    pub w: &'a World,
    pub q: &'a Compiled,
    /// Cached-query behaviour (`ecs_query_init`): a pair of a union relationship is found
    /// through its `(Union, Rel)` storage column, and [`Search::split_rows`] applies.
    pub cached: bool,
    /// Search steps left; the search stops when they run out ([`Search::out_of_steps`]).
    pub steps: std::cell::Cell<u64>,
    pub exhausted: std::cell::Cell<bool>,
}

impl Search<'_> {
    /// Whether the search stopped because its steps ran out.
    pub(crate) fn out_of_steps(&self) -> bool {
        self.exhausted.get()
    }

    pub(crate) fn new_state(&self) -> State {
        State {
            this: None,
            vars: vec![Id::NULL; self.q.vars.len()],
            ids: self
                .q
                .terms
                .iter()
                .fold(vec![Id::NULL; self.q.field_count], |mut v, t| {
                    if let Some(x) = v.get_mut(t.field) {
                        if x.0 == 0 {
                            *x = t.id;
                        }
                    }
                    v
                }),
            srcs: vec![Id::NULL; self.q.field_count],
            // A predicate's field (`==`, `!=`, `~=`) is never set, as in Flecs.
            set: self
                .q
                .terms
                .iter()
                .fold(vec![true; self.q.field_count], |mut v, t| {
                    if matches!(t.kind, TermKind::Eq | TermKind::Match) || t.never_set {
                        if let Some(x) = v.get_mut(t.field) {
                            *x = false;
                        }
                    }
                    v
                }),
        }
    }

    /// Whether term `i` needs `$this` as one entity. A predicate on `$this` narrows the
    /// table's range instead, except in an Or chain (Flecs resolves the entity there, so each
    /// alternative can match its own rows).
    pub(super) fn uses_this_entity(&self, i: usize) -> bool {
        let this = Ref::Var(0);
        let Some(t) = self.q.terms.get(i) else {
            return false;
        };
        let in_or = t.oper == Oper::Or
            || i.checked_sub(1)
                .and_then(|p| self.q.terms.get(p))
                .is_some_and(|p| p.oper == Oper::Or);
        // `$this.b` (a lookup variable) looks up under `$this` as one entity too.
        let this_lookup = [t.src, t.first, t.second].iter().any(
            |r| matches!(r, Ref::Var(v) if matches!(self.q.lookups.get(*v), Some(Some((0, _))))),
        );
        t.first == this
            || t.second == this
            || this_lookup
            || (matches!(t.kind, TermKind::Eq | TermKind::Match) && t.src == this && in_or)
    }

    pub(crate) fn src_written(&self, t: &CTerm, st: &State) -> bool {
        match t.src {
            Ref::Var(0) => st.this.is_some(),
            Ref::Var(v) => st.vars.get(v).is_some_and(|x| x.0 != 0),
            _ => true,
        }
    }

    /// Whether term `t` has at least one match in this state.
    pub(super) fn exists(&self, t: &CTerm, st: &mut State) -> bool {
        let mut found = false;
        self.each_match(t, st, &mut |_| {
            found = true;
            false
        });
        found
    }

    /// The value of a term element in this state: an entity, or `*` for an unknown.
    pub(super) fn el(&self, r: Ref, st: &State) -> Id {
        match r {
            Ref::Ent(e) => e,
            Ref::Var(0) => match st.this {
                Some((t, row, 1)) => self
                    .w
                    .table(t)
                    .entities()
                    .get(row as usize)
                    .copied()
                    .unwrap_or(WILDCARD),
                _ => WILDCARD,
            },
            Ref::Var(v) => match st.vars.get(v) {
                Some(x) if x.0 != 0 => *x,
                _ => WILDCARD,
            },
            Ref::Any | Ref::Wild | Ref::Unset => WILDCARD,
        }
    }

    /// The id to look for: the term's id with written variables filled in.
    pub(crate) fn pattern(&self, t: &CTerm, st: &State) -> Id {
        let first = self.el(t.first, st);
        match t.second {
            Ref::Unset => first,
            s => Id::pair(first, self.el(s, st)),
        }
    }

    /// Whether only the first match counts (`_` somewhere in the id).
    fn any_only(t: &CTerm) -> bool {
        t.first == Ref::Any || t.second == Ref::Any
    }

    /// The type indices of `table` whose id matches `pat`.
    pub(crate) fn columns(&self, table: TableId, pat: Id) -> impl Iterator<Item = Id> + '_ {
        let tbl = self.w.table(table);
        let ids = tbl.ids();
        let (lo, hi, scan) = if pat.is_pair() && pat.first() == WILDCARD {
            (0, ids.len(), true)
        } else {
            match tbl.record(pat) {
                Some(r) => (r.index as usize, (r.index + r.count) as usize, false),
                None => (0, 0, false),
            }
        };
        ids.get(lo..hi)
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(move |&id| !scan || crate::world::ops::id_matches(pat, id))
    }

    /// Binds the term's variables from the matched id; `false` if a written one disagrees.
    fn bind(&self, t: &CTerm, matched: Id, st: &mut State, saved: &mut Vec<(usize, Id)>) -> bool {
        let (f, s) = if matched.is_pair() {
            (matched.first(), matched.second())
        } else {
            (matched, Id::NULL)
        };
        for (r, val) in [(t.first, f), (t.second, s)] {
            if let Ref::Var(v) = r {
                if v == 0 {
                    if self.w.version() == crate::version::FlecsVersion::V4
                        && !self.bind_this(val, st)
                    {
                        return false;
                    }
                    continue;
                }
                let val = self.w.alive(val).unwrap_or(val);
                match st.vars.get(v).copied() {
                    Some(cur) if cur.0 == 0 => {
                        saved.push((v, cur));
                        st.vars[v] = val;
                    }
                    Some(cur) if cur.index() != val.index() => return false,
                    _ => {}
                }
            }
        }
        true
    }

    /// v4: `$this` as a term's first or second element is the entity `val` (`$this` alone
    /// matches entities that have themselves, `$this(Sun)` each id of `Sun`): narrows a
    /// written `$this` to that entity's row, or writes it. `false` if it is not there.
    fn bind_this(&self, val: Id, st: &mut State) -> bool {
        let Some(e) = self.w.alive(val) else {
            return false;
        };
        let Some(loc) = self.w.location(e) else {
            return false;
        };
        let Some(tbl) = loc.table else { return false };
        match st.this {
            Some((t, row, n)) => {
                let inside = t == tbl && loc.row >= row && loc.row < row + n;
                if inside {
                    st.this = Some((t, loc.row, 1));
                }
                inside
            }
            None => {
                st.this = Some((tbl, loc.row, 1));
                true
            }
        }
    }

    fn unbind(st: &mut State, saved: &mut Vec<(usize, Id)>) {
        while let Some((v, old)) = saved.pop() {
            st.vars[v] = old;
        }
    }

    /// Reports a match of `t`: id, source, then the continuation.
    pub(super) fn report(
        &self,
        t: &CTerm,
        matched: Id,
        src: Id,
        st: &mut State,
        f: &mut Cont<'_>,
    ) -> bool {
        let mut saved = Vec::new();
        let this = st.this;
        if !self.bind(t, matched, st, &mut saved) {
            st.this = this;
            return true;
        }
        let fi = t.field;
        let src = match t.src {
            Ref::Var(v) if v != 0 && src.0 == 0 => st.vars.get(v).copied().unwrap_or_default(),
            _ => src,
        };
        let src = t.report_src.unwrap_or(src);
        let old = (st.ids[fi], st.srcs[fi], st.set[fi]);
        st.ids[fi] = t.report_id.unwrap_or(matched);
        st.srcs[fi] = src;
        st.set[fi] = !t.never_set;
        let go = f(st);
        (st.ids[fi], st.srcs[fi], st.set[fi]) = old;
        Self::unbind(st, &mut saved);
        st.this = this;
        go
    }

    /// Calls `f` for every match of term `t` (an id term or a predicate).
    pub(crate) fn each_match(&self, t: &CTerm, st: &mut State, f: &mut Cont<'_>) -> bool {
        // v4's lookup variables (`$a.b`) the term reads are written first: the child of the
        // base's entity, or no match (`flecs_query_lookup`).
        for r in [t.src, t.first, t.second] {
            let Ref::Var(v) = r else { continue };
            let Some(Some((base, path))) = self.q.lookups.get(v) else {
                continue;
            };
            if st.vars.get(v).is_some_and(|x| x.0 != 0) {
                continue;
            }
            let parent = self.el(Ref::Var(*base), st);
            let found = (parent != WILDCARD)
                .then(|| self.w.lookup_from(parent, path, false))
                .flatten();
            let Some(child) = found else { return true };
            st.vars[v] = child;
            let go = self.each_match(t, st, f);
            st.vars[v] = Id::NULL;
            return go;
        }
        if matches!(t.kind, TermKind::Eq | TermKind::Match) {
            return self.predicate(t, st, f);
        }
        if self.cached {
            if let Some(rel) = self.union_rel(t) {
                return self.each_union_match(t, rel, st, f);
            }
        }
        let pat = self.pattern(t, st);
        self.each_match_pat(t, pat, st, f)
    }

    /// [`Search::each_match`] with the id to look for given.
    pub(super) fn each_match_pat(
        &self,
        t: &CTerm,
        pat: Id,
        st: &mut State,
        f: &mut Cont<'_>,
    ) -> bool {
        match t.src {
            Ref::Ent(e) if e.0 == 0 => self.report(t, pat, Id::NULL, st, f),
            Ref::Ent(e) => match self.w.table_of(e) {
                Some(tbl) => self.with(t, tbl, pat, e, st, f),
                None => true,
            },
            Ref::Var(0) => match st.this {
                Some((tbl, _, _)) => self.with(t, tbl, pat, Id::NULL, st, f),
                None => self.select(t, pat, st, f),
            },
            Ref::Var(v) => {
                let cur = st.vars.get(v).copied().unwrap_or_default();
                // v4: a variable an earlier term writes but left unset (an Optional term
                // without match) holds `*`, which is matched as an entity.
                let cur = match (cur.0, &t.written) {
                    (0, Some(w)) if w.src => WILDCARD,
                    _ => cur,
                };
                if cur.0 != 0 {
                    match self.w.table_of(cur) {
                        Some(tbl) => self.with(t, tbl, pat, cur, st, f),
                        None => true,
                    }
                } else {
                    self.select(t, pat, st, f)
                }
            }
            Ref::Wild | Ref::Any | Ref::Unset => {
                // `Ids`: is the id used at all? No source.
                let any = self
                    .w
                    .tables_in_iter_order(pat)
                    .into_iter()
                    .find_map(|tb| self.columns(tb, pat).next());
                match any {
                    Some(m) => self.report(t, m, Id::NULL, st, f),
                    None => true,
                }
            }
        }
    }

    /// `With` / `SelfUpWith` / `UpWith`: the source's table is known.
    fn with(
        &self,
        t: &CTerm,
        tbl: TableId,
        pat: Id,
        src: Id,
        st: &mut State,
        f: &mut Cont<'_>,
    ) -> bool {
        if t.self_ {
            let ms: Vec<Id> = if Self::any_only(t) {
                self.columns(tbl, pat).take(1).collect()
            } else {
                self.columns(tbl, pat).collect()
            };
            if !ms.is_empty() {
                for m in ms {
                    if !self.report(t, m, src, st, f) {
                        return false;
                    }
                }
                return true;
            }
        }
        if let Some(rel) = t.up {
            if let Some((s, m)) = self.search_up(tbl, pat, rel, 0) {
                return self.report(t, m, s, st, f);
            }
        }
        true
    }

    /// Whether a table is left out of `$this` by default (prefabs, disabled entities).
    pub(crate) fn filtered(&self, tbl: TableId) -> bool {
        let ids = self.w.table(tbl).ids();
        (!self.q.match_prefab && ids.binary_search(&crate::builtin::PREFAB).is_ok())
            || (!self.q.match_disabled && ids.binary_search(&crate::builtin::DISABLED).is_ok())
    }

    /// Writes the term's source to a table: `$this` takes the table, a variable each entity.
    pub(super) fn write_src(
        &self,
        t: &CTerm,
        tbl: TableId,
        st: &mut State,
        f: &mut Cont<'_>,
    ) -> bool {
        match t.src {
            Ref::Var(0) => {
                let n = self.w.table(tbl).len() as u32;
                st.this = Some((tbl, 0, n));
                let go = f(st);
                st.this = None;
                go
            }
            Ref::Var(v) => {
                for &e in self.w.table(tbl).entities() {
                    st.vars[v] = e;
                    if !f(st) {
                        st.vars[v] = Id::NULL;
                        return false;
                    }
                }
                st.vars[v] = Id::NULL;
                true
            }
            _ => true,
        }
    }

    /// `Select` / `SelfUp` / `Up` with an unwritten source.
    fn select(&self, t: &CTerm, pat: Id, st: &mut State, f: &mut Cont<'_>) -> bool {
        if self.is_tree_wildcard(t, pat) {
            return self.select_tree_wildcard(t, st, f);
        }
        let this = t.src == Ref::Var(0);
        let tables = self.w.tables_in_iter_order(pat);
        let up = t.up.filter(|&rel| {
            !self
                .w
                .tables_in_iter_order(Id::pair(rel, WILDCARD))
                .is_empty()
        });
        let Some(rel) = up else {
            if !t.self_ {
                return true;
            }
            for tb in tables {
                if this && self.filtered(tb) {
                    continue;
                }
                let ms: Vec<Id> = if Self::any_only(t) {
                    self.columns(tb, pat).take(1).collect()
                } else {
                    self.columns(tb, pat).collect()
                };
                for m in ms {
                    let go =
                        self.write_src(t, tb, st, &mut |st| self.report(t, m, Id::NULL, st, f));
                    if !go {
                        return false;
                    }
                }
            }
            return true;
        };
        for tb in tables {
            let Some(m) = self.columns(tb, pat).next() else {
                continue;
            };
            if t.self_ && !(this && self.filtered(tb)) {
                let go = self.write_src(t, tb, st, &mut |st| self.report(t, m, Id::NULL, st, f));
                if !go {
                    return false;
                }
            }
            if rel == IS_A && !self.inheritable(pat) {
                continue;
            }
            let ents: Vec<Id> = self.w.table(tb).entities().to_vec();
            for e in ents {
                if !self.traversable(e) {
                    continue;
                }
                let mut down = Vec::new();
                self.down(rel, e, pat, t.self_, &mut down, 0);
                for (dt, _) in down {
                    if this && self.filtered(dt) {
                        continue;
                    }
                    let go = self.write_src(t, dt, st, &mut |st| self.report(t, m, e, st, f));
                    if !go {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The candidates for an unwritten source before a Not or Optional term: every table
    /// (`$this`, prefabs and disabled left out) or entity (a variable).
    pub(super) fn each_candidate(&self, t: &CTerm, st: &mut State, f: &mut Cont<'_>) -> bool {
        for tb in self.w.tables_in_iter_order(ANY) {
            // v4's `All` leaves prefabs and disabled entities out for any variable.
            if (t.src == Ref::Var(0) || t.written.is_some()) && self.filtered(tb) {
                continue;
            }
            if !self.write_src(t, tb, st, f) {
                return false;
            }
        }
        true
    }
}
