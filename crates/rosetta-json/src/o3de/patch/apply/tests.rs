//! Unit tests of `apply`: the RFC appendix cases, the engine's outcomes, and pointers.

use serde_json::{json, Value};

use super::super::{apply_patch, apply_patch_copy, create_patch, PatchStyle};
use crate::o3de::{Collect, Outcome, Processing, Quiet, Report, ResultCode, Task};
use crate::text::pointer::{parse_pointer, token_index};

fn merge(target: Value, patch: Value) -> (Value, ResultCode) {
    let mut target = target;
    let code = apply_patch(&mut target, &patch, PatchStyle::MergePatch, &mut Quiet);
    (target, code)
}

fn json_patch(target: Value, patch: Value) -> (Value, ResultCode, Collect) {
    let mut target = target;
    let mut collect = Collect::default();
    let code = apply_patch(&mut target, &patch, PatchStyle::JsonPatch, &mut collect);
    (target, code, collect)
}

#[test]
fn rfc7386_appendix_cases() {
    let cases = [
        (json!({"a": "b"}), json!({"a": "c"}), json!({"a": "c"})),
        (
            json!({"a": "b"}),
            json!({"b": "c"}),
            json!({"a": "b", "b": "c"}),
        ),
        (json!({"a": "b"}), json!({"a": null}), json!({})),
        (
            json!({"a": "b", "b": "c"}),
            json!({"a": null}),
            json!({"b": "c"}),
        ),
        (json!({"a": ["b"]}), json!({"a": "c"}), json!({"a": "c"})),
        (json!({"a": "c"}), json!({"a": ["b"]}), json!({"a": ["b"]})),
        (
            json!({"a": {"b": "c"}}),
            json!({"a": {"b": "d", "c": null}}),
            json!({"a": {"b": "d"}}),
        ),
        (
            json!({"a": [{"b": "c"}]}),
            json!({"a": [1]}),
            json!({"a": [1]}),
        ),
        (json!(["a", "b"]), json!(["c", "d"]), json!(["c", "d"])),
        (json!({"a": "b"}), json!(["c"]), json!(["c"])),
        (json!({"a": "foo"}), json!(null), json!(null)),
        (json!({"a": "foo"}), json!("bar"), json!("bar")),
        (
            json!({"e": null}),
            json!({"a": 1}),
            json!({"e": null, "a": 1}),
        ),
        (
            json!([1, 2]),
            json!({"a": "b", "c": null}),
            json!({"a": "b"}),
        ),
        (
            json!({}),
            json!({"a": {"bb": {"ccc": null}}}),
            json!({"a": {"bb": {}}}),
        ),
    ];
    for (target, patch, expected) in cases {
        let (out, code) = merge(target.clone(), patch.clone());
        assert_eq!(out, expected, "{target} + {patch}");
        assert_eq!(code.outcome(), Outcome::Success);
        assert_eq!(code.task(), Some(Task::Merge));
    }
}

#[test]
fn merge_patch_orders_members_as_the_engine_and_reports_paths() {
    // RapidJSON's `RemoveMember` moves the last member into the removed one's place.
    let mut target = json!({"w": 0, "x": 1, "y": 2, "z": 3});
    let mut collect = Collect::default();
    let patch = json!({"x": null, "a/b": 4});
    let code = apply_patch(&mut target, &patch, PatchStyle::MergePatch, &mut collect);
    assert_eq!(code.outcome(), Outcome::Success);
    assert_eq!(
        serde_json::to_string(&target).ok().as_deref(),
        Some(r#"{"w":0,"z":3,"y":2,"a/b":4}"#)
    );
    let paths: Vec<&str> = collect.reports.iter().map(|r| r.path.as_str()).collect();
    assert_eq!(paths, ["/x", "/a~1b", ""]);
}

#[test]
fn merge_patch_honours_a_halting_reporter() {
    let mut target = json!({});
    let mut count = 0;
    let mut reporter = |r: &Report<'_>| {
        count += 1;
        if r.path == "/a" {
            ResultCode::new(Task::Merge, Outcome::Catastrophic)
        } else {
            r.code
        }
    };
    let code = apply_patch(
        &mut target,
        &json!({"a": 1, "b": 2}),
        PatchStyle::MergePatch,
        &mut reporter,
    );
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert_eq!(count, 1);
    assert_eq!(target, json!({"a": 1}));
}

