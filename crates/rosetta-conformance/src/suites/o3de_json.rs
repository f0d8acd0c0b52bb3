//! Suite `o3de-json`: O3DE JSON serialization vectors (`shared/corpus/o3de/json_vectors.json`,
//! format `o3de-json-vectors/1`, described by the file's own `conventions`).
//!
//! Each vector stores a native value and compares the JSON and the outcome, loads JSON onto a
//! starting value and compares the value and the outcome, or both (`roundtrip`); patch,
//! type-id and result-combining vectors go through the same operations of `rosetta_json::o3de`.
//! The C++ types are mapped onto the shared model ([`types`]); a vector whose type has no
//! equivalent there (unregistered enums, multimaps, `fixed_vector`) is listed as `skip` with
//! the reason.
//!
//! Settings: `keep_defaults` and `default` as in the engine; `unordered_map` vectors store with
//! `sort_maps` (the engine sorts unordered containers); colors without a `default` or `initial`
//! use O3DE's default color, zero (the shared model's default color is Godot's opaque black).
//! Numbers compare as doubles, or at `f32` precision where the vector
//! says `float_compare: f32` (the engine widens floats); `json_exact` is compared exactly, and
//! `json_per_docs` (the documentation's form) against `EnumForm::Documented`.

mod types;
mod values;

use std::path::Path;

use rosetta_json::o3de::{
    self, apply_patch, create_patch, load_type_id, store_type_id, EnumForm, LoadOptions, Outcome,
    PatchStyle, Processing, Quiet, ResultCode, StoreOptions, Task,
};
use rosetta_types::{default_value, Kind, MathShape, TypeId, Value};
use serde_json::Value as J;

use crate::guard;
use crate::report::Report;
use types::{Resolved, Types};
use values::native;

/// Runs the suite on the vectors file at `path`.
pub fn run(path: &Path, report: &mut Report) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file: J = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    if file["schema"] != "o3de-json-vectors/1" {
        return Err(format!(
            "{}: not an o3de-json-vectors/1 file",
            path.display()
        ));
    }
    let types = Types::new(&file["type_defs"])?;
    let vectors = file["vectors"].as_array().ok_or("no `vectors` array")?;
    for vector in vectors {
        let id = vector["id"].as_str().unwrap_or("(no id)");
        match guard::catch(|| check(&types, vector)) {
            Ok(Ok(Check::Passed)) => report.pass(id),
            Ok(Ok(Check::NotApplicable(why))) => report.skip(id, &why),
            Ok(Err(why)) | Err(why) => report.fail(id, &why),
        }
    }
    Ok(())
}

enum Check {
    Passed,
    NotApplicable(String),
}

fn str_of<'j>(v: &'j J, key: &str) -> &'j str {
    v[key].as_str().unwrap_or_default()
}

fn check(types: &Types, v: &J) -> Result<Check, String> {
    let kind = str_of(v, "kind");
    match kind {
        "merge_patch" | "json_patch_apply" => return patch_apply(v).map(|()| Check::Passed),
        "json_patch_create" => return patch_create(v).map(|()| Check::Passed),
        "result_combine" => return combine(v).map(|()| Check::Passed),
        "type_id" => return type_id(types, v).map(|()| Check::Passed),
        _ => {}
    }
    let tys = match types.resolve(kind, str_of(v, "type")) {
        Resolved::Types(t) => t,
        Resolved::NotApplicable(why) => return Ok(Check::NotApplicable(why)),
    };
    for ty in tys {
        let direction = str_of(v, "direction");
        let which = types.registry.display(ty).to_string();
        if matches!(direction, "store" | "roundtrip") {
            store(types, ty, v).map_err(|e| format!("store as {which}: {e}"))?;
        }
        if matches!(direction, "load" | "roundtrip") {
            load(types, ty, v).map_err(|e| format!("load as {which}: {e}"))?;
        }
    }
    Ok(Check::Passed)
}

/// The outcome matches `outcome` (`A|B` allows either) and `processing` when given.
fn expect_code(v: &J, code: ResultCode) -> Result<(), String> {
    let expected = str_of(v, "outcome");
    let got = code.outcome().name();
    if !expected.split('|').any(|o| o == got) {
        return Err(format!("outcome {got}, expected {expected}"));
    }
    if let Some(p) = v["processing"].as_str() {
        if Processing::from_name(p) != Some(code.processing()) {
            return Err(format!(
                "processing {}, expected {p}",
                code.processing().name()
            ));
        }
    }
    Ok(())
}

/// JSON equality with members in order; numbers by value, at `f32` precision when `f32`.
fn same_json(a: &J, b: &J, f32: bool) -> bool {
    match (a, b) {
        (J::Number(x), J::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) if f32 => x as f32 == y as f32,
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
        (J::Array(x), J::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b, f32))
        }
        (J::Object(x), J::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y)
                    .all(|((ka, va), (kb, vb))| ka == kb && same_json(va, vb, f32))
        }
        _ => a == b,
    }
}

fn is_f32(types: &Types, ty: TypeId, v: &J) -> bool {
    v["float_compare"] == "f32"
        || matches!(
            types.registry.get(ty).map(|t| t.kind()),
            Some(Kind::Float(rosetta_types::FloatType::F32))
        )
}

