//! The one nesting limit, `rosetta_types::MAX_NESTING` (100 object levels), through the
//! `rosetta` command: component data exactly that deep converts between every pair of formats
//! (wire, json-spatialos, json, godot3, godot4) and comes back the same, and so do updates,
//! command requests and snapshots, binary to JSON and back; one level deeper is refused by every
//! reader with the message its writer gives for the same data (`nesting deeper than 100 object
//! levels`, where, in the format's notation), and deep text that no schema data needs stops at
//! the JSON limit without overflowing the stack.

use std::path::PathBuf;
use std::process::{Command, Output};

use rosetta_godot::schema::Mapping;
use rosetta_godot::{decode, encode, DecodeOptions, Dictionary, EncodeOptions, Variant, Version};
use rosetta_json::{o3de, spatialos};
use rosetta_schema::{compile_sources, Schema, SourceFile};
use rosetta_types::{too_deep_message, MAX_NESTING};
use rosetta_wire::family::{Int32, Uint32};
use rosetta_wire::snapshot::{SnapshotEntity, SnapshotReader, SnapshotWriter};
use rosetta_wire::{typed, ComponentUpdate, Object};

/// A type that holds itself through an option, a list and a map, and a component around it.
const DEEP_SCHEMA: &str = "package deep;

type Node {
  option<Node> opt = 1;
  list<Node> items = 2;
  map<uint32, Node> by_id = 3;
  int32 leaf = 4;
}

component Deep {
  id = 4242;
  Node root = 1;
  event Node grew;
  command Node ask(Node);
}
";

const FORMATS: [&str; 5] = ["wire", "json-spatialos", "json", "godot3", "godot4"];

/// A directory with the schema in `schema/`, for the files of one test.
struct Dir(tempfile::TempDir);

impl Dir {
    fn new() -> Dir {
        let dir = tempfile::tempdir().expect("a temporary directory");
        std::fs::create_dir(dir.path().join("schema")).expect("schema dir");
        std::fs::write(dir.path().join("schema/deep.schema"), DEEP_SCHEMA).expect("schema");
        Dir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.path().join(name)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let path = self.path(name);
        std::fs::write(&path, bytes).expect("written");
        path
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.path(name)).expect("read")
    }

    /// `rosetta ARGS`, in the directory.
    fn run(&self, args: &[&str]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_rosetta"))
            .args(args)
            .current_dir(self.0.path())
            .output()
            .expect("rosetta runs")
    }

    /// `rosetta convert --schema_path schema ROOT --from FROM --to TO INPUT -o OUTPUT`.
    fn convert(&self, root: &[&str], from: &str, to: &str, input: &str, output: &str) -> Output {
        let mut args = vec!["convert", "--schema_path", "schema"];
        args.extend(root);
        args.extend(["--from", from, "--to", to, input, "-o", output]);
        self.run(&args)
    }
}

const DATA: [&str; 4] = ["--root", "data", "--component", "deep.Deep"];
const NODE: [&str; 4] = ["--root", "object", "--type", "deep.Node"];

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_ok(output: &Output, what: &str) {
    assert!(output.status.success(), "{what}: {}", stderr(output));
}

/// The message of a failed run (`error: FILE: MESSAGE`), after the file's name.
fn refusal(output: &Output, file: &str, what: &str) -> String {
    assert_eq!(output.status.code(), Some(1), "{what}: {}", stderr(output));
    let text = stderr(output);
    let prefix = format!("error: {file}: ");
    assert!(text.starts_with(&prefix), "{what}: {text}");
    text[prefix.len()..].trim_end().to_owned()
}

/// Whether the command's `message` is `expected`, whose long words (the JSON Pointer) the command
/// may have shortened in the middle (` … `).
fn says(message: &str, expected: &str) -> bool {
    match message.split_once(" … ") {
        None => message == expected,
        Some((head, tail)) => {
            expected.starts_with(head) && expected.ends_with(tail) && head.len() + tail.len() > 40
        }
    }
}

/// The node at level `first` of nodes nested down to level `last`: each level holds the next
/// in an option, a list element or a map value, in turn.
fn nodes_at(first: usize, last: usize) -> Object {
    let mut object = Object::new();
    object.add::<Int32>(4, last as i32);
    for level in (first..last).rev() {
        let mut outer = Object::new();
        match level % 3 {
            0 => *outer.add_object(1) = object,
            1 => *outer.add_object(2) = object,
            _ => {
                let entry = outer.add_object(3);
                entry.add::<Uint32>(1, level as u32);
                *entry.add_object(2) = object;
            }
        }
        outer.add::<Int32>(4, level as i32);
        object = outer;
    }
    object
}

