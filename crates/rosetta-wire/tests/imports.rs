//! The crate's files import one way (the object and its encoding at the bottom, typed access
//! and snapshots above them): the check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    // The graph read must be the real one: the snapshot reader imports the entity it reads.
    assert!(graph.imports(&["snapshot", "read"], &["snapshot", "entity"]));
}
