//! Arbitrary bytes as a snapshot (binary, gzip or JSON by content) loaded into a world with the
//! example game's schema: the loader must never panic, every error must name the file, and a
//! snapshot that loads has one world entity per snapshot entity.
#![no_main]

#[path = "common/example_schema.rs"]
mod example_schema;

use std::io::Write;

use libfuzzer_sys::fuzz_target;
use rosetta_world::load::{SnapshotLoader, SNAPSHOT_SCOPE};
use rosetta_world::{builtin, Error, Id};

fn check(bytes: &[u8]) {
    match SnapshotLoader::new(example_schema::schema(), "fuzz.snapshot").load(bytes) {
        Ok(loaded) => {
            let w = &loaded.world;
            let scope = w.lookup(SNAPSHOT_SCOPE).expect("the scope");
            let children: usize = w
                .tables_with(Id::pair(builtin::CHILD_OF, scope))
                .iter()
                .map(|&t| w.table(t).len())
                .sum();
            assert_eq!(children as u64, loaded.entities);
        }
        Err(Error::Load(e)) => {
            assert_eq!(e.file, "fuzz.snapshot");
            assert!(!e.message.is_empty());
        }
        Err(other) => panic!("not a load error: {other}"),
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
