//! `GET /query?expr=` and `?name=` (`flecs_rest_get_query`, `flecs_rest_iter_to_reply`).

use rosetta_flecs::Page;
use rosetta_world::eval::Query;
use rosetta_world::{Engine, World};

use super::json::{self, IterParams, JsonError};
use crate::options::Options;
use crate::reply::{error_quoting, Reply};
use crate::request::Request;
use crate::routes::params::{bool_param, int_param};

/// `?name=<query entity>` (the world script's named filters are this world's query
/// entities), else `?expr=<query>` in the world's query language: a query that does not
/// parse is 400 with the text Flecs logs (200 with `try=true`), else its results through
/// `ecs_iter_to_json`.
pub(crate) fn reply(world: &World, req: &Request, options: &Options) -> Reply {
    if let Some(name) = req.param("name") {
        return named(world, req, name, options);
    }
    let Some(expr) = req.param("expr") else {
        // v4.1.6 writes this one as plain text, not JSON (`flecs_rest_get_query`), with its
        // JSON content type; the replies are compared with a v4.1.6 server's, so v4 does too.
        return Reply {
            code: 400,
            ..Reply::ok("Missing parameter 'expr'".to_owned())
        };
    };
    let mut try_ = false;
    bool_param(req, "try", &mut try_);
    match Query::new(world, expr) {
        Err(e) => {
            let mut r = Reply::error(400, &e.to_string());
            if try_ {
                // A client trying queries as they are typed gets its error with 200.
                r.code = 200;
            }
            r
        }
        Ok(query) => iter_reply(world, req, &query, options),
    }
}

/// `flecs_rest_reply_existing_query`.
fn named(world: &World, req: &Request, name: &str, options: &Options) -> Reply {
    let found = world.lookup(name);
    let Some(e) = found else {
        return error_quoting(
            404,
            options,
            |n| format!("unresolved identifier '{n}'"),
            name,
        );
    };
    let Some((_, expr)) = world.named_filters().find(|(f, _)| *f == e) else {
        return error_quoting(
            400,
            options,
            |n| format!("resolved identifier '{n}' is not a query"),
            name,
        );
    };
    match Query::with_engine(world, expr, Engine::Filter) {
        Ok(query) => iter_reply(world, req, &query, options),
        Err(e) => Reply::error(400, &e.to_string()),
    }
}

/// The results of `query`, paged by `offset` (0) and `limit` (1000; 0 is none), the search
/// bounded by the server's step limit (a query that runs out of it is answered 400).
fn iter_reply(world: &World, req: &Request, query: &Query, options: &Options) -> Reply {
    let params = iter_params(req);
    let (mut offset, mut limit) = (0, 1000);
    int_param(req, "offset", &mut offset);
    int_param(req, "limit", &mut limit);
    if offset < 0 || limit < 0 {
        // Flecs writes the error and leaves the code at 200.
        return Reply::raw_error(200, "invalid offset/limit parameter");
    }
    let page = Page {
        offset: usize::try_from(offset).unwrap_or(0),
        // `ecs_page_iter` reads a limit of 0 as no limit.
        limit: usize::try_from(limit).ok().filter(|&l| l > 0),
    };
    match json::iter(
        world,
        query,
        &params,
        page,
        options.step_limit,
        options.mode(),
    ) {
        Ok(body) => Reply::ok(body),
        Err(JsonError::Budget(e)) => crate::routes::steps::out_of_steps(&e),
        Err(JsonError::Other) => Reply::internal_error(),
    }
}

/// `flecs_rest_parse_json_ser_iter_params` from `ECS_ITER_TO_JSON_INIT`.
pub(crate) fn iter_params(req: &Request) -> IterParams {
    let mut d = IterParams::default();
    bool_param(req, "entity_ids", &mut d.entity_ids);
    bool_param(req, "doc", &mut d.doc);
    bool_param(req, "full_paths", &mut d.full_paths);
    bool_param(req, "inherited", &mut d.inherited);
    bool_param(req, "values", &mut d.values);
    bool_param(req, "builtin", &mut d.builtin);
    bool_param(req, "type_info", &mut d.type_info);
    bool_param(req, "field_info", &mut d.field_info);
    bool_param(req, "query_info", &mut d.query_info);
    bool_param(req, "query_plan", &mut d.query_plan);
    bool_param(req, "query_profile", &mut d.query_profile);
    bool_param(req, "table", &mut d.table);
    bool_param(req, "fields", &mut d.fields);
    bool_param(req, "results", &mut d.results);
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(target: &str) -> IterParams {
        let Ok(req) = Request::parse("GET", target) else {
            panic!("parse")
        };
        iter_params(&req)
    }

    #[test]
    fn starts_from_init_defaults() {
        assert_eq!(params("/query?expr=A"), IterParams::default());
    }

    #[test]
    fn the_explorers_parameters() {
        let d = params("/query?try=true&rows=true&limit=1000&doc=true&entity_ids=true&expr=A");
        assert!(d.doc && d.entity_ids && d.values && d.fields && d.results && d.full_paths);
        let d = params("/query?try=true&rows=true&full_paths=true&query_info=true&field_info=true&query_plan=true&query_profile=true&expr=A");
        assert!(d.query_info && d.field_info && d.query_plan && d.query_profile);
        assert!(!d.entity_ids && !d.doc && !d.table && !d.inherited);
        let d = params("/query?results=false&fields=false&values=0&expr=A");
        assert!(!d.results && !d.fields && !d.values);
    }
}
