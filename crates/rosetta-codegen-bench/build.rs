//! Generates both sides of the benchmark from one compiled schema (`schema/bench/bench.schema`
//! and the standard library it imports): Rosetta types into `OUT_DIR/rosetta`, and prost structs
//! of Rosetta's `.proto` export of the same bundle (compiled by protox, no protoc) into
//! `OUT_DIR/prost`.

use std::error::Error;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn Error>> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    let roots = [manifest.join("../../schema"), manifest.join("schema")];
    for root in &roots {
        println!("cargo:rerun-if-changed={}", root.display());
    }

    let mut rosetta = rosetta_build::Config::new();
    for root in &roots {
        rosetta.schema_path(root);
    }
    let compiled = rosetta.compile_schema(&["bench/bench.schema"])?;
    rosetta_build::write_files(&out.join("rosetta"), &rosetta.generate(&compiled)?)?;

    let proto_dir = out.join("proto");
    let mut proto_paths = Vec::new();
    for (path, text) in rosetta_schema::proto_files(compiled.bundle()) {
        let file = proto_dir.join(&path);
        std::fs::create_dir_all(file.parent().ok_or("a .proto path has no parent")?)?;
        std::fs::write(&file, text)?;
        proto_paths.push(path);
    }
    let descriptors = protox::compile(&proto_paths, [&proto_dir])?;
    let prost_dir = out.join("prost");
    std::fs::create_dir_all(&prost_dir)?;
    prost_build::Config::new()
        .out_dir(&prost_dir)
        // The export's comments (`option<EntityId>`) are no rustdoc; the peer needs none.
        .disable_comments(["."])
        .include_file("mod.rs")
        .compile_fds(descriptors)?;
    Ok(())
}
