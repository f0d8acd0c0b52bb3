//! The predicates `==`, `!=` and `~=` (v3.2.12's `EcsRulePredEq`, `PredNeq`, `PredEqName`,
//! `PredNeqName`, `PredEqMatch`, `PredNeqMatch`).

use crate::builtin::{ANY, IDENTIFIER, NAME, WILDCARD};
use crate::id::Id;
use crate::query::{Oper, TermKind};

use super::compile::{CTerm, Ref};
use super::run::{Cont, Search, State};

impl Search<'_> {
    /// `==`, `!=`, `~=` on the term's source variable.
    pub(super) fn predicate(&self, t: &CTerm, st: &mut State, f: &mut Cont<'_>) -> bool {
        let negate = t.oper == Oper::Not;
        // `$x == *` and `$x == _` constrain nothing (Flecs compiles them to no instruction).
        if t.kind == TermKind::Eq && matches!(t.second, Ref::Wild | Ref::Any) {
            return f(st);
        }
        let text = t.text.as_deref();
        let rhs = match (t.kind, text, t.second) {
            // A string on the right of `==` or `!=` is looked up as a path when the query
            // runs, as `ecs_lookup` does: `"parent.child"`, not the name `"child"`.
            (TermKind::Eq, Some(s), _) => {
                let found = self.w.lookup(s);
                if found.is_none() && !negate {
                    return true;
                }
                found
            }
            (_, _, Ref::Ent(e)) => Some(e),
            (_, _, Ref::Var(0)) => Some(self.el(Ref::Var(0), st)).filter(|&x| x != WILDCARD),
            (_, _, Ref::Var(v)) => st.vars.get(v).copied().filter(|x| x.0 != 0),
            _ => None,
        };
        let (needle, neg_text) = match text {
            Some(s) if t.kind == TermKind::Match => match s.strip_prefix('!') {
                Some(rest) => (Some(rest), true),
                None => (Some(s), false),
            },
            other => (other, false),
        };
        let v4 = self.w.version() == crate::FlecsVersion::V4;
        let test = |e: Id| -> bool {
            let hit = match (t.kind, rhs, needle) {
                (TermKind::Eq, Some(r), _) => e == r,
                (TermKind::Match, _, Some(s)) => {
                    self.w.name_of(e).is_some_and(|n| match v4 {
                        // v4.1.6 matches regardless of ASCII case (`flecs_query_match_substr_i`).
                        true => contains_ignore_ascii_case(n, s),
                        false => n.contains(s),
                    }) != neg_text
                }
                _ => false,
            };
            hit != negate
        };
        if !self.src_written(t, st) {
            // Bind the source directly to an entity on the right-hand side.
            if let (TermKind::Eq, Some(r), false) = (t.kind, rhs, negate) {
                let Some(loc) = self.w.location(r) else {
                    return true;
                };
                let Some(tb) = loc.table else { return true };
                return match t.src {
                    Ref::Var(0) => {
                        st.this = Some((tb, loc.row, 1));
                        let go = f(st);
                        st.this = None;
                        go
                    }
                    Ref::Var(v) => {
                        st.vars[v] = r;
                        let go = f(st);
                        st.vars[v] = Id::NULL;
                        go
                    }
                    _ => true,
                };
            }
            let source = if t.kind == TermKind::Eq && !negate || t.kind == TermKind::Match {
                Id::pair(IDENTIFIER, NAME)
            } else {
                ANY
            };
            for tb in self.w.tables_in_iter_order(source) {
                if t.src == Ref::Var(0) && self.filtered(tb) {
                    continue;
                }
                let ents = self.w.table(tb).entities();
                let mut row = 0;
                while row < ents.len() {
                    let Some(&e) = ents.get(row) else { break };
                    if !test(e) {
                        row += 1;
                        continue;
                    }
                    let go = match t.src {
                        // `$this` takes each run of rows that pass (Flecs' predicates narrow
                        // a table's range: `!=` leaves the rows before and after the entity,
                        // `~=` each run of matching names).
                        Ref::Var(0) => {
                            let start = row;
                            while ents.get(row).is_some_and(|&x| test(x)) {
                                row += 1;
                            }
                            st.this = Some((tb, start as u32, (row - start) as u32));
                            let go = f(st);
                            st.this = None;
                            go
                        }
                        Ref::Var(v) => {
                            row += 1;
                            st.vars[v] = e;
                            let go = f(st);
                            st.vars[v] = Id::NULL;
                            go
                        }
                        _ => return true,
                    };
                    if !go {
                        return false;
                    }
                }
            }
            return true;
        }
        // `$this` written as a range of rows: narrowed to each run of rows that pass.
        if let (Ref::Var(0), Some((tb, off, n))) = (t.src, st.this) {
            if n > 1 {
                let ents = self.w.table(tb).entities();
                let (lo, hi) = (off as usize, (off + n) as usize);
                let mut row = lo;
                while row < hi {
                    if !ents.get(row).is_some_and(|&e| test(e)) {
                        row += 1;
                        continue;
                    }
                    let start = row;
                    while row < hi && ents.get(row).is_some_and(|&e| test(e)) {
                        row += 1;
                    }
                    st.this = Some((tb, start as u32, (row - start) as u32));
                    let go = f(st);
                    st.this = Some((tb, off, n));
                    if !go {
                        return false;
                    }
                }
                return true;
            }
        }
        let e = self.el(t.src, st);
        if e == WILDCARD || !test(e) {
            return true;
        }
        f(st)
    }
}

/// Whether `needle` occurs in `name`, ASCII letters compared without case (C's `tolower`);
/// the empty needle occurs everywhere.
fn contains_ignore_ascii_case(name: &str, needle: &str) -> bool {
    let (n, m) = (name.as_bytes(), needle.as_bytes());
    m.is_empty() || n.windows(m.len()).any(|w| w.eq_ignore_ascii_case(m))
}

#[cfg(test)]
mod tests {
    use super::contains_ignore_ascii_case;

    #[test]
    fn substrings_without_ascii_case() {
        assert!(contains_ignore_ascii_case("OnTableCreate", "Ea"));
        assert!(contains_ignore_ascii_case("Earth", "earth"));
        assert!(contains_ignore_ascii_case("x", ""));
        assert!(!contains_ignore_ascii_case("Sun", "Moon"));
        assert!(!contains_ignore_ascii_case("ab", "abc"));
    }
}
