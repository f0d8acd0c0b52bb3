//! Runs `rosetta snapshot info` and `rosetta snapshot convert` on corpus snapshots
//! (`../shared/corpus/spatialos`; skipped when it is missing) and on snapshots made here.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use rosetta_wire::snapshot::{
    decompress, platform_os, read_entities, write_entities, Compression, RawEntity, SnapshotEntity,
    SnapshotWriter,
};
use rosetta_wire::Object;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn corpus() -> Option<PathBuf> {
    let dir = repo_root().join("../shared/corpus/spatialos");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: the corpus is not at {}", dir.display());
        None
    }
}

fn rosetta(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut pipe = child.stdin.take().expect("stdin");
    pipe.write_all(stdin.unwrap_or_default())
        .expect("stdin written");
    drop(pipe);
    child.wait_with_output().expect("rosetta finishes")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        text(&output.stdout),
        text(&output.stderr)
    );
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

#[test]
fn info_counts_entities_and_names_components() {
    let Some(corpus) = corpus() else { return };
    let project = corpus.join("CExampleProject@56a5d21");
    let snapshot = project.join("snapshots/default.snapshot");
    let output = rosetta(&["snapshot", "info", arg(&snapshot)], None);
    assert_status(&output, 0);
    let out = text(&output.stdout);
    assert!(out.contains("binary snapshot (gzip)"), "{out}");
    assert!(out.contains("file size:         152 bytes"), "{out}");
    assert!(out.contains("decompressed size:"), "{out}");
    assert!(out.contains("entities:          4 (ids 1 to 4)"), "{out}");
    assert!(out.contains("components:        7 kinds"), "{out}");

    let schema = project.join("schema");
    let args = [
        "snapshot",
        "info",
        arg(&snapshot),
        "--schema_path",
        "schema",
        "--schema_path",
        arg(&schema),
    ];
    let output = rosetta(&args, None);
    assert_status(&output, 0);
    let out = text(&output.stdout);
    let position = out
        .lines()
        .find(|l| l.contains("improbable.Position"))
        .unwrap_or_else(|| panic!("{out}"));
    let cells: Vec<&str> = position.split_whitespace().collect();
    assert_eq!(cells, ["54", "4", "improbable.Position"], "{out}");
    assert!(out.contains("sample.ClientData"), "{out}");

    // The JSON snapshot of the same commit: the same entities, no component codec needed.
    let json = project.join("snapshots/default.json");
    let mut json_args = args;
    json_args[2] = arg(&json);
    let output = rosetta(&json_args, None);
    assert_status(&output, 0);
    let json_out = text(&output.stdout);
    assert!(json_out.contains("JSON snapshot"), "{json_out}");
    let table = |s: &str| -> Vec<String> {
        s.lines()
            .skip_while(|l| !l.starts_with("entities:"))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(table(&json_out), table(&out));
}

#[test]
fn convert_rewrites_every_corpus_snapshot_byte_for_byte() {
    let Some(corpus) = corpus() else { return };
    let work = tempfile::tempdir().expect("temp dir");
    let files: Vec<PathBuf> = rosetta_devtools::corpus::roots::walk_files(&corpus, ".snapshot")
        .iter()
        .map(|rel| corpus.join(rel))
        .collect();
    assert_eq!(files.len(), 9, "{files:?}");
    for input in &files {
        let output = work.path().join("out.snapshot");
        let run = rosetta(
            &["snapshot", "convert", arg(input), "-o", arg(&output)],
            None,
        );
        assert_status(&run, 0);
        // zlib's deflate at the SDK's level, and the input's OS byte (Unix, Windows, macOS).
        let original = fs::read(input).expect("input");
        let written = fs::read(&output).expect("output");
        assert!(written == original, "{} changed", input.display());
    }
}

/// `gzip -t FILE` passes, when gzip is installed (it is part of every Debian system).
fn gzip_accepts(file: &Path) -> bool {
    match Command::new("gzip").arg("-t").arg(file).output() {
        Ok(run) => run.status.success(),
        Err(_) => {
            eprintln!("gzip -t skipped: no gzip on this machine");
            true
        }
    }
}

#[test]
fn every_compression_level_and_thread_count_writes_gzip_that_reads_back() {
    let work = tempfile::tempdir().expect("temp dir");
    let input = repo_root().join("examples/data/world.snapshot");
    let original = read_entities(&fs::read(&input).expect("example")).expect("reads");
    let mut sizes = Vec::new();
    for level in ["none", "fast", "default", "best"] {
        for threads in ["1", "3", "0"] {
            let output = work.path().join(format!("{level}-{threads}.snapshot"));
            let run = rosetta(
                &[
                    "snapshot",
                    "convert",
                    arg(&input),
                    "-o",
                    arg(&output),
                    "--compression",
                    level,
                    "--threads",
                    threads,
                ],
                None,
            );
            assert_status(&run, 0);
            let written = fs::read(&output).expect("output");
            assert!(
                gzip_accepts(&output),
                "gzip -t refuses {level}, {threads} threads"
            );
            let back = read_entities(&written).expect("reads back");
            assert_eq!(back, original, "{level}, {threads} threads");
            if threads == "1" {
                sizes.push(written.len());
            }
        }
    }
    // none > fast >= default >= best.
    assert!(
        sizes[0] > sizes[1] && sizes[1] >= sizes[2] && sizes[2] >= sizes[3],
        "{sizes:?}"
    );
}

#[test]
fn convert_streams_standard_input_to_standard_output() {
    let entity = SnapshotEntity::new(3).with_component(55, Object::new());
    let raw = write_entities([&entity], Compression::Raw).expect("writes");
    let output = rosetta(&["snapshot", "convert", "-", "-o", "-"], Some(&raw));
    assert_status(&output, 0);
    assert_eq!(decompress(&output.stdout).expect("gunzips"), raw);
}

#[test]
fn json_needs_the_schema_and_converts_both_ways() {
    let work = tempfile::tempdir().expect("temp dir");
    let input = work.path().join("in.snapshot");
    let gz = write_entities([&SnapshotEntity::new(1)], Compression::Gzip).expect("writes");
    fs::write(&input, gz).expect("input written");
    let output = work.path().join("out.json");

    let run = rosetta(
        &["snapshot", "convert", arg(&input), "-o", arg(&output)],
        None,
    );
    assert_status(&run, 1);
    assert!(
        text(&run.stderr).contains("need the schema"),
        "{}",
        text(&run.stderr)
    );

    // With the schema, JSON snapshots convert both ways.
    let run = rosetta(
        &[
            "snapshot",
            "convert",
            arg(&input),
            "-o",
            arg(&output),
            "--schema_path",
            "schema",
        ],
        None,
    );
    assert_status(&run, 0);
    assert!(text(&fs::read(&output).expect("json written")).contains("\"__entity_id\": \"1\""));
    let back = work.path().join("back.snapshot");
    let run = rosetta(
        &[
            "snapshot",
            "convert",
            arg(&output),
            "-o",
            arg(&back),
            "--schema_path",
            "schema",
        ],
        None,
    );
    assert_status(&run, 0);
    let original =
        rosetta_wire::snapshot::decompress(&fs::read(&input).expect("input")).expect("gunzip");
    let again =
        rosetta_wire::snapshot::decompress(&fs::read(&back).expect("output")).expect("gunzip");
    assert_eq!(original, again);
}

#[test]
fn a_broken_snapshot_is_an_error_that_says_where_and_leaves_no_output() {
    let work = tempfile::tempdir().expect("temp dir");
    let mut data = Object::new();
    data.add_string(1, "a name long enough to cut");
    let entities = [
        SnapshotEntity::new(1),
        SnapshotEntity::new(2).with_component(53, data),
    ];
    let mut raw = write_entities(&entities, Compression::Raw).expect("writes");
    raw.truncate(raw.len() - 10);
    let input = work.path().join("cut.snapshot");
    fs::write(&input, &raw).expect("input written");
    let output = work.path().join("out.snapshot");
    let run = rosetta(
        &["snapshot", "convert", arg(&input), "-o", arg(&output)],
        None,
    );
    assert_status(&run, 1);
    let err = text(&run.stderr);
    assert!(err.contains("cut.snapshot"), "{err}");
    assert!(err.contains("entity record 1"), "{err}");
    assert!(err.contains("at byte"), "{err}");
    assert!(!output.exists());
    let leftovers: Vec<_> = fs::read_dir(work.path()).expect("dir").collect();
    assert_eq!(leftovers.len(), 1, "only the input is left");

    let run = rosetta(&["snapshot", "info", arg(&input)], None);
    assert_status(&run, 1);
}

#[test]
fn the_sdk_json_snapshot_converts_to_the_sdk_binary_byte_for_byte() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/corpus/spatialos/CExampleProject@56a5d21");
    if !corpus.is_dir() {
        eprintln!("skipped: corpus not found at {}", corpus.display());
        return;
    }
    let work = tempfile::tempdir().expect("temp dir");
    let output = work.path().join("out.snapshot");
    let json = corpus.join("snapshots/default.json");
    let schema = corpus.join("schema");
    let run = rosetta(
        &[
            "snapshot",
            "convert",
            arg(&json),
            "-o",
            arg(&output),
            "--schema_path",
            "schema",
            "--schema_path",
            arg(&schema),
        ],
        None,
    );
    assert_status(&run, 0);
    let ours = fs::read(&output).expect("written");
    let sdk = fs::read(corpus.join("snapshots/default.snapshot")).expect("corpus snapshot");
    assert_eq!(
        decompress(&ours).expect("gunzip"),
        decompress(&sdk).expect("gunzip")
    );
    // The SDK wrote this file on Unix: on a Unix machine, the whole file is the same.
    assert_eq!(sdk[9], 3);
    if platform_os() == 3 {
        assert!(ours == sdk, "not the SDK's gzip bytes");
    }
}

