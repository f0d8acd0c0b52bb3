//! Arbitrary bytes as a JSON snapshot of the example game's schema, read by the reader's direct
//! path (the codec straight from the text) and by its `Value` path alone (serde_json `Value`s
//! and `from_json`, as the reader always read): neither may panic, both must give the same
//! entities and the same error (message, entity, JSON Pointer, line and column), also when the
//! input comes a few bytes at a time; and what reads must write back (the direct writer's text
//! being serde_json's text of `to_json`'s values) and read again to the same entities.
#![no_main]

#[path = "common/example_schema.rs"]
mod example_schema;

use std::io::Read;

use libfuzzer_sys::fuzz_target;
use rosetta_json::spatialos::SnapshotCodec;
use rosetta_wire::snapshot::{
    ComponentJson, JsonScanner, JsonSnapshotReader, JsonSnapshotWriter, SnapshotEntity,
};
use rosetta_wire::{Error, Object};
use serde_json::Value;

/// The codec through `Value`s only: its `read_json` refuses everything, so the reader takes
/// the `Value` path for every entity.
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

/// A reader that gives `step` bytes at a time.
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

type Outcome = (Vec<SnapshotEntity>, Option<String>, u64);

fn read_all<R: Read, C: ComponentJson>(mut reader: JsonSnapshotReader<'_, R, C>) -> Outcome {
    let mut entities = Vec::new();
    let mut error = None;
    for entity in reader.by_ref() {
        match entity {
            Ok(entity) => entities.push(entity),
            Err(e) => {
                error = Some(format!(
                    "{e} / {:?} {:?} {:?}",
                    e.entity_index(),
                    e.entity_id(),
                    e.path()
                ));
            }
        }
    }
    assert!(reader.next().is_none(), "an error ends the reading");
    (entities, error, reader.entities_read())
}

fuzz_target!(|data: &[u8]| {
    let schema = example_schema::schema();
    let codec = SnapshotCodec::for_schema(schema);
    let direct = read_all(JsonSnapshotReader::new(data, schema, codec));
    let by_values = read_all(JsonSnapshotReader::new(data, schema, ByValues(codec)));
    assert_eq!(direct, by_values);
    let step = 1 + data.first().map_or(0, |&b| usize::from(b) % 16);
    let pieces = read_all(JsonSnapshotReader::new(
        Pieces { text: data, step },
        schema,
        codec,
    ));
    assert_eq!(direct, pieces);
    // Whatever reads writes (unless it has what JSON cannot hold back, as a NaN cannot be told
    // from its payload), the same both ways, and reads back the same.
    let mut text = JsonSnapshotWriter::new(Vec::new(), schema, codec);
    let mut by_values = JsonSnapshotWriter::new(Vec::new(), schema, ByValues(codec));
    for entity in &direct.0 {
        let written = text.write_entity(entity).is_ok();
        assert_eq!(written, by_values.write_entity(entity).is_ok());
        if !written {
            return;
        }
    }
    let text = text.finish().expect("in memory");
    assert_eq!(Some(&text), by_values.finish().ok().as_ref());
    let again = read_all(JsonSnapshotReader::new(&text[..], schema, codec));
    assert_eq!(again.1, None);
    assert_eq!(again.0.len(), direct.0.len());
});
