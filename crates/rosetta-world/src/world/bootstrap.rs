//! Creating the builtin entities of v3.2.12 in a new world.

use rosetta_types::TypeId;

use crate::builtin::addons::{Addon, MODULE_ROWS};
use crate::builtin::{
    self, Kind, Scope, ADDONS, BUILTINS, CHILD_OF, FLECS, FLECS_CORE, MODULE, TRAITS,
};
use crate::id::Id;
use crate::world::{ComponentInfo, World};

impl World {
    pub(crate) fn bootstrap(&mut self) {
        if self.version == crate::version::FlecsVersion::V4 {
            return self.bootstrap_v4();
        }
        for b in BUILTINS {
            self.index.make_alive(Id(b.id));
        }
        for a in ADDONS {
            self.index.make_alive(Id(a.id));
        }
        self.index.max_id = self.index.max_id.max(builtin::FIRST_USER_ENTITY_ID as u32);
        let none = ComponentInfo { ty: None };
        self.components
            .insert(builtin::COMPONENT.index(), none.clone());
        self.components.insert(builtin::POLY.index(), none.clone());
        self.components.insert(builtin::ITERABLE.index(), none);
        for c in [builtin::IDENTIFIER, builtin::DOC_DESCRIPTION] {
            self.components.insert(
                c.index(),
                ComponentInfo {
                    ty: Some(TypeId::STRING),
                },
            );
        }
        // Builtin setup cannot fail: every id below is alive and every name is unique in its
        // scope; errors are ignored rather than unwrapped to keep `World::new` infallible.
        let _ = self.add(builtin::IS_A, builtin::TAG);
        let _ = self.add(builtin::CHILD_OF, builtin::TAG);
        let _ = self.add(builtin::CHILD_OF, builtin::EXCLUSIVE);
        let _ = self.set_name(FLECS, "flecs");
        let _ = self.add(FLECS, MODULE);
        let _ = self.add(FLECS_CORE, Id::pair(CHILD_OF, FLECS));
        let _ = self.set_name(FLECS_CORE, "core");
        let _ = self.add(FLECS_CORE, MODULE);
        let _ = self.add(builtin::FLECS_INTERNALS, Id::pair(CHILD_OF, FLECS_CORE));
        let _ = self.set_name(builtin::FLECS_INTERNALS, "internals");
        let _ = self.add(builtin::FLECS_INTERNALS, MODULE);
        // The addons' modules first, so that the core builtins they scope can name them.
        for m in MODULE_ROWS {
            if let Some(a) = ADDONS.iter().find(|a| a.parent == FLECS.0 && a.name == m) {
                self.init_addon(a);
                let _ = self.set_symbol(Id(a.id), &format!("flecs.{m}"));
            }
        }
        // flecs.meta.flecs.core got its type before flecs.meta.flecs in v3.2.12 (a `Module`
        // query lists it first).
        let scoped = |a: &&Addon| a.kind == Kind::Module && a.parent != FLECS.0;
        for a in ADDONS.iter().filter(scoped).rev() {
            self.init_addon(a);
        }
        for b in BUILTINS {
            let e = Id(b.id);
            if e == FLECS || e == FLECS_CORE {
                continue;
            }
            let parent = match b.scope {
                Scope::Root => None,
                Scope::Core => Some(FLECS_CORE),
                Scope::Module(m) => builtin::module_id(m),
            };
            if let Some(p) = parent {
                let _ = self.add(e, Id::pair(CHILD_OF, p));
            }
            let _ = self.set_name(e, b.name);
        }
        // A system (or the pipeline) gets its final type after the observers it creates as
        // its children, so their tables come first, as in v3.2.12.
        let mut system: Option<&Addon> = None;
        for a in ADDONS.iter().filter(|a| a.kind != Kind::Module) {
            if let Some(s) = system.filter(|s| a.parent != s.id) {
                self.init_addon(s);
                system = None;
            }
            if matches!(a.kind, Kind::System | Kind::Pipeline) {
                system = Some(a);
            } else {
                self.init_addon(a);
            }
        }
        if let Some(s) = system {
            self.init_addon(s);
        }
        for &(e, t) in TRAITS {
            let _ = self.add(e, t);
        }
        for b in BUILTINS {
            if (builtin::BOOL.0..=builtin::ID.0).contains(&b.id) {
                let _ = self.register_primitive(Id(b.id), b.name);
            }
        }
        self.process_pending();
    }

