//! Traversal: the upward search (`ecs_search_relation`) a written source uses and the down
//! cache (`flecs_trav_entity_down`) an unwritten one uses, as v3.2.12's rules engine has them.

use crate::builtin::{IS_A, TRAVERSABLE, WILDCARD};
use crate::id::Id;
use crate::store::TableId;

use super::run::{Search, MAX_DEPTH};

impl Search<'_> {
    /// Whether an id can be inherited through `IsA` (not `DontInherit`).
    pub(super) fn inheritable(&self, pat: Id) -> bool {
        let pred = if pat.is_pair() { pat.first() } else { pat };
        pred == WILDCARD
            || self
                .w
                .alive(pred)
                .is_some_and(|p| !self.w.owns(p, crate::builtin::DONT_INHERIT))
    }

    /// `ecs_search_relation` upwards from a table: the first target (depth first) that has the
    /// id, and the id it has.
    pub(crate) fn search_up(
        &self,
        tbl: TableId,
        pat: Id,
        rel: Id,
        depth: usize,
    ) -> Option<(Id, Id)> {
        if depth > MAX_DEPTH || (rel == IS_A && !self.inheritable(pat)) {
            return None;
        }
        let table = self.w.table(tbl);
        let rec = table.record(Id::pair(rel, WILDCARD))?;
        let lo = rec.index as usize;
        for id in table.ids().get(lo..lo + rec.count as usize)? {
            let Some(tgt) = self.w.alive(id.second()) else {
                continue;
            };
            let Some(tt) = self.w.table_of(tgt) else {
                continue;
            };
            if let Some(m) = self.columns(tt, pat).next() {
                return Some((tgt, m));
            }
            if let Some(found) = self.search_up(tt, pat, rel, depth + 1) {
                return Some(found);
            }
        }
        None
    }

    /// Whether `e` is the target of a traversable relationship (`EcsEntityIsTraversable`).
    pub(super) fn traversable(&self, e: Id) -> bool {
        self.w.tables_with(Id::pair(WILDCARD, e)).iter().any(|&tb| {
            self.w.table(tb).ids().iter().any(|id| {
                id.is_pair()
                    && id.second().index() == e.index()
                    && self
                        .w
                        .alive(id.first())
                        .is_some_and(|r| r == IS_A || self.w.owns(r, TRAVERSABLE))
            })
        })
    }

    /// The traversal down cache (`flecs_trav_entity_down`): tables that reach `pat` through
    /// `(rel, e)`, breadth first, each with whether it is a leaf.
    pub(super) fn down(
        &self,
        rel: Id,
        e: Id,
        pat: Id,
        self_: bool,
        out: &mut Vec<(TableId, bool)>,
        depth: usize,
    ) {
        if depth > MAX_DEPTH || out.len() > 1_000_000 {
            return;
        }
        if rel != IS_A {
            for &tb in self.w.tables_with(Id::pair(IS_A, e)) {
                let ents: Vec<Id> = self.w.table(tb).entities().to_vec();
                for x in ents {
                    if self.traversable(x) {
                        self.down(rel, x, pat, self_, out, depth + 1);
                    }
                }
            }
        }
        let first = out.len();
        let via = Id::pair(rel, e);
        for tb in self.w.tables_in_iter_order(via) {
            let mut leaf = false;
            if self.columns(tb, pat).next().is_some() {
                if self_ {
                    continue;
                }
                leaf = true;
            }
            if let Some(r) = self.w.table(tb).record(Id::pair(rel, WILDCARD)) {
                if r.count > 1 {
                    // Only the first relationship through which the id is reachable counts.
                    let reached = self.search_up(tb, pat, rel, 0).map(|(s, _)| s);
                    let through = reached.and_then(|s| self.first_target_reaching(tb, rel, s));
                    if through.is_some_and(|x| x.index() != e.index()) {
                        continue;
                    }
                }
            }
            out.push((tb, leaf));
        }
        let last = out.len();
        for k in first..last {
            let (tb, leaf) = out[k];
            if leaf {
                continue;
            }
            let ents: Vec<Id> = self.w.table(tb).entities().to_vec();
            for x in ents {
                if self.traversable(x) {
                    self.down(rel, x, pat, self_, out, depth + 1);
                }
            }
        }
    }

    /// Which direct `(rel, T)` target of a table leads up to `src`.
    pub(super) fn first_target_reaching(&self, tb: TableId, rel: Id, src: Id) -> Option<Id> {
        let table = self.w.table(tb);
        let r = table.record(Id::pair(rel, WILDCARD))?;
        let lo = r.index as usize;
        for id in table.ids().get(lo..lo + r.count as usize)? {
            let tgt = self.w.alive(id.second())?;
            if tgt == src || self.reaches(tgt, rel, src, 0) {
                return Some(tgt);
            }
        }
        None
    }

    pub(super) fn reaches(&self, from: Id, rel: Id, to: Id, depth: usize) -> bool {
        depth < MAX_DEPTH
            && self
                .w
                .targets(from, rel)
                .into_iter()
                .any(|t| t == to || self.reaches(t, rel, to, depth + 1))
    }

    /// `flecs_relation_depth`: 0 for a table without `(rel, *)`, else one more than the
    /// deepest of its targets' tables (what a cached query's `cascade` groups tables by).
    pub(crate) fn relation_depth(&self, rel: Id, table: TableId, depth: usize) -> u32 {
        if depth > MAX_DEPTH {
            return 0;
        }
        let tbl = self.w.table(table);
        let Some(rec) = tbl.record(Id::pair(rel, WILDCARD)) else {
            return 0;
        };
        let (lo, hi) = (rec.index as usize, (rec.index + rec.count) as usize);
        let mut best = 0;
        for &pair in tbl.ids().get(lo..hi).unwrap_or_default() {
            let target = self.w.alive(pair.second());
            if let Some(t) = target.and_then(|o| self.w.table_of(o)) {
                best = best.max(self.relation_depth(rel, t, depth + 1));
            }
        }
        best + 1
    }
}
