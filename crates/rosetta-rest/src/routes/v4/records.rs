//! What `GET /components` (v4.1.6's `flecs_rest_append_component`) writes about one component
//! record beside its tables: the `traits` its relationship (or the id itself) has, from the
//! flags Flecs derives from them (`flecs_rest_append_component_traits`), and the `type` block
//! of a component with data (`size`, `alignment` and which type hooks it has).

use rosetta_types::Value;
use rosetta_world::builtin::{
    COMPONENT, DELETE, EXCLUSIVE, ON_DELETE, ON_DELETE_TARGET, PANIC, REMOVE, TAG, TRANSITIVE,
    TRAVERSABLE, WITH,
};
use rosetta_world::meta::FlecsKind;
use rosetta_world::{Id, World};

/// How deep [`needs_hooks`] follows a type's members (the world's types nest less).
const MAX_TYPE_DEPTH: usize = 64;

/// The trait names in the order v4.1.6 lists them, each with the test of the relationship
/// `r` (the id itself for a plain id) that sets its flag; `Exclusive`, `Traversable`,
/// `PairIsTag` and `IsTransitive` only for a pair.
pub(crate) fn traits(w: &World, id: Id) -> Vec<&'static str> {
    let r = if id.is_pair() {
        id.first()
    } else {
        id.without_flags()
    };
    let Some(r) = w.alive(r) else {
        return Vec::new();
    };
    let named = |p: &str| w.lookup(p);
    let pair = |rel: Id, tgt: Id| w.owns(r, Id::pair(rel, tgt));
    let pair_named = |rel: Option<Id>, tgt: &str| match (rel, named(tgt)) {
        (Some(rel), Some(t)) => pair(rel, t),
        _ => false,
    };
    let tag = |t: Option<Id>| t.is_some_and(|t| w.owns(r, t));
    let on_instantiate = named("flecs.core.OnInstantiate");
    let with = w
        .type_of(r)
        .iter()
        .any(|i| i.is_pair() && i.first() == WITH);
    // `flecs_component_get_flags_intern`: these flags only apply to pairs.
    let pair_only = id.is_pair();
    let transitive = pair_only && w.owns(r, TRANSITIVE);
    let list: [(&'static str, bool); 20] = [
        ("(OnDelete,Remove)", pair(ON_DELETE, REMOVE)),
        ("(OnDelete,Delete)", pair(ON_DELETE, DELETE)),
        ("(OnDelete,Panic)", pair(ON_DELETE, PANIC)),
        ("(OnDeleteTarget,Remove)", pair(ON_DELETE_TARGET, REMOVE)),
        ("(OnDeleteTarget,Delete)", pair(ON_DELETE_TARGET, DELETE)),
        ("(OnDeleteTarget,Panic)", pair(ON_DELETE_TARGET, PANIC)),
        (
            "(OnInstantiate,Override)",
            pair_named(on_instantiate, "flecs.core.Override"),
        ),
        (
            "(OnInstantiate,Inherit)",
            pair_named(on_instantiate, "flecs.core.Inherit"),
        ),
        (
            "(OnInstantiate,DontInherit)",
            pair_named(on_instantiate, "flecs.core.DontInherit"),
        ),
        ("Exclusive", pair_only && w.owns(r, EXCLUSIVE)),
        ("Traversable", pair_only && w.owns(r, TRAVERSABLE)),
        ("PairIsTag", pair_only && w.owns(r, TAG)),
        ("With", with),
        ("CanToggle", tag(named("flecs.core.CanToggle"))),
        ("IsTransitive", transitive),
        ("Inheritable", tag(named("flecs.core.Inheritable"))),
        ("Sparse", tag(named("flecs.core.Sparse"))),
        ("DontFragment", tag(named("flecs.core.DontFragment"))),
        ("OrderedChildren", tag(named("flecs.core.OrderedChildren"))),
        ("Singleton", tag(named("flecs.core.Singleton"))),
    ];
    list.into_iter()
        .filter(|(_, on)| *on)
        .map(|(n, _)| n)
        .collect()
}

