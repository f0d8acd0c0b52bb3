//! Loading a world from a compiled SpatialOS schema and a snapshot (binary, gzip or JSON).
//!
//! [`register_schema`] makes every schema component (and every named schema type) a reflected
//! world component named by its qualified schema name; [`SnapshotLoader`] reads a snapshot one
//! entity at a time and makes each snapshot entity a world entity. [`sniff`] tells a world
//! script, a JSON snapshot and a binary snapshot apart by their first bytes.
//!
//! ```
//! use rosetta_schema::{compile_sources, Schema, SourceFile};
//! use rosetta_wire::snapshot::{write_entities, Compression, SnapshotEntity};
//! use rosetta_wire::{family::Uint32, Object};
//! use rosetta_world::load::SnapshotLoader;
//!
//! let compiled = compile_sources(vec![SourceFile {
//!     canonical_path: "game.schema".into(),
//!     text: "package game; component Health { id = 1001; uint32 current = 1; }".into(),
//! }]).unwrap();
//! let schema = Schema::from_bundle(compiled.bundle()).unwrap();
//! let mut health = Object::new();
//! health.add::<Uint32>(1, 80);
//! let bytes = write_entities([&SnapshotEntity::new(42).with_component(1001, health)], Compression::Gzip).unwrap();
//!
//! let loaded = SnapshotLoader::new(&schema, "mem.snapshot").load(&bytes[..])?;
//! let w = &loaded.world;
//! let e = loaded.entity(42).unwrap();
//! assert_eq!(w.path_of(e), "snapshot.entity_42");
//! assert_eq!(w.lookup("snapshot.entity_42"), Some(e));
//! let health = w.lookup("game.Health").unwrap();
//! assert_eq!(w.path_of(w.target(health, rosetta_world::builtin::CHILD_OF, 0).unwrap()), "game");
//! assert!(w.get(e, health).is_some());
//! # Ok::<(), rosetta_world::Error>(())
//! ```
//!
//! # Names
//!
//! **Components and types.** A schema component or type is the entity at its qualified name,
//! each `.` a scope, as Flecs' C++ API names a type in a namespace: `improbable.Position` is
//! the entity `Position` under a plain named entity `improbable` (created with the first type
//! of the package, neither a component nor a module), so `improbable.Position` in a query or a
//! lookup means what a SpatialOS user means by it, and `Position` alone finds nothing (as in
//! Flecs). A type nested in another (`game.Player.Stats`) is a child of its outer type's entity.
//! Components are registered first, in ascending component id, so they take Flecs' low
//! component ids (8 upwards, below 256) in that order; other named types follow in the
//! registry's order. A name the world already has (a `flecs.*` builtin) is refused.
//!
//! **Entities.** SpatialOS entity `N` is the world entity `snapshot.entity_N`: a child of one
//! scope entity `snapshot`. Flecs' own ids cannot be used: ids below 384 are Flecs' builtins
//! and components (SpatialOS ids start at 1), and a name made only of digits is read by Flecs
//! as an id, so `snapshot.42` could not be looked up as a name. `entity_N` is found from the id
//! alone (no need to know the entity's type), is unique because snapshot ids are (a clash with
//! a schema type under a package named `snapshot` is an error), and one scope keeps a million
//! entities apart from the packages in an explorer's tree. The id itself is the value of the
//! component `spatialos.EntityId` (an `EntityId`) on every snapshot entity, and the
//! `improbable.Metadata` `entity_type`, when the entity has one, is its doc name
//! (`(flecs.doc.Description, flecs.core.Name)`), the label Flecs' explorer shows. Each entity
//! goes to its final table in one move; world ids are given in the file's order.
//!
//! # Schema kinds in the world
//!
//! In a v4 world every type of that last column is described to Flecs as its meta addon
//! would hold it (`World::flecs_type`, written in world JSON as Flecs' type entities, and as a
//! Flecs Script by `rosetta_flecs::v4::types_to_script`); see `meta` for the names of the
//! vector and entry types. A recursive type (through a list or option) has no Flecs form.
//!
//! The world's reflected types are the schema's own [`rosetta_types`] registry (the one the
//! schema compiler produces), so a component's value is the same [`rosetta_types::Value`] that
//! [`rosetta_wire::typed::read`] gives for its data. The last column says how Flecs' meta addon
//! would describe the same data.
//!
//! | schema | world type (rosetta-types kind) | value | Flecs meta |
//! | --- | --- | --- | --- |
//! | `component C { id = N; ... }` | the component's `Struct` (its fields, or the `data` type's), at `pkg.C` | `Struct` | a struct component |
//! | `type T { ... }`, nested types | `Struct` at `pkg.T` (`pkg.Outer.T` nested) | `Struct`, inline in its user | struct |
//! | `enum E { ... }` | closed `Enum` over uint32 at `pkg.E` | `Enum` (the constant's value) | enum over `i32`, its constants' entities written in world JSON |
//! | `bool` | `Bool` | `Bool` | `bool` |
//! | `int32`, `sint32`, `sfixed32` | `Int` signed 32 (wire encoding kept) | `I32` | `i32` |
//! | `int64`, `sint64`, `sfixed64` | `Int` signed 64 | `I64` (a number, not the JSON form's string) | `i64` |
//! | `uint32`, `fixed32` | `Int` unsigned 32 | `U32` | `u32` |
//! | `uint64`, `fixed64` | `Int` unsigned 64 | `U64` (a number) | `u64` |
//! | `float`, `double` | `Float` F32, F64 | `F32`, `F64` | `f32`, `f64` |
//! | `string` | `String` (never null, unlike Flecs' `string`) | `String` | `string` |
//! | `bytes` | `Bytes` | `Bytes` | vector of `byte` (`rosetta.vector_byte`) |
//! | `EntityId` | `EntityId` | `EntityId`, the SpatialOS id as written (world entity `snapshot.entity_<id>`), not a world id | `i64` (not `entity`: not a world id) |
//! | `Entity` | `Entity` | `Entity`: component data by component id | none (an object of component values by qualified name, which Flecs cannot read) |
//! | `option<T>` | `Option(T)` | `Option` (empty or one value) | vector of 0 or 1 `T` (Flecs has no optional; `rosetta.vector_T`) |
//! | `list<T>` | `List(T)` | `List` | vector of `T` (`rosetta.vector_T`) |
//! | `map<K, V>` | `Map(K, V)` | `Map`, entries in the data's order | vector of `{key, value}` structs (`rosetta.vector_entry_K_V`) |
//! | events, commands, annotations, `component_set` | kept in the type registry only | — | — |
//! | the SpatialOS entity id | component `spatialos.EntityId` (`EntityId`) | `EntityId` | `i64` |

mod format;
mod names;
mod schema;
mod snapshot;

pub use crate::error::LoadError;
pub use format::{sniff, WorldFormat};
pub use names::{entity_name, ENTITY_ID_COMPONENT, SNAPSHOT_SCOPE};
pub use schema::{register_schema, SchemaComponents};
pub use snapshot::{Progress, SnapshotFormat, SnapshotLoader, SnapshotWorld};
