//! Schema-aware JSON for game data, in two forms over the same shared type model
//! ([`rosetta_types`]) and schema data ([`rosetta_wire::Object`]).
//!
//! # [`o3de`]: JSON as O3DE writes and reads it
//!
//! Any value of the shared type model written the way O3DE's AzCore `JsonSerialization` writes
//! it, and read back leniently the way it reads, with a report of every coercion:
//!
//! ```
//! # use rosetta_json::o3de::{self, LoadOptions, Quiet, StoreOptions};
//! # use rosetta_types::{TypeId, TypeRegistry, Value};
//! # let (registry, float) = (TypeRegistry::default(), TypeId::FLOAT);
//! # let (store_options, load_options) = (StoreOptions::default(), LoadOptions::default());
//! let stored = o3de::store(&registry, float, &Value::F32(0.2), &store_options, &mut Quiet)?;
//! let loaded = o3de::load(&registry, float, &stored.json, &load_options, &mut Quiet)?;
//! # assert_eq!(stored.json, "0.20000000298023225");
//! # assert_eq!(loaded.value, Value::F32(0.2));
//! # Ok::<(), rosetta_json::Error>(())
//! ```
//!
//! Beside [`store`](o3de::store()) and [`load`](o3de::load()): schema data through the model
//! ([`store_object`](o3de::store_object), [`load_update`](o3de::load_update), ...), JSON Patch
//! and Merge Patch ([`o3de::patch`]), `$import` ([`o3de::import`]), O3DE's order of JSON values
//! ([`o3de::compare()`]), and the same rules for your own serde types ([`o3de::serde`]).
//!
//! # [`spatialos`]: the SpatialOS SDK's own JSON form
//!
//! `json-spatialos`, as the SDK's `Schema_Json_Dump*` / `Schema_Json_Load*` functions and its
//! JSON snapshots wrote it: an [`Object`](rosetta_wire::Object) of a schema type walked straight
//! to JSON and back, strictly:
//!
//! ```
//! # use rosetta_json::spatialos;
//! # use rosetta_schema::{compile_sources, Schema, SourceFile};
//! # use rosetta_wire::{family::Double, Object};
//! # let source = "package geo; type Coords { double x = 1; }";
//! # let files = vec![SourceFile { canonical_path: "geo.schema".into(), text: source.into() }];
//! # let schema = Schema::from_bundle(compile_sources(files).unwrap().bundle()).unwrap();
//! # let (registry, coords) = (schema.registry(), schema.registry().lookup("geo.Coords").unwrap());
//! # let mut object = Object::new();
//! # object.add::<Double>(1, 1.5);
//! let json = spatialos::dump_object(registry, coords, &object)?; // {"x": 1.5}
//! let back = spatialos::load_object(registry, coords, &json)?;
//! # assert_eq!(json, serde_json::json!({"x": 1.5}));
//! # assert_eq!(back, object);
//! # Ok::<(), rosetta_json::Error>(())
//! ```
//!
//! Every error is an [`Error`] that says where: the JSON Pointer of the value, or the line and
//! column of a syntax error.
//!
//! # Where things live
//!
//! Imports run one way, down this table's folders: each uses only those below it, and the
//! `mod.rs` of `o3de/` and `spatialos/` only declare and re-export (`tests/imports.rs` finds any
//! import cycle between files).
//!
//! | folder | what lives there |
//! | --- | --- |
//! | `spatialos/` | the SDK's form: `ser` (dump), `de` (load), `update`, `object`, `snapshot` |
//! | `o3de/serde/` | your own types: `de/` (the deserializer and its access types), `ser/` |
//! | `o3de/schema_data.rs` | objects and component updates through the shared model |
//! | `o3de/patch/`, `o3de/import.rs`, `o3de/compare.rs` | JSON Patch and Merge Patch (`apply`, `create`), `$import`, O3DE's order of JSON values |
//! | `o3de/load/` | text to a value, one file per kind: `structs`, `scalar`, `enums`, `list`, `map`, `fixed`, `math`, `dynamic`, and the `fast` paths |
//! | `o3de/store/` | a value to text, one file per kind, with the `default` it is compared with and its `plan` |
//! | `o3de/repr/` | how O3DE spells enums, `$type` names and math components, both ways |
//! | `o3de/options.rs`, `o3de/report/` | the options; result codes, the reporter, and the walk's `context` that reports a coercion at its JSON Pointer |
//! | `text/` | the JSON text layer, shared by both forms: a pull `reader`, a `writer` (floats as RapidJSON writes them, or shortest), `number` text (RapidJSON's parsing, Grisu, C's `strtod` and `printf`), `document`s with comments and a byte order mark, JSON `pointer`s, uuid text |
//! | `error.rs` | the one error type |
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod error;
pub mod o3de;
pub mod spatialos;
mod text;

pub use error::{Error, Result};
