use proptest::prelude::*;
use rosetta_types::{
    ComponentInfo, Constant, EnumType, Field, IntType, Kind, MathScalar, MathShape, MathType,
    StructType, TypeDef, TypeId, TypeRegistry, Value,
};

use super::*;
use crate::{decode, encode, DecodeOptions, EncodeOptions};

fn s(text: &str) -> Variant {
    Variant::String(text.into())
}

fn dict(entries: Vec<(Variant, Variant)>) -> Variant {
    Variant::from(Dictionary::untyped(entries))
}

fn arr(items: Vec<Variant>) -> Variant {
    Variant::from(Array::untyped(items))
}

/// Forward gives `expected`, back gives `value`, and both engines' bytes round trip.
fn check(registry: &TypeRegistry, ty: TypeId, value: &Value, expected: &Variant) {
    for version in [Version::Godot4, Version::Godot3] {
        let m = Mapping::new(registry, version);
        let v = m.to_variant(ty, value).unwrap();
        if version == Version::Godot4 {
            assert_eq!(&v, expected);
        }
        assert_eq!(&m.from_variant(ty, &v).unwrap(), value, "{version:?}");
        let bytes = encode(&v, &EncodeOptions::new(version)).unwrap();
        let (decoded, _) = decode(&bytes, &DecodeOptions::new(version)).unwrap();
        assert_eq!(&m.from_variant(ty, &decoded).unwrap(), value, "{version:?}");
    }
}

fn registry_with(kind: Kind) -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let ty = b.anonymous(kind);
    (b.build().unwrap(), ty)
}

#[test]
fn scalars() {
    let r = TypeRegistry::new();
    check(&r, TypeId::BOOL, &Value::Bool(true), &Variant::Bool(true));
    check(&r, TypeId::CHAR, &Value::Char('é'), &s("é"));
    check(&r, TypeId::INT8, &Value::I8(-3), &Variant::Int(-3));
    check(
        &r,
        TypeId::UINT32,
        &Value::U32(u32::MAX),
        &Variant::Int(4294967295),
    );
    check(
        &r,
        TypeId::SINT64,
        &Value::I64(i64::MIN),
        &Variant::Int(i64::MIN),
    );
    check(&r, TypeId::UINT64, &Value::U64(u64::MAX), &Variant::Int(-1));
    check(&r, TypeId::FLOAT, &Value::F32(1.5), &Variant::Float(1.5));
    check(&r, TypeId::DOUBLE, &Value::F64(0.1), &Variant::Float(0.1));
    check(&r, TypeId::STRING, &Value::from("hé"), &s("hé"));
    check(
        &r,
        TypeId::BYTES,
        &Value::from(vec![1u8, 2]),
        &Variant::PackedByteArray(vec![1, 2]),
    );
    check(&r, TypeId::ENTITY_ID, &Value::EntityId(7), &Variant::Int(7));
    let uuid = Value::Uuid(*b"0123456789abcdef");
    check(
        &r,
        TypeId::UUID,
        &uuid,
        &s("30313233-3435-3637-3839-616263646566"),
    );
    check(&r, TypeId::NIL, &Value::nil(), &Variant::Nil);
}

