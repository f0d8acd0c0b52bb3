//! The crate's one error type.

use std::fmt;

/// What went wrong reading or writing schema data, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{}", self.0.kind, self.place())]
pub struct Error(Box<Inner>);

/// Boxed so that `Result<u64>` stays small on the decoding hot path.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
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
    /// A field id no tag can carry, refused when it is added; with the largest one.
    FieldIdOutOfRange {
        id: u32,
        max: u32,
    },
    /// Objects nested deeper than `rosetta_types::MAX_NESTING`.
    TooDeep,
    LengthTooLarge {
        length: u64,
        remaining: usize,
    },
    Other(String),
    /// Reading or writing a stream failed.
    Io(std::io::ErrorKind, String),
    /// A snapshot (binary or JSON) is not laid out as expected.
    Snapshot(String),
    /// A problem inside one entity of a snapshot: its 0-based index in the file and its id when
    /// known.
    InEntity {
        index: u64,
        id: Option<i64>,
        inner: Box<ErrorKind>,
    },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Truncated(what) => write!(f, "input ends inside {what}"),
            ErrorKind::VarintTooLong => write!(f, "varint longer than 10 bytes"),
            ErrorKind::BadWireType(w) => write!(f, "unsupported wire type {w}"),
            ErrorKind::BadFieldNumber(n) => write!(f, "invalid field number {n}"),
            ErrorKind::FieldIdOutOfRange { id, max } => {
                write!(f, "invalid field id {id}: field ids go from 1 to {max}")
            }
            ErrorKind::TooDeep => f.write_str(&rosetta_types::too_deep_message()),
            ErrorKind::LengthTooLarge { length, remaining } => write!(
                f,
                "length {length} is larger than the {remaining} bytes that remain"
            ),
            ErrorKind::Other(message) => f.write_str(message),
            ErrorKind::Io(_, message) => f.write_str(message),
            ErrorKind::Snapshot(message) => f.write_str(message),
            ErrorKind::InEntity { index, id, inner } => match id {
                Some(id) => write!(f, "entity {id} (entity record {index}): {inner}"),
                None => write!(f, "entity record {index}: {inner}"),
            },
        }
    }
}

impl Error {
    fn new(kind: ErrorKind, offset: Option<usize>, path: Option<String>) -> Self {
        Error(Box::new(Inner { kind, offset, path }))
    }

    pub(crate) fn at(kind: ErrorKind, offset: usize) -> Self {
        Error::new(kind, Some(offset), None)
    }

    /// An error with a message and no position, for code outside this crate that reports
    /// through it (a [`ComponentJson`](crate::snapshot::ComponentJson) codec, say).
    pub fn custom(message: impl Into<String>) -> Self {
        Error::msg(message)
    }

    /// An error about the value at a JSON Pointer (`/coords/x`), for code outside this crate
    /// that reports through it (a [`ComponentJson`](crate::snapshot::ComponentJson) codec).
    pub fn custom_at(message: impl Into<String>, path: impl Into<String>) -> Self {
        Error::at_path(message, path)
    }

    /// Objects nested past `MAX_NESTING`, the first of them at this byte offset.
    pub(crate) fn too_deep_at(offset: usize) -> Self {
        Error::new(ErrorKind::TooDeep, Some(offset), None)
    }

    /// Objects nested past `MAX_NESTING`, the first of them at this path.
    pub(crate) fn too_deep_at_path(path: String) -> Self {
        Error::new(ErrorKind::TooDeep, None, Some(path))
    }

    /// An error of this kind with no position.
    pub(crate) fn from_kind(kind: ErrorKind) -> Self {
        Error::new(kind, None, None)
    }

    /// An error with a message and no position.
    pub(crate) fn msg(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::Other(message.into()), None, None)
    }

    /// An error about the value at a JSON Pointer-style path (`/position/coords/x`).
    pub(crate) fn at_path(message: impl Into<String>, path: impl Into<String>) -> Self {
        Error::new(ErrorKind::Other(message.into()), None, Some(path.into()))
    }

    /// Moves a byte offset along by the start of the enclosing buffer.
    pub(crate) fn shifted(mut self, by: usize) -> Self {
        if let Some(offset) = &mut self.0.offset {
            *offset += by;
        }
        self
    }

    /// An I/O error, at a byte offset when one is known.
    pub(crate) fn io(error: &std::io::Error, offset: Option<usize>) -> Self {
        Error::new(ErrorKind::Io(error.kind(), error.to_string()), offset, None)
    }

    /// The same error, said to be about the entity at `index` (0-based) in a snapshot.
    pub(crate) fn in_entity(mut self, index: u64, id: Option<i64>) -> Self {
        if !matches!(self.0.kind, ErrorKind::InEntity { .. }) {
            let inner = Box::new(std::mem::replace(
                &mut self.0.kind,
                ErrorKind::VarintTooLong,
            ));
            self.0.kind = ErrorKind::InEntity { index, id, inner };
        }
        self
    }

    /// Puts `prefix` (a JSON Pointer) in front of the error's path; gives a path-less error
    /// without a byte offset that path.
    pub(crate) fn under_path(mut self, prefix: &str) -> Self {
        match &mut self.0.path {
            Some(path) => path.insert_str(0, prefix),
            None if self.0.offset.is_none() => self.0.path = Some(prefix.to_owned()),
            None => {}
        }
        self
    }

    /// The 0-based index of the snapshot entity the problem is in, when it is in one.
    pub fn entity_index(&self) -> Option<u64> {
        match &self.0.kind {
            ErrorKind::InEntity { index, .. } => Some(*index),
            _ => None,
        }
    }

    /// The id of the snapshot entity the problem is in, when it is known.
    pub fn entity_id(&self) -> Option<i64> {
        match &self.0.kind {
            ErrorKind::InEntity { id, .. } => *id,
            _ => None,
        }
    }

    /// The kind of I/O error, when reading or writing a stream failed.
    pub fn io_kind(&self) -> Option<std::io::ErrorKind> {
        match &self.0.kind {
            ErrorKind::Io(kind, _) => Some(*kind),
            ErrorKind::InEntity { inner, .. } => match inner.as_ref() {
                ErrorKind::Io(kind, _) => Some(*kind),
                _ => None,
            },
            _ => None,
        }
    }

    /// The byte offset of the problem in the input, when it came from bytes.
    pub fn byte_offset(&self) -> Option<usize> {
        self.0.offset
    }

    /// The path of the value, when the problem is about a typed value.
    pub fn path(&self) -> Option<&str> {
        self.0.path.as_deref()
    }

    fn place(&self) -> String {
        match (&self.0.offset, &self.0.path) {
            (Some(offset), _) => format!(" (at byte {offset})"),
            (None, Some(path)) => format!(" (at {})", if path.is_empty() { "/" } else { path }),
            _ => String::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
