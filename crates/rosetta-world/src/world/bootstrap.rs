//! Creating the builtin entities of v3.2.12 in a new world.

use rosetta_types::TypeId;

use crate::builtin::{self, Scope, BUILTINS, CHILD_OF, FLECS, FLECS_CORE, MODULE, MODULES, TRAITS};
use crate::id::Id;
use crate::world::{ComponentInfo, World};

impl World {
    pub(crate) fn bootstrap(&mut self) {
        for b in BUILTINS {
            self.index.make_alive(Id(b.id));
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
        let mut modules = Vec::new();
        for m in MODULES {
            let e = self.new_entity();
            let _ = self.add(e, Id::pair(CHILD_OF, FLECS));
            let _ = self.set_name(e, m);
            let _ = self.add(e, MODULE);
            modules.push((m, e));
        }
        for b in BUILTINS {
            let e = Id(b.id);
            if e == FLECS || e == FLECS_CORE {
                continue;
            }
            let parent = match b.scope {
                Scope::Root => None,
                Scope::Core => Some(FLECS_CORE),
                Scope::Module(m) => modules.iter().find(|(n, _)| *n == m).map(|(_, e)| *e),
            };
            if let Some(p) = parent {
                let _ = self.add(e, Id::pair(CHILD_OF, p));
            }
            let _ = self.set_name(e, b.name);
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
        assert!(w.entities().all(|e| e.0 <= FIRST_USER_ENTITY_ID + 6));
    }
}
