//! Every 14.x/v15 bundle JSON fixture of the corpus: `from_json` then `to_json` in the fixture's
//! format reproduces it, as parsed JSON and (where the fixture's whitespace is the compiler's)
//! byte for byte.

mod common;

use rosetta_bundle::{
    from_json, to_json, to_json_compact, to_json_styled, BundleFormat, JsonStyle,
};
use serde_json::Value;

/// Which keys a fixture has: v15 files have `componentSets`, 14.x fields have `transient`.
fn keys_present(v: &Value) -> (bool, bool) {
    let mut sets = false;
    let mut transient = false;
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Object(o) => {
                sets |= o.contains_key("componentSets");
                transient |= o.contains_key("transient");
                stack.extend(o.values());
            }
            Value::Array(a) => stack.extend(a),
            _ => {}
        }
    }
    (sets, transient)
}

/// Removes every `"transient": false` (the hand-made gdk `clash_*` fixtures carry both
/// `transient` and `componentSets`, a mix no compiler wrote).
fn strip_transient(v: &mut Value) {
    match v {
        Value::Object(o) => {
            if o.get("transient") == Some(&Value::Bool(false)) {
                o.shift_remove("transient");
            }
            o.values_mut().for_each(strip_transient);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_transient),
        _ => {}
    }
}

/// The gdk-for-unity@108fb14 fixture is the compiler's one-space output with one more space
/// after every newline (the final one included), as if pasted into an indented block.
fn shifted_one_space(pretty: &str) -> String {
    pretty.replace('\n', "\n ")
}

#[test]
fn fixtures_round_trip_through_the_model() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    let fixtures = common::bundle_json_fixtures(&corpus);
    assert!(
        fixtures.len() >= 8,
        "expected the 8 schemaFiles fixtures, found {}",
        fixtures.len()
    );
    let mut report = Vec::new();
    for (path, text) in &fixtures {
        let name = common::short(&corpus, path);
        let bundle = from_json(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut expected: Value = serde_json::from_str(text).expect("fixture is JSON");
        let format = match keys_present(&expected) {
            (true, false) => BundleFormat::V15,
            (false, true) => BundleFormat::V14,
            (true, true) => {
                strip_transient(&mut expected);
                report.push(format!("{name}: mixed (transient + componentSets); compared as V15 without `transient: false`"));
                BundleFormat::V15
            }
            (false, false) => BundleFormat::V15,
        };
        let written = to_json(&bundle, format);
        // Compared re-serialized, so that key order counts too (`Value` equality ignores it).
        let expected_text = expected.to_string();
        let parsed: Value = serde_json::from_str(&written).expect("our JSON parses");
        assert_eq!(
            parsed.to_string(),
            expected_text,
            "{name}: {format:?} output differs"
        );
        let compact = to_json_compact(&bundle, format);
        assert_eq!(compact, expected_text, "{name}: compact output differs");

        let two = to_json_styled(&bundle, format, JsonStyle::Pretty { indent: 2 });
        let v14_two = to_json_styled(&bundle, BundleFormat::V14, JsonStyle::Pretty { indent: 2 });
        let how = if written == *text {
            "byte-identical (1-space pretty)"
        } else if two == *text {
            "byte-identical with 2-space indentation"
        } else if v14_two == text.replace(",\n      \"componentSets\": []", "") {
            "byte-identical to 2-space V14 once its `componentSets: []` lines are removed"
        } else if shifted_one_space(&written) == *text {
            "byte-identical after adding one space after every newline"
        } else {
            "equal as parsed JSON only"
        };
        report.push(format!("{name}: {format:?}: {how}"));
        if keys_present(&serde_json::from_str(text).expect("JSON")) != (true, true) {
            assert_ne!(
                how, "equal as parsed JSON only",
                "{name}: whitespace differs"
            );
        }
    }
    for line in report {
        println!("{line}");
    }
}

#[test]
fn compiler_fixtures_are_byte_identical() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    let cases = [
        (
            "gdk-for-unity@develop-9fb21bc/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenTemplate/CodeGenerationLib/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json",
            BundleFormat::V15,
        ),
        (
            "gdk-for-unity@4473930/workers/unity/Packages/io.improbable.gdk.tools/.CodeGenerator/CodeGeneration/Tests/Model/SchemaBundleV1/Resources/exhaustive_bundle.json",
            BundleFormat::V14,
        ),
        (
            "spatialos-sdk-rs@93c53af/spatialos-sdk-code-generator/data/test.sb.json",
            BundleFormat::V14,
        ),
    ];
    for (rel, format) in cases {
        let text = std::fs::read_to_string(corpus.join(rel)).expect("fixture present");
        let bundle = from_json(&text).expect("fixture reads");
        let written = to_json(&bundle, format);
        if written != text {
            let at = written
                .bytes()
                .zip(text.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(written.len().min(text.len()));
            panic!(
                "{rel}: first difference at byte {at}: ours {:?} vs fixture {:?}",
                &written[at.saturating_sub(40)..(at + 40).min(written.len())],
                &text[at.saturating_sub(40)..(at + 40).min(text.len())]
            );
        }
    }
}

#[test]
fn floats_print_as_in_the_fixtures() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    let text = std::fs::read_to_string(
        corpus.join("spatialos-sdk-rs@93c53af/spatialos-sdk-code-generator/data/test.sb.json"),
    )
    .expect("fixture present");
    assert!(text.contains("\"floatValue\": 2\n"), "2.0 is printed as 2");
    let bundle = from_json(&text).expect("reads");
    assert!(to_json(&bundle, BundleFormat::V14).contains("\"floatValue\": 2\n"));
}
