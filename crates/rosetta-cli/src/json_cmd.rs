//! `rosetta json patch apply|create` and `rosetta json imports`: O3DE's JSON utilities
//! ([`rosetta_json::o3de::patch`] and [`rosetta_json::o3de::import`]) on JSON files.
//!
//! Inputs are files (`-` for standard input, for one of them); outputs are written pretty with
//! a 4-space indent and a final newline, as the `json` format of `rosetta convert` writes them,
//! to `-o FILE` or standard output. Reports go to standard error through the shared
//! [`Printer`]; a halting outcome is an error (exit 1).

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use rosetta_json::o3de::{
    apply_patch, create_patch, resolve_imports, FileLoader, Outcome, PatchStyle,
};
use serde_json::Value;

use crate::error::CliError;
use crate::files::{input_name, read_input, write_all};
use crate::output::Output;
use crate::reports::Printer;

/// Examples shown by `rosetta json --help`.
pub const JSON_EXAMPLES: &str = "\
JSON is read strictly (a syntax error is said as file:line:column) and written pretty, with a
4-space indent and a final newline, to -o FILE or standard output. Reports of what happened to
each value go to standard error as with `rosetta convert --report`: with --report every report
(`<outcome> <JSON Pointer or (root)> <message>`) and the combined result; without it only those
of outcome Unavailable or worse, as warnings. A halting outcome (TypeMismatch, Missing, Invalid,
TestFailed, Unknown, Catastrophic, ...) is an error, said with its outcome and JSON Pointer.
The exit status is 0 on success, 1 on an error, 2 on a usage error.

Examples:
  # apply an RFC 6902 JSON Patch, or an RFC 7386 Merge Patch
  rosetta json patch apply examples/json/level.json examples/json/fix.patch.json \\
      -o target/level.fixed.json
  rosetta json patch apply --merge examples/json/level.json examples/json/overrides.json
  # the patch that turns one file into another, and back again
  rosetta json patch create examples/json/level.json examples/json/level.v2.json \\
      -o target/change.patch.json
  rosetta json patch apply examples/json/level.json target/change.patch.json  # level.v2.json
  # resolve {\"$import\": \"physics.json\"} directives (relative to the file)
  rosetta json imports examples/json/level.json -o target/level.resolved.json";

const APPLY_EXAMPLES: &str = "\
With --merge the patch is an RFC 7386 JSON Merge Patch (a document that mirrors the target;
`null` removes a member); otherwise an RFC 6902 JSON Patch (an array of add, remove, replace,
move, copy and test operations). A patch that is not an array, an operation that is not an
object (TypeMismatch), a missing op/path/value/from (Missing), a bad pointer or index (Invalid),
a failed test (TestFailed) or an unknown op (Unknown) is an error, said with the JSON Pointer of
the patch entry.

Examples:
  rosetta json patch apply examples/json/level.json examples/json/fix.patch.json \\
      -o target/level.fixed.json
  # a merge patch from standard input: rename, and remove `enemies`
  echo '{\"name\": \"Clearing\", \"enemies\": null}' | \\
      rosetta json patch apply --merge examples/json/level.json -";

const PATCH_EXAMPLES: &str = "\
Examples:
  rosetta json patch apply examples/json/level.json examples/json/fix.patch.json
  rosetta json patch create --merge examples/json/level.json examples/json/level.v2.json";

const CREATE_EXAMPLES: &str = "\
The JSON Patch is O3DE's positional diff (add, remove and replace; no move or copy); the merge
patch (--merge) writes `null` for a member absent from TARGET. A `null` in TARGET that a merge
patch cannot express (as the root, or a member not already `null` in SOURCE) is an error
(Unsupported). Applying the patch to SOURCE gives TARGET.

Examples:
  rosetta json patch create examples/json/level.json examples/json/level.v2.json \\
      -o target/change.patch.json
  rosetta json patch create --merge examples/json/level.json examples/json/level.v2.json";

