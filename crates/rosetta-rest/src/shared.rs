//! The world shared by the server's requests.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use rosetta_world::World;

/// A world behind a read-write lock: any number of requests read it at once, a write route
/// waits for them and runs alone. Cloning shares the same world.
///
/// It counts the writes that changed the world ([`SharedWorld::changes`]), so that a caller
/// can save it when it changed, and can be closed to writes ([`SharedWorld::close`]) before a
/// last save.
#[derive(Debug, Clone)]
pub struct SharedWorld(Arc<Inner>);

#[derive(Debug)]
struct Inner {
    world: RwLock<World>,
    /// Writes that changed the world, counted while its write lock is held.
    changes: AtomicU64,
    /// Set (under the write lock) when no write may run any more.
    closed: AtomicBool,
}

impl SharedWorld {
    /// Shares `world`. Pending table bookkeeping is processed first, so that queries see
    /// every table ([`World::process_pending`]).
    pub fn new(mut world: World) -> SharedWorld {
        world.process_pending();
        SharedWorld(Arc::new(Inner {
            world: RwLock::new(world),
            changes: AtomicU64::new(0),
            closed: AtomicBool::new(false),
        }))
    }

    /// Reads the world. A request that panicked while writing cannot leave it locked for
    /// good: the lock is taken back (a write route changes the world through `World`'s own
    /// operations, each of which leaves it whole).
    pub fn read(&self) -> RwLockReadGuard<'_, World> {
        self.0
            .world
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes the world (see [`SharedWorld::read`] about a poisoned lock).
    pub fn write(&self) -> RwLockWriteGuard<'_, World> {
        self.0
            .world
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How many writes have changed the world so far. Read it under [`SharedWorld::read`]'s
    /// guard to know which changes what is read holds.
    pub fn changes(&self) -> u64 {
        self.0.changes.load(Ordering::SeqCst)
    }

    /// Counts a change; call it with the write guard still held.
    pub fn changed(&self) {
        self.0.changes.fetch_add(1, Ordering::SeqCst);
    }

    /// Closes the world to writes: a write route that has not taken the write lock yet is
    /// refused (503) from now on, so what is read after this is final.
    pub fn close(&self) {
        let _guard = self.write();
        self.0.closed.store(true, Ordering::SeqCst);
    }

    /// Whether [`SharedWorld::close`] was called.
    pub fn is_closed(&self) -> bool {
        self.0.closed.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_changes_and_closes() {
        let w = SharedWorld::new(World::new());
        assert_eq!(w.changes(), 0);
        w.changed();
        assert_eq!(w.clone().changes(), 1);
        assert!(!w.is_closed());
        w.close();
        assert!(w.is_closed());
    }
}
