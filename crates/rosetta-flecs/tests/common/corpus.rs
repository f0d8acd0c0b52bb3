//! The SpatialOS corpus (`../shared/corpus/spatialos`): its projects' schemas, compiled from the
//! roots their files' `package` lines give, with the repository's standard library (`schema/`).

use std::path::{Path, PathBuf};

use rosetta_schema::{compile, CompileOptions, Schema};

/// Where the corpus is.
pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos")
}

/// Every file under `dir` with extension `ext`, in path order.
pub fn files_with(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
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

/// The root a schema file is under: its path less its package's folders and its name.
pub fn root_of(file: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(file).ok()?;
    let package = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("package "))?
        .trim()
        .trim_end_matches(';')
        .trim();
    let mut dir = file.parent()?;
    for part in package.split('.').rev() {
        if dir.file_name()?.to_str()? != part {
            return None;
        }
        dir = dir.parent()?;
    }
    Some(dir.to_path_buf())
}

/// The schema roots of a project's files, sorted.
pub fn project_roots(project: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    files_with(project, "schema", &mut files);
    let mut roots: Vec<PathBuf> = files.iter().filter_map(|f| root_of(f)).collect();
    roots.sort();
    roots.dedup();
    roots
}

/// `roots` and the standard library compiled together, `None` when they do not compile.
pub fn compiled(roots: &[PathBuf]) -> Option<Schema> {
    let mut schema_paths = roots.to_vec();
    schema_paths.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../schema"));
    let options = CompileOptions {
        schema_paths,
        load_all: true,
        files: Vec::new(),
    };
    let c = compile(&options).ok()?;
    Schema::from_bundle(c.bundle()).ok()
}
