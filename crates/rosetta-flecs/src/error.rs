//! The crate's error type.

use thiserror::Error;

/// What can go wrong writing or reading Flecs JSON.
#[derive(Debug, Error)]
pub enum Error {
    /// A value Flecs cannot serialize: an enum value without a constant, bitmask bits without
    /// a flag (Flecs' serializer returns NULL; the REST API answers 500).
    #[error("{0}")]
    Value(String),
    /// An entity that is not alive.
    #[error("entity {0} is not alive")]
    NotAlive(u64),
    /// Flecs JSON that cannot be read back, with where (byte offset or JSON Pointer).
    #[error("{0}")]
    Read(String),
    /// A world whose types cannot be written as a Flecs Script (a name that is no identifier).
    #[error("{0}")]
    Script(String),
    /// An error from the world.
    #[error(transparent)]
    World(#[from] rosetta_world::Error),
}

/// This crate's result.
pub type Result<T, E = Error> = std::result::Result<T, E>;
