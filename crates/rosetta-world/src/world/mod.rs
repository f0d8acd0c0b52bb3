//! The [`World`]: entities, tables, names, components and their reflected types.

mod bootstrap;
mod bootstrap_v4;
mod commit;
pub(crate) mod instantiate;
mod invariants;
mod module;
pub(crate) mod ops;

use rosetta_types::{TypeId, TypeRegistry, Value};

use crate::builtin;
use crate::error::{Error, Result};
use crate::hash::HashMap;
use crate::id::Id;
use crate::meta::types::{FlecsType, Unit};
use crate::store::{EntityIndex, Location, Store, Table, TableId};

/// What the world knows about a component (an id that carries data).
#[derive(Debug, Clone, PartialEq)]
pub struct ComponentInfo {
    /// The reflected type in [`World::types`], `None` for a component without reflection
    /// (Flecs prints its values as `0`).
    pub ty: Option<TypeId>,
}

/// An ECS world with Flecs v3.2.12's semantics.
///
/// ```
/// use rosetta_world::{builtin, World};
/// let mut w = World::new();
/// let earth = w.entity("Sun.Earth")?;
/// let sun = w.lookup("Sun").unwrap();
/// assert_eq!(w.path_of(earth), "Sun.Earth");
/// assert_eq!(w.target(earth, builtin::CHILD_OF, 0), Some(sun));
/// assert_eq!(w.lookup("Sun.Earth"), Some(earth));
/// # Ok::<(), rosetta_world::Error>(())
/// ```
#[derive(Debug, Clone)]
pub struct World {
    pub(crate) index: EntityIndex,
    pub(crate) store: Store,
    /// (parent index, name) → entity.
    pub(crate) names: crate::entity::name_index::NameIndex,
    pub(crate) components: HashMap<u32, ComponentInfo>,
    pub(crate) types: TypeRegistry,
    pub(crate) flecs_types: HashMap<u32, FlecsType>,
    /// Named filters (`ecs_filter_init` with an entity): the entity and the expression, in
    /// creation order.
    pub(crate) named_filters: Vec<(Id, String)>,
    /// Component index → the C layout of its type, for the types whose values are flat.
    pub(crate) layouts: HashMap<u32, std::sync::Arc<crate::store::Layout>>,
    pub(crate) units: HashMap<u32, Unit>,
    pub(crate) last_component_id: u64,
    /// The Flecs release whose behaviour this world follows.
    pub(crate) version: crate::version::FlecsVersion,
    /// v4's `OnInstantiate`, `Inherit` and `DontInherit` (`None` in a v3 world).
    pub(crate) on_instantiate: Option<[Id; 3]>,
}

impl Default for World {
    fn default() -> Self {
        World::new()
    }
}

impl World {
    /// A world with Flecs' builtin entities (`flecs.core.*`, `flecs.meta.*`, `flecs.doc.*`, ...)
    /// at the ids v3.2.12 gives them.
    pub fn new() -> World {
        World::with_version(crate::version::FlecsVersion::V3)
    }

    /// A world that follows the given Flecs release.
    pub fn with_version(version: crate::version::FlecsVersion) -> World {
        let mut w = World {
            index: EntityIndex::new(),
            store: Store::new(),
            names: Default::default(),
            components: HashMap::default(),
            types: TypeRegistry::new(),
            flecs_types: HashMap::default(),
            layouts: HashMap::default(),
            named_filters: Vec::new(),
            units: HashMap::default(),
            last_component_id: builtin::FIRST_USER_COMPONENT_ID,
            version,
            on_instantiate: None,
        };
        w.bootstrap();
        w
    }

    /// The Flecs release whose behaviour this world follows.
    pub fn version(&self) -> crate::version::FlecsVersion {
        self.version
    }

    /// Whether `e` (with this generation) is alive.
    pub fn is_alive(&self, e: Id) -> bool {
        e.is_entity() && self.index.is_alive(e)
    }

    /// The alive entity with the index of `e` (any generation), as `ecs_get_alive`.
    pub fn alive(&self, e: Id) -> Option<Id> {
        self.index.alive_of(e.index())
    }

    /// A new anonymous entity without ids (`ecs_new_id`).
    pub fn new_entity(&mut self) -> Id {
        self.index.new_id()
    }

    /// `ecs_make_alive`: makes this exact id alive. Errors if another generation is alive.
    pub fn make_alive(&mut self, e: Id) -> Result<Id> {
        if !e.is_entity() || e.0 >> 48 != 0 {
            return Err(Error::InvalidId {
                id: e.0,
                reason: "not an entity id",
            });
        }
        if self.index.make_alive(e) {
            Ok(e)
        } else {
            Err(Error::InvalidId {
                id: e.0,
                reason: "another generation of this id is alive",
            })
        }
    }

