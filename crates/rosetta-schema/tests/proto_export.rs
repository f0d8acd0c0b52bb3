//! `.proto` export: the exported files compile with protox, and SpatialOS wire bytes decode
//! through them with no unknown fields.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proptest::prelude::*;
use prost_reflect::prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, ReflectMessage, Value};
use protox::file::{File, FileResolver};
use rosetta_schema::bundle::SchemaBundle;
use rosetta_schema::{compile, compile_sources, proto_files, CompileOptions, SourceFile};

/// Resolves `.proto` files from memory.
struct Memory(BTreeMap<String, String>);

impl FileResolver for Memory {
    fn open_file(&self, name: &str) -> Result<File, protox::Error> {
        match self.0.get(name) {
            Some(text) => File::from_source(name, text),
            None => Err(protox::Error::file_not_found(name)),
        }
    }
}

/// Compiles the exported files with protox.
fn protox_pool(files: &[(String, String)]) -> Result<DescriptorPool, String> {
    let memory = Memory(files.iter().cloned().collect());
    let mut compiler = protox::Compiler::with_file_resolver(memory);
    match compiler.open_files(files.iter().map(|(path, _)| path)) {
        Ok(_) => Ok(compiler.descriptor_pool()),
        Err(error) => {
            let text: Vec<String> = files.iter().map(|(p, t)| format!("== {p}\n{t}")).collect();
            Err(format!("{error:?}\n{}", text.join("\n")))
        }
    }
}

fn export_and_check(bundle: &SchemaBundle) -> DescriptorPool {
    let files = proto_files(bundle);
    assert_eq!(
        files.len(),
        bundle.schema_files.len() + 1,
        "plus rosetta/entity.proto"
    );
    protox_pool(&files).unwrap_or_else(|error| panic!("{error}"))
}

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn example_pool() -> DescriptorPool {
    let root = workspace();
    let options = CompileOptions {
        schema_paths: vec![root.join("schema"), root.join("examples/schema")],
        load_all: true,
        files: vec![],
    };
    match compile(&options) {
        Ok(compiled) => export_and_check(compiled.bundle()),
        Err(diagnostics) => panic!("{}", diagnostics.render(false)),
    }
}

/// Fails if the message or any message inside it kept unknown fields.
fn assert_no_unknown_fields(message: &DynamicMessage) {
    let name = message.descriptor().full_name().to_string();
    assert_eq!(
        message.unknown_fields().count(),
        0,
        "unknown fields in {name}"
    );
    let values = message
        .fields()
        .map(|(_, v)| v)
        .chain(message.extensions().map(|(_, v)| v));
    for value in values {
        match value {
            Value::Message(inner) => assert_no_unknown_fields(inner),
            Value::List(items) => items
                .iter()
                .filter_map(Value::as_message)
                .for_each(assert_no_unknown_fields),
            _ => {}
        }
    }
}

#[test]
fn example_schema_exports_and_compiles() {
    let pool = example_pool();
    for name in [
        "improbable.Position",
        "improbable.Coordinates",
        "game.Player",
        "game.Player.StatsEntry",
        "game.world.SpawnPoint",
        "rosetta.Entity",
    ] {
        assert!(pool.get_message_by_name(name).is_some(), "{name}");
    }
    assert!(pool.get_enum_by_name("game.Team").is_some());
}

#[test]
fn spatialos_position_bytes_decode_with_no_unknown_fields() {
    let pool = example_pool();
    let position = pool
        .get_message_by_name("improbable.Position")
        .expect("improbable.Position");
    // Position (54) data as the SDK writes it: coords {x, y, z}, three doubles.
    let mut bytes = vec![0x0a, 0x1b];
    for (tag, value) in [(0x09u8, 1.5f64), (0x11, -2.0), (0x19, 1e6)] {
        bytes.push(tag);
        bytes.extend_from_slice(&value.to_le_bytes());
    }
    let decoded = DynamicMessage::decode(position.clone(), &bytes[..]).expect("decodes");
    assert_no_unknown_fields(&decoded);
    let coords = decoded.get_field_by_name("coords").expect("coords");
    let coords = coords.as_message().expect("a message");
    for (axis, expected) in [("x", 1.5), ("y", -2.0), ("z", 1e6)] {
        assert_eq!(
            coords.get_field_by_name(axis).as_deref(),
            Some(&Value::F64(expected))
        );
    }
    // The same component inside an entity, keyed by its component id (54 → tag `b2 03`).
    let entity = pool.get_message_by_name("rosetta.Entity").expect("entity");
    let mut entity_bytes = vec![0xb2, 0x03, bytes.len() as u8];
    entity_bytes.extend_from_slice(&bytes);
    let decoded = DynamicMessage::decode(entity, &entity_bytes[..]).expect("decodes");
    assert_no_unknown_fields(&decoded);
    let (extension, _) = decoded.extensions().next().expect("Position");
    assert_eq!(extension.number(), 54);
}

