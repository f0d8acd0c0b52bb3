//! The crate's one error type.

use std::fmt;

/// Why schema data could not be written as JSON or read from it, and where: a JSON Pointer
/// (RFC 6901) to the value concerned, in the JSON document on a load and in the JSON that would
/// have been written on a dump; or a line and column when the text is not JSON at all.
///
/// ```
/// use rosetta_json::Error;
/// fn show(error: &Error) -> String {
///     format!("{error} [{}]", error.path().unwrap_or("-"))
/// }
/// # let _ = show;
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}{}", self.0.kind, self.place())]
pub struct Error(Box<Inner>);

/// Boxed so that an error is one pointer: every `Result` on the hot paths of reading and writing
/// stays small, and only a failure pays for the allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    path: Option<String>,
    line_column: Option<(usize, usize)>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ErrorKind {
    /// The JSON value does not fit the schema type, or the data does not fit its type.
    Data(String),
    /// The schema registry lacks something the caller named (a type, component, command).
    Schema(String),
    /// The text is not JSON.
    Syntax(String),
    /// The wire data could not be read.
    Wire(String),
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Data(message) | ErrorKind::Schema(message) => f.write_str(message),
            ErrorKind::Syntax(message) => write!(f, "invalid JSON: {message}"),
            ErrorKind::Wire(message) => write!(f, "invalid wire data: {message}"),
        }
    }
}

impl Error {
    /// An error about the value at a JSON Pointer.
    pub(crate) fn at(path: String, message: impl Into<String>) -> Self {
        Error(Box::new(Inner {
            kind: ErrorKind::Data(message.into()),
            path: Some(path),
            line_column: None,
        }))
    }

    /// An error about the schema (nothing to point at in the data).
    /// A data error whose place is not known yet (from serde's `custom`): the serializer puts
    /// the path in front as it returns ([`Error::under`]), the deserializer adds where it was
    /// ([`Error::locate`]).
    pub(crate) fn custom(message: impl Into<String>) -> Self {
        Error(Box::new(Inner {
            kind: ErrorKind::Data(message.into()),
            path: None,
            line_column: None,
        }))
    }

    /// The same error one step further down: `segment` (a member name or an index) goes in
    /// front of the JSON Pointer.
    #[cold]
    pub(crate) fn under(mut self, segment: &str) -> Self {
        let mut path = String::new();
        crate::text::pointer::push_pointer(&mut path, segment);
        path.push_str(self.0.path.as_deref().unwrap_or_default());
        self.0.path = Some(path);
        self
    }

    /// [`Error::under`] an index.
    #[cold]
    pub(crate) fn under_index(self, index: usize) -> Self {
        self.under(itoa::Buffer::new().format(index))
    }

    /// An error about a value without a path yet is about the whole document.
    #[cold]
    pub(crate) fn or_at_root(self) -> Self {
        self.locate(String::new)
    }

    /// Gives an error that says nowhere the JSON Pointer `path`.
    pub(crate) fn locate(mut self, path: impl FnOnce() -> String) -> Self {
        if self.0.path.is_none() && self.0.line_column.is_none() {
            self.0.path = Some(path());
        }
        self
    }

    pub(crate) fn schema(message: impl Into<String>) -> Self {
        Error(Box::new(Inner {
            kind: ErrorKind::Schema(message.into()),
            path: None,
            line_column: None,
        }))
    }

    /// An error from the wire layer, at a JSON Pointer.
    pub(crate) fn wire(path: String, error: &rosetta_wire::Error) -> Self {
        // A wire error that says where (a byte offset, a path) says it once.
        let placed = error.byte_offset().is_some() || error.path().is_some();
        Error(Box::new(Inner {
            kind: ErrorKind::Wire(error.to_string()),
            path: (!placed).then_some(path),
            line_column: None,
        }))
    }

