//! Property tests: printing any value and parsing it back gives the same value (compared as
//! printed text), in both engines' spellings.

use super::*;

fn real() -> impl Strategy<Value = f64> + Clone {
    // Values that Godot 3's six significant digits print exactly.
    (-100_000i32..100_000, 0u32..4).prop_map(|(m, e)| f64::from(m) / f64::from(10u32.pow(e)))
}

fn full_real() -> impl Strategy<Value = f64> {
    prop_oneof![
        real(),
        any::<f64>().prop_filter("not nan", |f| !f.is_nan()),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
    ]
}

fn text() -> impl Strategy<Value = String> {
    "[a-z\"\\\\\n\t é日]{0,8}"
}

fn name() -> impl Strategy<Value = String> {
    "[a-zA-Z_][a-zA-Z0-9_]{0,6}"
}

fn leaf(g4: bool) -> BoxedStrategy<Variant> {
    let r = if g4 {
        full_real().boxed()
    } else {
        real().boxed()
    };
    let f32s = real().prop_map(|f| f as f32).boxed();
    let color = (f32s.clone(), f32s.clone(), f32s.clone(), f32s.clone())
        .prop_map(|(r, g, b, a)| Color { r, g, b, a });
    let vec2 = (r.clone(), r.clone()).prop_map(|(x, y)| Vector2 { x, y });
    let vec3 = (r.clone(), r.clone(), r.clone()).prop_map(|(x, y, z)| Vector3 { x, y, z });
    let common = prop_oneof![
        Just(Variant::Nil),
        any::<bool>().prop_map(Variant::Bool),
        any::<i64>().prop_map(Variant::Int),
        r.clone().prop_map(Variant::Float),
        text().prop_map(Variant::String),
        vec2.clone().prop_map(Variant::Vector2),
        vec3.clone().prop_map(Variant::Vector3),
        proptest::collection::vec(r.clone(), 6).prop_map(|v| Variant::Transform2D(Box::new(
            Transform2D {
                columns: [v2(v[0], v[1]), v2(v[2], v[3]), v2(v[4], v[5])]
            }
        ))),
        proptest::collection::vec(r.clone(), 12).prop_map(|v| Variant::Transform3D(Box::new(
            Transform3D {
                basis: Basis {
                    rows: [
                        v3(v[0], v[1], v[2]),
                        v3(v[3], v[4], v[5]),
                        v3(v[6], v[7], v[8])
                    ]
                },
                origin: v3(v[9], v[10], v[11]),
            }
        ))),
        color.clone().prop_map(Variant::Color),
        (
            proptest::collection::vec(name(), 0..3),
            proptest::collection::vec(name(), 0..2),
            any::<bool>()
        )
            .prop_map(|(names, subnames, absolute)| Variant::NodePath(Box::new(
                NodePath {
                    names,
                    subnames,
                    absolute
                }
            ))),
        proptest::collection::vec(any::<u8>(), 0..4).prop_map(Variant::PackedByteArray),
        proptest::collection::vec(any::<i32>(), 0..4).prop_map(Variant::PackedInt32Array),
        proptest::collection::vec(f32s, 0..4).prop_map(Variant::PackedFloat32Array),
        proptest::collection::vec(text(), 0..3).prop_map(Variant::PackedStringArray),
        proptest::collection::vec(vec2.clone(), 0..3).prop_map(Variant::PackedVector2Array),
        proptest::collection::vec(vec3, 0..3).prop_map(Variant::PackedVector3Array),
        proptest::collection::vec(color, 0..3).prop_map(Variant::PackedColorArray),
    ];
    if !g4 {
        return common.boxed();
    }
    let vec4 = proptest::collection::vec(r.clone(), 4).prop_map(|v| Vector4 {
        x: v[0],
        y: v[1],
        z: v[2],
        w: v[3],
    });
    prop_oneof![
        4 => common,
        1 => (any::<i32>(), any::<i32>()).prop_map(|(x, y)| Variant::Vector2i(Vector2i { x, y })),
        1 => text().prop_map(Variant::StringName),
        1 => any::<u64>().prop_map(Variant::Rid),
        1 => Just(Variant::Callable),
        1 => (text(), any::<u64>()).prop_map(|(name, object_id)| Variant::Signal(Box::new(Signal { name, object_id }))),
        1 => any::<u64>().prop_map(|id| Variant::Object(Box::new(Object::InstanceId(id)))),
        1 => vec4.clone().prop_map(|v| Variant::Vector4(Box::new(v))),
        1 => proptest::collection::vec(vec4, 0..3).prop_map(Variant::PackedVector4Array),
        1 => proptest::collection::vec(any::<i64>(), 0..3).prop_map(Variant::PackedInt64Array),
        1 => proptest::collection::vec(r, 0..3).prop_map(Variant::PackedFloat64Array),
        1 => proptest::collection::vec(r_proj(), 1).prop_map(|p| Variant::Projection(Box::new(p[0]))),
    ]
    .boxed()
}

