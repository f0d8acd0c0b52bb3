//! Name resolution and checking: the parsed files become the schema bundle model.

mod annotation;
mod component;
mod lower;
mod recursion;
mod symbols;

pub(crate) use lower::lower;
pub(crate) use symbols::Symbols;