#[test]
fn binary_to_binary_copies_component_bytes_as_they_are() {
    // game.Health (1001) with field 1 in two runs apart, which a decode and encode would join:
    // the copy keeps them, with and without the schema's nesting check.
    let split = rosetta_wire::Bytes::from_static(&[0x08, 0x50, 0x10, 0x64, 0x08, 0x51]);
    let entity = RawEntity::new(4).with_component(1001, split.clone());
    let mut writer = SnapshotWriter::with_compression(Vec::new(), Compression::Raw).expect("opens");
    writer.write_raw_entity(&entity).expect("writes");
    let stream = writer.finish().expect("finishes");
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("split.snapshot");
    fs::write(&input, &stream).expect("input written");
    for schema in [
        &[][..],
        &[
            "--schema_path",
            "schema",
            "--schema_path",
            "examples/schema",
        ],
    ] {
        let out = dir.path().join("copy.snapshot");
        let mut args = vec!["snapshot", "convert", arg(&input), "-o", arg(&out)];
        args.extend_from_slice(schema);
        assert_status(&rosetta(&args, None), 0);
        let written = fs::read(&out).expect("output");
        assert_eq!(decompress(&written).expect("gunzips"), stream, "{schema:?}");
    }
    let info = rosetta(&["snapshot", "info", arg(&input)], None);
    assert_status(&info, 0);
    assert!(
        text(&info.stdout).contains("entities:          1 (ids 4 to 4)"),
        "{}",
        text(&info.stdout)
    );
}
