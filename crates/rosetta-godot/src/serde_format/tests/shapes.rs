//! The serde data model as Godot Variants: structs, primitives, bytes, maps, enums, engine types
//! and serde's attributes, and the errors of what does not fit.

use super::*;

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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
enum Tagged {
    Move { dx: i32 },
    Stop,
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
