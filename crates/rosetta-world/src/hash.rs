//! The hash maps of the world's indexes: std's maps with foldhash's fast hasher instead of
//! SipHash. Their keys are small (entity indexes, ids, names of a scope), hashed on every entity
//! a load adds; the seed is still random per map, so the iteration order is not something to
//! rely on (as with std's default).

/// A `HashMap` with foldhash's fast hasher (build one with `HashMap::default()`).
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::RandomState>;

/// A `HashSet` with foldhash's fast hasher (build one with `HashSet::default()`).
pub(crate) type HashSet<T> = std::collections::HashSet<T, foldhash::fast::RandomState>;
