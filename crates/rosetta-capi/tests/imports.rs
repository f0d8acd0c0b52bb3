//! The crate's files import one way (the unsafe border, the error and the C names at the
//! bottom; objects, roots, bundles, JSON and updates above them): the check is
//! `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    // The graph read must be the real one: the JSON functions import the roots they load.
    assert!(graph.imports(&["json"], &["roots"]));
}