/// `deep.Deep` data `levels` deep: the component's object, its root node, and the nodes below.
fn deep_data(levels: usize) -> Object {
    let mut data = Object::new();
    *data.add_object(1) = nodes_at(2, levels);
    data
}

fn schema() -> Schema {
    let compiled = compile_sources(vec![SourceFile {
        canonical_path: "deep.schema".into(),
        text: DEEP_SCHEMA.into(),
    }])
    .unwrap_or_else(|d| panic!("{d}"));
    Schema::from_bundle(compiled.bundle()).expect("lowers")
}

fn godot_version(format: &str) -> Version {
    if format == "godot3" {
        Version::Godot3
    } else {
        Version::Godot4
    }
}

#[test]
fn every_format_pair_round_trips_data_at_the_limit() {
    let dir = Dir::new();
    let data = deep_data(MAX_NESTING);
    dir.write("data.wire", &data.encode());
    for format in FORMATS {
        let out = format!("data.{format}");
        let run = dir.convert(&DATA, "wire", format, "data.wire", &out);
        assert_ok(&run, &format!("wire -> {format}"));
    }
    for from in FORMATS {
        for to in FORMATS {
            let (input, pair) = (format!("data.{from}"), format!("{from}-{to}"));
            let run = dir.convert(&DATA, from, to, &input, &pair);
            assert_ok(&run, &format!("{from} -> {to}"));
            let back = format!("{pair}.wire");
            let run = dir.convert(&DATA, to, "wire", &pair, &back);
            assert_ok(&run, &format!("{from} -> {to} -> wire"));
            let object = Object::decode(&dir.read(&back)).expect("wire bytes");
            assert_eq!(object, data, "{from} -> {to} -> wire");
        }
    }
}

#[test]
fn updates_and_command_requests_at_the_limit_go_through_every_format() {
    let dir = Dir::new();
    let mut update = ComponentUpdate::new();
    *update.fields_mut().add_object(1) = nodes_at(2, MAX_NESTING);
    *update.add_event(1) = nodes_at(1, MAX_NESTING);
    dir.write("update.wire", &update.encode());
    let request = nodes_at(1, MAX_NESTING);
    dir.write("request.wire", &request.encode());
    let update_root = ["--root", "update", "--component", "deep.Deep"];
    let request_root = [
        "--root",
        "request",
        "--component",
        "deep.Deep",
        "--command",
        "ask",
    ];
    for format in FORMATS {
        for (root, name) in [(&update_root[..], "update"), (&request_root[..], "request")] {
            let (there, back) = (format!("{name}.{format}"), format!("{name}.{format}.wire"));
            let run = dir.convert(root, "wire", format, &format!("{name}.wire"), &there);
            assert_ok(&run, &format!("{name} -> {format}"));
            let run = dir.convert(root, format, "wire", &there, &back);
            assert_ok(&run, &format!("{name} {format} -> wire"));
        }
        let back = ComponentUpdate::decode(&dir.read(&format!("update.{format}.wire")));
        assert_eq!(back.ok().as_ref(), Some(&update), "{format}");
        let back = Object::decode(&dir.read(&format!("request.{format}.wire")));
        assert_eq!(back.ok().as_ref(), Some(&request), "{format}");
    }
}

/// `deep.Deep` data one level past the limit in `format`: the text or bytes of the 100 nodes
/// below its root node (`node.FORMAT`, which the command writes), inside the root's.
fn wrapped(dir: &Dir, format: &str) -> Vec<u8> {
    let node = dir.read(&format!("node.{format}"));
    match format {
        "wire" => {
            // Field 1, length-delimited, of a length that takes two varint bytes or more.
            let mut bytes = vec![0x0a];
            let mut len = node.len();
            while len >= 0x80 {
                bytes.push((len as u8) | 0x80);
                len >>= 7;
            }
            bytes.push(len as u8);
            bytes.extend(node);
            bytes
        }
        "json-spatialos" | "json" => {
            let node = String::from_utf8(node).expect("UTF-8");
            format!("{{\"root\": {node}}}").into_bytes()
        }
        godot => {
            let version = godot_version(godot);
            let (variant, _) = decode(&node, &DecodeOptions::new(version)).expect("decodes");
            let root = Dictionary::untyped(vec![(Variant::String("root".into()), variant)]);
            encode(&root.into(), &EncodeOptions::new(version)).expect("encodes")
        }
    }
}

