//! Suites `godot3` and `godot4`: Godot Variant bytes against the real engines' outputs.
//!
//! `rosetta-conformance godot4 PATH`, PATH a corpus JSON file or a directory (every
//! `godot4*.json` under it, `godot3*.json` for `godot3`). The files' own format
//! (`shared/corpus/godot/PROVENANCE.md`):
//!
//! - `vectors[]` with `bytes_hex`: the bytes decode (objects allowed iff `full_objects`) using
//!   all of them, to the type named by `variant_type`, and re-encode byte-identical (against
//!   `bytes_hex_zero_padded` when given: the engines leave NodePath padding uninitialised).
//!   Marshalls vectors (`kind: variant`) check `r_len` too; `variant_invalid` must fail;
//!   `primitive` vectors are not Variants and are skipped.
//! - `decode_tests[]`: `input_hex` decodes (with `allow_objects`) iff `outcome` starts with
//!   `ok`, to `decoded_type`, using `decode_var_size` bytes when given. One documented
//!   deviation: a typed container holding an element the engine drops (printing an error) and
//!   reads without is refused by Rosetta (`rosetta_godot::Error::TypedElement`).
//!
//! Godot 3.2.3 had no nesting limit, so the `godot3` suite decodes without one; the checks run
//! on a thread with a large stack.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

use rosetta_godot::{decode, encode, header, DecodeOptions, EncodeOptions, Version};
use serde_json::Value;

use crate::guard;
use crate::report::Report;

/// Runs the `godot3` suite.
pub fn run_godot3(path: &Path, report: &mut Report) -> Result<(), String> {
    run(path, Version::Godot3, report)
}

/// Runs the `godot4` suite.
pub fn run_godot4(path: &Path, report: &mut Report) -> Result<(), String> {
    run(path, Version::Godot4, report)
}

fn run(path: &Path, version: Version, report: &mut Report) -> Result<(), String> {
    let prefix = match version {
        Version::Godot3 => "godot3",
        Version::Godot4 => "godot4",
    };
    let files = if path.is_dir() {
        let mut files: Vec<PathBuf> = fs::read_dir(path)
            .map_err(|e| format!("{}: {e}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| {
                p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| n.starts_with(prefix) && n.ends_with(".json"))
            })
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(format!("no {prefix}*.json files in {}", path.display()));
        }
        files
    } else if path.is_file() {
        vec![path.to_path_buf()]
    } else {
        return Err(format!(
            "{} is neither a file nor a directory",
            path.display()
        ));
    };
    let mut docs = Vec::new();
    for file in &files {
        let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let doc: Value =
            serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        let label = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        docs.push((label, doc));
    }
    // Deep inputs recurse; give them room.
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(512 << 20)
            .spawn_scoped(scope, || {
                for (label, doc) in &docs {
                    check_doc(label, doc, version, report);
                }
            })
            .map_err(|e| format!("cannot start the checking thread: {e}"))?
            .join()
            .map_err(|_| "the checking thread panicked".to_owned())
    })
}

struct Ctx {
    version: Version,
    /// Engine type name (as in the file's id table) to id.
    ids: HashMap<String, u64>,
}

fn check_doc(label: &str, doc: &Value, version: Version, report: &mut Report) {
    let table = doc
        .get("variant_type_ids_4x")
        .or_else(|| doc.get("variant_type_ids_3x"));
    let ids = table
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .filter_map(|(k, v)| Some((k.clone(), v.as_u64()?)))
                .collect()
        })
        .unwrap_or_default();
    let ctx = Ctx { version, ids };
    for (i, vector) in array(doc, "vectors").iter().enumerate() {
        let what = format!("{label} vector {i} {}", describe(vector));
        match vector.get("kind").and_then(Value::as_str) {
            Some("primitive") => {}
            Some("variant_invalid") => {
                let outcome =
                    guard::catch(|| expect_error(&ctx, vector, "bytes_hex", false)).and_then(|r| r);
                report.record(&what, outcome);
            }
            _ => {
                let outcome = guard::catch(|| check_vector(&ctx, vector)).and_then(|r| r);
                report.record(&what, outcome);
            }
        }
    }
    for (i, test) in array(doc, "decode_tests").iter().enumerate() {
        let desc = test.get("desc").and_then(Value::as_str).unwrap_or("");
        let what = format!("{label} decode test {i} ({desc})");
        let outcome = guard::catch(|| check_decode_test(&ctx, test)).and_then(|r| r);
        report.record(&what, outcome);
    }
}

fn array<'v>(doc: &'v Value, key: &str) -> &'v [Value] {
    doc.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

fn describe(vector: &Value) -> String {
    ["expr", "description"]
        .iter()
        .find_map(|k| vector.get(*k).and_then(Value::as_str))
        .map(|s| s.chars().take(60).collect())
        .unwrap_or_default()
}

fn hex_field(v: &Value, key: &str) -> Result<Vec<u8>, String> {
    let text = v
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("no {key}"))?;
    unhex(text)
}

fn unhex(text: &str) -> Result<Vec<u8>, String> {
    if text.len() % 2 != 0 {
        return Err("odd hex length".into());
    }
    (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|h| u8::from_str_radix(h, 16).ok())
                .ok_or_else(|| format!("bad hex at {i}"))
        })
        .collect()
}

