//! The REST addon's routes (`flecs_rest_reply` in `src/addons/rest.c`), answered from a
//! [`SharedWorld`]: v4.1.6's (see the `v4` module's table) or v3.2.12's, by
//! [`Options::flecs`]. v3.2.12's:
//!
//! | method, path | answer |
//! |---|---|
//! | `GET entity/<path>` | `ecs_entity_to_json` of the entity at `<path>` (`/`-separated) |
//! | `GET query` | `?q=<query>` run as a rule through `ecs_iter_to_json`; `?name=` |
//! | `GET world` | `ecs_world_to_json` |
//! | `GET tables...` | every table: id, type, count, memory |
//! | `GET stats/<world\|pipeline>` | the monitor's statistics, as a world that does not run has them |
//! | `GET commands/capture`, `commands/frame/<n>` | command capture (a world that does not run merges no commands) |
//! | `PUT set/<path>?data=`, `delete/<path>`, `enable/<path>`, `disable/<path>` | write routes |
//! | `OPTIONS` any | CORS preflight |
//!
//! Anything else is `404 Resource not found` with an empty body, as Flecs answers it (`PUT
//! script` too: running Flecs scripts is not supported).

mod entity;
mod params;
mod query;
mod stats;
mod steps;
mod tables;
mod v4;
mod write;

use rosetta_world::FlecsVersion;

use crate::options::Options;
use crate::reply::Reply;
use crate::request::{Method, Request};
use crate::shared::SharedWorld;

/// Answers `req` from `world`: the status, status text, body and headers the REST addon of
/// Flecs [`Options::flecs`] (v4.1.6 by default, or v3.2.12) would send. Reads take the world's
/// read lock, the write routes its write lock; a write that changed the world is counted
/// ([`SharedWorld::changes`]), one after [`SharedWorld::close`] refused with 503.
pub fn answer(world: &SharedWorld, req: &Request, options: &Options) -> Reply {
    match options.flecs {
        FlecsVersion::V3 => answer_v3(world, req, options),
        FlecsVersion::V4 => v4::answer(world, req, options),
    }
}

/// v3.2.12's routes.
fn answer_v3(world: &SharedWorld, req: &Request, options: &Options) -> Reply {
    let path = req.path.as_str();
    match req.method {
        Method::Options => Reply::preflight(),
        Method::Get => {
            if let Some(entity_path) = path.strip_prefix("entity/") {
                entity::reply(&world.read(), entity_path, req, options)
            } else if path == "query" {
                query::reply(&world.read(), req, options)
            } else if path == "world" {
                match rosetta_flecs::world_to_json_mode(&world.read(), options.mode()) {
                    Ok(body) => Reply::ok(body),
                    Err(_) => Reply::internal_error(),
                }
            } else if let Some(category) = path.strip_prefix("stats/") {
                stats::reply(&world.read(), category, req)
            } else if path.starts_with("tables") {
                Reply::ok(tables::tables_json(&world.read()))
            } else if path.starts_with("commands/capture") {
                // `{"frame":N}`: the frame whose commands are captured from now on; this
                // world never runs a frame.
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
        Method::Put => {
            let route = [
                ("set/", write::Write::Set),
                ("delete/", write::Write::Delete),
                ("enable/", write::Write::Enable),
                ("disable/", write::Write::Disable),
            ]
            .into_iter()
            .find_map(|(prefix, w)| path.strip_prefix(prefix).map(|rest| (w, rest)));
            match route {
                Some(_) if options.read_only => {
                    Reply::error(403, "forbidden (the server is read-only)")
                }
                Some((what, entity_path)) => {
                    let mut guard = world.write();
                    if world.is_closed() {
                        return Reply::error(503, "the server is stopping");
                    }
                    let reply = write::reply(&mut guard, what, entity_path, req, options);
                    if reply.code == 200 {
                        world.changed();
                    }
                    reply
                }
                None => Reply::not_handled(),
            }
        }
        Method::Post | Method::Delete => Reply::not_handled(),
        Method::Other(_) => Reply {
            code: 405,
            status: "Method Not Allowed",
            ..Reply::ok(String::new())
        },
    }
}
