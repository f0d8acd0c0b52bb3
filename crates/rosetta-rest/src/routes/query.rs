//! `GET /query` (`flecs_rest_reply_query`, `flecs_rest_iter_to_reply`).

use rosetta_flecs::{IterDesc, Page};
use rosetta_world::eval::Query;
use rosetta_world::World;

use super::params::{bool_param, int_param};
use crate::options::Options;
use crate::reply::Reply;
use crate::request::Request;

/// `?name=<query entity>` (this world holds no query entities, so a name is unresolved or not
/// a query), else `?q=<expr>` created as a rule: a parse error is 400 with the text Flecs
/// logs (200 with `try=true`), else the results through `ecs_iter_to_json`.
pub(crate) fn reply(world: &World, req: &Request, options: &Options) -> Reply {
    if let Some(name) = req.param("name") {
        let found = world.lookup(name);
        if let Some((_, expr)) = found.and_then(|e| world.named_filters().find(|(f, _)| *f == e)) {
            return match Query::with_engine(world, expr, rosetta_world::Engine::Filter) {
                Ok(query) => iter_reply(world, req, &query, options.step_limit, options),
                Err(e) => Reply::error(400, &e.to_string()),
            };
        }
        return if found.is_none() {
            crate::reply::error_quoting(
                404,
                options,
                |n| format!("unresolved identifier '{n}'"),
                name,
            )
        } else {
            crate::reply::error_quoting(
                400,
                options,
                |n| format!("resolved identifier '{n}' is not a query"),
                name,
            )
        };
    }
    let Some(q) = req.param("q") else {
        return if options.engine_bytes {
            Reply {
                code: 400,
                ..Reply::ok("Missing parameter 'q'".to_owned())
            }
        } else {
            Reply::error(400, "Missing parameter 'q'")
        };
    };
    let mut try_ = false;
    bool_param(req, "try", &mut try_);
    match Query::new(world, q) {
        Err(e) => {
            let mut r = Reply::error(400, &e.to_string());
            if try_ {
                // A client trying queries as they are typed gets its error with 200.
                r.code = 200;
            }
            r
        }
        Ok(query) => iter_reply(world, req, &query, options.step_limit, options),
    }
}

/// The results of `query`, paged by `offset` (0) and `limit` (1000; 0 is none), the search bounded by
/// `max_steps` (a query that runs out of them is answered 400).
fn iter_reply(
    world: &World,
    req: &Request,
    query: &Query,
    max_steps: u64,
    options: &Options,
) -> Reply {
    let desc = IterDesc {
        mode: options.mode(),
        ..iter_desc(req)
    };
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
    match rosetta_flecs::iter_to_json_bounded(world, query, &desc, page, max_steps) {
        Ok(body) => Reply::ok(body),
        // A query that ran out of search steps is the client's to narrow.
        Err(e @ rosetta_flecs::Error::World(rosetta_world::Error::QueryBudget(_))) => {
            super::steps::out_of_steps(&e)
        }
        // A value the serializer cannot write (Flecs' serializer returns NULL): 500, empty.
        Err(_) => Reply::internal_error(),
    }
}

/// `flecs_rest_parse_json_ser_iter_params` over [`IterDesc::rest`]. `entity_ids` is not read
/// (v3.2.12 does not, although the explorer sends it).
pub(crate) fn iter_desc(req: &Request) -> IterDesc {
    let mut d = IterDesc::rest();
    bool_param(req, "term_ids", &mut d.term_ids);
    bool_param(req, "term_labels", &mut d.term_labels);
    bool_param(req, "ids", &mut d.ids);
    bool_param(req, "id_labels", &mut d.id_labels);
    bool_param(req, "sources", &mut d.sources);
    bool_param(req, "variables", &mut d.variables);
    bool_param(req, "is_set", &mut d.is_set);
    bool_param(req, "values", &mut d.values);
    bool_param(req, "private", &mut d.private);
    bool_param(req, "entities", &mut d.entities);
    bool_param(req, "entity_labels", &mut d.entity_labels);
    bool_param(req, "variable_labels", &mut d.variable_labels);
    bool_param(req, "variable_ids", &mut d.variable_ids);
    bool_param(req, "colors", &mut d.colors);
    bool_param(req, "duration", &mut d.eval_duration);
    bool_param(req, "type_info", &mut d.type_info);
    bool_param(req, "field_info", &mut d.field_info);
    bool_param(req, "query_info", &mut d.query_info);
    bool_param(req, "query_plan", &mut d.query_plan);
    bool_param(req, "query_profile", &mut d.query_profile);
    bool_param(req, "table", &mut d.table);
    bool_param(req, "rows", &mut d.rows);
    bool_param(req, "results", &mut d.results);
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    fn desc(target: &str) -> IterDesc {
        let Ok(req) = Request::parse("GET", target) else {
            panic!("parse")
        };
        iter_desc(&req)
    }

    #[test]
    fn starts_all_off_but_entities_and_variables() {
        assert_eq!(desc("/query?q=A"), IterDesc::rest());
    }

    #[test]
    fn query_box_parameters() {
        let d = desc("/query?q=A&term_ids=true&ids=true&sources=true&entity_labels=true&entity_ids=true&variable_labels=true&type_info=true&colors=true&offset=0&limit=25&duration=true&values=true");
        assert!(d.term_ids && d.ids && d.sources && d.entity_labels && d.variable_labels);
        assert!(d.type_info && d.colors && d.eval_duration && d.values);
        assert!(!d.entity_ids, "entity_ids is not read");
        assert!(d.entities && d.variables && d.results && !d.is_set);
    }

    fn answer(world: &World, target: &str) -> Reply {
        let Ok(req) = Request::parse("GET", target) else {
            panic!("parse")
        };
        reply(world, &req, &Options::default())
    }

    #[test]
    fn named_filters_run_and_runaway_queries_stop() {
        let Ok(l) = rosetta_world::script::load_str(
            r#"[["tag", "T"], ["entity", "a"], ["add", "a", "T"], ["filter", "Ts", "T"]]"#,
        ) else {
            panic!("the script loads")
        };
        let mut w = l.world;
        w.process_pending();
        let r = answer(&w, "/query?name=Ts");
        assert_eq!(
            (r.code, r.body.as_str()),
            (200, r#"{"results":[{"entities":["a"]}]}"#)
        );
        let r = answer(&w, "/query?name=a");
        assert_eq!(r.code, 400);
        // Twelve wildcards, read past an offset no page reaches: stopped by the step limit.
        let Ok(req) = Request::parse("GET", "/query?q=*&offset=1000000000") else {
            panic!("parse")
        };
        let Ok(q) = Query::new(&w, "*,*,*,*,*,*,*,*,*,*,*,*,!T") else {
            panic!("the query compiles")
        };
        let r = iter_reply(&w, &req, &q, 10_000, &Options::default());
        assert_eq!(r.code, 400, "{}", r.body);
        assert!(r.body.contains("search steps"), "{}", r.body);
        // The profile's own evaluations are bounded too.
        let Ok(req) = Request::parse("GET", "/query?q=*&query_profile=true&results=false") else {
            panic!("parse")
        };
        let r = iter_reply(&w, &req, &q, 10_000, &Options::default());
        assert_eq!(r.code, 400, "{}", r.body);
    }

    #[test]
    fn results_false_drops_results() {
        assert!(!desc("/query?q=A&results=false").results);
        assert!(!desc("/query?q=A&entities=yes").entities);
    }
}
