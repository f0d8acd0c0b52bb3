//! Suite `arrow-snapshot`: snapshots exported as Parquet tables and imported back give the same
//! record stream, byte for byte.
//!
//! `rosetta-conformance arrow-snapshot DIR` (the SpatialOS corpus, `<repo>@<commit>/...`) or
//! `FILE.snapshot`. Each snapshot is one check. Its schema is its repository's `.schema` files,
//! each under the root its `package` line gives, compiled with Rosetta's standard library
//! (`schema/`), or, for a snapshot of the SpatialOS 13.x/14.x era whose components that one
//! lacks (`improbable.EntityAcl`, 50), with the corpus' 14.x standard library before it (as
//! suite `spatialos-schema` does); a file beside a repository's `schema/` and
//! `examples/schema` is compiled with those. The snapshot is exported with `rosetta_arrow` (a Parquet dataset with an `entities`
//! table, in small record batches so that batches split), read back, and written as a
//! decompressed record stream, which must be the original's decompressed stream. Then SQL
//! (`rosetta_arrow::register`, DataFusion) counts every table's rows, over the snapshot file
//! streamed and over the dataset, and each count must be the number of entities that hold the
//! component (every entity, for `entities`). Last, each component of each entity goes
//! through its update table as two updates, one setting every field and one clearing them
//! all, and comes back with the same wire bytes; every component, event and command of the
//! schema must have its table (`rosetta_arrow::ops`). A snapshot
//! whose repository's schemas do not compile, or that holds a component they lack, is
//! skipped with the reason.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow::array::AsArray;
use arrow::datatypes::Int64Type;
use rosetta_arrow::sql::SqlOptions;
use rosetta_arrow::{
    read_snapshot, register, write_batches, ArrowOptions, DatasetOptions, DatasetWriter, Format,
    ENTITIES,
};
use rosetta_schema::{compile, CompileOptions, Schema};
use rosetta_wire::snapshot::{
    decompress, read_entities, write_entities_in_order, ComponentOrder, Compression, SnapshotEntity,
};

mod updates;

use crate::guard;
use crate::report::Report;
use rosetta_devtools::corpus::roots::{package_depth, package_of};

/// Rosetta's standard library (`schema/`).
fn standard_library() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema")
}

