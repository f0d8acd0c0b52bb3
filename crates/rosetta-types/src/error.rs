//! The crate's one error type: an opaque [`Error`] over a private kind, with the path (a JSON
//! Pointer) of the value where a check failed.

use std::fmt;

/// A `Result` whose error is this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong in this crate: building a registry (duplicate names or ids,
/// references to unknown types, types declared and never defined, inheritance cycles), making a
/// default value (a type that contains itself) and checking a value against a type (with the path
/// of the offending value, see [`Error::path`]).
///
/// ```
/// use rosetta_types::{validate, TypeId, TypeRegistry, Value};
/// let registry = TypeRegistry::new();
/// let err = validate(&registry, TypeId::INT32, &Value::from("x")).unwrap_err();
/// assert_eq!(err.to_string(), "expected int32, found string");
/// ```
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Error(Box<Inner>);

/// The error's contents, boxed so that `Result<T, Error>` stays small.
#[derive(Debug, thiserror::Error)]
#[error("{}{kind}", PathPrefix(.path))]
struct Inner {
    kind: ErrorKind,
    /// Path segments from the innermost outwards (pushed while the error unwinds).
    path: Vec<Segment>,
}

#[derive(Debug, thiserror::Error)]
pub(crate) enum ErrorKind {
    #[error("duplicate type name `{0}`")]
    DuplicateName(Box<str>),
    #[error("component id {id} is already used by `{existing}`")]
    DuplicateComponentId { id: u32, existing: Box<str> },
    #[error("invalid {what} {number}: it goes from 1 to {max}")]
    InvalidNumber {
        what: &'static str,
        number: u32,
        max: u32,
    },
    #[error("duplicate {what} `{name}`")]
    Duplicate { what: &'static str, name: Box<str> },
    #[error("type `{0}` is already defined")]
    AlreadyDefined(Box<str>),
    #[error("type `{0}` was declared but never defined")]
    Undefined(Box<str>),
    #[error("{context} refers to unknown type id {id}")]
    UnknownTypeId { context: Box<str>, id: u32 },
    #[error("inheritance cycle through `{0}`")]
    InheritanceCycle(Box<str>),
    #[error("expected {expected}, found {found}")]
    Mismatch {
        expected: Box<str>,
        found: &'static str,
    },
    #[error("expected {expected} elements, found {found}")]
    Length { expected: usize, found: usize },
    #[error("{value} is not a constant of `{ty}`")]
    UnknownConstant { value: i64, ty: Box<str> },
    #[error("{value} does not fit {repr}")]
    OutOfRange { value: i64, repr: &'static str },
    #[error("no component has id {0}")]
    UnknownComponent(u32),
    #[error("`{actual}` is not `{base}` or derived from it")]
    NotSubtype { actual: Box<str>, base: Box<str> },
    #[error("values are nested deeper than {0} levels")]
    TooDeep(usize),
    /// More object levels than [`MAX_NESTING`](crate::MAX_NESTING); says it as every format does.
    #[error("{}", crate::nesting::too_deep_message())]
    TooManyObjectLevels,
    #[error(
        "`{0}` contains itself outside an option, list, set or map, so it has no finite default"
    )]
    RecursiveDefault(Box<str>),
}

/// One step of a value path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Segment {
    /// A struct field, by name.
    Field(Box<str>),
    /// A sequence element, map entry or tuple slot, by position.
    Index(usize),
    /// The key of a map entry.
    Key,
    /// The value of a map entry.
    Value,
    /// A component of an entity, by component id.
    Component(u32),
}

impl Error {
    #[cold]
    pub(crate) fn new(kind: ErrorKind) -> Self {
        Error(Box::new(Inner {
            kind,
            path: Vec::new(),
        }))
    }

    /// Adds an outer path segment (the error is unwinding towards the root).
    #[cold]
    pub(crate) fn at(mut self, segment: Segment) -> Self {
        self.0.path.push(segment);
        self
    }

    /// The JSON Pointer (RFC 6901) of the value where a check failed, `""` for the root or for an
    /// error that is not about a value. Struct fields are named, sequence elements, tuple slots and
    /// map entries are numbered, a map entry continues with `key` or `value`, and an entity's
    /// component is its component id.
    ///
    /// ```
    /// use rosetta_types::{validate, Field, Kind, StructType, TypeDef, TypeId, TypeRegistry, Value};
    /// let mut builder = TypeRegistry::builder();
    /// let map = builder.map(TypeId::STRING, TypeId::INT32);
    /// let fields = StructType::new([Field::new("scores", map)]).unwrap();
    /// let ty = builder.add("game.Board", Kind::Struct(fields)).unwrap();
    /// let registry = builder.build().unwrap();
    /// let value = Value::structure([Value::map([(Value::from("ann"), Value::from(true))])]);
    /// let err = validate(&registry, ty, &value).unwrap_err();
    /// assert_eq!(err.path(), "/scores/0/value");
    /// ```
    pub fn path(&self) -> String {
        render_path(&self.0.path)
    }
}

/// Renders segments stored innermost first as a JSON Pointer.
fn render_path(segments: &[Segment]) -> String {
    let mut out = String::new();
    for segment in segments.iter().rev() {
        out.push('/');
        match segment {
            Segment::Field(name) => {
                for c in name.chars() {
                    match c {
                        '~' => out.push_str("~0"),
                        '/' => out.push_str("~1"),
                        c => out.push(c),
                    }
                }
            }
            Segment::Index(i) => out.push_str(&i.to_string()),
            Segment::Key => out.push_str("key"),
            Segment::Value => out.push_str("value"),
            Segment::Component(id) => out.push_str(&id.to_string()),
        }
    }
    out
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error::new(kind)
    }
}

/// Renders `at /a/b: ` before the message when the path is not empty.
struct PathPrefix<'a>(&'a [Segment]);

impl fmt::Display for PathPrefix<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return Ok(());
        }
        write!(f, "at {}: ", render_path(self.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn path_is_rendered_outermost_first_and_escaped() {
        let err = Error::new(ErrorKind::UnknownComponent(7))
            .at(Segment::Key)
            .at(Segment::Index(3))
            .at(Segment::Field("a/b~c".into()))
            .at(Segment::Component(54));
        assert_eq!(err.path(), "/54/a~1b~0c/3/key");
        assert_eq!(
            err.to_string(),
            "at /54/a~1b~0c/3/key: no component has id 7"
        );
    }

    #[test]
    fn root_errors_have_no_prefix() {
        let err = Error::new(ErrorKind::DuplicateName("a.B".into()));
        assert_eq!(err.path(), "");
        assert_eq!(err.to_string(), "duplicate type name `a.B`");
    }
}