#[test]
fn prost_reflect_round_trip() {
    let pool = example_pool();
    let player = pool
        .get_message_by_name("game.Player")
        .expect("game.Player");
    let entry = pool
        .get_message_by_name("game.Player.StatsEntry")
        .expect("entry");
    let mut message = DynamicMessage::new(player.clone());
    message.set_field_by_name("name", Value::String("Ada".into()));
    message.set_field_by_name("team", Value::EnumNumber(2));
    message.set_field_by_name("target", Value::I64(42));
    message.set_field_by_name(
        "titles",
        Value::List(vec![Value::String("a".into()), Value::String("b".into())]),
    );
    let mut stat = DynamicMessage::new(entry);
    stat.set_field_by_name("key", Value::String("kills".into()));
    stat.set_field_by_name("value", Value::I64(-3));
    message.set_field_by_name("stats", Value::List(vec![Value::Message(stat)]));
    let bytes = message.encode_to_vec();
    // name = 1 is a length-delimited string, exactly as in schema data.
    assert_eq!(&bytes[..5], &[0x0a, 0x03, b'A', b'd', b'a']);
    let decoded = DynamicMessage::decode(player, &bytes[..]).expect("decodes");
    assert_no_unknown_fields(&decoded);
    assert_eq!(decoded, message);
}

fn corpus() -> Option<PathBuf> {
    let dir = workspace().join("../shared/corpus/spatialos");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: corpus not found at {}", dir.display());
        None
    }
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "schema") {
            out.push(path);
        }
    }
}

#[test]
fn gdk_exhaustive_test_schemas_export_and_compile() {
    let Some(corpus) = corpus() else {
        return;
    };
    let repo = corpus.join("gdk-for-unity@108fb14");
    let mut roots = vec![repo.join("test-project/Assets/.Schema")];
    for packages in [
        repo.join("test-project/Packages"),
        repo.join("workers/unity/Packages"),
    ] {
        let mut found: Vec<PathBuf> = std::fs::read_dir(&packages)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path().join(".schema"))
            .filter(|p| p.is_dir())
            .collect();
        found.sort();
        roots.extend(found);
    }
    let mut files = Vec::new();
    for root in &roots {
        collect(root, &mut files);
    }
    roots.push(workspace().join("schema"));
    let options = CompileOptions {
        schema_paths: roots,
        load_all: false,
        files,
    };
    let compiled = match compile(&options) {
        Ok(compiled) => compiled,
        Err(diagnostics) => panic!("{}", diagnostics.render(false)),
    };
    let pool = export_and_check(compiled.bundle());
    let exhaustive = pool
        .get_message_by_name("improbable.gdk.tests.ExhaustiveMapKey")
        .expect("exhaustive map key component");
    assert!(exhaustive.fields().count() >= 17);
}

/// Random small schemas: every field type and arity, maps with any key, enums starting
/// anywhere, names that clash in protobuf scopes, field numbers and component ids protobuf
/// forbids.
mod random {
    use super::*;

    const PRIMITIVES: [&str; 17] = [
        "int32", "int64", "uint32", "uint64", "sint32", "sint64", "fixed32", "fixed64", "sfixed32",
        "sfixed64", "bool", "float", "double", "string", "bytes", "EntityId", "Entity",
    ];
    const FIELD_NAMES: [&str; 14] = [
        "a",
        "x",
        "x_",
        "foo_bar",
        "fooBar",
        "Nested",
        "NestedKind",
        "NESTED_KIND_A",
        "message",
        "optional",
        "key",
        "NestedEntry",
        "value",
        "syntax",
    ];
    const FIELD_IDS: [u32; 10] = [1, 2, 3, 4, 5, 6, 19000, 19999, 20000, 536_870_911];
    const ENUM_STARTS: [u32; 6] = [0, 1, 7, 100, 2_147_483_647, 4_294_967_290];
    const COMPONENT_IDS: [u32; 8] = [
        1,
        54,
        1000,
        19000,
        19500,
        190_000,
        536_870_912,
        4_294_967_295,
    ];

