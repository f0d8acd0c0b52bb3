//! The suites: one module per suite, each a function from a path to results in a [`Report`].
//!
//! A new suite is a module here and one line in [`SUITES`].

use std::path::Path;

use crate::report::Report;

pub mod arrow_snapshot;
pub mod flecs;
pub mod flecs4;
pub mod flecs_world;
pub mod godot;
pub mod o3de_json;
pub mod spatialos_schema;
pub mod spatialos_snapshot;

/// One conformance suite.
#[derive(Debug, Clone, Copy)]
pub struct Suite {
    /// The name given on the command line.
    pub name: &'static str,
    /// What PATH is and what is checked, for `--help`.
    pub about: &'static str,
    /// Runs the suite on PATH; `Err` is a setup problem (bad PATH), not a failed check.
    pub run: fn(&Path, &mut Report) -> Result<(), String>,
}

/// Every suite.
pub const SUITES: &[Suite] = &[
    Suite {
        name: "spatialos-schema",
        about: "DIR (shared/corpus/spatialos): every .schema file compiles, bundle and AST JSON \
                fixtures are reproduced; or one FILE.schema compiles",
        run: spatialos_schema::run,
    },
    Suite {
        name: "spatialos-snapshot",
        about: "FILE.snapshot or DIR (every *.snapshot under it): each reads and re-writes to \
                the same decompressed bytes",
        run: spatialos_snapshot::run,
    },
    Suite {
        name: "arrow-snapshot",
        about: "DIR (shared/corpus/spatialos) or FILE.snapshot: each snapshot whose repository's \
                schemas compile is exported as Parquet tables and imported back to the same \
                decompressed bytes",
        run: arrow_snapshot::run,
    },
    Suite {
        name: "godot3",
        about: "FILE.json or DIR (every godot3*.json; shared/corpus/godot): Godot 3 Variant \
                vectors re-encode byte-identical, decode tests succeed or fail as the engine did",
        run: godot::run_godot3,
    },
    Suite {
        name: "godot4",
        about: "FILE.json or DIR (every godot4*.json; shared/corpus/godot): Godot 4 Variant \
                vectors re-encode byte-identical, decode tests succeed or fail as the engine did",
        run: godot::run_godot4,
    },
    Suite {
        name: "o3de-json",
        about: "FILE (shared/corpus/o3de/json_vectors.json): O3DE JSON serialization vectors \
                store, load and patch as the engine does; vectors whose C++ type has no \
                equivalent in the shared model are listed as skipped, with the reason",
        run: o3de_json::run,
    },
    Suite {
        name: "flecs-world",
        about: "FILE (shared/corpus/flecs/v3_json_vectors.json): every iter and entity case's \
                setup loads as a world; queries give the same entities in the same order, with \
                the same ids, sources, is_set and variables per result; entities the same path \
                and ids",
        run: flecs_world::run,
    },
    Suite {
        name: "flecs",
        about: "FILE (shared/corpus/flecs/v3_json_vectors.json): every value, type_info, \
                entity, iter and iter_rows case written by rosetta-flecs on the world built \
                from its setup, byte for byte as Flecs v3.2.12 wrote it ({id:X} resolved)",
        run: flecs::run,
    },
    Suite {
        name: "flecs4",
        about: "FILE (crates/rosetta-conformance/data/flecs4.json): Flecs v4 query results, \
                entities and worlds written by real Flecs, against rosetta-flecs' v4 \
                serializers on the same world scripts, byte for byte (entity ids and timings \
                aside)",
        run: flecs4::run,
    },
];

/// The suite called `name`.
pub fn find(name: &str) -> Option<&'static Suite> {
    SUITES.iter().find(|suite| suite.name == name)
}
