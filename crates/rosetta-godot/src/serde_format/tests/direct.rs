//! The direct serializer against the Variant path (same bytes, also for random values), round
//! trips, inputs that must not panic, and the depth limit.

use super::*;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Random {
    a: i32,
    b: u8,
    c: i64,
    d: f64,
    e: f32,
    f: bool,
    g: String,
    h: Option<String>,
    i: Vec<u8>,
    j: Vec<i16>,
    k: BTreeMap<String, u32>,
    l: Vec<Kind>,
    m: (u16, char),
    n: Vec<Inner>,
    o: Option<Option<u8>>,
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        Just(Kind::Plain),
        any::<i32>().prop_map(Kind::Wrapped),
        (any::<u8>(), "[^\u{0}]{0,8}").prop_map(|(a, b)| Kind::Pair(a, b)),
        (
            prop::num::f32::NORMAL | prop::num::f32::ZERO,
            prop::collection::vec("[^\u{0}]{0,4}", 0..3)
        )
            .prop_map(|(x, tags)| Kind::Named { x, tags }),
    ]
}

fn random() -> impl Strategy<Value = Random> {
    let inner = (any::<u16>(), prop::option::of("[^\u{0}]{0,6}"))
        .prop_map(|(id, label)| Inner { id, label });
    (
        (
            any::<i32>(),
            any::<u8>(),
            any::<i64>(),
            prop::num::f64::ANY.prop_filter("no NaN", |f| !f.is_nan()),
            prop::num::f32::ANY.prop_filter("no NaN", |f| !f.is_nan()),
            any::<bool>(),
            "[^\u{0}]{0,12}",
            prop::option::of("[^\u{0}]{0,12}"),
        ),
        (
            prop::collection::vec(any::<u8>(), 1..40),
            prop::collection::vec(any::<i16>(), 0..10),
            prop::collection::btree_map("[^\u{0}]{0,6}", any::<u32>(), 0..5),
            prop::collection::vec(kind(), 0..5),
            (
                any::<u16>(),
                any::<char>().prop_filter("no NUL", |c| *c != '\0'),
            ),
            prop::collection::vec(inner, 0..4),
            any::<Option<u8>>(),
        ),
    )
        .prop_map(|((a, b, c, d, e, f, g, h), (i, j, k, l, m, n, o))| Random {
            a,
            b,
            c,
            d,
            e,
            f,
            g,
            h,
            i,
            j,
            k,
            l,
            m,
            n,
            // `Some(None)` is written as null and reads back as `None`.
            o: o.map(Some),
        })
}

fn same_bytes<T: Serialize + ?Sized>(value: &T, options: &EncodeOptions) {
    assert_eq!(
        to_bytes_with(value, options),
        to_bytes_via_variant(value, options)
    );
}

#[test]
fn direct_serializer_matches_the_variant_path() {
    for version in VERSIONS {
        let options = EncodeOptions::new(version);
        same_bytes(&sample(), &options);
        same_bytes(&Bytes(vec![]), &options);
        same_bytes(&Bytes(vec![1, 2, 3, 4, 5]), &options);
        same_bytes(&Vec::<u8>::new(), &options);
        same_bytes(&u64::MAX, &options);
        same_bytes(&"nul\0", &options);
        same_bytes(&f64::NAN, &options);
        same_bytes(&[1e300, 0.1, 0.5], &options);
        same_bytes(&(i64::MIN, i64::from(i32::MIN) - 1, u32::MAX), &options);
        // Unknown lengths are patched in.
        let seq = Unsized(vec![1, 2, 300]);
        same_bytes(&seq, &options);
        same_bytes(&Unsized(vec![7, 8]), &options);
        same_bytes(&Mixed, &options);
    }
}

