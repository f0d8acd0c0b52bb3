//! Audit of the O3DE JSON rules against the documentation page (`shared/seeds/001_*.txt`, "the
//! page") and the engine (`shared/research/o3de.md`, "o3de.md", and the engine sources it cites),
//! for what the corpus (`shared/corpus/o3de/json_vectors.json`) does not cover.
//!
//! Where the page and the engine disagree the engine's behaviour is the default (o3de.md §9);
//! where Rosetta departs from the engine on purpose, the test says so.

mod classes;
mod colors_uuid;
mod containers;
mod docs;
mod enums;
mod helpers;
mod imports;
mod maps;
mod math;
mod patch;
mod results;
mod scalars;