fn r_proj() -> impl Strategy<Value = Projection> {
    proptest::collection::vec(real(), 16).prop_map(|v| {
        let c = |i: usize| Vector4 {
            x: v[i],
            y: v[i + 1],
            z: v[i + 2],
            w: v[i + 3],
        };
        Projection {
            columns: [c(0), c(4), c(8), c(12)],
        }
    })
}

fn variant(g4: bool) -> impl Strategy<Value = Variant> {
    leaf(g4).prop_recursive(3, 24, 4, move |inner| {
        let typed = if g4 {
            prop_oneof![
                Just(ContainerType::None),
                Just(ContainerType::Builtin(crate::VariantType::Int)),
                name().prop_map(ContainerType::ClassName),
            ]
            .boxed()
        } else {
            Just(ContainerType::None).boxed()
        };
        prop_oneof![
            (
                typed.clone(),
                proptest::collection::vec(inner.clone(), 0..4)
            )
                .prop_map(|(element_type, mut items)| {
                    // Only elements the type holds: others are converted or refused on reading.
                    items.retain(|item| crate::typed::holds(&element_type, item));
                    Variant::Array(Box::new(Array {
                        element_type,
                        items,
                    }))
                }),
            (
                typed.clone(),
                typed,
                proptest::collection::vec((inner.clone(), inner.clone()), 0..3)
            )
                .prop_map(|(key_type, value_type, mut entries)| {
                    entries.retain(|(k, v)| {
                        crate::typed::holds(&key_type, k) && crate::typed::holds(&value_type, v)
                    });
                    Variant::Dictionary(Box::new(Dictionary {
                        key_type,
                        value_type,
                        entries,
                    }))
                }),
            (name(), proptest::collection::vec((name(), inner), 0..3)).prop_map(
                |(class, properties)| Variant::Object(Box::new(Object::Full { class, properties }))
            ),
        ]
    })
}

proptest! {
    #[test]
    fn godot4_print_parse_round_trip(v in variant(true)) {
        // Keys are printed sorted and single-precision components in their shortest `f32` form,
        // so compare the printed text after a round trip.
        let text = to_text(&v, Version::Godot4);
        let back = from_text(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(to_text(&back, Version::Godot4), text);
    }

    #[test]
    fn godot4_round_trip_is_exact_without_dictionaries(v in leaf(true)) {
        let text = to_text(&v, Version::Godot4);
        let back = from_text(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(back, v, "{}", text);
    }

    #[test]
    fn godot3_print_parse_round_trip(v in variant(false)) {
        // Godot 3 sorts dictionary keys, so compare the printed text after a round trip.
        let text = to_text(&v, Version::Godot3);
        let back = from_text(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(to_text(&back, Version::Godot3), text);
    }

    #[test]
    fn parsing_never_panics(t in "\\PC{0,64}") {
        let _ = from_text(&t);
    }

    #[test]
    fn parsing_mutated_text_never_panics(v in variant(true), cut in 0usize..200, c in any::<char>()) {
        let mut text = to_text(&v, Version::Godot4);
        let mut at = cut.min(text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        text.insert(at, c);
        let _ = from_text(&text);
    }
}
