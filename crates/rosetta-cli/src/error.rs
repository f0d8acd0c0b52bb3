//! Why a command failed, how to tell the user and which exit status to return.
//!
//! Long words in a message (a JSON Pointer a hundred levels deep, a huge value) are shortened in
//! the middle when the error is printed ([`readable`]), so that an error stays a few lines long.

use std::borrow::Cow;
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use rosetta_schema::Diagnostics;

/// How messages name standard input.
pub const STDIN_NAME: &str = "<stdin>";

/// How messages name standard output.
pub const STDOUT_NAME: &str = "<stdout>";

/// The longest word of an error message printed whole; longer ones keep their two ends.
pub const MAX_WORD: usize = 120;

/// The exit status after standard output was closed by its reader (`| head`): what a shell
/// shows for a process that the SIGPIPE signal ended, as it would end `cat`.
pub const BROKEN_PIPE_EXIT: u8 = 128 + 13;

/// A failed command.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// The schema has errors; they are rendered as they are.
    #[error("the schema has {} error(s)", .0.iter().count())]
    Schema(Diagnostics),
    /// An input or output could not be read or written.
    #[error("{}: {source}", shown(path))]
    Io {
        /// The file concerned.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// Data that could not be read, converted or written: where, and what is wrong.
    #[error("{}: {message}", shown(path))]
    Data {
        /// The file concerned (`-` for standard input, shown as `<stdin>`).
        path: PathBuf,
        /// What went wrong, and where in the file.
        message: String,
    },
    /// An argument that names nothing in the schema (a component, a command): a usage error
    /// found once the schema is read.
    #[error("{argument}: {message}")]
    Usage {
        /// The argument concerned (`--component`).
        argument: String,
        /// What is wrong with it.
        message: String,
    },
    /// A library produced something it should not have (a bug, not the user's fault).
    #[error("internal error: {0}")]
    Internal(String),
}

/// A path as errors show it: `-` is standard input, said `<stdin>` (outputs say `<stdout>`
/// themselves, see [`crate::output::Output`]).
fn shown(path: &Path) -> Cow<'_, str> {
    if path == Path::new("-") {
        Cow::Borrowed(STDIN_NAME)
    } else {
        path.to_string_lossy()
    }
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
    /// `NO_COLOR` is unset, its long words shortened ([`readable`]).
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
                let message = other.to_string();
                let message = readable(&message);
                if color {
                    format!("\x1b[1;31merror\x1b[0m: {message}\n")
                } else {
                    format!("error: {message}\n")
                }
            }
        };
        // Nothing useful can be done when standard error itself is gone.
        let _ = io::stderr().lock().write_all(text.as_bytes());
    }
}

/// `text` with every word (a run of characters between whitespace) longer than [`MAX_WORD`]
/// shortened in the middle: a JSON Pointer a hundred levels deep keeps its first and last
/// levels, with ` … ` between.
pub fn readable(text: &str) -> Cow<'_, str> {
    let long = |word: &str| word.chars().count() > MAX_WORD;
    if !text.split_whitespace().any(long) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len().min(4096));
    let mut rest = text;
    while !rest.is_empty() {
        let space = rest.len() - rest.trim_start().len();
        out.push_str(&rest[..space]);
        rest = &rest[space..];
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push_str(&rosetta_types::elide_middle(&rest[..end], MAX_WORD));
        rest = &rest[end..];
    }
    Cow::Owned(out)
}

/// Whether diagnostics on standard error should use ANSI colour: only on a terminal, and never
/// when `NO_COLOR` is set to a non-empty value (<https://no-color.org>).
pub fn stderr_color() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color && io::stderr().is_terminal()
}

/// Set once writing to standard output failed because its reader closed it.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Passes an error of writing standard output on, remembering a broken pipe: the command then
/// ends quietly ([`stdout_closed`]) however the error reaches `main`.
pub fn note_stdout_error(error: io::Error) -> io::Error {
    if error.kind() == io::ErrorKind::BrokenPipe {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
    error
}

/// Whether standard output's reader went away (`rosetta … | head`). Unix tools end quietly
/// then. Rust ignores SIGPIPE, so the write fails with a broken pipe instead of the signal
/// ending the process; that error unwinds normally (every temporary file of another output is
/// removed, which the signal's default action would not allow) and `main` exits with
/// [`BROKEN_PIPE_EXIT`] and no message.
pub fn stdout_closed() -> bool {
    STDOUT_CLOSED.load(Ordering::Relaxed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_are_shortened_in_the_middle_and_the_rest_kept() {
        let pointer = "/inner".repeat(100);
        let text = format!("bad value (at {pointer}) here\n  next line");
        let shown = readable(&text);
        assert!(shown.len() < 200, "{shown}");
        assert!(shown.starts_with("bad value (at /inner/inner"), "{shown}");
        assert!(shown.ends_with("inner/inner) here\n  next line"), "{shown}");
        assert!(shown.contains(rosetta_types::ELISION));
        assert!(matches!(readable("short words only"), Cow::Borrowed(_)));
    }

    #[test]
    fn a_dash_is_said_as_stdin() {
        let error = CliError::Data {
            path: PathBuf::from("-"),
            message: "bad".into(),
        };
        assert_eq!(error.to_string(), "<stdin>: bad");
    }
}