#[test]
fn enums_structs_options_maps_tuples() {
    let mut b = TypeRegistry::builder();
    let color = b
        .add(
            "game.Color",
            Kind::Enum(
                EnumType::new(
                    IntType::UINT32,
                    [Constant::new("RED", 1), Constant::new("BLUE", 2)],
                )
                .unwrap(),
            ),
        )
        .unwrap();
    let nick = b.option(TypeId::STRING);
    let nested = b.option(nick);
    let inventory = b.map(TypeId::STRING, TypeId::UINT32);
    let pair = b.tuple([TypeId::BOOL, TypeId::STRING]);
    let player = b
        .add(
            "game.Player",
            StructType::new([
                Field::new("name", TypeId::STRING).with_number(1),
                Field::new("nick", nick).with_number(2),
                Field::new("color", color).with_number(3),
                Field::new("inventory", inventory).with_number(4),
                Field::new("nested", nested).with_number(5),
                Field::new("pair", pair).with_number(6),
            ])
            .unwrap(),
        )
        .unwrap();
    let r = b.build().unwrap();
    let value = Value::structure([
        Value::from("Ann"),
        Value::NONE,
        Value::Enum(2),
        Value::map([(Value::from("gold"), Value::U32(10))]),
        Value::some(Value::NONE),
        Value::tuple([Value::Bool(true), Value::from("x")]),
    ]);
    let expected = dict(vec![
        (s("name"), s("Ann")),
        (s("nick"), Variant::Nil),
        (s("color"), Variant::Int(2)),
        (s("inventory"), dict(vec![(s("gold"), Variant::Int(10))])),
        (s("nested"), arr(vec![Variant::Nil])),
        (s("pair"), arr(vec![Variant::Bool(true), s("x")])),
    ]);
    check(&r, player, &value, &expected);

    // Lenient: enum names, missing fields take defaults, StringName keys.
    let m = Mapping::new(&r, Version::Godot4);
    let loose = dict(vec![
        (Variant::StringName("name".into()), s("Bo")),
        (s("color"), s("RED")),
    ]);
    let back = m.from_variant(player, &loose).unwrap();
    let fields = back.as_struct().unwrap();
    assert_eq!(fields[0], Value::from("Bo"));
    assert_eq!(fields[2], Value::Enum(1));
    assert_eq!(fields[1], Value::NONE);

    // Errors name the path.
    let bad = dict(vec![(
        s("inventory"),
        dict(vec![(s("gold"), Variant::Int(-1))]),
    )]);
    let err = m.from_variant(player, &bad).unwrap_err();
    assert_eq!(err.path, ".inventory[0]");
    assert!(err.to_string().contains("out of range for uint32"), "{err}");
    let err = m
        .from_variant(player, &dict(vec![(s("nope"), Variant::Nil)]))
        .unwrap_err();
    assert!(err.message.contains("no field `nope`"), "{err}");
    let err = m.from_variant(player, &Variant::Int(1)).unwrap_err();
    assert!(err.message.contains("expected a Dictionary"), "{err}");
}

