//! Flecs v4.1.6's JSON (`docs/FlecsRemoteApi.md` of v4.1.6 and its `src/addons/json/`).
//!
//! v4 writes an entity as a row of its table format: `parent`, `name`, `tags`, `pairs` and
//! `components` (keys `Position` or `(Rel,Tgt)`, values as reflected, `null` without
//! reflection), `inherited` per `IsA` base. Values and floats are written as v3.2.12 writes
//! them (v4.1.6's `flecs_strbuf_ftoa` and value serializer give the same bytes), with the
//! same [`Mode`](crate::text::Mode)s; `EcsIdentifier` and `EcsDocDescription` are reflected
//! as `{"value": ...}`.
//!
//! - `ecs_entity_to_json`: [`entity_to_json`] with [`EntityDesc`].
//! - `ecs_world_to_json`: [`world_to_json`]; the types it carries as a Flecs Script that
//!   registers them in an application before `ecs_world_from_json`: [`types_to_script`].
//! - The row pieces in [`row`] (`tags`, `pairs`, `components`, `inherited`) shared with the
//!   iterator serializer's `table` form.

mod entity;
pub mod iter;
mod iter_desc;
mod iter_names;
mod iter_plan;
mod iter_row;
mod iter_table;
mod options;
mod query_info;
pub mod row;
mod types;
mod world;
mod world_script;

pub use entity::{entity_to_json, entity_to_json_with, NamedQueries};
pub use iter::{iter_to_json, IterDesc};
pub use options::EntityDesc;
pub use types::type_info_to_json;
pub use world::{world_to_json, world_to_json_with, WorldDesc};
pub use world_script::types_to_script;
