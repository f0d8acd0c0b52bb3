//! Typed containers against Godot 4.6-stable itself (`tests/data/godot4_typed_elements.json`,
//! written by the engine): an element the engine converts is converted to what the engine
//! makes, or refused as a documented deviation (Godot reads text Rosetta does not read, or puts
//! a default in its place); an element the engine refuses or drops is refused, with its path;
//! nothing is dropped silently.

use rosetta_godot::text::{from_text, to_text};
use rosetta_godot::{decode, encode, header, DecodeOptions, EncodeOptions, Variant, Version};
use serde_json::Value;

fn data() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/godot4_typed_elements.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).expect("read")).expect("json")
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn str_of<'v>(v: &'v Value, key: &str) -> &'v str {
    v[key].as_str().unwrap_or_else(|| panic!("{key} in {v}"))
}

/// Whether an error is one of Rosetta's documented deviations: Godot converts, Rosetta does
/// not follow (text read as a number or a color, values written as text) or refuses to lose
/// the element to a default.
fn deviation(message: &str) -> bool {
    message.contains("Rosetta does not") || message.contains("rather than lose data")
}

/// Whether `ours` prints as the engine's `var_to_str` text, or differs only as Rosetta's text
/// form does on purpose: Godot prints a double that a single-precision float holds exactly
/// with the float's shortest digits (`9007199254740992.0` as `9.007199e+15`), losing the rest;
/// Rosetta prints every double so that it reads back exactly (`rosetta_godot::text`).
fn prints_as(engine: &str, ours: &Variant) -> bool {
    to_text(ours, Version::Godot4) == engine
        || from_text(engine).is_ok_and(|theirs| single(&theirs) == single(ours))
}

/// The value with every double rounded to single precision.
fn single(v: &Variant) -> Variant {
    let f = |x: f64| f64::from(x as f32);
    match v {
        Variant::Float(x) => Variant::Float(f(*x)),
        Variant::PackedFloat64Array(xs) => {
            Variant::PackedFloat64Array(xs.iter().map(|x| f(*x)).collect())
        }
        Variant::Array(a) => {
            let mut a = a.clone();
            a.items = a.items.iter().map(single).collect();
            Variant::Array(a)
        }
        Variant::Dictionary(d) => {
            let mut d = d.clone();
            d.entries = d
                .entries
                .iter()
                .map(|(k, v)| (single(k), single(v)))
                .collect();
            Variant::Dictionary(d)
        }
        other => other.clone(),
    }
}

/// Compares Rosetta's outcome for one element with the engine's (`expected`: the element's
/// `var_to_str`, or `None` when the engine refused it); `Err` says how they differ.
fn compare(
    expected: Option<&str>,
    ours: Result<Variant, String>,
    deviations: &mut usize,
) -> Result<(), String> {
    match (expected, ours) {
        (Some(engine), Ok(v)) => {
            let Variant::Array(a) = v else {
                return Err(format!("not an Array: {v:?}"));
            };
            match a.items.as_slice() {
                [one] if prints_as(engine, one) => Ok(()),
                other => Err(format!("Rosetta made {other:?}, Godot {engine}")),
            }
        }
        (Some(_), Err(e)) if deviation(&e) => {
            *deviations += 1;
            Ok(())
        }
        (Some(engine), Err(e)) => Err(format!("Godot makes {engine}, Rosetta refused: {e}")),
        (None, Ok(v)) => Err(format!("Godot refuses it, Rosetta made {v:?}")),
        (None, Err(e)) if e.contains("[0]: ") && e.contains("cannot convert") => Ok(()),
        (None, Err(e)) => Err(format!("refused, but not as the engine refuses: {e}")),
    }
}

/// The bytes of an `Array[ty]` holding `item`, as the oracle built them.
fn typed_array_bytes(ty: &str, item: &Variant) -> Vec<u8> {
    let id = rosetta_godot::text::type_from_name(ty)
        .and_then(|t| header::id_of(Version::Godot4, t))
        .unwrap_or_else(|| panic!("type {ty}"));
    let mut bytes = vec![0x1c, 0, 1, 0];
    bytes.extend_from_slice(&id.to_le_bytes());
    bytes.extend_from_slice(&1u32.to_le_bytes());
    bytes.extend(encode(item, &EncodeOptions::new(Version::Godot4)).expect("encode"));
    bytes
}

