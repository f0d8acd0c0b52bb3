//! The crate's one error type.

use thiserror::Error;

/// Everything that can go wrong in a world or while loading a world script.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum Error {
    /// An entity id that is not alive (deleted, or never created).
    #[error("entity {0} is not alive")]
    NotAlive(u64),
    /// A path that names no entity.
    #[error("no entity at path '{0}'")]
    NotFound(String),
    /// A name or path that cannot be used (empty, or an id that cannot be made alive).
    #[error("invalid name '{name}': {reason}")]
    InvalidName {
        /// The name as given.
        name: String,
        /// Why it is refused.
        reason: &'static str,
    },
    /// An id that cannot be added (0, a wildcard, a pair with a dead element, ...).
    #[error("invalid id {id:#x}: {reason}")]
    InvalidId {
        /// The id.
        id: u64,
        /// Why it is refused.
        reason: &'static str,
    },
    /// A component value that does not fit the component's type.
    #[error("value does not fit component '{component}': {reason}")]
    BadValue {
        /// The component's path.
        component: String,
        /// What is wrong.
        reason: String,
    },
    /// An entity that would become its own parent or ancestor (`ChildOf` cycle).
    #[error("'{entity}' cannot be a child of '{parent}': it is '{parent}' or one of its ancestors (a ChildOf cycle)")]
    Cycle {
        /// The entity that was to get the parent.
        entity: String,
        /// The parent refused.
        parent: String,
    },
    /// An entity that may not be deleted: a builtin of Flecs, or one with `(OnDelete, Panic)`.
    #[error("cannot delete '{entity}': {reason}")]
    Protected {
        /// The protected entity (the one deleted, or a descendant that would go with it).
        entity: String,
        /// Why it is protected.
        reason: &'static str,
    },
    /// A type definition that cannot be registered.
    #[error("type '{name}': {reason}")]
    BadType {
        /// The type's path (or `<anonymous>`).
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// A world-script operation that failed: which one (its index and JSON Pointer) and why.
    #[error("world script op {index} ({pointer}): {reason}")]
    Script {
        /// The index of the operation in its list.
        index: usize,
        /// JSON Pointer to the operation (or to the part of it at fault).
        pointer: String,
        /// Why it failed.
        reason: String,
    },
    /// A query search stopped by its step limit ([`crate::Query::each_bounded`]).
    #[error(
        "the query took more than {0} search steps and was stopped (wildcard terms multiply: \
         narrow the query or raise the limit)"
    )]
    QueryBudget(u64),
    /// A world script that is not JSON (or not an array).
    #[error("world script is not valid JSON: {0}")]
    Json(String),
    /// A snapshot (or its schema) that cannot be loaded into a world: the file, where in it
    /// and why ([`LoadError`], boxed to keep results small).
    #[error("{0}")]
    Load(Box<LoadError>),
}

/// Where and why a snapshot could not be loaded: the file, the entity record, entity id,
/// component and JSON Pointer when known (all said in `message` too).
#[derive(Debug, Error, Clone, PartialEq)]
#[error("{file}: {message}")]
pub struct LoadError {
    /// The file (or `<stdin>`, or a caller's name for the input).
    pub file: String,
    /// The 0-based index of the entity record in the file.
    pub record: Option<u64>,
    /// The SpatialOS entity id.
    pub entity: Option<i64>,
    /// The component's qualified schema name.
    pub component: Option<String>,
    /// JSON Pointer of the value, as a JSON snapshot has it (`/game.Player/stats/0`).
    pub pointer: Option<String>,
    /// What went wrong, with where.
    pub message: String,
}

/// Results of this crate.
pub type Result<T> = std::result::Result<T, Error>;
