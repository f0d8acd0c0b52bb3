//! Every example in the `--help` of every command runs as written from the repository root.
//!
//! The examples of each command's help are run in order (a later one may read what an earlier
//! one wrote) with `sh`, `rosetta` on the PATH, in a copy of the repository's `schema/` and
//! `examples/` folders, so that what they write under `target/` stays out of the checkout. An
//! example of another tool (`protoc`) is skipped when that tool is not installed.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create a folder");
    for entry in fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("an entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// The example commands of a help text: the indented lines after `Examples:`, without comments,
/// lines ending in `\` joined with the next.
fn examples(help: &str) -> Vec<String> {
    let Some((_, after)) = help.split_once("Examples:\n") else {
        return Vec::new();
    };
    let mut commands = Vec::new();
    let mut current = String::new();
    for line in after.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(start) => current.push_str(start),
            None => {
                current.push_str(line);
                commands.push(std::mem::take(&mut current));
            }
        }
    }
    commands
}

fn help(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .arg("--help")
        .output()
        .expect("rosetta runs");
    assert!(output.status.success(), "{args:?} --help");
    String::from_utf8(output.stdout).expect("UTF-8 help")
}

#[test]
fn every_help_example_runs_as_written() {
    let work = tempfile::tempdir().expect("temp dir");
    for folder in ["schema", "examples"] {
        copy_tree(&repo_root().join(folder), &work.path().join(folder));
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_rosetta"))
        .parent()
        .expect("the binary's folder");
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .expect("a PATH");
    let commands: [&[&str]; 24] = [
        &[],
        &["schema"],
        &["schema", "compile"],
        &["schema", "check"],
        &["schema", "proto"],
        &["schema", "codegen"],
        &["schema", "codegen", "rust"],
        &["snapshot"],
        &["snapshot", "info"],
        &["snapshot", "convert"],
        &["convert"],
        &["json"],
        &["json", "patch"],
        &["json", "patch", "apply"],
        &["json", "patch", "create"],
        &["json", "imports"],
        &["serve"],
        &["world"],
        &["world", "info"],
        &["world", "query"],
        &["world", "entity"],
        &["world", "convert"],
        &["export"],
        &["import"],
    ];
    let mut ran = 0;
    for command in commands {
        let text = help(command);
        let examples = examples(&text);
        assert!(
            !examples.is_empty(),
            "`rosetta {command:?} --help` has no examples"
        );
        for example in examples {
            let tool = example.split_whitespace().next().unwrap_or_default();
            if tool != "rosetta" && tool != "echo" && !on_path(tool, &path) {
                eprintln!("skipped, {tool} is not installed: {example}");
                continue;
            }
            let output = Command::new("sh")
                .args(["-c", &example])
                .current_dir(work.path())
                .env("PATH", &path)
                .output()
                .expect("sh runs");
            assert!(
                output.status.success(),
                "`rosetta {} --help`: `{example}` failed:\n{}",
                command.join(" "),
                String::from_utf8_lossy(&output.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran > 20, "only {ran} examples");
}

/// Whether `tool` is a file in one of the folders of `path`.
fn on_path(tool: &str, path: &std::ffi::OsStr) -> bool {
    std::env::split_paths(path).any(|dir| dir.join(tool).is_file())
}

#[test]
fn examples_are_found_and_joined() {
    let help = "Text\n\nExamples:\n  # a comment\n  rosetta a \\\n      b\n\n  rosetta c\n";
    assert_eq!(examples(help), ["rosetta a b", "rosetta c"]);
}
