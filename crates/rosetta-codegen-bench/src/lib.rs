//! Benchmarks of the Rust types `rosetta-build` generates against the prost structs
//! `prost-build` generates from Rosetta's own `.proto` export of the same schema, and against
//! the dynamic path ([`rosetta_wire::Object`] read and written as a typed
//! [`rosetta_types::Value`]).
//!
//! Three components, in `schema/bench/bench.schema` and Rosetta's standard library:
//!
//! - `improbable.Position`: one nested object of three doubles, the smallest common component;
//! - `bench.Character`: 50 fields of every common kind (varint, zig-zag and fixed integers,
//!   floats, doubles, bools, strings, bytes, an enum, options, nested objects, a short numeric
//!   list, a list of objects and two small maps);
//! - `bench.Path`: a `list<Waypoint>` of [`values::PATH_LEN`] small objects (three floats and a
//!   varint), the shape of recorded paths, replays and other bulk game data. A list of objects
//!   rather than of numbers, because both sides write it identically: the `.proto` export
//!   declares no list packed, so prost would write a long numeric list as one tag per element
//!   where Rosetta packs it, and the case would compare two wire forms, not two codecs.
//!
//! [`values`] makes each value deterministically as a generated Rosetta type; [`convert`] turns
//! it into the prost struct and the dynamic value that hold the same data; [`dynamic`] loads the
//! schema for the dynamic path. The build script generates [`generated`] and [`proto`] from one
//! compile of the schema.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod convert;
pub mod dynamic;
pub mod values;

/// The Rust types `rosetta-build` generates from the bench schema and the standard library.
pub mod generated {
    include!(concat!(env!("OUT_DIR"), "/rosetta/mod.rs"));
}

/// The prost structs `prost-build` generates from Rosetta's `.proto` export of the same schema
/// (`rosetta_schema::proto_files`): every singular field is an `Option`, as proto2 has it.
#[allow(missing_docs, clippy::all)]
pub mod proto {
    include!(concat!(env!("OUT_DIR"), "/prost/mod.rs"));
}