#[test]
fn lists_become_packed_arrays() {
    let mut b = TypeRegistry::builder();
    let i32s = b.list(TypeId::SINT32);
    let u32s = b.list(TypeId::UINT32);
    let i64s = b.list(TypeId::INT64);
    let f32s = b.list(TypeId::FLOAT);
    let f64s = b.list(TypeId::DOUBLE);
    let strings = b.list(TypeId::STRING);
    let bytes = b.list(TypeId::BYTES);
    let bools = b.set(TypeId::BOOL);
    let ids = b.array(TypeId::ENTITY_ID, 2);
    let v3 = b.math(MathType::VECTOR3);
    let v3s = b.list(v3);
    let r = b.build().unwrap();
    check(
        &r,
        i32s,
        &Value::list([Value::I32(-1)]),
        &Variant::PackedInt32Array(vec![-1]),
    );
    check(
        &r,
        u32s,
        &Value::list([Value::U32(3_000_000_000)]),
        &Variant::PackedInt64Array(vec![3_000_000_000]),
    );
    check(
        &r,
        i64s,
        &Value::list([Value::I64(1 << 40)]),
        &Variant::PackedInt64Array(vec![1 << 40]),
    );
    check(
        &r,
        f32s,
        &Value::list([Value::F32(0.5)]),
        &Variant::PackedFloat32Array(vec![0.5]),
    );
    check(
        &r,
        f64s,
        &Value::list([Value::F64(0.1)]),
        &Variant::PackedFloat64Array(vec![0.1]),
    );
    check(
        &r,
        strings,
        &Value::list([Value::from("a")]),
        &Variant::PackedStringArray(vec!["a".into()]),
    );
    check(
        &r,
        bytes,
        &Value::list([Value::from(vec![1u8])]),
        &arr(vec![Variant::PackedByteArray(vec![1])]),
    );
    check(
        &r,
        bools,
        &Value::list([Value::Bool(false)]),
        &arr(vec![Variant::Bool(false)]),
    );
    check(
        &r,
        ids,
        &Value::list([Value::EntityId(1), Value::EntityId(2)]),
        &Variant::PackedInt64Array(vec![1, 2]),
    );
    check(
        &r,
        v3s,
        &Value::list([Value::math_f32([1.0, 2.0, 3.0])]),
        &Variant::PackedVector3Array(vec![Vector3 {
            x: 1.0,
            y: 2.0,
            z: 3.0,
        }]),
    );

    // Godot 3 has no 64-bit packed arrays: Arrays instead.
    let m3 = Mapping::new(&r, Version::Godot3);
    assert_eq!(
        m3.to_variant(f64s, &Value::list([Value::F64(0.1)]))
            .unwrap(),
        arr(vec![Variant::Float(0.1)])
    );
    // Lenient: an Array for a packed array, ints for floats; errors name the element.
    let m = Mapping::new(&r, Version::Godot4);
    assert_eq!(
        m.from_variant(f32s, &arr(vec![Variant::Int(2)])).unwrap(),
        Value::list([Value::F32(2.0)])
    );
    let err = m
        .from_variant(i32s, &arr(vec![Variant::Int(1), s("x")]))
        .unwrap_err();
    assert_eq!(err.path, "[1]");
    let err = m
        .from_variant(ids, &Variant::PackedInt64Array(vec![1]))
        .unwrap_err();
    assert!(err.message.contains("expected 2 elements"), "{err}");
}

