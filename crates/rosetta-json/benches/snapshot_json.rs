//! JSON snapshots through Rosetta (schema-checked, `SnapshotCodec`) and through serde_json
//! (`Value`s, no schema), the same text in the same run:
//!
//! - `read`: JSON text to entities (`JsonSnapshotReader`) vs. JSON text to `Value`s
//!   (`StreamDeserializer`); each entity or value is dropped as soon as it is read.
//! - `write`: entities to JSON text (`JsonSnapshotWriter`) vs. `Value`s to JSON text
//!   (`to_writer_pretty` and a newline, what the SDK's files and Rosetta's look like).
//! - `transcode`: JSON text to JSON text, one entity at a time, through each.
//!
//! The snapshot is `examples/data/world.snapshot` (read with the example schema) scaled to 1M
//! entities as `rosetta-world`'s `load` bench scales it (ids 1..=N, the example's entities in
//! turn; N from `ROSETTA_BENCH_ENTITIES`), written as JSON by Rosetta's writer. Before anything
//! is timed, the setup asserts that serde_json's text is Rosetta's, byte for byte, and that
//! Rosetta reads back entities that it writes as the same text.
//!
//! At the end a table gives Rosetta's time over serde_json's for each group (<= 1: at least as
//! fast). Its times are not criterion's: after criterion, each group's two jobs are timed again
//! in rounds that take turns ([`in_turns`]), and the fastest round of each counts.
//!
//! Run: `cargo bench -p rosetta-json --bench snapshot_json` (a few minutes; memory: a few GB).

use std::hint::black_box;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use rosetta_devtools::timing::{in_turns, Job};
use rosetta_json::spatialos::SnapshotCodec;
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{
    read_entities, JsonSnapshotReader, JsonSnapshotWriter, SnapshotEntity,
};
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
    let compiled = compile(&options).expect("the example schema compiles");
    Schema::from_bundle(compiled.bundle()).expect("a usable schema")
}

