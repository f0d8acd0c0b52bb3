//! `GET /entity/<path>` (`flecs_rest_reply_entity`).

use rosetta_flecs::{EntityDesc, Extras};
use rosetta_world::{Engine, Query, World};

use super::params::bool_param;
use crate::lookup::lookup_path;
use crate::options::Options;
use crate::reply::Reply;
use crate::request::Request;

/// The entity at `path` (`/`-separated) through `ecs_entity_to_json`, its options read from
/// the request starting from `ECS_ENTITY_TO_JSON_INIT` (there is no `hidden` parameter).
pub(crate) fn reply(world: &World, path: &str, req: &Request, options: &Options) -> Reply {
    let Some(e) = lookup_path(world, path, "/") else {
        return crate::reply::error_quoting(
            404,
            options,
            |p| format!("entity '{p}' not found"),
            path,
        );
    };
    let desc = EntityDesc {
        mode: options.mode(),
        ..entity_desc(world, req)
    };
    // `matches` lists the named filters the entity matches.
    let filters: Vec<(rosetta_world::Id, Query)> = if desc.matches {
        world
            .named_filters()
            .filter_map(|(f, expr)| {
                Some((f, Query::with_engine(world, expr, Engine::Filter).ok()?))
            })
            .collect()
    } else {
        Vec::new()
    };
    let queries: Vec<(rosetta_world::Id, &Query)> = filters.iter().map(|(f, q)| (*f, q)).collect();
    let extras = Extras {
        queries: &queries,
        alerts_imported: false,
    };
    match rosetta_flecs::entity_to_json_with(world, e, &desc, &extras) {
        Ok(body) => Reply::ok(body),
        Err(_) => Reply::internal_error(),
    }
}

/// `flecs_rest_parse_json_ser_entity_params`.
pub(crate) fn entity_desc(world: &World, req: &Request) -> EntityDesc {
    let mut d = EntityDesc::default();
    bool_param(req, "path", &mut d.path);
    bool_param(req, "label", &mut d.label);
    bool_param(req, "brief", &mut d.brief);
    bool_param(req, "link", &mut d.link);
    bool_param(req, "color", &mut d.color);
    bool_param(req, "ids", &mut d.ids);
    bool_param(req, "id_labels", &mut d.id_labels);
    bool_param(req, "base", &mut d.base);
    bool_param(req, "values", &mut d.values);
    bool_param(req, "private", &mut d.private);
    bool_param(req, "type_info", &mut d.type_info);
    bool_param(req, "matches", &mut d.matches);
    bool_param(req, "alerts", &mut d.alerts);
    if let Some(rel) = req.param("refs") {
        // `ecs_lookup`: a relationship that is not found leaves refs off (id 0).
        d.refs = world.lookup(rel);
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(target: &str) -> EntityDesc {
        let w = World::new();
        let Ok(req) = Request::parse("GET", target) else {
            panic!("parse")
        };
        entity_desc(&w, &req)
    }

    #[test]
    fn starts_from_init_defaults() {
        assert_eq!(desc("/entity/a"), EntityDesc::default());
    }

    #[test]
    fn inspector_parameters() {
        let d = desc("/entity/a&type_info=true&label=true&brief=true&link=true&color=true&id_labels=true&values=true&matches=false&alerts=false&private=false&hidden=true");
        assert!(d.type_info && d.label && d.brief && d.link && d.color && d.id_labels);
        assert!(d.values && !d.matches && !d.alerts && !d.private);
        assert!(!d.hidden, "no hidden parameter");
        assert!(d.path && d.ids && d.base);
    }

    #[test]
    fn refs_looked_up() {
        assert_eq!(
            desc("/entity/a?refs=*").refs,
            Some(rosetta_world::builtin::WILDCARD)
        );
        assert_eq!(
            desc("/entity/a?refs=ChildOf").refs,
            Some(rosetta_world::builtin::CHILD_OF)
        );
        assert_eq!(desc("/entity/a?refs=Nope").refs, None);
    }
}
