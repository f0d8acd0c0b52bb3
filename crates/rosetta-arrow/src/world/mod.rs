//! A Flecs world (a world script, or world JSON of either version) as tables: `entities` (every
//! entity of the world's own, not Flecs' builtins: id, path, parent and type) and one table per
//! reflected component, named by its path (`Position`, `game.Health`), with `entity_id` and
//! the component's members as columns ([`crate::schema`] has the type mapping).
//!
//! A component whose type is not a struct (a Flecs enum or primitive component) has one
//! column, `value`. Components without reflection have no table; their ids are in each
//! entity's `type`, as pairs and tags are.
//!
//! ```
//! use rosetta_arrow::{world::write_world_batches, ArrowOptions};
//! let loaded = rosetta_world::script::load_str(r#"[
//!     ["struct", "Position", [["x", "f32"], ["y", "f32"]]],
//!     ["entity", "Sun.Earth"],
//!     ["set", "Sun.Earth", "Position", {"x": 1, "y": 2}]
//! ]"#).unwrap();
//! let mut tables = Vec::new();
//! write_world_batches(&loaded.world, ArrowOptions::default(), 1024, &mut |table, batch| {
//!     tables.push((table.name().to_string(), batch.num_rows()));
//!     Ok(())
//! }).unwrap();
//! // Sun, Sun.Earth and the Position component itself; Earth's Position.
//! assert_eq!(tables, [("entities".to_string(), 3), ("Position".to_string(), 1)]);
//! ```

mod builtins;
mod export;
mod import;

pub use export::{world_entities_schema, write_world_batches};
pub use import::{apply_dataset, Applied};
