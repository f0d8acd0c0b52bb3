//! Schema to Arrow: every type of the shared model as an Arrow type, and a component as a table.
//!
//! | shared model | Arrow | kept in the field's metadata (`rosetta.type`) |
//! | --- | --- | --- |
//! | `bool` | `Boolean` | |
//! | `char` | `Utf8` of one character | `char` |
//! | integers (`int32`, `sint64`, `fixed32`, `uint8`, ...) | `Int8`..`Int64`, `UInt8`..`UInt64` by width and sign | the schema name, so the wire encoding survives |
//! | `float`, `double` | `Float32`, `Float64` | |
//! | `string` | `Utf8` | |
//! | `bytes` | `Binary` | |
//! | `EntityId` | `Int64` | `EntityId` |
//! | UUID | `FixedSizeBinary(16)` | |
//! | enum | `Dictionary(Int32, Utf8)` of constant names (a value without a name: its decimal digits); with [`ArrowOptions::enum_as_int`], the number as its representation's integer | the enum's name |
//! | bitmask | its representation's integer | the bitmask's name |
//! | type (struct), tuple | `Struct` (a tuple's members are `f0`, `f1`, ...) | the type's name |
//! | fixed array | `FixedSizeList` | |
//! | `list<T>`, set | `List` | |
//! | `option<T>` | `T`, nullable (an option of an option: a `List` of at most one) | |
//! | `map<K, V>` | `Map` (`entries: Struct<key, value>`) | |
//! | math types (vectors, quaternion, color, transforms, matrices) | `FixedSizeList` of `Float32`, `Float64` or `Int32`, in the model's component order | the math type's name |
//! | schema `Entity` | `Map<UInt32, Binary>`: component id to the component's wire bytes | |
//! | a value of a recursive type (inside itself) | `Binary`: its wire bytes | the type's name |
//!
//! A component's table has the column `entity_id` (`Int64`, never null) and then one column per
//! field of the component's data, named as the schema names it. The table's metadata holds the
//! component's qualified name and id ([`meta::COMPONENT`], [`meta::COMPONENT_ID`]), so a file
//! says what it holds.
//!
//! ```
//! use rosetta_arrow::{schema_of, ArrowOptions};
//! use rosetta_schema::{compile_sources, Schema, SourceFile};
//!
//! let compiled = compile_sources(vec![SourceFile {
//!     canonical_path: "game.schema".into(),
//!     text: "package game; component Health { id = 100; int32 current = 1; list<string> tags = 2; }".into(),
//! }]).unwrap();
//! let schema = Schema::from_bundle(compiled.bundle()).unwrap();
//! let table = schema_of(schema.registry(), 100, ArrowOptions::default()).unwrap();
//! let names: Vec<_> = table.fields().iter().map(|f| f.name().as_str()).collect();
//! assert_eq!(names, ["entity_id", "current", "tags"]);
//! ```

mod options;
pub(crate) mod shape;

pub use options::{meta, ArrowOptions};

use std::collections::HashMap;
use std::sync::Arc;

use arrow::datatypes::{DataType, Field, Schema as ArrowSchema, SchemaRef};
use rosetta_types::{ComponentId, Kind, TypeId, TypeRegistry};

use crate::error::{Error, Result};
use shape::{Member, Resolver};

/// The name of the column of entity ids, first in every table.
pub const ENTITY_ID: &str = "entity_id";

/// One component's table: its Arrow schema and the shape its values are laid out by.
#[derive(Debug, Clone)]
pub struct ComponentTable {
    pub(crate) id: Option<ComponentId>,
    pub(crate) name: String,
    pub(crate) ty: TypeId,
    pub(crate) members: Vec<Member>,
    pub(crate) schema: SchemaRef,
    /// The type is not a struct: its values are the one `value` column.
    pub(crate) wrapped: bool,
}

impl ComponentTable {
    /// The table of component `id` of `registry`.
    pub fn new(registry: &TypeRegistry, id: ComponentId, options: ArrowOptions) -> Result<Self> {
        let t = registry
            .component(id)
            .ok_or_else(|| Error::Unsupported(format!("the schema has no component {id}")))?;
        let name = t.qualified_name().unwrap_or_default().to_string();
        Self::build(registry, t.id(), name, Some(id), options)
    }

    /// The table of a component that has no SpatialOS id (a Flecs world's): type `ty` of
    /// `registry`, named `name` (the component's path). A struct's members are the columns;
    /// any other type (an enum, a primitive) is one column, `value`.
    pub fn of_type(
        registry: &TypeRegistry,
        ty: TypeId,
        name: impl Into<String>,
        options: ArrowOptions,
    ) -> Result<Self> {
        Self::build(registry, ty, name.into(), None, options)
    }

    fn build(
        registry: &TypeRegistry,
        ty: TypeId,
        name: String,
        id: Option<ComponentId>,
        options: ArrowOptions,
    ) -> Result<Self> {
        let mut resolver = Resolver::new(registry, options);
        let (members, wrapped) = match registry.get(ty).map(|t| t.kind()) {
            Some(Kind::Struct(def)) => (resolver.members(ty, def)?, false),
            Some(_) if id.is_none() => (vec![resolver.value_member(ty)?], true),
            _ => {
                return Err(Error::Unsupported(format!(
                    "component `{name}` is no struct type"
                )))
            }
        };
        let mut metadata = HashMap::from([(meta::COMPONENT.to_string(), name.clone())]);
        if let Some(id) = id {
            metadata.insert(meta::COMPONENT_ID.to_string(), id.to_string());
        }
        let mut table = Self::of_members(ty, name, members, metadata);
        table.id = id;
        table.wrapped = wrapped;
        Ok(table)
    }

    /// A table of `members` (after `entity_id`) with the table `metadata`: the building block of
    /// the tables of updates, events and commands.
    pub(crate) fn of_members(
        ty: TypeId,
        name: String,
        members: Vec<Member>,
        metadata: HashMap<String, String>,
    ) -> Self {
        let mut fields = vec![Field::new(ENTITY_ID, DataType::Int64, false)];
        fields.extend(members.iter().map(Member::field));
        ComponentTable {
            id: None,
            ty,
            name,
            members,
            schema: Arc::new(ArrowSchema::new_with_metadata(fields, metadata)),
            wrapped: false,
        }
    }

    /// The component's SpatialOS id (`None` for a Flecs world's component).
    pub fn id(&self) -> Option<ComponentId> {
        self.id
    }

    /// The component's qualified name (the table's name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The component's type in the registry.
    pub fn type_id(&self) -> TypeId {
        self.ty
    }

    /// The table's Arrow schema: `entity_id`, then the component's fields.
    pub fn schema(&self) -> &SchemaRef {
        &self.schema
    }
}

/// The Arrow schema of component `id`'s table: `entity_id`, then the component's fields (see
/// the [module documentation](self) for the types).
pub fn schema_of(
    registry: &TypeRegistry,
    id: ComponentId,
    options: ArrowOptions,
) -> Result<SchemaRef> {
    Ok(ComponentTable::new(registry, id, options)?.schema)
}
