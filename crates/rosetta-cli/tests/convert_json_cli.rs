//! Runs `rosetta convert` with the `json` format (O3DE rules) on the example game schema: round
//! trips through wire bytes, the writing options, strict mode, reports and `$import`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use serde_json::{json, Value};

/// The repository root: `schema/` and `examples/` are there.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The example schema, as absolute paths so that tests may run elsewhere.
fn schema_args() -> Vec<String> {
    let root = repo_root();
    vec![
        "--schema_path".into(),
        root.join("schema").display().to_string(),
        "--schema-path".into(),
        root.join("examples/schema").display().to_string(),
    ]
}

/// Runs `rosetta convert` with the example schema and `args` in `dir`, `input` on standard input.
fn convert_in(dir: &Path, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("convert")
        .args(schema_args())
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the rosetta binary runs");
    let mut stdin = child.stdin.take().expect("stdin");
    // The command may exit before reading (a usage error); a broken pipe is fine then.
    let _ = stdin.write_all(input);
    drop(stdin);
    child.wait_with_output().expect("rosetta finishes")
}

/// Runs `rosetta convert` in the repository root.
fn convert(args: &[&str], input: &[u8]) -> Output {
    convert_in(&repo_root(), args, input)
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_status(output: &Output, code: i32) {
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{}",
        String::from_utf8_lossy(&output.stdout),
        stderr(output)
    );
}

const PLAYER_DATA: [&str; 4] = ["--root", "data", "--component", "game.Player"];

fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    base.iter().chain(more).copied().collect()
}

#[test]
fn example_player_round_trips_through_json_byte_for_byte() {
    let wire = convert(
        &with(
            &PLAYER_DATA,
            &[
                "--from",
                "json-spatialos",
                "--to",
                "wire",
                "examples/data/player.json",
            ],
        ),
        b"",
    );
    assert_status(&wire, 0);
    assert!(!wire.stdout.is_empty());

    let o3de = convert(
        &with(&PLAYER_DATA, &["--from", "wire", "--to", "json"]),
        &wire.stdout,
    );
    assert_status(&o3de, 0);
    let text = stdout(&o3de);
    // Pretty with 4 spaces, as O3DE writes files; a final newline.
    assert!(text.starts_with("{\n    \"name\": \"Ann\""), "{text}");
    assert!(text.ends_with("}\n"), "{text}");
    let value: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        value,
        json!({
            "name": "Ann",
            "team": "RED",
            "level": 3,
            "target": 12,
            "titles": ["Captain"],
            "stats": {"kills": 7}
        })
    );
    assert_eq!(stderr(&o3de), "", "nothing to warn about");

    let back = convert(
        &with(&PLAYER_DATA, &["--from", "json", "--to", "wire"]),
        text.as_bytes(),
    );
    assert_status(&back, 0);
    assert_eq!(
        back.stdout, wire.stdout,
        "the wire bytes come back identical"
    );

    // --compact: the same JSON on one line.
    let compact = convert(
        &with(
            &PLAYER_DATA,
            &["--from", "wire", "--to", "json", "--compact"],
        ),
        &wire.stdout,
    );
    assert_status(&compact, 0);
    let compact = stdout(&compact);
    assert_eq!(compact.lines().count(), 1, "{compact}");
    assert_eq!(serde_json::from_str::<Value>(&compact).unwrap(), value);
}

#[test]
fn keep_defaults_writes_the_default_values() {
    let args = with(&PLAYER_DATA, &["--from", "json", "--to", "json"]);
    let input = br#"{"name": "Ann"}"#;
    let plain = convert(&args, input);
    assert_status(&plain, 0);
    let plain: Value = serde_json::from_str(&stdout(&plain)).unwrap();
    assert_eq!(plain, json!({"name": "Ann"}));

    let kept = convert(&with(&args, &["--keep-defaults"]), input);
    assert_status(&kept, 0);
    let kept: Value = serde_json::from_str(&stdout(&kept)).unwrap();
    assert_eq!(
        kept,
        json!({
            "name": "Ann",
            "team": "NEUTRAL",
            "level": 0,
            "target": null,
            "titles": [],
            // A kept empty map is an empty array, as O3DE writes it.
            "stats": []
        })
    );
}

