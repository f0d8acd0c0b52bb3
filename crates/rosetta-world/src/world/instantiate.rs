//! v4's instantiation (`flecs_add_overrides_for_base`): adding `(IsA, base)` copies to the
//! instance every id of the base whose `OnInstantiate` trait is `Override`, v4's default, with
//! its value; ids with `(OnInstantiate, Inherit)` stay shared through `IsA` and ids with
//! `(OnInstantiate, DontInherit)` (`ChildOf`, names, `Prefab`, ...) are neither.

use crate::builtin::IS_A;
use crate::error::Result;
use crate::id::Id;
use crate::version::FlecsVersion;
use crate::world::World;

/// What a component or relationship does on instantiation (its `OnInstantiate` target).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnInstantiate {
    /// Copied to the instance (v4's default).
    Override,
    /// Shared with the instance through `IsA`.
    Inherit,
    /// Neither copied nor shared.
    DontInherit,
}

impl World {
    /// The `OnInstantiate` trait of `id` (for a pair, of its relationship), as v4.1.6 sets it:
    /// `(OnInstantiate, Inherit)` or `(OnInstantiate, DontInherit)` on the entity, else
    /// `Override`.
    pub fn on_instantiate(&self, id: Id) -> OnInstantiate {
        let pred = if id.has_pair_flag() {
            id.first()
        } else {
            id.without_flags()
        };
        let (Some(p), Some([oi, inherit, dont])) = (self.alive(pred), self.on_instantiate) else {
            return OnInstantiate::Override;
        };
        match self.target(p, oi, 0) {
            Some(t) if t == inherit => OnInstantiate::Inherit,
            Some(t) if t == dont => OnInstantiate::DontInherit,
            _ => OnInstantiate::Override,
        }
    }

    /// After `(IsA, base)` was added to `e` in a v4 world: `e` gets its own copy of the base's
    /// overridden ids that it does not have yet.
    pub(crate) fn instantiate_v4(&mut self, e: Id, base: Id) -> Result<()> {
        if self.version != FlecsVersion::V4 {
            return Ok(());
        }
        let ids: Vec<Id> = self.type_of(base).to_vec();
        for id in ids {
            if (id.is_pair() && id.first() == IS_A)
                || self.on_instantiate(id) != OnInstantiate::Override
                || self.owns(e, id)
            {
                continue;
            }
            match self.get_owned(base, id).map(|v| v.into_owned()) {
                Some(v) => self.set(e, id, v)?,
                None => self.add(e, id)?,
            }
        }
        Ok(())
    }
}
