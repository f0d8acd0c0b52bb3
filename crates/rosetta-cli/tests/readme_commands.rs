//! The README's commands run as written. Every command of every ```` ```sh ```` block of
//! `README.md` (continuation lines joined, comments left out) is either run here, in README
//! order, in a scratch copy of the repository's `schema/` and `examples/` with an empty
//! `target/`, and must exit 0; or it is listed in [`SKIPPED`] with the reason. A command of a
//! kind that is neither fails the test, and so does a skip rule that no command uses. Afterwards
//! the scratch copy must hold nothing new outside `target/`: following the README leaves no file
//! in a checkout.
//!
//! `cargo run --release -- ARGS` runs this build's `rosetta` binary with ARGS (the same code;
//! building it again in release mode inside a test would take minutes). The conformance
//! runner's commands cannot run here (it is another package's binary): `.ci/run` must run each of
//! them as written, which is checked against its text.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The repository root.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// How a README command that starts with these words is run.
const RUN_ROSETTA: &[&str] = &["cargo", "run", "--release", "--"];

/// The conformance runner's commands: not run here, but each must be in `.ci/run` as written.
const CONFORMANCE: &[&str] = &[
    "cargo",
    "run",
    "--release",
    "-p",
    "rosetta-conformance",
    "--",
];

/// Commands not run here, by their first words, with the reason.
const SKIPPED: &[(&[&str], &str)] = &[
    (
        &[".ci/run"],
        "CI itself: formatting, lints, every test (this one included), docs, fuzzing and the \
         conformance runs; minutes long, and it runs `cargo test`",
    ),
    (
        &["cargo", "bench"],
        "a benchmark measures for minutes and prints timings, not results to check; .ci/run \
         builds every benchmark (`cargo clippy --all-targets`)",
    ),
    (
        &["cargo", "run", "-p", "rosetta-example-typed"],
        "the example crate is a package of its own, built with its generated code by cargo; its \
         test (examples/typed/tests/example.rs) runs the same code on the same files",
    ),
    (
        CONFORMANCE,
        "the conformance runner is the binary of another package (rosetta-conformance), which a \
         test of rosetta-cli cannot build or run without a second cargo inside this one; most \
         of its commands read ../shared/corpus, which is not in the repository. .ci/run runs \
         each of them as written (checked by `conformance_commands_are_in_ci`)",
    ),
];

/// The README's shell commands, each as its words, with the README line it starts on.
fn readme_commands() -> Vec<(usize, Vec<String>)> {
    let readme = fs::read_to_string(repo_root().join("README.md")).expect("README.md is read");
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut fenced = false;
    let mut pending: Option<(usize, String)> = None;
    for (index, line) in readme.lines().enumerate() {
        let number = index + 1;
        if let Some(info) = line.trim_start().strip_prefix("```") {
            if fenced {
                assert!(
                    pending.is_none(),
                    "README.md:{number}: a block ends in a `\\`"
                );
                fenced = false;
                in_sh = false;
                continue;
            }
            fenced = true;
            let lang = info.trim();
            assert!(
                !matches!(lang, "bash" | "shell" | "console" | "zsh" | "shell-session"),
                "README.md:{number}: a ```{lang} block; shell commands go in ```sh blocks, \
                 which this test runs"
            );
            in_sh = lang == "sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let (start, mut text) = pending.take().unwrap_or((number, String::new()));
        match line.strip_suffix('\\') {
            Some(head) => {
                text.push_str(head);
                text.push(' ');
                pending = Some((start, text));
            }
            None => {
                text.push_str(line);
                let words = split_words(&text)
                    .unwrap_or_else(|error| panic!("README.md:{start}: {error}: {text}"));
                if !words.is_empty() {
                    commands.push((start, words));
                }
            }
        }
    }
    assert!(!fenced, "README.md: a fenced block is not closed");
    commands
}

/// Splits a command line into words as a POSIX shell does for the plain commands the README
/// has: quotes, backslash escapes and `#` comments. Anything else a shell would interpret
/// (pipes, redirections, variables, globs, `;`, `&&`) is refused, since it would not run here
/// as it runs in a shell.
fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ' ' | '\t' => {
                if let Some(done) = word.take() {
                    words.push(done);
                }
            }
            '#' if word.is_none() => break,
            '\'' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err("an unclosed single quote".into()),
                    }
                }
            }
            '"' => {
                let word = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') if matches!(chars.peek(), Some('"' | '\\' | '$' | '`')) => {
                            word.push(chars.next().expect("peeked"));
                        }
                        Some('$' | '`') => {
                            return Err("a substitution inside double quotes".into());
                        }
                        Some(c) => word.push(c),
                        None => return Err("an unclosed double quote".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("a backslash at the end".into()),
            },
            '|' | '&' | ';' | '<' | '>' | '(' | ')' | '$' | '`' | '*' | '?' | '[' | '{' | '~' => {
                return Err(format!(
                    "`{c}` outside quotes: this test runs plain commands only (quote it, or \
                     write the command without shell syntax)"
                ));
            }
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    if let Some(done) = word {
        words.push(done);
    }
    Ok(words)
}

fn starts_with(words: &[String], prefix: &[&str]) -> bool {
    words.len() >= prefix.len() && words.iter().zip(prefix).all(|(w, p)| w == p)
}