#[test]
fn float_form_and_sort_maps() {
    let movement = ["--root", "data", "--component", "game.Movement"];
    let input = br#"{"velocity": {"x": 0.2, "y": 0, "z": 1.5}}"#;
    let args = with(&movement, &["--from", "json", "--to", "json", "--compact"]);
    let widened = convert(&args, input);
    assert_status(&widened, 0);
    assert_eq!(
        stdout(&widened),
        "{\"velocity\":{\"x\":0.20000000298023225,\"z\":1.5}}\n"
    );
    let shortest = convert(&with(&args, &["--float-form", "shortest"]), input);
    assert_status(&shortest, 0);
    assert_eq!(stdout(&shortest), "{\"velocity\":{\"x\":0.2,\"z\":1.5}}\n");

    let player = with(
        &PLAYER_DATA,
        &["--from", "json", "--to", "json", "--compact"],
    );
    let stats = br#"{"stats": {"b": 2, "a": 1}}"#;
    let kept = convert(&player, stats);
    assert_status(&kept, 0);
    assert_eq!(stdout(&kept), "{\"stats\":{\"b\":2,\"a\":1}}\n");
    let sorted = convert(&with(&player, &["--sort-maps"]), stats);
    assert_status(&sorted, 0);
    assert_eq!(stdout(&sorted), "{\"stats\":{\"a\":1,\"b\":2}}\n");
}

#[test]
fn strict_fails_on_a_coercion_with_the_pointer() {
    let args = with(&PLAYER_DATA, &["--from", "json", "--to", "wire"]);
    let input = br#"{"name": "Ann", "level": "3"}"#;
    // Lenient by default: the string is read as a number.
    let lenient = convert(&args, input);
    assert_status(&lenient, 0);
    let exact = convert(&args, br#"{"name": "Ann", "level": 3}"#);
    assert_status(&exact, 0);
    assert_eq!(lenient.stdout, exact.stdout);

    let strict = convert(&with(&args, &["--strict"]), input);
    assert_status(&strict, 1);
    let message = stderr(&strict);
    assert!(message.contains("<stdin>"), "{message}");
    assert!(message.contains("(at /level)"), "{message}");
    assert!(message.contains("strict mode"), "{message}");
    assert!(strict.stdout.is_empty());
}

#[test]
fn report_prints_every_report_and_the_result() {
    let args = with(&PLAYER_DATA, &["--from", "json", "--to", "wire"]);
    let input = br#"{"LEVEL": "3", "bogus": 1, "titles": 5}"#;
    let reported = convert(&with(&args, &["--report"]), input);
    assert_status(&reported, 0);
    let lines: Vec<String> = stderr(&reported).lines().map(str::to_owned).collect();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Success /LEVEL ") && l.ends_with(" (coerced)")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Skipped /bogus ")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.starts_with("Unsupported /titles ")),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"result: Unsupported/PartialAlter/ReadField".to_owned()),
        "{lines:?}"
    );

    // Without --report only what is Unavailable or worse is said, as a warning.
    let quiet = convert(&args, input);
    assert_status(&quiet, 0);
    let warnings = stderr(&quiet);
    assert_eq!(warnings.lines().count(), 1, "{warnings}");
    assert!(
        warnings.starts_with("warning: Unsupported /titles "),
        "{warnings}"
    );
    assert_eq!(quiet.stdout, reported.stdout);

    // A store reports too; the root is `(root)`.
    let stored = convert(
        &with(
            &["--root", "object", "--type", "game.Vec3f"],
            &["--from", "json", "--to", "json", "--report"],
        ),
        b"{}",
    );
    assert_status(&stored, 0);
    let text = stderr(&stored);
    assert!(
        text.contains("result: DefaultsUsed/Completed/WriteValue"),
        "{text}"
    );
    assert_eq!(stdout(&stored), "{}\n");
}

#[test]
fn update_with_events_and_cleared_fields_round_trips() {
    let update = ["--root", "update", "--component", "game.Player"];
    let input = json!({
        "name": {},
        "level": 3,
        "$cleared": ["titles"],
        "$events": {"levelled_up": [{"new_level": 3}, {}]}
    });
    let wire = convert(
        &with(&update, &["--from", "json", "--to", "wire"]),
        input.to_string().as_bytes(),
    );
    assert_status(&wire, 0);

    // What the SDK's form makes of it: the event, the cleared list, the default name.
    let spatialos = convert(
        &with(&update, &["--from", "wire", "--to", "json-spatialos"]),
        &wire.stdout,
    );
    assert_status(&spatialos, 0);
    let spatialos: Value = serde_json::from_str(&stdout(&spatialos)).unwrap();
    assert_eq!(spatialos["name"], json!(""));
    assert_eq!(spatialos["titles"], json!([]));
    assert_eq!(
        spatialos["__events"]["levelled_up"],
        json!([{"new_level": 3}, {"new_level": 0}])
    );

    let back = convert(
        &with(&update, &["--from", "wire", "--to", "json"]),
        &wire.stdout,
    );
    assert_status(&back, 0);
    let back_value: Value = serde_json::from_str(&stdout(&back)).unwrap();
    assert_eq!(back_value, input);

    let again = convert(
        &with(&update, &["--from", "json", "--to", "wire"]),
        &back.stdout,
    );
    assert_status(&again, 0);
    assert_eq!(again.stdout, wire.stdout);
}

