//! Properties: decode(encode(v)) == v for random Variants of both engines, and decoding
//! arbitrary bytes never panics.

use proptest::prelude::*;
use rosetta_godot::*;

/// A float that survives single precision (math components are written as `f32`).
fn real() -> impl Strategy<Value = f64> {
    any::<f32>()
        .prop_filter("not NaN", |f| !f.is_nan())
        .prop_map(f64::from)
}

fn f32_() -> impl Strategy<Value = f32> {
    any::<f32>().prop_filter("not NaN", |f| !f.is_nan())
}

/// A string without NUL (Godot's strings end at NUL).
fn text() -> impl Strategy<Value = String> {
    "[^\u{0}]{0,12}"
}

fn vec2() -> impl Strategy<Value = Vector2> {
    (real(), real()).prop_map(|(x, y)| Vector2 { x, y })
}

fn vec3() -> impl Strategy<Value = Vector3> {
    (real(), real(), real()).prop_map(|(x, y, z)| Vector3 { x, y, z })
}

fn vec4() -> impl Strategy<Value = Vector4> {
    (real(), real(), real(), real()).prop_map(|(x, y, z, w)| Vector4 { x, y, z, w })
}

fn color() -> impl Strategy<Value = Color> {
    (f32_(), f32_(), f32_(), f32_()).prop_map(|(r, g, b, a)| Color { r, g, b, a })
}

/// Leaves common to both engines.
fn common_leaf() -> BoxedStrategy<Variant> {
    prop_oneof![
        Just(Variant::Nil),
        any::<bool>().prop_map(Variant::Bool),
        any::<i64>().prop_map(Variant::Int),
        any::<f64>()
            .prop_filter("not NaN", |f| !f.is_nan())
            .prop_map(Variant::Float),
        text().prop_map(Variant::String),
        vec2().prop_map(Variant::Vector2),
        vec3().prop_map(Variant::Vector3),
        (vec2(), vec2())
            .prop_map(|(position, size)| Variant::Rect2(Box::new(Rect2 { position, size }))),
        (vec2(), vec2(), vec2()).prop_map(|(a, b, c)| Variant::Transform2D(Box::new(
            Transform2D { columns: [a, b, c] }
        ))),
        (vec3(), real()).prop_map(|(normal, d)| Variant::Plane(Box::new(Plane { normal, d }))),
        vec4().prop_map(|v| Variant::Quaternion(Box::new(Quaternion {
            x: v.x,
            y: v.y,
            z: v.z,
            w: v.w
        }))),
        (vec3(), vec3())
            .prop_map(|(position, size)| Variant::Aabb(Box::new(Aabb { position, size }))),
        (vec3(), vec3(), vec3())
            .prop_map(|(a, b, c)| Variant::Basis(Box::new(Basis { rows: [a, b, c] }))),
        (vec3(), vec3(), vec3(), vec3()).prop_map(|(a, b, c, origin)| Variant::Transform3D(
            Box::new(Transform3D {
                basis: Basis { rows: [a, b, c] },
                origin
            })
        )),
        color().prop_map(Variant::Color),
        (
            prop::collection::vec(text(), 0..3),
            prop::collection::vec(text(), 0..3),
            any::<bool>()
        )
            .prop_map(|(names, subnames, absolute)| Variant::NodePath(Box::new(
                NodePath {
                    names,
                    subnames,
                    absolute
                }
            ))),
        (1u64..).prop_map(|id| Variant::Object(Box::new(Object::InstanceId(id)))),
        prop::collection::vec(any::<u8>(), 0..9).prop_map(Variant::PackedByteArray),
        prop::collection::vec(any::<i32>(), 0..4).prop_map(Variant::PackedInt32Array),
        prop::collection::vec(f32_(), 0..4).prop_map(Variant::PackedFloat32Array),
        prop::collection::vec(text(), 0..4).prop_map(Variant::PackedStringArray),
        prop::collection::vec(vec2(), 0..3).prop_map(Variant::PackedVector2Array),
        prop::collection::vec(vec3(), 0..3).prop_map(Variant::PackedVector3Array),
        prop::collection::vec(color(), 0..3).prop_map(Variant::PackedColorArray),
    ]
    .boxed()
}

