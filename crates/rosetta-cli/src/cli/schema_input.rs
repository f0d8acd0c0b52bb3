//! Which schema files a `rosetta schema …` command compiles: shared by `compile`, `check`,
//! `proto` and `codegen` (its own file so that `cli/codegen.rs` need not import `cli.rs`).

use std::path::PathBuf;

use clap::Args;

/// Which schema files to compile and where imports are found; shared by `compile`, `check`,
/// `proto` and `codegen`.
#[derive(Debug, Args)]
pub struct SchemaInput {
    /// A schema root: imports and file names are resolved against it. Repeatable; searched in
    /// the order given.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// Compile every .schema file found under every schema path.
    #[arg(
        long = "load_all_schema_on_schema_path",
        visible_alias = "load-all-schema-on-schema-path"
    )]
    pub load_all: bool,

    /// Schema files to compile (with everything they import).
    #[arg(
        value_name = "FILE",
        required_unless_present = "load_all",
        num_args = 0..
    )]
    pub files: Vec<PathBuf>,
}
