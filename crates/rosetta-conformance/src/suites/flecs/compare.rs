//! What the serializer wrote against a case's `expected`, in the mode the case asks for.

use rosetta_flecs::text::Mode;
use serde_json::Value as Json;

/// Runs a serializer and compares what it wrote with a case's `expected`: the same bytes in
/// the default (valid JSON) mode; for a case v3.2.12 wrote as invalid JSON, the same bytes in
/// engine mode and JSON that parses in the default mode; for `expect_error`, an error.
pub(super) fn compare(
    case: &Json,
    expected: Option<&str>,
    run: impl Fn(Mode) -> Result<String, String>,
) -> Result<(), String> {
    if case["expect_error"] == true {
        return match run(Mode::Valid) {
            Err(_) => Ok(()),
            Ok(s) => Err(format!("expected an error, wrote {s}")),
        };
    }
    let expected = expected.ok_or("no expected output")?;
    let engine_bytes = case["valid_json"] == false;
    let got = run(if engine_bytes {
        Mode::Engine
    } else {
        Mode::Valid
    })?;
    if got != expected {
        return Err(format!("wrote    {got}\nexpected {expected}"));
    }
    if engine_bytes {
        let v = run(Mode::Valid)?;
        serde_json::from_str::<Json>(&v)
            .map_err(|e| format!("valid mode wrote invalid JSON ({e}): {v}"))?;
    }
    Ok(())
}
