//! Data that other crates derive from a registry (lookup tables, compiled plans for a format),
//! built once on first use and kept with the registry, so that every operation on the same
//! registry shares it.

use std::any::Any;
use std::sync::{Arc, Mutex, PoisonError};

type Slot = Arc<dyn Any + Send + Sync>;

/// The derived data of one registry, one value per Rust type.
#[derive(Default)]
pub(crate) struct Derived(Mutex<Vec<Slot>>);

impl Clone for Derived {
    /// A clone starts empty: derived data is rebuilt on demand, which is always right.
    fn clone(&self) -> Self {
        Derived::default()
    }
}

impl Derived {
    fn find<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        // A panic while the lock was held cannot leave the list inconsistent: it is only
        // pushed to.
        let slots = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        slots
            .iter()
            .find_map(|s| Arc::clone(s).downcast::<T>().ok())
    }

    /// The value of type `T`, built by `build` the first time it is asked for. `build` runs
    /// without the lock held (it may ask for other derived data); if two threads build at
    /// once, the first to finish is kept.
    pub(crate) fn get_or_build<T: Any + Send + Sync>(&self, build: impl FnOnce() -> T) -> Arc<T> {
        if let Some(found) = self.find::<T>() {
            return found;
        }
        let built = Arc::new(build());
        let mut slots = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(found) = slots
            .iter()
            .find_map(|s| Arc::clone(s).downcast::<T>().ok())
        {
            return found;
        }
        slots.push(built.clone());
        built
    }
}
