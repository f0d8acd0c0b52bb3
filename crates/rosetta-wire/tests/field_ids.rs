//! Field ids no tag can carry (0, and 2^29 and above) are refused when they are added, so that
//! nothing is written that the reader refuses.

use rosetta_types::{ComponentInfo, Field, StructType, TypeDef, TypeId, TypeRegistry, Value};
use rosetta_wire::encoding::MAX_FIELD_ID;
use rosetta_wire::family::{Double, Int32};
use rosetta_wire::{typed, Object};

const BAD: [u32; 3] = [0, MAX_FIELD_ID + 1, u32::MAX];

#[test]
fn the_try_add_methods_refuse_ids_out_of_range_and_add_nothing() {
    let mut object = Object::new();
    for id in BAD {
        let message = format!("invalid field id {id}: field ids go from 1 to 536870911");
        assert_eq!(
            object.try_add::<Int32>(id, 1).unwrap_err().to_string(),
            message
        );
        assert!(object.try_add_list::<Double>(id, &[1.0, 2.0]).is_err());
        assert!(object.try_add_list::<Double>(id, &[]).is_err());
        assert!(object.try_add_bytes(id, b"x").is_err());
        assert!(object.try_add_string(id, "x").is_err());
        assert!(object.try_add_object(id).is_err());
    }
    assert!(object.is_empty());
    // The ids at both ends are written and read back.
    let mut inner = Object::new();
    for id in [1, MAX_FIELD_ID] {
        object.try_add::<Int32>(id, 5).unwrap();
        inner.try_add_object(id).unwrap().add::<Int32>(1, 6);
    }
    *object.try_add_object(2).unwrap() = inner;
    let back = Object::decode(&object.encode()).unwrap();
    assert_eq!(back, object);
    assert_eq!(back.get::<Int32>(MAX_FIELD_ID), 5);
    let inner = back.object(2).unwrap();
    assert_eq!(inner.object(MAX_FIELD_ID).unwrap().get::<Int32>(1), 6);
}

#[test]
#[should_panic(expected = "invalid field id 0: field ids go from 1 to 536870911")]
fn add_panics_on_field_id_0() {
    Object::new().add::<Int32>(0, 1);
}

#[test]
#[should_panic(expected = "invalid field id 536870912")]
fn add_object_panics_on_field_id_2_pow_29() {
    Object::new().add_object(1 << 29);
}

#[test]
#[should_panic(expected = "invalid field id 0")]
fn add_string_panics_on_field_id_0() {
    Object::new().add_string(0, "x");
}

#[test]
fn a_component_id_no_tag_can_carry_is_no_entity_field() {
    // Component ids may go past 2^29 - 1 (the SDK's are 32-bit); such a component cannot sit in
    // an `Entity`, whose field ids are component ids.
    let mut builder = TypeRegistry::builder();
    let fields = StructType::new([Field::new("x", TypeId::INT32).with_number(1)]).unwrap();
    let high = ComponentInfo::new(MAX_FIELD_ID + 1);
    builder
        .add("t.High", TypeDef::new(fields).with_component(high))
        .unwrap();
    let fields = StructType::new([Field::new("e", TypeId::ENTITY).with_number(1)]).unwrap();
    let holder = builder.add("t.Holder", TypeDef::new(fields)).unwrap();
    let registry = builder.build().unwrap();
    let entity = Value::entity([(MAX_FIELD_ID + 1, Value::Struct(vec![Value::I32(1)].into()))]);
    let value = Value::Struct(vec![entity].into());
    let error = typed::write(&registry, holder, &value).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid field id 536870912: field ids go from 1 to 536870911 (at /e/t.High)"
    );
}
