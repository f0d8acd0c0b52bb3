//! Suite `spatialos-schema`: the schema compiler against the SpatialOS corpus.
//!
//! `rosetta-conformance spatialos-schema DIR` (DIR is typically `shared/corpus/spatialos`):
//! 1. every `.schema` file under DIR compiles on its own, with the schema roots its repository
//!    directory implies ([`roots`] documents how they are found);
//! 2. every bundle JSON and AST JSON fixture whose sources are in the corpus is reproduced
//!    ([`fixtures`]);
//! 3. Rosetta's own `schema/` matches the real standard library's compiled entries.
//!
//! `rosetta-conformance spatialos-schema FILE.schema` compiles one file: inside a corpus
//! repository directory (the nearest ancestor whose name has an `@`) with that directory's roots,
//! elsewhere with its package root and every ancestor of its directory as candidate roots (then
//! Rosetta's `schema/`).

mod compiler;
mod fixtures;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use rosetta_schema::{compile, CompileOptions};

use self::compiler::{compile_guarded, first_error};
use crate::guard;
use crate::report::Report;
use rosetta_devtools::corpus;
use rosetta_devtools::corpus::plan::{Context, PlanFile, RepoPlan};
use rosetta_devtools::corpus::roots::{self, IdAllocator};

/// Runs the suite on a corpus directory or on one `.schema` file.
pub fn run(path: &Path, report: &mut Report) -> Result<(), String> {
    let path = path
        .canonicalize()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if !path.is_dir() && !matches!(path.extension(), Some(e) if e == "schema") {
        return Err(format!(
            "{} is neither a directory nor a .schema file",
            path.display()
        ));
    }
    let work = tempfile::Builder::new()
        .prefix("rosetta-conformance-")
        .tempdir()
        .map_err(|e| format!("cannot create a scratch directory: {e}"))?;
    let work_dir = work
        .path()
        .canonicalize()
        .map_err(|e| format!("{}: {e}", work.path().display()))?;
    let our_stdlib = work_dir.join("rosetta-schema");
    crate::stdlib::materialize(&our_stdlib).map_err(|e| {
        format!(
            "cannot write Rosetta's schema/ to {}: {e}",
            our_stdlib.display()
        )
    })?;
    let make_ctx = |corpus: PathBuf| Context {
        corpus,
        work: work_dir.clone(),
        our_stdlib: our_stdlib.clone(),
        ids: IdAllocator::default(),
    };
    if path.is_dir() {
        run_corpus(&make_ctx(path), report)
    } else {
        run_file(&path, make_ctx, report)
    }
}

/// The `<repo>@<commit>` directories of a corpus, sorted.
fn plan_repos(
    ctx: &Context,
    repos: &[String],
    fixtures: &[fixtures::BundleFixture],
    report: &mut Report,
) -> BTreeMap<String, RepoPlan> {
    let (plans, failed) = corpus::plan_repos(ctx, repos, fixtures);
    for (repo, reason) in failed {
        report.fail(&format!("plan {repo}"), &reason);
    }
    plans
}

fn run_corpus(ctx: &Context, report: &mut Report) -> Result<(), String> {
    let repos = corpus::repo_dirs(&ctx.corpus);
    if repos.is_empty() {
        return Err(format!(
            "{} has no <repo>@<commit> directories: is it the SpatialOS corpus?",
            ctx.corpus.display()
        ));
    }
    let bundle_fixtures = fixtures::find_bundle_fixtures(&ctx.corpus, &repos);
    let plans = plan_repos(ctx, &repos, &bundle_fixtures, report);

    for plan in plans.values() {
        for file in &plan.files {
            report.record(
                &compile_label(file),
                compile_guarded(plan, &[file]).map(|_| ()),
            );
        }
    }
    for fixture in &bundle_fixtures {
        fixtures::check_bundle(fixture, &plans, report);
    }
    fixtures::check_ast(ctx, &plans, report);
    fixtures::check_interfaces(ctx, report);
    Ok(())
}

fn run_file(
    path: &Path,
    make_ctx: impl FnOnce(PathBuf) -> Context,
    report: &mut Report,
) -> Result<(), String> {
    // Inside a corpus repository directory: that directory's plan.
    let repo_dir = path.ancestors().skip(1).find(|dir| {
        dir.file_name()
            .is_some_and(|n| n.to_string_lossy().contains('@'))
    });
    if let Some((repo_dir, corpus)) = repo_dir.and_then(|d| Some((d, d.parent()?))) {
        let ctx = make_ctx(corpus.to_path_buf());
        let repo = repo_dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned());
        let repos: Vec<String> = repo.into_iter().collect();
        let bundle_fixtures = fixtures::find_bundle_fixtures(&ctx.corpus, &repos);
        let plans = plan_repos(&ctx, &repos, &bundle_fixtures, report);
        let rel = path
            .strip_prefix(repo_dir)
            .map_err(|_| format!("{} is not under {}", path.display(), repo_dir.display()))?;
        let rel = rel.to_string_lossy().replace('\\', "/");
        for plan in plans.values() {
            match plan.by_rel(&rel) {
                Some(file) => {
                    report.record(
                        &compile_label(file),
                        compile_guarded(plan, &[file]).map(|_| ()),
                    );
                }
                None => return Err(format!("{} is not a .schema file", path.display())),
            }
        }
        return Ok(());
    }

    // Anywhere else: the package root, then every ancestor, then Rosetta's schema/.
    let ctx = make_ctx(path.parent().unwrap_or(path).to_path_buf());
    let text = fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("/"));
    let mut schema_paths: Vec<PathBuf> = Vec::new();
    if let Some(package) = roots::package_of(&text) {
        let names: Vec<String> = dir
            .iter()
            .map(|name| name.to_string_lossy().into_owned())
            .collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let depth = roots::package_depth(&names, &package);
        schema_paths.extend(dir.ancestors().nth(depth).map(Path::to_path_buf));
    }
    for ancestor in dir.ancestors() {
        if !schema_paths.iter().any(|p| p == ancestor) {
            schema_paths.push(ancestor.to_path_buf());
        }
    }
    schema_paths.push(ctx.our_stdlib.clone());
    let options = CompileOptions {
        schema_paths,
        load_all: false,
        files: vec![path.to_path_buf()],
    };
    let outcome = match guard::catch(|| compile(&options)) {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(diagnostics)) => Err(first_error(&diagnostics, None)),
        Err(panic) => Err(panic),
    };
    report.record(&format!("compile {}", path.display()), outcome);
    Ok(())
}

fn compile_label(file: &PlanFile) -> String {
    if file.templated {
        format!(
            "compile {} (as {}, {{{{id}}}} replaced)",
            file.display, file.canonical
        )
    } else {
        format!("compile {}", file.display)
    }
}
