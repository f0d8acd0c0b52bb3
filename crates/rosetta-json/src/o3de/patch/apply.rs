//! `ApplyPatch`: a JSON Patch applied operation by operation, or a Merge Patch member by member,
//! each step reported at its JSON Pointer.

use serde_json::{Map, Value};

use super::run::{report, PatchStyle, Run};
use crate::o3de::compare::compare;
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::{Outcome, ResultCode, Task};
use crate::text::pointer::{get, get_mut, parse_pointer, push_pointer, token_index};

/// Applies `patch` to `target` in place (the engine's destructive `ApplyPatch`).
///
/// Task [`Task::Merge`]. For a JSON Patch, the operations `add`, `remove`, `replace`, `move`,
/// `copy` and `test` are supported; a patch that is not an array or an entry that is not an
/// object is `TypeMismatch`, a missing `op`/`path`/`value`/`from` is `Missing`, a bad pointer or
/// index is `Invalid`, a failed `test` is `TestFailed` and an unknown `op` is `Unknown`, all
/// halting. On a halt the target keeps the operations applied before it.
///
/// ```
/// use rosetta_json::o3de::patch::{apply_patch, PatchStyle};
/// use rosetta_json::o3de::{Outcome, Quiet};
/// use serde_json::json;
/// let mut doc = json!({"a": [1]});
/// let patch = json!([{"op": "add", "path": "/a/-", "value": 2}]);
/// let code = apply_patch(&mut doc, &patch, PatchStyle::JsonPatch, &mut Quiet);
/// assert_eq!(code.outcome(), Outcome::Success);
/// assert_eq!(doc, json!({"a": [1, 2]}));
/// ```
pub fn apply_patch(
    target: &mut Value,
    patch: &Value,
    style: PatchStyle,
    reporter: &mut dyn Reporter,
) -> ResultCode {
    match style {
        PatchStyle::JsonPatch => apply_json_patch(target, patch, reporter),
        PatchStyle::MergePatch => {
            let mut run = Run::new(reporter, Task::Merge);
            apply_merge(&mut run, target, patch);
            run.result
        }
    }
}

/// Applies `patch` to a copy of `source` (the engine's copying `ApplyPatch`): the patched copy,
/// or `{}` if processing halted.
pub fn apply_patch_copy(
    source: &Value,
    patch: &Value,
    style: PatchStyle,
    reporter: &mut dyn Reporter,
) -> (Value, ResultCode) {
    let mut output = source.clone();
    let code = apply_patch(&mut output, patch, style, reporter);
    if code.halted() {
        output = Value::Object(Map::new());
    }
    (output, code)
}

/// A failed operation: the outcome, a message and the pointer to report it at.
struct Fail {
    outcome: Outcome,
    message: String,
    path: String,
}

fn fail(outcome: Outcome, message: impl Into<String>, element: &str, field: Option<&str>) -> Fail {
    let mut path = element.to_owned();
    if let Some(field) = field {
        push_pointer(&mut path, field);
    }
    Fail {
        outcome,
        message: message.into(),
        path,
    }
}

fn apply_json_patch(target: &mut Value, patch: &Value, reporter: &mut dyn Reporter) -> ResultCode {
    let Value::Array(entries) = patch else {
        let code = ResultCode::new(Task::Merge, Outcome::TypeMismatch);
        return report(
            reporter,
            "JSON Patch only supports arrays at the root.",
            code,
            "",
        );
    };
    let mut result = ResultCode::for_task(Task::Merge);
    for (index, entry) in entries.iter().enumerate() {
        let mut element = String::new();
        push_pointer(&mut element, &index.to_string());
        let code = match apply_entry(target, entry, &element) {
            Ok((message, path)) => {
                let code = ResultCode::new(Task::Merge, Outcome::Success);
                report(reporter, &message, code, &path)
            }
            Err(f) => {
                let code = ResultCode::new(Task::Merge, f.outcome);
                report(reporter, &f.message, code, &f.path)
            }
        };
        result.absorb(code);
        if result.halted() {
            return result;
        }
    }
    result.combine(ResultCode::new(Task::Merge, Outcome::Success))
}

/// A string field of a patch entry, as pointer tokens.
fn pointer_field(
    entry: &Map<String, Value>,
    field: &str,
    element: &str,
) -> Result<(String, Vec<String>), Fail> {
    let Some(value) = entry.get(field) else {
        let msg = format!("The required field \"{field}\" is missing in entry of JSON Patch.");
        return Err(fail(Outcome::Missing, msg, element, Some(field)));
    };
    let Value::String(text) = value else {
        let msg = format!("The value for \"{field}\" is not a string.");
        return Err(fail(Outcome::TypeMismatch, msg, element, Some(field)));
    };
    match parse_pointer(text) {
        Some(tokens) => Ok((text.clone(), tokens)),
        None => {
            let msg = format!("The value for \"{field}\" is not a valid JSON Pointer: \"{text}\".");
            Err(fail(Outcome::Invalid, msg, element, Some(field)))
        }
    }
}

