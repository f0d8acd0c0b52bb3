//! The filters a snapshot scan uses to skip work: a range of entity ids (an entity outside it
//! is not turned into a row: no typed decoding, no column appends) and the snapshots a query
//! wants (a file whose `snapshot` is not among them is not read at all). They are pushed down
//! as inexact: DataFusion still applies every filter to the rows, so a filter only needs to
//! keep every row the query could want.

use datafusion::common::ScalarValue;
use datafusion::logical_expr::{Between, BinaryExpr, Expr, Operator};

use crate::schema::ENTITY_ID;

use super::options::SNAPSHOT;

/// What the pushed filters allow.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Pushed {
    /// Entity ids from `.0` to `.1`, inclusive.
    pub ids: (i64, i64),
    /// The snapshots wanted; `None`: any.
    pub snapshots: Option<Vec<String>>,
}

impl Default for Pushed {
    fn default() -> Self {
        Pushed {
            ids: (i64::MIN, i64::MAX),
            snapshots: None,
        }
    }
}

impl Pushed {
    /// What `filters` (a conjunction) allow; filters it does not understand allow anything.
    pub fn of(filters: &[Expr]) -> Self {
        let mut out = Pushed::default();
        for filter in filters {
            out.and(filter);
        }
        out
    }

    /// Whether a scan uses `filter`.
    pub fn understands(filter: &Expr) -> bool {
        let mut probe = Pushed::default();
        probe.and(filter);
        probe != Pushed::default()
    }

    pub fn admits_id(&self, id: i64) -> bool {
        (self.ids.0..=self.ids.1).contains(&id)
    }

    pub fn admits_snapshot(&self, name: &str) -> bool {
        self.snapshots
            .as_ref()
            .is_none_or(|s| s.iter().any(|n| n == name))
    }

    fn and(&mut self, filter: &Expr) {
        match filter {
            Expr::BinaryExpr(BinaryExpr { left, op, right }) => {
                if *op == Operator::And {
                    self.and(left);
                    self.and(right);
                } else if let Some((op, value)) = comparison(left, *op, right, ENTITY_ID) {
                    if let Some(id) = int(value) {
                        self.id_comparison(op, id);
                    }
                } else if let Some((Operator::Eq, value)) = comparison(left, *op, right, SNAPSHOT) {
                    if let Some(name) = text(value) {
                        self.only_snapshots(vec![name]);
                    }
                }
            }
            Expr::Between(Between {
                expr,
                negated: false,
                low,
                high,
            }) if is_column(expr, ENTITY_ID) => {
                if let (Some(lo), Some(hi)) =
                    (literal(low).and_then(int), literal(high).and_then(int))
                {
                    self.id_comparison(Operator::GtEq, lo);
                    self.id_comparison(Operator::LtEq, hi);
                }
            }
            Expr::InList(list) if !list.negated && is_column(&list.expr, SNAPSHOT) => {
                let names: Option<Vec<String>> = list
                    .list
                    .iter()
                    .map(|e| literal(e).and_then(text))
                    .collect();
                if let Some(names) = names {
                    self.only_snapshots(names);
                }
            }
            Expr::InList(list) if !list.negated && is_column(&list.expr, ENTITY_ID) => {
                let ids: Option<Vec<i64>> =
                    list.list.iter().map(|e| literal(e).and_then(int)).collect();
                if let (Some(lo), Some(hi)) = (
                    ids.as_ref().and_then(|i| i.iter().min()),
                    ids.as_ref().and_then(|i| i.iter().max()),
                ) {
                    self.id_comparison(Operator::GtEq, *lo);
                    self.id_comparison(Operator::LtEq, *hi);
                }
            }
            _ => {}
        }
    }

    fn id_comparison(&mut self, op: Operator, v: i64) {
        let (lo, hi) = &mut self.ids;
        match op {
            Operator::Eq => {
                *lo = (*lo).max(v);
                *hi = (*hi).min(v);
            }
            Operator::Gt => *lo = (*lo).max(v.saturating_add(1)),
            Operator::GtEq => *lo = (*lo).max(v),
            Operator::Lt => *hi = (*hi).min(v.saturating_sub(1)),
            Operator::LtEq => *hi = (*hi).min(v),
            _ => {}
        }
    }

    fn only_snapshots(&mut self, names: Vec<String>) {
        self.snapshots = Some(match self.snapshots.take() {
            Some(known) => known.into_iter().filter(|n| names.contains(n)).collect(),
            None => names,
        });
    }
}

fn is_column(expr: &Expr, name: &str) -> bool {
    matches!(expr, Expr::Column(c) if c.name == name)
}

fn literal(expr: &Expr) -> Option<&ScalarValue> {
    match expr {
        Expr::Literal(value, _) => Some(value),
        _ => None,
    }
}

/// `column op literal` or `literal op column`, as `column op' literal`.
fn comparison<'e>(
    left: &'e Expr,
    op: Operator,
    right: &'e Expr,
    column: &str,
) -> Option<(Operator, &'e ScalarValue)> {
    if is_column(left, column) {
        return Some((op, literal(right)?));
    }
    if is_column(right, column) {
        return Some((op.swap()?, literal(left)?));
    }
    None
}

fn int(value: &ScalarValue) -> Option<i64> {
    match value {
        ScalarValue::Int64(Some(v)) => Some(*v),
        ScalarValue::Int32(Some(v)) => Some(i64::from(*v)),
        _ => None,
    }
}

fn text(value: &ScalarValue) -> Option<String> {
    match value {
        ScalarValue::Utf8(Some(s))
        | ScalarValue::Utf8View(Some(s))
        | ScalarValue::LargeUtf8(Some(s)) => Some(s.clone()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use datafusion::prelude::{col, lit};

    #[test]
    fn ids_and_snapshots_narrow() {
        let p = Pushed::of(&[
            col(ENTITY_ID).gt(lit(10i64)),
            lit(20i64).gt_eq(col(ENTITY_ID)),
            col(SNAPSHOT).eq(lit("night1")),
        ]);
        assert_eq!(p.ids, (11, 20));
        assert!(p.admits_snapshot("night1") && !p.admits_snapshot("night2"));
        let p = Pushed::of(&[col(ENTITY_ID)
            .between(lit(3i64), lit(5i64))
            .and(col(SNAPSHOT).in_list(vec![lit("a"), lit("b")], false))]);
        assert_eq!(p.ids, (3, 5));
        assert!(p.admits_snapshot("b") && !p.admits_snapshot("c"));
    }

    #[test]
    fn other_filters_allow_everything() {
        let or = col(ENTITY_ID)
            .eq(lit(1i64))
            .or(col(ENTITY_ID).eq(lit(9i64)));
        assert!(!Pushed::understands(&or));
        assert_eq!(Pushed::of(&[or]), Pushed::default());
        assert!(!Pushed::understands(&col("current").gt(lit(3i64))));
        assert!(Pushed::understands(&col(ENTITY_ID).lt(lit(3i64))));
    }
}