/// Runs the suite on a snapshot file or on every snapshot under a corpus directory.
pub fn run(path: &Path, report: &mut Report) -> Result<(), String> {
    if path.is_file() {
        let dir = path.parent().unwrap_or(Path::new("."));
        let roots = vec![
            dir.join("schema"),
            dir.join("examples/schema"),
            dir.join("../schema"),
        ];
        check(path, &path.display().to_string(), &roots, report);
        return Ok(());
    }
    let mut projects: Vec<PathBuf> = fs::read_dir(path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    projects.sort();
    let mut any = false;
    for project in projects {
        let mut snapshots = Vec::new();
        files_with(&project, "snapshot", &mut snapshots);
        if snapshots.is_empty() {
            continue;
        }
        any = true;
        let roots = project_roots(&project);
        for snapshot in snapshots {
            let label = snapshot
                .strip_prefix(path)
                .unwrap_or(&snapshot)
                .display()
                .to_string();
            check(&snapshot, &label, &roots, report);
        }
    }
    if !any {
        return Err(format!("no .snapshot files under {}", path.display()));
    }
    Ok(())
}

/// The schema of `roots` with the standard library `library` (or libraries), or why not.
fn compiled(roots: &[PathBuf], library: &[PathBuf]) -> Result<Schema, String> {
    let mut schema_paths: Vec<PathBuf> = roots.iter().filter(|r| r.is_dir()).cloned().collect();
    schema_paths.extend(library.iter().cloned());
    let options = CompileOptions {
        schema_paths,
        load_all: true,
        files: Vec::new(),
    };
    compile(&options)
        .map_err(|e| {
            format!(
                "its repository's schemas do not compile ({} error(s))",
                e.len()
            )
        })
        .and_then(|c| Schema::from_bundle(c.bundle()).map_err(|e| e.to_string()))
}

fn check(snapshot: &Path, label: &str, roots: &[PathBuf], report: &mut Report) {
    let what = format!("snapshot {label} through Parquet");
    let bytes = match fs::read(snapshot) {
        Ok(bytes) => bytes,
        Err(e) => return report.record(&what, Err(format!("cannot read it: {e}"))),
    };
    let pre15 = snapshot.ancestors().find_map(|a| {
        let lib = a.join(PRE15_STANDARD_LIBRARY);
        lib.is_dir().then_some(lib)
    });
    let mut libraries = vec![vec![standard_library()]];
    if let Some(pre15) = pre15 {
        libraries.push(vec![pre15, standard_library()]);
    }
    let mut why = String::new();
    for library in &libraries {
        let outcome = compiled(roots, library).and_then(|schema| {
            guard::catch(|| round_trip(Arc::new(schema), snapshot, &bytes)).and_then(|r| r)
        });
        match outcome {
            Err(e) if e.starts_with(MISSING) || e.starts_with("its repository") => why = e,
            outcome => return report.record(&what, outcome),
        }
    }
    report.skip(&what, &why);
}

/// The SpatialOS 14.x standard library in the corpus (`improbable.EntityAcl` and friends).
const PRE15_STANDARD_LIBRARY: &str = "spatialos-codegen@03f7da3/examples/schema/standard_library";

const MISSING: &str = "the schema lacks component";

fn round_trip(schema: Arc<Schema>, path: &Path, bytes: &[u8]) -> Result<(), String> {
    let entities = read_entities(bytes).map_err(|e| e.to_string())?;
    if let Some(id) = entities
        .iter()
        .flat_map(|e| e.component_ids())
        .find(|id| schema.registry().component(*id).is_none())
    {
        return Err(format!("{MISSING} {id}"));
    }
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let mut writer = DatasetWriter::create(
        dir.path(),
        DatasetOptions {
            format: Format::Parquet,
            ..DatasetOptions::default()
        },
    )
    .map_err(|e| e.to_string())?;
    write_batches(
        schema.registry(),
        entities.iter().cloned().map(Ok::<_, rosetta_arrow::Error>),
        ArrowOptions::default(),
        7,
        &mut |table, batch| writer.write("s", table, &batch),
    )
    .map_err(|e| format!("export: {e}"))?;
    writer.commit().map_err(|e| format!("export: {e}"))?;
    let back =
        read_snapshot(schema.registry(), dir.path(), None).map_err(|e| format!("import: {e}"))?;
    let again = write_entities_in_order(&back, Compression::Raw, ComponentOrder::AsGiven)
        .map_err(|e| e.to_string())?;
    let original = decompress(bytes).map_err(|e| e.to_string())?;
    if again != original {
        let at = again
            .iter()
            .zip(&original)
            .position(|(a, b)| a != b)
            .unwrap_or(again.len().min(original.len()));
        return Err(format!(
            "the imported snapshot differs at decompressed byte {at} ({} vs {} bytes)",
            again.len(),
            original.len()
        ));
    }
    let expected = row_counts(&schema, &entities);
    for (what, input) in [("the snapshot", path), ("the dataset", dir.path())] {
        let counted = sql_counts(schema.clone(), input, expected.keys())
            .map_err(|e| format!("SQL over {what}: {e}"))?;
        if counted != expected {
            return Err(format!(
                "SQL over {what} counts rows {counted:?}, the snapshot has {expected:?}"
            ));
        }
    }
    updates::round_trip(schema.registry(), &entities).map_err(|e| format!("updates: {e}"))
}

/// Each table's rows: every entity for `entities`, the entities holding a component for its
/// table (named by the component's qualified name).
fn row_counts(schema: &Schema, entities: &[SnapshotEntity]) -> BTreeMap<String, u64> {
    let mut counts = BTreeMap::from([(ENTITIES.to_string(), entities.len() as u64)]);
    for id in entities.iter().flat_map(|e| e.component_ids()) {
        if let Some(name) = schema
            .registry()
            .component(id)
            .and_then(|t| t.qualified_name())
        {
            *counts.entry(name.to_string()).or_default() += 1;
        }
    }
    counts
}

/// `SELECT count(*)` of each of `tables`, with `input` registered as `rosetta sql` registers it.
fn sql_counts<'t>(
    schema: Arc<Schema>,
    input: &Path,
    tables: impl Iterator<Item = &'t String>,
) -> Result<BTreeMap<String, u64>, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let ctx = datafusion::prelude::SessionContext::new();
        register(&ctx, schema, &[input.to_path_buf()], SqlOptions::default())
            .await
            .map_err(|e| e.to_string())?;
        let mut counts = BTreeMap::new();
        for table in tables {
            let query = format!("SELECT count(*) FROM \"{table}\"");
            let batches = match ctx.sql(&query).await {
                Ok(frame) => frame.collect().await,
                Err(e) => Err(e),
            }
            .map_err(|e| format!("{query}: {e}"))?;
            let n = batches
                .first()
                .and_then(|b| b.column(0).as_primitive_opt::<Int64Type>())
                .filter(|a| a.len() == 1)
                .ok_or_else(|| format!("{query}: not one count"))?
                .value(0);
            counts.insert(table.clone(), n as u64);
        }
        Ok(counts)
    })
}

/// Every file under `dir` with extension `ext`, in path order.
fn files_with(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files_with(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

/// The root a schema file is under: its directory less the longest trailing run of folders
/// that spells the start of its `package` (its own directory when none does), as suite
/// `spatialos-schema` finds package roots.
fn root_of(file: &Path) -> Option<PathBuf> {
    let text = fs::read_to_string(file).ok()?;
    let package = package_of(&text)?;
    let dir = file.parent()?;
    let names: Vec<&str> = dir.iter().filter_map(|c| c.to_str()).collect();
    let mut root = dir;
    for _ in 0..package_depth(&names, &package) {
        root = root.parent()?;
    }
    Some(root.to_path_buf())
}

/// The schema roots of a repository's `.schema` files, sorted.
fn project_roots(project: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    files_with(project, "schema", &mut files);
    let mut roots: Vec<PathBuf> = files.iter().filter_map(|f| root_of(f)).collect();
    roots.sort();
    roots.dedup();
    roots
}
