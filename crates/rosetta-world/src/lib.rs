//! An ECS world with Flecs v3.2.12's semantics: entities with names, hierarchy, prefabs and
//! inheritance, reflected components stored in archetype tables, and Flecs' query language.
//!
//! - [`Id`]: 64-bit ids, pairs and flags encoded as Flecs encodes them.
//! - [`builtin`]: the builtin entities with the ids and paths v3.2.12 gives them.
//! - [`World`]: entities, names and paths, `ChildOf`, `IsA`, doc strings, unions, toggles,
//!   components stored in [`Table`]s created in Flecs' order, reflected types ([`meta`]).
//! - [`script`]: the world-script loader (the corpus' JSON setup operations).
//! - [`load`]: a SpatialOS schema's components and a snapshot's entities loaded into a world.
//! - [`query`]: the query language parsed; [`eval`]: queries run against a world
//!   ([`Query`]), results in Flecs' order.
//!
//! ```
//! use rosetta_world::{builtin, script, World};
//! let loaded = script::load_str(r#"[
//!     ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
//!     ["entity", "Sun.Earth"],
//!     ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}]
//! ]"#)?;
//! let w = &loaded.world;
//! let earth = w.lookup("Sun.Earth").unwrap();
//! let pos = w.lookup("Position").unwrap();
//! assert!(w.type_of(earth).contains(&pos));
//! # Ok::<(), rosetta_world::Error>(())
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod builtin;
pub mod entity;
mod error;
pub mod eval;
mod hash;
pub mod id;
pub mod load;
pub mod meta;
pub mod query;
pub mod script;
pub mod store;
mod version;
mod world;

pub use entity::DocKind;
pub use error::{Error, Result};
pub use eval::{Engine, Query, QueryResult};
pub use id::{Entity, Id};
pub use store::{Column, Table, TableId, TableRecord};
pub use version::{FlecsVersion, UnknownVersion};
pub use world::instantiate::OnInstantiate;
pub use world::{ComponentInfo, World};