/// Applies one entry; on success the message and the target path to report.
fn apply_entry(target: &mut Value, entry: &Value, element: &str) -> Result<(String, String), Fail> {
    let Value::Object(entry) = entry else {
        let msg = "Entry in JSON Patch is not an object.";
        return Err(fail(Outcome::TypeMismatch, msg, element, None));
    };
    let op = match entry.get("op") {
        None => {
            let msg = "The required field \"op\" is missing in entry of JSON Patch.";
            return Err(fail(Outcome::Missing, msg, element, Some("op")));
        }
        Some(Value::String(op)) => op.as_str(),
        Some(_) => {
            let msg = "The value for \"op\" is not a string.";
            return Err(fail(Outcome::TypeMismatch, msg, element, Some("op")));
        }
    };
    let (path, tokens) = pointer_field(entry, "path", element)?;
    let value = |op: &str| {
        entry.get("value").ok_or_else(|| {
            let msg = format!("The required field \"value\" for \"{op}\" operation is missing.");
            fail(Outcome::Missing, msg, element, Some("value"))
        })
    };
    match op {
        "add" => add(target, &tokens, value(op)?.clone(), element)?,
        "remove" => {
            remove(target, &tokens, element)?;
        }
        "replace" => {
            let new = value(op)?;
            let Some(slot) = get_mut(target, &tokens) else {
                let msg = format!("The target \"{path}\" for \"replace\" operation doesn't exist.");
                return Err(fail(Outcome::Invalid, msg, element, None));
            };
            *slot = new.clone();
        }
        "move" | "copy" => {
            let (from, from_tokens) = pointer_field(entry, "from", element)?;
            let Some(found) = get(target, &from_tokens) else {
                let msg = format!("The path \"{from}\" specified in \"from\" doesn't exist.");
                return Err(fail(Outcome::Invalid, msg, element, Some("from")));
            };
            if op == "copy" {
                let copied = found.clone();
                add(target, &tokens, copied, element)?;
            } else {
                if tokens.len() > from_tokens.len() && tokens.starts_with(&from_tokens) {
                    let msg = format!("Cannot move \"{from}\" into its own child \"{path}\".");
                    return Err(fail(Outcome::Invalid, msg, element, Some("path")));
                }
                // A move that cannot add leaves the value where it was (the engine's loses it).
                let (moved, at) = remove(target, &from_tokens, element)?;
                match add_place(target, &tokens, element) {
                    Ok(place) => place.put(moved),
                    Err(failed) => {
                        put_back(target, &from_tokens, at, moved);
                        return Err(failed);
                    }
                }
            }
        }
        "test" => {
            let expected = value(op)?;
            let Some(actual) = get(target, &tokens) else {
                let msg = format!(
                    "The path \"{path}\" specified in \"path\" for the \"test\" operation doesn't exist."
                );
                return Err(fail(Outcome::Invalid, msg, element, Some("path")));
            };
            if compare(actual, expected).is_ne() {
                let msg =
                    format!("The values for the \"test\" operation at \"{path}\" are not equal.");
                return Err(fail(Outcome::TestFailed, msg, element, None));
            }
            let msg = "Successfully applied \"test\" operation.".to_owned();
            return Ok((msg, element.to_owned()));
        }
        unknown => {
            let msg = format!("Unknown operation \"{unknown}\".");
            return Err(fail(Outcome::Unknown, msg, element, Some("op")));
        }
    }
    Ok((format!("Successfully applied \"{op}\" operation."), path))
}

fn add(target: &mut Value, tokens: &[String], new: Value, element: &str) -> Result<(), Fail> {
    add_place(target, tokens, element)?.put(new);
    Ok(())
}

/// Where an `add` puts its value.
enum Place<'v> {
    Root(&'v mut Value),
    Member(&'v mut Map<String, Value>, &'v str),
    Element(&'v mut Vec<Value>, usize),
}

impl Place<'_> {
    fn put(self, new: Value) {
        match self {
            Place::Root(slot) => *slot = new,
            Place::Member(map, name) => {
                map.insert(name.to_owned(), new);
            }
            Place::Element(items, index) => items.insert(index, new),
        }
    }
}

