//! Loading the bundled example snapshot scaled to 1M entities into a world.
//!
//! ```sh
//! cargo bench -p rosetta-world --bench load
//! ```
//!
//! The setup repeats the entities of `examples/data/world.snapshot` with new ids (1..=N, N from
//! `ROSETTA_BENCH_ENTITIES`, default 1,000,000) and writes them with rosetta-wire's snapshot
//! writer to `target/bench-world-1m.snapshot` (gzip), then criterion times
//! [`SnapshotLoader::load_pipelined`] (gzip inflated on its own thread, as the CLI loads) and
//! [`SnapshotLoader::load`] (on the loading thread) from that file; throughput is in entities. After criterion, the
//! bench prints its own peak resident memory (`VmHWM`) after one more load; the file can also
//! be measured on its own with `/usr/bin/time -v rosetta world info target/bench-world-1m.snapshot
//! --schema_path schema --schema_path examples/schema`.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{read_entities, SnapshotWriter};
use rosetta_world::load::SnapshotLoader;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn schema() -> Schema {
    let options = CompileOptions {
        schema_paths: vec![root().join("schema"), root().join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    let compiled = compile(&options).expect("the example schema compiles");
    Schema::from_bundle(compiled.bundle()).expect("a usable schema")
}

fn entity_count() -> u64 {
    std::env::var("ROSETTA_BENCH_ENTITIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// Writes the scaled snapshot (once per size) and returns its path.
fn scaled_snapshot(n: u64) -> PathBuf {
    let path = root().join("target").join(if n == 1_000_000 {
        "bench-world-1m.snapshot".to_owned()
    } else {
        format!("bench-world-{n}.snapshot")
    });
    let bytes = std::fs::read(root().join("examples/data/world.snapshot")).expect("example");
    let example = read_entities(&bytes).expect("the example reads");
    let mut writer = SnapshotWriter::create(&path).expect("a snapshot file");
    for i in 0..n {
        let mut entity = example[(i % example.len() as u64) as usize].clone();
        entity.id = i as i64 + 1;
        writer.write_entity(&entity).expect("written");
    }
    writer.finish().expect("finished");
    path
}

/// Loads the file, gzip inflated on its own thread (`load_pipelined`, as the CLI loads) or on
/// the loading thread (`load`).
fn load(schema: &Schema, path: &Path, pipelined: bool) -> u64 {
    let file = File::open(path).expect("open");
    let loader = SnapshotLoader::new(schema, path.display().to_string());
    let loaded = if pipelined {
        loader.load_pipelined(file)
    } else {
        loader.load(BufReader::new(file))
    };
    loaded.expect("the scaled snapshot loads").entities
}

fn peak_rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn bench(c: &mut Criterion) {
    let n = entity_count();
    let schema = schema();
    let started = Instant::now();
    let path = scaled_snapshot(n);
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    eprintln!(
        "wrote {} ({n} entities, {size} bytes) in {:.2?}",
        path.display(),
        started.elapsed()
    );
    let before = peak_rss_kib();
    let started = Instant::now();
    assert_eq!(load(&schema, &path, true), n);
    let once = started.elapsed();
    eprintln!(
        "one load: {once:.2?}, {:.0} entities/s; peak RSS {} KiB (before the first load: {} KiB)",
        n as f64 / once.as_secs_f64(),
        peak_rss_kib().unwrap_or(0),
        before.unwrap_or(0)
    );
    let mut group = c.benchmark_group("load");
    group.throughput(Throughput::Elements(n));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function(format!("example snapshot x{n}"), |b| {
        b.iter(|| load(&schema, &path, true))
    });
    group.bench_function(
        format!("example snapshot x{n}, gunzip on the same thread"),
        |b| b.iter(|| load(&schema, &path, false)),
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
