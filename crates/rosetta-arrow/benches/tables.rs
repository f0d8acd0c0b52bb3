//! Snapshots as tables, against their peers in the same run:
//!
//! - `export`: a snapshot of `ROSETTA_BENCH_ENTITIES` entities (1,000,000 by default; the
//!   example game's components) to a zstd Parquet dataset, against `rosetta snapshot convert`'s
//!   work, the same snapshot read and written as a binary snapshot. Budget: at least half its
//!   throughput.
//! - `sql`: an aggregate and a join over that dataset with DataFusion (`rosetta_arrow::sql`;
//!   the tables registered once, as DuckDB's views are created once), against DuckDB over the
//!   same Parquet files (the `duckdb` Python package, timed inside
//!   Python so that its start is not counted; skipped with a note when it is missing; set
//!   `ROSETTA_BENCH_PYTHON` to choose the interpreter). Budget: within 2x.
//! - `stream`: the aggregate straight over the snapshot (the streaming table) against exporting
//!   first and querying the Parquet.
//!
//! `cargo bench -p rosetta-arrow --features sql --bench tables`

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use datafusion::prelude::SessionContext;
use rosetta_arrow::sql::{register, SqlOptions};
use rosetta_arrow::{write_batches, ArrowOptions, DatasetOptions, DatasetWriter};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{JsonSnapshotReader, SnapshotReader, SnapshotWriter};

const AGGREGATE: &str = r#"SELECT snapshot, count(*) AS n, avg(current) AS current, max(maximum) AS maximum FROM "game.Health" GROUP BY snapshot"#;
const JOIN: &str = r#"SELECT e.name, count(*) AS n, sum(h.current) AS current FROM entities e JOIN "game.Health" h ON e.entity_id = h.entity_id GROUP BY e.name ORDER BY e.name"#;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn schema() -> Schema {
    let options = CompileOptions {
        schema_paths: vec![repo().join("schema"), repo().join("examples/schema")],
        load_all: true,
        files: Vec::new(),
    };
    Schema::from_bundle(compile(&options).expect("the example schema").bundle())
        .expect("a usable schema")
}

