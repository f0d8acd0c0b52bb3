//! Scopes that v4.1.6 makes modules: registering a component whose entity has a parent tags
//! the parent `flecs.core.Module` (the `EcsComponent` hook `flecs_on_component` of
//! `src/bootstrap.c`), and a new module makes its own parent one (the `EcsModule` observer
//! `flecs_ensure_module_tag`), up to the root. So `game.Health` makes `game` a module, as the
//! explorer's tree (`?flecs.core.Module`) and entity JSON show in a real v4.1.6 app.
//!
//! Only a v4 world does this here. v3.2.12's hook does the same (without v4's exceptions
//! below), but Rosetta's v3 world stays as it was (its output is fixed by the `flecs` suite).

use crate::builtin::{CHILD_OF, COMPONENT, MODULE};
use crate::error::Result;
use crate::id::Id;
use crate::version::FlecsVersion;
use crate::world::World;

impl World {
    /// What a v4.1.6 world does after `id` was added to `e`, which did not have it; `before`
    /// is `e`'s type before `id` was added.
    ///
    /// - `flecs.core.Component`: `e`'s parent becomes a module, unless it is one already or
    ///   is itself a component (4.1.6 checks both; 4.1.2 makes a component parent a module
    ///   too).
    /// - `flecs.core.Module`: `e` also gets `flecs.core.Singleton` (4.1.6's bootstrap adds
    ///   `(Module, With, Singleton)`; 4.1.2 has no such pair), and its parent becomes a module.
    ///   A Flecs quirk kept: an entity whose type is exactly its name (a root scope such as
    ///   `game`) gets no `Singleton`, as the root module `flecs` has none: the table graph
    ///   edge from that table with `Module` was cached at bootstrap, before the `With` pair
    ///   existed, and 4.1.6 follows it (seen in a 4.1.6 build: `game` has `[Module]`, `a.b`
    ///   has `[Module, Singleton]`).
    ///
    /// A loop, not recursion: each step goes one parent up, and `ChildOf` has no cycles.
    pub(crate) fn on_added_v4(&mut self, e: Id, id: Id, before: &[Id]) -> Result<()> {
        if self.version != FlecsVersion::V4 || (id != COMPONENT && id != MODULE) {
            return Ok(());
        }
        let mut next = if id == COMPONENT {
            self.target(e, CHILD_OF, 0)
                .filter(|&p| !self.owns(p, MODULE) && !self.owns(p, COMPONENT))
        } else {
            self.module_added(e, before)?;
            self.target(e, CHILD_OF, 0)
        };
        while let Some(p) = next {
            if self.owns(p, MODULE) {
                break;
            }
            let before = self.type_of(p).to_vec();
            self.add_plain(p, MODULE)?;
            self.module_added(p, &before)?;
            next = self.target(p, CHILD_OF, 0);
        }
        Ok(())
    }

    /// `(Module, With, Singleton)` for `e`, which just got `Module` (see
    /// [`World::on_added_v4`] for the type that gets none).
    fn module_added(&mut self, e: Id, before: &[Id]) -> Result<()> {
        let only_named = before == [World::NAME_PAIR];
        if only_named {
            return Ok(());
        }
        if let Some(singleton) = self.lookup_from(Id::NULL, "flecs.core.Singleton", false) {
            if !self.owns(e, singleton) {
                self.add_plain(e, singleton)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::builtin::{COMPONENT, MODULE};
    use crate::{FlecsVersion, World};
    use rosetta_types::TypeId;

    fn tags(w: &World, path: &str) -> (bool, bool) {
        let e = w.lookup(path).unwrap();
        let singleton = w.lookup("flecs.core.Singleton").unwrap();
        (w.owns(e, MODULE), w.owns(e, singleton))
    }

    #[test]
    fn a_component_makes_its_scopes_modules() {
        let mut w = World::with_version(FlecsVersion::V4);
        w.component("game.Health").unwrap();
        w.component("a.b.c.Deep").unwrap();
        // A root scope with only its name: Module alone; nested scopes: Module, Singleton.
        assert_eq!(tags(&w, "game"), (true, false));
        assert_eq!(tags(&w, "a"), (true, false));
        assert_eq!(tags(&w, "a.b"), (true, true));
        assert_eq!(tags(&w, "a.b.c"), (true, true));
        assert_eq!(tags(&w, "game.Health"), (false, false));
    }

    #[test]
    fn a_component_parent_stays_a_component() {
        let mut w = World::with_version(FlecsVersion::V4);
        w.component("n.Outer").unwrap();
        w.component("n.Outer.Inner").unwrap();
        assert_eq!(tags(&w, "n.Outer"), (false, false));
        // Registered the other way round, the outer scope was not a component yet.
        w.component("m.Later.Inner").unwrap();
        w.component_of("m.Later", TypeId::INT32).unwrap();
        assert_eq!(tags(&w, "m.Later"), (true, true));
        assert!(w.owns(w.lookup("m.Later").unwrap(), COMPONENT));
    }

    #[test]
    fn a_module_added_by_hand_makes_its_parent_one() {
        let mut w = World::with_version(FlecsVersion::V4);
        let y = w.entity("x.y").unwrap();
        w.add(y, MODULE).unwrap();
        assert_eq!(tags(&w, "x.y"), (true, true));
        assert_eq!(tags(&w, "x"), (true, false));
        // A root scope with more than its name gets Singleton too.
        let r = w.entity("r").unwrap();
        let prefab = crate::builtin::PREFAB;
        w.add(r, prefab).unwrap();
        w.add(r, MODULE).unwrap();
        assert_eq!(tags(&w, "r"), (true, true));
    }

    #[test]
    fn a_v3_world_keeps_plain_scopes() {
        let mut w = World::with_version(FlecsVersion::V3);
        w.component("game.Health").unwrap();
        let game = w.lookup("game").unwrap();
        assert!(!w.owns(game, MODULE));
    }
}
