//! Objects of a type as JSON and back (`Schema_Json_DumpObject` and its kin): component data,
//! command requests and responses, and JSON text parsed as the loaders read it.

use rosetta_types::{Command, TypeId, TypeRegistry};
use rosetta_wire::{CommandRequest, CommandResponse, ComponentData, Object};
use serde_json::Value;

use super::de::Loader;
use super::options::DumpOptions;
use super::ser::Dumper;
use super::sink::{TextSink, ValueSink};
use crate::error::{Error, Result};

/// An object of a type with fields (a schema type or a component) as JSON
/// (`Schema_Json_DumpObject`).
pub fn dump_object(registry: &TypeRegistry, ty: TypeId, object: &Object) -> Result<Value> {
    dump_object_with(registry, ty, object, &DumpOptions::default())
}

/// [`dump_object`] with options.
pub fn dump_object_with(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    options: &DumpOptions,
) -> Result<Value> {
    let mut sink = ValueSink::default();
    Dumper::new(registry, &mut sink, *options).object(ty, object)?;
    Ok(sink.finish())
}

/// An object of a type as JSON text, written straight from the object (no intermediate
/// [`Value`]); byte for byte what `serde_json` writes for [`dump_object_with`]'s value.
pub fn object_to_string(
    registry: &TypeRegistry,
    ty: TypeId,
    object: &Object,
    options: &DumpOptions,
) -> Result<String> {
    let mut sink = TextSink::new(options.pretty);
    Dumper::new(registry, &mut sink, *options).object(ty, object)?;
    Ok(sink.finish())
}

/// An object of a type from JSON (`Schema_Json_LoadObject`).
pub fn load_object(registry: &TypeRegistry, ty: TypeId, json: &Value) -> Result<Object> {
    Loader::new(registry).object(ty, json)
}

/// A component's data as JSON (`Schema_Json_DumpComponentData`); `component` is the component's
/// type.
pub fn dump_data(
    registry: &TypeRegistry,
    component: TypeId,
    data: &ComponentData,
) -> Result<Value> {
    dump_object(registry, component, data.fields())
}

/// A component's data from JSON (`Schema_Json_LoadComponentData`).
pub fn load_data(
    registry: &TypeRegistry,
    component: TypeId,
    json: &Value,
) -> Result<ComponentData> {
    load_object(registry, component, json).map(ComponentData::from)
}

/// A command of a component, by its index (1-based, as in the schema bundle).
pub fn command(registry: &TypeRegistry, component: TypeId, command_index: u32) -> Result<&Command> {
    let info = registry
        .get(component)
        .and_then(|t| t.component())
        .ok_or_else(|| {
            Error::schema(format!(
                "`{}` is not a component",
                registry.display(component)
            ))
        })?;
    info.command(command_index).ok_or_else(|| {
        Error::schema(format!(
            "`{}` has no command with index {command_index}",
            registry.display(component)
        ))
    })
}

/// A command request as JSON (`Schema_Json_DumpCommandRequest`): an object of the request type.
pub fn dump_request(
    registry: &TypeRegistry,
    component: TypeId,
    command_index: u32,
    request: &CommandRequest,
) -> Result<Value> {
    let ty = command(registry, component, command_index)?.request();
    dump_object(registry, ty, request.object())
}

/// A command request from JSON (`Schema_Json_LoadCommandRequest`).
pub fn load_request(
    registry: &TypeRegistry,
    component: TypeId,
    command_index: u32,
    json: &Value,
) -> Result<CommandRequest> {
    let ty = command(registry, component, command_index)?.request();
    load_object(registry, ty, json).map(CommandRequest::from)
}

/// A command response as JSON (`Schema_Json_DumpCommandResponse`): an object of the response
/// type.
pub fn dump_response(
    registry: &TypeRegistry,
    component: TypeId,
    command_index: u32,
    response: &CommandResponse,
) -> Result<Value> {
    let ty = command(registry, component, command_index)?.response();
    dump_object(registry, ty, response.object())
}

/// A command response from JSON (`Schema_Json_LoadCommandResponse`).
pub fn load_response(
    registry: &TypeRegistry,
    component: TypeId,
    command_index: u32,
    json: &Value,
) -> Result<CommandResponse> {
    let ty = command(registry, component, command_index)?.response();
    load_object(registry, ty, json).map(CommandResponse::from)
}

/// Parses JSON text; a syntax error gives its line and column ([`crate::Error::line_column`]).
///
/// A byte order mark before the text is skipped, as the `json` format and the JSON utilities
/// skip it. An object with two members of one name is an error, `a second member `NAME` (at
/// /JSON/Pointer)` at the second's line and column: serde_json alone would keep the last value
/// silently. The JSON utilities say it in the same words; O3DE's lenient rules (`json`) read it
/// as the engine does and report it as a coercion ([`crate::o3de`]). Arrays and objects nest at
/// most [`MAX_JSON_NESTING`](rosetta_types::MAX_JSON_NESTING) deep (304 levels: the most that data
/// within [`MAX_NESTING`](rosetta_types::MAX_NESTING) needs), and the loaders refuse objects past
/// `MAX_NESTING` themselves, at their JSON Pointer.
pub fn parse(text: &str) -> Result<Value> {
    rosetta_wire::json_input::from_str(text).map_err(|e| Error::syntax(&e))
}
