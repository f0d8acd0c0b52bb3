//! The v4 JSON the routes answer with, from `rosetta_flecs::v4`: entities, query results, the
//! world. The routes read their parameters into [`EntityParams`] and [`IterParams`] (named as
//! v4.1.6's `flecs_rest_parse_json_ser_*_params` reads them) and this module turns them into
//! the serializers' descs.

use rosetta_flecs::text::Mode;
use rosetta_flecs::Page;
use rosetta_world::eval::Query;
use rosetta_world::{Id, World};

/// What failed to serialize.
#[derive(Debug)]
#[allow(dead_code)] // built by the v4 serializers, wired in when they are merged
pub(crate) enum JsonError {
    /// The query ran out of search steps.
    Budget(String),
    /// Anything else (Flecs' serializer returns NULL: 500).
    Other(String),
}

/// `ecs_entity_to_json_desc_t` as the entity route reads it, from `ECS_ENTITY_TO_JSON_INIT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EntityParams {
    pub entity_id: bool,
    pub doc: bool,
    pub full_paths: bool,
    pub inherited: bool,
    pub values: bool,
    pub builtin: bool,
    pub type_info: bool,
    pub matches: bool,
    pub alerts: bool,
    pub refs: Option<Id>,
}

impl Default for EntityParams {
    /// `ECS_ENTITY_TO_JSON_INIT`: full paths and values on, the rest off.
    fn default() -> Self {
        EntityParams {
            entity_id: false,
            doc: false,
            full_paths: true,
            inherited: false,
            values: true,
            builtin: false,
            type_info: false,
            matches: false,
            alerts: false,
            refs: None,
        }
    }
}

/// `ecs_iter_to_json_desc_t` as the query route reads it, from `ECS_ITER_TO_JSON_INIT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct IterParams {
    pub entity_ids: bool,
    pub doc: bool,
    pub full_paths: bool,
    pub inherited: bool,
    pub values: bool,
    pub builtin: bool,
    pub type_info: bool,
    pub field_info: bool,
    pub query_info: bool,
    pub query_plan: bool,
    pub query_profile: bool,
    pub table: bool,
    pub fields: bool,
    pub results: bool,
}

impl Default for IterParams {
    /// `ECS_ITER_TO_JSON_INIT`: values, full paths and fields on (and the results), the rest
    /// off.
    fn default() -> Self {
        IterParams {
            entity_ids: false,
            doc: false,
            full_paths: true,
            inherited: false,
            values: true,
            builtin: false,
            type_info: false,
            field_info: false,
            query_info: false,
            query_plan: false,
            query_profile: false,
            table: false,
            fields: true,
            results: true,
        }
    }
}

/// `ecs_entity_to_json`.
pub(crate) fn entity(
    world: &World,
    e: Id,
    params: &EntityParams,
    mode: Mode,
) -> Result<String, JsonError> {
    let _ = (world, e, params, mode);
    Err(JsonError::Other("v4 entity JSON is not merged yet".into()))
}

/// `ecs_iter_to_json` over a page of `query`'s results, bounded by `max_steps`.
pub(crate) fn iter(
    world: &World,
    query: &Query,
    params: &IterParams,
    page: Page,
    max_steps: u64,
    mode: Mode,
) -> Result<String, JsonError> {
    let _ = (world, query, params, page, max_steps, mode);
    Err(JsonError::Other(
        "v4 iterator JSON is not merged yet".into(),
    ))
}

/// `ecs_world_to_json`.
pub(crate) fn world(world: &World, mode: Mode) -> Result<String, JsonError> {
    let _ = (world, mode);
    Err(JsonError::Other("v4 world JSON is not merged yet".into()))
}