const IMPORTS_EXAMPLES: &str = "\
A directive is {\"$import\": \"file.json\"} or {\"$import\": {\"filename\": \"file.json\", \"patch\":
{...}}}: the object holding it becomes the imported document (with its own imports resolved
relative to its own directory), then `patch` is applied as a JSON Merge Patch. File names are
relative to FILE's directory (the current directory for standard input). A file that cannot be
read or parsed, and a cycle (a file importing itself, directly or not), are errors naming the
files.

Examples:
  rosetta json imports examples/json/level.json -o target/level.resolved.json";

/// `rosetta json …`
#[derive(Debug, Subcommand)]
pub enum JsonCommand {
    /// Apply or create JSON Patches (RFC 6902) and JSON Merge Patches (RFC 7386).
    #[command(subcommand, after_help = PATCH_EXAMPLES)]
    Patch(PatchCommand),
    /// Resolve the `$import` directives of a JSON file and write the resolved document.
    #[command(after_help = IMPORTS_EXAMPLES)]
    Imports(ImportsArgs),
}

/// `rosetta json patch …`
#[derive(Debug, Subcommand)]
pub enum PatchCommand {
    /// Apply PATCH to TARGET and write the result.
    #[command(after_help = APPLY_EXAMPLES)]
    Apply(ApplyArgs),
    /// Write the patch that turns SOURCE into TARGET.
    #[command(after_help = CREATE_EXAMPLES)]
    Create(CreateArgs),
}

/// What every `rosetta json` command shares: the output and the reports.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// The output file; standard output when left out or `-`.
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: Option<PathBuf>,

    /// Print every report to standard error, one a line (`<outcome> <JSON Pointer or (root)>
    /// <message>`), then the combined result (`result: <code>`). Without it, only reports of
    /// Unavailable or worse are printed, as warnings.
    #[arg(long)]
    pub report: bool,
}

/// Arguments of `rosetta json patch apply`.
#[derive(Debug, Args)]
pub struct ApplyArgs {
    /// The patch is an RFC 7386 JSON Merge Patch (by default: an RFC 6902 JSON Patch).
    #[arg(long)]
    pub merge: bool,

    /// The JSON document to patch (`-` for standard input).
    #[arg(value_name = "TARGET")]
    pub target: PathBuf,

    /// The patch (`-` for standard input).
    #[arg(value_name = "PATCH")]
    pub patch: PathBuf,

    /// The output and the reports.
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Arguments of `rosetta json patch create`.
#[derive(Debug, Args)]
pub struct CreateArgs {
    /// Create an RFC 7386 JSON Merge Patch (by default: an RFC 6902 JSON Patch).
    #[arg(long)]
    pub merge: bool,

    /// The document the patch applies to (`-` for standard input).
    #[arg(value_name = "SOURCE")]
    pub source: PathBuf,

    /// The document the patch produces (`-` for standard input).
    #[arg(value_name = "TARGET")]
    pub target: PathBuf,

