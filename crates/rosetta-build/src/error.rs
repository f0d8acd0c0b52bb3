//! The crate's one error type.

use std::fmt;
use std::path::PathBuf;

/// Why code could not be generated.
#[derive(thiserror::Error)]
pub enum Error {
    /// The schema does not compile: the compiler's diagnostics, rendered.
    #[error("{}", .0.render(false).trim_end())]
    Schema(rosetta_schema::Diagnostics),
    /// A schema loaded from a bundle cannot be used.
    #[error("{0}")]
    Bundle(String),
    /// No output directory: neither [`Config::out_dir`](crate::Config::out_dir) nor `OUT_DIR`.
    #[error("no output directory: call Config::out_dir, or run from a build script (OUT_DIR)")]
    NoOutDir,
    /// An attribute given to [`Config::type_attribute`](crate::Config::type_attribute) or
    /// [`Config::field_attribute`](crate::Config::field_attribute) is no Rust attribute.
    #[error("the attribute `{attribute}` for `{path}` is no Rust attribute: {message}")]
    Attribute {
        /// The path it was given for.
        path: String,
        /// The attribute text.
        attribute: String,
        /// What the parser said.
        message: String,
    },
    /// Writing an output failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The code generated for a package does not parse (a bug in rosetta-build).
    #[error("the code generated for package `{package}` does not parse: {message}")]
    Render {
        /// The package.
        package: String,
        /// What the parser said.
        message: String,
    },
}

/// As `Display`: a build script that returns the error shows the diagnostics as the compiler
/// wrote them.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