#[test]
fn math_kinds() {
    let cases: Vec<(MathType, Variant)> = vec![
        (
            MathType::VECTOR2,
            Variant::Vector2(Vector2 { x: 0.0, y: 1.0 }),
        ),
        (
            MathType::VECTOR2I,
            Variant::Vector2i(Vector2i { x: 0, y: 1 }),
        ),
        (
            MathType::VECTOR3,
            Variant::Vector3(Vector3 {
                x: 0.0,
                y: 1.0,
                z: 2.0,
            }),
        ),
        (
            MathType::VECTOR3I,
            Variant::Vector3i(Vector3i { x: 0, y: 1, z: 2 }),
        ),
        (
            MathType::VECTOR4,
            Variant::Vector4(Box::new(Vector4 {
                x: 0.0,
                y: 1.0,
                z: 2.0,
                w: 3.0,
            })),
        ),
        (
            MathType::VECTOR4I,
            Variant::Vector4i(Vector4i {
                x: 0,
                y: 1,
                z: 2,
                w: 3,
            }),
        ),
        (
            MathType::QUATERNION,
            Variant::Quaternion(Box::new(Quaternion {
                x: 0.0,
                y: 1.0,
                z: 2.0,
                w: 3.0,
            })),
        ),
        (
            MathType::COLOR,
            Variant::Color(Color {
                r: 0.0,
                g: 1.0,
                b: 2.0,
                a: 3.0,
            }),
        ),
        (
            MathType::RECT2,
            Variant::Rect2(Box::new(Rect2 {
                position: Vector2 { x: 0.0, y: 1.0 },
                size: Vector2 { x: 2.0, y: 3.0 },
            })),
        ),
        (
            MathType::RECT2I,
            Variant::Rect2i(Rect2i {
                position: Vector2i { x: 0, y: 1 },
                size: Vector2i { x: 2, y: 3 },
            }),
        ),
        (
            MathType::PLANE,
            Variant::Plane(Box::new(Plane {
                normal: Vector3 {
                    x: 0.0,
                    y: 1.0,
                    z: 2.0,
                },
                d: 3.0,
            })),
        ),
        (
            MathType::AABB,
            Variant::Aabb(Box::new(Aabb {
                position: Vector3 {
                    x: 0.0,
                    y: 1.0,
                    z: 2.0,
                },
                size: Vector3 {
                    x: 3.0,
                    y: 4.0,
                    z: 5.0,
                },
            })),
        ),
        (
            MathType::TRANSFORM2D,
            Variant::Transform2D(Box::new(Transform2D {
                columns: [
                    Vector2 { x: 0.0, y: 1.0 },
                    Vector2 { x: 2.0, y: 3.0 },
                    Vector2 { x: 4.0, y: 5.0 },
                ],
            })),
        ),
        (
            MathType::BASIS,
            Variant::Basis(Box::new(Basis {
                rows: [
                    Vector3 {
                        x: 0.0,
                        y: 1.0,
                        z: 2.0,
                    },
                    Vector3 {
                        x: 3.0,
                        y: 4.0,
                        z: 5.0,
                    },
                    Vector3 {
                        x: 6.0,
                        y: 7.0,
                        z: 8.0,
                    },
                ],
            })),
        ),
        (
            MathType::TRANSFORM3D,
            Variant::Transform3D(Box::new(Transform3D {
                basis: Basis {
                    rows: [
                        Vector3 {
                            x: 0.0,
                            y: 1.0,
                            z: 2.0,
                        },
                        Vector3 {
                            x: 3.0,
                            y: 4.0,
                            z: 5.0,
                        },
                        Vector3 {
                            x: 6.0,
                            y: 7.0,
                            z: 8.0,
                        },
                    ],
                },
                origin: Vector3 {
                    x: 9.0,
                    y: 10.0,
                    z: 11.0,
                },
            })),
        ),
        (
            MathType::PROJECTION,
            Variant::Projection(Box::new(Projection {
                columns: [0.0, 4.0, 8.0, 12.0].map(|b| Vector4 {
                    x: b,
                    y: b + 1.0,
                    z: b + 2.0,
                    w: b + 3.0,
                }),
            })),
        ),
        (
            MathType::new(MathShape::TransformTrs, MathScalar::F32),
            Variant::PackedFloat32Array((0..8).map(|i| i as f32).collect()),
        ),
        (
            MathType::new(MathShape::Matrix { rows: 3, cols: 4 }, MathScalar::F64),
            Variant::PackedFloat64Array((0..12).map(f64::from).collect()),
        ),
    ];
    for (m, expected) in cases {
        let (r, ty) = registry_with(Kind::Math(m));
        let value = match m.scalar {
            MathScalar::F32 => Value::math_f32((0..m.len()).map(|i| i as f32)),
            MathScalar::F64 => Value::math_f64((0..m.len()).map(|i| i as f64)),
            MathScalar::I32 => Value::math_i32((0..m.len()).map(|i| i as i32)),
        };
        check(&r, ty, &value, &expected);
    }
    // Lenient: an Array of components; a wrong shape is refused.
    let (r, ty) = registry_with(Kind::Math(MathType::VECTOR2));
    let m = Mapping::new(&r, Version::Godot4);
    assert_eq!(
        m.from_variant(ty, &arr(vec![Variant::Int(1), Variant::Float(2.0)]))
            .unwrap(),
        Value::math_f32([1.0, 2.0])
    );
    let err = m
        .from_variant(ty, &Variant::Vector3(Vector3::default()))
        .unwrap_err();
    assert!(err.message.contains("expected a Vector2"), "{err}");
}

