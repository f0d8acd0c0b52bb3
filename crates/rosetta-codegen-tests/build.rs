//! Generates Rust for the example game's schema (with Rosetta's standard library) into
//! `OUT_DIR/example`.

use std::path::{Path, PathBuf};

fn main() -> Result<(), rosetta_build::Error> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or(rosetta_build::Error::NoOutDir)?);
    rosetta_build::Config::new()
        .schema_path(repo.join("schema"))
        .schema_path(repo.join("examples/schema"))
        .out_dir(out.join("example"))
        .compile_all()?;
    Ok(())
}
