//! Entity ids in a snapshot: positive, and each the id of one entity.
//!
//! No public source says what the SpatialOS SDK's snapshot reader did with a zero, negative or
//! repeated entity id (its `Worker_SnapshotInputStream` is not public), and every snapshot in
//! the corpus has positive ids, each once. An entity id names one entity of a deployment, so a
//! snapshot with two entities of one id cannot be loaded as it says; Rosetta refuses such ids
//! when reading and when writing, binary and JSON snapshots alike, rather than guess which
//! entity was meant.

use std::collections::BTreeMap;

/// The valid entity ids, for messages.
pub(crate) const VALID_IDS: &str = "entity ids are 1 to 9223372036854775807";

/// The ids seen so far and the record each came from. Kept as runs of consecutive ids read from
/// consecutive records, so that the usual snapshot (ids 1, 2, 3, ... in order) takes constant
/// memory however large it is; ids in another order take one run each.
#[derive(Debug, Default)]
pub(crate) struct EntityIds {
    /// First id of a run -> (how many ids, the record of the first).
    runs: BTreeMap<i64, (u64, u64)>,
}

/// Why an entity id cannot be the id of the entity of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BadId {
    /// Zero or negative.
    NotPositive,
    /// An earlier record, with this 0-based index, has the id.
    Repeated(u64),
}

impl BadId {
    /// The message, for an entity `id`.
    pub(crate) fn message(self, id: i64) -> String {
        match self {
            BadId::NotPositive => format!("entity id {id} is not positive: {VALID_IDS}"),
            BadId::Repeated(first) => format!(
                "entity id {id} is also the id of entity record {first}: each entity of a \
                 snapshot has an id of its own"
            ),
        }
    }
}

impl EntityIds {
    /// Whether `id` can be the id of one more entity.
    pub(crate) fn check(&self, id: i64) -> Result<(), BadId> {
        if id <= 0 {
            return Err(BadId::NotPositive);
        }
        match self.runs.range(..=id).next_back() {
            Some((&start, &(len, first))) if id.abs_diff(start) < len => {
                Err(BadId::Repeated(first + id.abs_diff(start)))
            }
            _ => Ok(()),
        }
    }

    /// Records `id` as the id of the entity of record `index` (0-based, in order), after the
    /// [`check`](EntityIds::check).
    pub(crate) fn insert(&mut self, id: i64, index: u64) -> Result<(), BadId> {
        self.check(id)?;
        if let Some((&start, run)) = self.runs.range_mut(..=id).next_back() {
            let (len, first) = *run;
            if id.abs_diff(start) == len && first + len == index {
                run.0 += 1;
                return Ok(());
            }
        }
        self.runs.insert(id, (1, index));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_positive_and_unique() {
        let mut ids = EntityIds::default();
        for (index, id) in [1, 2, 3, 10, 4, 5, 9].into_iter().enumerate() {
            assert_eq!(ids.insert(id, index as u64), Ok(()), "{id}");
        }
        assert_eq!(ids.insert(3, 7), Err(BadId::Repeated(2)));
        assert_eq!(ids.insert(5, 7), Err(BadId::Repeated(5)));
        assert_eq!(ids.insert(10, 7), Err(BadId::Repeated(3)));
        assert_eq!(ids.insert(0, 7), Err(BadId::NotPositive));
        assert_eq!(ids.insert(-4, 7), Err(BadId::NotPositive));
        assert_eq!(ids.insert(i64::MAX, 7), Ok(()));
        assert_eq!(ids.insert(i64::MAX, 8), Err(BadId::Repeated(7)));
        assert_eq!(ids.insert(6, 9), Ok(()));
        assert_eq!(ids.insert(6, 10), Err(BadId::Repeated(9)));
    }

    #[test]
    fn ids_in_order_take_one_run() {
        let mut ids = EntityIds::default();
        for index in 0..10_000u64 {
            assert_eq!(ids.insert(index as i64 + 1, index), Ok(()));
        }
        assert_eq!(ids.runs.len(), 1);
        assert_eq!(ids.insert(5000, 10_000), Err(BadId::Repeated(4999)));
    }
}