/// Copies a directory tree.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("a directory is made");
    for entry in fs::read_dir(from).expect("a directory is read") {
        let entry = entry.expect("an entry is read");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("a file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("a file is copied");
        }
    }
}

/// Every file under `dir`, by its path relative to `root`, with its bytes.
fn snapshot_tree(root: &Path, dir: &Path, into: &mut BTreeMap<PathBuf, Vec<u8>>) {
    for entry in fs::read_dir(dir).expect("a directory is read") {
        let path = entry.expect("an entry is read").path();
        if path.is_dir() {
            snapshot_tree(root, &path, into);
        } else {
            let bytes = fs::read(&path).expect("a file is read");
            into.insert(path.strip_prefix(root).expect("under root").into(), bytes);
        }
    }
}

#[test]
fn readme_commands_run_as_written() {
    let commands = readme_commands();
    assert!(
        commands
            .iter()
            .any(|(_, words)| starts_with(words, RUN_ROSETTA)),
        "the README has no `cargo run --release --` command: is this the right file?"
    );

    let scratch = tempfile::tempdir().expect("a scratch directory");
    let work = scratch.path();
    let repo = repo_root();
    copy_tree(&repo.join("schema"), &work.join("schema"));
    copy_tree(&repo.join("examples"), &work.join("examples"));
    fs::create_dir(work.join("target")).expect("target/ is made");
    let mut before = BTreeMap::new();
    snapshot_tree(work, work, &mut before);

    let mut used = vec![0usize; SKIPPED.len()];
    let mut ran = 0;
    for (line, words) in &commands {
        let shown = words.join(" ");
        if starts_with(words, RUN_ROSETTA) {
            let output = Command::new(env!("CARGO_BIN_EXE_rosetta"))
                .args(&words[RUN_ROSETTA.len()..])
                .current_dir(work)
                .env("NO_COLOR", "1")
                .stdin(Stdio::null())
                .output()
                .expect("the rosetta binary runs");
            assert!(
                output.status.success(),
                "README.md:{line}: `{shown}` failed ({}):\n--- stdout\n{}\n--- stderr\n{}",
                output.status,
                String::from_utf8_lossy(&output.stdout),
                String::from_utf8_lossy(&output.stderr),
            );
            ran += 1;
            continue;
        }
        match SKIPPED
            .iter()
            .position(|(prefix, _)| starts_with(words, prefix))
        {
            Some(rule) => {
                used[rule] += 1;
                eprintln!("skip README.md:{line}: `{shown}`: {}", SKIPPED[rule].1);
            }
            None => panic!(
                "README.md:{line}: `{shown}` is a kind of command this test neither runs nor \
                 skips: write it as `cargo run --release -- ...`, or add it to SKIPPED in \
                 {} with the reason it cannot run here",
                file!()
            ),
        }
    }
    for ((prefix, _), count) in SKIPPED.iter().zip(&used) {
        assert!(
            *count > 0,
            "the skip rule for `{}` matches no README command: remove it",
            prefix.join(" ")
        );
    }
    eprintln!("ran {ran} README commands");

    // Nothing was written outside target/, and no example file was changed.
    let mut after = BTreeMap::new();
    snapshot_tree(work, work, &mut after);
    after.retain(|path, _| !path.starts_with("target"));
    for (path, bytes) in &after {
        assert!(
            before.get(path) == Some(bytes),
            "following the README wrote {} outside target/",
            path.display()
        );
    }
    assert_eq!(
        before.len(),
        after.len(),
        "following the README removed a file"
    );
}

/// The conformance runner's commands in the README are run by `.ci/run` as written: each is a
/// line of it (continuation lines joined).
#[test]
fn conformance_commands_are_in_ci() {
    let ci = fs::read_to_string(repo_root().join(".ci/run")).expect(".ci/run is read");
    // Its plain command lines, as words (lines with shell syntax are not README commands).
    let ci_commands: Vec<Vec<String>> = ci
        .replace("\\\n", " ")
        .lines()
        .filter_map(|line| split_words(line).ok())
        .collect();
    let mut found = 0;
    for (line, words) in readme_commands() {
        if !starts_with(&words, CONFORMANCE) {
            continue;
        }
        let shown = words.join(" ");
        assert!(
            ci_commands.contains(&words),
            "README.md:{line}: `{shown}` is not a line of .ci/run: CI must run the README's \
             conformance commands as written"
        );
        found += 1;
    }
    assert!(found > 0, "the README has no conformance runner command");
}

#[test]
fn words_split_as_a_shell_splits_them() {
    let words = |line: &str| split_words(line).expect("plain");
    assert_eq!(
        words(r#"a 'b c' "d \"e\"" f\ g   # comment"#),
        ["a", "b c", "d \"e\"", "f g"]
    );
    assert_eq!(
        words("x --hex 'Vector2(1, 2.5)'  # 0500"),
        ["x", "--hex", "Vector2(1, 2.5)"]
    );
    assert_eq!(words("# only a comment"), Vec::<String>::new());
    assert_eq!(words("a#b"), ["a#b"]);
    for refused in [
        "a | b",
        "a > f",
        "a; b",
        "a && b",
        "echo $HOME",
        "ls *.json",
        "a [--x]",
    ] {
        assert!(split_words(refused).is_err(), "{refused}");
    }
}
