use super::*;
use crate::math::{Color, Vector2, Vector2i};
use crate::variant::{Array, Dictionary, NodePath, Object, Signal};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};

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

#[test]
fn struct_maps_to_the_documented_variant_shape() {
    let expected = dict(vec![
        (s("name"), s("hero")),
        (s("level"), Variant::Int(3)),
        (s("alive"), Variant::Bool(true)),
        (s("gold"), Variant::Int(1 << 40)),
        (s("ratio"), Variant::Float(0.1)),
        (s("initial"), s("h")),
        (s("blob"), Variant::PackedByteArray(vec![1, 2, 255])),
        (
            s("pos"),
            arr(vec![Variant::Float(1.5), Variant::Float(-2.0)]),
        ),
        (
            s("inner"),
            dict(vec![(s("id"), Variant::Int(7)), (s("label"), s("x"))]),
        ),
        (s("missing"), Variant::Nil),
        (
            s("kinds"),
            arr(vec![
                s("Plain"),
                dict(vec![(s("Wrapped"), Variant::Int(-4))]),
                dict(vec![(s("Pair"), arr(vec![Variant::Int(9), s("p")]))]),
                dict(vec![(
                    s("Named"),
                    dict(vec![
                        (s("x"), Variant::Float(0.5)),
                        (s("tags"), arr(vec![s("a")])),
                    ]),
                )]),
            ]),
        ),
        (
            s("scores"),
            dict(vec![(s("a"), Variant::Int(1)), (s("b"), Variant::Int(-1))]),
        ),
        (s("unit"), Variant::Nil),
        (s("dist"), Variant::Float(2.25)),
        (
            s("grid"),
            arr(vec![Variant::Int(-1), Variant::Int(0), Variant::Int(1)]),
        ),
    ]);
    assert_eq!(to_variant(&sample()).unwrap(), expected);
    for version in VERSIONS {
        let bytes = to_bytes(&sample(), version).unwrap();
        assert_eq!(decoded(&bytes, version), expected, "{version:?}");
        assert_eq!(from_bytes::<Save>(&bytes, version).unwrap(), sample());
    }
}

