//! JSON Patch (RFC 6902 appendix A) and Merge Patch (RFC 7386 appendix A).

use super::helpers::*;

fn patch_ok(doc: serde_json::Value, patch: serde_json::Value, want: serde_json::Value) {
    let mut target = doc;
    let code = apply_patch(&mut target, &patch, PatchStyle::JsonPatch, &mut Quiet);
    assert!(!code.halted(), "{patch}: {code}");
    assert_eq!(target, want, "{patch}");
}

fn patch_err(doc: serde_json::Value, patch: serde_json::Value, outcome: Outcome) {
    let (out, code) = apply_patch_copy(&doc, &patch, PatchStyle::JsonPatch, &mut Quiet);
    assert_eq!(code.outcome(), outcome, "{patch}");
    assert!(code.halted(), "{patch}");
    assert_eq!(out, json!({}), "a halted copy is {{}}");
}

#[test]
fn rfc6902_appendix_a_examples() {
    // A.1
    patch_ok(
        json!({"foo": "bar"}),
        json!([{"op": "add", "path": "/baz", "value": "qux"}]),
        json!({"baz": "qux", "foo": "bar"}),
    );
    // A.2
    patch_ok(
        json!({"foo": ["bar", "baz"]}),
        json!([{"op": "add", "path": "/foo/1", "value": "qux"}]),
        json!({"foo": ["bar", "qux", "baz"]}),
    );
    // A.3
    patch_ok(
        json!({"baz": "qux", "foo": "bar"}),
        json!([{"op": "remove", "path": "/baz"}]),
        json!({"foo": "bar"}),
    );
    // A.4
    patch_ok(
        json!({"foo": ["bar", "qux", "baz"]}),
        json!([{"op": "remove", "path": "/foo/1"}]),
        json!({"foo": ["bar", "baz"]}),
    );
    // A.5
    patch_ok(
        json!({"baz": "qux", "foo": "bar"}),
        json!([{"op": "replace", "path": "/baz", "value": "boo"}]),
        json!({"baz": "boo", "foo": "bar"}),
    );
    // A.6
    patch_ok(
        json!({"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}}),
        json!([{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}]),
        json!({"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}}),
    );
    // A.7
    patch_ok(
        json!({"foo": ["all", "grass", "cows", "eat"]}),
        json!([{"op": "move", "from": "/foo/1", "path": "/foo/3"}]),
        json!({"foo": ["all", "cows", "eat", "grass"]}),
    );
    // A.8
    patch_ok(
        json!({"baz": "qux", "foo": ["a", 2, "c"]}),
        json!([
            {"op": "test", "path": "/baz", "value": "qux"},
            {"op": "test", "path": "/foo/1", "value": 2}
        ]),
        json!({"baz": "qux", "foo": ["a", 2, "c"]}),
    );
    // A.9
    patch_err(
        json!({"baz": "qux"}),
        json!([{"op": "test", "path": "/baz", "value": "bar"}]),
        Outcome::TestFailed,
    );
    // A.10
    patch_ok(
        json!({"foo": "bar"}),
        json!([{"op": "add", "path": "/child", "value": {"grandchild": {}}}]),
        json!({"foo": "bar", "child": {"grandchild": {}}}),
    );
    // A.11
    patch_ok(
        json!({"foo": "bar"}),
        json!([{"op": "add", "path": "/baz", "value": "qux", "xyz": 123}]),
        json!({"foo": "bar", "baz": "qux"}),
    );
    // A.12
    patch_err(
        json!({"foo": "bar"}),
        json!([{"op": "add", "path": "/baz/bat", "value": "qux"}]),
        Outcome::Invalid,
    );
    // A.14
    patch_ok(
        json!({"/": 9, "~1": 10}),
        json!([{"op": "test", "path": "/~01", "value": 10}]),
        json!({"/": 9, "~1": 10}),
    );
    // A.15
    patch_err(
        json!({"/": 9, "~1": 10}),
        json!([{"op": "test", "path": "/~01", "value": "10"}]),
        Outcome::TestFailed,
    );
    // A.16
    patch_ok(
        json!({"foo": ["bar"]}),
        json!([{"op": "add", "path": "/foo/-", "value": ["abc", "def"]}]),
        json!({"foo": ["bar", ["abc", "def"]]}),
    );
}

#[test]
fn json_patch_other_operations_and_errors() {
    // copy
    patch_ok(
        json!({"a": {"b": 1}}),
        json!([{"op": "copy", "from": "/a", "path": "/c"}]),
        json!({"a": {"b": 1}, "c": {"b": 1}}),
    );
    // add at the root replaces the document.
    patch_ok(
        json!({"a": 1}),
        json!([{"op": "add", "path": "", "value": [1]}]),
        json!([1]),
    );
    // replace of a missing member is an error (RFC 6902 4.3: the target must exist).
    patch_err(
        json!({"a": 1}),
        json!([{"op": "replace", "path": "/b", "value": 2}]),
        Outcome::Invalid,
    );
    // remove of a missing member.
    patch_err(
        json!({"a": 1}),
        json!([{"op": "remove", "path": "/b"}]),
        Outcome::Invalid,
    );
    // Array index past the end for add.
    patch_err(
        json!({"a": [1]}),
        json!([{"op": "add", "path": "/a/5", "value": 2}]),
        Outcome::Invalid,
    );
    // A pointer without the leading slash.
    patch_err(
        json!({"a": 1}),
        json!([{"op": "add", "path": "a", "value": 2}]),
        Outcome::Invalid,
    );
    // Missing members of an operation.
    patch_err(
        json!({}),
        json!([{"path": "/a", "value": 1}]),
        Outcome::Missing,
    );
    patch_err(
        json!({}),
        json!([{"op": "add", "value": 1}]),
        Outcome::Missing,
    );
    patch_err(
        json!({}),
        json!([{"op": "add", "path": "/a"}]),
        Outcome::Missing,
    );
    patch_err(
        json!({"a": 1}),
        json!([{"op": "move", "path": "/b"}]),
        Outcome::Missing,
    );
    // Unknown op; not an array; an entry that is no object.
    patch_err(
        json!({}),
        json!([{"op": "frobnicate", "path": "/a"}]),
        Outcome::Unknown,
    );
    patch_err(json!({}), json!({"op": "add"}), Outcome::TypeMismatch);
    patch_err(json!({}), json!([1]), Outcome::TypeMismatch);
    // test compares numbers by value and objects regardless of member order.
    patch_ok(
        json!({"n": 1, "o": {"a": 1, "b": 2}}),
        json!([
            {"op": "test", "path": "/n", "value": 1.0},
            {"op": "test", "path": "/o", "value": {"b": 2, "a": 1}}
        ]),
        json!({"n": 1, "o": {"a": 1, "b": 2}}),
    );
    // The destructive form keeps what was applied before the failure.
    let mut doc = json!({"a": 1});
    let code = apply_patch(
        &mut doc,
        &json!([
            {"op": "add", "path": "/b", "value": 2},
            {"op": "test", "path": "/a", "value": 9},
            {"op": "add", "path": "/c", "value": 3}
        ]),
        PatchStyle::JsonPatch,
        &mut Quiet,
    );
    assert_eq!(code.outcome(), Outcome::TestFailed);
    assert_eq!(doc, json!({"a": 1, "b": 2}));
}

/// RFC 6902 4.4: "The "from" location MUST NOT be a proper prefix of the "path" location".
#[test]
fn json_patch_move_into_own_child_is_an_error() {
    patch_err(
        json!({"a": {"b": 1}}),
        json!([{"op": "move", "from": "/a", "path": "/a/b/c"}]),
        Outcome::Invalid,
    );
}

/// Report paths for a failed JSON Patch entry point into the patch (`/1`).
#[test]
fn json_patch_failures_are_reported_at_the_entry() {
    let mut collect = Collect::default();
    let mut doc = json!({"a": 1});
    apply_patch(
        &mut doc,
        &json!([{"op": "add", "path": "/b", "value": 2}, {"op": "test", "path": "/a", "value": 2}]),
        PatchStyle::JsonPatch,
        &mut collect,
    );
    let failed = collect
        .reports
        .iter()
        .find(|rep| rep.code.outcome() == Outcome::TestFailed)
        .expect("a TestFailed report");
    assert!(failed.path.starts_with("/1"), "{}", failed.path);
}

/// RFC 7386 section 3's example (the appendix cases are `patch`'s unit tests).
#[test]
fn rfc7386_section_3_example() {
    let cases = [(
        json!({
            "title": "Goodbye!",
            "author": {"givenName": "John", "familyName": "Doe"},
            "tags": ["example", "sample"],
            "content": "This will be unchanged"
        }),
        json!({
            "title": "Hello!",
            "phoneNumber": "+01-555-555-5555",
            "author": {"familyName": null},
            "tags": ["example"]
        }),
        json!({
            "title": "Hello!",
            "author": {"givenName": "John"},
            "tags": ["example"],
            "content": "This will be unchanged",
            "phoneNumber": "+01-555-555-5555"
        }),
    )];
    for (target, patch, want) in cases {
        let mut doc = target.clone();
        let code = apply_patch(&mut doc, &patch, PatchStyle::MergePatch, &mut Quiet);
        assert!(!code.halted(), "{target} + {patch}: {code}");
        assert_eq!(doc, want, "{target} + {patch}");
    }
}

/// Creating patches and applying them gives the target back (o3de.md §8 CreatePatch).
#[test]
fn created_patches_apply_back() {
    let pairs = [
        (
            json!({"a": [1, 2, 3], "b": {"c": 1}}),
            json!({"a": [1, 9], "b": {"d": 2}, "e": null}),
        ),
        (json!([1, 2, 3]), json!([0, 1, 2, 3])),
        (json!({"x": 1}), json!(5)),
        (json!({"/": {"~": 1}}), json!({"/": {"~": 2}})),
    ];
    for (source, target) in pairs {
        let (patch, code) = o3de::create_patch(&source, &target, PatchStyle::JsonPatch, &mut Quiet);
        assert_eq!(code.outcome(), Outcome::Success, "{source} -> {target}");
        let mut doc = source.clone();
        apply_patch(&mut doc, &patch, PatchStyle::JsonPatch, &mut Quiet);
        assert_eq!(doc, target, "{patch}");
    }
    // A merge patch cannot set a member to null.
    let (_, code) = o3de::create_patch(
        &json!({"a": 1}),
        &json!({"a": null}),
        PatchStyle::MergePatch,
        &mut Quiet,
    );
    assert_eq!(code.outcome(), Outcome::Unsupported);
    // A middle insertion is replace + add (no move detection).
    let (patch, _) = o3de::create_patch(
        &json!([1, 3]),
        &json!([1, 2, 3]),
        PatchStyle::JsonPatch,
        &mut Quiet,
    );
    assert_eq!(
        patch,
        json!([
            {"op": "replace", "path": "/1", "value": 2},
            {"op": "add", "path": "/2", "value": 3}
        ])
    );
}
