//! Unit tests of the serde data format, by topic; the sample types and helpers they share are
//! here.

use super::*;
use crate::math::{Color, Vector2, Vector2i};
use crate::variant::{Array, Dictionary, NodePath, Object, Signal};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

mod direct;
mod shapes;
mod variants;

const VERSIONS: [Version; 2] = [Version::Godot3, Version::Godot4];

fn s(v: &str) -> Variant {
    Variant::String(v.into())
}

fn dict(entries: Vec<(Variant, Variant)>) -> Variant {
    Variant::Dictionary(Box::new(Dictionary::untyped(entries)))
}

fn arr(items: Vec<Variant>) -> Variant {
    Variant::Array(Box::new(Array::untyped(items)))
}

fn decoded(bytes: &[u8], version: Version) -> Variant {
    let (v, used) = decode(bytes, &DecodeOptions::new(version)).unwrap();
    assert_eq!(used, bytes.len());
    v
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum Kind {
    Plain,
    Wrapped(i32),
    Pair(u8, String),
    Named { x: f32, tags: Vec<String> },
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Inner {
    id: u16,
    label: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Unit;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Meters(f64);

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Save {
    name: String,
    level: u32,
    alive: bool,
    gold: i64,
    ratio: f64,
    initial: char,
    blob: Vec<u8>,
    pos: (f32, f32),
    inner: Inner,
    missing: Option<Inner>,
    kinds: Vec<Kind>,
    scores: BTreeMap<String, i32>,
    unit: Unit,
    dist: Meters,
    grid: [i8; 3],
}

fn sample() -> Save {
    Save {
        name: "hero".into(),
        level: 3,
        alive: true,
        gold: 1 << 40,
        ratio: 0.1,
        initial: 'h',
        blob: vec![1, 2, 255],
        pos: (1.5, -2.0),
        inner: Inner {
            id: 7,
            label: Some("x".into()),
        },
        missing: None,
        kinds: vec![
            Kind::Plain,
            Kind::Wrapped(-4),
            Kind::Pair(9, "p".into()),
            Kind::Named {
                x: 0.5,
                tags: vec!["a".into()],
            },
        ],
        scores: [("a".to_string(), 1), ("b".to_string(), -1)].into(),
        unit: Unit,
        dist: Meters(2.25),
        grid: [-1, 0, 1],
    }
}

/// A `serde_bytes`-style wrapper: serializes with `serialize_bytes`.
#[derive(Debug, PartialEq)]
struct Bytes(Vec<u8>);

impl Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_bytes(&self.0)
    }
}

impl<'de> Deserialize<'de> for Bytes {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Bytes;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("bytes")
            }
            fn visit_byte_buf<E>(self, v: Vec<u8>) -> std::result::Result<Bytes, E> {
                Ok(Bytes(v))
            }
        }
        d.deserialize_byte_buf(V)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum Loose {
    Num(i64),
    Text(String),
    List(Vec<Loose>),
}
