//! `rosetta schema compile`, `rosetta schema check` and `rosetta schema proto`; `rosetta schema
//! codegen` is in [`crate::codegen_cmd`], which compiles through [`compile_input`].

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rosetta_schema::bundle::{self, BundleFormat};
use rosetta_schema::{compile, proto_files, CompileOptions, Compiled};

use crate::cli::{BundleFormatArg, CompileArgs, ProtoArgs, SchemaCommand, SchemaInput};
use crate::error::{stderr_color, CliError};
use crate::files::{write_all, write_output};
use crate::output::Output;

/// Runs one `rosetta schema` subcommand.
pub fn run(command: SchemaCommand) -> Result<(), CliError> {
    match command {
        SchemaCommand::Compile(args) => compile_cmd(&args),
        SchemaCommand::Check(input) => compile_input(&input).map(|_| ()),
        SchemaCommand::Proto(args) => proto_cmd(&args),
        SchemaCommand::Codegen(command) => crate::codegen_cmd::run(command),
    }
}

/// Compiles, printing any warnings to standard error; errors are the compiler's diagnostics
/// ([`CliError::Schema`]), or a named schema file that is found nowhere.
pub fn compile_input(input: &SchemaInput) -> Result<Compiled, CliError> {
    for file in &input.files {
        check_schema_file(file, &input.schema_paths)?;
    }
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

/// An output directory: something that is not a directory (a file) is refused before the work;
/// a missing one is created as its files are written.
pub fn check_output_dir(dir: &Path) -> Result<(), CliError> {
    match std::fs::metadata(dir) {
        Ok(metadata) if !metadata.is_dir() => Err(CliError::Data {
            path: dir.to_path_buf(),
            message: "is not a directory: the output directory cannot be made there".into(),
        }),
        _ => Ok(()),
    }
}

/// A schema file named on the command line, looked for as the compiler looks for it (in the
/// current directory, then, for a relative path, under each schema path): when it is found
/// nowhere, says what it is (a directory) and where it was looked for.
fn check_schema_file(file: &Path, roots: &[PathBuf]) -> Result<(), CliError> {
    let mut places = vec![file.to_path_buf()];
    if file.is_relative() {
        places.extend(roots.iter().map(|root| root.join(file)));
    }
    if places.iter().any(|p| p.is_file()) {
        return Ok(());
    }
    let looked: Vec<String> = places
        .iter()
        .map(|p| format!("`{}`", p.display()))
        .collect();
    let looked = format!(
        "a schema file named on the command line is looked for in the current directory, then \
         under each --schema_path (here: {})",
        looked.join(", ")
    );
    let message = match places.iter().find(|p| p.is_dir()) {
        Some(dir) => format!(
            "is a directory, not a schema file; {looked}; to compile every .schema file under a \
             directory, give --schema_path {} --load_all_schema_on_schema_path",
            dir.display()
        ),
        None => format!("schema file not found; {looked}"),
    };
    Err(CliError::Data {
        path: file.to_path_buf(),
        message,
    })
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
