//! The command's files import one way: `main.rs` dispatches to the commands, the commands take
//! their arguments from `cli.rs`, and what they share (`world/load.rs`, `schema_load.rs`,
//! `files.rs`, `error.rs`) imports no command. The check is `rosetta_devtools::imports`.

#[test]
fn no_file_imports_a_file_that_imports_it() {
    let graph = rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
    assert!(graph.imports(&[], &["cli"]) && graph.imports(&["world", "query"], &["cli"]));
}
