//! Locating the shared corpus (`/work/shared/corpus`, i.e. `../shared/corpus` next to the
//! workspace root). Corpus files are read in place, never copied into the repository.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// The SpatialOS corpus directory, or `None` (after printing why) when it is not there.
pub fn spatialos_corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/spatialos");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("skipped: corpus not found at {}", dir.display());
        None
    }
}

/// Every file under `dir` (hidden directories included, as the gdk fixtures live under
/// `.CodeGenerator`), sorted.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The bundle JSON fixtures of the 14.x/15.x ("schemaFiles") format: every
/// `exhaustive_bundle.json`, `clash_*.json` and `*.sb.json`, minus the legacy `{"v1": ...}` ones.
pub fn bundle_json_fixtures(corpus: &Path) -> Vec<(PathBuf, String)> {
    walk(corpus)
        .into_iter()
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name == "exhaustive_bundle.json"
                || (name.starts_with("clash_") && name.ends_with(".json"))
                || name.ends_with(".sb.json")
        })
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            let v: serde_json::Value = serde_json::from_str(&text).ok()?;
            v.get("schemaFiles").is_some().then_some((p, text))
        })
        .collect()
}

/// The path relative to the corpus, for messages.
pub fn short(corpus: &Path, p: &Path) -> String {
    p.strip_prefix(corpus).unwrap_or(p).display().to_string()
}

/// `spatialos-sdk-rs@93c53af/spatialos-sdk/resources/{good,bad}_bundle`.
pub fn sdk_rs_bundle(corpus: &Path, name: &str) -> PathBuf {
    corpus
        .join("spatialos-sdk-rs@93c53af/spatialos-sdk/resources")
        .join(name)
}

/// Decoding with an independent protobuf implementation: prost-reflect, with descriptors compiled
/// by protox from [`rosetta_bundle::SCHEMA_BUNDLE_PROTO`].
pub mod reflect {
    use prost_reflect::{DescriptorPool, DynamicMessage, SerializeOptions, Value as PValue};
    use serde_json::Value;

    struct InMemory;

    impl protox::file::FileResolver for InMemory {
        fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
            if name == "schema_bundle.proto" {
                protox::file::File::from_source(name, rosetta_bundle::SCHEMA_BUNDLE_PROTO)
            } else {
                Err(protox::Error::file_not_found(name))
            }
        }
    }

    /// The descriptor pool of `schema_bundle.proto`.
    pub fn pool() -> DescriptorPool {
        let mut compiler = protox::Compiler::with_file_resolver(InMemory);
        compiler
            .open_file("schema_bundle.proto")
            .expect("SCHEMA_BUNDLE_PROTO compiles");
        compiler.descriptor_pool()
    }

    /// Decodes a binary bundle as `schema.SchemaBundle`.
    pub fn decode(bytes: &[u8]) -> DynamicMessage {
        let desc = pool()
            .get_message_by_name("schema.SchemaBundle")
            .expect("schema.SchemaBundle exists");
        DynamicMessage::decode(desc, bytes).expect("prost-reflect decodes the bundle")
    }

    /// prost-reflect's proto3 JSON of `message`, defaults included, 64-bit integers as strings.
    pub fn json(message: &DynamicMessage) -> Value {
        let options = SerializeOptions::new()
            .skip_default_fields(false)
            .stringify_64_bit_integers(true);
        message
            .serialize_with_options(serde_json::value::Serializer, &options)
            .expect("serializes")
    }

    /// How many unknown fields `message` and every message inside it hold.
    pub fn unknown_fields(message: &DynamicMessage) -> usize {
        fn in_value(v: &PValue) -> usize {
            match v {
                PValue::Message(m) => unknown_fields(m),
                PValue::List(items) => items.iter().map(in_value).sum(),
                PValue::Map(map) => map.values().map(in_value).sum(),
                _ => 0,
            }
        }
        message.unknown_fields().count() + message.fields().map(|(_, v)| in_value(v)).sum::<usize>()
    }
}

/// The path of the first difference between two JSON values, comparing numbers as `f64` (so `2`
/// and `2.0` are equal) and objects without regard to key order; `None` when they are equal.
pub fn first_difference(a: &serde_json::Value, b: &serde_json::Value) -> Option<String> {
    use serde_json::Value;
    fn go(a: &Value, b: &Value, path: &str) -> Option<String> {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => {
                (x.as_f64() != y.as_f64()).then(|| format!("{path}: {x} vs {y}"))
            }
            (Value::Object(x), Value::Object(y)) => {
                for k in x.keys().chain(y.keys()) {
                    match (x.get(k), y.get(k)) {
                        (Some(p), Some(q)) => {
                            if let Some(d) = go(p, q, &format!("{path}.{k}")) {
                                return Some(d);
                            }
                        }
                        (p, q) => {
                            return Some(format!("{path}.{k}: {p:?} vs {q:?}"));
                        }
                    }
                }
                None
            }
            (Value::Array(x), Value::Array(y)) => {
                if x.len() != y.len() {
                    return Some(format!("{path}: {} vs {} items", x.len(), y.len()));
                }
                x.iter()
                    .zip(y)
                    .enumerate()
                    .find_map(|(i, (p, q))| go(p, q, &format!("{path}[{i}]")))
            }
            _ => (a != b).then(|| format!("{path}: {a} vs {b}")),
        }
    }
    go(a, b, "$")
}
