//! What happened to each value: the result codes as O3DE combines them ([`result`]), the
//! reporter that hears of every value that was not a plain result ([`reporter`]), and the walk's
//! context that keeps the current JSON Pointer, reports, and stops ([`context`]).

pub(crate) mod context;
pub(crate) mod reporter;
pub(crate) mod result;
