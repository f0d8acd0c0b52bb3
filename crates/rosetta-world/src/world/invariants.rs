//! What a change must not break, checked before anything moves: no entity is its own parent or
//! ancestor, Flecs' builtin entities are not deleted, a value fits its component's type.
//!
//! Each `check_*` runs every check of the operation of that name without changing the world, so
//! a caller that applies several changes together (REST's `PUT /set`) checks them all first and
//! applies none when one would fail. The operations call them too.

use rosetta_types::Value;

use crate::builtin::{self, CHILD_OF, FIRST_USER_COMPONENT_ID, ON_DELETE, PANIC};
use crate::error::{Error, Result};
use crate::id::Id;
use crate::world::World;

impl World {
    /// Whether `e` is one of Flecs' builtin entities: the `flecs` module, anything in its scope
    /// (`flecs.core.ChildOf`, `flecs.meta.f32`, ...), and the builtin components with ids below
    /// [`builtin::FIRST_USER_COMPONENT_ID`].
    ///
    /// ```
    /// use rosetta_world::{builtin, World};
    /// let mut w = World::new();
    /// assert!(w.is_builtin(builtin::CHILD_OF) && w.is_builtin(builtin::FLECS));
    /// let sun = w.entity("Sun")?;
    /// assert!(!w.is_builtin(sun));
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn is_builtin(&self, e: Id) -> bool {
        if e.is_pair() || e.flags() != 0 {
            return false;
        }
        if (1..FIRST_USER_COMPONENT_ID).contains(&e.0) {
            return true;
        }
        self.is_alive(e) && self.ancestors_or_self(e).any(|a| a == builtin::FLECS)
    }

