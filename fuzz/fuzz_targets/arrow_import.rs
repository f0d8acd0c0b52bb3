//! Arbitrary bytes as a Parquet or Arrow IPC table read back into component values
//! (`rosetta import`'s path): reading must never panic, and every error must name the file.
//!
//! Random bytes rarely get past a file's magic and footer, so most inputs are edits of real
//! tables: the example snapshot exported once as Parquet and as Arrow IPC, one table a file. The
//! first byte picks the mode: the input as a file of its own, or the rest of the input as
//! (offset, xor) edits of one exported file. Each batch that reads is read as every component
//! table of the example schema (most refuse the columns), and every row that reads becomes
//! wire data.
#![no_main]

#[path = "common/example_schema.rs"]
mod example_schema;

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use rosetta_arrow::{
    component_rows, read_batches_in_memory, to_object, write_batches, ArrowOptions, ComponentTable,
    DatasetOptions, DatasetWriter, Format,
};
use rosetta_wire::snapshot::read_entities;

const NAME: &str = "fuzz.table";

/// Every table of the example snapshot, as Parquet files and as Arrow IPC files.
fn exported() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let snapshot = include_bytes!("../../examples/data/world.snapshot");
        let entities = read_entities(&snapshot[..]).expect("the example snapshot reads");
        let registry = example_schema::schema().registry();
        let mut files = Vec::new();
        for format in [Format::Parquet, Format::Arrow] {
            let dir = std::env::temp_dir().join(format!(
                "rosetta-fuzz-arrow-{}-{format:?}",
                std::process::id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            let options = DatasetOptions {
                format,
                ..DatasetOptions::default()
            };
            let mut writer = DatasetWriter::create(&dir, options).expect("a dataset folder");
            write_batches(
                registry,
                entities.iter().cloned().map(Ok::<_, rosetta_arrow::Error>),
                ArrowOptions::default(),
                2,
                &mut |table, batch| writer.write("night", table, &batch),
            )
            .expect("the example snapshot exports");
            for path in writer.commit().expect("the dataset commits") {
                files.push(std::fs::read(dir.join(path)).expect("an exported file"));
            }
            let _ = std::fs::remove_dir_all(&dir);
        }
        files
    })
}

fn tables() -> &'static [ComponentTable] {
    static TABLES: OnceLock<Vec<ComponentTable>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let registry = example_schema::schema().registry();
        registry
            .components()
            .filter_map(|t| t.component())
            .filter_map(|c| ComponentTable::new(registry, c.id(), ArrowOptions::default()).ok())
            .collect()
    })
}

fn check(file: Vec<u8>) {
    let registry = example_schema::schema().registry();
    let batches = match read_batches_in_memory(file, NAME) {
        Ok(batches) => batches,
        Err(e) => return assert!(e.to_string().starts_with(NAME), "{e}"),
    };
    for batch in batches {
        let batch = match batch {
            Ok(batch) => batch,
            Err(e) => return assert!(e.to_string().starts_with(NAME), "{e}"),
        };
        for table in tables() {
            let Ok(rows) = component_rows(registry, table, &batch) else {
                continue;
            };
            for (_, value) in rows {
                let _ = to_object(registry, table, &value);
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode < 32 {
        // See `exported`: Arrow IPC files are left out until arrow-ipc stops panicking.
        if rest.starts_with(b"ARROW1") {
            return;
        }
        return check(rest.to_vec());
    }
    let files = exported();
    let Some((&pick, edits)) = rest.split_first() else {
        return;
    };
    let mut file = files[usize::from(pick) % files.len()].clone();
    for edit in edits.chunks_exact(3) {
        let at = usize::from(u16::from_le_bytes([edit[0], edit[1]])) % file.len();
        file[at] ^= edit[2];
    }
    check(file);
});
