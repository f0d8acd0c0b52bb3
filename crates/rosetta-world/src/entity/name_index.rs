//! The name index a world keeps: each scope's children by name.

use rosetta_types::Str;

use crate::hash::HashMap;
use crate::id::Id;

/// The name index: each scope's (parent's) children by name, as Flecs keeps one per
/// `(ChildOf, parent)` id record. A name is looked up as a `&str`, without building a key, and
/// kept as a [`Str`] (inline when short, as `entity_123456` is).
#[derive(Debug, Clone, Default)]
pub(crate) struct NameIndex {
    /// Parent index (0 for the root) → name → entity.
    scopes: HashMap<u32, HashMap<Str, Id>>,
}

impl NameIndex {
    /// The entity named `name` in the scope of parent index `parent`.
    pub(crate) fn get(&self, parent: u32, name: &str) -> Option<Id> {
        self.scopes.get(&parent)?.get(name).copied()
    }

    /// Indexes `e` as `name` in the scope of `parent` (replacing what was there).
    pub(crate) fn insert(&mut self, parent: u32, name: Str, e: Id) {
        self.scopes.entry(parent).or_default().insert(name, e);
    }

    /// Forgets `name` in the scope of `parent`.
    pub(crate) fn remove(&mut self, parent: u32, name: &str) {
        if let Some(scope) = self.scopes.get_mut(&parent) {
            scope.remove(name);
            if scope.is_empty() {
                self.scopes.remove(&parent);
            }
        }
    }
}
