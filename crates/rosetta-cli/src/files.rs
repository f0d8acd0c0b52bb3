//! Reading inputs and writing outputs: a file, or standard input and output for `-`.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use crate::error::CliError;

fn io_error(path: &Path) -> impl Fn(io::Error) -> CliError + '_ {
    move |source| CliError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The input's bytes: the file, or standard input for `-`.
pub fn read_input(path: &Path) -> Result<Vec<u8>, CliError> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        io::stdin()
            .lock()
            .read_to_end(&mut bytes)
            .map_err(io_error(path))?;
        return Ok(bytes);
    }
    fs::read(path).map_err(io_error(path))
}

/// Writes `bytes` to `path`, or to standard output when `path` is `-`; creates missing parent
/// directories.
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<(), CliError> {
    if path == Path::new("-") {
        let mut stdout = io::stdout().lock();
        return stdout
            .write_all(bytes)
            .and_then(|()| stdout.flush())
            .map_err(io_error(path));
    }
    if let Some(parent) = path.parent() {
        if !parent.as_os_str().is_empty() {
            fs::create_dir_all(parent).map_err(io_error(path))?;
        }
    }
    fs::write(path, bytes).map_err(io_error(path))
}
