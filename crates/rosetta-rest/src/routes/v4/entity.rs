//! `GET /entity/<path>` (`flecs_rest_get_entity`) and `GET /type_info/<path>`
//! (`flecs_rest_get_type_info`).

use rosetta_world::{Id, World};

use super::json::{self, EntityParams};
use crate::lookup::lookup_path_v4;
use crate::options::Options;
use crate::reply::{error_quoting, Reply};
use crate::request::Request;
use crate::routes::params::bool_param;

/// The entity at `path`, or the reply Flecs gives when there is none: 404 `entity '<path>'
/// not found` (`flecs_rest_entity_from_path`).
pub(crate) fn find(world: &World, path: &str, options: &Options) -> Result<Id, Reply> {
    lookup_path_v4(world, path)
        .ok_or_else(|| error_quoting(404, options, |p| format!("entity '{p}' not found"), path))
}

/// The entity at `path` through `ecs_entity_to_json`, its options read from the request
/// starting from `ECS_ENTITY_TO_JSON_INIT`. The explorer's `try`, `private` and `label` are
/// not options of v4.1.6's entity route and change nothing, as there.
pub(crate) fn get(world: &World, path: &str, req: &Request, options: &Options) -> Reply {
    let e = match find(world, path, options) {
        Ok(e) => e,
        Err(reply) => return reply,
    };
    match json::entity(world, e, &entity_params(world, req), options.mode()) {
        Ok(body) => Reply::ok(body),
        Err(_) => Reply::internal_error(),
    }
}

/// `flecs_rest_parse_json_ser_entity_params`.
pub(crate) fn entity_params(world: &World, req: &Request) -> EntityParams {
    let mut d = EntityParams::default();
    bool_param(req, "entity_id", &mut d.entity_id);
    bool_param(req, "doc", &mut d.doc);
    bool_param(req, "full_paths", &mut d.full_paths);
    bool_param(req, "inherited", &mut d.inherited);
    bool_param(req, "values", &mut d.values);
    bool_param(req, "builtin", &mut d.builtin);
    bool_param(req, "type_info", &mut d.type_info);
    bool_param(req, "matches", &mut d.matches);
    bool_param(req, "alerts", &mut d.alerts);
    if let Some(rel) = req.param("refs") {
        // `ecs_lookup`: a relationship that is not found leaves refs off (id 0).
        d.refs = world.lookup(rel);
    }
    d
}

/// `ecs_type_info_to_json` of the type at `path`: 404 when there is no entity, `0` (200) for
/// an entity without reflection data (v4.1.6's serializer writes that and succeeds), 500
/// `failed to serialize type info for '<path>'` when the serializer fails.
pub(crate) fn type_info(world: &World, path: &str, options: &Options) -> Reply {
    let e = match find(world, path, options) {
        Ok(e) => e,
        Err(reply) => return reply,
    };
    let mut out = String::new();
    let written = rosetta_flecs::v4::type_info_to_json(&mut out, world, e, options.mode());
    if written.is_err() {
        return error_quoting(
            500,
            options,
            |p| format!("failed to serialize type info for '{p}'"),
            path,
        );
    }
    Reply::ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(target: &str) -> EntityParams {
        let w = World::new();
        let Ok(req) = Request::parse("GET", target) else {
            panic!("parse")
        };
        entity_params(&w, &req)
    }

    #[test]
    fn starts_from_init_defaults() {
        assert_eq!(params("/entity/a"), EntityParams::default());
        let d = EntityParams::default();
        assert!(d.full_paths && d.values && !d.entity_id && !d.inherited && !d.type_info);
    }

    #[test]
    fn the_inspectors_parameters() {
        let d = params("/entity/a?try=true&values=true&entity_id=true&full_paths=true&type_info=true&private=true&inherited=true&matches=false&alerts=false");
        assert!(d.values && d.entity_id && d.full_paths && d.type_info && d.inherited);
        assert!(!d.matches && !d.alerts && !d.doc && !d.builtin);
        let d =
            params("/entity/a?values=false&full_paths=false&doc=true&builtin=true&refs=ChildOf");
        assert!(!d.values && !d.full_paths && d.doc && d.builtin);
        assert_eq!(d.refs, Some(rosetta_world::builtin::CHILD_OF));
    }
}
