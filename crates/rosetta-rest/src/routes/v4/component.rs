//! The component route (`GET`/`PUT`/`DELETE /component/<path>?component=[&value=]`) and the
//! other write routes of v4.1.6: `PUT`/`DELETE /entity/<path>`, `PUT /toggle/<path>`, `PUT
//! /action/<name>` (`flecs_rest_get_component`, `flecs_rest_put_component`,
//! `flecs_rest_delete_component`, `flecs_rest_put_entity`, `flecs_rest_delete_entity`,
//! `flecs_rest_toggle`, `flecs_rest_action`).
//!
//! Each write is all or nothing, as v3's write routes here: the value is read against its
//! component's type and checked ([`World::check_set`], [`World::check_add`],
//! [`World::check_delete`]) before anything changes, so a refused write leaves the world as it
//! was (Flecs adds the component and then fails to read the value into it). A value that does
//! not read answers Flecs' `invalid value for component '<c>'` followed by where in the value
//! and why. Builtin entities are not changed (Flecs' own code relies on them).

use rosetta_world::{script, Id, World};

use super::entity::find;
use crate::options::Options;
use crate::reply::{error_quoting, Reply};
use crate::request::{Method, Request};
use crate::routes::params::bool_param;

/// A write route.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Write<'a> {
    /// `PUT /entity/<path>`.
    CreateEntity(&'a str),
    /// `DELETE /entity/<path>`.
    DeleteEntity(&'a str),
    /// `PUT /component/<path>`.
    SetComponent(&'a str),
    /// `DELETE /component/<path>`.
    RemoveComponent(&'a str),
    /// `PUT /toggle/<path>`.
    Toggle(&'a str),
    /// `PUT /action/<name>`.
    Action(&'a str),
    /// `PUT /script/<path>`.
    Script,
}

impl<'a> Write<'a> {
    /// The write route of `method` and `path`, if any.
    pub(crate) fn route(method: &Method, path: &'a str) -> Option<Write<'a>> {
        let after = |prefix: &str| path.strip_prefix(prefix);
        match method {
            Method::Put => after("entity/")
                .map(Write::CreateEntity)
                .or_else(|| after("component/").map(Write::SetComponent))
                .or_else(|| after("toggle/").map(Write::Toggle))
                .or_else(|| after("action/").map(Write::Action))
                .or_else(|| after("script/").map(|_| Write::Script)),
            Method::Delete => after("entity/")
                .map(Write::DeleteEntity)
                .or_else(|| after("component/").map(Write::RemoveComponent)),
            _ => None,
        }
    }
}

/// Runs a write: the reply, and whether the world changed.
pub(crate) fn write(
    world: &mut World,
    what: Write<'_>,
    req: &Request,
    options: &Options,
) -> (Reply, bool) {
    let result = match what {
        Write::CreateEntity(path) => create_entity(world, path),
        Write::DeleteEntity(path) => find(world, path, options).and_then(|e| {
            world
                .delete(e)
                .map(|()| Reply::ok(String::new()))
                .map_err(|err| Reply::error(400, &err.to_string()))
        }),
        Write::SetComponent(path) => set_component(world, path, req, options),
        Write::RemoveComponent(path) => remove_component(world, path, req, options),
        Write::Toggle(path) => toggle(world, path, req, options),
        Write::Action(name) => Ok(action(name, options)),
        Write::Script => Err(Reply::error(400, "Flecs Script is not supported")),
    };
    world.process_pending();
    match result {
        // `action` answers 400 for an unknown action without changing anything.
        Ok(reply) => {
            let changed = reply.code == 200 && !matches!(what, Write::Action(_));
            (reply, changed)
        }
        Err(reply) => (reply, false),
    }
}

/// `GET /component/<path>?component=`: the component's value (`ecs_ptr_to_json`), inherited
/// values included (`ecs_get_id`).
pub(crate) fn get(world: &World, path: &str, req: &Request, options: &Options) -> Reply {
    let (e, id, name) = match entity_and_id(world, path, req, options) {
        Ok(found) => found,
        Err(reply) => return reply,
    };
    let Some(ty) = world.type_id_of(id) else {
        return error_quoting(
            400,
            options,
            |c| format!("component '{c}' is not a type"),
            name,
        );
    };
    let Some(value) = world.get(e, id) else {
        return error_quoting(
            500,
            options,
            |c| format!("failed to get component '{c}'"),
            name,
        );
    };
    let mut out = String::new();
    match rosetta_flecs::ser::value::value_to_json_mode(&mut out, world, ty, &value, options.mode())
    {
        Ok(()) => Reply::ok(out),
        Err(_) => Reply::internal_error(),
    }
}

/// The entity at `path` and the id of the `component` parameter, or Flecs' error reply: 404
/// for no entity, 400 `missing component for remove endpoint` (Flecs' text on every component
/// route) and `unresolved component '<c>'`.
fn entity_and_id<'r>(
    world: &World,
    path: &str,
    req: &'r Request,
    options: &Options,
) -> Result<(Id, Id, &'r str), Reply> {
    let e = find(world, path, options)?;
    let Some(component) = req.param("component") else {
        return Err(Reply::error(400, "missing component for remove endpoint"));
    };
    let id = parse_id(world, component).ok_or_else(|| {
        error_quoting(
            400,
            options,
            |c| format!("unresolved component '{c}'"),
            component,
        )
    })?;
    Ok((e, id, component))
}

/// `flecs_id_parse` for the ids the explorer sends: `Name` or `(First, Second)`, each looked
/// up as `ecs_lookup` does (from the root, then in `flecs.core`), `*` and `_` as wildcards.
pub(crate) fn parse_id(world: &World, text: &str) -> Option<Id> {
    let text = text.trim();
    if let Some(inner) = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        let (first, second) = inner.split_once(',')?;
        let first = world.lookup(first.trim())?;
        let second = world.lookup(second.trim())?;
        return Some(Id::pair(first, second));
    }
    if text.is_empty() || text.contains([',', '(', ')']) {
        return None;
    }
    world.lookup(text)
}

/// Builtin entities are not changed.
fn check_changeable(world: &World, e: Id) -> Result<(), Reply> {
    if world.is_builtin(e) {
        return Err(Reply::error(
            400,
            &format!(
                "cannot change '{}': a builtin entity of Flecs",
                world.path_of(e)
            ),
        ));
    }
    Ok(())
}

/// `PUT /component/<path>?component=[&value=]`: adds the component, or sets its value.
fn set_component(
    world: &mut World,
    path: &str,
    req: &Request,
    options: &Options,
) -> Result<Reply, Reply> {
    let (e, id, name) = entity_and_id(world, path, req, options)?;
    check_changeable(world, e)?;
    let Some(text) = req.param("value") else {
        world
            .check_add(e, id)
            .map_err(|err| Reply::error(400, &err.to_string()))?;
        world
            .add(e, id)
            .map_err(|err| Reply::error(500, &err.to_string()))?;
        return Ok(Reply::ok(String::new()));
    };
    if world.type_id_of(id).is_none() {
        return Err(error_quoting(
            400,
            options,
            |c| format!("component '{c}' is not a type"),
            name,
        ));
    }
    let invalid = |why: String| {
        let mut r = error_quoting(
            400,
            options,
            |c| format!("invalid value for component '{c}'"),
            name,
        );
        // The reason after Flecs' text, inside the message.
        if let Some(stripped) = r.body.strip_suffix("\"}") {
            let mut body = stripped.to_owned();
            body.push_str(": ");
            crate::reply::escape_into(&mut body, &why);
            body.push_str("\"}");
            r.body = body;
        }
        r
    };
    let json: serde_json::Value =
        serde_json::from_str(text).map_err(|err| invalid(format!("not JSON ({err})")))?;
    let value = script::component_value(world, id, &json).map_err(|err| match err {
        rosetta_world::Error::Script {
            pointer, reason, ..
        } => invalid(format!("at {pointer}: {reason}")),
        other => invalid(other.to_string()),
    })?;
    world
        .check_set(e, id, &value)
        .map_err(|err| invalid(err.to_string()))?;
    world
        .set(e, id, value)
        .map_err(|err| Reply::error(500, &err.to_string()))?;
    Ok(Reply::ok(String::new()))
}

/// `DELETE /component/<path>?component=`.
fn remove_component(
    world: &mut World,
    path: &str,
    req: &Request,
    options: &Options,
) -> Result<Reply, Reply> {
    let (e, id, _) = entity_and_id(world, path, req, options)?;
    check_changeable(world, e)?;
    world
        .remove(e, id)
        .map_err(|err| Reply::error(400, &err.to_string()))?;
    Ok(Reply::ok(String::new()))
}

/// `PUT /entity/<path>`: finds or creates the entity at the `/`-separated path, answering
/// `{"id":"<32-bit id>"}`. A path element with a `.` cannot be created (it would read as two).
fn create_entity(world: &mut World, path: &str) -> Result<Reply, Reply> {
    if let Some(e) = crate::lookup::lookup_path_v4(world, path) {
        return Ok(Reply::ok(format!("{{\"id\":\"{}\"}}", e.0 as u32)));
    }
    let failed = |why: &str| {
        let mut message = String::from("failed to create entity '");
        message.push_str(path);
        message.push_str("': ");
        message.push_str(why);
        Reply::error(500, &message)
    };
    if path.starts_with('#') {
        return Err(failed("no entity with that id"));
    }
    let elems: Vec<&str> = path.split('/').collect();
    if elems.iter().any(|e| e.is_empty() || e.contains('.')) {
        return Err(failed("an empty path element or one with a '.'"));
    }
    let e = world
        .entity(&elems.join("."))
        .map_err(|err| failed(&err.to_string()))?;
    Ok(Reply::ok(format!("{{\"id\":\"{}\"}}", e.0 as u32)))
}

/// `PUT /toggle/<path>?enable=[&component=]`: the entity (`Disabled`) or, for a component
/// whose relationship has the `CanToggle` trait, the component.
fn toggle(world: &mut World, path: &str, req: &Request, options: &Options) -> Result<Reply, Reply> {
    let e = find(world, path, options)?;
    check_changeable(world, e)?;
    let mut enable = true;
    bool_param(req, "enable", &mut enable);
    if req.param("component").is_none() {
        world
            .enable(e, enable)
            .map_err(|err| Reply::error(400, &err.to_string()))?;
        return Ok(Reply::ok(String::new()));
    }
    let (_, id, name) = entity_and_id(world, path, req, options)?;
    let rel = if id.is_pair() {
        id.first()
    } else {
        id.without_flags()
    };
    let can_toggle = world
        .lookup("flecs.core.CanToggle")
        .is_some_and(|trait_| world.owns(rel, trait_));
    if !can_toggle {
        return Err(error_quoting(
            400,
            options,
            |c| format!("cannot toggle component '{c}'"),
            name,
        ));
    }
    world
        .enable_id(e, id, enable)
        .map_err(|err| Reply::error(400, &err.to_string()))?;
    Ok(Reply::ok(String::new()))
}

/// `PUT /action/<name>`: `shrink_memory` (this world keeps no spare memory to give back);
/// anything else is 400 `unknown action '<name>'`.
fn action(name: &str, options: &Options) -> Reply {
    if name == "shrink_memory" {
        Reply::ok(String::new())
    } else {
        error_quoting(400, options, |a| format!("unknown action '{a}'"), name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rosetta_world::builtin;

    #[test]
    fn routes_by_method_and_prefix() {
        assert_eq!(
            Write::route(&Method::Put, "entity/a/b"),
            Some(Write::CreateEntity("a/b"))
        );
        assert_eq!(
            Write::route(&Method::Delete, "component/a"),
            Some(Write::RemoveComponent("a"))
        );
        assert_eq!(
            Write::route(&Method::Put, "script/main"),
            Some(Write::Script)
        );
        assert_eq!(Write::route(&Method::Delete, "toggle/a"), None);
        assert_eq!(Write::route(&Method::Get, "entity/a"), None);
    }

    #[test]
    fn ids_as_the_explorer_sends_them() {
        let mut w = World::new();
        let Ok(sun) = w.entity("Sun") else {
            panic!("entity")
        };
        assert_eq!(parse_id(&w, "Sun"), Some(sun));
        assert_eq!(
            parse_id(&w, "(flecs.core.ChildOf, Sun)"),
            Some(Id::pair(builtin::CHILD_OF, sun))
        );
        assert_eq!(
            parse_id(&w, "(ChildOf,*)"),
            Some(Id::pair(builtin::CHILD_OF, builtin::WILDCARD))
        );
        assert_eq!(parse_id(&w, "Nope"), None);
        assert_eq!(parse_id(&w, "(Sun)"), None);
        assert_eq!(parse_id(&w, ""), None);
    }
}
