//! The crate's one error type.

use std::fmt;

/// What went wrong reading or writing schema data, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{kind}{}", self.place())]
pub struct Error {
    kind: ErrorKind,
    offset: Option<usize>,
    path: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ErrorKind {
    Truncated(&'static str),
    VarintTooLong,
    BadWireType(u8),
    BadFieldNumber(u64),
    LengthTooLarge { length: u64, remaining: usize },
    TooDeep(usize),
    Other(String),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Truncated(what) => write!(f, "input ends inside {what}"),
            ErrorKind::VarintTooLong => write!(f, "varint longer than 10 bytes"),
            ErrorKind::BadWireType(w) => write!(f, "unsupported wire type {w}"),
            ErrorKind::BadFieldNumber(n) => write!(f, "invalid field number {n}"),
            ErrorKind::LengthTooLarge { length, remaining } => write!(
                f,
                "length {length} is larger than the {remaining} bytes that remain"
            ),
            ErrorKind::TooDeep(limit) => write!(f, "objects nested deeper than {limit} levels"),
            ErrorKind::Other(message) => f.write_str(message),
        }
    }
}

impl Error {
    pub(crate) fn at(kind: ErrorKind, offset: usize) -> Self {
        Error {
            kind,
            offset: Some(offset),
            path: None,
        }
    }

    /// An error with a message and no position.
    pub(crate) fn msg(message: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Other(message.into()),
            offset: None,
            path: None,
        }
    }

    /// An error about the value at a JSON Pointer-style path (`/position/coords/x`).
    pub(crate) fn at_path(message: impl Into<String>, path: impl Into<String>) -> Self {
        Error {
            kind: ErrorKind::Other(message.into()),
            offset: None,
            path: Some(path.into()),
        }
    }

    /// Moves a byte offset along by the start of the enclosing buffer.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        if let Some(offset) = &mut self.offset {
            *offset += by;
        }
        self
    }

    /// The byte offset of the problem in the input, when it came from bytes.
    pub fn byte_offset(&self) -> Option<usize> {
        self.offset
    }

    /// The path of the value, when the problem is about a typed value.
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }

    fn place(&self) -> String {
        match (&self.offset, &self.path) {
            (Some(offset), _) => format!(" (at byte {offset})"),
            (None, Some(path)) => format!(" (at {})", if path.is_empty() { "/" } else { path }),
            _ => String::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
