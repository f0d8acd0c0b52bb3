//! The serializers and their options.

use rosetta_types::Value;
use rosetta_world::eval::Query;
use rosetta_world::{Id, World};

use crate::error::Result;

mod shape;
pub mod type_info;
pub mod value;

pub use value::{array_to_json, value_to_json_mode, ValueWriter};

pub(crate) mod builtins;
pub mod entity;
pub mod iter;
pub(crate) mod names;
mod options;
mod plan;
pub(crate) mod query_info;
pub use options::{EntityDesc, IterDesc, Page};
mod rows;
pub(crate) mod types;
pub mod world;

pub use entity::{entity_to_json_with, Extras};
pub use iter::iter_to_json_bounded;
pub use world::world_to_json_mode;

/// `ecs_ptr_to_json`: `value` of reflected type `ty` (a type entity) appended to `out`, as
/// lossless valid JSON ([`value_to_json_mode`] for Flecs' bytes; see [`value`]). Fails for a type
/// without reflection data, an enum value without a constant and bitmask bits without a flag
/// (where Flecs returns NULL), and a value that does not match the type; `out` is then left as
/// it was.
pub fn value_to_json(out: &mut String, world: &World, ty: Id, value: &Value) -> Result<()> {
    value_to_json_mode(out, world, ty, value, crate::text::Mode::Lossless)
}

/// `ecs_type_info_to_json`: the type info of `ty` appended to `out` (`0` for a type without
/// reflection data), as lossless valid JSON ([`type_info::type_info_to_json_mode`] for
/// v3.2.12's bytes; see [`type_info`]).
pub fn type_info_to_json(out: &mut String, world: &World, ty: Id) -> Result<()> {
    type_info::type_info_to_json_mode(out, world, ty, crate::text::Mode::Lossless)
}

/// `ecs_entity_to_json` (see [`entity`]); `matches` is empty and `alerts` is not written
/// (this world holds no named queries and no alerts module: [`entity_to_json_with`] passes
/// them).
pub fn entity_to_json(world: &World, e: Id, desc: &EntityDesc) -> Result<String> {
    entity::entity_to_json_with(world, e, desc, &entity::Extras::default())
}

/// `ecs_iter_to_json` over `query`'s results, paged (see [`iter`]). The query's search stops
/// after [`DEFAULT_STEP_LIMIT`](rosetta_world::eval::DEFAULT_STEP_LIMIT) steps with an error
/// ([`iter_to_json_bounded`] sets another bound). Call [`World::process_pending`] first, as
/// Flecs does when it creates an iterator.
pub fn iter_to_json(world: &World, query: &Query, desc: &IterDesc, page: Page) -> Result<String> {
    iter::iter_to_json_bounded(
        world,
        query,
        desc,
        page,
        rosetta_world::eval::DEFAULT_STEP_LIMIT,
    )
}

/// `ecs_world_to_json`: every table's entities in table mode (what `GET /world` returns), as
/// lossless valid JSON: [`de::world_from_json`](crate::de::world_from_json) reads every value
/// back exactly ([`world_to_json_mode`] writes Flecs' bytes: [`Mode::Valid`](crate::text::Mode)
/// or [`Mode::Engine`](crate::text::Mode)).
pub fn world_to_json(world: &World) -> Result<String> {
    world::world_to_json_mode(world, crate::text::Mode::Lossless)
}
