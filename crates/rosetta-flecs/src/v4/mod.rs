//! Flecs v4.1.6's JSON.

pub mod iter;
mod iter_names;
mod iter_plan;
mod iter_table;
mod query_info;
pub use iter::{iter_to_json, IterDesc};
