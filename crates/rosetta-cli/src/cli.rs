//! The command line: every subcommand's arguments, as clap derives them.
//!
//! Each subcommand group gets its own `Args`/`Subcommand` type here and its own `*_cmd.rs` module
//! that runs it; `main.rs` only dispatches.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

const MAIN_EXAMPLES: &str = "\
Examples:
  # compile the example game schema with Rosetta's standard library into bundle JSON
  rosetta schema compile --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path --bundle_json_out=build/bundle.json

  # only check a schema for errors
  rosetta schema check --schema_path=schema --schema_path=examples/schema \\
      examples/schema/game/player.schema";

const COMPILE_EXAMPLES: &str = "\
The flags are spelled as the SpatialOS schema_compiler spelled them (--schema_path=DIR), so build
scripts can switch to rosetta unchanged; the kebab-case forms (--schema-path DIR) work too.
A schema file named on the command line is looked up in the current directory, then in each
schema path. The exit status is 0 on success, 1 when the schema has errors (reported on stderr as
file:line:column) or an output cannot be written, and 2 on a usage error.

Examples:
  # everything under both roots, as bundle JSON and binary bundle
  rosetta schema compile --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path \\
      --bundle_json_out=build/bundle.json --bundle_out=build/bundle.sb

  # one file and what it imports, in the 14.x bundle JSON format (fields carry `transient`)
  rosetta schema compile --schema-path schema --schema-path examples/schema \\
      --bundle-format v14 --bundle-json-out build/bundle14.json game/player.schema

  # the AST JSON of every file (one .json per .schema) into build/ast/
  rosetta schema compile --schema_path=schema --load_all_schema_on_schema_path \\
      --ast_json_out=build/ast

  # bundle JSON to standard output
  rosetta schema compile --schema_path=schema --load_all_schema_on_schema_path --bundle_json_out=-";

const CHECK_EXAMPLES: &str = "\
Compiles exactly as `rosetta schema compile` does but writes nothing. The exit status is 0 when
the schema is valid, 1 when it has errors (reported on stderr as file:line:column), 2 on a usage
error.

Examples:
  rosetta schema check --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path
  rosetta schema check --schema-path schema game/player.schema";

/// `rosetta`: one schema, every game engine's data format.
#[derive(Debug, Parser)]
#[command(name = "rosetta", version, about, after_help = MAIN_EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compile and check SpatialOS schema files.
    #[command(subcommand)]
    Schema(SchemaCommand),
}

/// `rosetta schema …`
#[derive(Debug, Subcommand)]
pub enum SchemaCommand {
    /// Compile schema files into a bundle (JSON or binary) and AST JSON.
    #[command(after_help = COMPILE_EXAMPLES)]
    Compile(CompileArgs),
    /// Check schema files for errors without writing anything.
    #[command(after_help = CHECK_EXAMPLES)]
    Check(SchemaInput),
}

/// Which schema files to compile and where imports are found; shared by `compile` and `check`.
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

/// Arguments of `rosetta schema compile`.
#[derive(Debug, Args)]
pub struct CompileArgs {
    /// The schema files and roots.
    #[command(flatten)]
    pub input: SchemaInput,

    /// Write the binary schema bundle (`.sb`) to FILE (`-` for standard output).
    #[arg(long = "bundle_out", visible_alias = "bundle-out", value_name = "FILE")]
    pub bundle_out: Option<PathBuf>,

    /// Write the schema bundle as JSON to FILE (`-` for standard output).
    #[arg(
        long = "bundle_json_out",
        visible_alias = "bundle-json-out",
        value_name = "FILE"
    )]
    pub bundle_json_out: Option<PathBuf>,

    /// Write one AST JSON file per schema file into DIR (`improbable/standard_library.json`).
    #[arg(
        long = "ast_json_out",
        visible_alias = "ast-json-out",
        value_name = "DIR"
    )]
    pub ast_json_out: Option<PathBuf>,

    /// The compiler version whose bundles to write: v15 (the default), v14 (bundle JSON
    /// fields carry `transient`, no component sets) or v15-early (both).
    #[arg(
        long = "bundle-format",
        alias = "bundle_format",
        value_enum,
        default_value_t = BundleFormatArg::V15,
        value_name = "FORMAT"
    )]
    pub bundle_format: BundleFormatArg,
}

/// The `--bundle-format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BundleFormatArg {
    /// SpatialOS 15.x: component sets, no `transient`.
    V15,
    /// SpatialOS 14.x: every field carries `transient`.
    V14,
    /// The first SpatialOS 15.x compilers: component sets, and fields still carry `transient`.
    #[value(name = "v15-early")]
    V15Early,
}