#[test]
fn direct_serializer_enforces_the_depth_limit_like_encode() {
    #[derive(Serialize)]
    struct Node {
        children: Vec<Node>,
    }
    #[derive(Serialize)]
    enum Tree {
        Leaf(u8),
        Pair(Box<Tree>, Box<Tree>),
        Bytes(Vec<u8>),
    }
    let mut node = Node { children: vec![] };
    let mut tree = Tree::Leaf(1);
    for depth in 0..8 {
        for max_depth in 0..8 {
            let mut options = EncodeOptions::new(Version::Godot4);
            options.max_depth = max_depth;
            let direct = to_bytes_with(&node, &options);
            assert_eq!(
                direct,
                to_bytes_via_variant(&node, &options),
                "{depth} {max_depth}"
            );
            same_bytes(&tree, &options);
            same_bytes(&Tree::Bytes(vec![1]), &options);
        }
        node = Node {
            children: vec![node],
        };
        tree = Tree::Pair(Box::new(tree), Box::new(Tree::Bytes(vec![2, 3])));
    }
}

/// A sequence of `u32`s serialized with an unknown length, as `u8` when they fit.
struct Unsized(Vec<u32>);

impl Serialize for Unsized {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(None)?;
        for v in &self.0 {
            match u8::try_from(*v) {
                Ok(b) => seq.serialize_element(&b)?,
                Err(_) => seq.serialize_element(v)?,
            }
        }
        seq.end()
    }
}

/// A sequence that starts with bytes and then holds a string.
struct Mixed;

impl Serialize for Mixed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(3))?;
        seq.serialize_element(&1u8)?;
        seq.serialize_element(&2u8)?;
        seq.serialize_element("s")?;
        seq.end()
    }
}

proptest! {
    #[test]
    fn direct_bytes_equal_variant_bytes(value in random()) {
        for version in VERSIONS {
            let options = EncodeOptions::new(version);
            prop_assert_eq!(
                to_bytes_with(&value, &options).unwrap(),
                to_bytes_via_variant(&value, &options).unwrap()
            );
        }
    }

    #[test]
    fn round_trip(value in random()) {
        for version in VERSIONS {
            let bytes = to_bytes(&value, version).unwrap();
            prop_assert_eq!(from_bytes::<Random>(&bytes, version).unwrap(), value.clone());
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        for version in VERSIONS {
            let _ = from_bytes::<Random>(&bytes, version);
            let _ = from_bytes::<Save>(&bytes, version);
            let _ = from_bytes::<Variant>(&bytes, version);
        }
    }

    #[test]
    fn mutated_valid_bytes_never_panic(
        value in random(),
        flips in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..4),
    ) {
        let mut bytes = to_bytes(&value, Version::Godot4).unwrap();
        for (at, byte) in flips {
            let i = at.index(bytes.len());
            bytes[i] = byte;
        }
        let _ = from_bytes::<Random>(&bytes, Version::Godot4);
    }
}

fn nested_bytes(depth: usize) -> Vec<u8> {
    let mut v = Variant::Int(1);
    for _ in 0..depth {
        v = arr(vec![v]);
    }
    encode(&v, &EncodeOptions::new(Version::Godot4)).unwrap()
}

#[test]
fn deep_inputs_stop_at_the_serde_depth_limit() {
    let ok = nested_bytes(SERDE_MAX_DEPTH);
    assert!(from_bytes::<serde_json::Value>(&ok, Version::Godot4).is_ok());
    assert!(from_bytes::<Loose>(&ok, Version::Godot4).is_ok());
    for depth in [SERDE_MAX_DEPTH + 1, crate::MAX_DEPTH] {
        let deep = nested_bytes(depth);
        assert!(matches!(
            from_bytes::<serde_json::Value>(&deep, Version::Godot4),
            Err(Error::TooDeep { .. })
        ));
        assert!(from_bytes::<Loose>(&deep, Version::Godot4).is_err());
        // A Variant is handed over whole: the decoder's limit applies.
        let (v, _) = decode(&deep, &DecodeOptions::new(Version::Godot4)).unwrap();
        assert_eq!(from_bytes::<Variant>(&deep, Version::Godot4).unwrap(), v);
    }
    // Nested enum variants count too.
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    enum Rec {
        Leaf,
        Wrap(Box<Rec>),
    }
    let nest = |n| {
        let mut v = s("Leaf");
        for _ in 0..n {
            v = dict(vec![(s("Wrap"), v)]);
        }
        v
    };
    assert!(from_variant::<Rec>(nest(SERDE_MAX_DEPTH)).is_ok());
    assert!(matches!(
        from_variant::<Rec>(nest(SERDE_MAX_DEPTH + 1)),
        Err(Error::TooDeep { .. })
    ));
}
