//! The write routes: `PUT /set/<path>?data=`, `/delete/<path>`, `/enable/<path>`,
//! `/disable/<path>` (`flecs_rest_set`, `flecs_rest_delete`, `flecs_rest_enable`).
//!
//! Each write is all or nothing: everything it would do is checked first (the ids, each value
//! against its component's type, the world's invariants through [`World::check_add`],
//! [`World::check_set`] and [`World::check_delete`]) and only then applied. Flecs applies a
//! `set` value by value and answers `invalid request` at the first that fails, the ones before
//! it applied; here nothing is applied and the error says which part of `data` is at fault, as
//! a JSON Pointer, and why. What would break the world is refused with 400 where Flecs aborts
//! or corrupts it: a builtin entity changed or deleted, an entity made its own ancestor.

use rosetta_types::Value;
use rosetta_world::{script, Id, World};
use serde_json::Value as Json;

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

/// Why a write was refused: the message of its `{"error":"..."}` reply.
#[derive(Debug)]
enum Refused {
    /// `set` data that cannot be applied: where in `data` (a JSON Pointer) and why.
    Data(String, String),
    /// A change the world refuses (a builtin entity, a cycle).
    World(String),
    /// A change that passed its checks and then failed: a bug of the checks.
    Applying(String),
}

/// Runs a write route on the entity at `path`: 404 when it is not found, an empty 200 when
/// done, 400 with what is wrong when refused (nothing changed then).
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
    let result = match what {
        Write::Set => check_changeable(world, e)
            .and_then(|()| plan_set(world, e, req.param("data")))
            .and_then(|plan| apply_set(world, e, plan)),
        Write::Delete => world
            .delete(e)
            .map_err(|err| Refused::World(err.to_string())),
        Write::Enable | Write::Disable => check_changeable(world, e).and_then(|()| {
            world
                .enable(e, what == Write::Enable)
                .map_err(|err| Refused::Applying(err.to_string()))
        }),
    };
    world.process_pending();
    match result {
        Ok(()) => Reply::ok(String::new()),
        Err(Refused::Data(pointer, reason)) => Reply::error(
            400,
            &format!("invalid request: data at {pointer}: {reason}"),
        ),
        Err(Refused::World(message)) => Reply::error(400, &message),
        Err(Refused::Applying(message)) => Reply {
            status: "Internal server error",
            ..Reply::error(
                500,
                &format!("the write failed after its checks: {message}"),
            )
        },
    }
}

/// Builtin entities are not changed: Flecs' own code relies on their ids (a disabled
/// `flecs.core.ChildOf` would hide every child from queries).
fn check_changeable(world: &World, e: Id) -> Result<(), Refused> {
    if world.is_builtin(e) {
        return Err(Refused::World(format!(
            "cannot change '{}': a builtin entity of Flecs",
            world.path_of(e)
        )));
    }
    Ok(())
}

/// One id of `set`: added, or set to the value.
type Change = (Id, Option<Value>);

/// Reads and checks `data`, `ecs_entity_from_json`'s `{"ids":[[first], [first, second]...],
/// "values":[...]}`, without changing the world: each id looked up as `ecs_lookup` does, each
/// value read against its component's reflected type (the world script's value reader: enums
/// by name, structs as objects) and checked with [`World::check_set`], each id without a
/// value with [`World::check_add`]. A `path` member (which Flecs uses to rename the entity)
/// is not supported.
fn plan_set(world: &mut World, e: Id, data: Option<&str>) -> Result<Vec<Change>, Refused> {
    let at = |pointer: &str, reason: &str| Refused::Data(pointer.to_owned(), reason.to_owned());
    let Some(data) = data else {
        return Err(Refused::Data("/".into(), "no data parameter".into()));
    };
    let data: Json =
        serde_json::from_str(data).map_err(|err| at("/", &format!("not JSON ({err})")))?;
    let Json::Object(data) = data else {
        return Err(at("/", "expected an object with ids and values"));
    };
    if let Some(key) = data.keys().find(|k| *k != "ids" && *k != "values") {
        let pointer = format!("/{}", key.replace('~', "~0").replace('/', "~1"));
        return Err(at(&pointer, "unexpected member (only ids and values)"));
    }
    let Some(Json::Array(ids)) = data.get("ids") else {
        return Err(at("/ids", "expected an array of ids"));
    };
    let values = match data.get("values") {
        None => None,
        Some(Json::Array(v)) if v.len() == ids.len() => Some(v),
        Some(Json::Array(v)) => {
            return Err(at(
                "/values",
                &format!("{} values for {} ids", v.len(), ids.len()),
            ))
        }
        Some(_) => return Err(at("/values", "expected an array of values")),
    };
    let mut plan = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let id = id_of(world, id, &format!("/ids/{i}"))?;
        let change = match values.and_then(|v| v.get(i)) {
            Some(value) => {
                let pointer = format!("/values/{i}");
                let v = script::component_value(world, id, value).map_err(|err| match err {
                    rosetta_world::Error::Script {
                        pointer: inner,
                        reason,
                        ..
                    } => {
                        let inner = if inner == "/" { "" } else { inner.as_str() };
                        Refused::Data(format!("{pointer}{inner}"), reason)
                    }
                    other => Refused::Data(pointer.clone(), other.to_string()),
                })?;
                world
                    .check_set(e, id, &v)
                    .map_err(|err| Refused::Data(pointer, err.to_string()))?;
                (id, Some(v))
            }
            None => {
                world
                    .check_add(e, id)
                    .map_err(|err| Refused::Data(format!("/ids/{i}"), err.to_string()))?;
                (id, None)
            }
        };
        plan.push(change);
    }
    Ok(plan)
}

/// An element of `ids`: `["First"]` or `["First", "Second"]`, each name looked up from the
/// root.
fn id_of(world: &World, id: &Json, pointer: &str) -> Result<Id, Refused> {
    let shape = || {
        Refused::Data(
            pointer.to_owned(),
            "an id is [\"First\"] or [\"First\", \"Second\"]".into(),
        )
    };
    let elems = match id {
        Json::Array(elems) if (1..=2).contains(&elems.len()) => elems,
        _ => return Err(shape()),
    };
    let mut found = Vec::with_capacity(2);
    for (j, name) in elems.iter().enumerate() {
        let Some(name) = name.as_str() else {
            return Err(Refused::Data(
                format!("{pointer}/{j}"),
                "expected an entity's path".into(),
            ));
        };
        match world.lookup(name) {
            Some(x) => found.push(x),
            None => {
                return Err(Refused::Data(
                    format!("{pointer}/{j}"),
                    format!("no entity '{name}'"),
                ))
            }
        }
    }
    match found[..] {
        [first] => Ok(first),
        [first, second] => Ok(Id::pair(first, second)),
        _ => Err(shape()),
    }
}

/// Applies a checked `set`.
fn apply_set(world: &mut World, e: Id, plan: Vec<Change>) -> Result<(), Refused> {
    for (id, value) in plan {
        let done = match value {
            Some(v) => world.set(e, id, v),
            None => world.add(e, id),
        };
        done.map_err(|err| Refused::Applying(err.to_string()))?;
    }
    Ok(())
}
