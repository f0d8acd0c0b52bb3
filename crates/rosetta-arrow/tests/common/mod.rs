//! What the integration tests share: the repository and the example game's schema.

use std::path::Path;

use rosetta_schema::{compile, CompileOptions, Schema};

/// The repository root.
pub fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The example game's schema, with the standard library.
pub fn example_schema() -> Schema {
    let options = CompileOptions {
        schema_paths: vec![repo().join("schema"), repo().join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    Schema::from_bundle(compile(&options).unwrap().bundle()).unwrap()
}
