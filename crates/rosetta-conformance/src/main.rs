//! `rosetta-conformance SUITE PATH`: runs a conformance suite on corpus files and prints one line
//! per failure (`FAIL <what>: <reason>`), one per thing not applicable (`skip <what>: <why>`),
//! and last `N passed, M failed`. Exit status: 0 when nothing failed, 1 when something did, 2 on
//! a usage or setup error.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod guard;
mod json_diff;
mod report;
mod stdlib;
mod suites;

use std::path::PathBuf;
use std::process::ExitCode;

use crate::report::Report;

fn usage() -> String {
    let mut text = String::from(
        "usage: rosetta-conformance [--verbose] SUITE PATH\n\n\
         Prints `FAIL <what>: <reason>` per failed check, `skip <what>: <why>` per thing that\n\
         does not apply, `ok <what>` per passed check with --verbose, and last\n\
         `N passed, M failed`. Exits 1 when a check failed, 2 on a usage error.\n\nsuites:\n",
    );
    for suite in suites::SUITES {
        text.push_str(&format!("  {:<18} {}\n", suite.name, suite.about));
    }
    text.push_str(
        "\nexample:\n  rosetta-conformance spatialos-schema ../shared/corpus/spatialos\n",
    );
    text
}

fn main() -> ExitCode {
    let mut verbose = false;
    let mut positional = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.to_str() {
            Some("-h" | "--help") => {
                print!("{}", usage());
                return ExitCode::SUCCESS;
            }
            Some("-v" | "--verbose") => verbose = true,
            Some(flag) if flag.starts_with('-') && flag.len() > 1 => {
                eprintln!("error: unknown option {flag}\n\n{}", usage());
                return ExitCode::from(2);
            }
            _ => positional.push(arg),
        }
    }
    let [suite_name, path] = positional.as_slice() else {
        eprintln!("error: expected SUITE and PATH\n\n{}", usage());
        return ExitCode::from(2);
    };
    let Some(suite) = suite_name.to_str().and_then(suites::find) else {
        eprintln!(
            "error: unknown suite {}\n\n{}",
            suite_name.to_string_lossy(),
            usage()
        );
        return ExitCode::from(2);
    };
    let mut report = Report::new(verbose);
    if let Err(message) = (suite.run)(&PathBuf::from(path), &mut report) {
        eprintln!("error: {message}");
        return ExitCode::from(2);
    }
    report.finish();
    if report.failed() > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
