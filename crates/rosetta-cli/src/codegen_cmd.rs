//! `rosetta schema codegen rust`: the schema compiled as `rosetta schema compile` compiles it,
//! then Rust types for it, written by rosetta-build (as a build script would have them).

use rosetta_build::{BytesType, Config, MapType};

use crate::cli::{AttributeArg, BytesTypeArg, CodegenCommand, CodegenRustArgs, MapTypeArg};
use crate::error::CliError;
use crate::schema_input::{check_output_dir, compile_input};

/// Runs one `rosetta schema codegen` subcommand.
pub fn run(command: CodegenCommand) -> Result<(), CliError> {
    match command {
        CodegenCommand::Rust(args) => rust(&args),
    }
}

/// Compiles the schema, generates its Rust types and writes them into `--out`; prints nothing
/// on success (warnings of the compiler go to standard error, as for `schema compile`).
fn rust(args: &CodegenRustArgs) -> Result<(), CliError> {
    // The output directory is checked before the work, as `schema compile` checks its own.
    check_output_dir(&args.out)?;
    let compiled = compile_input(&args.input)?;
    let mut config = Config::new();
    config
        .map_type(match args.map_type {
            MapTypeArg::Btree => MapType::BTreeMap,
            MapTypeArg::Hash => MapType::HashMap,
        })
        .bytes_type(match args.bytes_type {
            BytesTypeArg::Vec => BytesType::Vec,
            BytesTypeArg::Bytes => BytesType::Bytes,
        })
        .serde(!args.no_serde)
        .keep_unknown_fields(args.keep_unknown_fields);
    for AttributeArg { path, attribute } in &args.type_attributes {
        config.type_attribute(path, attribute);
    }
    for AttributeArg { path, attribute } in &args.field_attributes {
        config.field_attribute(path, attribute);
    }
    let files = config
        .generate(&compiled)
        .map_err(|error| cli_error(error, args))?;
    rosetta_build::write_files(&args.out, &files).map_err(|error| cli_error(error, args))?;
    Ok(())
}

/// A rosetta-build error as the CLI reports it: the schema's diagnostics as they are, a bad
/// attribute as a usage error of the argument that gave it, a failed write with its path.
fn cli_error(error: rosetta_build::Error, args: &CodegenRustArgs) -> CliError {
    match error {
        rosetta_build::Error::Schema(diagnostics) => CliError::Schema(diagnostics),
        rosetta_build::Error::Attribute {
            path,
            attribute,
            message,
        } => {
            let given = |list: &[AttributeArg]| {
                list.iter()
                    .any(|a| a.path == path && a.attribute == attribute)
            };
            // Type attributes are checked first, so a pair given to both is reported for the
            // first.
            let argument = if given(&args.type_attributes) || !given(&args.field_attributes) {
                "--type_attribute"
            } else {
                "--field_attribute"
            };
            CliError::Usage {
                argument: argument.into(),
                message: format!("`{attribute}` (for `{path}`) is no Rust attribute: {message}"),
            }
        }
        rosetta_build::Error::Io { path, source } => CliError::Io { path, source },
        // A generated file that does not parse, or anything else: not the user's doing.
        other => CliError::Internal(other.to_string()),
    }
}
