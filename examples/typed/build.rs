//! Generates the Rust types of the example game's schema (`examples/schema`, package `game`)
//! and of Rosetta's standard library (`schema`, package `improbable`) into `OUT_DIR`, as a
//! crate using `rosetta-build` from its own build script would. The example rewrites a snapshot
//! it did not make, so its types keep the fields their schema does not have: a snapshot written
//! with a newer schema loses nothing on the way through.

use std::path::Path;

fn main() -> Result<(), rosetta_build::Error> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    rosetta_build::Config::new()
        .schema_path(repo.join("schema"))
        .schema_path(repo.join("examples/schema"))
        .keep_unknown_fields(true)
        .compile_all()?;
    Ok(())
}