/// `"type":{...}` for a record whose id has data of a type the world reflects and that is
/// not a builtin: its size and alignment (`flecs.core.Component`), and the hooks the meta
/// addon gives a reflected type: a constructor always, the destructor, copy and move hooks
/// when a value owns memory (a string, a vector or an opaque value, in it or a member), no
/// `on_*` hooks. `None` for a builtin type (its hooks are C code Rosetta has no record of)
/// or a tag.
pub(crate) fn type_block(w: &World, id: Id) -> Option<String> {
    let ty = w.type_id_of(id)?;
    w.flecs_type(ty)?;
    if in_flecs(w, ty) {
        return None;
    }
    let (size, align) = match w.get_owned(ty, COMPONENT)?.as_ref() {
        Value::Struct(f) => match f.as_ref() {
            [Value::I32(s), Value::I32(a)] if *s > 0 => (*s, *a),
            _ => return None,
        },
        _ => return None,
    };
    let owns = needs_hooks(w, ty, 0);
    Some(format!(
        "{{\"size\":{size},\"alignment\":{align},\"ctor\":true,\"dtor\":{owns},\"copy\":{owns},\
         \"move\":{owns},\"move_ctor\":{owns},\"copy_ctor\":{owns},\"on_add\":false,\
         \"on_set\":false,\"on_remove\":false,\"on_replace\":false}}"
    ))
}

/// Whether values of `ty` own memory: a string, vector or opaque value in them.
fn needs_hooks(w: &World, ty: Id, depth: usize) -> bool {
    if depth > MAX_TYPE_DEPTH {
        return false;
    }
    match w.flecs_type(ty).map(|t| &t.kind) {
        Some(FlecsKind::Primitive(p)) => *p == "string",
        Some(FlecsKind::Vector { .. } | FlecsKind::Opaque { .. }) => true,
        Some(FlecsKind::Array { element, .. }) => needs_hooks(w, *element, depth + 1),
        Some(FlecsKind::Struct) => w
            .flecs_type(ty)
            .is_some_and(|t| t.members.iter().any(|m| needs_hooks(w, m.ty, depth + 1))),
        _ => false,
    }
}

/// Whether `e` is in the `flecs` scope.
fn in_flecs(w: &World, e: Id) -> bool {
    let mut cur = Some(e);
    for _ in 0..MAX_TYPE_DEPTH {
        match cur {
            Some(x) if x == rosetta_world::builtin::FLECS => return true,
            Some(x) => cur = w.target(x, rosetta_world::builtin::CHILD_OF, 0),
            None => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::builtin::{CHILD_OF, IS_A};
    use rosetta_world::meta::Member;
    use rosetta_world::FlecsVersion;

    /// The traits and `type` blocks v4.1.6's `/components` writes for the same ids (the
    /// real server of `crates/rosetta-rest/e2e/space_rest4.c`).
    #[test]
    fn traits_and_type_as_v4_lists_them() {
        let mut w = World::with_version(FlecsVersion::V4);
        let f32_ = w.lookup("flecs.meta.f32").unwrap();
        let string = w.lookup("flecs.meta.string").unwrap();
        let pos = w.component("Position").unwrap();
        w.register_struct(pos, vec![Member::new("x", f32_), Member::new("y", f32_)])
            .unwrap();
        let named = w.component("Named").unwrap();
        w.register_struct(named, vec![Member::new("name", string)])
            .unwrap();
        let sun = w.new_entity();
        let earth = w.new_entity();
        w.add(earth, Id::pair(CHILD_OF, sun)).unwrap();
        assert_eq!(
            traits(&w, Id::pair(CHILD_OF, sun)),
            [
                "(OnDeleteTarget,Delete)",
                "(OnInstantiate,DontInherit)",
                "Exclusive",
                "Traversable",
                "PairIsTag"
            ]
        );
        // Known differences (bootstrap records whose flags 4.1.6 sets by hand): it lists
        // `PairIsTag` for `Component` and leaves it out for `(IsA, X)`.
        assert_eq!(traits(&w, COMPONENT), ["(OnInstantiate,DontInherit)"]);
        assert_eq!(
            traits(&w, Id::pair(IS_A, sun)),
            [
                "(OnInstantiate,Inherit)",
                "Traversable",
                "PairIsTag",
                "IsTransitive"
            ]
        );
        assert!(traits(&w, pos).is_empty());
        assert_eq!(
            type_block(&w, pos).as_deref(),
            Some(
                "{\"size\":8,\"alignment\":4,\"ctor\":true,\"dtor\":false,\"copy\":false,\
                 \"move\":false,\"move_ctor\":false,\"copy_ctor\":false,\"on_add\":false,\
                 \"on_set\":false,\"on_remove\":false,\"on_replace\":false}"
            )
        );
        let t = type_block(&w, named).unwrap_or_default();
        assert!(
            t.starts_with("{\"size\":8,\"alignment\":8,\"ctor\":true,\"dtor\":true"),
            "{t}"
        );
        // A builtin's hooks are C code: no block rather than a guess.
        assert_eq!(type_block(&w, COMPONENT), None);
    }
}
