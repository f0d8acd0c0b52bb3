//! Flecs' own entities, which a world's tables leave out.

use rosetta_world::{builtin, Id, World};

/// Whether `e` is Flecs' own: the `flecs` module or anything under it.
pub(crate) struct Builtins {
    flecs: Option<Id>,
}

impl Builtins {
    pub(crate) fn new(world: &World) -> Self {
        Builtins {
            flecs: world.lookup("flecs"),
        }
    }

    pub(crate) fn contains(&self, world: &World, e: Id) -> bool {
        let Some(flecs) = self.flecs else {
            return false;
        };
        // Parents are a chain of alive entities; the bound guards against a malformed cycle.
        let mut at = e;
        for _ in 0..rosetta_types::MAX_NESTING {
            if at == flecs {
                return true;
            }
            match world.target(at, builtin::CHILD_OF, 0) {
                Some(parent) => at = parent,
                None => return false,
            }
        }
        false
    }
}
