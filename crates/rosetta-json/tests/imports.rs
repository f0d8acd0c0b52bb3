//! The crate's files import one way (`lib.rs` documents the order, the text layer and the
//! error type at the bottom): the check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    // The graph read must be the real one: the façade imports its stages.
    assert!(graph.imports(&["o3de"], &["o3de", "load"]));
}
