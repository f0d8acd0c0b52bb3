//! Printing the reports of `rosetta_json::o3de` (loads, stores, patches, imports) on standard
//! error, shared by `rosetta convert` (the `json` format) and `rosetta json`.
//!
//! With `--report` every report is printed, one a line (`<outcome> <JSON Pointer or (root)>
//! <message>`), then the combined result code; without it only those of outcome Unavailable or
//! worse are printed, as warnings. The first report that halted becomes the error's text.

use std::io::Write;

use rosetta_json::o3de::{Outcome, Report, Reporter, ResultCode};

use crate::error::readable;

/// The reporter of one load, store, patch or import resolution: prints reports to standard
/// error and keeps the first one that halted, to be the error.
pub struct Printer {
    /// Print every report and the result code (`--report`); otherwise only warnings.
    all: bool,
    /// The first halting report, as the error's text.
    halted: Option<String>,
    /// The first report of outcome Unavailable or worse, as the error's text when the caller
    /// treats a result that did not halt as a failure.
    severe: Option<String>,
    /// Strict mode: a report that strict mode turns into the error is not also a warning.
    strict: bool,
}

impl Printer {
    /// A printer of every report (`all`, `--report`) or of the warnings only.
    pub fn new(all: bool) -> Self {
        Printer {
            all,
            halted: None,
            severe: None,
            strict: false,
        }
    }

    /// For a load or store in strict mode, where the first report that is not plainly accepted
    /// becomes the error: it is not printed as a warning as well.
    pub fn strict(mut self, strict: bool) -> Self {
        self.strict = strict;
        self
    }

    /// The end of one operation: prints its combined code with `--report`; a halted code is an
    /// error, said with the report that halted it.
    pub fn finish(&mut self, code: ResultCode) -> Result<(), String> {
        if self.all {
            eprint_line(&format!("result: {code}"));
        }
        if !code.halted() {
            return Ok(());
        }
        Err(self.failure(code))
    }

    /// The error's text for `code`: the report that halted, or else the first of outcome
    /// Unavailable or worse, or else the code itself.
    pub fn failure(&mut self, code: ResultCode) -> String {
        self.halted
            .take()
            .or_else(|| self.severe.take())
            .unwrap_or_else(|| format!("processing halted: {code}"))
    }
}

impl Reporter for Printer {
    fn report(&mut self, report: &Report<'_>) -> ResultCode {
        let line = report_line(report);
        let halts = report.code.halted();
        let severe = report.code.outcome() >= Outcome::Unavailable;
        if self.all {
            eprint_line(&line);
        } else if severe && !halts && !self.strict {
            // A warning is for reading: a deep JSON Pointer keeps its two ends. `--report`
            // lines stay whole, for tools.
            eprint_line(&format!("warning: {}", readable(&line)));
        }
        if severe || halts {
            let place = match report.path {
                "" => " (at the document root)".to_owned(),
                path => format!(" (at {path})"),
            };
            let text = format!(
                "{} [{}]{place}",
                report.message,
                report.code.outcome().name()
            );
            if halts && self.halted.is_none() {
                self.halted = Some(text.clone());
            }
            if self.severe.is_none() {
                self.severe = Some(text);
            }
        }
        report.code
    }
}

/// `<outcome> <JSON Pointer or (root)> <message>`, and ` (coerced)` for a coercion.
pub fn report_line(report: &Report<'_>) -> String {
    let path = if report.path.is_empty() {
        "(root)"
    } else {
        report.path
    };
    let coerced = if report.coerced { " (coerced)" } else { "" };
    format!(
        "{} {path} {}{coerced}",
        report.code.outcome().name(),
        report.message
    )
}

fn eprint_line(line: &str) {
    // Nothing useful can be done when standard error itself is gone.
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}
