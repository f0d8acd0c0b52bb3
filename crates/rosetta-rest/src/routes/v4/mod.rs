//! Flecs v4.1.6's REST routes (`flecs_rest_reply` in v4.1.6's `src/addons/rest.c`).
//!
//! | method, path | answer |
//! |---|---|
//! | `GET entity/<path>` | `ecs_entity_to_json` of the entity at `<path>` (`/`-separated, `#123` ids) |
//! | `GET component/<path>?component=` | the component's value (`ecs_ptr_to_json`) |
//! | `GET type_info/<path>` | `ecs_type_info_to_json` of the type at `<path>` |
//! | `GET query?expr=` (or `name=`) | the query's results through `ecs_iter_to_json` |
//! | `GET world` | `ecs_world_to_json` |
//! | `GET stats/<world\|pipeline>` | the monitor's statistics, as a world that does not run has them |
//! | `GET components`, `queries`, `tables` | the world's component records, queries and tables |
//! | `GET commands/capture`, `commands/frame/<n>` | command capture (this world merges no commands) |
//! | `PUT entity/<path>` | creates the entity: `{"id":"<n>"}` |
//! | `PUT component/<path>?component=[&value=]` | adds the component, or sets its value |
//! | `PUT toggle/<path>?enable=[&component=]` | enables or disables the entity or a component |
//! | `PUT action/<name>` | `shrink_memory` (nothing to shrink here) |
//! | `DELETE entity/<path>`, `component/<path>?component=` | deletes the entity, removes the component |
//! | `PUT script/<path>` | 400: Flecs Script is not supported |
//!
//! Anything else is `404 Resource not found` with an empty body, as Flecs answers it.

mod component;
mod entity;
mod inventory;
mod json;
mod query;
mod records;

use crate::options::Options;
use crate::reply::{error_quoting, Reply};
use crate::request::{Method, Request};
use crate::shared::SharedWorld;

use super::{params, stats};

/// Answers `req` as v4.1.6's REST addon: reads under the world's read lock, writes under its
/// write lock (refused with 403 on a read-only server and 503 once the world is closed).
pub(crate) fn answer(world: &SharedWorld, req: &Request, options: &Options) -> Reply {
    let path = req.path.as_str();
    match req.method {
        Method::Options => Reply::preflight_for(rosetta_world::FlecsVersion::V4),
        Method::Get => get(world, path, req, options),
        Method::Put | Method::Delete => {
            let Some(write) = component::Write::route(&req.method, path) else {
                return Reply::not_handled();
            };
            if let component::Write::Script = write {
                return Reply::error(
                    400,
                    "Flecs Script is not supported: rosetta serve does not run scripts",
                );
            }
            if options.read_only {
                return Reply::error(403, "forbidden (the server is read-only)");
            }
            let mut guard = world.write();
            if world.is_closed() {
                return Reply::error(503, "the server is stopping");
            }
            let (reply, changed) = component::write(&mut guard, write, req, options);
            if changed {
                world.changed();
            }
            reply
        }
        Method::Post => Reply::not_handled(),
        Method::Other(_) => Reply {
            code: 405,
            status: "Method Not Allowed",
            ..Reply::ok(String::new())
        },
    }
}

/// The read routes.
fn get(world: &SharedWorld, path: &str, req: &Request, options: &Options) -> Reply {
    if let Some(entity_path) = path.strip_prefix("entity/") {
        entity::get(&world.read(), entity_path, req, options)
    } else if let Some(entity_path) = path.strip_prefix("component/") {
        component::get(&world.read(), entity_path, req, options)
    } else if let Some(entity_path) = path.strip_prefix("type_info/") {
        entity::type_info(&world.read(), entity_path, options)
    } else if path == "query" {
        query::reply(&world.read(), req, options)
    } else if path == "world" {
        match json::world(&world.read(), options.mode()) {
            Ok(body) => Reply::ok(body),
            Err(_) => Reply::internal_error(),
        }
    } else if let Some(category) = path.strip_prefix("stats/") {
        let world = world.read();
        // v4.1.6 reads `name=`: a pipeline that is not found is 404 (this world has no
        // pipelines, so any other name has no statistics: `[]`).
        match req.param("name") {
            Some(name)
                if category == "pipeline" && name != "all" && world.lookup(name).is_none() =>
            {
                let period_ok = req.param("period").map_or(true, stats::is_period);
                if period_ok {
                    return error_quoting(
                        404,
                        options,
                        |n| format!("pipeline '{n}' not found"),
                        name,
                    );
                }
                stats::reply(&world, category, req)
            }
            _ => stats::reply(&world, category, req),
        }
    } else if path.starts_with("components") {
        Reply::ok(inventory::components(&world.read()))
    } else if path.starts_with("queries") {
        Reply::ok(inventory::queries(&world.read(), options.step_limit))
    } else if path.starts_with("tables") {
        Reply::ok(inventory::tables(&world.read()))
    } else if path.starts_with("commands/capture") {
        // The frame whose commands are captured from now on: this world never runs one.
        Reply::ok("{\"frame\":0}".to_owned())
    } else if let Some(frame) = path.strip_prefix("commands/frame/") {
        let frame = params::atoi(frame) as u32;
        Reply {
            code: 404,
            body: format!("{{\"error\": \"no capture for frame {frame}\"}}"),
            ..Reply::ok(String::new())
        }
    } else {
        Reply::not_handled()
    }
}
