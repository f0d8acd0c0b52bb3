//! Arbitrary bytes as a snapshot, raw and gzipped: the reader must never panic, and whatever
//! reads must write back (in the file's component order) and read again to the same entities.
//! Read with its components undecoded (`RawEntity`), the same bytes must give the same entities
//! or the same error, and what the raw entities write must read back as the same raw entities.
#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use rosetta_wire::snapshot::{
    read_entities, write_entities_in_order, ComponentOrder, Compression, RawEntity, SnapshotReader,
    SnapshotWriter,
};
use rosetta_wire::Result;

fn read_raw(bytes: &[u8]) -> Result<Vec<RawEntity>> {
    SnapshotReader::new(bytes)?.raw_entities().collect()
}

fn check(bytes: &[u8]) {
    // Streaming, with a small record limit so that the limit is exercised too.
    if let Ok(reader) = SnapshotReader::new(bytes) {
        for entity in reader.max_record_len(1 << 12) {
            if entity.is_err() {
                break;
            }
        }
    }
    let decoded = read_entities(bytes);
    let raw = read_raw(bytes);
    match (&decoded, &raw) {
        (Ok(entities), Ok(raw)) => {
            let again =
                write_entities_in_order(entities, Compression::Raw, ComponentOrder::AsGiven)
                    .expect("what was read can be written");
            assert_eq!(read_entities(&again).ok().as_ref(), Some(entities));
            let raw_decoded: Vec<_> = raw.iter().map(|e| e.decode().expect("decodes")).collect();
            assert_eq!(&raw_decoded, entities);
            let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw)
                .expect("a writer")
                .component_order(ComponentOrder::AsGiven);
            for entity in raw {
                writer
                    .write_raw_entity(entity)
                    .expect("what was read can be written");
            }
            let copy = writer.finish().expect("finishes");
            assert_eq!(read_raw(&copy).ok().as_ref(), Some(raw));
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("decoded {decoded:?}, raw {raw:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    check(data);
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    if encoder.write_all(data).is_ok() {
        if let Ok(gzipped) = encoder.finish() {
            check(&gzipped);
        }
    }
});
