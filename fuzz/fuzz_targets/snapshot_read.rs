//! Arbitrary bytes as a snapshot, raw and gzipped: the reader must never panic, and whatever
//! reads must write back (in the file's component order) and read again to the same entities.
#![no_main]

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use rosetta_wire::snapshot::{
    read_entities, write_entities_in_order, ComponentOrder, Compression, SnapshotReader,
};

fn check(bytes: &[u8]) {
    // Streaming, with a small record limit so that the limit is exercised too.
    if let Ok(reader) = SnapshotReader::new(bytes) {
        for entity in reader.max_record_len(1 << 12) {
            if entity.is_err() {
                break;
            }
        }
    }
    if let Ok(entities) = read_entities(bytes) {
        let again = write_entities_in_order(&entities, Compression::Raw, ComponentOrder::AsGiven)
            .expect("what was read can be written");
        assert_eq!(read_entities(&again).ok().as_ref(), Some(&entities));
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
