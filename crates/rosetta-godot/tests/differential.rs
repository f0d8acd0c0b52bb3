//! Differential tests against the real engines: random values (see
//! `tests/differential/gen_cases.py` and `gen_cases4.py`) given to Godot 3.2.3 and Godot 4.6 as
//! `var2str`/`var_to_str` text, and the bytes their `var2bytes`/`var_to_bytes` wrote. Rosetta must parse the same text to the same value and write the same
//! bytes, and read those bytes back to a value that writes them again.
//!
//! `tests/data/godot3_differential.json` was made with `tests/differential/live_godot3.sh`; CI
//! makes a fresh set with a new seed when it can install `godot3-server`, and points
//! `ROSETTA_GODOT3_LIVE` at it.

use rosetta_godot::text::from_text;
use rosetta_godot::{decode, encode, DecodeOptions, EncodeOptions, Version};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(text: &str) -> Vec<u8> {
    (0..text.len() / 2)
        .map(|i| u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// NodePath padding bytes are uninitialised memory in the engine; compare only what is defined.
fn has_node_path(text: &str) -> bool {
    text.contains("NodePath(") || text.contains("^\"")
}

fn check(path: &std::path::Path) -> usize {
    check_version(path, Version::Godot3)
}

fn check_version(path: &std::path::Path, version: Version) -> usize {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("vectors")).expect("JSON");
    let cases = json["cases"].as_array().expect("cases");
    let mut failures = Vec::new();
    for case in cases {
        let text = case["text"].as_str().expect("text");
        let expected = case["hex"].as_str().expect("hex");
        let value = match from_text(text) {
            Ok(value) => value,
            Err(e) => {
                failures.push(format!("{text}: does not parse: {e}"));
                continue;
            }
        };
        let ours = match encode(&value, &EncodeOptions::new(version)) {
            Ok(bytes) => bytes,
            Err(e) => {
                failures.push(format!("{text}: does not encode: {e}"));
                continue;
            }
        };
        if !has_node_path(text) && hex(&ours) != expected {
            failures.push(format!(
                "{text}:\n  engine {expected}\n  ours   {}",
                hex(&ours)
            ));
        }
        let engine_bytes = unhex(expected);
        match decode(&engine_bytes, &DecodeOptions::new(version)) {
            Ok((back, _)) => {
                let again = encode(&back, &EncodeOptions::new(version)).expect("re-encodes");
                if !has_node_path(text) && again != engine_bytes {
                    failures.push(format!("{text}: engine bytes do not re-encode"));
                }
            }
            Err(e) => failures.push(format!("{text}: engine bytes do not decode: {e}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    cases.len()
}

#[test]
fn committed_godot3_vectors() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/godot3_differential.json");
    assert_eq!(check(&path), 300);
}

#[test]
fn live_godot3_vectors() {
    match std::env::var_os("ROSETTA_GODOT3_LIVE") {
        Some(path) => {
            let n = check(std::path::Path::new(&path));
            eprintln!("{n} live Godot 3 vectors agree");
        }
        None => eprintln!(
            "skipped: ROSETTA_GODOT3_LIVE is not set (CI sets it when godot3-server installs)"
        ),
    }
}

#[test]
fn committed_godot4_vectors() {
    // Made by `tests/differential/gen_cases4.py 20261122 300` and the Godot 4.6 web oracle in
    // `shared/tools/godot-oracle/godot4_web_oracle`.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/godot4_differential.json");
    assert_eq!(check_version(&path, Version::Godot4), 300);
}
