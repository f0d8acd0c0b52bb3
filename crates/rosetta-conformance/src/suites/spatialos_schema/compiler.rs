//! Compiling with a repository's plan, a panic or the first error diagnostic as the reason:
//! what the corpus files and the fixtures both compile through.

use std::path::Path;

use rosetta_schema::{compile, CompileOptions, Compiled, Diagnostics, Severity};

use crate::guard;
use rosetta_devtools::corpus::plan::{self, PlanFile, RepoPlan};

/// Compiles `files` of `plan` together (without `load_all`), with their roots first; a panic or
/// the first error becomes the reason.
pub(super) fn compile_guarded(plan: &RepoPlan, files: &[&PlanFile]) -> Result<Compiled, String> {
    let homes = plan::unique(files.iter().map(|f| f.home_root.clone()));
    let options = CompileOptions {
        schema_paths: plan.schema_paths(&homes),
        load_all: false,
        files: files.iter().map(|f| f.compile_path.clone()).collect(),
    };
    match guard::catch(|| compile(&options))? {
        Ok(compiled) => Ok(compiled),
        Err(diagnostics) => Err(first_error(&diagnostics, Some(plan))),
    }
}

/// `file:line:column: message` of the first error, naming copied files by their corpus path.
pub(super) fn first_error(diagnostics: &Diagnostics, plan: Option<&RepoPlan>) -> String {
    let errors: Vec<_> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    let Some(first) = errors.first() else {
        return "compilation failed without an error diagnostic".to_owned();
    };
    let file = plan
        .and_then(|plan| {
            plan.files
                .iter()
                .find(|f| f.compile_path == Path::new(&first.file))
                .map(|f| f.display.clone())
        })
        .unwrap_or_else(|| first.file.clone());
    let more = match errors.len() {
        1 => String::new(),
        n => format!(" (and {} more)", n - 1),
    };
    format!(
        "{file}:{}:{}: {}{more}",
        first.line, first.column, first.message
    )
}
