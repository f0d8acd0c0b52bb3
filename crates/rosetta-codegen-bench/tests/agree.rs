//! The three representations agree on the benchmarked values: prost decodes Rosetta's bytes to
//! the same data and Rosetta decodes prost's, and the dynamic path reads and writes what the
//! generated types write.

use prost::Message;
use rosetta_codegen_bench::convert::{ToProst, ToValue};
use rosetta_codegen_bench::dynamic::Dynamic;
use rosetta_codegen_bench::values;
use rosetta_types::TypeId;
use rosetta_wire::{Object, SchemaType};

/// Checks one value both ways between Rosetta and prost, and against the dynamic path; with
/// `same_bytes`, also that both write identical bytes.
fn check<T>(value: &T, dynamic: &Dynamic, ty: TypeId, same_bytes: bool)
where
    T: SchemaType + ToProst + ToValue,
{
    let rosetta_bytes = value.encode();
    let prost_value = value.to_prost();
    let prost_bytes = prost_value.encode_to_vec();
    if same_bytes {
        assert_eq!(rosetta_bytes, prost_bytes, "{}: bytes differ", T::NAME);
    }

    let from_rosetta = T::Prost::decode(rosetta_bytes.as_slice()).expect("prost decodes");
    assert!(
        from_rosetta == prost_value,
        "{}: prost reads Rosetta's bytes as other data",
        T::NAME
    );
    let from_prost = T::decode(&prost_bytes).expect("Rosetta decodes");
    assert_eq!(
        &from_prost,
        value,
        "{}: Rosetta reads prost's bytes",
        T::NAME
    );
    assert_eq!(&T::decode(&rosetta_bytes).expect("round trip"), value);

    let expected = value.to_value();
    let object = Object::decode(&rosetta_bytes).expect("Object decodes");
    let written = dynamic.to_object(ty, &expected).expect("typed::write");
    assert_eq!(written, object, "{}: typed::write's object", T::NAME);
    assert_eq!(
        written.encode(),
        rosetta_bytes,
        "{}: dynamic bytes",
        T::NAME
    );
    let read = dynamic.decode(ty, &rosetta_bytes).expect("typed::read");
    assert_eq!(
        read,
        expected,
        "{}: typed::read of Rosetta's bytes",
        T::NAME
    );
    let read = dynamic.decode(ty, &prost_bytes).expect("typed::read");
    assert_eq!(read, expected, "{}: typed::read of prost's bytes", T::NAME);
}

fn dynamic() -> Dynamic {
    Dynamic::load().expect("the bench schema loads")
}

#[test]
fn position_agrees() {
    let dynamic = dynamic();
    check(&values::position(), &dynamic, dynamic.position, true);
}

/// Rosetta writes a list of two or more numbers packed; the `.proto` export declares no list
/// packed, so prost writes `equipped_item_ids` one tag per element. Each reads both forms.
#[test]
fn character_agrees() {
    let dynamic = dynamic();
    let character = values::character();
    check(&character, &dynamic, dynamic.character, false);

    let mut unpacked = character.clone();
    unpacked.equipped_item_ids.clear();
    check(&unpacked, &dynamic, dynamic.character, true);
}

#[test]
fn path_agrees() {
    let dynamic = dynamic();
    let path = values::path(values::PATH_LEN);
    assert_eq!(path.waypoints.len(), 100_000);
    check(&path, &dynamic, dynamic.path, true);
}

/// The optional fields of the character are a mix of set and unset, and unset ones decode as
/// unset on every path.
#[test]
fn character_options_are_mixed() {
    let character = values::character();
    assert!(character.target.is_some() && character.mount.is_none());
    assert!(character.shield.is_none() && character.title.is_some());
    let prost =
        rosetta_codegen_bench::proto::bench::Character::decode(character.encode().as_slice())
            .expect("prost decodes");
    assert_eq!(prost.mount, None);
    assert_eq!(prost.shield, None);
}
