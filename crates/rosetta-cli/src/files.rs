//! Reading inputs and writing whole outputs: a file, or standard input and output for `-`.
//!
//! Standard input and output are `-` on the command line and `<stdin>` and `<stdout>` in
//! every message.

use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use crate::error::{CliError, STDIN_NAME};
use crate::output::Output;

/// The name of an input for messages: `<stdin>` for `-`, else the path.
pub fn input_name(path: &Path) -> PathBuf {
    if path == Path::new("-") {
        PathBuf::from(STDIN_NAME)
    } else {
        path.to_path_buf()
    }
}

/// The input's bytes: the file, or standard input for `-`.
pub fn read_input(path: &Path) -> Result<Vec<u8>, CliError> {
    let fail = |source| CliError::Io {
        path: input_name(path),
        source,
    };
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        io::stdin().lock().read_to_end(&mut bytes).map_err(fail)?;
        return Ok(bytes);
    }
    std::fs::read(path).map_err(fail)
}

/// Writes `bytes` to `path` (`-`: standard output) through an [`Output`]: a device or FIFO
/// is written through, a regular file replaced only once all of `bytes` is written, keeping its
/// mode, owner, links and symbolic links. For output known only at the end; a command with a
/// long piece of work opens its [`Output`] first instead, so that a bad path fails at once.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    let mut output = Output::open(path)?;
    write_all(&mut output, bytes)?;
    output.finish()
}

/// Writes `bytes` to an open output; an error names it.
pub fn write_all(output: &mut Output, bytes: &[u8]) -> Result<(), CliError> {
    output.write_all(bytes).map_err(|source| CliError::Io {
        path: output.name().to_path_buf(),
        source,
    })
}
