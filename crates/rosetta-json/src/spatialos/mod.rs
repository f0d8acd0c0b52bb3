//! `json-spatialos`: schema data in the JSON form of the SpatialOS SDK's `Schema_Json_*`
//! functions (`Schema_Json_DumpObject`, `Schema_Json_LoadComponentData`, ...) and of its JSON
//! snapshots.
//!
//! # The representation
//!
//! | schema | JSON |
//! | --- | --- |
//! | an object of a type, component data, a command request or response | `{"field_name": value, ...}`, every field, in declaration order ([`MemberOrder`]) |
//! | `option<T>` | `[]` or `[value]` |
//! | `list<T>` | `[value, ...]` |
//! | `map<K, V>` | `[{"key": k, "value": v}, ...]`, in the data's order |
//! | `bool` | `true` / `false` |
//! | `int32`, `uint32`, `sint32`, `fixed32`, `sfixed32` | a number |
//! | `int64`, `uint64`, `sint64`, `fixed64`, `sfixed64`, `EntityId` | a decimal string (`"-5"`); loads also take a number |
//! | `float`, `double` | a number: a float as its shortest decimal (`0.1`, `50.0`); `"NaN"`, `"Infinity"`, `"-Infinity"` when not finite |
//! | `string` | a string |
//! | `bytes` | a base64 string, standard alphabet, padded (`"Zm9v"`); loads also take the URL-safe alphabet and no padding |
//! | an enum | the value's name (`"RED"`); a value the schema does not name stays a number; loads take names and numbers |
//! | `Entity` | `{"<component qualified name>": {component data}, ...}`, by ascending component id, as in JSON snapshots |
//!
//! The SDK and its documentation are gone; what is known comes from the corpus
//! (`research/spatialos.md` section 3.3): the JSON snapshots of CExampleProject (options as
//! arrays of 0 or 1, maps as key/value arrays, lists as arrays, empty components as `{}`, entity
//! ids as strings) and spatialos-sdk-rs' tests of `Schema_Json_*` (loading `{}` as
//! `improbable.Coordinates` or as Position data fails, as a Position update succeeds;
//! `{"coords": {...}}` is a Position update). 64-bit integers as strings and bytes as base64
//! follow the SDK's other JSON (the bundle JSON, proto3 JSON style); no sample of a dumped
//! `bytes` field exists. The corpus snapshots list every object's members in alphabetical order,
//! as the SDK's JSON writer apparently did; [`MemberOrder::Alphabetical`] writes that way.
//!
//! Loading is strict: a value of the wrong JSON kind, an integer out of range, a member the type
//! does not declare, or a missing singular field is an error with the JSON Pointer of the value
//! ([`crate::Error::path`]). Absent option, list and map fields load as empty.
//!
//! Objects nest at most [`MAX_NESTING`](rosetta_types::MAX_NESTING) levels (100: the root is
//! one, each object inside one more, a map's `{"key", "value"}` entry none), on loading and on
//! dumping alike: deeper data is an error at the JSON Pointer of the first object past the limit,
//! `nesting deeper than 100 object levels (at /field/0/...)`, the message the wire format gives.
//! [`parse`] reads up to [`MAX_JSON_NESTING`](rosetta_types::MAX_JSON_NESTING) levels of arrays
//! and objects (304), as many as such data needs.
//!
//! # Component updates
//!
//! No sample of the SDK's update JSON with events or cleared fields survives; Rosetta's form
//! keeps the SDK's flat fields and adds two reserved members:
//!
//! ```json
//! {
//!   "level": 3,
//!   "titles": [],
//!   "__cleared": ["stats"],
//!   "__events": { "levelled_up": [ { "new_level": 3 } ] }
//! }
//! ```
//!
//! - every field the update sets, as in component data; absent fields do not change;
//! - a cleared option, list or map field is the field with `[]` (an empty value cannot be *set*
//!   in an update, so `[]` can only mean "cleared");
//! - [`CLEARED_MEMBER`] (`"__cleared"`) lists by name the cleared fields that cannot be written
//!   as `[]`: singular fields, and fields that are set as well as cleared. Written only when
//!   needed; loads accept any field name in it;
//! - [`EVENTS_MEMBER`] (`"__events"`) holds the events by name, each an array of payloads in
//!   order. Written only when the update has events.
//!
//! The reserved members come after the fields. A component with a field named `__events` or
//! `__cleared` cannot be used with update JSON.
//!
//! ```
//! use rosetta_json::spatialos;
//! use rosetta_schema::{compile_sources, Schema, SourceFile};
//! use rosetta_wire::{family::Double, Object};
//!
//! let compiled = compile_sources(vec![SourceFile {
//!     canonical_path: "geo.schema".into(),
//!     text: "package geo; type Coords { double x = 1; double y = 2; }".into(),
//! }]).unwrap();
//! let schema = Schema::from_bundle(compiled.bundle()).unwrap();
//! let coords = schema.registry().lookup("geo.Coords").unwrap();
//!
//! let mut object = Object::new();
//! object.add::<Double>(1, 1.5);
//! object.add::<Double>(2, -2.0);
//! let json = spatialos::dump_object(schema.registry(), coords, &object).unwrap();
//! assert_eq!(json, serde_json::json!({"x": 1.5, "y": -2.0}));
//! assert_eq!(spatialos::load_object(schema.registry(), coords, &json).unwrap(), object);
//!
//! let error = spatialos::load_object(schema.registry(), coords, &serde_json::json!({"x": 1.0}));
//! assert_eq!(error.unwrap_err().to_string(), "`geo.Coords` is missing its field `y` (at the document root)");
//! ```

