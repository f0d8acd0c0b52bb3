//! `rosetta snapshot convert` and `snapshot info` on a large snapshot, against what the machine
//! does with the same bytes: serde_json transcoding the JSON as `Value`s, zlib's gzip and
//! gunzip of the records, and pigz when it is installed.
//!
//! ```sh
//! cargo bench -p rosetta-cli --bench snapshot
//! ```
//!
//! The setup repeats the entities of `examples/data/world.snapshot` with new ids (1..=N, N from
//! `ROSETTA_BENCH_ENTITIES`, default 300,000) and random positions and writes `target/bench-snapshot-N/`: the
//! snapshot (gzip, as the SDK writes it), its JSON form and its decompressed records. The
//! Rosetta rows run the release `rosetta` binary on those files, as a user does (process start
//! and file I/O included; the files are in the page cache); the peers run in this process on
//! the same bytes, in memory. After criterion, each case runs again in `ROSETTA_BENCH_ROUNDS`
//! rounds (default 3) that take turns, and a table gives the fastest round of each, the ratio
//! to its peer (below 1: Rosetta is faster); then the peak resident memory of each conversion.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};
use rosetta_wire::family::Double;
use rosetta_wire::snapshot::{decompress, read_entities, SnapshotWriter};
use rosetta_wire::Object;

