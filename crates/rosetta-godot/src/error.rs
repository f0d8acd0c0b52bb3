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
    #[error("at byte {offset}: the data holds a full object (class {class:?}); decoding objects is off (DecodeOptions::allow_objects)")]
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
    /// An element (or key) of a typed Array or Dictionary that the engine would not keep as it
    /// is: decoding, Godot drops it (Rosetta refuses the data instead of losing it); encoding,
    /// Godot would read it back converted or not at all. Elements the engine converts (an `int`
    /// in an `Array[float]`) are converted, not refused. Boxed, to keep `Error` small.
    #[error("{0}")]
    TypedElement(Box<TypedElementError>),
}

/// An element of a typed container that the engine would not keep as it is: where it is and
/// why ([`Error::TypedElement`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedElementError {
    /// Where the element starts in the input (decoding only).
    pub offset: Option<usize>,
    /// Where the element is in the value: `[2]` for an Array index, `{"key"}` for a Dictionary
    /// entry (the key in the text form), nested from the outermost container.
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl std::fmt::Display for TypedElementError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.offset {
            Some(offset) => write!(f, "at byte {offset}: {}: {}", self.path, self.message),
            None => write!(f, "cannot encode {}: {}", self.path, self.message),
        }
    }
}

impl Error {
    /// A [`Error::TypedElement`].
    pub(crate) fn typed_element(offset: Option<usize>, path: String, message: String) -> Self {
        Error::TypedElement(Box::new(TypedElementError {
            offset,
            path,
            message,
        }))
    }

    /// The same error, seen from the container around it: `segment` (`[0]`, `{"a"}`) goes in
    /// front of a [`Error::TypedElement`]'s path; other errors are unchanged.
    pub(crate) fn within(self, segment: impl FnOnce() -> String) -> Self {
        match self {
            Error::TypedElement(mut e) => {
                e.path = segment() + &e.path;
                Error::TypedElement(e)
            }
            other => other,
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
