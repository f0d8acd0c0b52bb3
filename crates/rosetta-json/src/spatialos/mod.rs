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
mod object;
mod options;
mod scan;
mod ser;
mod sink;
mod snapshot;
#[cfg(test)]
mod tests;
mod update;

pub use object::{
    command, dump_data, dump_object, dump_object_with, dump_request, dump_response, load_data,
    load_object, load_request, load_response, object_to_string, parse,
};
pub use options::{DumpOptions, MemberOrder};
pub use snapshot::SnapshotCodec;
pub use update::{
    dump_update, dump_update_with, load_update, update_to_string, CLEARED_MEMBER, EVENTS_MEMBER,
};
