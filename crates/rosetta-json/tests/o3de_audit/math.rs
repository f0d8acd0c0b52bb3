//! Vectors, quaternions, transforms, matrices (page "向量"; o3de.md §6.3).

use super::helpers::*;

fn math_registry() -> (TypeRegistry, [TypeId; 6]) {
    let mut b = TypeRegistry::builder();
    let v2 = b.math(MathType::VECTOR2);
    let v3 = b.math(MathType::VECTOR3);
    let v4 = b.math(MathType::VECTOR4);
    let q = b.math(MathType::QUATERNION);
    let t = b.math(MathType::new(MathShape::TransformTrs, MathScalar::F32));
    let m44 = b.math(MathType::new(
        MathShape::Matrix { rows: 4, cols: 4 },
        MathScalar::F32,
    ));
    (b.build().unwrap(), [v2, v3, v4, q, t, m44])
}

#[test]
fn vectors_store_as_float_arrays_in_xyzw_order() {
    let (r, [v2, v3, v4, q, ..]) = math_registry();
    assert_eq!(
        store(&r, v2, &Value::math_f32([1.0, 2.0])),
        ("[1.0,2.0]".into(), Outcome::Success)
    );
    assert_eq!(
        store(&r, v3, &Value::math_f32([1.5, -2.0, 3.0])).0,
        "[1.5,-2.0,3.0]"
    );
    assert_eq!(
        store(&r, v4, &Value::math_f32([1.0, 2.0, 3.0, 4.0])).0,
        "[1.0,2.0,3.0,4.0]"
    );
    assert_eq!(
        store(&r, q, &Value::math_f32([0.0, 0.0, 0.0, 1.0])).0,
        "[0.0,0.0,0.0,1.0]"
    );
}

