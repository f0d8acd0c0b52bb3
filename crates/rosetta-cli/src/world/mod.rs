//! `rosetta world …`: a Flecs world loaded from a world script, a SpatialOS snapshot or Flecs
//! world JSON, one file a subcommand (`main.rs` dispatches to each `run`).
//!
//! The order of imports, top to bottom: the subcommands ([`info`], [`query`], [`json`] for
//! `world entity` and `world query --json`, [`convert`]), then [`load`], which loads a WORLD for
//! all of them and for `rosetta serve` and imports no command. Their arguments are in
//! `crate::cli`, their help texts in `crate::help`.

pub mod convert;
pub mod info;
pub mod json;
pub mod load;
pub mod query;
pub mod v4;