#[test]
fn entities_and_dynamic_values() {
    let mut b = TypeRegistry::builder();
    let pos = b
        .add(
            "game.Position",
            TypeDef::new(
                StructType::new([Field::new("x", TypeId::DOUBLE).with_number(1)]).unwrap(),
            )
            .with_component(ComponentInfo::new(54)),
        )
        .unwrap();
    let any = b.anonymous(Kind::Any);
    let r = b.build().unwrap();
    let entity = Value::entity([(54, Value::structure([Value::F64(2.5)]))]);
    check(
        &r,
        TypeId::ENTITY,
        &entity,
        &dict(vec![(
            Variant::Int(54),
            dict(vec![(s("x"), Variant::Float(2.5))]),
        )]),
    );
    let dynamic = Value::dynamic(pos, Value::structure([Value::F64(1.0)]));
    check(
        &r,
        any,
        &dynamic,
        &dict(vec![
            (s(TYPE_KEY), s("game.Position")),
            (s(VALUE_KEY), dict(vec![(s("x"), Variant::Float(1.0))])),
        ]),
    );
    // A plain Variant in an `any` takes its natural type.
    let m = Mapping::new(&r, Version::Godot4);
    assert_eq!(
        m.from_variant(any, &Variant::Int(3)).unwrap(),
        Value::dynamic(TypeId::INT64, Value::I64(3))
    );
    let err = m
        .from_variant(TypeId::ENTITY, &dict(vec![(Variant::Int(9), dict(vec![]))]))
        .unwrap_err();
    assert_eq!(err.path, "[component 9]");
}

#[test]
fn component_updates() {
    let mut b = TypeRegistry::builder();
    let hit = b
        .add(
            "game.Hit",
            StructType::new([Field::new("damage", TypeId::UINT32).with_number(1)]).unwrap(),
        )
        .unwrap();
    let titles = b.list(TypeId::STRING);
    let health = b
        .add(
            "game.Health",
            TypeDef::new(
                StructType::new([
                    Field::new("current", TypeId::UINT32).with_number(1),
                    Field::new("titles", titles).with_number(2),
                    Field::new("maximum", TypeId::UINT32).with_number(3),
                ])
                .unwrap(),
            )
            .with_component(
                ComponentInfo::new(1001).with_event(rosetta_types::Event::new("hit", 1, hit)),
            ),
        )
        .unwrap();
    let r = b.build().unwrap();
    let mut update = ComponentUpdate::new();
    typed::set_field(&r, health, update.fields_mut(), "current", &Value::U32(5)).unwrap();
    update.add_cleared_field(2);
    *update.add_event(1) = typed::write(&r, hit, &Value::structure([Value::U32(9)])).unwrap();
    let m = Mapping::new(&r, Version::Godot4);
    let v = m.update_to_variant(health, &update).unwrap();
    assert_eq!(
        v,
        dict(vec![
            (s("current"), Variant::Int(5)),
            (s("titles"), Variant::PackedStringArray(vec![])),
            (
                s(EVENTS_KEY),
                dict(vec![(
                    s("hit"),
                    arr(vec![dict(vec![(s("damage"), Variant::Int(9))])])
                )]),
            ),
        ])
    );
    let back = m.update_from_variant(health, &v).unwrap();
    assert_eq!(back, update);
    let err = m
        .update_from_variant(
            health,
            &dict(vec![(s(EVENTS_KEY), dict(vec![(s("nope"), arr(vec![]))]))]),
        )
        .unwrap_err();
    assert!(err.message.contains("no event `nope`"), "{err}");
    // What the component does not declare is an error, not dropped.
    let mut odd = update.clone();
    odd.add_cleared_field(9);
    let err = m.update_to_variant(health, &odd).unwrap_err();
    assert!(err.message.contains("cleared field 9"), "{err}");
}

