//! The SpatialOS corpus (`shared/corpus/spatialos`) as the tests and the conformance runner
//! compile it: every repository directory's schema roots ([`roots`]), the compile plan of each
//! of its `.schema` files ([`plan`]), and the bundle JSON fixtures whose canonical paths imply
//! roots ([`find_bundle_fixtures`]).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use serde_json::Value;

pub mod plan;
pub mod roots;

use plan::{Context, RepoPlan};

/// Fixtures whose sources are in another directory of the corpus: (fixture, source directory),
/// both relative to the corpus directory.
pub const FIXTURE_SOURCES: &[(&str, &str)] = &[(
    // Compiled from project-example/schema/example.schema as of commit 43c7c57 (PROVENANCE.md).
    "spatialos-sdk-rs@93c53af/spatialos-sdk-code-generator/data/test.sb.json",
    "spatialos-sdk-rs@43c7c57",
)];

/// A bundle JSON fixture found in the corpus.
#[derive(Debug)]
pub struct BundleFixture {
    /// Path relative to the corpus directory.
    pub display: String,
    /// The repository directory that holds its sources.
    pub source_repo: String,
    /// The parsed fixture, or why it could not be read.
    pub json: Result<Value, String>,
}

impl BundleFixture {
    /// The canonical paths of the fixture's files (empty for a legacy or unreadable fixture).
    pub fn canonical_paths(&self) -> Vec<String> {
        let Ok(json) = &self.json else {
            return Vec::new();
        };
        json.get("schemaFiles")
            .and_then(Value::as_array)
            .map(|files| {
                files
                    .iter()
                    .filter_map(|f| f.get("canonicalPath")?.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    }
}

fn is_bundle_fixture(name: &str) -> bool {
    name == "exhaustive_bundle.json"
        || name == "test.sb.json"
        || name.ends_with(".bundle.json")
        || (name.starts_with("clash_") && name.ends_with(".json"))
}

/// Every bundle JSON fixture in the repository directories `repos`.
pub fn find_bundle_fixtures(corpus: &Path, repos: &[String]) -> Vec<BundleFixture> {
    let mut out = Vec::new();
    for repo in repos {
        for rel in roots::walk_files(&corpus.join(repo), ".json") {
            let name = rel.rsplit('/').next().unwrap_or(&rel);
            if !is_bundle_fixture(name) {
                continue;
            }
            let display = format!("{repo}/{rel}");
            let source_repo = FIXTURE_SOURCES
                .iter()
                .find(|(fixture, _)| *fixture == display)
                .map_or_else(|| repo.clone(), |(_, source)| (*source).to_owned());
            let json = read_json(&corpus.join(repo).join(&rel));
            out.push(BundleFixture {
                display,
                source_repo,
                json,
            });
        }
    }
    out
}

/// A JSON file, a leading byte-order mark allowed.
pub fn read_json(path: &Path) -> Result<Value, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| format!("not JSON: {e}"))
}

/// The `<repo>@<commit>` directories of the corpus, sorted.
pub fn repo_dirs(corpus: &Path) -> Vec<String> {
    let mut repos: Vec<String> = fs::read_dir(corpus)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains('@'))
        .collect();
    repos.sort();
    repos
}

/// The plan of every repository directory in `repos`, with the roots the bundle fixtures imply;
/// a directory whose files cannot be prepared is returned apart, with the reason.
pub fn plan_repos(
    ctx: &Context,
    repos: &[String],
    fixtures: &[BundleFixture],
) -> (BTreeMap<String, RepoPlan>, Vec<(String, String)>) {
    let mut wanted: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for fixture in fixtures {
        wanted
            .entry(&fixture.source_repo)
            .or_default()
            .extend(fixture.canonical_paths());
    }
    let mut plans = BTreeMap::new();
    let mut failed = Vec::new();
    for repo in repos {
        let paths = wanted.get(repo.as_str()).map_or(&[][..], Vec::as_slice);
        match RepoPlan::build(ctx, repo, paths) {
            Ok(plan) => {
                plans.insert(repo.clone(), plan);
            }
            Err(e) => failed.push((repo.clone(), format!("cannot prepare its files: {e}"))),
        }
    }
    (plans, failed)
}

#[cfg(test)]
mod tests {
    use super::is_bundle_fixture;

    #[test]
    fn fixture_names() {
        assert!(is_bundle_fixture("exhaustive_bundle.json"));
        assert!(is_bundle_fixture("clash_type_in_type.json"));
        assert!(is_bundle_fixture("test.sb.json"));
        assert!(is_bundle_fixture("test.bundle.json"));
        assert!(!is_bundle_fixture("Spells.json"));
    }
}
