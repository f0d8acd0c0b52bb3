//! `CreatePatch`: a JSON Patch by O3DE's positional diff, or a Merge Patch.

use serde_json::{Map, Value};

use super::run::{PatchStyle, Run};
use crate::o3de::compare::compare;
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::{Outcome, ResultCode, Task};

/// Creates a patch that turns `source` into `target` (task [`Task::CreatePatch`]).
///
/// - JSON Patch: O3DE's positional diff. Members of two objects and indices of two arrays are
///   compared recursively; a member only in the target is `add`ed (in target member order,
///   after the recursion into shared members, as the engine does); members only in the source
///   are `remove`d after that; extra target array elements are `add`ed and extra source
///   elements `remove`d from the highest index down; anything else that differs is `replace`d,
///   the root with path `""`. There is no move/copy detection.
/// - Merge Patch: recursive; a member absent from the target becomes `null`. A `null` in the
///   target that the patch would have to write (as the root or as an object member that is not
///   already `null` in the source) cannot be expressed, so the result is `Unsupported`.
///
/// The outcome rule: when processing completed, the code is `Success` if the patch changes
/// anything and `DefaultsUsed` if the two values are equal (the patch is then `[]`, or for a
/// merge patch `{}` when the source is an object and the target value itself otherwise, since
/// a merge patch `{}` would turn a non-object into `{}`). This replaces the engine's mix of
/// `Success`, `PartialDefaults` and `DefaultsUsed`, which depends on how many values happened
/// to be equal. As in the engine, a `null` target root is `Unsupported` too. Otherwise (an
/// `Unsupported` merge patch, or a reporter that escalated) the combined code is returned with
/// the patch `{}`.
pub fn create_patch(
    source: &Value,
    target: &Value,
    style: PatchStyle,
    reporter: &mut dyn Reporter,
) -> (Value, ResultCode) {
    let mut run = Run::new(reporter, Task::CreatePatch);
    let (patch, changed) = match style {
        PatchStyle::JsonPatch => {
            let mut ops = Vec::new();
            diff(&mut run, &mut ops, source, target);
            let changed = !ops.is_empty();
            (Value::Array(ops), changed)
        }
        PatchStyle::MergePatch => match create_merge(&mut run, Some(source), target) {
            Some(patch) => (patch, true),
            // Equal values: `{}` leaves an object as it is; anything else is rewritten as itself.
            None if source.is_object() => (Value::Object(Map::new()), false),
            None => (target.clone(), false),
        },
    };
    if run.stopped() {
        return (Value::Object(Map::new()), run.result);
    }
    let outcome = if changed {
        Outcome::Success
    } else {
        Outcome::DefaultsUsed
    };
    (patch, ResultCode::new(Task::CreatePatch, outcome))
}

/// Deep equality as RapidJSON's `operator==` (integers exactly, other numbers as doubles).
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => {
            match (x.as_i64(), y.as_i64(), x.as_u64(), y.as_u64()) {
                (Some(l), Some(r), _, _) => l == r,
                (_, _, Some(l), Some(r)) => l == r,
                _ => compare(a, b).is_eq(),
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(l, r)| same(l, r))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => compare(a, b).is_eq(),
    }
}

/// The positional JSON Patch diff; `false` once processing should stop.
fn diff(run: &mut Run<'_>, ops: &mut Vec<Value>, source: &Value, target: &Value) -> bool {
    match (source, target) {
        (Value::Object(from), Value::Object(to)) => {
            to.iter().all(|(name, value)| {
                run.at(name, |run| match from.get(name) {
                    Some(old) => diff(run, ops, old, value),
                    None => run.emit(ops, "add", Some(value), "Added new member in JSON Patch."),
                })
            }) && from
                .keys()
                .filter(|name| !to.contains_key(name.as_str()))
                .all(|name| {
                    let message = "Removed member from object in JSON Patch.";
                    run.at(name, |run| run.emit(ops, "remove", None, message))
                })
        }
        (Value::Array(from), Value::Array(to)) => {
            to.iter().enumerate().all(|(index, value)| {
                run.at(&index.to_string(), |run| match from.get(index) {
                    Some(old) => diff(run, ops, old, value),
                    None => run.emit(
                        ops,
                        "add",
                        Some(value),
                        "Added entry to array in JSON Patch.",
                    ),
                })
            }) && (to.len()..from.len()).rev().all(|index| {
                let message = "Removed entry from array in JSON Patch.";
                run.at(&index.to_string(), |run| {
                    run.emit(ops, "remove", None, message)
                })
            })
        }
        _ if same(source, target) => {
            let message = "Values are identical so no operation was added to JSON Patch.";
            run.note(message, Task::CreatePatch, Outcome::DefaultsUsed)
        }
        _ => run.emit(
            ops,
            "replace",
            Some(target),
            "Added replace operation to JSON Patch.",
        ),
    }
}

/// The merge patch from `source` (`None`: absent) to `target`; `None` when there is nothing to
/// write or processing stopped ([`Run::stopped`]).
fn create_merge(run: &mut Run<'_>, source: Option<&Value>, target: &Value) -> Option<Value> {
    let task = Task::CreatePatch;
    if let Value::Object(to) = target {
        let from = source.and_then(Value::as_object);
        let mut patch = Map::new();
        for (name, value) in to {
            let old = from.and_then(|f| f.get(name));
            if let Some(member) = run.at(name, |run| create_merge(run, old, value)) {
                patch.insert(name.clone(), member);
            }
            if run.stopped() {
                return None;
            }
        }
        for name in from.into_iter().flat_map(|f| f.keys()) {
            if !to.contains_key(name.as_str()) {
                patch.insert(name.clone(), Value::Null);
                let message = "Removed member from object in JSON Merge Patch.";
                if !run.at(name, |run| run.note(message, task, Outcome::Success)) {
                    return None;
                }
            }
        }
        // Against an object an empty patch changes nothing; against anything else `{}` must be
        // written to replace it.
        return (from.is_none() || !patch.is_empty()).then_some(Value::Object(patch));
    }
    if source.is_some_and(|s| same(s, target)) {
        let message = "Values are identical so value was not added to JSON Merge Patch.";
        run.note(message, task, Outcome::DefaultsUsed);
        None
    } else if target.is_null() {
        let message = "JSON Merge Patch can't be used to write nulls.";
        run.note(message, task, Outcome::Unsupported);
        None
    } else {
        let message = "Value successfully added to JSON Merge Patch.";
        run.note(message, task, Outcome::Success);
        Some(target.clone())
    }
}

#[cfg(test)]
mod tests;
