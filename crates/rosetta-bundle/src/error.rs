//! The crate's one error type: what went wrong reading a bundle, and where.

use std::fmt;

/// An error reading a schema bundle, from JSON ([`from_json`](crate::from_json)) or from binary
/// protobuf ([`decode`](crate::decode)).
///
/// Binary errors carry the byte offset at which the problem was found ([`Error::byte_offset`]);
/// JSON errors carry the JSON path of the offending value, such as
/// `$.schemaFiles[0].types[2].fields[1].singularType` ([`Error::json_path`]), or, for a syntax
/// error, the line and column ([`Error::line_column`]).
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Error(Box<ErrorKind>);

/// The private detail of an [`Error`].
#[derive(Debug, thiserror::Error)]
pub(crate) enum ErrorKind {
    /// The text is not JSON at all.
    #[error("bundle JSON is not valid JSON: {0}")]
    JsonSyntax(#[source] serde_json::Error),
    /// The text is JSON but not a bundle.
    #[error("bundle JSON at {path}: {problem}")]
    Json { path: String, problem: String },
    /// The bytes are not a valid binary bundle.
    #[error("binary bundle at byte {offset} (in {message}): {problem}")]
    Binary {
        offset: usize,
        message: &'static str,
        problem: BinaryProblem,
    },
}

/// What is wrong with a binary bundle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum BinaryProblem {
    /// A varint runs past the end of its message.
    TruncatedVarint,
    /// A varint is longer than 10 bytes or overflows 64 bits.
    OverlongVarint,
    /// A fixed-width value runs past the end of its message.
    TruncatedFixed(usize),
    /// A length prefix claims more bytes than the message has left.
    LengthOverrun { length: u64, remaining: usize },
    /// A tag has field number 0 or above the protobuf maximum.
    InvalidFieldNumber(u64),
    /// A tag has wire type 6 or 7, or an end-group tag without a start.
    InvalidWireType(u8),
    /// A start-group tag whose end-group tag is missing or mismatched.
    UnterminatedGroup(u32),
    /// Messages are nested deeper than the decoder allows.
    TooDeep(usize),
    /// A `string` field holds bytes that are not UTF-8.
    InvalidUtf8,
    /// A `PrimitiveType` number this crate does not know.
    UnknownPrimitive(u64),
    /// A required `oneof` is not set (the model cannot represent it).
    MissingOneof(&'static str),
    /// A message field the model requires is not set.
    MissingField(&'static str),
}

impl fmt::Display for BinaryProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TruncatedVarint => f.write_str("varint runs past the end of the data"),
            Self::OverlongVarint => f.write_str("varint is longer than 10 bytes"),
            Self::TruncatedFixed(n) => write!(f, "{n}-byte fixed value runs past the end"),
            Self::LengthOverrun { length, remaining } => write!(
                f,
                "length {length} is larger than the {remaining} bytes that remain"
            ),
            Self::InvalidFieldNumber(n) => write!(f, "invalid field number {n}"),
            Self::InvalidWireType(t) => write!(f, "invalid wire type {t}"),
            Self::UnterminatedGroup(n) => write!(f, "group field {n} has no matching end"),
            Self::TooDeep(max) => write!(f, "messages nested deeper than {max} levels"),
            Self::InvalidUtf8 => f.write_str("string field is not valid UTF-8"),
            Self::UnknownPrimitive(n) => write!(f, "unknown PrimitiveType number {n}"),
            Self::MissingOneof(name) => write!(f, "oneof `{name}` is not set"),
            Self::MissingField(name) => write!(f, "required field `{name}` is not set"),
        }
    }
}

impl Error {
    pub(crate) fn json_syntax(e: serde_json::Error) -> Self {
        Self(Box::new(ErrorKind::JsonSyntax(e)))
    }

    pub(crate) fn json(path: String, problem: impl Into<String>) -> Self {
        Self(Box::new(ErrorKind::Json {
            path,
            problem: problem.into(),
        }))
    }

    pub(crate) fn binary(offset: usize, message: &'static str, problem: BinaryProblem) -> Self {
        Self(Box::new(ErrorKind::Binary {
            offset,
            message,
            problem,
        }))
    }

    /// For a binary bundle error, the byte offset in the input where the problem was found.
    pub fn byte_offset(&self) -> Option<usize> {
        match &*self.0 {
            ErrorKind::Binary { offset, .. } => Some(*offset),
            _ => None,
        }
    }

    /// For a JSON error in a well-formed JSON document, the path of the offending value
    /// (`$.schemaFiles[0].package.name`).
    pub fn json_path(&self) -> Option<&str> {
        match &*self.0 {
            ErrorKind::Json { path, .. } => Some(path),
            _ => None,
        }
    }

    /// For a JSON syntax error, the 1-based line and column where parsing failed.
    pub fn line_column(&self) -> Option<(usize, usize)> {
        match &*self.0 {
            ErrorKind::JsonSyntax(e) => Some((e.line(), e.column())),
            _ => None,
        }
    }

    /// Whether the error came from reading bundle JSON (syntax or structure).
    pub fn is_json(&self) -> bool {
        matches!(&*self.0, ErrorKind::JsonSyntax(_) | ErrorKind::Json { .. })
    }

    /// Whether the error came from decoding a binary bundle.
    pub fn is_binary(&self) -> bool {
        matches!(&*self.0, ErrorKind::Binary { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_error_names_offset_and_message() {
        let e = Error::binary(42, "SchemaFile", BinaryProblem::TruncatedVarint);
        assert_eq!(e.byte_offset(), Some(42));
        assert!(e.is_binary() && !e.is_json());
        assert_eq!(
            e.to_string(),
            "binary bundle at byte 42 (in SchemaFile): varint runs past the end of the data"
        );
    }

    #[test]
    fn json_error_names_path() {
        let e = Error::json("$.schemaFiles[0]".into(), "expected an object");
        assert_eq!(e.json_path(), Some("$.schemaFiles[0]"));
        assert_eq!(e.byte_offset(), None);
        assert_eq!(
            e.to_string(),
            "bundle JSON at $.schemaFiles[0]: expected an object"
        );
    }

    #[test]
    fn error_is_small() {
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }
}
