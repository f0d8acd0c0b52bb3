//! What a cached query (`ecs_query_init`) does on top of the rules engine's search, as v3.2.12's
//! `entity_filter.c` does it: union relationships found through their `(Union, Rel)` column,
//! and `$this` results split by union target and by toggle bits.

use crate::builtin::{ANY, UNION, WILDCARD};
use crate::id::Id;
use crate::query::TermKind;
use crate::store::Column;

use super::compile::{CTerm, Ref};
use super::run::{Cont, Search, State};

impl Search<'_> {
    /// The relationship of a `(Rel, Tgt)`, `(Rel, *)` or `(Rel, _)` term whose `Rel` has the
    /// `Union` trait (variables are left to the plain search).
    pub(super) fn union_rel(&self, t: &CTerm) -> Option<Id> {
        let Ref::Ent(rel) = t.first else { return None };
        if rel.0 == 0 || rel == WILDCARD || rel == ANY || rel == UNION {
            return None;
        }
        if !matches!(t.second, Ref::Ent(_) | Ref::Wild | Ref::Any) {
            return None;
        }
        self.w.owns(rel, UNION).then_some(rel)
    }

    /// A union pair as a cached query matches it (`flecs_query_id_record_get`): tables are
    /// found through `(Union, Rel)`, the field shows the public id (`(Rel, Tgt)`, or
    /// `(Rel, *)` for a wildcard, as `flecs_to_public_id` gives it). Rows of a `$this` table
    /// are filtered by target afterwards ([`Search::split_rows`]); an entity source is
    /// checked here.
    pub(super) fn each_union_match(
        &self,
        t: &CTerm,
        rel: Id,
        st: &mut State,
        f: &mut Cont<'_>,
    ) -> bool {
        let public = match t.second {
            Ref::Ent(tgt) => Id::pair(rel, tgt),
            _ => Id::pair(rel, WILDCARD),
        };
        let field = t.field;
        self.each_match_pat(t, Id::pair(UNION, rel), st, &mut |st| {
            let src = st.srcs[field];
            if src.0 != 0 && !self.w.owns(src, public) {
                return true;
            }
            let saved = st.ids[field];
            st.ids[field] = public;
            let go = f(st);
            st.ids[field] = saved;
            go
        })
    }

    /// Cached queries only (`flecs_entity_filter_next`): a `$this` result is narrowed to the
    /// rows whose union targets are the fields' targets (one row per result) and whose
    /// toggle bits for the fields' ids are enabled (one result per run of enabled rows).
    ///
    /// Rows of one union target come in the order of v3.2.12's switch list: the row whose
    /// target was set last first (a row moved by a delete keeps its place).
    pub(crate) fn split_rows(&self, st: &mut State, f: &mut Cont<'_>) -> bool {
        let Some((tbl, off, n)) = st.this else {
            return f(st);
        };
        let table = self.w.table(tbl);
        let mut cases: Vec<(&[Id], Id)> = Vec::new();
        let mut newest: Option<&[u64]> = None;
        let mut bits: Vec<&[bool]> = Vec::new();
        for t in &self.q.terms {
            if t.kind != TermKind::Id || t.src != Ref::Var(0) {
                continue;
            }
            let fi = t.field;
            if !st.set.get(fi).copied().unwrap_or(false) || st.srcs[fi].0 != 0 {
                continue;
            }
            let id = st.ids[fi];
            if id.is_pair() && id.first() != UNION && id.second() != WILDCARD && id.second() != ANY
            {
                if let Some(tg) = table.union_targets(id.first()) {
                    cases.push((tg, id.second()));
                    newest = newest.or(table.union_stamps(id.first()));
                }
            }
            // `TOGGLE | id` has a bitset column for plain ids and pairs alike (v3.2.12's
            // `flecs_table_init_flags` gives any id with the flag one).
            if let Some(Column::Toggle(b)) = table.column(id.with_flag(Id::TOGGLE)) {
                bits.push(b);
            }
        }
        if cases.is_empty() && bits.is_empty() {
            return f(st);
        }
        let case_ok = |r: usize| {
            cases
                .iter()
                .all(|(tg, c)| tg.get(r).is_some_and(|x| x.index() == c.index()))
        };
        let enabled = |r: usize| bits.iter().all(|b| b.get(r).copied().unwrap_or(false));
        let (lo, hi) = (off as usize, (off + n) as usize);
        let mut go = true;
        let mut emit = |st: &mut State, r: usize, k: usize| {
            st.this = Some((tbl, r as u32, k as u32));
            f(st)
        };
        if bits.is_empty() {
            // The first union field's list for its target, newest first.
            let mut rows: Vec<usize> = (lo..hi).filter(|&r| case_ok(r)).collect();
            if let Some(when) = newest {
                rows.sort_by_key(|&r| std::cmp::Reverse(when.get(r).copied().unwrap_or(0)));
            }
            for r in rows {
                if !emit(st, r, 1) {
                    go = false;
                    break;
                }
            }
        } else {
            let mut r = lo;
            'runs: while r < hi {
                if !enabled(r) {
                    r += 1;
                    continue;
                }
                let mut e = r;
                while e < hi && enabled(e) {
                    e += 1;
                }
                if cases.is_empty() {
                    if !emit(st, r, e - r) {
                        go = false;
                        break 'runs;
                    }
                } else {
                    for x in r..e {
                        if case_ok(x) && !emit(st, x, 1) {
                            go = false;
                            break 'runs;
                        }
                    }
                }
                r = e;
            }
        }
        st.this = Some((tbl, off, n));
        go
    }
}
