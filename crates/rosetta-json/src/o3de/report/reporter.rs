//! The reporter: every load, store, patch and import tells it what happened to each value, with
//! a message, the [`ResultCode`] and the JSON Pointer of the value.

use crate::o3de::report::result::ResultCode;

/// One thing that happened to one value.
#[derive(Debug, Clone, Copy)]
pub struct Report<'a> {
    /// What happened, for people (`"read a bool from the string \"TRUE\""`).
    pub message: &'a str,
    /// The result for this value.
    pub code: ResultCode,
    /// The JSON Pointer (RFC 6901) of the value: in the input on a load, in the output on a
    /// store. The root is `""`.
    pub path: &'a str,
    /// Whether the value was coerced from another JSON kind or form (a bool from a string, an
    /// integer from a float, a color from `HEX`): loaded successfully, but not as written.
    pub coerced: bool,
}

/// Receives [`Report`]s. What it returns replaces the reported code, so a reporter can escalate
/// an outcome (to [`Outcome::Catastrophic`](crate::o3de::Outcome::Catastrophic), say) to halt
/// processing, as O3DE's `JsonIssueCallback` can.
///
/// Any `FnMut(&Report) -> ResultCode` is a reporter:
///
/// ```
/// use rosetta_json::o3de::{Report, ResultCode};
/// let mut seen = Vec::new();
/// let mut reporter = |r: &Report| -> ResultCode {
///     seen.push(format!("{} {}", r.path, r.code.outcome().name()));
///     r.code
/// };
/// # let _ = &mut reporter;
/// ```
pub trait Reporter {
    /// Called once per report.
    fn report(&mut self, report: &Report<'_>) -> ResultCode;
}

impl<F: FnMut(&Report<'_>) -> ResultCode> Reporter for F {
    fn report(&mut self, report: &Report<'_>) -> ResultCode {
        self(report)
    }
}

/// A reporter that keeps every code unchanged and ignores the messages.
#[derive(Debug, Default, Clone, Copy)]
pub struct Quiet;

impl Reporter for Quiet {
    fn report(&mut self, report: &Report<'_>) -> ResultCode {
        report.code
    }
}

/// A reporter that keeps every report, owned, and every code unchanged.
#[derive(Debug, Default, Clone)]
pub struct Collect {
    /// `(message, code, path, coerced)` in the order reported.
    pub reports: Vec<OwnedReport>,
}

/// A [`Report`] that owns its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedReport {
    /// The message.
    pub message: String,
    /// The code.
    pub code: ResultCode,
    /// The JSON Pointer.
    pub path: String,
    /// Whether it was a coercion.
    pub coerced: bool,
}

impl Reporter for Collect {
    fn report(&mut self, report: &Report<'_>) -> ResultCode {
        self.reports.push(OwnedReport {
            message: report.message.to_owned(),
            code: report.code,
            path: report.path.to_owned(),
            coerced: report.coerced,
        });
        report.code
    }
}
