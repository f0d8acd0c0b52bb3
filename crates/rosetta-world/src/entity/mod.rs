//! Entities: names and paths, hierarchy, inheritance, deletion, doc strings, toggles.

pub mod names;
mod relations;

pub use relations::DocKind;