/// `improbable.Position`: `{1: coords {1: x, 2: y, 3: z}}`.
const POSITION: u32 = 54;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn entity_count() -> u64 {
    std::env::var("ROSETTA_BENCH_ENTITIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300_000)
}

fn rounds() -> usize {
    std::env::var("ROSETTA_BENCH_ROUNDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

/// The files every case reads.
struct Files {
    dir: PathBuf,
    snapshot: PathBuf,
    json: PathBuf,
    records: PathBuf,
}

fn rosetta(args: &[&str]) -> Duration {
    let start = Instant::now();
    let output = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("rosetta runs");
    let took = start.elapsed();
    assert!(
        output.status.success(),
        "rosetta {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    took
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema_path",
    "examples/schema",
];

fn setup(n: u64) -> Files {
    let dir = root().join("target").join(format!("bench-snapshot-{n}"));
    fs::create_dir_all(&dir).expect("bench directory");
    let files = Files {
        snapshot: dir.join("world.snapshot"),
        json: dir.join("world.json"),
        records: dir.join("world.records"),
        dir,
    };
    let example = fs::read(root().join("examples/data/world.snapshot")).expect("the example");
    let example = read_entities(&example).expect("the example reads");
    let mut writer = SnapshotWriter::create(&files.snapshot).expect("a snapshot file");
    let mut random = 0x9e37_79b9_7f4a_7c15_u64;
    let mut coordinate = || {
        // xorshift64: positions of f32 precision in a 2 km world, as an engine stores them.
        random ^= random << 13;
        random ^= random >> 7;
        random ^= random << 17;
        f64::from((random >> 40) as f32 / (1u32 << 24) as f32 * 2000.0 - 1000.0)
    };
    for i in 0..n {
        let mut entity = example[(i % example.len() as u64) as usize].clone();
        entity.id = i as i64 + 1;
        // Every entity somewhere else, so that the data compresses as real data does.
        for (id, data) in &mut entity.components {
            if *id == POSITION {
                let mut position = Object::new();
                let coords = position.add_object(1);
                for field in 1..=3 {
                    coords.add::<Double>(field, coordinate());
                }
                *data = position;
            }
        }
        writer.write_entity(&entity).expect("written");
    }
    writer.finish().expect("finished");
    let gzip = fs::read(&files.snapshot).expect("the snapshot");
    fs::write(&files.records, decompress(&gzip).expect("gunzips")).expect("records");
    let mut args = vec![
        "snapshot",
        "convert",
        arg(&files.snapshot),
        "-o",
        arg(&files.json),
    ];
    args.extend(SCHEMA);
    rosetta(&args);
    files
}

/// One timed case: a name, the peer it is compared with, and how to run it once.
struct Case<'a> {
    name: &'static str,
    peer: Option<&'static str>,
    run: Box<dyn Fn() -> Duration + 'a>,
}

fn serde_json_transcode(json: &[u8]) -> Duration {
    let start = Instant::now();
    let mut out = Vec::with_capacity(json.len());
    for value in serde_json::Deserializer::from_slice(json).into_iter::<serde_json::Value>() {
        serde_json::to_writer_pretty(&mut out, &value.expect("valid JSON")).expect("written");
        out.push(b'\n');
    }
    std::hint::black_box(out);
    start.elapsed()
}

fn serde_json_write(values: &[serde_json::Value]) -> Duration {
    let start = Instant::now();
    let mut out = Vec::with_capacity(values.len() * 200);
    for value in values {
        serde_json::to_writer_pretty(&mut out, value).expect("written");
        out.push(b'\n');
    }
    std::hint::black_box(out);
    start.elapsed()
}

fn gzip(records: &[u8], level: u32) -> Duration {
    let start = Instant::now();
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
    encoder.write_all(records).expect("compressed");
    std::hint::black_box(encoder.finish().expect("finished"));
    start.elapsed()
}

fn gunzip(file: &[u8]) -> Duration {
    let start = Instant::now();
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(file)
        .read_to_end(&mut out)
        .expect("inflated");
    std::hint::black_box(out);
    start.elapsed()
}

fn pigz(records: &Path, out: &Path) -> Duration {
    let start = Instant::now();
    let output = Command::new("pigz")
        .args(["-6", "-c", "-p", "2", arg(records)])
        .output()
        .expect("pigz runs");
    let took = start.elapsed();
    fs::write(out, output.stdout).expect("written");
    took
}

fn has_pigz() -> bool {
    Command::new("pigz").arg("--version").output().is_ok()
}

fn cases<'a>(files: &'a Files, bytes: &'a Bytes) -> Vec<Case<'a>> {
    let out_bin = files.dir.join("out.snapshot");
    let out_json = files.dir.join("out.json");
    let convert = move |input: &Path, output: &Path, extra: &[&'static str]| {
        let input = input.to_path_buf();
        let output = output.to_path_buf();
        let extra = extra.to_vec();
        Box::new(move || {
            let mut args = vec!["snapshot", "convert", arg(&input), "-o", arg(&output)];
            args.extend(SCHEMA);
            args.extend(&extra);
            rosetta(&args)
        }) as Box<dyn Fn() -> Duration>
    };
    let mut cases = vec![
        Case {
            name: "rosetta: JSON -> binary",
            peer: Some("serde_json: read + write Values"),
            run: convert(&files.json, &out_bin, &[]),
        },
        Case {
            name: "rosetta: binary -> JSON",
            peer: Some("gunzip + serde_json: write Values"),
            run: convert(&files.snapshot, &out_json, &[]),
        },
        Case {
            name: "rosetta: binary -> binary",
            peer: Some("gzip (zlib 6)"),
            run: convert(&files.snapshot, &out_bin, &[]),
        },
        Case {
            name: "rosetta: binary -> binary, --threads 2",
            peer: Some(if has_pigz() {
                "pigz -6 -p 2"
            } else {
                "gzip (zlib 6)"
            }),
            run: convert(&files.snapshot, &out_bin, &["--threads", "2"]),
        },
        Case {
            name: "rosetta: binary -> binary, --compression fast",
            peer: Some("gzip (zlib 1)"),
            run: convert(&files.snapshot, &out_bin, &["--compression", "fast"]),
        },
        Case {
            name: "rosetta: snapshot info",
            peer: Some("gunzip"),
            run: Box::new(move || rosetta(&["snapshot", "info", arg(&files.snapshot)])),
        },
        Case {
            name: "serde_json: read + write Values",
            peer: None,
            run: Box::new(move || serde_json_transcode(&bytes.json)),
        },
        Case {
            name: "gunzip + serde_json: write Values",
            peer: None,
            run: Box::new(move || gunzip(&bytes.snapshot) + serde_json_write(&bytes.values)),
        },
        Case {
            name: "gzip (zlib 6)",
            peer: None,
            run: Box::new(move || gzip(&bytes.records, 6)),
        },
        Case {
            name: "gzip (zlib 1)",
            peer: None,
            run: Box::new(move || gzip(&bytes.records, 1)),
        },
        Case {
            name: "gunzip",
            peer: None,
            run: Box::new(move || gunzip(&bytes.snapshot)),
        },
    ];
    if has_pigz() {
        let out = files.dir.join("pigz.gz");
        cases.push(Case {
            name: "pigz -6 -p 2",
            peer: None,
            run: Box::new(move || pigz(&files.records, &out)),
        });
    }
    cases
}

/// The inputs of the in-process peers.
struct Bytes {
    json: Vec<u8>,
    values: Vec<serde_json::Value>,
    snapshot: Vec<u8>,
    records: Vec<u8>,
}

/// Runs `rosetta` once and returns its peak resident memory in KiB (`VmHWM`, read from
/// `/proc` every few milliseconds until it exits; growth in its last milliseconds is missed).
/// `None` where `/proc` has no such line.
fn rosetta_peak_rss_kib(args: &[&str]) -> Option<u64> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(root())
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("rosetta runs");
    let status = format!("/proc/{}/status", child.id());
    let mut peak = None;
    while child.try_wait().expect("waits").is_none() {
        let high_water = fs::read_to_string(&status).ok().and_then(|text| {
            let line = text.lines().find(|l| l.starts_with("VmHWM:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        });
        peak = peak.max(high_water);
        std::thread::sleep(Duration::from_millis(2));
    }
    peak
}

fn bench(c: &mut Criterion) {
    let n = entity_count();
    let files = setup(n);
    let json = fs::read(&files.json).expect("json");
    let values = serde_json::Deserializer::from_slice(&json)
        .into_iter::<serde_json::Value>()
        .collect::<Result<Vec<_>, _>>()
        .expect("valid JSON");
    let bytes = Bytes {
        values,
        snapshot: fs::read(&files.snapshot).expect("snapshot"),
        records: fs::read(&files.records).expect("records"),
        json,
    };
    println!(
        "{n} entities: JSON {:.1} MB, records {:.1} MB, gzip {:.1} MB",
        bytes.json.len() as f64 / 1e6,
        bytes.records.len() as f64 / 1e6,
        bytes.snapshot.len() as f64 / 1e6
    );
    let cases = cases(&files, &bytes);
    let mut group = c.benchmark_group("snapshot");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(5));
    for case in &cases {
        group.bench_function(case.name, |b| {
            b.iter_custom(|iters| (0..iters).map(|_| (case.run)()).sum())
        });
    }
    group.finish();

    let mut best = vec![Duration::MAX; cases.len()];
    for _ in 0..rounds() {
        for (case, best) in cases.iter().zip(&mut best) {
            *best = (*best).min((case.run)());
        }
    }
    let time = |name: &str| cases.iter().position(|c| c.name == name).map(|i| best[i]);
    println!("\nfastest of {} rounds, {n} entities:\n", rounds());
    println!("| step | Rosetta | peer | peer time | ratio |");
    println!("| --- | --- | --- | --- | --- |");
    for (case, took) in cases.iter().zip(&best) {
        let Some(peer) = case.peer else { continue };
        let peer_time = time(peer).unwrap_or(Duration::ZERO);
        println!(
            "| {} | {:.3} s | {peer} | {:.3} s | {:.2} |",
            case.name.trim_start_matches("rosetta: "),
            took.as_secs_f64(),
            peer_time.as_secs_f64(),
            took.as_secs_f64() / peer_time.as_secs_f64()
        );
    }
    println!("\npeak resident memory of each conversion (KiB):");
    let out_bin = files.dir.join("out.snapshot");
    let out_json = files.dir.join("out.json");
    for (input, output) in [
        (&files.json, &out_bin),
        (&files.snapshot, &out_json),
        (&files.snapshot, &out_bin),
    ] {
        let mut args = vec!["snapshot", "convert", arg(input), "-o", arg(output)];
        args.extend(SCHEMA);
        let peak = rosetta_peak_rss_kib(&args);
        println!("{} -> {}: {peak:?}", input.display(), output.display());
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
