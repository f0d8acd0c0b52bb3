//! Compiler-output fixtures of the corpus and how each is reproduced.
//!
//! - **Bundle JSON** (`**/exhaustive_bundle.json`, `**/clash_*.json`, `**/test.sb.json`,
//!   `**/*.bundle.json`): the fixture's files whose sources are in the corpus are compiled
//!   together, and each one's `schemaFiles` entry is compared with ours as parsed JSON. The
//!   format follows the keys it has (see [`fixture_format`]); ours is `Compiled::bundle_for(format)` written in that format.
//!   Legacy 13.x fixtures (`{"v1": …}`) are skipped, and so are entries whose source is not in
//!   the corpus (the SDK's standard library, Improbable's unpublished test schemas).
//! - **AST JSON** ([`AST_FIXTURES`]): every `.schema` file of the source directory is compiled
//!   together and each fixture is compared with our output for its source. The `completePath`
//!   value is ignored: the fixtures hold the absolute Windows path of the machine that wrote
//!   them (`D:\Projects\...`).
//! - **Interfaces** ([`INTERFACES`]): Rosetta's own `schema/` is compiled and compared with the
//!   real library's entries in a fixture, ignoring every `sourceReference` (our files are laid
//!   out differently; names, ids, numbers, types and order must match).

use std::collections::BTreeMap;

use rosetta_schema::bundle::{self, BundleFormat};
use rosetta_schema::CompileOptions;
use serde_json::Value;

use rosetta_devtools::corpus::plan::{Context, PlanFile, RepoPlan};
use rosetta_devtools::corpus::roots;
pub use rosetta_devtools::corpus::{find_bundle_fixtures, read_json, BundleFixture};

use super::compiler::{compile_guarded, first_error};
use crate::guard;
use crate::json_diff::first_difference;
use crate::report::Report;

/// AST JSON fixtures: (repository directory, fixture directory, source root), the last two
/// relative to the repository directory. `<fixtures>/a/B.json` is the AST of `<sources>/a/B.schema`.
pub const AST_FIXTURES: &[(&str, &str, &str)] = &[(
    "go-worker-api@5c60e1d",
    "generator/schema_json",
    "generator/schema",
)];

/// Files of Rosetta's `schema/` and the fixture (relative to the corpus directory) holding the
/// real library's compiled entry for each.
pub const INTERFACES: &[(&str, &str)] = &[
    ("improbable/standard_library.schema", V15_EXHAUSTIVE),
    (
        "improbable/restricted/system_components.schema",
        V15_EXHAUSTIVE,
    ),
    ("improbable/vector3.schema", V14_EXHAUSTIVE),
];

const V15_EXHAUSTIVE: &str = "gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenTemplate/CodeGenerationLib/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json";
const V14_EXHAUSTIVE: &str = "gdk-for-unity@108fb14/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenerator/CodeGeneration/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json";

/// The bundle format a fixture was written in: 14.x when fields have a `transient` key and files
/// no `componentSets`, early 15.x when they have both, else 15.x.
pub fn fixture_format(json: &Value) -> BundleFormat {
    match (has_transient(json), has_component_sets(json)) {
        (true, true) => BundleFormat::V15Early,
        (true, false) => BundleFormat::V14,
        _ => BundleFormat::V15,
    }
}

fn has_transient(value: &Value) -> bool {
    match value {
        Value::Object(map) => {
            let is_field = map.contains_key("fieldId");
            (is_field && map.contains_key("transient")) || map.values().any(has_transient)
        }
        Value::Array(items) => items.iter().any(has_transient),
        _ => false,
    }
}

fn has_component_sets(json: &Value) -> bool {
    json.get("schemaFiles")
        .and_then(Value::as_array)
        .is_some_and(|files| files.iter().any(|f| f.get("componentSets").is_some()))
}

