//! The options of the mapping and the metadata keys it writes.

/// The keys of the metadata Rosetta writes on Arrow fields and schemas.
pub mod meta {
    /// On a field: the name of its type in the schema (a qualified type name, or an integer's
    /// schema name such as `sint32`).
    pub const TYPE: &str = "rosetta.type";
    /// On a table: the qualified name of the component it holds.
    pub const COMPONENT: &str = "rosetta.component";
    /// On a table: the id of the component it holds.
    pub const COMPONENT_ID: &str = "rosetta.component_id";
    /// On a table of something other than component data: what its rows are (`update`,
    /// `event`, `request`, `response`).
    pub const ROWS: &str = "rosetta.rows";
}

/// Choices in how schema data becomes Arrow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ArrowOptions {
    /// Enums as their numbers, not as dictionary-encoded names.
    pub enum_as_int: bool,
}
