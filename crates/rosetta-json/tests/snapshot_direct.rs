//! The JSON snapshot reader's direct path (the codec reading straight from the text) against
//! its `Value` path (serde_json `Value`s, `from_json`), on the example game's snapshot written
//! in several forms and on thousands of damaged copies: the same entities, the same error
//! (message, entity, JSON Pointer, line and column), the same count of entities read. The
//! writer's direct path is checked against serde_json printing `to_json`'s values.

use std::io::Read;
use std::path::{Path, PathBuf};

use rosetta_json::spatialos::{DumpOptions, MemberOrder, SnapshotCodec};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{
    read_entities, ComponentJson, JsonEntities, JsonScanner, JsonSnapshotReader,
    JsonSnapshotWriter, SnapshotEntity,
};
use rosetta_wire::{Error, Object};
use serde_json::Value;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn schema() -> Schema {
    let options = CompileOptions {
        schema_paths: vec![root().join("schema"), root().join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    let compiled = compile(&options).unwrap_or_else(|d| panic!("{}", d.render(false)));
    Schema::from_bundle(compiled.bundle()).unwrap()
}

/// The codec through `Value`s only: its `read_json` refuses everything, so the reader takes
/// the `Value` path for every entity (the reader as it was).
struct ByValues<'r>(SnapshotCodec<'r>);

impl ComponentJson for ByValues<'_> {
    fn to_json(&self, id: u32, data: &Object) -> Result<Value, Error> {
        self.0.to_json(id, data)
    }

    fn from_json(&self, id: u32, value: &Value) -> Result<Object, Error> {
        self.0.from_json(id, value)
    }

    fn read_json(&self, _: u32, _: &mut JsonScanner<'_>) -> Result<Object, Error> {
        Err(Error::custom("refused"))
    }
}

/// The codec with the trait's default `read_json` and `write_json` (through `Value`s).
struct Defaults<'r>(SnapshotCodec<'r>);

impl ComponentJson for Defaults<'_> {
    fn to_json(&self, id: u32, data: &Object) -> Result<Value, Error> {
        self.0.to_json(id, data)
    }

    fn from_json(&self, id: u32, value: &Value) -> Result<Object, Error> {
        self.0.from_json(id, value)
    }
}

/// A reader that gives `step` bytes at a time, so that entities straddle the reader's buffer.
struct Pieces<'a> {
    text: &'a [u8],
    step: usize,
}

impl Read for Pieces<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.text.len());
        buf[..n].copy_from_slice(&self.text[..n]);
        self.text = &self.text[n..];
        Ok(n)
    }
}

type Outcome = (
    Vec<SnapshotEntity>,
    Option<(String, Option<u64>, Option<i64>, Option<String>)>,
    u64,
);

fn read_all<R: Read, C: ComponentJson>(mut reader: JsonSnapshotReader<'_, R, C>) -> Outcome {
    let mut entities = Vec::new();
    let mut error = None;
    for entity in reader.by_ref() {
        match entity {
            Ok(entity) => entities.push(entity),
            Err(e) => {
                error = Some((
                    e.to_string(),
                    e.entity_index(),
                    e.entity_id(),
                    e.path().map(str::to_owned),
                ));
            }
        }
    }
    assert!(reader.next().is_none(), "an error ends the reading");
    (entities, error, reader.entities_read())
}

/// Reads `text` both ways (and in pieces) and asserts the same outcome.
fn same_both_ways(schema: &Schema, text: &[u8], step: usize) -> Outcome {
    let codec = SnapshotCodec::for_schema(schema);
    let direct = read_all(JsonSnapshotReader::new(text, schema, codec));
    let by_values = read_all(JsonSnapshotReader::new(text, schema, ByValues(codec)));
    let shown = || String::from_utf8_lossy(text).into_owned();
    assert_eq!(direct, by_values, "{}", shown());
    let defaults = read_all(JsonSnapshotReader::new(text, schema, Defaults(codec)));
    assert_eq!(direct, defaults, "{}", shown());
    let pieces = read_all(JsonSnapshotReader::new(
        Pieces { text, step },
        schema,
        codec,
    ));
    assert_eq!(direct, pieces, "{}", shown());
    // Framing errors are `JsonEntities`' own, at the same place in the whole text.
    let mut framing = JsonEntities::new(text);
    for _ in 0..direct.0.len() {
        assert!(matches!(framing.next(), Some(Ok(_))), "{}", shown());
    }
    if let Some(Err(e)) = framing.next() {
        if let Some(error) = &direct.1 {
            if error.1 == e.entity_index() && !error.0.contains("component") {
                assert_eq!(error.0, e.to_string(), "{}", shown());
            }
        }
    }
    direct
}

