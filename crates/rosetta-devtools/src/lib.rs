//! Checks that the workspace's crates run in their own tests; a dev-dependency only, never
//! built into a user's program.
//!
//! - [`imports`]: a crate's files import one way. [`imports::assert_one_way`] reads the
//!   file-level import graph of a crate's `src/` and fails, naming the cycle, when a file
//!   imports (through any chain of others) a file that imports it. Each crate's
//!   `tests/imports.rs` calls it:
//!
//! ```no_run
//! rosetta_devtools::imports::assert_one_way(env!("CARGO_MANIFEST_DIR"));
//! ```
//!
//! - [`timing`]: contenders timed in turns ([`timing::in_turns`]) for the benchmarks' ratio
//!   tables, so that both sides of a ratio meet the same noise.
//! - `corpus` (feature `corpus`): the SpatialOS corpus' schema roots and compile plans.
//! - `parquet` (feature `parquet`): a Parquet file made to be damaged one byte at a time.
#![deny(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "corpus")]
pub mod corpus;
pub mod imports;
#[cfg(feature = "parquet")]
pub mod parquet;
pub mod timing;
