//! `rosetta schema compile`, `rosetta schema check` and `rosetta schema proto`; `rosetta schema
//! codegen` is in [`crate::codegen_cmd`]. Both compile through [`crate::schema_input`].

use std::path::{Path, PathBuf};

use rosetta_schema::bundle::{self, BundleFormat};
use rosetta_schema::proto_files;

use crate::cli::{BundleFormatArg, CompileArgs, ProtoArgs, SchemaCommand};
use crate::error::CliError;
use crate::files::{write_all, write_output};
use crate::output::Output;
use crate::schema_input::{check_output_dir, compile_input};

/// Runs one `rosetta schema` subcommand.
pub fn run(command: SchemaCommand) -> Result<(), CliError> {
    match command {
        SchemaCommand::Compile(args) => compile_cmd(&args),
        SchemaCommand::Check(input) => compile_input(&input).map(|_| ()),
        SchemaCommand::Proto(args) => proto_cmd(&args),
        SchemaCommand::Codegen(command) => crate::codegen_cmd::run(command),
    }
}

fn compile_cmd(args: &CompileArgs) -> Result<(), CliError> {
    // Every output is checked (a directory, a folder that cannot be written) before compiling.
    let open = |path: &Option<PathBuf>| path.as_deref().map(Output::open).transpose();
    let bundle_json_out = open(&args.bundle_json_out)?;
    let bundle_out = open(&args.bundle_out)?;
    if let Some(dir) = &args.ast_json_out {
        check_output_dir(dir)?;
    }
    let compiled = compile_input(&args.input)?;
    let format = match args.bundle_format {
        BundleFormatArg::V15 => BundleFormat::V15,
        BundleFormatArg::V14 => BundleFormat::V14,
        BundleFormatArg::V15Early => BundleFormat::V15Early,
    };
    if bundle_json_out.is_some() || bundle_out.is_some() {
        // The bundle as that compiler version wrote it, in its format.
        let bundle = compiled.bundle_for(format);
        if let Some(mut output) = bundle_json_out {
            write_all(&mut output, bundle::to_json(&bundle, format).as_bytes())?;
            output.finish()?;
        }
        if let Some(mut output) = bundle_out {
            write_all(&mut output, &bundle::encode(&bundle))?;
            output.finish()?;
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
    check_output_dir(&args.proto_out)?;
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
