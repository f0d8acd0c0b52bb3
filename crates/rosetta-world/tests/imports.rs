//! The crate's files import one way (ids and builtins at the bottom, the world above its
//! storage, names and reflected types): the check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    // The graph read must be the real one: the world imports its storage.
    assert!(graph.imports(&["world"], &["store"]));
}