    /// One entity of [`ADDONS`]: its parent, name and the tags of its kind.
    fn init_addon(&mut self, a: &Addon) {
        let e = Id(a.id);
        let _ = self.add(e, Id::pair(CHILD_OF, Id(a.parent)));
        if !a.name.is_empty() {
            let _ = self.set_name(e, a.name);
        }
        let tags: &[Id] = match a.kind {
            Kind::Module => &[MODULE],
            Kind::Observer => &[builtin::OBSERVER],
            Kind::System => &[builtin::QUERY, builtin::OBSERVER, builtin::SYSTEM],
            Kind::Pipeline => &[builtin::QUERY, builtin::OBSERVER],
            Kind::Constant => &[builtin::CONSTANT],
            Kind::Component | Kind::Named | Kind::Anonymous => &[],
        };
        for &t in tags {
            let _ = self.add(e, t);
        }
        if a.kind == Kind::Component {
            self.components
                .insert(e.index(), ComponentInfo { ty: None });
            let _ = self.add(e, builtin::COMPONENT);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::builtin::*;
    use crate::World;

    #[test]
    fn builtins_have_flecs_paths() {
        let w = World::new();
        for (id, path) in [
            (WILDCARD, "flecs.core.*"),
            (ANY, "flecs.core._"),
            (IDENTIFIER, "flecs.core.Identifier"),
            (NAME, "flecs.core.Name"),
            (CHILD_OF, "flecs.core.ChildOf"),
            (IS_A, "flecs.core.IsA"),
            (UNION, "flecs.core.Union"),
            (WORLD, "flecs.core.World"),
            (F32, "flecs.meta.f32"),
            (DOC_BRIEF, "flecs.doc.Brief"),
            (FLECS, "flecs"),
        ] {
            assert_eq!(w.path_of(id), path);
            assert_eq!(w.lookup(path), Some(id), "{path}");
        }
        assert!(w.owns(IDENTIFIER, PRIVATE));
        assert!(w.owns(PREFAB, DONT_INHERIT));
        assert!(w.is_component(F32));
        assert!(w.entities().all(|e| e.0 < FIRST_FREE_ID));
    }

    /// What a v3.2.12 world made with `ecs_init()` (every addon built in) answered: the
    /// builtin modules' ids, the first ids left for the user, and a few of the entities the
    /// addons create (recorded from the amalgamated `flecs.c` of the release).
    #[test]
    fn ids_are_those_of_an_ecs_init_world() {
        let mut w = World::new();
        for (path, id) in [
            ("flecs.core.internals", 259),
            ("flecs.system", 414),
            ("flecs.doc", 415),
            ("flecs.pipeline", 416),
            ("flecs.timer", 432),
            ("flecs.meta", 447),
            ("flecs.rest", 533),
            ("flecs.script", 534),
            ("flecs.system.System", 7),
            ("flecs.system.TickSource", 303),
            ("flecs.core.addon_vec_t", 8),
            ("flecs.script.Script", 9),
            ("flecs.pipeline.BuiltinPipeline", 426),
            ("flecs.timer.ProgressTimers", 437),
            ("flecs.core.Component.size", 464),
            ("flecs.meta.TypeKind.OpaqueType", 487),
            ("flecs.meta.PrimitiveKind.U64 ", 496),
            ("flecs.rest.DequeueRest", 538),
            ("flecs.rest.Plecs", 540),
        ] {
            assert_eq!(w.lookup(path).map(|e| e.0), Some(id), "{path}");
        }
        assert_eq!(w.path_of(crate::Id(462)), "flecs.core.internals.461.462");
        assert_eq!(w.path_of(crate::Id(539)), "flecs.rest.539");
        assert!(w.has(crate::Id(539), OBSERVER));
        assert!(w.has(crate::Id(538), SYSTEM));
        assert!(w.is_component(crate::Id(9)));
        assert!(!w.is_alive(crate::Id(301)) && !w.is_alive(crate::Id(375)));
        // ecs_new_id, ecs_new_entity, ECS_COMPONENT and ECS_TAG right after ecs_init.
        assert_eq!(w.new_entity().0, 541);
        assert_eq!(w.entity("Foo").map(|e| e.0), Ok(542));
        assert_eq!(w.component("Position").map(|e| e.0), Ok(10));
        assert_eq!(w.entity("Tag").map(|e| e.0), Ok(543));
    }
}
