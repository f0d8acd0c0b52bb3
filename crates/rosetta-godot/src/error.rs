//! The one error type of the crate.

use thiserror::Error;

/// What went wrong while encoding or decoding a Variant.
///
/// Decoding errors name the byte offset (from the start of the input) where the problem was found.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The input ended before a value was complete.
    #[error("at byte {offset}: need {needed} more bytes for {what}, only {available} remain")]
    UnexpectedEnd {
        /// Where the missing data should start.
        offset: usize,
        /// How many bytes were needed.
        needed: usize,
        /// How many bytes were left.
        available: usize,
        /// What was being read.
        what: &'static str,
    },
    /// The input is malformed.
    #[error("at byte {offset}: {message}")]
    Invalid {
        /// Where the problem is.
        offset: usize,
        /// What is wrong.
        message: String,
    },
    /// A full object was found but the caller did not allow objects.
    #[error("at byte {offset}: the data holds a full object (class {class:?}); decoding objects is off (set allow_objects)")]
    ObjectsNotAllowed {
        /// Where the object starts.
        offset: usize,
        /// Its class name.
        class: String,
    },
    /// Nesting went deeper than the limit.
    #[error("at byte {offset}: nesting deeper than {limit} levels")]
    TooDeep {
        /// Where the too-deep value starts (0 when encoding).
        offset: usize,
        /// The limit.
        limit: usize,
    },
    /// The value cannot be written in the chosen format.
    #[error("cannot encode: {0}")]
    Unencodable(String),
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