#[test]
fn every_conversion_is_the_engines_or_a_refusal() {
    let doc = data();
    let rows = doc["conversions"].as_array().expect("conversions");
    let (mut failures, mut deviations, mut converted) = (Vec::new(), 0, 0);
    for row in rows {
        let (ty, sample) = (str_of(row, "type"), str_of(row, "sample"));
        let item = match from_text(sample) {
            Ok(item) => item,
            Err(e) => {
                failures.push(format!("{sample}: {e}"));
                continue;
            }
        };
        for (side, ours) in [
            (
                "text",
                from_text(&format!("Array[{ty}]([{sample}])")).map_err(|e| e.to_string()),
            ),
            (
                "bytes",
                decode(
                    &typed_array_bytes(ty, &item),
                    &DecodeOptions::new(Version::Godot4),
                )
                .map(|(v, _)| v)
                .map_err(|e| e.to_string()),
            ),
        ] {
            let Some(expected) = row[side].as_array() else {
                continue;
            };
            let expected = expected.first().and_then(Value::as_str);
            converted += usize::from(expected.is_some());
            if let Err(e) = compare(expected, ours, &mut deviations) {
                failures.push(format!("{side} Array[{ty}]([{sample}]): {e}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        rows.len(),
        failures.join("\n")
    );
    // The deviations are the few conversions Rosetta leaves to the engine (color names, text
    // to numbers, values to text, defaults in the place of elements), not the many it does.
    assert!(
        deviations * 2 < converted,
        "{deviations} deviations of {converted}"
    );
    eprintln!(
        "{} samples: {converted} engine conversions, {deviations} refused as deviations",
        rows.len()
    );
}

#[test]
fn text_of_typed_containers_reads_as_str_to_var_or_fails_where_it_prints_an_error() {
    for case in data()["text"].as_array().expect("text") {
        let input = str_of(case, "input");
        let engine_failed = !case["engine_errors"].as_array().expect("errors").is_empty();
        match from_text(input) {
            Ok(v) => {
                assert!(!engine_failed, "{input}: Godot refuses, Rosetta read {v:?}");
                assert!(prints_as(str_of(case, "var_to_str"), &v), "{input}: {v:?}");
                let bytes = encode(&v, &EncodeOptions::new(Version::Godot4)).expect("encode");
                assert_eq!(hex(&bytes), str_of(case, "bytes_hex"), "{input}");
            }
            // A type name that is no class: Godot makes the container untyped; Rosetta, which
            // knows no classes, keeps the name and takes only objects, as for `Array[Node]`.
            Err(e) if input.starts_with("Array[Foo]") => {
                assert!(e.to_string().contains("if Foo is a class"), "{e}")
            }
            Err(e) => assert!(engine_failed, "{input}: Godot reads it, Rosetta: {e}"),
        }
    }
}

#[test]
fn bytes_of_typed_containers_read_as_bytes_to_var_or_fail_where_it_drops() {
    for case in data()["bytes"].as_array().expect("bytes") {
        let desc = str_of(case, "desc");
        let mut options = DecodeOptions::new(Version::Godot4);
        options.allow_objects = case["allow_objects"].as_bool().expect("allow_objects");
        let dropped = !case["engine_errors"].as_array().expect("errors").is_empty();
        match decode(&unhex(str_of(case, "input_hex")), &options) {
            Ok((v, _)) => {
                assert!(
                    !dropped,
                    "{desc}: Godot drops an element, Rosetta read {v:?}"
                );
                assert!(prints_as(str_of(case, "var_to_str"), &v), "{desc}: {v:?}");
                // The oracle wrote them back with var_to_bytes, without objects.
                let again = encode(&v, &EncodeOptions::new(Version::Godot4)).expect("encode");
                assert_eq!(hex(&again), str_of(case, "reencoded_hex"), "{desc}");
            }
            Err(e) => assert!(dropped, "{desc}: Godot reads it whole, Rosetta: {e}"),
        }
    }
}