#[test]
fn an_update_setting_a_list_or_map_to_empty_clears_it() {
    let update = ["--root", "update", "--component", "game.Player"];
    let to_wire = |input: &str| {
        let wire = convert(
            &with(&update, &["--from", "json", "--to", "wire"]),
            input.as_bytes(),
        );
        assert_status(&wire, 0);
        wire.stdout
    };
    let cleared = to_wire(r#"{"$cleared": ["titles", "stats"]}"#);
    assert_eq!(to_wire(r#"{"titles": [], "stats": {}}"#), cleared);
    assert_eq!(to_wire(r#"{"titles": {}, "stats": []}"#), cleared);
}

#[test]
fn imports_resolve_relative_to_the_input_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("parts")).unwrap();
    std::fs::write(
        dir.path().join("parts/base.json"),
        r#"{"name": "Imported", "level": 4, "titles": {"$import": "titles.json"}}"#,
    )
    .unwrap();
    // Comments, which O3DE's reader takes, in an imported file and in the importing one.
    std::fs::write(
        dir.path().join("parts/titles.json"),
        "// the titles\n[\"Captain\" /* first */]",
    )
    .unwrap();
    let main = dir.path().join("main.json");
    std::fs::write(
        &main,
        r#"{"$import": {"filename": "parts/base.json", /* later */ "patch": {"level": 9}}}"#,
    )
    .unwrap();
    let main = main.display().to_string();

    // From a file, run elsewhere: relative to the file.
    let args = with(
        &PLAYER_DATA,
        &["--from", "json", "--to", "json", "--compact"],
    );
    let output = convert(&with(&args, &[main.as_str()]), b"");
    assert_status(&output, 0);
    assert_eq!(
        stdout(&output),
        "{\"name\":\"Imported\",\"level\":9,\"titles\":[\"Captain\"]}\n"
    );

    // From standard input: relative to the current directory.
    let output = convert_in(
        &dir.path().join("parts"),
        &args,
        br#"{"$import": "base.json"}"#,
    );
    assert_status(&output, 0);
    assert_eq!(
        stdout(&output),
        "{\"name\":\"Imported\",\"level\":4,\"titles\":[\"Captain\"]}\n"
    );

    // A file that is not there is an error that names it.
    let missing = dir.path().join("missing.json");
    std::fs::write(&missing, r#"{"$import": "nowhere.json"}"#).unwrap();
    let output = convert(&with(&args, &[missing.to_str().unwrap()]), b"");
    assert_status(&output, 1);
    let message = stderr(&output);
    assert!(message.contains("nowhere.json"), "{message}");
}

#[test]
fn json_options_need_the_json_format() {
    let args = with(&PLAYER_DATA, &["--from", "json-spatialos", "--to", "wire"]);
    for flag in [
        "--keep-defaults",
        "--sort-maps",
        "--compact",
        "--strict",
        "--report",
    ] {
        let output = convert(&with(&args, &[flag, "examples/data/player.json"]), b"");
        assert_status(&output, 2);
        assert!(stderr(&output).contains(flag), "{}", stderr(&output));
    }
    // Writing options need --to json; --strict and --report work on either side.
    let from_json = with(&PLAYER_DATA, &["--from", "json", "--to", "wire"]);
    let output = convert(&with(&from_json, &["--enum-form", "documented"]), b"{}");
    assert_status(&output, 2);
    let output = convert(&with(&from_json, &["--strict", "--report"]), b"{}");
    assert_status(&output, 0);

    let help = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(["convert", "--help"])
        .output()
        .unwrap();
    let help = stdout(&help);
    for flag in [
        "--keep-defaults",
        "--enum-form",
        "--float-form",
        "--sort-maps",
        "--compact",
        "--strict",
        "--report",
        "$import",
    ] {
        assert!(help.contains(flag), "--help lacks {flag}");
    }
}

/// `--rules documented`: integer text is decimal (the engine reads `"010"` as octal 8).
#[test]
fn documented_rules_read_decimal_integer_text() {
    let input = r#"{"name": "Ann", "team": "RED", "level": "010"}"#;
    let run = |extra: &[&str]| {
        let mut args = vec![
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
            "json",
            "--to",
            "json",
            "--compact",
        ];
        args.extend_from_slice(extra);
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_rosetta"))
            .args(&args)
            .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .expect("stdin")
                    .write_all(input.as_bytes())?;
                child.wait_with_output()
            })
            .expect("rosetta runs");
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).expect("UTF-8")
    };
    assert!(run(&[]).contains(r#""level":8"#));
    assert!(run(&["--rules", "documented"]).contains(r#""level":10"#));
}