/// Leaves only Godot 4 has.
fn godot4_leaf() -> BoxedStrategy<Variant> {
    prop_oneof![
        (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Variant::Vector2i(Vector2i { x, y })),
        (any::<i32>(), any::<i32>(), any::<i32>())
            .prop_map(|(x, y, z)| Variant::Vector3i(Vector3i { x, y, z })),
        any::<[i32; 4]>().prop_map(|[x, y, z, w]| Variant::Vector4i(Vector4i { x, y, z, w })),
        any::<[i32; 4]>().prop_map(|[a, b, c, d]| Variant::Rect2i(Rect2i {
            position: Vector2i { x: a, y: b },
            size: Vector2i { x: c, y: d }
        })),
        vec4().prop_map(|v| Variant::Vector4(Box::new(v))),
        (vec4(), vec4(), vec4(), vec4()).prop_map(|(a, b, c, d)| Variant::Projection(Box::new(
            Projection {
                columns: [a, b, c, d]
            }
        ))),
        text().prop_map(Variant::StringName),
        any::<u64>().prop_map(Variant::Rid),
        Just(Variant::Callable),
        (text(), any::<u64>())
            .prop_map(|(name, object_id)| Variant::Signal(Box::new(Signal { name, object_id }))),
        prop::collection::vec(any::<i64>(), 0..4).prop_map(Variant::PackedInt64Array),
        prop::collection::vec(any::<f64>().prop_filter("not NaN", |f| !f.is_nan()), 0..4)
            .prop_map(Variant::PackedFloat64Array),
        prop::collection::vec(vec4(), 0..3).prop_map(Variant::PackedVector4Array),
        prop::collection::vec(any::<i64>().prop_map(Variant::Int), 0..4).prop_map(|items| {
            Variant::Array(Box::new(Array {
                element_type: ContainerType::Builtin(VariantType::Int),
                items,
            }))
        }),
    ]
    .boxed()
}

fn variant(godot4: bool) -> impl Strategy<Value = Variant> {
    let leaf = if godot4 {
        prop_oneof![3 => common_leaf(), 2 => godot4_leaf()].boxed()
    } else {
        common_leaf()
    };
    leaf.prop_recursive(4, 32, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(|items| Variant::Array(Box::new(
                Array {
                    element_type: ContainerType::None,
                    items
                }
            ))),
            prop::collection::vec((inner.clone(), inner.clone()), 0..3).prop_map(|entries| {
                Variant::Dictionary(Box::new(Dictionary {
                    entries,
                    ..Dictionary::default()
                }))
            }),
            (
                "[A-Za-z]{1,10}",
                prop::collection::vec(("[a-z_]{1,8}", inner), 0..3)
            )
                .prop_map(|(class, properties)| {
                    let properties = properties
                        .into_iter()
                        .filter(|(name, _)| name != "script")
                        .collect();
                    Variant::Object(Box::new(Object::Full { class, properties }))
                }),
        ]
    })
}

fn round_trip(value: &Variant, version: Version) {
    let mut enc = EncodeOptions::new(version);
    enc.full_objects = true;
    let bytes = encode(value, &enc).unwrap();
    assert_eq!(bytes.len() % 4, 0);
    let mut dec = DecodeOptions::new(version);
    dec.allow_objects = true;
    let (again, used) = decode(&bytes, &dec).unwrap();
    assert_eq!(used, bytes.len());
    assert_eq!(&again, value);
}

/// What decodes re-encodes to bytes that decode and encode to the same bytes (also the fuzz
/// target's property).
fn stable(input: &[u8], version: Version) {
    for allow_objects in [false, true] {
        let mut dec = DecodeOptions::new(version);
        dec.allow_objects = allow_objects;
        let Ok((value, used)) = decode(input, &dec) else {
            continue;
        };
        assert!(used <= input.len());
        let mut enc = EncodeOptions::new(version);
        enc.full_objects = allow_objects;
        let once = encode(&value, &enc).unwrap();
        let (again, _) = decode(&once, &dec).unwrap();
        assert_eq!(encode(&again, &enc).unwrap(), once);
    }
}

proptest! {
    #[test]
    fn godot4_round_trips(value in variant(true)) {
        round_trip(&value, Version::Godot4);
    }

    #[test]
    fn godot3_round_trips(value in variant(false)) {
        round_trip(&value, Version::Godot3);
    }

    #[test]
    fn godot4_double_precision_round_trips(value in variant(true)) {
        let mut enc = EncodeOptions::new(Version::Godot4);
        enc.full_objects = true;
        enc.double_precision = true;
        let bytes = encode(&value, &enc).unwrap();
        let mut dec = DecodeOptions::new(Version::Godot4);
        dec.allow_objects = true;
        prop_assert_eq!(decode(&bytes, &dec).unwrap(), (value, bytes.len()));
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..256)) {
        for version in [Version::Godot3, Version::Godot4] {
            for allow_objects in [false, true] {
                let mut dec = DecodeOptions::new(version);
                dec.allow_objects = allow_objects;
                if let Ok((_, used)) = decode(&bytes, &dec) {
                    prop_assert!(used <= bytes.len());
                }
                stable(&bytes, version);
            }
        }
    }

    #[test]
    fn encoded_bytes_with_junk_never_panic(value in variant(true), junk in any::<u32>(), at in any::<prop::sample::Index>()) {
        let mut bytes = encode(&value, &EncodeOptions::new(Version::Godot4)).unwrap_or_default();
        if !bytes.is_empty() {
            let i = at.index(bytes.len());
            bytes[i] ^= junk.to_le_bytes()[0];
            for input in [&bytes[..], &bytes[..i]] {
                for version in [Version::Godot3, Version::Godot4] {
                    stable(input, version);
                }
            }
        }
    }
}
