//! `Variant` itself through serde: JSON round trips, and Variants inside serde values keeping
//! their engine types.

use super::*;

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