/// Reproduces one bundle fixture: one check per file whose source is in the corpus.
pub fn check_bundle(
    fixture: &BundleFixture,
    plans: &BTreeMap<String, RepoPlan>,
    report: &mut Report,
) {
    let what = |canonical: &str| format!("bundle {} [{canonical}]", fixture.display);
    let json = match &fixture.json {
        Ok(json) => json,
        Err(reason) => return report.fail(&format!("bundle {}", fixture.display), reason),
    };
    if json.get("v1").is_some() {
        return report.skip(
            &format!("bundle {}", fixture.display),
            "legacy 13.x bundle format ({\"v1\": ...}), which the compiler does not write",
        );
    }
    let Some(entries) = json.get("schemaFiles").and_then(Value::as_array) else {
        return report.fail(
            &format!("bundle {}", fixture.display),
            "no schemaFiles array",
        );
    };
    let Some(plan) = plans.get(&fixture.source_repo) else {
        return report.skip(
            &format!("bundle {}", fixture.display),
            &format!(
                "its source directory {} is not in the corpus",
                fixture.source_repo
            ),
        );
    };
    let mut matched: Vec<(usize, &Value, &PlanFile)> = Vec::new();
    let mut missing = Vec::new();
    for (index, entry) in entries.iter().enumerate() {
        let canonical = entry
            .get("canonicalPath")
            .and_then(Value::as_str)
            .unwrap_or("");
        match plan.by_canonical(canonical) {
            Some(file) => matched.push((index, entry, file)),
            None => missing.push(canonical),
        }
    }
    if !missing.is_empty() {
        report.skip(
            &format!("bundle {}", fixture.display),
            &format!(
                "{} of {} files have no source in {}: {}",
                missing.len(),
                entries.len(),
                fixture.source_repo,
                missing.join(", ")
            ),
        );
    }
    if matched.is_empty() {
        return;
    }
    let format = fixture_format(json);
    let files: Vec<&PlanFile> = matched.iter().map(|(_, _, f)| *f).collect();
    let ours = compile_guarded(plan, &files).and_then(|compiled| {
        let text = guard::catch(|| bundle::to_json(&compiled.bundle_for(format), format))?;
        let value: Value = serde_json::from_str(&text)
            .map_err(|e| format!("our bundle JSON does not parse: {e}"))?;
        Ok(entries_by_path(&value))
    });
    for (index, expected, file) in matched {
        let outcome = match &ours {
            Err(reason) => Err(reason.clone()),
            Ok(ours) => match ours.get(&file.canonical) {
                None => Err("no schemaFiles entry for it in our bundle".to_owned()),
                Some(actual) => compare(expected, actual, &format!("/schemaFiles/{index}")),
            },
        };
        report.record(&what(&file.canonical), outcome);
    }
}

/// Reproduces the AST JSON fixtures of the corpus.
pub fn check_ast(ctx: &Context, plans: &BTreeMap<String, RepoPlan>, report: &mut Report) {
    for (repo, fixture_dir, source_dir) in AST_FIXTURES {
        let Some(plan) = plans.get(*repo) else {
            report.skip(&format!("ast {repo}"), "not in the corpus");
            continue;
        };
        let sources: Vec<&PlanFile> = plan
            .files
            .iter()
            .filter(|f| f.rel.starts_with(&format!("{source_dir}/")))
            .collect();
        let ours = compile_guarded(plan, &sources).and_then(|compiled| {
            guard::catch(|| compiled.ast_json_files())
                .map(|files| files.into_iter().collect::<BTreeMap<_, _>>())
        });
        let fixture_root = ctx.corpus.join(repo).join(fixture_dir);
        for rel in roots::walk_files(&fixture_root, ".json") {
            let display = format!("ast {repo}/{fixture_dir}/{rel}");
            let source_rel = format!("{source_dir}/{}.schema", rel.trim_end_matches(".json"));
            let Some(source) = plan.by_rel(&source_rel) else {
                report.skip(
                    &display,
                    &format!("its source {source_rel} is not in the corpus"),
                );
                continue;
            };
            let key = format!("{}.json", source.canonical.trim_end_matches(".schema"));
            let outcome = read_json(&fixture_root.join(&rel)).and_then(|mut expected| {
                let ours = ours.as_ref().map_err(Clone::clone)?;
                let text = ours
                    .get(&key)
                    .ok_or_else(|| format!("the compiler wrote no AST JSON named {key}"))?;
                let mut actual: Value = serde_json::from_str(text)
                    .map_err(|e| format!("our AST JSON does not parse: {e}"))?;
                // An absolute path on the machine that compiled: never comparable.
                for value in [&mut expected, &mut actual] {
                    if let Some(path) = value.get_mut("completePath") {
                        *path = Value::Null;
                    }
                }
                compare(&expected, &actual, "")
            });
            report.record(&display, outcome);
        }
    }
}