/// Where an `add` at `tokens` goes, or why it cannot; nothing changes yet.
fn add_place<'v>(
    target: &'v mut Value,
    tokens: &'v [String],
    element: &str,
) -> Result<Place<'v>, Fail> {
    let Some((last, parent_tokens)) = tokens.split_last() else {
        return Ok(Place::Root(target));
    };
    let Some(parent) = get_mut(target, parent_tokens) else {
        let msg = "The target path for \"add\" operation does not exist.";
        return Err(fail(Outcome::Invalid, msg, element, Some("path")));
    };
    match parent {
        Value::Object(map) => Ok(Place::Member(map, last)),
        Value::Array(items) => {
            let index = match last.as_str() {
                "-" => Some(items.len()),
                _ => token_index(last).filter(|&index| index <= items.len()),
            };
            match index {
                Some(index) => Ok(Place::Element(items, index)),
                None => {
                    let msg = format!(
                        "The target path for \"add\" operation has an invalid index \"{last}\"."
                    );
                    Err(fail(Outcome::Invalid, msg, element, Some("path")))
                }
            }
        }
        _ => {
            let msg = "The target for \"add\" operation is not an object or array.";
            Err(fail(Outcome::TypeMismatch, msg, element, Some("path")))
        }
    }
}

/// Puts a value `remove` took from `tokens` back where it was (`at`: its position there).
fn put_back(target: &mut Value, tokens: &[String], at: usize, value: Value) {
    let Some((last, parent_tokens)) = tokens.split_last() else {
        return;
    };
    match get_mut(target, parent_tokens) {
        Some(Value::Object(map)) => {
            map.shift_insert(at, last.clone(), value);
        }
        Some(Value::Array(items)) => items.insert(at.min(items.len()), value),
        _ => {}
    }
}

/// Removes the value at `tokens`; returns it and its position in its parent.
fn remove(target: &mut Value, tokens: &[String], element: &str) -> Result<(Value, usize), Fail> {
    let Some((last, parent_tokens)) = tokens.split_last() else {
        let msg = "The target path for \"remove\" operation can't point at the root.";
        return Err(fail(Outcome::Invalid, msg, element, None));
    };
    let Some(parent) = get_mut(target, parent_tokens) else {
        let msg = "The target path for \"remove\" operation does not exist.";
        return Err(fail(Outcome::Invalid, msg, element, None));
    };
    match parent {
        Value::Object(map) => {
            let at = map.keys().position(|name| name == last);
            at.and_then(|at| Some((map.shift_remove(last.as_str())?, at)))
                .ok_or_else(|| {
                    let msg =
                        format!("The \"remove\" operation found no member \"{last}\" to remove.");
                    fail(Outcome::Invalid, msg, element, None)
                })
        }
        Value::Array(items) => match token_index(last) {
            Some(index) if index < items.len() => Ok((items.remove(index), index)),
            _ => {
                let msg = format!(
                    "The target path for \"remove\" operation has an invalid index \"{last}\"."
                );
                Err(fail(Outcome::Invalid, msg, element, None))
            }
        },
        _ => {
            let msg = "The target for \"remove\" operation is not an object or array.";
            Err(fail(Outcome::TypeMismatch, msg, element, None))
        }
    }
}

/// RFC 7386 `MergePatch(target, patch)` in place; `false` once the reporter halted.
fn apply_merge(run: &mut Run<'_>, target: &mut Value, patch: &Value) -> bool {
    if let Value::Object(fields) = patch {
        if !target.is_object() {
            *target = Value::Object(Map::new());
        }
        let Value::Object(map) = target else {
            return true;
        };
        let go_on = fields.iter().all(|(name, value)| {
            run.at(name, |run| {
                if value.is_object() {
                    let slot = map.entry(name.clone()).or_insert(Value::Null);
                    return apply_merge(run, slot, value);
                }
                let message = if value.is_null() {
                    // RapidJSON's `RemoveMember`, as the engine: the last member takes the
                    // removed one's place.
                    if map.swap_remove(name.as_str()).is_none() {
                        return true;
                    }
                    "Successfully removed member using JSON Merge Patch."
                } else if map.insert(name.clone(), value.clone()).is_some() {
                    "Successfully updated JSON field using JSON Merge Patch."
                } else {
                    "Successfully added JSON field using JSON Merge Patch."
                };
                run.note(message, Task::Merge, Outcome::Success)
            })
        });
        if !go_on {
            return false;
        }
    } else {
        *target = patch.clone();
    }
    let message = "Successfully applied patch to target using JSON Merge Patch.";
    run.note(message, Task::Merge, Outcome::Success)
}

#[cfg(test)]
mod tests;
