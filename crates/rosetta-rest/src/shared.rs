//! The world shared by the server's requests.

use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

use rosetta_world::World;

/// A world behind a read-write lock: any number of requests read it at once, a write route
/// waits for them and runs alone. Cloning shares the same world.
#[derive(Debug, Clone)]
pub struct SharedWorld(Arc<RwLock<World>>);

impl SharedWorld {
    /// Shares `world`. Pending table bookkeeping is processed first, so that queries see
    /// every table ([`World::process_pending`]).
    pub fn new(mut world: World) -> SharedWorld {
        world.process_pending();
        SharedWorld(Arc::new(RwLock::new(world)))
    }

    /// Reads the world. A request that panicked while writing cannot leave it locked for
    /// good: the lock is taken back (a write route changes the world through `World`'s own
    /// operations, each of which leaves it whole).
    pub fn read(&self) -> RwLockReadGuard<'_, World> {
        self.0
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Writes the world (see [`SharedWorld::read`] about a poisoned lock).
    pub fn write(&self) -> RwLockWriteGuard<'_, World> {
        self.0
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