mod de;
mod elem;
mod ser;
mod sink;
mod snapshot;
#[cfg(test)]
mod tests;
mod update;

use rosetta_types::{Command, TypeId, TypeRegistry};
use rosetta_wire::{CommandRequest, CommandResponse, ComponentData, ComponentUpdate, Object};
use serde_json::Value;

use self::de::Loader;
use self::ser::Dumper;
use self::sink::{TextSink, ValueSink};
pub use self::snapshot::SnapshotCodec;
pub use self::update::{CLEARED_MEMBER, EVENTS_MEMBER};
use crate::error::{Error, Result};

/// The order of an object's members when dumped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum MemberOrder {
    /// The fields' declaration order (and components by ascending id).
    #[default]
    Declaration,
    /// Sorted by name, bytewise, as in the SDK-written JSON snapshots of the corpus.
    Alphabetical,
}

/// How to dump.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct DumpOptions {
    /// The order of members.
    pub member_order: MemberOrder,
    /// Leave out fields the type does not declare instead of failing.
    pub skip_unknown_fields: bool,
    /// Text only: two-space indented, as `serde_json::to_string_pretty` writes.
    pub pretty: bool,
}

impl DumpOptions {
    /// Pretty text, declaration order, strict.
    pub fn pretty() -> Self {
        DumpOptions {
            pretty: true,
            ..DumpOptions::default()
        }
    }
}

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

/// A component update as JSON (`Schema_Json_DumpComponentUpdate`), in the form described in the
/// [module docs](self#component-updates).
pub fn dump_update(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
) -> Result<Value> {
    dump_update_with(registry, component, update, &DumpOptions::default())
}

/// [`dump_update`] with options.
pub fn dump_update_with(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
    options: &DumpOptions,
) -> Result<Value> {
    let mut sink = ValueSink::default();
    Dumper::new(registry, &mut sink, *options).update(component, update)?;
    Ok(sink.finish())
}

/// A component update as JSON text, written straight from the update.
pub fn update_to_string(
    registry: &TypeRegistry,
    component: TypeId,
    update: &ComponentUpdate,
    options: &DumpOptions,
) -> Result<String> {
    let mut sink = TextSink::new(options.pretty);
    Dumper::new(registry, &mut sink, *options).update(component, update)?;
    Ok(sink.finish())
}

/// A component update from JSON (`Schema_Json_LoadComponentUpdate`): `{}` is the empty update.
pub fn load_update(
    registry: &TypeRegistry,
    component: TypeId,
    json: &Value,
) -> Result<ComponentUpdate> {
    Loader::new(registry).update(component, json)
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
