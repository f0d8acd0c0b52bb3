//! Schema components and types as reflected world components.

use rosetta_types::{ComponentId, Kind, TypeId, TypeRegistry};

use crate::error::{Error, Result};
use crate::hash::HashMap;
use crate::id::Id;
use crate::world::World;

/// The world entities of a schema's components and named types.
///
/// ```
/// use rosetta_schema::{compile_sources, Schema, SourceFile};
/// use rosetta_world::{load, World};
/// let compiled = compile_sources(vec![SourceFile {
///     canonical_path: "game.schema".into(),
///     text: "package game; type V { float x = 1; } component Mover { id = 7; V velocity = 1; }".into(),
/// }]).unwrap();
/// let schema = Schema::from_bundle(compiled.bundle()).unwrap();
/// let mut w = World::new();
/// let components = load::register_schema(&mut w, schema.registry())?;
/// let mover = components.component(7).unwrap();
/// assert_eq!(w.path_of(mover), "game.Mover");
/// assert_eq!(components.component_id_of(mover), Some(7));
/// assert!(w.is_component(w.lookup("game.V").unwrap()));
/// # Ok::<(), rosetta_world::Error>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct SchemaComponents {
    by_component: HashMap<ComponentId, Id>,
    component_of_entity: HashMap<u32, ComponentId>,
    types: HashMap<u32, TypeId>,
}

impl SchemaComponents {
    /// The world entity of schema component `id`.
    pub fn component(&self, id: ComponentId) -> Option<Id> {
        self.by_component.get(&id).copied()
    }

    /// The schema component id of a world entity, when it is a schema component.
    pub fn component_id_of(&self, e: Id) -> Option<ComponentId> {
        self.component_of_entity.get(&e.index()).copied()
    }

    /// Whether the world entity `e` is a schema type or component.
    pub fn is_schema_type(&self, e: Id) -> bool {
        self.types.contains_key(&e.index())
    }

    /// How many schema components the world has.
    pub fn component_count(&self) -> usize {
        self.by_component.len()
    }

    /// How many named schema types (components included) the world has.
    pub fn type_count(&self) -> usize {
        self.types.len()
    }
}

fn bad_type(name: &str, reason: impl Into<String>) -> Error {
    Error::BadType {
        name: name.into(),
        reason: reason.into(),
    }
}

/// Makes every component of a compiled schema's `registry` a reflected world component at its
/// qualified name (ascending component id, so they take the low component ids in that order),
/// then every other named type. The world's type registry becomes a copy of `registry`, so the
/// world must not have reflected types of its own yet (a new [`World`] has none); a name the
/// world already has is refused. See the [module docs](crate::load) for the names and the
/// table of schema kinds.
pub fn register_schema(world: &mut World, registry: &TypeRegistry) -> Result<SchemaComponents> {
    rebase_types(world, registry)?;
    let mut out = SchemaComponents::default();
    let mut components: Vec<(ComponentId, TypeId, &str)> = Vec::new();
    let mut others: Vec<(TypeId, &str)> = Vec::new();
    for ty in registry.iter() {
        let Some(name) = ty.qualified_name() else {
            continue;
        };
        if ty.id().is_builtin() {
            continue;
        }
        match ty.component() {
            Some(c) => components.push((c.id(), ty.id(), name)),
            None => others.push((ty.id(), name)),
        }
    }
    components.sort_by_key(|c| c.0);
    for (cid, ty, name) in components {
        let e = register(world, name, ty)?;
        out.by_component.insert(cid, e);
        out.component_of_entity.insert(e.index(), cid);
        out.types.insert(e.index(), ty);
    }
    for (ty, name) in others {
        let e = register(world, name, ty)?;
        out.types.insert(e.index(), ty);
    }
    let mut described: Vec<(Id, TypeId)> = out
        .types
        .iter()
        .map(|(&e, &t)| (Id(u64::from(e)), t))
        .collect();
    described.sort_by_key(|d| d.0);
    world.describe_schema_types(&described)?;
    Ok(out)
}

/// Makes the world's registry `registry` plus the anonymous types the world made for its
/// builtins (Flecs' `string` is `option<string>`), so that the schema's type ids stay valid;
/// the world's components are moved to the new ids of their types.
fn rebase_types(world: &mut World, registry: &TypeRegistry) -> Result<()> {
    let refused = || {
        bad_type(
            "<schema>",
            "the world already has reflected types of its own; a schema is registered in a new world",
        )
    };
    let mut builder = registry.clone().into_builder();
    let mut remap: HashMap<TypeId, TypeId> = HashMap::default();
    // The world's own anonymous types (Flecs' `string` is `option<string>`; a v4 world's
    // builtin structs and enums: `BuildInfo`, `flecs.meta.type`, ...) are made again on top of the schema's registry, in id
    // order, so each one's parts are remapped before it.
    for ty in world.types.iter().filter(|t| !t.id().is_builtin()) {
        if ty.qualified_name().is_some() {
            return Err(refused());
        }
        let map = |t: &TypeId| -> Option<TypeId> {
            if t.is_builtin() {
                Some(*t)
            } else {
                remap.get(t).copied()
            }
        };
        let kind = match ty.kind() {
            Kind::Option(t) => Kind::Option(map(t).ok_or_else(refused)?),
            Kind::List(t) => Kind::List(map(t).ok_or_else(refused)?),
            Kind::Set(t) => Kind::Set(map(t).ok_or_else(refused)?),
            Kind::Array(t, n) => Kind::Array(map(t).ok_or_else(refused)?, *n),
            Kind::Map(k, v) => Kind::Map(map(k).ok_or_else(refused)?, map(v).ok_or_else(refused)?),
            Kind::Struct(st) => {
                let mut fields = Vec::with_capacity(st.fields().len());
                for f in st.fields() {
                    fields.push(rosetta_types::Field::new(
                        f.name(),
                        map(&f.ty()).ok_or_else(refused)?,
                    ));
                }
                Kind::Struct(rosetta_types::StructType::new(fields).map_err(|_| refused())?)
            }
            // The builtin enums of a v4 world (`TypeKind`, `PrimitiveKind`) refer to no type.
            Kind::Enum(et) => Kind::Enum(et.clone()),
            Kind::Bitmask(et) => Kind::Bitmask(et.clone()),
            _ => return Err(refused()),
        };
        remap.insert(ty.id(), builder.anonymous(kind));
    }
    world.types = builder
        .build()
        .map_err(|e| bad_type("<schema>", e.to_string()))?;
    for info in world.components.values_mut() {
        if let Some(ty) = info.ty.as_mut() {
            if let Some(new) = remap.get(ty) {
                *ty = *new;
            }
        }
    }
    Ok(())
}

/// One named type as a component. A path already in use is refused, unless it is a plain
/// scope entity made for an earlier type's path (`game` before `game.Player`, `game.Player`
/// before its nested `game.Player.Stats` ... when the nested type comes first).
fn register(world: &mut World, name: &str, ty: TypeId) -> Result<Id> {
    if let Some(existing) = world.lookup_from(Id::NULL, name, false) {
        let builtin = u64::from(existing.index()) < crate::builtin::FIRST_FREE_ID;
        if builtin || world.is_component(existing) {
            return Err(bad_type(
                name,
                format!(
                    "the world already has {} at this path",
                    if builtin {
                        "a Flecs builtin"
                    } else {
                        "a component"
                    }
                ),
            ));
        }
    }
    world.component_of(name, ty)
}