    /// `e`, its parent, its parent's parent...: at most one step per alive entity, so a
    /// hierarchy that loops (which [`World::check_add`] keeps out) still ends.
    pub(super) fn ancestors_or_self(&self, e: Id) -> impl Iterator<Item = Id> + '_ {
        let mut cur = Some(e);
        let mut steps = self.entity_count() + 1;
        std::iter::from_fn(move || {
            let this = cur?;
            steps = steps.checked_sub(1)?;
            cur = self.target(this, CHILD_OF, 0).filter(|&p| p != this);
            Some(this)
        })
    }

    /// Whether [`World::add`] of `id` to `e` would succeed: `e` alive, `id` valid (not 0, no
    /// wildcard, alive elements), and for `(ChildOf, parent)` a parent that is neither `e` nor
    /// one of `e`'s descendants ([`Error::Cycle`]).
    ///
    /// ```
    /// use rosetta_world::{builtin, Error, Id, World};
    /// let mut w = World::new();
    /// let earth = w.entity("Sun.Earth")?;
    /// let sun = w.lookup("Sun").unwrap();
    /// assert!(matches!(w.add(sun, Id::pair(builtin::CHILD_OF, earth)), Err(Error::Cycle { .. })));
    /// assert!(matches!(w.add(sun, Id::pair(builtin::CHILD_OF, sun)), Err(Error::Cycle { .. })));
    /// assert_eq!(w.path_of(earth), "Sun.Earth");
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn check_add(&self, e: Id, id: Id) -> Result<()> {
        if !self.is_alive(e) {
            return Err(Error::NotAlive(e.0));
        }
        self.check_id(id)?;
        if id.is_pair() && id.first() == CHILD_OF {
            let parent = self.alive(id.second()).unwrap_or(id.second());
            if self.ancestors_or_self(parent).any(|a| a == e) {
                return Err(Error::Cycle {
                    entity: self.path_of(e),
                    parent: self.path_of(parent),
                });
            }
        }
        Ok(())
    }

    /// Whether [`World::set`] of `comp` to `value` on `e` would succeed: `e` alive, `comp` a
    /// component (or a pair that carries one), `value` of its type ([`Error::BadValue`]), and
    /// [`World::check_add`] when `e` does not have `comp` yet.
    pub fn check_set(&self, e: Id, comp: Id, value: &Value) -> Result<()> {
        if !self.is_alive(e) {
            return Err(Error::NotAlive(e.0));
        }
        let Some(tc) = self.type_id_of(comp) else {
            return Err(Error::BadValue {
                component: self.id_str(comp),
                reason: "not a component (a tag has no value)".into(),
            });
        };
        if let Some(ty) = self.component_info(tc).and_then(|c| c.ty) {
            rosetta_types::validate(&self.types, ty, value).map_err(|err| Error::BadValue {
                component: self.path_of(tc),
                reason: err.to_string(),
            })?;
        }
        if !self.type_of(e).contains(&comp) {
            self.check_add(e, comp)?;
        }
        Ok(())
    }

    /// Whether [`World::delete`] of `e` would succeed: neither `e` nor any of its descendants
    /// (which are deleted with it) is a builtin ([`World::is_builtin`]) or owns `(OnDelete,
    /// Panic)`, the pair by which Flecs protects an entity from deletion (it aborts; here the
    /// delete is refused with [`Error::Protected`] and nothing is deleted).
    ///
    /// ```
    /// use rosetta_world::{builtin, Error, World};
    /// let mut w = World::new();
    /// assert!(matches!(w.delete(builtin::CHILD_OF), Err(Error::Protected { .. })));
    /// assert!(w.is_alive(builtin::CHILD_OF));
    /// ```
    pub fn check_delete(&self, e: Id) -> Result<()> {
        let panic = Id::pair(ON_DELETE, PANIC);
        for d in self.subtree(e) {
            let reason = if self.is_builtin(d) {
                "a builtin entity of Flecs"
            } else if self.owns(d, panic) {
                "it has (OnDelete, Panic)"
            } else {
                continue;
            };
            return Err(Error::Protected {
                entity: self.path_of(d),
                reason,
            });
        }
        Ok(())
    }

    /// `e` (if alive) and every descendant through `ChildOf`, parents before children (no more
    /// entities than are alive, should a hierarchy loop).
    pub(crate) fn subtree(&self, e: Id) -> Vec<Id> {
        if !self.is_alive(e) {
            return Vec::new();
        }
        let mut out = vec![e];
        let mut i = 0;
        let most = self.entity_count();
        while let Some(&p) = out.get(i).filter(|_| out.len() <= most) {
            for &t in self.store.tables_for(Id::pair(CHILD_OF, p)) {
                out.extend(self.store.table(t).entities().iter().copied());
            }
            i += 1;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn world() -> (World, Id, Id, Id) {
        let mut w = World::new();
        let Ok(c) = w.entity("a.b.c") else {
            panic!("entity")
        };
        let (Some(a), Some(b)) = (w.lookup("a"), w.lookup("a.b")) else {
            panic!("lookup")
        };
        (w, a, b, c)
    }

    #[test]
    fn an_ancestor_cannot_become_a_child() {
        let (mut w, a, b, c) = world();
        for (child, parent) in [(a, c), (a, b), (b, c), (c, c)] {
            let r = w.add(child, Id::pair(CHILD_OF, parent));
            assert!(
                matches!(r, Err(Error::Cycle { .. })),
                "{child:?} {parent:?}"
            );
        }
        assert_eq!(w.path_of(c), "a.b.c", "nothing moved");
        let Err(e) = w.add(a, Id::pair(CHILD_OF, c)) else {
            panic!("cycle")
        };
        assert_eq!(
            e.to_string(),
            "'a' cannot be a child of 'a.b.c': it is 'a.b.c' or one of its ancestors \
             (a ChildOf cycle)"
        );
        // Moving a subtree elsewhere is fine.
        let Ok(d) = w.entity("d") else { panic!("d") };
        assert!(w.add(b, Id::pair(CHILD_OF, d)).is_ok());
        assert_eq!(w.path_of(c), "d.b.c");
    }

    #[test]
    fn commit_refuses_a_cycle_too() {
        let (mut w, a, _, c) = world();
        let name = Id::pair(builtin::IDENTIFIER, builtin::NAME);
        let r = w.commit(a, &[name, Id::pair(CHILD_OF, c)]);
        assert!(matches!(r, Err(Error::Cycle { .. })), "{r:?}");
        let r = w.commit(c, &[name, Id::pair(CHILD_OF, c)]);
        assert!(matches!(r, Err(Error::Cycle { .. })), "{r:?}");
        assert_eq!(w.path_of(c), "a.b.c");
    }

    #[test]
    fn builtins_and_protected_entities_are_not_deleted() {
        let (mut w, a, _, c) = world();
        for e in [
            builtin::FLECS,
            builtin::FLECS_CORE,
            builtin::COMPONENT,
            builtin::F32,
        ] {
            assert!(w.is_builtin(e), "{}", w.path_of(e));
            let before = w.entity_count();
            assert!(matches!(w.delete(e), Err(Error::Protected { .. })));
            assert_eq!(w.entity_count(), before);
        }
        assert!(w.add(c, Id::pair(ON_DELETE, PANIC)).is_ok());
        let Err(e) = w.delete(a) else {
            panic!("a child is protected")
        };
        assert_eq!(
            e.to_string(),
            "cannot delete 'a.b.c': it has (OnDelete, Panic)"
        );
        assert!(w.is_alive(a) && w.is_alive(c));
        assert!(w.remove(c, Id::pair(ON_DELETE, PANIC)).is_ok());
        assert!(w.delete(a).is_ok());
        assert!(!w.is_alive(c));
    }

    #[test]
    fn check_set_refuses_what_set_refuses() {
        let mut w = World::new();
        let Ok(e) = w.entity("e") else { panic!("e") };
        let name = Id::pair(builtin::IDENTIFIER, builtin::NAME);
        assert!(w.check_set(e, name, &Value::String("x".into())).is_ok());
        assert!(matches!(
            w.check_set(e, name, &Value::I32(1)),
            Err(Error::BadValue { .. })
        ));
        assert!(matches!(
            w.check_set(e, builtin::PREFAB, &Value::I32(1)),
            Err(Error::BadValue { .. })
        ));
    }
}
