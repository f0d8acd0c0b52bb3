//! Arbitrary text as O3DE JSON read into Rust types through serde (`rosetta_json::o3de::serde`):
//! reading must never panic, and what reads writes and reads back to the same text.
#![no_main]

use std::collections::BTreeMap;

use libfuzzer_sys::fuzz_target;
use rosetta_json::o3de::serde::{from_str, to_string};
use rosetta_json::o3de::{LoadOptions, Quiet, StoreOptions};
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug)]
enum Shape {
    Plain,
    Wrapped(i32),
    Pair(u8, String),
    Named { x: f32, tags: Vec<String> },
}

#[derive(Serialize, Deserialize, Debug)]
struct Node {
    label: String,
    next: Option<Box<Node>>,
    children: Vec<Node>,
}

#[derive(Serialize, Deserialize, Debug)]
#[serde(default)]
struct Everything {
    b: bool,
    small: (i8, u16, char),
    wide: (i64, u64),
    f: f32,
    d: f64,
    s: String,
    bytes: serde_bytes_like::Bytes,
    opt: Option<i16>,
    arr: [f32; 3],
    by_name: BTreeMap<String, i32>,
    by_int: BTreeMap<i64, bool>,
    shapes: Vec<Shape>,
    node: Option<Node>,
}

impl Default for Everything {
    fn default() -> Self {
        Everything {
            b: false,
            small: (0, 0, ' '),
            wide: (0, 0),
            f: 0.0,
            d: 0.0,
            s: String::new(),
            bytes: serde_bytes_like::Bytes(Vec::new()),
            opt: None,
            arr: [0.0; 3],
            by_name: BTreeMap::new(),
            by_int: BTreeMap::new(),
            shapes: Vec::new(),
            node: None,
        }
    }
}

/// A byte buffer that goes through `serialize_bytes` / `deserialize_byte_buf`.
mod serde_bytes_like {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Debug)]
    pub struct Bytes(pub Vec<u8>);

    impl Serialize for Bytes {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_bytes(&self.0)
        }
    }

    impl<'de> Deserialize<'de> for Bytes {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            struct V;
            impl serde::de::Visitor<'_> for V {
                type Value = Bytes;
                fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                    f.write_str("bytes")
                }
                fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Bytes, E> {
                    Ok(Bytes(v))
                }
                fn visit_bytes<E>(self, v: &[u8]) -> Result<Bytes, E> {
                    Ok(Bytes(v.to_vec()))
                }
            }
            d.deserialize_byte_buf(V)
        }
    }
}

fn round_trip<T: Serialize + for<'de> Deserialize<'de>>(text: &str, options: &LoadOptions) {
    let Ok((value, _)) = from_str::<T>(text, options, &mut Quiet) else {
        return;
    };
    // NaN is not equal to itself: compare texts, not values.
    let once = to_string(&value, &StoreOptions::default()).expect("a read value writes");
    // Full precision: what Rosetta wrote reads back as itself (O3DE's own number reading is
    // sometimes one unit in the last place off).
    let exact = LoadOptions {
        full_precision: true,
        ..LoadOptions::default()
    };
    let (again, _) = from_str::<T>(&once, &exact, &mut Quiet).expect("written text reads");
    let twice = to_string(&again, &StoreOptions::default()).expect("a read value writes");
    assert_eq!(once, twice);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for strict in [false, true] {
        let options = LoadOptions {
            strict,
            ..LoadOptions::default()
        };
        round_trip::<Everything>(text, &options);
        round_trip::<Vec<Shape>>(text, &options);
        round_trip::<Node>(text, &options);
        let _ = from_str::<serde_json::Value>(text, &options, &mut Quiet);
    }
});
