//! What the commands that load schema data share: the schema compiled from `--schema_path`,
//! and the progress bar of a long load (snapshots, worlds). Below every command; imports none.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rosetta_schema::{compile, CompileOptions, Schema};

use crate::error::CliError;
use crate::files::input_name;

/// Compiles every schema file on the schema paths.
/// [`load_schema`] for inputs that cannot be read without one (snapshots): no `--schema_path`
/// is a usage error that says so.
pub fn require_schema(paths: &[PathBuf], what: &str) -> Result<Schema, CliError> {
    if paths.is_empty() {
        return Err(CliError::Usage {
            argument: "--schema_path".into(),
            message: format!("{what} need their schema: give --schema_path DIR (repeatable)"),
        });
    }
    load_schema(paths)
}

pub fn load_schema(paths: &[PathBuf]) -> Result<Schema, CliError> {
    let options = CompileOptions {
        schema_paths: paths.to_vec(),
        load_all: true,
        files: Vec::new(),
    };
    let compiled = compile(&options).map_err(CliError::Schema)?;
    Schema::from_bundle(compiled.bundle()).map_err(|e| {
        let first = paths.first().map_or(Path::new("."), PathBuf::as_path);
        CliError::Data {
            path: input_name(first),
            message: format!("the schema cannot be used: {e}"),
        }
    })
}

/// A progress bar over the input's bytes, drawn only when standard error is a terminal.
pub fn progress(total: Option<u64>) -> ProgressBar {
    if !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = match total {
        Some(total) => ProgressBar::new(total),
        None => ProgressBar::no_length(),
    };
    bar.set_draw_target(ProgressDrawTarget::stderr());
    let template = if total.is_some() {
        "{bar:40} {bytes}/{total_bytes} {msg} ({eta})"
    } else {
        "{spinner} {bytes} {msg}"
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}
