//! Runs `rosetta-conformance spatialos-snapshot` on the corpus (skipped when it is missing) and on
//! snapshots made here.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn runner(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rosetta-conformance"))
        .args(args)
        .output()
        .expect("the runner runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn last_line(output: &Output) -> String {
    stdout(output).lines().last().unwrap_or_default().to_owned()
}

fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.join("spatialos").is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: the corpus is not at {}", dir.display());
        None
    }
}

#[test]
fn every_corpus_snapshot_round_trips() {
    let Some(corpus) = corpus() else { return };
    let output = runner(&["spatialos-snapshot", corpus.to_str().expect("UTF-8")]);
    assert_eq!(
        last_line(&output),
        "9 passed, 0 failed",
        "{}",
        stdout(&output)
    );
    assert_eq!(output.status.code(), Some(0));
}

#[test]
fn one_file_passes_or_fails() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Header, one entity {id 1, no components} and the end record, not gzipped.
    let good = dir.path().join("good.snapshot");
    let stream = [
        0x00, 0x06, 0x12, 0x04, 0x08, 0x01, 0x1a, 0x00, 0x02, 0x08, 0x01,
    ];
    fs::write(&good, stream).expect("written");
    let path = good.to_str().expect("UTF-8");
    let output = runner(&["spatialos-snapshot", path]);
    assert_eq!(
        last_line(&output),
        "1 passed, 0 failed",
        "{}",
        stdout(&output)
    );

    let bad = dir.path().join("bad.snapshot");
    fs::write(&bad, &stream[..8]).expect("written");
    let output = runner(&["spatialos-snapshot", bad.to_str().expect("UTF-8")]);
    let text = stdout(&output);
    assert!(text.starts_with("FAIL snapshot "), "{text}");
    assert!(text.contains("end record"), "{text}");
    assert_eq!(last_line(&output), "0 passed, 1 failed");
    assert_eq!(output.status.code(), Some(1));

    let empty = tempfile::tempdir().expect("temp dir");
    let output = runner(&["spatialos-snapshot", empty.path().to_str().expect("UTF-8")]);
    assert_eq!(
        output.status.code(),
        Some(2),
        "no snapshots is a setup error"
    );
}