#[test]
fn vectors_load_from_arrays_and_objects() {
    let (r, [v2, v3, v4, ..]) = math_registry();
    // Integers and coercible elements go through the float rules.
    let (v, o) = load(&r, v2, "[1, 2]");
    close(&v, &[1.0, 2.0]);
    assert_eq!(o, Outcome::Success);
    let (v, o) = load(&r, v4, r#"{"x": 1, "Y": 2, "z": 3, "W": 4, "extra": 5}"#);
    close(&v, &[1.0, 2.0, 3.0, 4.0]);
    assert_eq!(o, Outcome::Success);
    // Extra array elements are ignored.
    let (v, o) = load(&r, v2, "[1.0, 2.0, 3.0]");
    close(&v, &[1.0, 2.0]);
    assert_eq!(o, Outcome::Success);
    // "X" is looked up before "x".
    let (v, _) = load(&r, v3, r#"{"x": 1.0, "X": 2.0, "y": 0, "z": 0}"#);
    close(&v, &[2.0, 0.0, 0.0]);
    // A missing component keeps the target's (engine), PartialDefaults.
    let (v, o) = load_onto(&r, v3, r#"{"y": 9.0}"#, Value::math_f32([1.0, 2.0, 3.0]));
    close(&v, &[1.0, 9.0, 3.0]);
    assert_eq!(o, Outcome::PartialDefaults);
    // `{}` is zero on a fresh value.
    let (v, o) = load(&r, v3, "{}");
    close(&v, &[0.0, 0.0, 0.0]);
    assert_eq!(o, Outcome::DefaultsUsed);
}

/// Every math serializer (`BaseJsonVectorSerializer`, `BaseJsonMatrixSerializer`, Transform,
/// Color) sets only `OperationFlags::InitializeNewInstance` (MathVectorSerializer.cpp), so
/// `DeserializerDefaultCheck` hands them `{}` only for a new instance (zero / the identity, o3de.md
/// §6.3); `{}` onto an existing value leaves it, as a member too.
#[test]
fn explicit_default_leaves_existing_vectors_and_quaternions() {
    let (r, [_, v3, _, q, ..]) = math_registry();
    let xyz = Value::math_f32([1.0, 2.0, 3.0]);
    assert_eq!(
        load_onto(&r, v3, "{}", xyz.clone()),
        (xyz.clone(), Outcome::DefaultsUsed)
    );
    let turned = Value::math_f32([1.0, 0.0, 0.0, 0.0]);
    assert_eq!(
        load_onto(&r, q, "{}", turned.clone()),
        (turned, Outcome::DefaultsUsed)
    );
    let mut b = r.into_builder();
    let s = b
        .add("S", StructType::new([Field::new("pos", v3)]).unwrap())
        .unwrap();
    let r = b.build().unwrap();
    let (v, _) = load_onto(&r, s, r#"{"pos": {}}"#, Value::structure([xyz.clone()]));
    assert_eq!(v, Value::structure([xyz]));
}

#[test]
fn explicit_default_leaves_existing_transforms_and_colors() {
    let (r, [.., t, _]) = math_registry();
    let full = Value::math_f32([1.0, 2.0, 3.0, 0.25, 0.5, 0.75, 1.0, 9.0]);
    let (v, o) = load_onto(&r, t, "{}", full.clone());
    assert_eq!((v, o), (full, Outcome::DefaultsUsed));
    let (r, c) = color_registry();
    let red = Value::math_f32([1.0, 0.0, 0.0, 1.0]);
    assert_eq!(
        load_onto(&r, c, "{}", red.clone()),
        (red, Outcome::DefaultsUsed)
    );
}

/// Engine only matches `X`/`x` etc. (MathVectorSerializer.cpp); a key like "xx" or " x" is not x.
#[test]
fn vector_objects_only_match_the_single_letter_keys() {
    let (r, [_, v3, ..]) = math_registry();
    let (v, o) = load_onto(
        &r,
        v3,
        r#"{"xx": 5.0, " x": 6.0, "y": 1.0}"#,
        Value::math_f32([1.0, 2.0, 3.0]),
    );
    close(&v, &[1.0, 1.0, 3.0]);
    assert_eq!(o, Outcome::PartialDefaults);
}

#[test]
fn vectors_refuse_other_json_and_short_arrays() {
    let (r, [v2, v3, v4, ..]) = math_registry();
    let start = Value::math_f32([1.0, 2.0, 3.0]);
    for json in [
        r#""1,2,3""#,
        "5",
        "null",
        "true",
        "[1.0, 2.0]",
        "[]",
        r#"[1.0, null, 3.0]"#,
    ] {
        assert_eq!(
            load_onto(&r, v3, json, start.clone()),
            (start.clone(), Outcome::Unsupported),
            "{json}"
        );
    }
    assert_eq!(load(&r, v2, "[1.0]").1, Outcome::Unsupported);
    assert_eq!(load(&r, v4, "[1.0, 2.0, 3.0]").1, Outcome::Unsupported);
}

/// A math member equal to its default is left out; the quaternion's default is the identity.
#[test]
fn math_members_at_their_defaults_are_left_out() {
    let (r0, [_, v3, _, q, t, _]) = math_registry();
    let mut b = r0.into_builder();
    let s = StructType::new([
        Field::new("pos", v3),
        Field::new("rot", q),
        Field::new("xf", t),
    ])
    .unwrap();
    let s = b.add("Holder", s).unwrap();
    let r = b.build().unwrap();
    let identity_t = Value::math_f32([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0]);
    let v = Value::structure([
        Value::math_f32([0.0, 0.0, 0.0]),
        Value::math_f32([0.0, 0.0, 0.0, 1.0]),
        identity_t.clone(),
    ]);
    assert_eq!(store(&r, s, &v), ("{}".into(), Outcome::DefaultsUsed));
    let v = Value::structure([
        Value::math_f32([0.0, 1.0, 0.0]),
        Value::math_f32([0.0, 0.0, 0.0, 1.0]),
        identity_t,
    ]);
    assert_eq!(
        store(&r, s, &v),
        (r#"{"pos":[0.0,1.0,0.0]}"#.into(), Outcome::PartialDefaults)
    );
}

/// o3de.md §6.3 Transform: `{"Translation":[x,y,z], "Rotation":[x,y,z,w], "Scale":s}`, each field
/// omitted when default; on load, missing fields keep their values. At the top level the engine
/// passes no default to a type with its own serializer (JsonSerializer.cpp `Store`), so all three
/// parts are written; as a member, against the member's default.
#[test]
fn transforms_store_their_three_parts_and_leave_defaults_out() {
    let (r0, [.., t, _]) = math_registry();
    let mut b = r0.into_builder();
    let holder = b
        .add("H", StructType::new([Field::new("t", t)]).unwrap())
        .unwrap();
    let r = b.build().unwrap();
    let full = Value::math_f32([1.0, 2.0, 3.0, 0.25, 0.5, 0.75, 1.0, 9.0]);
    assert_eq!(
        store(&r, t, &full),
        (
            r#"{"Translation":[1.0,2.0,3.0],"Rotation":[0.25,0.5,0.75,1.0],"Scale":9.0}"#.into(),
            Outcome::Success
        )
    );
    let only_scale = Value::math_f32([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 2.0]);
    assert_eq!(
        store(&r, t, &only_scale).0,
        r#"{"Translation":[0.0,0.0,0.0],"Rotation":[0.0,0.0,0.0,1.0],"Scale":2.0}"#
    );
    assert_eq!(
        store(&r, holder, &Value::structure([only_scale])),
        (r#"{"t":{"Scale":2.0}}"#.into(), Outcome::PartialDefaults)
    );
    let (v, o) = load_onto(&r, t, r#"{"Scale": 3.0}"#, full.clone());
    close(&v, &[1.0, 2.0, 3.0, 0.25, 0.5, 0.75, 1.0, 3.0]);
    assert_eq!(o, Outcome::PartialDefaults);
    let (v, o) = load(&r, t, "{}");
    close(&v, &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0, 1.0]);
    assert_eq!(o, Outcome::DefaultsUsed);
}

/// Engine (MathVectorSerializer.cpp, quaternion): a non-empty object is Euler degrees, read
/// positionally in document order into `SetFromEulerDegrees(x, y, z)`.
#[test]
fn quaternions_load_from_euler_degrees_positionally() {
    let (r, [.., q, _, _]) = math_registry();
    let h = std::f32::consts::FRAC_1_SQRT_2;
    // First member is the rotation about X whatever its name.
    let (v, o) = load(&r, q, r#"{"roll": 90, "pitch": 0, "yaw": 0}"#);
    close(&v, &[h, 0.0, 0.0, h]);
    assert_eq!(o, Outcome::Success);
    let (v, _) = load(&r, q, r#"{"a": 0, "b": 0, "c": 90}"#);
    close(&v, &[0.0, 0.0, h, h]);
    // `{}` is the identity.
    let (v, o) = load(&r, q, "{}");
    close(&v, &[0.0, 0.0, 0.0, 1.0]);
    assert_eq!(o, Outcome::DefaultsUsed);
}

#[test]
fn matrices_are_flat_row_major_arrays() {
    let (r, [.., m44]) = math_registry();
    let m: Vec<f32> = (1..=16).map(|i| i as f32).collect();
    let v = Value::math_f32(m.clone());
    let (json, o) = store(&r, m44, &v);
    assert_eq!(o, Outcome::Success);
    assert_eq!(
        json,
        "[1.0,2.0,3.0,4.0,5.0,6.0,7.0,8.0,9.0,10.0,11.0,12.0,13.0,14.0,15.0,16.0]"
    );
    let (back, o) = load(&r, m44, &json);
    close(&back, &m);
    assert_eq!(o, Outcome::Success);
    // Fewer than 16 elements is Unsupported.
    assert_eq!(load(&r, m44, "[1.0, 2.0, 3.0]").1, Outcome::Unsupported);
    // Object form with translation (4x4 takes x, y, z).
    let (v, o) = load(&r, m44, r#"{"x": 1.0, "y": 2.0, "z": 3.0}"#);
    close(
        &v,
        &[
            1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0, 2.0, 0.0, 0.0, 1.0, 3.0, 0.0, 0.0, 0.0, 1.0,
        ],
    );
    assert!(o <= Outcome::PartialDefaults, "{o:?}");
}

/// Lists of vectors and struct members are written by loops made per layout and float form:
/// each pairing writes its own text.
#[test]
fn float_lists_and_members_in_every_layout_and_form() {
    let mut b = TypeRegistry::builder();
    let v3 = b.math(MathType::VECTOR3);
    let list = b.list(v3);
    let s = StructType::new([Field::new("x", TypeId::FLOAT), Field::new("path", list)]).unwrap();
    let ty = b.add("Path", s).unwrap();
    let r = b.build().unwrap();
    let value = Value::Struct(
        vec![
            Value::F32(0.1),
            Value::List(vec![Value::math_f32([0.2, 1.0, -3.5])].into()),
        ]
        .into(),
    );
    let text = |float_form, indent| {
        let options = o3de::StoreOptions {
            float_form,
            indent,
            ..o3de::StoreOptions::default()
        };
        o3de::store(&r, ty, &value, &options, &mut Quiet)
            .unwrap()
            .json
    };
    use o3de::FloatForm::{Shortest, Widened};
    assert_eq!(
        text(Widened, None),
        r#"{"x":0.10000000149011612,"path":[[0.20000000298023225,1.0,-3.5]]}"#
    );
    assert_eq!(text(Shortest, None), r#"{"x":0.1,"path":[[0.2,1.0,-3.5]]}"#);
    let pretty = |x: &str, y: &str| {
        format!(
            "{{\n    \"x\": {x},\n    \"path\": [\n        [\n            {y},\n            1.0,\n            -3.5\n        ]\n    ]\n}}"
        )
    };
    assert_eq!(
        text(Widened, Some(4)),
        pretty("0.10000000149011612", "0.20000000298023225")
    );
    assert_eq!(text(Shortest, Some(4)), pretty("0.1", "0.2"));
}
