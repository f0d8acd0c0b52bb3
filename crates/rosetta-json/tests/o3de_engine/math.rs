//! Vectors, quaternions, matrices and colors: objects, defaults, components that fail.

use rosetta_json::o3de::{self, LoadOptions, Outcome, Quiet};
use rosetta_types::{Field, MathScalar, MathShape, MathType, StructType, TypeRegistry, Value};

use crate::*;

#[test]
fn a_vector_object_with_no_component_is_all_defaults() {
    let mut b = TypeRegistry::builder();
    let v3 = b.math(MathType::VECTOR3);
    let r = b.build().unwrap();
    assert_eq!(load(&r, v3, r#"{"Foo": 1}"#).1, Outcome::DefaultsUsed);
    assert_eq!(load(&r, v3, r#"{"y": 1}"#).1, Outcome::PartialDefaults);
}

#[test]
fn matrix_objects_rotate_roll_about_x_and_yaw_about_z() {
    let mut b = TypeRegistry::builder();
    let m33 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 3 },
        MathScalar::F32,
    ));
    let m34 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 4 },
        MathScalar::F32,
    ));
    let r = b.build().unwrap();
    let rounded = |v: &Value| -> Vec<f32> {
        let Value::MathF32(c) = v else {
            panic!("{v:?}")
        };
        c.iter().map(|x| (x * 1e4).round() / 1e4 + 0.0).collect()
    };
    // Yaw 90 about Z: x goes to y.
    let (m, outcome) = load(&r, m33, r#"{"yaw": 90, "scale": 1}"#);
    assert_eq!(outcome, Outcome::Success);
    assert_eq!(rounded(&m), [0.0, -1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
    // Roll 90 about X, scale 2, a translation; other members and other spellings are ignored.
    let json = r#"{"Roll": 90, "Scale": 2, "x": 5, "comment": [1], "YAW": 45}"#;
    let (m, outcome) = load(&r, m34, json);
    assert_eq!(outcome, Outcome::Success);
    assert_eq!(
        rounded(&m),
        [2.0, 0.0, 0.0, 5.0, 0.0, 0.0, -2.0, 0.0, 0.0, 2.0, 0.0, 0.0]
    );
    // No scale: the rest is PartialDefaults; the identity is DefaultsUsed.
    assert_eq!(
        load(&r, m34, r#"{"pitch": 30}"#).1,
        Outcome::PartialDefaults
    );
    assert_eq!(load(&r, m33, r#"{"x": 5}"#).1, Outcome::DefaultsUsed);
    assert_eq!(load(&r, m33, r#"{"scale": 0.0}"#).1, Outcome::Unsupported);
}

#[test]
fn math_values_equal_their_default_only_exactly() {
    let mut b = TypeRegistry::builder();
    let v3 = b.math(MathType::VECTOR3);
    let s = StructType::new([Field::new("v", v3)]).unwrap();
    let ty = b.add("S", s).unwrap();
    let r = b.build().unwrap();
    let value = Value::Struct(Box::new([Value::math_f32([1e-9, 0.0, 0.0])]));
    let stored = o3de::store(&r, ty, &value, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, r#"{"v":[9.999999717180686e-10,0.0,0.0]}"#);
}

/// `MathVectorSerializer`, `MathMatrixSerializer` and the quaternion's Euler object report a
/// component that cannot be read where it is.
#[test]
fn a_math_component_that_cannot_be_read_is_reported_where_it_is() {
    let mut b = TypeRegistry::builder();
    let vec3 = b.math(MathType::VECTOR3);
    let quat = b.math(MathType::QUATERNION);
    let m33 = b.math(MathType::new(
        MathShape::Matrix { rows: 3, cols: 3 },
        MathScalar::F32,
    ));
    let r = b.build().unwrap();
    for (ty, json, path) in [
        (vec3, r#"[1.0, "Invalid", 3.0]"#, "/1"),
        (vec3, r#"[1.0, 2.0, [3.0]]"#, "/2"),
        (vec3, r#"{"X": 1, "y": "bad"}"#, "/y"),
        (quat, r#"{"roll": 1, "yaw": "x"}"#, "/yaw"),
        (m33, r#"{"Pitch": {}}"#, "/Pitch"),
        (m33, r#"{"Scale": 0.0}"#, "/Scale"),
    ] {
        let mut collect = o3de::Collect::default();
        let loaded = o3de::load(&r, ty, json, &LoadOptions::default(), &mut collect).unwrap();
        assert_eq!(loaded.result.outcome(), Outcome::Unsupported, "{json}");
        assert_eq!(collect.reports.len(), 1, "{json}");
        assert_eq!(collect.reports[0].path, path, "{json}");
    }
}

#[test]
fn a_new_color_is_zero_as_its_serializer_makes_it() {
    // `JsonColorSerializer::Load` on `{}` for a new instance: `Color::CreateZero()`. A container's
    // element (and a map's new value) is such an instance; a class member is its class's
    // default (the shared model's opaque black when the field has no default of its own).
    let mut b = TypeRegistry::builder();
    let color = b.math(MathType::COLOR);
    let colors = b.list(color);
    let holder = b
        .add("Holder", StructType::new([Field::new("c", color)]).unwrap())
        .unwrap();
    let r = b.build().unwrap();
    let zero = Value::math_f32([0.0; 4]);
    let black = Value::math_f32([0.0, 0.0, 0.0, 1.0]);
    assert_eq!(
        load(&r, colors, "[{}]"),
        (Value::list([zero.clone()]), Outcome::PartialDefaults)
    );
    // Written so that O3DE reads back the same colors: only zero is an element's default.
    let both = Value::list([black.clone(), zero.clone()]);
    let stored = o3de::store(&r, colors, &both, &Default::default(), &mut Quiet).unwrap();
    assert_eq!(stored.json, "[[0.0,0.0,0.0,1.0],{}]");
    assert_eq!(load(&r, colors, &stored.json).0, both);
    // A member keeps the class default.
    assert_eq!(
        load(&r, holder, r#"{"c": {}}"#).0,
        Value::structure([black.clone()])
    );
    let stored = o3de::store(
        &r,
        holder,
        &Value::structure([black]),
        &Default::default(),
        &mut Quiet,
    );
    assert_eq!(stored.unwrap().json, "{}");
}

#[test]
fn a_members_math_value_is_read_onto_its_own_default() {
    // A class member starts as its class's default: components a vector object leaves out
    // keep the member's default (`MathVectorSerializer`: a missing key keeps the component).
    let mut b = TypeRegistry::builder();
    let vec3 = b.math(MathType::VECTOR3);
    let five = Value::math_f32([5.0, 5.0, 5.0]);
    let s = StructType::new([Field::new("v", vec3).with_default(five)]).unwrap();
    let holder = b.add("Holder", s).unwrap();
    let r = b.build().unwrap();
    let (value, outcome) = load(&r, holder, r#"{"v": {"x": 1.0}}"#);
    assert_eq!(value, Value::structure([Value::math_f32([1.0, 5.0, 5.0])]));
    assert_eq!(outcome, Outcome::PartialDefaults);
}
