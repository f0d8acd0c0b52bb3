use super::*;
use std::collections::HashSet;

#[test]
fn compact() {
    assert_eq!(std::mem::size_of::<Value>(), 24);
}

#[test]
fn float_equality_is_bitwise() {
    assert_eq!(Value::F64(f64::NAN), Value::F64(f64::NAN));
    assert_ne!(Value::F32(0.0), Value::F32(-0.0));
    assert_eq!(
        Value::math_f32([f32::NAN, 1.0]),
        Value::math_f32([f32::NAN, 1.0])
    );
    assert_ne!(Value::math_f64([0.0]), Value::math_f64([-0.0]));
    assert_ne!(Value::I32(1), Value::I64(1));
    let set: HashSet<Value> = [Value::F64(f64::NAN), Value::F64(f64::NAN), Value::NONE]
        .into_iter()
        .collect();
    assert_eq!(set.len(), 2);
}

#[test]
fn accessors() {
    assert_eq!(Value::from(u64::MAX).as_i64(), None);
    assert_eq!(Value::from(u64::MAX).as_u64(), Some(u64::MAX));
    assert_eq!(Value::from(-1i8).as_u64(), None);
    assert_eq!(Value::from(7u16).as_i64(), Some(7));
    assert_eq!(Value::from(1.5f32).as_f64(), Some(1.5));
    assert_eq!(Value::from(vec![1u8, 2]).as_bytes(), Some(&[1u8, 2][..]));
    assert_eq!(Value::from(&b"x"[..]).kind_name(), "bytes");
    assert_eq!(Value::from(String::from("s")).as_str(), Some("s"));
    assert_eq!(Value::from(None::<i32>), Value::NONE);
    assert_eq!(
        Value::from(Some(1i32)).as_option(),
        Some(Some(&Value::I32(1)))
    );
    assert_eq!(
        Value::from(vec![Value::Bool(true)])
            .as_list()
            .map(<[_]>::len),
        Some(1)
    );
    assert_eq!(Value::Uuid([1; 16]).as_uuid(), Some(&[1; 16]));
    assert_eq!(Value::EntityId(5).as_entity_id(), Some(5));
    assert_eq!(Value::Enum(2).as_enum(), Some(2));
    assert_eq!(Value::from('c').as_char(), Some('c'));
    assert_eq!(Value::from(true).as_bool(), Some(true));
    assert_eq!(Value::math_i32([1, 2]).as_math_i32(), Some(&[1, 2][..]));
    assert!(Value::math_f64([1.0]).as_math_f64().is_some());
    assert!(Value::math_f32([1.0]).as_math_f32().is_some());
    assert_eq!(
        Value::tuple([Value::Bool(true)]).as_tuple().map(<[_]>::len),
        Some(1)
    );
    let e = Value::entity([(54, Value::structure([])), (53, Value::structure([]))]);
    assert_eq!(
        e.as_entity().map(|m| m.keys().copied().collect::<Vec<_>>()),
        Some(vec![53, 54])
    );
    let d = Value::dynamic(TypeId::INT32, 5i32);
    assert_eq!(d.as_dynamic().map(|d| d.ty), Some(TypeId::INT32));
    assert_eq!(Value::string("a").as_bool(), None);
    assert_eq!(Value::bytes(vec![]).as_str(), None);
}

#[test]
fn mutation_in_place() {
    let mut v = Value::structure([Value::I32(1), Value::list([Value::Bool(false)])]);
    if let Some(fields) = v.as_struct_mut() {
        fields[0] = Value::I32(2);
        if let Some(list) = fields[1].as_list_mut() {
            list[0] = Value::Bool(true);
        }
    }
    assert_eq!(
        v,
        Value::structure([Value::I32(2), Value::list([Value::Bool(true)])])
    );
    assert_eq!(v.as_map(), None);
    assert_eq!(Value::map([]).as_map().map(<[_]>::len), Some(0));
}
