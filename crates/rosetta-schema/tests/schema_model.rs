//! Compiled bundles lower into the shared type model with every component, field, event,
//! command, annotation and component set.

use std::path::Path;

use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::{Arity, AttrValue, Kind, TypeId};

#[test]
fn lowers_components_fields_events_commands_and_annotations() {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "game/player.schema".into(),
        text: r#"package game;
type Note { string text = 1; }
enum Team { RED = 1; BLUE = 2; }
type Stats { int32 hp = 1; option<float> shield = 2; list<string> tags = 3; map<uint32, Team> teams = 4; }
[Note("player")]
component Player { id = 1000; data Stats; event Note said; command Note ping(Stats); }
component Inline { id = 1001; sint64 x = 7; Entity e = 8; }
component_set Both { id = 5; components = [Inline, Player]; }
"#
        .into(),
    }])
    .unwrap_or_else(|d| panic!("{d}"));
    let schema = Schema::from_bundle(compiled.bundle()).expect("lowers");
    let registry = schema.registry();
    let player = registry.component(1000).expect("player");
    assert_eq!(player.qualified_name(), Some("game.Player"));
    let Kind::Struct(fields) = player.kind() else {
        panic!("struct")
    };
    assert_eq!(fields.field_by_number(2).map(|f| f.name()), Some("shield"));
    assert!(matches!(
        fields.field("shield").map(|f| f.arity()),
        Some(Arity::Option(_))
    ));
    assert!(matches!(
        fields.field("teams").map(|f| f.arity()),
        Some(Arity::Map(_, _))
    ));
    let info = player.component().expect("component info");
    assert_eq!(info.event(1).map(|e| e.name()), Some("said"));
    assert_eq!(info.command_by_name("ping").map(|c| c.index()), Some(1));
    assert_eq!(info.data_definition(), registry.lookup("game.Stats"));
    let note = player.meta().attribute("game.Note").expect("annotation");
    let AttrValue::Object(object) = &note.value else {
        panic!("object")
    };
    assert_eq!(
        object.field("text"),
        Some(&AttrValue::String("player".into()))
    );
    let inline = registry.component(1001).expect("inline");
    let Kind::Struct(fields) = inline.kind() else {
        panic!("struct")
    };
    assert_eq!(fields.field("x").map(|f| f.ty()), Some(TypeId::SINT64));
    assert_eq!(fields.field("e").map(|f| f.ty()), Some(TypeId::ENTITY));
    assert_eq!(
        schema.component_set(5).map(|s| s.components.clone()),
        Some(vec![1000, 1001])
    );
}

#[test]
fn lowers_the_real_exhaustive_bundles() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if !corpus.is_dir() {
        eprintln!("skipped: corpus not found at {}", corpus.display());
        return;
    }
    for fixture in [
        "gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenTemplate/CodeGenerationLib/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json",
        "gdk-for-unity@4473930/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenerator/CodeGeneration/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json",
    ] {
        let text = std::fs::read_to_string(corpus.join(fixture)).expect("fixture");
        let bundle = rosetta_schema::bundle::from_json(&text).expect("bundle JSON");
        let schema = Schema::from_bundle(&bundle).unwrap_or_else(|e| panic!("{fixture}: {e}"));
        // improbable.Position
        assert_eq!(schema.registry().component(54).and_then(|c| c.qualified_name()), Some("improbable.Position"));
    }
    let good =
        std::fs::read(corpus.join("spatialos-sdk-rs@93c53af/spatialos-sdk/resources/good_bundle"))
            .expect("good_bundle");
    let bundle = rosetta_schema::bundle::decode(&good).expect("binary bundle");
    let schema = Schema::from_bundle(&bundle).expect("lowers");
    assert!(schema.registry().component(54).is_some());
}
