//! Every command writes through one output writer: devices and FIFOs are written through,
//! regular files replaced only when the output is complete, keeping their mode, hard links and
//! symbolic links; a bad output path fails before the work and leaves no temporary file.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn rosetta(args: &[&str]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    drop(child.stdin.take());
    child.wait_with_output().expect("rosetta finishes")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stderr:\n{}",
        stderr(output)
    );
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// `snapshot convert` of the example snapshot to JSON, written to `out`.
fn to_json(out: &str) -> Output {
    rosetta(&[
        "snapshot",
        "convert",
        "examples/data/world.snapshot",
        "-o",
        out,
        "--to",
        "json",
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
    ])
}

/// Names in `dir` that look like a temporary file of the writer (or of its predecessor).
fn temporary_files(dir: &Path) -> Vec<String> {
    fs::read_dir(dir)
        .expect("read the directory")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.') && (n.contains("rosetta-tmp") || n.contains("partial")))
        .collect()
}

#[cfg(unix)]
fn is_char_device(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(path).is_ok_and(|m| m.file_type().is_char_device())
}

/// Whether writing to a symbolic link (in a temporary folder) to the device `device` writes
/// through it, leaving the link. Asked before writing to the device itself: a writer that
/// replaced its output would replace the device node, which root may do.
#[cfg(unix)]
fn writes_through_a_link_to(device: &str, expect_status: i32) -> bool {
    let dir = tempfile::tempdir().expect("temp dir");
    let link = dir.path().join("device");
    std::os::unix::fs::symlink(device, &link).expect("symlink");
    let output = to_json(arg(&link));
    let kept = fs::symlink_metadata(&link).is_ok_and(|m| m.file_type().is_symlink());
    assert!(kept, "a link to {device} was replaced: {}", stderr(&output));
    assert_status(&output, expect_status);
    assert!(temporary_files(dir.path()).is_empty());
    is_char_device(Path::new(device))
}

#[cfg(unix)]
#[test]
fn dev_null_is_written_through_and_stays_a_device() {
    assert!(writes_through_a_link_to("/dev/null", 0));
    assert_status(&to_json("/dev/null"), 0);
    assert!(is_char_device(Path::new("/dev/null")));
    let output = rosetta(&[
        "convert",
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
        "--root",
        "data",
        "--component",
        "game.Player",
        "--from",
        "json-spatialos",
        "--to",
        "wire",
        "examples/data/player.json",
        "-o",
        "/dev/null",
    ]);
    assert_status(&output, 0);
    assert!(is_char_device(Path::new("/dev/null")));
}

#[cfg(target_os = "linux")]
#[test]
fn dev_full_is_an_error_naming_it() {
    if !is_char_device(Path::new("/dev/full")) {
        eprintln!("skipped: no /dev/full");
        return;
    }
    assert!(writes_through_a_link_to("/dev/full", 1));
    let output = to_json("/dev/full");
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("/dev/full") && err.contains("space"), "{err}");
    assert!(is_char_device(Path::new("/dev/full")));
    let output = rosetta(&[
        "schema",
        "compile",
        "--schema_path=schema",
        "--load_all_schema_on_schema_path",
        "--bundle_json_out=/dev/full",
    ]);
    assert_status(&output, 1);
    assert!(stderr(&output).contains("/dev/full"), "{}", stderr(&output));
    assert!(is_char_device(Path::new("/dev/full")));
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_stays_and_its_target_is_written() {
    let dir = tempfile::tempdir().expect("temp dir");
    let target = dir.path().join("real.json");
    fs::write(&target, "old").expect("write");
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink("real.json", &link).expect("symlink");
    assert_status(&to_json(arg(&link)), 0);
    assert!(fs::symlink_metadata(&link)
        .expect("link")
        .file_type()
        .is_symlink());
    let text = fs::read_to_string(&target).expect("read");
    assert!(text.contains("\"__entity_id\""), "{text}");
    assert!(temporary_files(dir.path()).is_empty());

    // A dangling link: the file is made where it points.
    let dangling = dir.path().join("dangling.json");
    std::os::unix::fs::symlink("made.json", &dangling).expect("symlink");
    assert_status(&to_json(arg(&dangling)), 0);
    assert!(dir.path().join("made.json").is_file());
    assert!(fs::symlink_metadata(&dangling)
        .expect("link")
        .file_type()
        .is_symlink());
}

#[cfg(unix)]
#[test]
fn a_private_file_stays_private_and_hard_links_survive() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("out.json");
    fs::write(&file, "old").expect("write");
    fs::set_permissions(&file, fs::Permissions::from_mode(0o600)).expect("chmod");
    assert_status(&to_json(arg(&file)), 0);
    let mode = fs::metadata(&file).expect("metadata").permissions().mode();
    assert_eq!(mode & 0o777, 0o600);

    let other = dir.path().join("other-name.json");
    fs::hard_link(&file, &other).expect("hard link");
    // The same command, writing through the schema compiler's output, and through `json`.
    let output = rosetta(&[
        "schema",
        "compile",
        "--schema_path=schema",
        "--load_all_schema_on_schema_path",
        &format!("--bundle_json_out={}", arg(&file)),
    ]);
    assert_status(&output, 0);
    let (a, b) = (
        fs::metadata(&file).expect("file"),
        fs::metadata(&other).expect("link"),
    );
    assert_eq!((a.ino(), a.nlink()), (b.ino(), 2));
    assert_eq!(a.permissions().mode() & 0o777, 0o600);
    let text = fs::read_to_string(&other).expect("read");
    assert!(
        text.contains("improbable"),
        "the other name sees the new bundle"
    );
    assert!(temporary_files(dir.path()).is_empty());
}

