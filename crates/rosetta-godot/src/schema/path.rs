//! What the two directions of the schema mapping share: the keys of a Dictionary's special
//! entries, where in a value an error is ([`Path`], rendered only when one happens, and
//! [`SchemaError`]), and how deep a value is ([`Depth`]).

use std::fmt;

/// The key of the actual type in a polymorphic or `any` value's Dictionary.
pub const TYPE_KEY: &str = "$type";
/// The key of the value in a polymorphic or `any` value's Dictionary.
pub const VALUE_KEY: &str = "$value";
/// The key of the events in a component update's Dictionary.
pub const EVENTS_KEY: &str = "$events";

/// A schema value that does not map, with where it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct SchemaError {
    /// Where (`.field[2]`, empty for the root).
    pub path: String,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "at `{}`: {}", self.path, self.message)
        }
    }
}

pub(super) type Result<T, E = SchemaError> = std::result::Result<T, E>;

/// A step of a path, rendered only when an error happens.
#[derive(Clone, Copy)]
pub(super) enum Seg<'a> {
    Root,
    Field(&'a str),
    Index(usize),
    Key(usize),
    Component(u32),
    Dynamic,
}

#[derive(Clone, Copy)]
pub(super) struct Path<'a> {
    parent: Option<&'a Path<'a>>,
    seg: Seg<'a>,
}

impl<'a> Path<'a> {
    pub(super) const ROOT: Path<'static> = Path {
        parent: None,
        seg: Seg::Root,
    };

    pub(super) fn child(&'a self, seg: Seg<'a>) -> Path<'a> {
        Path {
            parent: Some(self),
            seg,
        }
    }

    pub(super) fn render(&self) -> String {
        let mut segs = Vec::new();
        let mut at = Some(self);
        while let Some(p) = at {
            segs.push(p.seg);
            at = p.parent;
        }
        let mut out = String::new();
        for seg in segs.iter().rev() {
            match seg {
                Seg::Root => {}
                Seg::Field(name) => {
                    out.push('.');
                    out.push_str(name);
                }
                Seg::Index(i) => out.push_str(&format!("[{i}]")),
                Seg::Key(i) => out.push_str(&format!("{{key {i}}}")),
                Seg::Component(id) => out.push_str(&format!("[component {id}]")),
                Seg::Dynamic => out.push_str(&format!(".{VALUE_KEY}")),
            }
        }
        out
    }

    pub(super) fn error(&self, message: impl Into<String>) -> SchemaError {
        SchemaError {
            path: self.render(),
            message: message.into(),
        }
    }
}

/// How deep a value is: in composites (Variant levels, bounded by the engine's own
/// [`MAX_DEPTH`](crate::variant::MAX_DEPTH)) and in objects (structs and entities, bounded by
/// [`MAX_NESTING`](rosetta_types::MAX_NESTING), as every format bounds them).
#[derive(Debug, Clone, Copy)]
pub(super) struct Depth {
    composites: usize,
    /// The objects the value is in.
    pub(super) objects: usize,
}

impl Depth {
    /// The root of a piece of data.
    pub(super) const ROOT: Depth = Depth {
        composites: 0,
        objects: 0,
    };

    /// The fields of a component update, in the update's object (level 1).
    pub(super) const UPDATE_FIELD: Depth = Depth {
        composites: 1,
        objects: 1,
    };

    /// A value inside this one.
    pub(super) fn down(self) -> Depth {
        Depth {
            composites: self.composites + 1,
            ..self
        }
    }

    /// The engine's limit on composites, checked at each value.
    pub(super) fn check(self, path: &Path<'_>) -> Result<()> {
        if self.composites > crate::variant::MAX_DEPTH {
            return Err(path.error(format!("nesting deeper than {}", crate::variant::MAX_DEPTH)));
        }
        Ok(())
    }

    /// The depth inside an object at `path`: one object level deeper, an error past the limit.
    pub(super) fn object(self, path: &Path<'_>) -> Result<Depth> {
        if self.objects >= rosetta_types::MAX_NESTING {
            return Err(path.error(rosetta_types::too_deep_message()));
        }
        Ok(Depth {
            objects: self.objects + 1,
            ..self
        })
    }
}
