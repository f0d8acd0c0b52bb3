//! The crate's one error type: what the C functions report through `Schema_GetError`,
//! `Schema_Bundle_GetError`, `Schema_Json_GetLastError` and the error callback.

/// Why a call failed.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A pointer argument was NULL where the call needs one.
    #[error("`{0}` is NULL")]
    Null(String),
    /// A string argument is not UTF-8.
    #[error("`{0}` is not UTF-8")]
    NotUtf8(String),
    /// A field was read as a type it does not hold.
    #[error("field {id} holds no {family} value")]
    WrongType {
        /// The field id.
        id: u32,
        /// The family asked for (`Float`, `Bytes`, `Object`).
        family: &'static str,
    },
    /// `Schema_SerializeToBuffer` was given a length other than the object's.
    #[error(
        "the buffer has {given} bytes, the object takes {needed} (Schema_GetWriteBufferLength)"
    )]
    BufferLength {
        /// The length given.
        given: u32,
        /// The object's length.
        needed: usize,
    },
    /// An object larger than a `uint32_t` length can say.
    #[error("the object takes {0} bytes, more than 4 GiB")]
    TooLarge(usize),
    /// The bundle failed to load.
    #[error("the schema bundle did not load: {0}")]
    BadBundle(String),
    /// The bundle has no such component.
    #[error("the schema bundle has no component with id {0}")]
    NoComponent(u32),
    /// The bundle has no such type.
    #[error("the schema bundle has no type `{0}`")]
    NoType(String),
    /// An object past `rosetta_types::MAX_NESTING`: what a call would have added or read.
    #[error(
        "{} ({call} on an object at level {level})",
        rosetta_types::too_deep_message()
    )]
    TooDeep {
        /// The C function.
        call: &'static str,
        /// The level of the object it was called on.
        level: usize,
    },
    /// Wire bytes that do not read.
    #[error(transparent)]
    Wire(#[from] rosetta_wire::Error),
    /// JSON that does not load or dump.
    #[error(transparent)]
    Json(#[from] rosetta_json::Error),
}