fn entity_count() -> u64 {
    std::env::var("ROSETTA_BENCH_ENTITIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// The example snapshot's entities in turn, with ids 1..=n.
fn scaled_entities(n: u64) -> Vec<SnapshotEntity> {
    let bytes = std::fs::read(root().join("examples/data/world.snapshot")).expect("example");
    let example = read_entities(&bytes).expect("the example reads");
    (0..n)
        .map(|i| {
            let mut entity = example[(i % example.len() as u64) as usize].clone();
            entity.id = i as i64 + 1;
            entity
        })
        .collect()
}

// ---- the contenders ---------------------------------------------------------------------------

fn rosetta_read(schema: &Schema, json: &[u8]) -> u64 {
    let codec = SnapshotCodec::for_schema(schema);
    let mut n = 0;
    for entity in JsonSnapshotReader::new(json, schema, &codec) {
        black_box(entity.expect("reads"));
        n += 1;
    }
    n
}

fn serde_read(json: &[u8]) -> u64 {
    let mut n = 0;
    for value in serde_json::Deserializer::from_slice(json).into_iter::<Value>() {
        black_box(value.expect("reads"));
        n += 1;
    }
    n
}

fn rosetta_write(schema: &Schema, entities: &[SnapshotEntity], capacity: usize) -> Vec<u8> {
    let codec = SnapshotCodec::for_schema(schema);
    let mut writer = JsonSnapshotWriter::new(Vec::with_capacity(capacity), schema, &codec);
    for entity in entities {
        writer.write_entity(entity).expect("writes");
    }
    writer.finish().expect("finishes")
}

fn serde_write(values: &[Value], capacity: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(capacity);
    for value in values {
        serde_json::to_writer_pretty(&mut out, value).expect("writes");
        out.push(b'\n');
    }
    out
}

fn rosetta_transcode(schema: &Schema, json: &[u8]) -> Vec<u8> {
    let codec = SnapshotCodec::for_schema(schema);
    let mut writer = JsonSnapshotWriter::new(Vec::with_capacity(json.len()), schema, &codec);
    for entity in JsonSnapshotReader::new(json, schema, &codec) {
        writer
            .write_entity(&entity.expect("reads"))
            .expect("writes");
    }
    writer.finish().expect("finishes")
}

fn serde_transcode(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    for value in serde_json::Deserializer::from_slice(json).into_iter::<Value>() {
        serde_json::to_writer_pretty(&mut out, &value.expect("reads")).expect("writes");
        out.write_all(b"\n").expect("in memory");
    }
    out
}

// ---- criterion, then the table ----------------------------------------------------------------

/// The ratio table's rows: group, Rosetta's and serde_json's fastest time per run (ns).
type Ratios = Vec<(&'static str, f64, f64)>;

/// Times the two jobs with criterion, then again in turns for the ratio table.
fn run_group(
    c: &mut Criterion,
    ratios: &mut Ratios,
    name: &'static str,
    bytes: u64,
    mut jobs: Vec<Job<'_>>,
) {
    let mut ran = false;
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(bytes));
    for (id, job) in jobs.iter_mut() {
        group.bench_function(*id, |b| {
            ran = true;
            b.iter(&mut *job)
        });
    }
    group.finish();
    // `cargo bench` passes `--bench`; `cargo test --benches` runs each job once, untimed.
    if !ran || !std::env::args().any(|a| a == "--bench") {
        return;
    }
    let best = in_turns(&mut jobs, ROUNDS);
    ratios.push((name, best[0], best[1]));
}

/// The rounds of [`in_turns`]: each run takes about a second, so few.
const ROUNDS: usize = 3;

fn print_ratios(ratios: &Ratios, n: u64, bytes: usize) {
    if ratios.is_empty() {
        return;
    }
    println!();
    println!(
        "{n} entities, {bytes} bytes of JSON; Rosetta's time / serde_json's (<= 1: at least as \
         fast), fastest of {ROUNDS} rounds in turns:"
    );
    for (group, rosetta, serde) in ratios {
        println!(
            "{group:<10} rosetta {:>9.1} ms  serde_json {:>9.1} ms  ratio {:>5.2}",
            rosetta / 1e6,
            serde / 1e6,
            rosetta / serde
        );
    }
}

fn main() {
    let n = entity_count();
    let schema = schema();
    let started = Instant::now();
    let entities = scaled_entities(n);
    let json = rosetta_write(&schema, &entities, 0);
    let values: Vec<Value> = serde_json::Deserializer::from_slice(&json)
        .into_iter::<Value>()
        .collect::<Result<_, _>>()
        .expect("serde_json reads Rosetta's JSON");
    assert!(
        serde_write(&values, 0) == json,
        "serde_json writes Rosetta's text"
    );
    let back: Vec<SnapshotEntity> =
        JsonSnapshotReader::new(&json[..], &schema, SnapshotCodec::for_schema(&schema))
            .collect::<Result<_, _>>()
            .expect("Rosetta reads its JSON");
    // (Not `back == entities`: the example's binary components are not in declaration order.)
    assert!(
        rosetta_write(&schema, &back, 0) == json,
        "Rosetta reads back what it wrote"
    );
    drop(back);
    eprintln!(
        "{n} entities, {} bytes of JSON, made and checked in {:.2?}",
        json.len(),
        started.elapsed()
    );

    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(5))
        .sample_size(10)
        .configure_from_args();
    let mut ratios = Ratios::new();
    let bytes = json.len() as u64;
    let capacity = json.len();
    let reads: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| assert_eq!(rosetta_read(&schema, &json), n)),
        ),
        ("serde_json", Box::new(|| assert_eq!(serde_read(&json), n))),
    ];
    run_group(&mut c, &mut ratios, "read", bytes, reads);
    let writes: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| drop(black_box(rosetta_write(&schema, &entities, capacity)))),
        ),
        (
            "serde_json",
            Box::new(|| drop(black_box(serde_write(&values, capacity)))),
        ),
    ];
    run_group(&mut c, &mut ratios, "write", bytes, writes);
    let transcodes: Vec<Job<'_>> = vec![
        (
            "rosetta",
            Box::new(|| drop(black_box(rosetta_transcode(&schema, &json)))),
        ),
        (
            "serde_json",
            Box::new(|| drop(black_box(serde_transcode(&json)))),
        ),
    ];
    run_group(&mut c, &mut ratios, "transcode", bytes, transcodes);
    c.final_summary();
    print_ratios(&ratios, n, json.len());
}