fn small_schema() -> (TypeRegistry, TypeId) {
    let mut b = TypeRegistry::builder();
    let item = b
        .add(
            "game.Item",
            StructType::new([
                Field::new("id", TypeId::UINT32).with_number(1),
                Field::new("tags", TypeId::STRING).with_number(2),
            ])
            .unwrap(),
        )
        .unwrap();
    let items = b.list(item);
    let scores = b.list(TypeId::SINT32);
    let weights = b.list(TypeId::DOUBLE);
    let names = b.list(TypeId::STRING);
    let maybe = b.option(TypeId::INT64);
    let counts = b.map(TypeId::STRING, TypeId::UINT64);
    let pos = b.math(MathType::VECTOR3);
    let save = b
        .add(
            "game.Save",
            StructType::new([
                Field::new("name", TypeId::STRING).with_number(1),
                Field::new("items", items).with_number(2),
                Field::new("scores", scores).with_number(3),
                Field::new("weights", weights).with_number(4),
                Field::new("names", names).with_number(5),
                Field::new("maybe", maybe).with_number(6),
                Field::new("counts", counts).with_number(7),
                Field::new("pos", pos).with_number(8),
                Field::new("blob", TypeId::BYTES).with_number(9),
                Field::new("alive", TypeId::BOOL).with_number(10),
                Field::new("speed", TypeId::FLOAT).with_number(11),
            ])
            .unwrap(),
        )
        .unwrap();
    (b.build().unwrap(), save)
}

/// Strings have no NUL: Godot strings end at the first NUL, as in the engine.
fn save_value() -> impl Strategy<Value = Value> {
    let item = (any::<u32>(), r"[^\x00]{0,4}")
        .prop_map(|(id, tag)| Value::structure([Value::U32(id), Value::from(tag)]));
    (
        r"[^\x00]{0,8}",
        prop::collection::vec(item, 0..4),
        prop::collection::vec(any::<i32>(), 0..6),
        prop::collection::vec(any::<f64>(), 0..4),
        prop::collection::vec(r"[^\x00]{0,5}", 0..4),
        any::<Option<i64>>(),
        prop::collection::vec((r"[^\x00]{0,4}", any::<u64>()), 0..3),
        any::<[f32; 3]>(),
        prop::collection::vec(any::<u8>(), 0..9),
        any::<bool>(),
        any::<f32>(),
    )
        .prop_map(
            |(name, items, scores, weights, names, maybe, counts, pos, blob, alive, speed)| {
                Value::structure([
                    Value::from(name),
                    Value::list(items),
                    Value::list(scores.into_iter().map(Value::I32)),
                    Value::list(weights.into_iter().map(Value::F64)),
                    Value::list(names.into_iter().map(Value::from)),
                    Value::from(maybe),
                    Value::map(
                        counts
                            .into_iter()
                            .map(|(k, v)| (Value::from(k), Value::U64(v))),
                    ),
                    Value::math_f32(pos),
                    Value::from(blob),
                    Value::Bool(alive),
                    Value::F32(speed),
                ])
            },
        )
}

/// Whether a value holds no NaN in an `f32` slot (an `f32` NaN may lose its payload bits when
/// widened to Godot's `f64` float and narrowed back).
fn no_f32_nan(v: &Value) -> bool {
    match v {
        Value::F32(f) => !f.is_nan(),
        Value::MathF32(c) => c.iter().all(|f| !f.is_nan()),
        Value::Struct(xs) | Value::List(xs) => xs.iter().all(no_f32_nan),
        _ => true,
    }
}

proptest! {
    #[test]
    fn value_variant_value_round_trips(value in save_value()) {
        prop_assume!(no_f32_nan(&value));
        let (r, save) = small_schema();
        for version in [Version::Godot4, Version::Godot3] {
            let m = Mapping::new(&r, version);
            let v = m.to_variant(save, &value).unwrap();
            prop_assert_eq!(&m.from_variant(save, &v).unwrap(), &value);
            // Through the engine's bytes as well (double-precision floats survive: `float` is
            // 64-bit when needed, PackedFloat64Array or an Array of floats).
            let bytes = encode(&v, &EncodeOptions::new(version)).unwrap();
            let (decoded, used) = decode(&bytes, &DecodeOptions::new(version)).unwrap();
            prop_assert_eq!(used, bytes.len());
            prop_assert_eq!(&m.from_variant(save, &decoded).unwrap(), &value);
        }
    }
}
