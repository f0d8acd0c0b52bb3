//! The crate's files import one way: the check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
}
