//! The binary bundle of the corpus (`spatialos-sdk-rs@93c53af/spatialos-sdk/resources/good_bundle`,
//! 14.x): decode → encode is byte-identical, an independent decoder (prost-reflect over
//! `SCHEMA_BUNDLE_PROTO`) agrees with ours, and the corrupt `bad_bundle` is an error, not a panic.

mod common;

use common::reflect;
use rosetta_bundle::{decode, encode, from_json, to_json, BundleFormat};
use serde_json::Value;

#[test]
fn good_bundle_re_encodes_byte_identically() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    let bytes = std::fs::read(common::sdk_rs_bundle(&corpus, "good_bundle")).expect("good_bundle");
    let bundle = decode(&bytes).expect("good_bundle decodes");
    println!(
        "good_bundle: {} bytes, {} schema files",
        bytes.len(),
        bundle.schema_files.len()
    );
    assert!(!bundle.schema_files.is_empty());
    assert_eq!(encode(&bundle), bytes);
}

#[test]
fn good_bundle_agrees_with_prost_reflect() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    let bytes = std::fs::read(common::sdk_rs_bundle(&corpus, "good_bundle")).expect("good_bundle");
    let ours = decode(&bytes).expect("good_bundle decodes");
    let theirs = reflect::decode(&bytes);
    assert_eq!(
        reflect::unknown_fields(&theirs),
        0,
        "good_bundle has unknown fields"
    );
    let diff = common::first_difference(&all_fields_json(&ours), &reflect::json(&theirs));
    assert!(
        diff.is_none(),
        "good_bundle: ours vs prost-reflect: {diff:?}"
    );
}

#[test]
fn bad_bundle_is_an_error() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    let bytes = std::fs::read(common::sdk_rs_bundle(&corpus, "bad_bundle")).expect("bad_bundle");
    let err = decode(&bytes).expect_err("bad_bundle is corrupt");
    println!("bad_bundle: {err}");
    assert!(err.is_binary());
    assert!(err.byte_offset().is_some_and(|at| at <= bytes.len()));
}

#[test]
fn fixtures_encode_to_binary_that_prost_reflect_reads() {
    let Some(corpus) = common::spatialos_corpus() else {
        return;
    };
    for (path, text) in common::bundle_json_fixtures(&corpus) {
        let name = common::short(&corpus, &path);
        let bundle = from_json(&text).expect("fixture reads");
        let bytes = encode(&bundle);
        assert_eq!(
            decode(&bytes).expect("our own output decodes"),
            bundle,
            "{name}"
        );
        let theirs = reflect::decode(&bytes);
        assert_eq!(
            reflect::unknown_fields(&theirs),
            0,
            "{name}: unknown fields"
        );
        let diff = common::first_difference(&all_fields_json(&bundle), &reflect::json(&theirs));
        assert!(diff.is_none(), "{name}: ours vs prost-reflect: {diff:?}");
    }
}

/// Our JSON with every field of the proto, as prost-reflect prints it: the V15 rendering (with
/// `componentSets`) plus the `transient` keys of the V14 rendering.
fn all_fields_json(bundle: &rosetta_bundle::SchemaBundle) -> Value {
    let mut v15: Value = serde_json::from_str(&to_json(bundle, BundleFormat::V15)).expect("JSON");
    let v14: Value = serde_json::from_str(&to_json(bundle, BundleFormat::V14)).expect("JSON");
    merge_transient(&mut v15, &v14);
    v15
}

/// Copies every `transient` key of `v14` into the matching object of the V15 rendering (same
/// shape otherwise), keeping proto field order: `transient` right after `fieldId`.
fn merge_transient(v15: &mut Value, v14: &Value) {
    match (v15, v14) {
        (Value::Object(a), Value::Object(b)) => {
            if let Some(t) = b.get("transient") {
                a.insert("transient".into(), t.clone());
            }
            for (k, v) in a.iter_mut() {
                if let Some(w) = b.get(k) {
                    merge_transient(v, w);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (x, y) in a.iter_mut().zip(b) {
                merge_transient(x, y);
            }
        }
        _ => {}
    }
}