    /// The output and the reports.
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Arguments of `rosetta json imports`.
#[derive(Debug, Args)]
pub struct ImportsArgs {
    /// The JSON file whose imports to resolve (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// The output and the reports.
    #[command(flatten)]
    pub out: OutputArgs,
}

/// Runs a `rosetta json` command.
pub fn run(command: JsonCommand) -> Result<(), CliError> {
    match command {
        JsonCommand::Patch(PatchCommand::Apply(args)) => apply(&args),
        JsonCommand::Patch(PatchCommand::Create(args)) => create(&args),
        JsonCommand::Imports(args) => imports(&args),
    }
}

fn style(merge: bool) -> PatchStyle {
    if merge {
        PatchStyle::MergePatch
    } else {
        PatchStyle::JsonPatch
    }
}

fn apply(args: &ApplyArgs) -> Result<(), CliError> {
    one_stdin(&args.target, &args.patch)?;
    let output = open_output(&args.out)?;
    let mut target = read_json(&args.target)?;
    let patch = read_json(&args.patch)?;
    let mut printer = Printer::new(args.out.report);
    let code = apply_patch(&mut target, &patch, style(args.merge), &mut printer);
    printer.finish(code).map_err(|message| CliError::Data {
        path: args.patch.clone(),
        message: format!("the patch cannot be applied: {message}"),
    })?;
    write_json(output, &target)
}

fn create(args: &CreateArgs) -> Result<(), CliError> {
    one_stdin(&args.source, &args.target)?;
    let output = open_output(&args.out)?;
    let source = read_json(&args.source)?;
    let target = read_json(&args.target)?;
    let mut printer = Printer::new(args.out.report);
    let (patch, code) = create_patch(&source, &target, style(args.merge), &mut printer);
    let failed = |message: String| CliError::Data {
        path: args.target.clone(),
        message: format!("the patch cannot be created: {message}"),
    };
    printer.finish(code).map_err(failed)?;
    if !matches!(code.outcome(), Outcome::Success | Outcome::DefaultsUsed) {
        return Err(failed(printer.failure(code)));
    }
    write_json(output, &patch)
}

fn imports(args: &ImportsArgs) -> Result<(), CliError> {
    let output = open_output(&args.out)?;
    let mut doc = read_json(&args.file)?;
    let base = if args.file == Path::new("-") {
        PathBuf::from("<stdin>")
    } else {
        args.file.clone()
    };
    let mut printer = Printer::new(args.out.report);
    let (code, _records) = resolve_imports(&mut doc, &base, &mut FileLoader, &mut printer);
    printer.finish(code).map_err(|message| CliError::Data {
        path: args.file.clone(),
        message: format!("the imports cannot be resolved: {message}"),
    })?;
    write_json(output, &doc)
}

/// At most one of two inputs may be standard input.
fn one_stdin(a: &Path, b: &Path) -> Result<(), CliError> {
    if a == Path::new("-") && b == Path::new("-") {
        return Err(CliError::Usage {
            argument: "-".into(),
            message: "only one of the inputs can be standard input".into(),
        });
    }
    Ok(())
}

/// The JSON document in `path` (`-`: standard input), read as O3DE reads its files: comments
/// and a byte order mark allowed. An object with two members of one name is refused: a
/// patch operation with two `op`s means neither (RFC 6902, A.13), and in a document one of the
/// two would be lost unseen. An error is said as `file:line:column: message`.
fn read_json(path: &Path) -> Result<Value, CliError> {
    let bytes = read_input(path)?;
    let text = std::str::from_utf8(&bytes).map_err(|e| CliError::Data {
        path: path.to_owned(),
        message: format!("the input is not UTF-8: {e}"),
    })?;
    rosetta_json::o3de::parse_unique_document(text).map_err(|e| {
        let text = e.to_string();
        let suffix = format!(" at line {} column {}", e.line(), e.column());
        let message = text.strip_suffix(&suffix).unwrap_or(&text);
        // `file:line:column: message`, as schema errors are said; serde_json says column 0
        // at the start of a line, where `convert` says 1.
        let column = e.column().max(1);
        CliError::Data {
            path: PathBuf::from(format!(
                "{}:{}:{column}",
                input_name(path).display(),
                e.line()
            )),
            message: message.to_owned(),
        }
    })
}

/// The output (`-o`, standard output by default), opened and checked before the work.
fn open_output(out: &OutputArgs) -> Result<Output, CliError> {
    Output::open(out.output.as_deref().unwrap_or(Path::new("-")))
}

/// Writes `value` pretty (4-space indent, final newline) to the output.
fn write_json(mut output: Output, value: &Value) -> Result<(), CliError> {
    let text = serde_json::to_string_pretty(value)
        .map_err(|e| CliError::Internal(format!("the JSON cannot be written: {e}")))?;
    // serde_json indents with 2 spaces; a line of its output starts with its indent and then a
    // token (a newline inside a string is escaped), so doubling the leading spaces re-indents.
    let mut bytes = String::with_capacity(text.len() * 2);
    for line in text.lines() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        bytes.push_str(&" ".repeat(indent));
        bytes.push_str(line);
        bytes.push('\n');
    }
    write_all(&mut output, bytes.as_bytes())?;
    output.finish()
}
