//! What the iterator benches (`iter`: v3, `iter4`: v4) share: the world's data, the Rosetta
//! world built from it, the check that both sides write the same text, and the measuring
//! (criterion, then the fastest of a few rounds in turns with the ratio printed).

use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use rosetta_devtools::timing::{in_turns, Job};
use rosetta_types::Value;
use rosetta_world::{script, FlecsVersion, World};

/// The query both sides serialize.
pub const QUERY: &str = "Position, Velocity";

/// Rounds of [`in_turns`].
const ROUNDS: usize = 6;

/// `ROSETTA_BENCH_ENTITIES`, 1M by default.
pub fn entity_count() -> usize {
    std::env::var("ROSETTA_BENCH_ENTITIES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000_000)
}

/// Entity `i`'s Position and Velocity.
pub fn values(i: usize) -> ([f32; 2], [f32; 2]) {
    let x = (i % 4000) as f32 * 0.25;
    ([x, x + 1.0], [(i % 7) as f32, -2.5])
}

/// A Rosetta world of Flecs `version` with `n` entities that have both components.
pub fn rosetta_world(n: usize, version: FlecsVersion) -> World {
    let mut w = script::load_str_version(
        r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]],
            ["struct", "Velocity", [["x", "f32"], ["y", "f32"]]]]"#,
        version,
    )
    .expect("the types load")
    .world;
    let pos = w.lookup("Position").expect("Position");
    let vel = w.lookup("Velocity").expect("Velocity");
    let xy = |v: [f32; 2]| Value::Struct(v.iter().map(|&x| Value::F32(x)).collect());
    for i in 0..n {
        let (p, v) = values(i);
        let e = w.new_entity();
        w.set(e, pos, xy(p)).expect("Position");
        w.set(e, vel, xy(v)).expect("Velocity");
    }
    w.process_pending();
    w
}

/// Panics with where they part if the two outputs differ.
pub fn assert_same(ours: &str, theirs: &str) {
    if ours != theirs {
        let at = ours
            .bytes()
            .zip(theirs.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(ours.len().min(theirs.len()));
        let lo = at.saturating_sub(80);
        panic!(
            "outputs differ at byte {at}:\nrosetta {}\nflecs   {}",
            &ours[lo..(at + 80).min(ours.len())],
            &theirs[lo..(at + 80).min(theirs.len())]
        );
    }
}

/// Prints how long building a world took.
pub fn built<T>(what: &str, n: usize, build: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let w = build();
    eprintln!(
        "{what} world: {n} entities, built in {:.2?}",
        started.elapsed()
    );
    w
}

/// Measures the jobs (`rosetta` first, the peer second) with criterion in group `group`,
/// then, under `cargo bench`, the fastest of [`ROUNDS`] rounds in turns, with the ratio.
pub fn measure(group: &str, n: usize, size: usize, jobs: &mut [Job<'_>]) {
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(8))
        .sample_size(10)
        .configure_from_args();
    let mut g = c.benchmark_group(format!("{group}/{n}"));
    g.throughput(Throughput::Elements(n as u64));
    for (id, job) in jobs.iter_mut() {
        g.bench_function(*id, |b| b.iter(&mut *job));
    }
    g.finish();
    c.final_summary();

    if std::env::args().any(|a| a == "--bench") {
        // Seconds per run (in_turns gives nanoseconds).
        let best: Vec<f64> = in_turns(jobs, ROUNDS)
            .into_iter()
            .map(|ns| ns / 1e9)
            .collect();
        println!("\nfastest of {ROUNDS} rounds, {n} entities:");
        for ((name, _), t) in jobs.iter().zip(&best) {
            println!(
                "  {name:<8} {:>9.1} ms  {:>6.1} MB/s of JSON",
                t * 1e3,
                size as f64 / 1e6 / t
            );
        }
        println!(
            "  rosetta / flecs_c = {:.2}x (budget: at most 1x)",
            best[0] / best[1]
        );
    }
}
