//! The crate's files import one way (the report, guard and diff helpers at the bottom, each
//! suite above them): the check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    // The graph read must be the real one: the fixtures compile through the plan's compiler.
    assert!(graph.imports(
        &["suites", "spatialos_schema", "fixtures"],
        &["suites", "spatialos_schema", "compiler"]
    ));
}
