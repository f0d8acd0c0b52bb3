//! The runner's output: one line per failure or skip, and the closing count.

use std::io::{self, Write};

/// Collects results and prints them as they come.
///
/// Lines: `FAIL <what>: <reason>` for a failed check, `skip <what>: <why>` for something that
/// does not apply (not counted), `ok <what>` for a passed check when verbose, and at the end
/// exactly `N passed, M failed`.
#[derive(Debug, Default)]
pub struct Report {
    passed: usize,
    failed: usize,
    verbose: bool,
}

impl Report {
    /// A report that prints `ok` lines too when `verbose` is set.
    pub fn new(verbose: bool) -> Self {
        Report {
            verbose,
            ..Report::default()
        }
    }

    /// Records a passed check.
    pub fn pass(&mut self, what: &str) {
        self.passed += 1;
        if self.verbose {
            line(&format!("ok {what}"));
        }
    }

    /// Records a failed check.
    pub fn fail(&mut self, what: &str, reason: &str) {
        self.failed += 1;
        line(&format!("FAIL {what}: {}", one_line(reason)));
    }

    /// Records something that does not apply; it is not counted.
    pub fn skip(&mut self, what: &str, why: &str) {
        line(&format!("skip {what}: {}", one_line(why)));
    }

    /// Records a check by its outcome.
    pub fn record(&mut self, what: &str, outcome: Result<(), String>) {
        match outcome {
            Ok(()) => self.pass(what),
            Err(reason) => self.fail(what, &reason),
        }
    }

    /// How many checks failed so far.
    pub fn failed(&self) -> usize {
        self.failed
    }

    /// Prints the closing line, `N passed, M failed`.
    pub fn finish(&self) {
        line(&format!("{} passed, {} failed", self.passed, self.failed));
    }
}

fn line(text: &str) {
    let mut out = io::stdout().lock();
    // A closed standard output leaves nothing to report to.
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}

/// Keeps a reason on one line so that every result stays one line.
fn one_line(text: &str) -> String {
    let mut parts = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let mut out = parts.next().unwrap_or("").to_owned();
    for part in parts {
        out.push_str(" | ");
        out.push_str(part);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::one_line;

    #[test]
    fn reasons_are_kept_on_one_line() {
        assert_eq!(one_line("a\n  b\n\nc"), "a | b | c");
        assert_eq!(one_line(""), "");
    }
}
