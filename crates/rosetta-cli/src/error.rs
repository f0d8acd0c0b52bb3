//! Why a command failed, how to tell the user and which exit status to return.

use std::fmt;
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use rosetta_schema::Diagnostics;

/// A failed command.
#[derive(Debug)]
pub enum CliError {
    /// The schema has errors; they are rendered as they are.
    Schema(Diagnostics),
    /// An input or output could not be read or written.
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// Data that could not be read, converted or written: where, and what is wrong.
    Data {
        /// The file concerned (`-` for a standard stream).
        path: PathBuf,
        /// What went wrong, and where in the file.
        message: String,
    },
    /// An argument that names nothing in the schema (a component, a command): a usage error
    /// found once the schema is read.
    Usage {
        /// The argument concerned (`--component`).
        argument: String,
        /// What is wrong with it.
        message: String,
    },
    /// A library produced something it should not have (a bug, not the user's fault).
    Internal(String),
}

impl CliError {
    /// The process exit status for this error: 2 for usage errors (as clap's, which exit
    /// before a command runs), 1 for the others.
    pub fn exit_code(&self) -> ExitCode {
        match self {
            CliError::Usage { .. } => ExitCode::from(2),
            _ => ExitCode::from(1),
        }
    }

    /// Prints the error to standard error, coloured when standard error is a terminal and
    /// `NO_COLOR` is unset.
    pub fn report(&self) {
        let color = stderr_color();
        let text = match self {
            CliError::Schema(diagnostics) => {
                let mut text = diagnostics.render(color);
                if !text.ends_with('\n') {
                    text.push('\n');
                }
                text
            }
            other => {
                if color {
                    format!("\x1b[1;31merror\x1b[0m: {other}\n")
                } else {
                    format!("error: {other}\n")
                }
            }
        };
        // Nothing useful can be done when standard error itself is gone.
        let _ = io::stderr().lock().write_all(text.as_bytes());
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Schema(diagnostics) => {
                let count = diagnostics.iter().count();
                write!(f, "the schema has {count} error(s)")
            }
            CliError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            CliError::Data { path, message } => write!(f, "{}: {message}", path.display()),
            CliError::Usage { argument, message } => write!(f, "{argument}: {message}"),
            CliError::Internal(message) => write!(f, "internal error: {message}"),
        }
    }
}

impl std::error::Error for CliError {}

/// Whether diagnostics on standard error should use ANSI colour: only on a terminal, and never
/// when `NO_COLOR` is set to a non-empty value (<https://no-color.org>).
pub fn stderr_color() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color && io::stderr().is_terminal()
}
