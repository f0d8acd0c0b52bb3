//! `rosetta sql` over datasets whose files are damaged: DataFusion reads Parquet and Arrow IPC
//! with readers that panic on some damaged files, so Rosetta checks them first, and the query
//! fails with an error that names the file instead of the process aborting.

mod common;

use std::path::Path;

use common::{rosetta, stdout};
use rosetta_devtools::parquet::{bit_width_offset, dictionary_file};

/// A dataset with one table `t` of one partition, `snapshot=s`, whose file is `bytes`.
fn dataset(dir: &Path, file: &str, bytes: &[u8]) -> String {
    let partition = dir.join("component=t/snapshot=s");
    std::fs::create_dir_all(&partition).expect("partition folder");
    std::fs::write(partition.join(file), bytes).expect("table file");
    dir.to_str().expect("UTF-8").to_string()
}

fn failure(args: &[&str]) -> String {
    let out = rosetta(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "succeeded: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn the_undamaged_file_answers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let root = dataset(dir.path(), "part-0.parquet", &dictionary_file(1000));
    let out = stdout(&rosetta(&[
        "sql",
        &root,
        "SELECT sum(n) AS s FROM t",
        "--format",
        "csv",
    ]));
    assert_eq!(out, "s\n1500\n");
}

#[test]
fn dictionary_indices_too_wide_are_an_error_naming_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut file = dictionary_file(1000);
    let at = bit_width_offset(&file);
    file[at] = 40;
    let root = dataset(dir.path(), "part-0.parquet", &file);
    let stderr = failure(&["sql", &root, "SELECT sum(n) FROM t"]);
    assert!(stderr.contains("part-0.parquet"), "{stderr}");
    assert!(stderr.contains("dictionary indices of 40 bits"), "{stderr}");
    // A query that reads no column of the file reads no page, and is answered.
    let out = stdout(&rosetta(&[
        "sql",
        &root,
        "SELECT count(*) AS n FROM t",
        "--format",
        "csv",
    ]));
    assert_eq!(out, "n\n1000\n");
}

#[test]
fn a_cut_arrow_file_is_an_error_naming_the_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good");
    let source = good.to_str().expect("UTF-8");
    stdout(&rosetta(&[
        "export",
        "arrow",
        "examples/data/world.snapshot",
        "-o",
        source,
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
    ]));
    let file = good.join("component=game.Health/snapshot=world/part-0.arrow");
    let bytes = std::fs::read(&file).expect("an Arrow file");
    let root = dataset(
        &dir.path().join("cut"),
        "part-0.arrow",
        &bytes[..bytes.len() - 20],
    );
    let stderr = failure(&["sql", &root, "SELECT count(*) FROM t"]);
    assert!(stderr.contains("part-0.arrow"), "{stderr}");
}
