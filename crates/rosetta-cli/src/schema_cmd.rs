//! `rosetta schema compile`, `rosetta schema check` and `rosetta schema proto`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rosetta_schema::bundle::{self, BundleFormat};
use rosetta_schema::{compile, proto_files, CompileOptions, Compiled};

use crate::cli::{BundleFormatArg, CompileArgs, ProtoArgs, SchemaCommand, SchemaInput};
use crate::error::{stderr_color, CliError};
use crate::files::write_output;

/// Runs one `rosetta schema` subcommand.
pub fn run(command: SchemaCommand) -> Result<(), CliError> {
    match command {
        SchemaCommand::Compile(args) => compile_cmd(&args),
        SchemaCommand::Check(input) => compile_input(&input).map(|_| ()),
        SchemaCommand::Proto(args) => proto_cmd(&args),
    }
}

/// Compiles, printing any warnings to standard error.
fn compile_input(input: &SchemaInput) -> Result<Compiled, CliError> {
    let options = CompileOptions {
        schema_paths: input.schema_paths.clone(),
        load_all: input.load_all,
        files: input.files.clone(),
    };
    let compiled = compile(&options).map_err(CliError::Schema)?;
    let warnings = compiled.warnings();
    if !warnings.is_empty() {
        let mut text = warnings.render(stderr_color());
        if !text.ends_with('\n') {
            text.push('\n');
        }
        // Warnings are advice: a closed standard error does not fail the command.
        let _ = io::stderr().lock().write_all(text.as_bytes());
    }
    Ok(compiled)
}

fn compile_cmd(args: &CompileArgs) -> Result<(), CliError> {
    let compiled = compile_input(&args.input)?;
    let format = match args.bundle_format {
        BundleFormatArg::V15 => BundleFormat::V15,
        BundleFormatArg::V14 => BundleFormat::V14,
        BundleFormatArg::V15Early => BundleFormat::V15Early,
    };
    if args.bundle_json_out.is_some() || args.bundle_out.is_some() {
        // The bundle as that compiler version wrote it, in its format.
        let bundle = compiled.bundle_for(format);
        if let Some(path) = &args.bundle_json_out {
            write_output(path, bundle::to_json(&bundle, format).as_bytes())?;
        }
        if let Some(path) = &args.bundle_out {
            write_output(path, &bundle::encode(&bundle))?;
        }
    }
    if let Some(dir) = &args.ast_json_out {
        for (relative, text) in compiled.ast_json_files() {
            let path = output_path(dir, &relative)?;
            write_output(&path, text.as_bytes())?;
        }
    }
    Ok(())
}

fn proto_cmd(args: &ProtoArgs) -> Result<(), CliError> {
    let compiled = compile_input(&args.input)?;
    for (relative, text) in proto_files(compiled.bundle()) {
        let path = output_path(&args.proto_out, &relative)?;
        write_output(&path, text.as_bytes())?;
    }
    Ok(())
}

/// Joins an output's relative path (`/`-separated, from the compiler) onto the output
/// directory, refusing anything that would leave it.
fn output_path(dir: &Path, relative: &str) -> Result<PathBuf, CliError> {
    let mut path = dir.to_path_buf();
    for part in relative.split('/') {
        if part.is_empty() || part == "." || part == ".." || part.contains('\\') {
            return Err(CliError::Internal(format!(
                "the compiler named an output outside the output directory: {relative:?}"
            )));
        }
        path.push(part);
    }
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ast_paths_stay_inside_the_output_directory() {
        let dir = Path::new("out");
        let ok = output_path(dir, "improbable/standard_library.json");
        assert_eq!(
            ok.ok(),
            Some(Path::new("out/improbable/standard_library.json").to_path_buf())
        );
        assert!(output_path(dir, "../evil.json").is_err());
        assert!(output_path(dir, "/abs.json").is_err());
        assert!(output_path(dir, "a//b.json").is_err());
    }
}
