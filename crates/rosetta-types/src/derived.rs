//! Data that other crates derive from a registry (lookup tables, compiled plans for a format),
//! built once on first use and kept with the registry, so that every operation on the same
//! registry shares it.

use std::any::Any;
use std::sync::{Arc, Mutex, PoisonError};

use crate::registry::TypeRegistry;

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
}

impl TypeRegistry {
    /// The registry's derived data of type `T`, built by `build` the first time it is asked
    /// for. `build` runs without any lock held (it may ask for other derived data); if two
    /// threads build at once, the first to finish is kept.
    ///
    /// ```
    /// use rosetta_types::TypeRegistry;
    /// struct Count(usize);
    /// let registry = TypeRegistry::new();
    /// let a = registry.derived(|r| Count(r.len()));
    /// let b = registry.derived(|_| Count(0)); // not built again
    /// assert_eq!(a.0, b.0);
    /// ```
    pub fn derived<T: Any + Send + Sync>(&self, build: impl FnOnce(&Self) -> T) -> Arc<T> {
        if let Some(found) = self.derived.find::<T>() {
            return found;
        }
        let built = Arc::new(build(self));
        let mut slots = self
            .derived
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
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
