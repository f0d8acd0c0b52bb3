//! Compiles every schema file of `../shared/corpus/spatialos`, one compilation per source
//! repository (as its project would), from memory so that disk speed does not count.
//! Reports files per second; the budget is the whole corpus in well under 100 ms.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rosetta_schema::{compile_sources, proto_files, SourceFile};

/// Serves `.proto` files from memory, so protox, like Rosetta here, reads no disk.
struct MemoryFiles(BTreeMap<String, String>);

impl protox::file::FileResolver for MemoryFiles {
    fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
        match self.0.get(name) {
            Some(text) => protox::file::File::from_source(name, text),
            None => Err(protox::Error::file_not_found(name)),
        }
    }
}

/// protox compiling a set of `.proto` files held in memory.
fn protox_compile(files: &BTreeMap<String, String>) -> usize {
    let names: Vec<&String> = files.keys().collect();
    let mut compiler = protox::Compiler::with_file_resolver(MemoryFiles(files.clone()));
    match compiler.open_files(names) {
        Ok(compiler) => compiler.file_descriptor_set().file.len(),
        Err(e) => panic!("protox rejects the export: {e}"),
    }
}

/// The canonical path of a corpus file: relative to its schema root, with Unreal's GDK folder
/// mounted where its imports expect it.
fn canonical(relative: &str) -> String {
    if let Some((_, name)) = relative.split_once("SpatialGDK/Extras/schema/") {
        return format!("unreal/gdk/{name}");
    }
    if let Some((_, name)) = relative.split_once("ExpectedSchema/") {
        return format!("unreal/generated/{name}");
    }
    // The innermost root marker wins (`examples/schema/standard_library/improbable/...`).
    let innermost = [
        "/.Schema/",
        "/.schema/",
        "/schema/",
        "/schema_old/",
        "/standard_library/",
    ]
    .iter()
    .filter_map(|root| relative.rfind(root).map(|at| at + root.len()))
    .max();
    if let Some(start) = innermost {
        return relative[start..].to_string();
    }
    relative.rsplit('/').next().unwrap_or(relative).to_string()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "schema") {
            out.push(path);
        }
    }
}

/// Replaces each `{{id}}` template placeholder with a fresh component id.
fn fill_ids(text: &str, next: &mut u32) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("{{id}}") {
        out.push_str(&rest[..at]);
        out.push_str(&next.to_string());
        *next += 1;
        rest = &rest[at + "{{id}}".len()..];
    }
    out.push_str(rest);
    out
}

/// One group of sources per corpus repository, each with Rosetta's standard library (and the
/// GDK's core package, which the FPS starter project imports) added where the repository does
/// not carry its own.
fn groups(corpus: &Path, stdlib: &Path) -> Vec<Vec<SourceFile>> {
    let mut extra = Vec::new();
    collect(stdlib, &mut extra);
    let extra: Vec<(PathBuf, PathBuf)> = extra
        .into_iter()
        .map(|f| (stdlib.to_path_buf(), f))
        .chain(
            [corpus.join(
                "gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.core/.schema",
            )]
            .into_iter()
            .flat_map(|root| {
                let mut files = Vec::new();
                collect(&root, &mut files);
                files.into_iter().map(move |f| (root.clone(), f))
            }),
        )
        .collect();
    let mut next_id = 900_000;
    let mut groups = Vec::new();
    let mut repos: Vec<PathBuf> = std::fs::read_dir(corpus)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    repos.sort();
    for repo in repos {
        let mut files = Vec::new();
        collect(&repo, &mut files);
        if files.is_empty() {
            continue;
        }
        let mut group: BTreeMap<String, String> = BTreeMap::new();
        for file in &files {
            let relative = file
                .strip_prefix(&repo)
                .unwrap_or(file)
                .to_string_lossy()
                .replace('\\', "/");
            let text = fill_ids(
                &std::fs::read_to_string(file).unwrap_or_default(),
                &mut next_id,
            );
            group
                .entry(canonical(&format!("/{relative}")))
                .or_insert(text);
        }
        for (root, file) in &extra {
            let relative = file
                .strip_prefix(root)
                .unwrap_or(file)
                .to_string_lossy()
                .replace('\\', "/");
            group
                .entry(relative)
                .or_insert_with(|| std::fs::read_to_string(file).unwrap_or_default());
        }
        groups.push(
            group
                .into_iter()
                .map(|(canonical_path, text)| SourceFile {
                    canonical_path,
                    text,
                })
                .collect(),
        );
    }
    groups
}

fn bench(c: &mut Criterion) {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = manifest.join("../../../shared/corpus/spatialos");
    if !corpus.is_dir() {
        eprintln!("skipped: corpus not found at {}", corpus.display());
        return;
    }
    let groups = groups(&corpus, &manifest.join("../../schema"));
    let files: usize = groups.iter().map(Vec::len).sum();
    let mut failed = 0;
    for sources in &groups {
        if let Err(diagnostics) = compile_sources(sources.clone()) {
            failed += 1;
            if let Some(first) = diagnostics.iter().next() {
                eprintln!("group with errors: {first}");
            }
        }
    }
    eprintln!(
        "{} groups, {files} files, {failed} groups with errors",
        groups.len()
    );
    let mut group = c.benchmark_group("schema");
    group.throughput(Throughput::Elements(files as u64));
    group.bench_function("compile_corpus", |b| {
        b.iter(|| {
            for sources in &groups {
                let _ = std::hint::black_box(compile_sources(sources.clone()));
            }
        })
    });
    // The peer: protox compiling the `.proto` export of the same schemas (the equivalent
    // protobuf definitions), also from memory.
    let protos: Vec<BTreeMap<String, String>> = groups
        .iter()
        .filter_map(|sources| compile_sources(sources.clone()).ok())
        .map(|compiled| proto_files(compiled.bundle()).into_iter().collect())
        .collect();
    group.bench_function("protox_equivalent_proto", |b| {
        b.iter(|| {
            for files in &protos {
                std::hint::black_box(protox_compile(files));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
