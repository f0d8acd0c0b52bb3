//! Unit tests of `create`: the O3DE corpus vectors as literals, and created patches that apply
//! back.

use serde_json::{json, Value};

use super::super::{apply_patch_copy, create_patch, PatchStyle};
use crate::o3de::{compare, Collect, Outcome, Processing, Quiet, ResultCode, Task};

fn create(source: Value, target: Value, style: PatchStyle) -> (Value, ResultCode) {
    create_patch(&source, &target, style, &mut Quiet)
}

#[test]
fn json_patch_creation_matches_the_corpus() {
    let cases = [
        // json-patch-create-0 .. 5
        (
            json!({"value": "foo"}),
            json!({"value": "bar"}),
            json!([{"op": "replace", "path": "/value", "value": "bar"}]),
        ),
        (
            json!({"value0": "foo"}),
            json!({"value0": "foo", "value1": "bar"}),
            json!([{"op": "add", "path": "/value1", "value": "bar"}]),
        ),
        (
            json!({"value0": "foo", "value1": "bar"}),
            json!({"value0": "foo"}),
            json!([{"op": "remove", "path": "/value1"}]),
        ),
        (
            json!(["foo", "bar"]),
            json!(["foo", "hello", "bar"]),
            json!([{"op": "replace", "path": "/1", "value": "hello"}, {"op": "add", "path": "/2", "value": "bar"}]),
        ),
        (
            json!({"value": "foo"}),
            json!(42),
            json!([{"op": "replace", "path": "", "value": 42}]),
        ),
        (json!({}), json!({}), json!([])),
    ];
    for (source, target, expected) in cases {
        let (patch, code) = create(source.clone(), target.clone(), PatchStyle::JsonPatch);
        assert_eq!(patch, expected, "{source} -> {target}");
        let outcome = if expected == json!([]) {
            Outcome::DefaultsUsed
        } else {
            Outcome::Success
        };
        assert_eq!(code.outcome(), outcome);
        assert_eq!(code.task(), Some(Task::CreatePatch));
        let (applied, _) = apply_patch_copy(&source, &patch, PatchStyle::JsonPatch, &mut Quiet);
        assert_eq!(applied, target);
    }
}

#[test]
fn json_patch_creation_orders_and_round_trips() {
    let source =
        json!({"keep": 1, "gone": true, "list": [1, 2, 3, 4], "n": {"x": "a~b/c"}, "num": 1});
    let target = json!({"new": null, "list": [1, 5], "n": {"x": 0}, "keep": 1, "num": 1.0});
    let (patch, code) = create(source.clone(), target.clone(), PatchStyle::JsonPatch);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(
        patch,
        json!([
            {"op": "add", "path": "/new", "value": null},
            {"op": "replace", "path": "/list/1", "value": 5},
            {"op": "remove", "path": "/list/3"},
            {"op": "remove", "path": "/list/2"},
            {"op": "replace", "path": "/n/x", "value": 0},
            {"op": "remove", "path": "/gone"},
        ])
    );
    let (applied, _) = apply_patch_copy(&source, &patch, PatchStyle::JsonPatch, &mut Quiet);
    assert_eq!(compare(&applied, &target), std::cmp::Ordering::Equal);
    let (patch, _) = create(
        json!({"a/b": [1]}),
        json!({"a/b": [2]}),
        PatchStyle::JsonPatch,
    );
    assert_eq!(
        patch,
        json!([{"op": "replace", "path": "/a~1b/0", "value": 2}])
    );
}

#[test]
fn merge_patch_creation() {
    let cases = [
        (
            json!({"a": 1, "b": {"c": 2, "d": 3}}),
            json!({"a": 1, "b": {"c": 4}}),
            json!({"b": {"c": 4, "d": null}}),
        ),
        (json!({"a": 1}), json!({"a": 1}), json!({})),
        (
            json!({"a": {"x": 1}}),
            json!({"a": {"x": 1}, "b": {}}),
            json!({"b": {}}),
        ),
        (json!({"a": 5}), json!({"a": {}}), json!({"a": {}})),
        (json!([1]), json!({"a": [null]}), json!({"a": [null]})),
        (json!({"a": 1}), json!([1, 2]), json!([1, 2])),
        (
            json!({"a": null}),
            json!({"a": null, "b": 1}),
            json!({"b": 1}),
        ),
    ];
    for (source, target, expected) in cases {
        let (patch, code) = create(source.clone(), target.clone(), PatchStyle::MergePatch);
        assert_eq!(patch, expected, "{source} -> {target}");
        let outcome = if expected == json!({}) {
            Outcome::DefaultsUsed
        } else {
            Outcome::Success
        };
        assert_eq!(code.outcome(), outcome);
        let (applied, _) = apply_patch_copy(&source, &patch, PatchStyle::MergePatch, &mut Quiet);
        assert_eq!(applied, target, "{source} -> {target}");
    }
}

#[test]
fn merge_patch_cannot_write_nulls() {
    for (source, target, path) in [
        (json!({"a": 1}), json!({"a": null}), "/a"),
        (json!({}), json!({"a": {"b": null}}), "/a/b"),
        (json!(1), json!(null), ""),
        (json!([]), json!({"a": null}), "/a"),
    ] {
        let mut collect = Collect::default();
        let (patch, code) = create_patch(&source, &target, PatchStyle::MergePatch, &mut collect);
        assert_eq!(code.outcome(), Outcome::Unsupported, "{source} -> {target}");
        assert_eq!(code.processing(), Processing::Altered);
        assert_eq!(patch, json!({}));
        let last = collect.reports.last().map(|r| r.path.as_str());
        assert_eq!(last, Some(path));
    }
}

#[test]
fn created_patches_round_trip_over_many_pairs() {
    let values = [
        json!(null),
        json!(true),
        json!(0),
        json!("s"),
        json!([]),
        json!([1, [2, 3], {"a": 1}]),
        json!([1, [2], {"a": 2, "b": []}, 4]),
        json!({}),
        json!({"a": 1, "b": {"c": [1, 2]}, "~/": "x"}),
        json!({"b": {"c": [2], "d": {}}, "a": "1"}),
    ];
    for source in &values {
        for target in &values {
            let (patch, code) = create_patch(source, target, PatchStyle::JsonPatch, &mut Quiet);
            assert!(!code.halted());
            let (applied, code) =
                apply_patch_copy(source, &patch, PatchStyle::JsonPatch, &mut Quiet);
            assert_eq!(
                code.outcome(),
                Outcome::Success,
                "{source} -> {target}: {patch}"
            );
            assert_eq!(&applied, target, "{source} -> {target}: {patch}");
            let (patch, code) = create_patch(source, target, PatchStyle::MergePatch, &mut Quiet);
            if code.outcome() != Outcome::Unsupported {
                let (applied, _) =
                    apply_patch_copy(source, &patch, PatchStyle::MergePatch, &mut Quiet);
                assert_eq!(&applied, target, "{source} -> {target}: {patch}");
            }
        }
    }
}
