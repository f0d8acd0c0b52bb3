//! The write routes: `PUT /set/<path>?data=`, `/delete/<path>`, `/enable/<path>`,
//! `/disable/<path>` (`flecs_rest_set`, `flecs_rest_delete`, `flecs_rest_enable`).

use rosetta_world::{script, World};
use serde_json::{json, Value as Json};

use crate::lookup::lookup_path;
use crate::options::Options;
use crate::reply::Reply;
use crate::request::Request;

/// Which write route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Write {
    Set,
    Delete,
    Enable,
    Disable,
}

/// Runs a write route on the entity at `path`: 404 when it is not found, an empty 200 when
/// done, 400 `invalid request` for `set` data that cannot be applied.
pub(crate) fn reply(
    world: &mut World,
    what: Write,
    path: &str,
    req: &Request,
    options: &Options,
) -> Reply {
    let Some(e) = lookup_path(world, path, "/") else {
        return crate::reply::error_quoting(
            404,
            options,
            |p| format!("entity '{p}' not found"),
            path,
        );
    };
    let done = match what {
        Write::Set => set(world, e, req.param("data")),
        Write::Delete => world.delete(e).is_ok(),
        Write::Enable => world.enable(e, true).is_ok(),
        Write::Disable => world.enable(e, false).is_ok(),
    };
    world.process_pending();
    if done || what != Write::Set {
        Reply::ok(String::new())
    } else {
        Reply::error(400, "invalid request")
    }
}

/// `ecs_entity_from_json` of `{"ids":[[first], [first, second]...], "values":[...]}`: each id
/// added (a component default-constructed), and given its value when `values` is there. Ids
/// are looked up as `ecs_lookup` does; values are read against the component's reflected
/// type. A `path` member (which Flecs uses to rename the entity) is not supported.
fn set(world: &mut World, e: rosetta_world::Id, data: Option<&str>) -> bool {
    let Some(Ok(Json::Object(data))) = data.map(serde_json::from_str::<Json>) else {
        return false;
    };
    if data.keys().any(|k| k != "ids" && k != "values") {
        return false;
    }
    let Some(Json::Array(ids)) = data.get("ids") else {
        return false;
    };
    let values = match data.get("values") {
        None => None,
        Some(Json::Array(v)) if v.len() == ids.len() => Some(v),
        Some(_) => return false,
    };
    // The changes run as world-script operations on the entity, bound to an alias no path
    // can spell, so the script's value reader (enums by name, structs as objects) applies.
    const TARGET: &str = "\u{0}target";
    let mut ops = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let id = match id {
            Json::Array(elems) if elems.len() == 1 => elems[0].clone(),
            Json::Array(elems) if elems.len() == 2 => Json::Array(elems.clone()),
            _ => return false,
        };
        let names_known = match &id {
            Json::String(s) => world.lookup(s).is_some(),
            Json::Array(pair) => pair
                .iter()
                .all(|p| p.as_str().is_some_and(|s| world.lookup(s).is_some())),
            _ => false,
        };
        if !names_known {
            return false;
        }
        ops.push(match values {
            Some(v) => json!(["set", TARGET, id, v[i]]),
            None => json!(["add", TARGET, id]),
        });
    }
    let mut loaded = script::Loaded {
        world: std::mem::take(world),
        aliases: [(TARGET.to_owned(), e)].into_iter().collect(),
        markers: Vec::new(),
    };
    let result = script::apply(&mut loaded, &Json::Array(ops));
    *world = loaded.world;
    result.is_ok()
}