fn store(types: &Types, ty: TypeId, v: &J) -> Result<(), String> {
    let registry = &types.registry;
    let value = native(registry, ty, &v["value"])?;
    let settings = &v["settings"];
    let options = StoreOptions {
        keep_defaults: settings["keep_defaults"].as_bool().unwrap_or(false),
        sort_maps: str_of(v, "type").contains("unordered_map"),
        ..StoreOptions::default()
    };
    let default = match settings.get("default") {
        Some(d) => Some(native(registry, ty, d)?),
        None if is_color(types, ty) => Some(Value::math_f32([0.0; 4])),
        None => None,
    };
    let stored = match default {
        Some(default) => {
            o3de::store_with_default(registry, ty, &value, &default, &options, &mut Quiet)
        }
        None => o3de::store(registry, ty, &value, &options, &mut Quiet),
    }
    .map_err(|e| e.to_string())?;
    let got: J = serde_json::from_str(&stored.json).map_err(|e| e.to_string())?;
    if !same_json(&got, &v["json"], is_f32(types, ty, v)) {
        return Err(format!("wrote {}, expected {}", stored.json, v["json"]));
    }
    if let Some(per_docs) = v.get("json_per_docs") {
        // The documentation's form of the same value, from the documented enum form.
        let documented = StoreOptions {
            enum_form: EnumForm::Documented,
            ..options.clone()
        };
        let docs = o3de::store(registry, ty, &value, &documented, &mut Quiet)
            .map_err(|e| e.to_string())?;
        let got_docs: J = serde_json::from_str(&docs.json).map_err(|e| e.to_string())?;
        if !same_json(&got_docs, per_docs, false) {
            return Err(format!(
                "documented form {}, expected {per_docs}",
                docs.json
            ));
        }
    }
    if let Some(exact) = v.get("json_exact") {
        if !same_json(&got, exact, false) {
            return Err(format!("wrote {}, expected exactly {exact}", stored.json));
        }
    }
    expect_code(v, stored.result)
}

/// O3DE's default color is zero; the shared model's is opaque black (Godot's).
fn is_color(types: &Types, ty: TypeId) -> bool {
    matches!(types.registry.get(ty).map(|t| t.kind()), Some(Kind::Math(m)) if m.shape == MathShape::Color)
}

/// The value a load starts from: `settings.initial`, else the type's default (O3DE's for a
/// color).
fn initial(types: &Types, ty: TypeId, v: &J) -> Result<Value, String> {
    let registry = &types.registry;
    if let Some(initial) = v["settings"].get("initial") {
        return native(registry, ty, initial);
    }
    if is_color(types, ty) {
        return Ok(Value::math_f32([0.0; 4]));
    }
    default_value(registry, ty).map_err(|e| e.to_string())
}

fn load(types: &Types, ty: TypeId, v: &J) -> Result<(), String> {
    let registry = &types.registry;
    let text = match v["json_text"].as_str() {
        Some(t) => t.to_owned(),
        None => v["json"].to_string(),
    };
    let start = initial(types, ty, v)?;
    let mut target = start.clone();
    let code = o3de::load_into(
        registry,
        ty,
        &text,
        &mut target,
        &LoadOptions::default(),
        &mut Quiet,
    )
    .map_err(|e| e.to_string())?;
    expect_code(v, code)?;
    if v["expect_unchanged"] == true {
        if target != start {
            return Err(format!("changed the target to {target:?}"));
        }
    } else if !v["value"].is_null() {
        let expected = native(registry, ty, &v["value"])?;
        if target != expected {
            return Err(format!("read {target:?}, expected {expected:?}"));
        }
    }
    Ok(())
}

fn patch_apply(v: &J) -> Result<(), String> {
    let style = if str_of(v, "kind") == "merge_patch" {
        PatchStyle::MergePatch
    } else {
        PatchStyle::JsonPatch
    };
    let mut target = v["target"].clone();
    let code = apply_patch(&mut target, &v["patch"], style, &mut Quiet);
    expect_code(v, code)?;
    if !v["json"].is_null() && target != v["json"] {
        return Err(format!("patched to {target}, expected {}", v["json"]));
    }
    Ok(())
}

fn patch_create(v: &J) -> Result<(), String> {
    let (patch, code) = create_patch(
        &v["source"],
        &v["target"],
        PatchStyle::JsonPatch,
        &mut Quiet,
    );
    expect_code(v, code)?;
    if patch != v["json"] {
        return Err(format!("created {patch}, expected {}", v["json"]));
    }
    Ok(())
}

fn combine(v: &J) -> Result<(), String> {
    let outcome = |key| {
        Outcome::from_name(str_of(v, key)).ok_or_else(|| format!("unknown outcome in `{key}`"))
    };
    let code = ResultCode::new(Task::ReadField, outcome("lhs")?)
        .combine(ResultCode::new(Task::ReadField, outcome("rhs")?));
    expect_code(v, code)
}

fn type_id(types: &Types, v: &J) -> Result<(), String> {
    let registry = &types.registry;
    let named =
        |j: &J| load_type_id(registry, j).map_err(|c| format!("{} does not name a type ({c})", j));
    match str_of(v, "direction") {
        "store" => {
            let ty = named(&v["value"])?;
            let text = store_type_id(registry, ty);
            if v["json"] != text.as_str() {
                return Err(format!("wrote {text:?}, expected {}", v["json"]));
            }
            Ok(())
        }
        _ => match load_type_id(registry, &v["json"]) {
            Ok(ty) => {
                let expected = named(&v["value"])?;
                if ty != expected {
                    return Err(format!(
                        "read {}, expected {}",
                        registry.display(ty),
                        registry.display(expected)
                    ));
                }
                expect_code(v, ResultCode::new(Task::RetrieveInfo, Outcome::Success))
            }
            Err(code) => expect_code(v, code),
        },
    }
}
