//! The serializers and their options.

use rosetta_types::Value;
use rosetta_world::eval::Query;
use rosetta_world::{Id, World};

use crate::error::Result;

mod shape;
pub mod type_info;
pub mod value;

pub use value::{array_to_json, value_to_json_mode, ValueWriter};

mod builtins;
pub mod entity;
pub mod iter;
mod names;
mod options;
mod rows;
pub mod world;

pub use entity::{entity_to_json_with, Extras};
pub use iter::iter_to_json_bounded;
pub use world::world_to_json_mode;

/// `ecs_entity_to_json_desc_t`: what [`entity_to_json`] writes. [`Default`] is
/// `ECS_ENTITY_TO_JSON_INIT` (path, ids and base on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntityDesc {
    /// `serialize_path`.
    pub path: bool,
    /// `serialize_label`.
    pub label: bool,
    /// `serialize_brief`.
    pub brief: bool,
    /// `serialize_link`.
    pub link: bool,
    /// `serialize_color`.
    pub color: bool,
    /// `serialize_ids`.
    pub ids: bool,
    /// `serialize_id_labels`.
    pub id_labels: bool,
    /// `serialize_base`.
    pub base: bool,
    /// `serialize_private`.
    pub private: bool,
    /// `serialize_hidden`.
    pub hidden: bool,
    /// `serialize_values`.
    pub values: bool,
    /// `serialize_type_info`.
    pub type_info: bool,
    /// `serialize_alerts`.
    pub alerts: bool,
    /// `serialize_refs`: the relationship whose sources are listed (`*` for all), if any.
    pub refs: Option<Id>,
    /// `serialize_matches`.
    pub matches: bool,
    /// Valid JSON (the default) or v3.2.12's bytes where those are not JSON
    /// ([`Mode`](crate::text::Mode)).
    pub mode: crate::text::Mode,
}

impl Default for EntityDesc {
    fn default() -> Self {
        EntityDesc {
            path: true,
            label: false,
            brief: false,
            link: false,
            color: false,
            ids: true,
            id_labels: false,
            base: true,
            private: false,
            hidden: false,
            values: false,
            type_info: false,
            alerts: false,
            refs: None,
            matches: false,
            mode: crate::text::Mode::Valid,
        }
    }
}

/// `ecs_iter_to_json_desc_t`: what [`iter_to_json`] writes. [`Default`] is
/// `ECS_ITER_TO_JSON_INIT` (term_ids, ids, sources, variables, is_set, values and entities on);
/// [`IterDesc::rest`] is the REST API's starting point (entities and variables only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)] // each field is the `serialize_<name>` option of the same name
pub struct IterDesc {
    pub term_ids: bool,
    pub term_labels: bool,
    pub ids: bool,
    pub id_labels: bool,
    pub sources: bool,
    pub variables: bool,
    pub variable_labels: bool,
    pub variable_ids: bool,
    pub is_set: bool,
    pub values: bool,
    pub private: bool,
    pub entities: bool,
    pub entity_labels: bool,
    pub entity_ids: bool,
    pub colors: bool,
    /// `measure_eval_duration`.
    pub eval_duration: bool,
    pub type_info: bool,
    pub field_info: bool,
    pub query_info: bool,
    pub query_plan: bool,
    pub query_profile: bool,
    pub table: bool,
    pub rows: bool,
    /// `dont_serialize_results` negated: whether `results` is written.
    pub results: bool,
    /// Valid JSON (the default) or v3.2.12's bytes where those are not JSON
    /// ([`Mode`](crate::text::Mode)).
    pub mode: crate::text::Mode,
}

impl Default for IterDesc {
    fn default() -> Self {
        IterDesc {
            term_ids: true,
            ids: true,
            sources: true,
            variables: true,
            is_set: true,
            values: true,
            entities: true,
            results: true,
            ..IterDesc::none()
        }
    }
}

impl IterDesc {
    /// Every option off (and `results` on).
    pub const fn none() -> IterDesc {
        IterDesc {
            term_ids: false,
            term_labels: false,
            ids: false,
            id_labels: false,
            sources: false,
            variables: false,
            variable_labels: false,
            variable_ids: false,
            is_set: false,
            values: false,
            private: false,
            entities: false,
            entity_labels: false,
            entity_ids: false,
            colors: false,
            eval_duration: false,
            type_info: false,
            field_info: false,
            query_info: false,
            query_plan: false,
            query_profile: false,
            table: false,
            rows: false,
            results: true,
            mode: crate::text::Mode::Valid,
        }
    }

    /// What v3.2.12's REST `/query` starts from before reading the request's parameters:
    /// all off but `entities` and `variables`.
    pub const fn rest() -> IterDesc {
        IterDesc {
            entities: true,
            variables: true,
            ..IterDesc::none()
        }
    }
}

/// Offset and limit in entities, as `ecs_page_iter` applies them (REST's `offset` and
/// `limit`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Page {
    /// Entities skipped.
    pub offset: usize,
    /// At most this many entities, if set.
    pub limit: Option<usize>,
}

/// `ecs_ptr_to_json`: `value` of reflected type `ty` (a type entity) appended to `out`, as
/// valid JSON ([`value_to_json_mode`] for v3.2.12's bytes; see [`value`]). Fails for a type
/// without reflection data, an enum value without a constant and bitmask bits without a flag
/// (where Flecs returns NULL), and a value that does not match the type; `out` is then left as
/// it was.
pub fn value_to_json(out: &mut String, world: &World, ty: Id, value: &Value) -> Result<()> {
    value_to_json_mode(out, world, ty, value, crate::text::Mode::Valid)
}

/// `ecs_type_info_to_json`: the type info of `ty` appended to `out` (`0` for a type without
/// reflection data), as valid JSON ([`type_info::type_info_to_json_mode`] for v3.2.12's
/// bytes; see [`type_info`]).
pub fn type_info_to_json(out: &mut String, world: &World, ty: Id) -> Result<()> {
    type_info::type_info_to_json_mode(out, world, ty, crate::text::Mode::Valid)
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
/// valid JSON ([`world_to_json_mode`] writes v3.2.12's bytes).
pub fn world_to_json(world: &World) -> Result<String> {
    world::world_to_json_mode(world, crate::text::Mode::Valid)
}