/// What the writer of `format` says about `data`, which it refuses.
fn writer_says(schema: &Schema, format: &str, data: &Object) -> String {
    let registry = schema.registry();
    let deep = registry.lookup("deep.Deep").expect("Deep");
    let refused = match format {
        "wire" => typed::check_nesting(registry, deep, data).map_err(|e| e.to_string()),
        "json-spatialos" => {
            let options = spatialos::DumpOptions::pretty();
            spatialos::object_to_string(registry, deep, data, &options)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        "json" => {
            let options = o3de::StoreOptions::pretty();
            o3de::store_object(registry, deep, data, &options, &mut o3de::Quiet)
                .map(drop)
                .map_err(|e| e.to_string())
        }
        godot => Mapping::new(registry, godot_version(godot))
            .object_to_variant(deep, data)
            .map(drop)
            .map_err(|e| e.to_string()),
    };
    refused.expect_err("the writer refuses")
}

#[test]
fn one_level_deeper_is_refused_by_every_reader_as_its_writer_refuses_it() {
    let dir = Dir::new();
    let schema = schema();
    let too_deep = deep_data(MAX_NESTING + 1);
    // The 100 nodes below the root node, in every format, as the command writes them.
    dir.write("node.wire", &nodes_at(2, MAX_NESTING + 1).encode());
    for format in FORMATS {
        let run = dir.convert(
            &NODE,
            "wire",
            format,
            "node.wire",
            &format!("node.{format}"),
        );
        assert_ok(&run, &format!("node -> {format}"));
    }
    for from in FORMATS {
        let written = writer_says(&schema, from, &too_deep);
        assert!(written.contains(&too_deep_message()), "{from}: {written}");
        let input = format!("deep.{from}");
        dir.write(&input, &wrapped(&dir, from));
        for to in FORMATS {
            let run = dir.convert(&DATA, from, to, &input, "out");
            let read = refusal(&run, &input, &format!("{from} -> {to}"));
            assert!(
                says(&read, &written),
                "{from} -> {to}: {read}\nwriter: {written}"
            );
        }
    }
    // The wire writer refuses it too, whatever the wire reader let through: given the bytes
    // of the deeper data, the command refuses them on reading, as the check says.
    dir.write("direct.wire", &too_deep.encode());
    let run = dir.convert(&DATA, "wire", "wire", "direct.wire", "out");
    let read = refusal(&run, "direct.wire", "wire -> wire");
    assert!(
        says(&read, &writer_says(&schema, "wire", &too_deep)),
        "{read}"
    );
}

/// A binary snapshot of one entity, id 1, with `data` as its `deep.Deep`.
fn snapshot(dir: &Dir, name: &str, data: Object) -> PathBuf {
    let mut writer = SnapshotWriter::new(Vec::new()).expect("writer");
    let entity = SnapshotEntity::new(1).with_component(4242, data);
    writer.write_entity(&entity).expect("written");
    dir.write(name, &writer.finish().expect("finished"))
}

fn snapshot_convert(dir: &Dir, input: &str, output: &str, schema: bool) -> Output {
    let mut args = vec!["snapshot", "convert", input, "-o", output];
    if schema {
        args.extend(["--schema_path", "schema"]);
    }
    dir.run(&args)
}

#[test]
fn snapshots_at_the_limit_go_binary_to_json_and_back_and_one_deeper_is_refused_alike() {
    let dir = Dir::new();
    let data = deep_data(MAX_NESTING);
    snapshot(&dir, "at.snapshot", data.clone());
    assert_ok(
        &snapshot_convert(&dir, "at.snapshot", "at.json", true),
        "binary -> JSON",
    );
    let info = dir.run(&["snapshot", "info", "at.json", "--schema_path", "schema"]);
    assert_ok(&info, "info");
    assert_ok(
        &snapshot_convert(&dir, "at.json", "back.snapshot", true),
        "JSON -> binary",
    );
    let back = std::fs::File::open(dir.path("back.snapshot")).expect("written");
    let mut reader = SnapshotReader::new(back).expect("a snapshot");
    let entity = reader.read_entity().expect("readable").expect("an entity");
    assert_eq!(entity.component(4242), Some(&data));
    assert_ok(
        &snapshot_convert(&dir, "at.snapshot", "copy.snapshot", true),
        "binary -> binary",
    );

    // One level deeper: writing JSON refuses it, reading the binary snapshot with the schema
    // too, and reading the JSON snapshot it would have been, with the same message.
    snapshot(&dir, "deeper.snapshot", deep_data(MAX_NESTING + 1));
    let to_json = snapshot_convert(&dir, "deeper.snapshot", "deeper.json", true);
    let written = refusal(&to_json, "deeper.snapshot", "binary -> JSON");
    assert!(
        written.starts_with(&format!(
            "entity 1 (entity record 0): {} (at /deep.Deep/root/",
            too_deep_message()
        )),
        "{written}"
    );
    let to_binary = snapshot_convert(&dir, "deeper.snapshot", "deeper2.snapshot", true);
    assert_eq!(
        refusal(&to_binary, "deeper.snapshot", "binary -> binary"),
        written
    );
    // Without a schema a binary snapshot is copied as it is: nothing says what its bytes hold.
    let copy = snapshot_convert(&dir, "deeper.snapshot", "copy2.snapshot", false);
    assert_ok(&copy, "binary -> binary without a schema");
    assert_eq!(dir.read("copy2.snapshot"), dir.read("deeper.snapshot"));
    dir.write("node.wire", &nodes_at(2, MAX_NESTING + 1).encode());
    let run = dir.convert(&NODE, "wire", "json-spatialos", "node.wire", "node.json");
    assert_ok(&run, "node -> json-spatialos");
    let node = String::from_utf8(dir.read("node.json")).expect("UTF-8");
    let text = format!("{{\"__entity_id\": \"1\", \"deep.Deep\": {{\"root\": {node}}}}}\n");
    dir.write("deeper.json", text.as_bytes());
    let from_json = snapshot_convert(&dir, "deeper.json", "deeper3.snapshot", true);
    assert_eq!(
        refusal(&from_json, "deeper.json", "JSON -> binary"),
        written
    );
}

#[test]
fn deep_text_no_schema_data_needs_is_refused_without_overflowing() {
    let dir = Dir::new();
    let deep = "[".repeat(100_000);
    // In a member no schema declares, where a reader would skip or refuse it.
    let member = format!("{{\"leaf\": 1, \"unknown\": {deep}");
    dir.write("deep.json", member.as_bytes());
    for format in ["json-spatialos", "json"] {
        let run = dir.convert(&NODE, format, "wire", "deep.json", "out");
        let message = refusal(&run, "deep.json", format);
        assert!(
            message.contains("deeper than 304 levels"),
            "{format}: {message}"
        );
    }
    let snapshot = format!("{{\"__entity_id\": \"1\", \"deep.Deep\": {deep}");
    dir.write("deep-snapshot.json", snapshot.as_bytes());
    let run = snapshot_convert(&dir, "deep-snapshot.json", "out.snapshot", true);
    let message = refusal(&run, "deep-snapshot.json", "JSON snapshot");
    assert!(message.contains("deeper than 304 levels"), "{message}");
    let run = dir.run(&["snapshot", "info", "deep-snapshot.json"]);
    let message = refusal(&run, "deep-snapshot.json", "snapshot info");
    assert!(message.contains("deeper than 304 levels"), "{message}");
}

#[test]
fn json_with_imports_reads_data_at_the_limit() {
    let dir = Dir::new();
    dir.write("node.wire", &nodes_at(2, MAX_NESTING).encode());
    let run = dir.convert(&NODE, "wire", "json", "node.wire", "node.json");
    assert_ok(&run, "node -> json");
    // The root's node comes from another file: the resolved document is as deep as the data.
    dir.write("data.json", br#"{"root": {"$import": "node.json"}}"#);
    let run = dir.convert(&DATA, "json", "wire", "data.json", "data.wire");
    assert_ok(&run, "json with an import -> wire");
    let object = Object::decode(&dir.read("data.wire")).expect("wire bytes");
    assert_eq!(object, deep_data(MAX_NESTING));
}
