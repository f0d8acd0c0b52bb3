//! The schema a `rosetta schema …` command names, compiled ([`compile_input`]), and the checks
//! made on its inputs and output directory before any work.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use rosetta_schema::{compile, CompileOptions, Compiled};

use crate::cli::SchemaInput;
use crate::error::{stderr_color, CliError};

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
