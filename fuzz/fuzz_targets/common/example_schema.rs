//! The example game's schema (`examples/schema`, with the standard library it imports),
//! compiled once, for the targets that read schema data.

use std::sync::OnceLock;

use rosetta_schema::{compile_sources, Schema, SourceFile};

/// The compiled example schema.
pub fn schema() -> &'static Schema {
    static SCHEMA: OnceLock<Schema> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        let file = |path: &str, text: &str| SourceFile {
            canonical_path: path.into(),
            text: text.into(),
        };
        let files = vec![
            file(
                "improbable/standard_library.schema",
                include_str!("../../../schema/improbable/standard_library.schema"),
            ),
            file(
                "improbable/restricted/system_components.schema",
                include_str!("../../../schema/improbable/restricted/system_components.schema"),
            ),
            file(
                "improbable/vector3.schema",
                include_str!("../../../schema/improbable/vector3.schema"),
            ),
            file(
                "game/common.schema",
                include_str!("../../../examples/schema/game/common.schema"),
            ),
            file(
                "game/player.schema",
                include_str!("../../../examples/schema/game/player.schema"),
            ),
            file(
                "game/world.schema",
                include_str!("../../../examples/schema/game/world.schema"),
            ),
        ];
        let compiled = compile_sources(files).expect("the example schema compiles");
        Schema::from_bundle(compiled.bundle()).expect("a usable schema")
    })
}
