//! How the world JSON reader reads, and what it says it read.

/// `ecs_from_json_desc_t`: how [`world_from_json`](super::world_from_json) reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FromJsonDesc {
    /// A column that cannot be read (no reflection, a value of the wrong form) is an error;
    /// off (v3.2.12's default), it is skipped and reported in [`Report::skipped`].
    pub strict: bool,
}

/// What [`world_from_json`](super::world_from_json) read.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// Results (tables) read.
    pub results: usize,
    /// Entities placed (an entity listed twice counts twice).
    pub entities: usize,
    /// Columns whose values were not read, the first of each id.
    pub skipped: Vec<Skipped>,
}

/// A column whose values were not read (without [`FromJsonDesc::strict`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The id, as the world prints it (`Position`, `(Likes,Apples)`).
    pub id: String,
    /// JSON Pointer of the first such column (or of its bad value).
    pub pointer: String,
    /// Why.
    pub reason: String,
}
