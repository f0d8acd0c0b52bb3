//! Entities: names and paths, hierarchy, inheritance, deletion, doc strings, toggles.

pub(crate) mod name_index;
pub mod names;
mod relations;

pub use relations::DocKind;
