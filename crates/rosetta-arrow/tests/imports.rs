//! The crate's files import one way (the schema mapping at the bottom, writers and readers
//! above it): the check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    // The graph read must be the real one: the dataset reader imports the table schema.
    assert!(graph.imports(&["read", "dataset"], &["schema"]));
}