#[test]
fn primitives_and_bytes() {
    let v4 = Version::Godot4;
    assert_eq!(to_bytes(&1i32, v4).unwrap(), [2, 0, 0, 0, 1, 0, 0, 0]);
    assert_eq!(decoded(&to_bytes(&(), v4).unwrap(), v4), Variant::Nil);
    assert_eq!(
        decoded(&to_bytes(&None::<u8>, v4).unwrap(), v4),
        Variant::Nil
    );
    assert_eq!(
        decoded(&to_bytes(&Some(5u8), v4).unwrap(), v4),
        Variant::Int(5)
    );
    assert_eq!(
        decoded(&to_bytes(&u64::MAX.wrapping_shr(1), v4).unwrap(), v4),
        Variant::Int(i64::MAX)
    );
    assert!(matches!(
        to_bytes(&u64::MAX, v4),
        Err(Error::Unencodable(_))
    ));
    assert!(to_bytes(&(i128::from(i64::MIN) - 1), v4).is_err());
    // Godot strings end at a NUL: refuse rather than lose data.
    assert!(to_bytes(&"a\0b", v4).is_err());
    assert!(to_bytes(&'\0', v4).is_err());
    // A non-empty byte sequence is a PackedByteArray, an empty one an empty Array.
    assert_eq!(
        to_variant(&vec![0u8, 9]).unwrap(),
        Variant::PackedByteArray(vec![0, 9])
    );
    assert_eq!(to_variant(&Vec::<u8>::new()).unwrap(), arr(vec![]));
    assert_eq!(
        from_variant::<Vec<u8>>(arr(vec![])).unwrap(),
        Vec::<u8>::new()
    );
    // Other integer sequences stay Arrays; bytes read from Arrays of ints too.
    assert_eq!(to_variant(&vec![1u16]).unwrap(), arr(vec![Variant::Int(1)]));
    assert_eq!(
        from_variant::<Vec<u8>>(arr(vec![Variant::Int(3)])).unwrap(),
        vec![3]
    );
    assert!(from_variant::<Vec<u8>>(arr(vec![Variant::Int(300)])).is_err());
    // A byte sequence reads as other integer sequences.
    assert_eq!(
        from_variant::<Vec<i64>>(Variant::PackedByteArray(vec![1, 2])).unwrap(),
        vec![1, 2]
    );
    assert_eq!(from_variant::<f64>(Variant::Int(2)).unwrap(), 2.0);
    assert_eq!(
        from_variant::<String>(Variant::StringName("n".into())).unwrap(),
        "n"
    );
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

#[test]
fn serialize_bytes_is_a_packed_byte_array_even_when_empty() {
    assert_eq!(
        to_variant(&Bytes(vec![])).unwrap(),
        Variant::PackedByteArray(vec![])
    );
    let bytes = to_bytes(&Bytes(vec![4, 5, 6]), Version::Godot4).unwrap();
    assert_eq!(bytes[0], 29, "PackedByteArray type id");
    assert_eq!(
        from_bytes::<Bytes>(&bytes, Version::Godot4).unwrap(),
        Bytes(vec![4, 5, 6])
    );
}

#[test]
fn maps_keep_their_keys() {
    let mut m = HashMap::new();
    m.insert(1u8, "one".to_string());
    m.insert(2u8, "two".to_string());
    let v = to_variant(&m).unwrap();
    let Variant::Dictionary(d) = &v else {
        panic!("{v:?}")
    };
    assert_eq!(d.entries.len(), 2);
    assert!(d.entries.contains(&(Variant::Int(1), s("one"))));
    for version in VERSIONS {
        let bytes = to_bytes(&m, version).unwrap();
        assert_eq!(
            from_bytes::<HashMap<u8, String>>(&bytes, version).unwrap(),
            m
        );
    }
    let b: BTreeMap<(i32, i32), bool> = [((1, 2), true)].into();
    let bytes = to_bytes(&b, Version::Godot4).unwrap();
    assert_eq!(
        from_bytes::<BTreeMap<(i32, i32), bool>>(&bytes, Version::Godot4).unwrap(),
        b
    );
}

#[test]
fn structs_and_enums_read_leniently_and_fail_clearly() {
    // Struct from an Array of its fields in order.
    let v = arr(vec![Variant::Int(1), Variant::Nil]);
    assert_eq!(
        from_variant::<Inner>(v).unwrap(),
        Inner { id: 1, label: None }
    );
    // Unknown keys are ignored; missing non-Option fields are errors.
    let v = dict(vec![(s("id"), Variant::Int(2)), (s("extra"), Variant::Nil)]);
    assert_eq!(
        from_variant::<Inner>(v).unwrap(),
        Inner { id: 2, label: None }
    );
    assert!(from_variant::<Inner>(dict(vec![])).is_err());
    // Enums: names and one-entry Dictionaries.
    assert_eq!(from_variant::<Kind>(s("Plain")).unwrap(), Kind::Plain);
    assert_eq!(
        from_variant::<Kind>(Variant::StringName("Plain".into())).unwrap(),
        Kind::Plain
    );
    assert!(from_variant::<Kind>(s("Wrapped")).is_err());
    assert!(from_variant::<Kind>(s("Nope")).is_err());
    assert!(from_variant::<Kind>(Variant::Int(0)).is_err());
    let two = dict(vec![
        (s("Plain"), Variant::Nil),
        (s("Wrapped"), Variant::Int(1)),
    ]);
    assert!(from_variant::<Kind>(two).is_err());
    // Out of range and wrong types.
    assert!(from_variant::<u8>(Variant::Int(256)).is_err());
    assert!(from_variant::<u64>(Variant::Int(-1)).is_err());
    assert!(from_variant::<String>(Variant::Int(1)).is_err());
    assert!(from_variant::<(u8, u8)>(arr(vec![Variant::Int(1)])).is_err());
    assert!(from_variant::<(u8,)>(arr(vec![Variant::Int(1), Variant::Int(2)])).is_err());
}

#[test]
fn trailing_bytes_and_objects_are_errors() {
    let mut bytes = to_bytes(&1u8, Version::Godot4).unwrap();
    bytes.extend([0, 0, 0, 0]);
    assert!(matches!(
        from_bytes::<u8>(&bytes, Version::Godot4),
        Err(Error::Invalid { offset: 8, .. })
    ));
    let object = Variant::Object(Box::new(Object::Full {
        class: "Node".into(),
        properties: vec![],
    }));
    let mut options = EncodeOptions::new(Version::Godot4);
    options.full_objects = true;
    let bytes = encode(&object, &options).unwrap();
    assert!(matches!(
        from_bytes::<Variant>(&bytes, Version::Godot4),
        Err(Error::ObjectsNotAllowed { .. })
    ));
}

#[test]
fn engine_types_read_as_their_serde_form() {
    let v = Variant::Vector2(Vector2 { x: 1.0, y: 2.0 });
    assert_eq!(from_variant::<(f32, f32)>(v.clone()).unwrap(), (1.0, 2.0));
    assert_eq!(from_variant::<[f64; 2]>(v).unwrap(), [1.0, 2.0]);
    let v = Variant::Vector2i(Vector2i { x: -1, y: 2 });
    assert_eq!(from_variant::<Vec<i32>>(v).unwrap(), vec![-1, 2]);
    assert_eq!(
        from_variant::<u64>(Variant::Rid(u64::MAX)).unwrap(),
        u64::MAX
    );
    let path = NodePath {
        names: vec!["root".into(), "Main".into()],
        subnames: vec!["position".into()],
        absolute: true,
    };
    assert_eq!(
        from_variant::<String>(Variant::NodePath(Box::new(path))).unwrap(),
        "/root/Main:position"
    );
    let packed = Variant::PackedColorArray(vec![Color {
        r: 1.0,
        g: 0.5,
        b: 0.0,
        a: 1.0,
    }]);
    assert_eq!(
        from_variant::<Vec<[f32; 4]>>(packed).unwrap(),
        vec![[1.0, 0.5, 0.0, 1.0]]
    );
    let signal = Variant::Signal(Box::new(Signal {
        name: "hit".into(),
        object_id: 1 << 63,
    }));
    assert_eq!(
        from_variant::<(String, u64)>(signal).unwrap(),
        ("hit".to_string(), 1 << 63)
    );
}

#[test]
fn variant_round_trips_through_json_for_the_json_subset() {
    let value = dict(vec![
        (s("nil"), Variant::Nil),
        (s("flag"), Variant::Bool(false)),
        (s("n"), Variant::Int(-7)),
        (s("big"), Variant::Int(i64::MAX)),
        (s("x"), Variant::Float(1.25)),
        (s("text"), s("héllo \"q\"")),
        (
            s("list"),
            arr(vec![
                Variant::Int(1),
                arr(vec![]),
                dict(vec![(s("k"), s("v"))]),
            ]),
        ),
    ]);
    let json = serde_json::to_string(&value).unwrap();
    assert_eq!(
        json,
        r#"{"nil":null,"flag":false,"n":-7,"big":9223372036854775807,"x":1.25,"text":"héllo \"q\"","list":[1,[],{"k":"v"}]}"#
    );
    let back: Variant = serde_json::from_str(&json).unwrap();
    assert_eq!(back, value);
    // Out of the JSON subset: engine types become their natural serde form.
    let v = arr(vec![
        Variant::Vector2(Vector2 { x: 0.5, y: 1.0 }),
        Variant::StringName("sn".into()),
        Variant::PackedInt32Array(vec![1, 2]),
        Variant::Rid(5),
        Variant::Callable,
        Variant::Object(Box::new(Object::Null)),
    ]);
    assert_eq!(
        serde_json::to_string(&v).unwrap(),
        r#"[[0.5,1.0],"sn",[1,2],5,null,null]"#
    );
    // u64 beyond i64 is not a Godot int.
    assert!(serde_json::from_str::<Variant>("18446744073709551615").is_err());
}

#[test]
fn variant_serde_matches_variant_deserializer() {
    // A Variant deserialized from itself through the Godot format stays the same for the
    // core subset.
    let value = dict(vec![
        (Variant::Int(1), Variant::PackedByteArray(vec![1, 2])),
        (s("a"), arr(vec![Variant::Float(0.5), Variant::Nil])),
    ]);
    assert_eq!(from_variant::<Variant>(value.clone()).unwrap(), value);
    assert_eq!(to_variant(&value).unwrap(), value);
}

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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
enum Tagged {
    Move { dx: i32 },
    Stop,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
enum Loose {
    Num(i64),
    Text(String),
    List(Vec<Loose>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Outer {
    #[serde(flatten)]
    inner: Inner,
    #[serde(default)]
    extra: Vec<u32>,
    #[serde(rename = "x-y")]
    renamed: bool,
}

#[test]
fn serde_attributes_work() {
    for version in VERSIONS {
        for value in [Tagged::Move { dx: -3 }, Tagged::Stop] {
            let bytes = to_bytes(&value, version).unwrap();
            assert_eq!(from_bytes::<Tagged>(&bytes, version).unwrap(), value);
        }
        let loose = Loose::List(vec![Loose::Num(1), Loose::Text("t".into())]);
        let bytes = to_bytes(&loose, version).unwrap();
        assert_eq!(from_bytes::<Loose>(&bytes, version).unwrap(), loose);
        let outer = Outer {
            inner: Inner {
                id: 4,
                label: Some("l".into()),
            },
            extra: vec![1, 2],
            renamed: true,
        };
        let bytes = to_bytes(&outer, version).unwrap();
        assert_eq!(
            decoded(&bytes, version),
            dict(vec![
                (s("id"), Variant::Int(4)),
                (s("label"), s("l")),
                (s("extra"), arr(vec![Variant::Int(1), Variant::Int(2)])),
                (s("x-y"), Variant::Bool(true)),
            ])
        );
        assert_eq!(from_bytes::<Outer>(&bytes, version).unwrap(), outer);
    }
    let tagged = to_variant(&Tagged::Move { dx: 1 }).unwrap();
    assert_eq!(
        tagged,
        dict(vec![(s("type"), s("Move")), (s("dx"), Variant::Int(1))])
    );
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct FlatBytes {
    #[serde(flatten)]
    inner: Inner,
    blob: Vec<u8>,
}

#[test]
fn flattened_structs_read_byte_fields() {
    let value = FlatBytes {
        inner: Inner { id: 1, label: None },
        blob: vec![1, 2],
    };
    let bytes = to_bytes(&value, Version::Godot4).unwrap();
    assert_eq!(
        from_bytes::<FlatBytes>(&bytes, Version::Godot4).unwrap(),
        value
    );
}

fn engine_values() -> Vec<Variant> {
    use crate::math::{Basis, Transform3D, Vector3};
    use crate::variant::ContainerType;
    use crate::VariantType;
    vec![
        Variant::Vector2(Vector2 { x: 0.5, y: -1.0 }),
        Variant::Vector3(Vector3 {
            x: 1.0,
            y: 2.0,
            z: 3.0,
        }),
        Variant::Transform3D(Box::new(Transform3D {
            basis: Basis {
                rows: [Vector3 {
                    x: 1.0,
                    y: 0.0,
                    z: 0.0,
                }; 3],
            },
            origin: Vector3::default(),
        })),
        Variant::PackedInt32Array(vec![1, -2]),
        Variant::PackedVector2Array(vec![Vector2 { x: 1.0, y: 2.0 }]),
        Variant::StringName("sn".into()),
        Variant::NodePath(Box::new(NodePath {
            names: vec!["a".into()],
            subnames: vec![],
            absolute: false,
        })),
        Variant::Array(Box::new(Array {
            element_type: ContainerType::Builtin(VariantType::Int),
            items: vec![Variant::Int(1)],
        })),
        dict(vec![(
            Variant::Vector2i(Vector2i { x: 1, y: 2 }),
            Variant::Color(Color {
                r: 0.25,
                g: 0.5,
                b: 0.75,
                a: 1.0,
            }),
        )]),
    ]
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct WithVariant {
    name: String,
    payload: Variant,
    more: Vec<Variant>,
    maybe: Option<Variant>,
}

#[test]
fn variants_inside_values_keep_their_engine_types() {
    for value in engine_values() {
        let version = Version::Godot4;
        let options = EncodeOptions::new(version);
        // A bare Variant: the same bytes as the encoder, and back unchanged.
        let bytes = to_bytes(&value, version).unwrap();
        assert_eq!(bytes, encode(&value, &options).unwrap());
        assert_eq!(to_bytes_via_variant(&value, &options).unwrap(), bytes);
        assert_eq!(from_bytes::<Variant>(&bytes, version).unwrap(), value);
        assert_eq!(to_variant(&value).unwrap(), value);
        assert_eq!(from_variant::<Variant>(value.clone()).unwrap(), value);
        // Inside a struct.
        let outer = WithVariant {
            name: "n".into(),
            payload: value.clone(),
            more: vec![value.clone(), Variant::Nil],
            maybe: Some(value.clone()),
        };
        let bytes = to_bytes(&outer, version).unwrap();
        assert_eq!(to_bytes_via_variant(&outer, &options).unwrap(), bytes);
        let Variant::Dictionary(d) = decoded(&bytes, version) else {
            panic!()
        };
        assert_eq!(d.entries[1], (s("payload"), value.clone()));
        assert_eq!(from_bytes::<WithVariant>(&bytes, version).unwrap(), outer);
        // Double precision applies to Variants inside values too.
        let mut double = options;
        double.double_precision = true;
        assert_eq!(
            to_bytes_with(&value, &double).unwrap(),
            encode(&value, &double).unwrap()
        );
    }
    // Types missing from Godot 3 are errors there, as with the encoder.
    let v = Variant::Vector2i(Vector2i { x: 1, y: 2 });
    assert!(to_bytes(&v, Version::Godot3).is_err());
    // Other formats still see the natural form, also while a Godot serializer runs.
    let json = serde_json::to_string(&engine_values()[0]).unwrap();
    assert_eq!(json, "[0.5,-1.0]");
}

#[derive(Debug, Serialize, Deserialize)]
struct FlatVariant {
    #[serde(flatten)]
    inner: Inner,
    payload: Variant,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t")]
enum TaggedVariant {
    A { payload: Variant },
}

#[test]
fn buffered_variants_fall_back_to_the_natural_form() {
    let v2 = Variant::Vector2(Vector2 { x: 1.0, y: 2.0 });
    // Flattened structs read their own fields directly: exact.
    let value = FlatVariant {
        inner: Inner { id: 1, label: None },
        payload: v2.clone(),
    };
    let bytes = to_bytes(&value, Version::Godot4).unwrap();
    let back = from_bytes::<FlatVariant>(&bytes, Version::Godot4).unwrap();
    assert_eq!(back.inner, value.inner);
    assert_eq!(back.payload, v2);
    // Internally tagged enums buffer their content: the Variant reads as its serde form.
    let value = TaggedVariant::A {
        payload: v2.clone(),
    };
    let bytes = to_bytes(&value, Version::Godot4).unwrap();
    assert_eq!(
        decoded(&bytes, Version::Godot4),
        dict(vec![(s("t"), s("A")), (s("payload"), v2)])
    );
    assert_eq!(
        from_bytes::<TaggedVariant>(&bytes, Version::Godot4).unwrap(),
        TaggedVariant::A {
            payload: arr(vec![Variant::Float(1.0), Variant::Float(2.0)])
        }
    );
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