#[test]
fn a_directory_fails_before_the_work_and_leaves_nothing() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("adir");
    fs::create_dir(&out).expect("mkdir");
    // The input is broken: had the conversion run first, its error would be about the input.
    let bad = dir.path().join("bad.snapshot");
    fs::write(&bad, b"\x1f\x8b\x08 not really gzip").expect("write");
    let output = rosetta(&["snapshot", "convert", arg(&bad), "-o", arg(&out)]);
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("adir") && err.contains("directory"), "{err}");
    assert!(
        !err.contains("bad.snapshot"),
        "the output is checked first: {err}"
    );
    assert!(temporary_files(dir.path()).is_empty());
    assert!(fs::read_dir(&out).expect("dir").next().is_none());

    let output = to_json(arg(&out));
    assert_status(&output, 1);
    assert!(temporary_files(dir.path()).is_empty());

    // Every command: convert, the json utilities, the schema compiler.
    let bad_json = dir.path().join("bad.json");
    fs::write(&bad_json, "{").expect("write");
    for args in [
        vec!["json", "imports", arg(&bad_json), "-o", arg(&out)],
        vec![
            "convert",
            "--schema_path",
            "schema",
            "--type",
            "improbable.Coordinates",
            "--from",
            "json-spatialos",
            "--to",
            "wire",
            arg(&bad_json),
            "-o",
            arg(&out),
        ],
        vec![
            "schema",
            "compile",
            "--schema_path=schema",
            "--bundle_out",
            arg(&out),
            arg(&bad_json),
        ],
    ] {
        let output = rosetta(&args);
        assert_status(&output, 1);
        let err = stderr(&output);
        assert!(
            err.contains("adir") && err.contains("directory"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_output_under_a_file_fails_before_the_work_naming_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("plain");
    fs::write(&file, "x").expect("write");
    let out = file.join("out.json");
    let output = to_json(arg(&out));
    assert_status(&output, 1);
    let err = stderr(&output);
    assert!(err.contains("plain/out.json"), "{err}");
    assert_eq!(fs::read_to_string(&file).expect("read"), "x");
}

#[cfg(unix)]
#[test]
fn a_folder_that_cannot_be_written_fails_before_the_work() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let locked = dir.path().join("locked");
    fs::create_dir(&locked).expect("mkdir");
    fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).expect("chmod");
    // Root ignores the mode; an immutable folder (chattr +i) refuses even root.
    let probe = locked.join("probe");
    let mut immutable = false;
    if fs::write(&probe, "").is_ok() {
        let _ = fs::remove_file(&probe);
        immutable = Command::new("chattr")
            .args(["+i", arg(&locked)])
            .status()
            .is_ok_and(|s| s.success())
            && fs::write(&probe, "").is_err();
        if !immutable {
            eprintln!("skipped: the folder stays writable (root, and no chattr +i here)");
            return;
        }
    }
    let bad = dir.path().join("bad.json");
    fs::write(&bad, "{").expect("write");
    let out = locked.join("out.json");
    let runs = [
        rosetta(&["json", "imports", arg(&bad), "-o", arg(&out)]),
        rosetta(&[
            "convert",
            "--schema_path",
            "schema",
            "--type",
            "improbable.Coordinates",
            "--from",
            "json-spatialos",
            "--to",
            "wire",
            arg(&bad),
            "-o",
            arg(&out),
        ]),
    ];
    if immutable {
        let _ = Command::new("chattr").args(["-i", arg(&locked)]).status();
    }
    for output in runs {
        assert_status(&output, 1);
        let err = stderr(&output);
        assert!(err.contains("locked/out.json"), "{err}");
        assert!(
            !err.contains("bad.json"),
            "the output is checked first: {err}"
        );
    }
    assert!(!out.exists());
}

#[cfg(unix)]
#[test]
fn a_fifo_is_written_through() {
    use std::os::unix::fs::FileTypeExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let fifo = dir.path().join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: mkfifo failed");
        return;
    }
    // The reader is a process, so that it can be ended if the FIFO is never written.
    let mut reader = Command::new("cat")
        .arg(&fifo)
        .stdout(Stdio::piped())
        .spawn()
        .expect("cat runs");
    let output = to_json(arg(&fifo));
    let still_fifo = fs::metadata(&fifo).is_ok_and(|m| m.file_type().is_fifo());
    if !still_fifo {
        let _ = reader.kill();
    }
    let read = reader.wait_with_output().expect("cat ends");
    assert!(still_fifo, "the FIFO was replaced");
    assert_status(&output, 0);
    assert!(String::from_utf8_lossy(&read.stdout).contains("\"__entity_id\""));
}

#[test]
fn a_failed_conversion_keeps_the_old_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("out.bin");
    fs::write(&out, "precious").expect("write");
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args([
            "convert",
            "--schema_path",
            "schema",
            "--type",
            "improbable.Coordinates",
            "--from",
            "json-spatialos",
            "--to",
            "wire",
            "-o",
            arg(&out),
        ])
        .current_dir(repo_root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(b"{\"x\": \"not a number\"}");
    drop(stdin);
    let output = child.wait_with_output().expect("finishes");
    assert_status(&output, 1);
    assert!(stderr(&output).contains("<stdin>"), "{}", stderr(&output));
    assert_eq!(fs::read_to_string(&out).expect("read"), "precious");
    assert!(temporary_files(dir.path()).is_empty());
}
