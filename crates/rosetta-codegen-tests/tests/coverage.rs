//! Every `.schema` file of the corpus had code generated for it (and that code compiled, or
//! this test would not build).

use std::path::{Path, PathBuf};

use rosetta_codegen_tests::GROUPS;

fn schema_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => schema_files(&path, out),
            Ok(t) if t.is_file() && path.extension().is_some_and(|e| e == "schema") => {
                out.push(path)
            }
            _ => {}
        }
    }
}

#[test]
fn every_corpus_schema_file_is_generated() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if !corpus.is_dir() {
        eprintln!("skipped: {} is not there", corpus.display());
        return;
    }
    let mut files = Vec::new();
    schema_files(&corpus, &mut files);
    let generated: usize = GROUPS
        .iter()
        .filter(|g| g.module.starts_with("corpus::"))
        .map(|g| g.files.len())
        .sum();
    assert_eq!(
        generated,
        files.len(),
        "corpus .schema files with generated code (the build script's warnings name the others)"
    );
    assert!(GROUPS.iter().any(|g| g.module == "example"));
}
