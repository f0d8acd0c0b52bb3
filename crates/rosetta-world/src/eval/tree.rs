//! v4.1.6's `tree_wc` instruction (`flecs_query_tree_select_wildcard` in
//! `src/query/engine/eval_tree.c`): an And term `(ChildOf, $var)` or `(ChildOf, *)` without
//! traversal and with an unwritten source. It walks the `(ChildOf, *)` records in the order
//! Flecs links them, newest first (`flecs_component_elem_insert` puts a new record right
//! after the list's head), and each record's non-empty tables in creation order. Unlike
//! other selects it leaves neither prefabs nor disabled entities out.

use crate::builtin::{CHILD_OF, WILDCARD};
use crate::id::Id;
use crate::query::Oper;
use crate::version::FlecsVersion;

use super::compile::{CTerm, Ref};
use super::run::{Cont, Search, State};

impl Search<'_> {
    /// Whether term `t`, selecting `pat`, is v4.1.6's `tree_wc`. A cached query's terms are
    /// matched from its cache instead, in table creation order.
    pub(super) fn is_tree_wildcard(&self, t: &CTerm, pat: Id) -> bool {
        self.w.version() == FlecsVersion::V4
            && !self.cached
            && t.oper == Oper::And
            && t.self_
            && t.up.is_none()
            && t.first == Ref::Ent(CHILD_OF)
            && matches!(t.second, Ref::Var(_) | Ref::Wild)
            && pat == Id::pair(CHILD_OF, WILDCARD)
    }

    /// The parents of the `(ChildOf, *)` records, newest record first. A record is made with
    /// the first table that has its pair (tables are never removed), and a type holds one
    /// ChildOf pair, so the records' creation order is the order in which the `(ChildOf, *)`
    /// tables, in creation order, first name each parent.
    fn childof_records_newest_first(&self) -> Vec<Id> {
        let mut seen = crate::hash::HashSet::default();
        let mut parents: Vec<Id> = Vec::new();
        for &tb in self.w.tables_with(Id::pair(CHILD_OF, WILDCARD)) {
            let pairs = self.columns(tb, Id::pair(CHILD_OF, WILDCARD));
            for p in pairs.map(Id::second) {
                if p != Id::NULL && seen.insert(p) {
                    parents.push(p);
                }
            }
        }
        parents.reverse();
        parents
    }

    /// `tree_wc`: each `(ChildOf, P)` record newest first, its non-empty tables in creation
    /// order, the source written to each whole table.
    pub(super) fn select_tree_wildcard(&self, t: &CTerm, st: &mut State, f: &mut Cont<'_>) -> bool {
        for parent in self.childof_records_newest_first() {
            let pair = Id::pair(CHILD_OF, parent);
            for tb in self.w.tables_in_iter_order(pair) {
                let go = self.write_src(t, tb, st, &mut |st| self.report(t, pair, Id::NULL, st, f));
                if !go {
                    return false;
                }
            }
        }
        true
    }
}