    /// (name, id, arity 0..4, type, map key type)
    type Field = (usize, usize, u8, usize, usize);

    fn fields() -> impl Strategy<Value = Vec<Field>> {
        prop::collection::vec(
            (0..14usize, 0..10usize, 0..4u8, 0..40usize, 0..40usize),
            0..7,
        )
    }

    /// The type spellings a field of type `index` may use: singular fields only name earlier
    /// types (so no type contains itself), the rest any type.
    fn spelling(choice: usize, singular: bool, index: usize, types: usize, nested: bool) -> String {
        let user = 23 + if singular { index } else { types };
        match choice % user.max(1) {
            c @ 0..=16 => PRIMITIVES[c].to_string(),
            17 => "Foo".into(),
            18 => "FooBar".into(),
            19 | 20 if nested => "Nested".into(),
            21 | 22 if nested => "NestedKind".into(),
            19..=22 => "int32".into(),
            c => format!("T{}", (c - 23) % types.max(1)),
        }
    }

    fn field_lines(fields: &[Field], index: usize, types: usize, nested: bool) -> String {
        let mut out = String::new();
        let mut names = Vec::new();
        let mut ids = Vec::new();
        for &(name, id, arity, ty, key) in fields {
            if names.contains(&name) || ids.contains(&id) {
                continue;
            }
            names.push(name);
            ids.push(id);
            let value = spelling(ty, arity == 0, index, types, nested);
            let ty = match arity {
                0 => value,
                1 => format!("option<{value}>"),
                2 => format!("list<{value}>"),
                _ => format!(
                    "map<{}, {value}>",
                    spelling(key, false, index, types, nested)
                ),
            };
            out.push_str(&format!(
                "  {ty} {} = {};\n",
                FIELD_NAMES[name], FIELD_IDS[id]
            ));
        }
        out
    }

    fn enum_text(name: &str, start: usize, count: usize, alias: bool) -> String {
        let values = ["X", "BAR_X", "A", "a", "Zero"];
        let mut out = format!("enum {name} {{\n");
        for (i, value) in values.iter().take(count).enumerate() {
            let number = ENUM_STARTS[start].wrapping_add(if alias { 0 } else { i as u32 });
            out.push_str(&format!("  {value} = {number};\n"));
        }
        out + "}\n"
    }

    prop_compose! {
        fn schema()(
            package in prop::sample::select(vec!["p", "p.q", "message.optional"]),
            enums in prop::collection::vec((0..6usize, 1..5usize, any::<bool>()), 2),
            types in prop::collection::vec((fields(), any::<bool>()), 1..4),
            components in prop::collection::vec((0..8usize, fields(), 0..5usize), 0..3),
        ) -> String {
            let mut text = format!("package {package};\n");
            text += &enum_text("Foo", enums[0].0, enums[0].1, enums[0].2);
            text += &enum_text("FooBar", enums[1].0, enums[1].1, enums[1].2);
            let count = types.len();
            for (i, (fields, nested)) in types.iter().enumerate() {
                text += &format!("type T{i} {{\n");
                if *nested {
                    text += "  type Nested { int32 a = 1; }\n  enum NestedKind { A = 3; }\n";
                }
                text += &field_lines(fields, i, count, *nested);
                text += "}\n";
            }
            let mut ids = Vec::new();
            for (i, (id, fields, data)) in components.iter().enumerate() {
                if ids.contains(id) {
                    continue;
                }
                ids.push(*id);
                text += &format!("component C{i} {{\n  id = {};\n", COMPONENT_IDS[*id]);
                if *data < count {
                    text += &format!("  data T{data};\n");
                } else {
                    text += &field_lines(fields, count, count, false);
                }
                text += "}\n";
            }
            text
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_schemas_export_and_compile(text in schema()) {
            let compiled = compile_sources(vec![SourceFile {
                canonical_path: "p/random.schema".into(),
                text: text.clone(),
            }]);
            let compiled = match compiled {
                Ok(compiled) => compiled,
                Err(diagnostics) => panic!("{}\n{text}", diagnostics.render(false)),
            };
            let files = proto_files(compiled.bundle());
            if let Err(error) = protox_pool(&files) {
                panic!("{error}\nfrom\n{text}");
            }
        }
    }
}