/// A decode test's input. The generators print only the first 160 hex digits of long inputs
/// (with `input_hex_chars`, the full length); those are `UNIT.repeat(n) + "00000000"` (nested
/// arrays), rebuilt here from the prefix's period.
fn test_input(test: &Value) -> Result<Vec<u8>, String> {
    let text = test
        .get("input_hex")
        .and_then(Value::as_str)
        .ok_or("no input_hex")?;
    let chars = test
        .get("input_hex_chars")
        .and_then(Value::as_u64)
        .and_then(|n| usize::try_from(n).ok())
        .unwrap_or(text.len());
    if chars <= text.len() {
        return unhex(text);
    }
    let b = text.as_bytes();
    let period = (1..b.len())
        .find(|p| (*p..b.len()).all(|i| b[i] == b[i - p]))
        .ok_or("truncated input without a repeating unit")?;
    let body = chars.checked_sub(8).ok_or("truncated input too short")?;
    if body % period != 0 || period % 2 != 0 {
        return Err(format!(
            "truncated input ({chars} hex digits) is not UNIT.repeat(n) + 00000000"
        ));
    }
    let unit = &text[..period];
    unhex(&(unit.repeat(body / period) + "00000000"))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn decode_options(ctx: &Ctx, allow_objects: bool) -> DecodeOptions {
    let mut options = DecodeOptions::new(ctx.version);
    options.allow_objects = allow_objects;
    options.class_filter = Some(known_class);
    if ctx.version == Version::Godot3 {
        // Godot 3.2.3 has no recursion limit.
        options.max_depth = usize::MAX;
    }
    options
}

/// Engine classes the oracle engines instantiate (full objects of other classes fail there).
fn known_class(name: &str) -> bool {
    matches!(
        name,
        "Object"
            | "RefCounted"
            | "Reference"
            | "Resource"
            | "Node"
            | "Node2D"
            | "Node3D"
            | "Spatial"
            | "Control"
            | "Timer"
            | "Sprite"
            | "Sprite2D"
            | "Camera2D"
            | "Image"
            | "Texture"
            | "Curve"
            | "Gradient"
            | "Theme"
            | "Font"
    )
}

/// The type the file names `name` must be the type of `value` in this version.
fn check_type(ctx: &Ctx, name: &str, value: &rosetta_godot::Variant) -> Result<(), String> {
    let Some(expected) = ctx.ids.get(name) else {
        return Ok(());
    };
    let ours = header::id_of(ctx.version, value.variant_type());
    // A null object is written as null: the expression was an Object, the bytes are NIL.
    let null_object = name == "OBJECT" && *value == rosetta_godot::Variant::Nil;
    if null_object || ours.map(u64::from) == Some(*expected) {
        Ok(())
    } else {
        Err(format!(
            "decoded as {:?}, the engine says {name}",
            value.variant_type()
        ))
    }
}

fn check_vector(ctx: &Ctx, vector: &Value) -> Result<(), String> {
    let bytes = hex_field(vector, "bytes_hex")?;
    let expected = match vector.get("bytes_hex_zero_padded") {
        Some(_) => hex_field(vector, "bytes_hex_zero_padded")?,
        None => bytes.clone(),
    };
    let full_objects = vector
        .get("full_objects")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let (value, used) = decode(&bytes, &decode_options(ctx, full_objects))
        .map_err(|e| format!("does not decode: {e}"))?;
    if used != bytes.len() {
        return Err(format!("decoding used {used} of {} bytes", bytes.len()));
    }
    if let Some(r_len) = vector.get("r_len").and_then(Value::as_u64) {
        if used as u64 != r_len {
            return Err(format!("decoding used {used} bytes, the engine {r_len}"));
        }
    }
    if let Some(name) = vector.get("variant_type").and_then(Value::as_str) {
        check_type(ctx, name, &value)?;
    }
    let mut options = EncodeOptions::new(ctx.version);
    options.full_objects = full_objects;
    let again = encode(&value, &options).map_err(|e| format!("does not re-encode: {e}"))?;
    if again == expected {
        Ok(())
    } else {
        Err(format!(
            "re-encoded {} instead of {}",
            hex(&again),
            hex(&expected)
        ))
    }
}

fn expect_error(ctx: &Ctx, v: &Value, key: &str, allow_objects: bool) -> Result<(), String> {
    let bytes = hex_field(v, key)?;
    expect_failure(ctx, &bytes, allow_objects)
}

fn expect_failure(ctx: &Ctx, bytes: &[u8], allow_objects: bool) -> Result<(), String> {
    match decode(bytes, &decode_options(ctx, allow_objects)) {
        Err(_) => Ok(()),
        Ok((value, used)) => Err(format!(
            "decoded {:?} ({used} bytes), the engine rejects it",
            value.variant_type()
        )),
    }
}

fn check_decode_test(ctx: &Ctx, test: &Value) -> Result<(), String> {
    let allow_objects = test
        .get("allow_objects")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    let outcome = test.get("outcome").and_then(Value::as_str).unwrap_or("");
    let bytes = test_input(test)?;
    if !outcome.starts_with("ok") {
        return expect_failure(ctx, &bytes, allow_objects);
    }
    let (value, used) = match decode(&bytes, &decode_options(ctx, allow_objects)) {
        Ok(decoded) => decoded,
        // The engine drops the element and reads the rest; Rosetta refuses the data instead.
        Err(rosetta_godot::Error::TypedElement(_)) => return Ok(()),
        Err(e) => return Err(format!("the engine accepts it, Rosetta says: {e}")),
    };
    if let Some(name) = test.get("decoded_type").and_then(Value::as_str) {
        check_type(ctx, name, &value)?;
    }
    if let Some(size) = test.get("decode_var_size").and_then(Value::as_u64) {
        // The engine counts a PackedByteArray's padding even when the input ends before it;
        // Rosetta reports only bytes that exist.
        let size = size.min(bytes.len() as u64);
        if used as u64 != size {
            return Err(format!("used {used} bytes, the engine {size}"));
        }
    }
    Ok(())
}