    /// The JSON text could not be parsed, or (read as a
    /// [`UniqueValue`](rosetta_wire::json_input::UniqueValue)) has an object with two members of
    /// one name, which is no syntax error.
    pub(crate) fn syntax(error: &serde_json::Error) -> Self {
        // serde_json's message ends with " at line L column C"; the position is kept apart.
        let message = error.to_string();
        let message = match message.rfind(" at line ") {
            Some(at) => message[..at].to_owned(),
            None => message,
        };
        let kind = if rosetta_wire::json_input::is_duplicate_member(error) {
            ErrorKind::Data(message)
        } else {
            ErrorKind::Syntax(message)
        };
        Error(Box::new(Inner {
            kind,
            path: None,
            line_column: Some((error.line(), error.column())),
        }))
    }

    /// The text is not JSON: `message` at a 1-based line and column.
    pub(crate) fn syntax_at(message: impl Into<String>, line: usize, column: usize) -> Self {
        Error(Box::new(Inner {
            kind: ErrorKind::Syntax(message.into()),
            path: None,
            line_column: Some((line, column)),
        }))
    }

    /// The JSON Pointer of the value concerned, when the problem is about a value (`""` is the
    /// whole document).
    pub fn path(&self) -> Option<&str> {
        self.0.path.as_deref()
    }

    /// The 1-based line and column in the JSON text, when the text is not valid JSON (or has an
    /// object with two members of one name).
    pub fn line_column(&self) -> Option<(usize, usize)> {
        self.0.line_column
    }

    /// Whether the problem is with the schema (an unknown type, component or command) rather
    /// than with the data.
    pub fn is_schema_error(&self) -> bool {
        matches!(self.0.kind, ErrorKind::Schema(_))
    }

    /// The same error as a `rosetta-wire` error (for a [`ComponentJson`] codec), keeping the
    /// path apart so that the snapshot can put the component's place in front of it.
    ///
    /// [`ComponentJson`]: rosetta_wire::snapshot::ComponentJson
    pub(crate) fn into_wire(self) -> rosetta_wire::Error {
        match (&self.0.path, &self.0.line_column) {
            (Some(path), None) => {
                rosetta_wire::Error::custom_at(self.0.kind.to_string(), path.clone())
            }
            _ => rosetta_wire::Error::custom(self.to_string()),
        }
    }

    fn place(&self) -> String {
        match (&self.0.line_column, &self.0.path) {
            (Some((line, column)), _) => format!(" at line {line} column {column}"),
            (None, Some(path)) if path.is_empty() => " (at the document root)".to_owned(),
            (None, Some(path)) => format!(" (at {path})"),
            (None, None) => String::new(),
        }
    }
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Errors of `Serialize` impls (`S::Error::custom`), for [`crate::o3de::serde`].
impl serde::ser::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::custom(message.to_string())
    }
}

/// Errors of `Deserialize` impls (`D::Error::custom`), for [`crate::o3de::serde`].
impl serde::de::Error for Error {
    fn custom<T: fmt::Display>(message: T) -> Self {
        Error::custom(message.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_say_where() {
        let e = Error::at("/coords/x".into(), "expected a number, found a string");
        assert_eq!(
            e.to_string(),
            "expected a number, found a string (at /coords/x)"
        );
        assert_eq!(e.path(), Some("/coords/x"));
        let root = Error::at(String::new(), "expected an object");
        assert_eq!(
            root.to_string(),
            "expected an object (at the document root)"
        );
        let syntax = serde_json::from_str::<serde_json::Value>("{\n  \"a\": }")
            .map_err(|e| Error::syntax(&e))
            .unwrap_err();
        assert_eq!(syntax.line_column(), Some((2, 8)));
        assert!(syntax.to_string().starts_with("invalid JSON: "), "{syntax}");
        assert!(
            syntax.to_string().ends_with(" at line 2 column 8"),
            "{syntax}"
        );
        assert!(Error::schema("no type `a.B`").is_schema_error());
        assert_eq!(std::mem::size_of::<Error>(), std::mem::size_of::<usize>());
    }
}