/// Compares Rosetta's `schema/` with the real library's compiled entries.
pub fn check_interfaces(ctx: &Context, report: &mut Report) {
    let files: Vec<_> = crate::stdlib::FILES
        .iter()
        .map(|(canonical, _)| roots::join_rel(&ctx.our_stdlib, canonical))
        .collect();
    let options = CompileOptions {
        schema_paths: vec![ctx.our_stdlib.clone()],
        load_all: false,
        files,
    };
    let compiled = compile_options_guarded(&options);
    for (canonical, fixture) in INTERFACES {
        let what = format!("interface schema/{canonical} = {fixture}");
        let Ok(fixture_json) = read_json(&ctx.corpus.join(fixture)) else {
            report.skip(&what, "fixture not in the corpus");
            continue;
        };
        let expected = entries_by_path(&fixture_json).remove(*canonical);
        let Some(mut expected) = expected else {
            report.fail(&what, "the fixture has no entry for it");
            continue;
        };
        let format = fixture_format(&fixture_json);
        let outcome = compiled
            .as_ref()
            .map_err(Clone::clone)
            .and_then(|compiled| {
                let text = guard::catch(|| bundle::to_json(&compiled.bundle_for(format), format))?;
                let value: Value = serde_json::from_str(&text)
                    .map_err(|e| format!("our bundle JSON does not parse: {e}"))?;
                let mut actual = entries_by_path(&value)
                    .remove(*canonical)
                    .ok_or("no schemaFiles entry for it in our bundle")?;
                strip_key(&mut expected, "sourceReference");
                strip_key(&mut actual, "sourceReference");
                compare(&expected, &actual, "")
            });
        report.record(&what, outcome);
    }
}

fn compile_options_guarded(options: &CompileOptions) -> Result<rosetta_schema::Compiled, String> {
    match guard::catch(|| rosetta_schema::compile(options))? {
        Ok(compiled) => Ok(compiled),
        Err(diagnostics) => Err(first_error(&diagnostics, None)),
    }
}

/// The `schemaFiles` entries of a bundle by canonical path.
fn entries_by_path(bundle: &Value) -> BTreeMap<String, Value> {
    bundle
        .get("schemaFiles")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let path = entry.get("canonicalPath")?.as_str()?.to_owned();
            Some((path, entry.clone()))
        })
        .collect()
}

fn compare(expected: &Value, actual: &Value, base: &str) -> Result<(), String> {
    match first_difference(expected, actual) {
        None => Ok(()),
        Some(d) => Err(format!("{base}{}: {}", d.pointer, d.detail)),
    }
}

/// Removes every `key` at any depth.
/// Replaces the value of every `key` at any depth with `null`.
fn strip_key(value: &mut Value, key: &str) {
    match value {
        Value::Object(map) => {
            for (k, v) in map.iter_mut() {
                if k == key {
                    *v = Value::Null;
                } else {
                    strip_key(v, key);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| strip_key(v, key)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn format_follows_transient() {
        let v14 =
            json!({"schemaFiles": [{"types": [{"fields": [{"fieldId": 1, "transient": false}]}]}]});
        let v15 = json!({"schemaFiles": [{"types": [{"fields": [{"fieldId": 1}]}]}]});
        let early_v15 = json!({"schemaFiles": [{"types": [{"fields": [{"fieldId": 1, "transient": false}]}], "componentSets": []}]});
        assert!(matches!(fixture_format(&v14), BundleFormat::V14));
        assert!(matches!(fixture_format(&v15), BundleFormat::V15));
        assert!(matches!(fixture_format(&early_v15), BundleFormat::V15Early));
    }

    #[test]
    fn strip_key_reaches_every_depth() {
        let mut v = json!({"sourceReference": 1, "a": [{"sourceReference": {"line": 2}}]});
        strip_key(&mut v, "sourceReference");
        assert_eq!(
            v,
            json!({"sourceReference": null, "a": [{"sourceReference": null}]})
        );
    }
}