#[test]
fn rfc6902_appendix_cases() {
    let ok = [
        (
            json!({"foo": "bar"}),
            json!([{"op": "add", "path": "/baz", "value": "qux"}]),
            json!({"foo": "bar", "baz": "qux"}),
        ),
        (
            json!({"foo": ["bar", "baz"]}),
            json!([{"op": "add", "path": "/foo/1", "value": "qux"}]),
            json!({"foo": ["bar", "qux", "baz"]}),
        ),
        (
            json!({"baz": "qux", "foo": "bar"}),
            json!([{"op": "remove", "path": "/baz"}]),
            json!({"foo": "bar"}),
        ),
        (
            json!({"foo": ["bar", "qux", "baz"]}),
            json!([{"op": "remove", "path": "/foo/1"}]),
            json!({"foo": ["bar", "baz"]}),
        ),
        (
            json!({"baz": "qux", "foo": "bar"}),
            json!([{"op": "replace", "path": "/baz", "value": "boo"}]),
            json!({"baz": "boo", "foo": "bar"}),
        ),
        (
            json!({"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}),
            json!([{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]),
            json!({"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}),
        ),
        (
            json!({"foo": ["all", "grass", "cows", "eat"]}),
            json!([{"op": "move", "from": "/foo/1", "path": "/foo/3"}]),
            json!({"foo": ["all", "cows", "eat", "grass"]}),
        ),
        (
            json!({"baz": "qux", "foo": ["a", 2, "c"]}),
            json!([{"op": "test", "path": "/baz", "value": "qux"}, {"op": "test", "path": "/foo/1", "value": 2}]),
            json!({"baz": "qux", "foo": ["a", 2, "c"]}),
        ),
        (
            json!({"foo": "bar"}),
            json!([{"op": "add", "path": "/child", "value": {"grandchild": {}}}]),
            json!({"foo": "bar", "child": {"grandchild": {}}}),
        ),
        (
            json!({"foo": "bar"}),
            json!([{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]),
            json!({"foo": "bar", "baz": "qux"}),
        ),
        (
            json!({"/": 9, "~1": 10}),
            json!([{"op": "test", "path": "/~01", "value": 10}]),
            json!({"/": 9, "~1": 10}),
        ),
        (
            json!({"foo": ["bar"]}),
            json!([{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]),
            json!({"foo": ["bar", ["abc", "def"]]}),
        ),
        (
            json!({"a": 1}),
            json!([{"op": "copy", "from": "/a", "path": "/b"}]),
            json!({"a": 1, "b": 1}),
        ),
        (
            json!({"a": 1}),
            json!([{"op": "replace", "path": "", "value": [1]}]),
            json!([1]),
        ),
        (json!({"a": 1}), json!([]), json!({"a": 1})),
    ];
    for (target, patch, expected) in ok {
        let (out, code, _) = json_patch(target.clone(), patch.clone());
        assert_eq!(out, expected, "{target} + {patch}");
        assert_eq!(code.outcome(), Outcome::Success, "{patch}");
        assert_eq!(code.processing(), Processing::Completed);
    }
}

#[test]
fn json_patch_failures_halt_with_engine_outcomes() {
    let cases = [
        // Corpus json-patch-apply-not-array.
        (json!({}), json!({}), Outcome::TypeMismatch, ""),
        // Corpus json-patch-apply-missing-op.
        (
            json!({}),
            json!([{"path": "/test", "value": "test"}]),
            Outcome::Missing,
            "/0/op",
        ),
        (json!({}), json!([3]), Outcome::TypeMismatch, "/0"),
        (
            json!({}),
            json!([{"op": 1, "path": ""}]),
            Outcome::TypeMismatch,
            "/0/op",
        ),
        (
            json!({}),
            json!([{"op": "add", "value": 1}]),
            Outcome::Missing,
            "/0/path",
        ),
        (
            json!({}),
            json!([{"op": "add", "path": 5, "value": 1}]),
            Outcome::TypeMismatch,
            "/0/path",
        ),
        (
            json!({}),
            json!([{"op": "add", "path": "a", "value": 1}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!({}),
            json!([{"op": "add", "path": "/~2", "value": 1}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!({}),
            json!([{"op": "add", "path": "/a"}]),
            Outcome::Missing,
            "/0/value",
        ),
        (
            json!({}),
            json!([{"op": "add", "path": "/a/b", "value": 1}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!([1]),
            json!([{"op": "add", "path": "/2", "value": 1}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!([1]),
            json!([{"op": "add", "path": "/01", "value": 1}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!({"a": 1}),
            json!([{"op": "add", "path": "/a/b", "value": 1}]),
            Outcome::TypeMismatch,
            "/0/path",
        ),
        (
            json!({}),
            json!([{"op": "remove", "path": ""}]),
            Outcome::Invalid,
            "/0",
        ),
        (
            json!({}),
            json!([{"op": "remove", "path": "/x"}]),
            Outcome::Invalid,
            "/0",
        ),
        (
            json!([1]),
            json!([{"op": "remove", "path": "/1"}]),
            Outcome::Invalid,
            "/0",
        ),
        (
            json!([1]),
            json!([{"op": "remove", "path": "/-"}]),
            Outcome::Invalid,
            "/0",
        ),
        (
            json!({}),
            json!([{"op": "replace", "path": "/x", "value": 1}]),
            Outcome::Invalid,
            "/0",
        ),
        (
            json!({}),
            json!([{"op": "move", "path": "/x"}]),
            Outcome::Missing,
            "/0/from",
        ),
        (
            json!({}),
            json!([{"op": "copy", "from": "/y", "path": "/x"}]),
            Outcome::Invalid,
            "/0/from",
        ),
        (
            json!({"a": {}}),
            json!([{"op": "move", "from": "/a", "path": "/a/b"}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!({"a": 1}),
            json!([{"op": "test", "path": "/b", "value": 1}]),
            Outcome::Invalid,
            "/0/path",
        ),
        (
            json!({"baz": "qux"}),
            json!([{"op": "test", "path": "/baz", "value": "bar"}]),
            Outcome::TestFailed,
            "/0",
        ),
        (
            json!({"/": 9}),
            json!([{"op": "test", "path": "/~1", "value": "9"}]),
            Outcome::TestFailed,
            "/0",
        ),
        (
            json!({}),
            json!([{"op": "frob", "path": ""}]),
            Outcome::Unknown,
            "/0/op",
        ),
    ];
    for (target, patch, outcome, path) in cases {
        let (_, code, collect) = json_patch(target.clone(), patch.clone());
        assert_eq!(code.outcome(), outcome, "{target} + {patch}");
        assert_eq!(code.processing(), Processing::Halted, "{patch}");
        let last = collect.reports.last().map(|r| r.path.as_str());
        assert_eq!(last, Some(path), "{patch}");
    }
}

#[test]
fn destructive_apply_keeps_earlier_ops_and_copy_gives_empty_object() {
    let patch = json!([
        {"op": "add", "path": "/a", "value": 1},
        {"op": "test", "path": "/a", "value": 2},
        {"op": "add", "path": "/b", "value": 3},
    ]);
    let (out, code, collect) = json_patch(json!({}), patch.clone());
    assert_eq!(code.outcome(), Outcome::TestFailed);
    assert_eq!(out, json!({"a": 1}));
    assert_eq!(collect.reports[0].path, "/a");
    assert_eq!(collect.reports[1].path, "/1");
    let (copy, code) =
        apply_patch_copy(&json!({"k": 0}), &patch, PatchStyle::JsonPatch, &mut Quiet);
    assert_eq!(code.outcome(), Outcome::TestFailed);
    assert_eq!(copy, json!({}));
    let good = json!([{"op": "add", "path": "/a", "value": 1}]);
    let (copy, code) = apply_patch_copy(&json!({"k": 0}), &good, PatchStyle::JsonPatch, &mut Quiet);
    assert_eq!(
        (copy, code.outcome()),
        (json!({"k": 0, "a": 1}), Outcome::Success)
    );
}

#[test]
fn a_reporter_can_downgrade_or_escalate() {
    // Downgrading a failure lets the remaining operations run.
    let mut lenient = |r: &Report<'_>| {
        if r.code.halted() {
            ResultCode::new(Task::Merge, Outcome::Skipped)
        } else {
            r.code
        }
    };
    let patch = json!([{"op": "remove", "path": "/nope"}, {"op": "add", "path": "/a", "value": 1}]);
    let mut target = json!({});
    let code = apply_patch(&mut target, &patch, PatchStyle::JsonPatch, &mut lenient);
    assert_eq!(target, json!({"a": 1}));
    assert_eq!(code.outcome(), Outcome::PartialSkip);
    // Escalating a success stops.
    let mut strict = |_: &Report<'_>| ResultCode::new(Task::Merge, Outcome::Catastrophic);
    let patch =
        json!([{"op": "add", "path": "/a", "value": 1}, {"op": "add", "path": "/b", "value": 1}]);
    let mut target = json!({});
    let code = apply_patch(&mut target, &patch, PatchStyle::JsonPatch, &mut strict);
    assert_eq!(code.outcome(), Outcome::Catastrophic);
    assert_eq!(target, json!({"a": 1}));
    let (patch, code) = create_patch(&json!(1), &json!(2), PatchStyle::JsonPatch, &mut strict);
    assert_eq!((patch, code.outcome()), (json!({}), Outcome::Catastrophic));
}

#[test]
fn pointers_parse_per_rfc6901() {
    assert_eq!(parse_pointer(""), Some(vec![]));
    assert_eq!(parse_pointer("/"), Some(vec![String::new()]));
    assert_eq!(
        parse_pointer("/a~1b/~0/c"),
        Some(vec!["a/b".into(), "~".into(), "c".into()])
    );
    assert_eq!(parse_pointer("a"), None);
    assert_eq!(parse_pointer("/~"), None);
    assert_eq!(token_index("0"), Some(0));
    assert_eq!(token_index("00"), None);
    assert_eq!(token_index("-"), None);
    assert_eq!(token_index("99999999999999999999999"), None);
}

#[test]
fn a_move_that_cannot_add_leaves_the_value_where_it_was() {
    let cases = [
        (json!([1, 2, 3]), "/0", "/3"),
        (json!({"a": 1, "b": 2, "c": 3}), "/b", "/missing/x"),
        (json!({"a": 1, "b": [2], "c": 3}), "/a", "/c/x"),
    ];
    for (doc, from, path) in cases {
        let patch = json!([{"op": "move", "from": from, "path": path}]);
        let (out, code, _) = json_patch(doc.clone(), patch);
        assert!(code.halted(), "{doc} {from} -> {path}");
        // Same members in the same order.
        assert_eq!(
            serde_json::to_string(&out).ok(),
            serde_json::to_string(&doc).ok()
        );
    }
}