/// The example snapshot written as JSON: members alphabetical (the default) or in declaration
/// order, pretty and compact, scaled to `n` entities.
fn texts(schema: &Schema, n: usize) -> Vec<Vec<u8>> {
    let bytes = std::fs::read(root().join("examples/data/world.snapshot")).unwrap();
    let example = read_entities(&bytes).unwrap();
    let entities: Vec<SnapshotEntity> = (0..n)
        .map(|i| {
            let mut e = example[i % example.len()].clone();
            e.id = i as i64 + 1;
            e
        })
        .collect();
    let mut out = Vec::new();
    for order in [MemberOrder::Alphabetical, MemberOrder::Declaration] {
        let codec = SnapshotCodec::for_schema(schema).with_options(DumpOptions {
            member_order: order,
            ..DumpOptions::default()
        });
        let mut writer = JsonSnapshotWriter::new(Vec::new(), schema, codec);
        for e in &entities {
            writer.write_entity(e).unwrap();
        }
        let pretty = writer.finish().unwrap();
        let mut compact = Vec::new();
        for value in serde_json::Deserializer::from_slice(&pretty).into_iter::<Value>() {
            serde_json::to_writer(&mut compact, &value.unwrap()).unwrap();
        }
        out.push(pretty);
        out.push(compact);
    }
    out.push(std::fs::read(root().join("examples/data/world.json")).unwrap());
    out
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// `text` with a few random edits: bytes deleted, replaced or inserted (JSON's punctuation,
/// digits, letters, quotes, escapes, whitespace, non-ASCII), or a span repeated.
fn damaged(text: &[u8], rng: &mut Rng) -> Vec<u8> {
    const BYTES: &[u8] = b"{}[],:\"\\ \n0123456789-+.eE tfnulrsavy_xk\xc3\xa9\xff\x01";
    let mut out = text.to_vec();
    for _ in 0..1 + rng.below(3) {
        if out.is_empty() {
            break;
        }
        let at = rng.below(out.len());
        match rng.below(4) {
            0 => {
                out.remove(at);
            }
            1 => out[at] = BYTES[rng.below(BYTES.len())],
            2 => out.insert(at, BYTES[rng.below(BYTES.len())]),
            _ => {
                let len = 1 + rng.below(40).min(out.len() - at - 1);
                let span = out[at..at + len].to_vec();
                out.splice(at..at, span);
            }
        }
    }
    out
}

#[test]
fn the_forms_of_the_example_read_alike_both_ways() {
    let schema = schema();
    for text in texts(&schema, 20) {
        let (entities, error, _) = same_both_ways(&schema, &text, 7);
        assert_eq!(error, None);
        assert_eq!(entities.len(), if text.len() < 1000 { 2 } else { 20 });
    }
}

#[test]
fn damaged_texts_read_alike_both_ways() {
    let schema = schema();
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut errors = 0;
    for text in texts(&schema, 6) {
        for _ in 0..300 {
            let bad = damaged(&text, &mut rng);
            let step = 1 + rng.below(64);
            errors += usize::from(same_both_ways(&schema, &bad, step).1.is_some());
        }
    }
    // Most edits break something; some (in whitespace, in a name's letters) do not.
    assert!(errors > 600, "{errors}");
}

#[test]
fn large_texts_across_the_buffer_read_alike_both_ways() {
    let schema = schema();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    // Past the reader's buffer (256 KiB), so entities straddle its refills.
    let text = texts(&schema, 2000).swap_remove(0);
    assert!(text.len() > 300_000);
    same_both_ways(&schema, &text, 4093);
    for _ in 0..4 {
        let bad = damaged(&text, &mut rng);
        same_both_ways(&schema, &bad, 1 + rng.below(100_000));
    }
    // Damage right at the first refill.
    for at in (254 * 1024..258 * 1024).step_by(997) {
        let mut bad = text.clone();
        bad[at] = b'}';
        same_both_ways(&schema, &bad, 1 << 20);
    }
}

#[test]
fn the_writers_direct_text_is_serde_jsons() {
    let schema = schema();
    let texts = texts(&schema, 20);
    for order in [MemberOrder::Alphabetical, MemberOrder::Declaration] {
        let codec = SnapshotCodec::for_schema(&schema).with_options(DumpOptions {
            member_order: order,
            ..DumpOptions::default()
        });
        let entities: Vec<SnapshotEntity> = JsonSnapshotReader::new(&texts[0][..], &schema, codec)
            .collect::<Result<_, _>>()
            .unwrap();
        let mut direct = JsonSnapshotWriter::new(Vec::new(), &schema, codec);
        let mut by_values = JsonSnapshotWriter::new(Vec::new(), &schema, Defaults(codec));
        for e in &entities {
            direct.write_entity(e).unwrap();
            by_values.write_entity(e).unwrap();
        }
        assert_eq!(direct.finish().unwrap(), by_values.finish().unwrap());
    }
}