fn entities() -> u64 {
    std::env::var("ROSETTA_BENCH_ENTITIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000)
}

/// A gzipped binary snapshot of `n` entities: players, crates and markers, with positions
/// and (most of them) health, made through the JSON snapshot reader.
fn snapshot(schema: &Schema, n: u64) -> Vec<u8> {
    let mut json = Vec::new();
    for i in 0..n {
        let kind = ["Player", "Crate", "Marker"][(i % 3) as usize];
        write!(
            json,
            r#"{{"__entity_id": "{}", "improbable.Persistence": {{}}, "improbable.Metadata": {{"entity_type": "{kind}"}}, "improbable.Position": {{"coords": {{"x": {}, "y": {}, "z": {}}}}}"#,
            i + 1,
            i as f64 * 0.5,
            (i % 7) as f64,
            -(i as f64) / 3.0
        )
        .expect("into memory");
        if i % 3 == 0 {
            write!(
                json,
                r#", "game.Player": {{"name": "p{i}", "team": "RED", "level": {}, "target": [], "titles": ["Captain"], "stats": [{{"key": "kills", "value": "{i}"}}]}}"#,
                i % 50
            )
            .expect("into memory");
        }
        if i % 5 != 4 {
            write!(
                json,
                r#", "game.Health": {{"current": {}, "maximum": 100}}"#,
                (i * 37) % 101
            )
            .expect("into memory");
        }
        json.extend_from_slice(b"}\n");
    }
    let codec = rosetta_json::spatialos::SnapshotCodec::for_schema(schema);
    let mut reader = JsonSnapshotReader::new(&json[..], schema, &codec);
    let mut writer = SnapshotWriter::new(Vec::new()).expect("a writer");
    while let Some(entity) = reader.read_entity().expect("the generated JSON reads") {
        writer.write_entity(&entity).expect("written");
    }
    writer.finish().expect("finished")
}

/// The snapshot exported as a Parquet dataset into `dir` (partition `night`).
fn export(schema: &Schema, bytes: &[u8], dir: &Path) {
    let mut writer = DatasetWriter::create(dir, DatasetOptions::default()).expect("a dataset");
    let mut reader = SnapshotReader::new(bytes).expect("a snapshot");
    let entities = std::iter::from_fn(|| reader.read_entity().transpose());
    write_batches(
        schema.registry(),
        entities,
        ArrowOptions::default(),
        rosetta_arrow::DEFAULT_BATCH_ROWS,
        &mut |table, batch| writer.write("night", table, &batch),
    )
    .expect("exported");
    writer.commit().expect("committed");
}

/// A session with `input`'s tables registered.
async fn context(schema: &Arc<Schema>, input: &Path) -> SessionContext {
    let ctx = SessionContext::new();
    register(
        &ctx,
        schema.clone(),
        &[input.to_path_buf()],
        SqlOptions::default(),
    )
    .await
    .expect("registered");
    ctx
}

/// `sql` registered and run, as one `rosetta sql` call does.
fn query(runtime: &tokio::runtime::Runtime, schema: &Arc<Schema>, input: &Path, sql: &str) {
    runtime.block_on(async {
        let ctx = context(schema, input).await;
        run(&ctx, sql).await
    })
}

/// `sql` planned and run in a session that has its tables.
async fn run(ctx: &SessionContext, sql: &str) {
    let rows: usize = ctx
        .sql(sql)
        .await
        .expect("planned")
        .collect()
        .await
        .expect("ran")
        .iter()
        .map(|b| b.num_rows())
        .sum();
    assert!(rows > 0);
}

/// DuckDB's own time for `iters` runs of `sql` over the dataset, or `None` without DuckDB.
fn duckdb(dataset: &Path, sql: &str, iters: u64) -> Option<Duration> {
    let python = std::env::var("ROSETTA_BENCH_PYTHON").unwrap_or_else(|_| "python3".into());
    let view = |table: &str, folder: &str| {
        format!(
            "CREATE VIEW \"{table}\" AS SELECT * FROM read_parquet('{}/*/*.parquet', \
             hive_partitioning = true, hive_types_autocast = false);",
            dataset.join(folder).display()
        )
    };
    let script = format!(
        "import duckdb, time\ncon = duckdb.connect()\ncon.execute({:?})\ncon.execute({:?})\n\
         start = time.perf_counter()\nfor _ in range({iters}):\n    con.execute({sql:?}).fetchall()\n\
         print(time.perf_counter() - start)\n",
        view("entities", "entities"),
        view("game.Health", "component=game.Health"),
    );
    let out = Command::new(python).arg("-c").arg(script).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let seconds: f64 = String::from_utf8_lossy(&out.stdout).trim().parse().ok()?;
    Some(Duration::from_secs_f64(seconds))
}

fn benches(c: &mut Criterion) {
    let schema = Arc::new(schema());
    let n = entities();
    let bytes = snapshot(&schema, n);
    let scratch = tempfile::tempdir().expect("a scratch folder");

    let mut group = c.benchmark_group("export");
    group.sample_size(10).throughput(Throughput::Elements(n));
    group.bench_function("parquet", |b| {
        b.iter(|| {
            let dir = scratch.path().join("export");
            export(&schema, &bytes, &dir);
            std::fs::remove_dir_all(&dir).expect("removed");
        })
    });
    group.bench_function("binary snapshot (peer: snapshot convert)", |b| {
        b.iter(|| {
            let mut reader = SnapshotReader::new(&bytes[..]).expect("a snapshot");
            let mut writer = SnapshotWriter::new(Vec::new()).expect("a writer");
            while let Some(entity) = reader.read_entity().expect("reads") {
                writer.write_entity(&entity).expect("written");
            }
            writer.finish().expect("finished")
        })
    });
    group.finish();

    let dataset = scratch.path().join("dataset");
    export(&schema, &bytes, &dataset);
    let file = scratch.path().join("night.snapshot");
    std::fs::write(&file, &bytes).expect("the snapshot file");
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");

    let mut group = c.benchmark_group("sql");
    group.sample_size(10);
    // Tables are registered once, outside the timing, as DuckDB's views are: the query alone
    // is compared. (Registering reads every table's Parquet footers, which DuckDB's views put
    // off to each query; `stream` below times registering too.)
    let ctx = runtime.block_on(context(&schema, &dataset));
    for (name, sql) in [("aggregate", AGGREGATE), ("join", JOIN)] {
        group.bench_function(format!("{name}: rosetta sql"), |b| {
            b.iter(|| runtime.block_on(run(&ctx, sql)))
        });
        if duckdb(&dataset, sql, 1).is_some() {
            group.bench_function(format!("{name}: duckdb (peer)"), |b| {
                b.iter_custom(|iters| duckdb(&dataset, sql, iters).expect("DuckDB ran before"))
            });
        } else {
            eprintln!("note: no DuckDB (the `duckdb` Python package); sql's peer is skipped");
        }
    }
    group.finish();

    let mut group = c.benchmark_group("stream");
    group.sample_size(10);
    group.bench_function("aggregate over the snapshot (streaming table)", |b| {
        b.iter(|| query(&runtime, &schema, &file, AGGREGATE))
    });
    group.bench_function("export, then aggregate over the Parquet", |b| {
        b.iter(|| {
            let dir = scratch.path().join("first");
            export(&schema, &bytes, &dir);
            query(&runtime, &schema, &dir, AGGREGATE);
            std::fs::remove_dir_all(&dir).expect("removed");
        })
    });
    group.finish();
}

criterion_group!(tables, benches);
criterion_main!(tables);
