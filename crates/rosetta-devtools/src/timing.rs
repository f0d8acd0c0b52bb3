//! Timing contenders in turns, for the benchmarks' ratio tables (after criterion's own runs).

use std::time::{Duration, Instant};

/// A named job to time: one run of the work.
pub type Job<'a> = (&'static str, Box<dyn FnMut() + 'a>);

/// The fastest time per run of each job, in nanoseconds, timed in `rounds` rounds that take
/// turns (each round in another order).
///
/// Noise on a shared machine comes in bursts of seconds to minutes and only ever adds time:
/// timed one after the other, one contender can spend its whole measurement in a burst that
/// another misses; timed in turns, all meet the same bursts, and the fastest round of each is
/// its steadiest figure. A job that takes less than 10 ms is run as many times as fill 10 ms
/// per round, so that the clock's resolution does not count.
///
/// ```
/// use rosetta_devtools::timing::{in_turns, Job};
/// let mut jobs: Vec<Job<'_>> = vec![("sum", Box::new(|| {
///     std::hint::black_box((0..1000u64).sum::<u64>());
/// }))];
/// let ns = in_turns(&mut jobs, 3);
/// assert!(ns[0] > 0.0);
/// ```
pub fn in_turns(jobs: &mut [Job<'_>], rounds: usize) -> Vec<f64> {
    const BATCH: Duration = Duration::from_millis(10);
    // Runs per round: as many as fill one batch, warm.
    let runs: Vec<u32> = jobs
        .iter_mut()
        .map(|(_, job)| {
            let start = Instant::now();
            let mut n = 0u32;
            while start.elapsed() < BATCH {
                job();
                n += 1;
            }
            n
        })
        .collect();
    let mut best = vec![f64::INFINITY; jobs.len()];
    for round in 0..rounds {
        for k in 0..jobs.len() {
            let i = (k + round) % jobs.len();
            let start = Instant::now();
            for _ in 0..runs[i] {
                (jobs[i].1)();
            }
            let per_run = start.elapsed().as_nanos() as f64 / f64::from(runs[i]);
            best[i] = best[i].min(per_run);
        }
    }
    best
}
