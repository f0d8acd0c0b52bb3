//! The generator on the example schema: files named as prost-build names them, and output
//! that parses.

use std::path::PathBuf;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn example_schema_generates_one_file_per_package_and_a_mod_rs() {
    let mut config = rosetta_build::Config::new();
    config
        .schema_path(repo().join("schema"))
        .schema_path(repo().join("examples/schema"))
        .load_all_schema_on_schema_path(true);
    let compiled = config.compile_schema(&[] as &[PathBuf]).unwrap();
    let files = config.generate(&compiled).unwrap();
    let names: Vec<_> = files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "game.rs",
            "game.world.rs",
            "improbable.rs",
            "improbable.restricted.rs",
            "mod.rs"
        ]
    );
    if let Ok(dir) = std::env::var("ROSETTA_BUILD_DUMP") {
        rosetta_build::write_files(std::path::Path::new(&dir), &files).unwrap();
    }
}
