//! The v4 JSON the routes answer with, from `rosetta_flecs::v4`: entities, query results, the
//! world. The routes read their parameters into [`EntityParams`] and [`IterParams`] (named as
//! v4.1.6's `flecs_rest_parse_json_ser_*_params` reads them) and this module turns them into
//! the serializers' descs.

use rosetta_flecs::text::Mode;
use rosetta_flecs::Page;
use rosetta_world::eval::Query;
use rosetta_world::{Engine, Id, World};

/// What failed to serialize.
#[derive(Debug)]
pub(crate) enum JsonError {
    /// The query ran out of search steps.
    Budget(String),
    /// Anything else (Flecs' serializer returns NULL: 500).
    Other,
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

/// A serializer's error as the routes report it.
fn other(e: rosetta_flecs::Error) -> JsonError {
    match e {
        rosetta_flecs::Error::World(rosetta_world::Error::QueryBudget(_)) => {
            JsonError::Budget(e.to_string())
        }
        _ => JsonError::Other,
    }
}

/// `ecs_entity_to_json`.
pub(crate) fn entity(
    world: &World,
    e: Id,
    params: &EntityParams,
    mode: Mode,
) -> Result<String, JsonError> {
    let desc = rosetta_flecs::v4::EntityDesc {
        entity_id: params.entity_id,
        doc: params.doc,
        full_paths: params.full_paths,
        inherited: params.inherited,
        values: params.values,
        builtin: params.builtin,
        type_info: params.type_info,
        alerts: params.alerts,
        refs: params.refs,
        matches: params.matches,
        mode,
    };
    // `matches` lists the named queries (the world script's filters) the entity matches.
    let compiled: Vec<(Id, Query)> = if desc.matches {
        world
            .named_filters()
            .filter_map(|(f, expr)| {
                Some((f, Query::with_engine(world, expr, Engine::Filter).ok()?))
            })
            .collect()
    } else {
        Vec::new()
    };
    let queries: Vec<(Id, &Query)> = compiled.iter().map(|(f, q)| (*f, q)).collect();
    rosetta_flecs::v4::entity_to_json_with(world, e, &desc, &queries).map_err(other)
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
    let desc = rosetta_flecs::v4::IterDesc {
        entity_ids: params.entity_ids,
        doc: params.doc,
        full_paths: params.full_paths,
        inherited: params.inherited,
        values: params.values,
        builtin: params.builtin,
        type_info: params.type_info,
        field_info: params.field_info,
        query_info: params.query_info,
        query_plan: params.query_plan,
        query_profile: params.query_profile,
        table: params.table,
        fields: params.fields,
        dont_serialize_results: !params.results,
        mode,
        ..Default::default()
    };
    rosetta_flecs::v4::iter_to_json(world, query, &desc, page, max_steps).map_err(other)
}

/// `ecs_world_to_json`.
pub(crate) fn world(world: &World, mode: Mode) -> Result<String, JsonError> {
    rosetta_flecs::v4::world_to_json(world, mode).map_err(other)
}