    /// All alive entities, in the entity index's order.
    pub fn entities(&self) -> impl Iterator<Item = Id> + '_ {
        self.index.alive_ids()
    }

    /// Number of alive entities.
    pub fn entity_count(&self) -> usize {
        self.index.alive_count()
    }

    /// Number of entity ids that were deleted and wait to be recycled (Flecs' monitor reports
    /// them as `entities.not_alive_count`).
    ///
    /// ```
    /// let mut w = rosetta_world::World::new();
    /// let e = w.new_entity();
    /// w.delete(e)?;
    /// assert_eq!(w.not_alive_count(), 1);
    /// # Ok::<(), rosetta_world::Error>(())
    /// ```
    pub fn not_alive_count(&self) -> usize {
        self.index.not_alive_count()
    }

    /// Number of component types: the ids registered as components with data, whether or not
    /// an entity has them (Flecs' monitor reports its type infos as
    /// `components.type_count`).
    pub fn component_type_count(&self) -> usize {
        self.components.len()
    }

    /// Where `e` is stored.
    pub fn location(&self, e: Id) -> Option<Location> {
        self.index.location(e)
    }

    /// The table of `e` (`None` for a dead entity or one created without ids).
    pub fn table_of(&self, e: Id) -> Option<TableId> {
        self.index.location(e)?.table
    }

    /// The type of `e`: its ids, sorted ascending (empty for a dead entity).
    pub fn type_of(&self, e: Id) -> &[Id] {
        match self.table_of(e) {
            Some(t) => self.store.table(t).ids(),
            None => &[],
        }
    }

    /// All tables, in creation order (table 0 is the root table with the empty type).
    pub fn tables(&self) -> &[Table] {
        &self.store.tables
    }

    /// One table.
    pub fn table(&self, t: TableId) -> &Table {
        self.store.table(t)
    }

    /// The table of exactly this type, if it was created.
    pub fn find_table(&self, sorted_ids: &[Id]) -> Option<TableId> {
        self.store.find(sorted_ids)
    }

    /// Tables whose type holds `id` (exact, or a wildcard form: `*`, `_`, `(R,*)`, `(*,T)`,
    /// `(*,*)`, `(ChildOf,0)`), in creation order, empty tables included.
    pub fn tables_with(&self, id: Id) -> &[TableId] {
        self.store.tables_for(id)
    }

    /// The non-empty tables holding `id` in the order a Flecs filter or rule visits them. In
    /// v3.2.12, the order they last became non-empty, as of the last
    /// [`World::process_pending`] (its table caches keep separate empty and non-empty lists);
    /// in v4.1.6, creation order (its table cache is one list, appended to when a table is
    /// created, and iteration skips empty tables).
    pub fn tables_in_iter_order(&self, id: Id) -> Vec<TableId> {
        match self.version {
            crate::version::FlecsVersion::V3 => self.store.iter_order(id),
            crate::version::FlecsVersion::V4 => self.store.nonempty_in_creation_order(id),
        }
    }

    /// `flecs_process_pending_tables`: updates which tables count as non-empty, as Flecs does
    /// when a filter, rule or query is created or iterated.
    pub fn process_pending(&mut self) {
        self.store.process_pending();
    }

    /// The reflected types of the world's components.
    pub fn types(&self) -> &TypeRegistry {
        &self.types
    }

    /// The component info of `id` (a plain component id), if it carries data.
    pub fn component_info(&self, id: Id) -> Option<&ComponentInfo> {
        if !id.is_entity() {
            return None;
        }
        self.components.get(&id.index())
    }

    /// Whether `id` is a component (carries data).
    pub fn is_component(&self, id: Id) -> bool {
        self.component_info(id).is_some()
    }

    /// `ecs_get_typeid`: the component whose data an id carries (for a pair, the relationship
    /// if it is a component, else the target), `None` for tags.
    ///
    /// ```
    /// use rosetta_world::{builtin, Id, World};
    /// let w = World::new();
    /// assert_eq!(w.type_id_of(Id::pair(builtin::IDENTIFIER, builtin::NAME)), Some(builtin::IDENTIFIER));
    /// assert_eq!(w.type_id_of(builtin::PREFAB), None);
    /// ```
    pub fn type_id_of(&self, id: Id) -> Option<Id> {
        if id.has_pair_flag() {
            if !id.is_pair() {
                return None;
            }
            let first = self.alive(id.first())?;
            if self.owns(first, builtin::TAG) {
                return None;
            }
            if self.is_component(first) {
                return Some(first);
            }
            let second = self.alive(id.second())?;
            self.is_component(second).then_some(second)
        } else if id.flags() != 0 {
            None
        } else {
            self.is_component(id).then_some(id)
        }
    }

    /// Makes `e` a named filter with query expression `expr` (as `ecs_filter_init` with an
    /// entity does): REST's `/query?name=` runs it and `ecs_entity_to_json`'s `matches` lists
    /// the filters an entity matches. The expression is compiled where it is used.
    pub fn add_named_filter(&mut self, e: Id, expr: &str) {
        self.named_filters.retain(|(x, _)| *x != e);
        self.named_filters.push((e, expr.to_owned()));
    }

    /// The named filters whose entities are alive, in creation order.
    pub fn named_filters(&self) -> impl Iterator<Item = (Id, &str)> + '_ {
        self.named_filters
            .iter()
            .filter(|(e, _)| self.is_alive(*e))
            .map(|(e, s)| (*e, s.as_str()))
    }

    /// The Flecs-only metadata of a reflected type (units, member ranges, primitive kind ...).
    pub fn flecs_type(&self, id: Id) -> Option<&FlecsType> {
        self.flecs_types.get(&id.index())
    }

    /// The default value of a component (zero-initialised, as Flecs constructs it).
    pub(crate) fn default_value_of(&self, comp: Id) -> Value {
        match self.component_info(comp).and_then(|c| c.ty) {
            Some(ty) => {
                rosetta_types::default_value(&self.types, ty).unwrap_or(Value::Tuple(Box::new([])))
            }
            None => Value::Tuple(Box::new([])),
        }
    }
}
