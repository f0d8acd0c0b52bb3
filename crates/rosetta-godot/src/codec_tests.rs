//! Unit tests of the encoder and decoder on hand-made values and bytes.

use crate::*;

fn enc4(v: &Variant) -> Vec<u8> {
    encode(v, &EncodeOptions::new(Version::Godot4)).unwrap()
}

fn dec4(bytes: &[u8]) -> Result<(Variant, usize)> {
    decode(bytes, &DecodeOptions::new(Version::Godot4))
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Runs `f` on a thread with a large stack (deep nesting recurses; debug frames are big).
fn big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn int_uses_64_bits_only_outside_i32() {
    assert_eq!(enc4(&Variant::Int(2147483647)), unhex("02000000ffffff7f"));
    assert_eq!(
        enc4(&Variant::Int(2147483648)),
        unhex("020001000000008000000000")
    );
    assert_eq!(
        enc4(&Variant::Int(-2147483649)),
        unhex("02000100ffffff7fffffffff")
    );
}

#[test]
fn float_uses_64_bits_when_f32_loses_it() {
    assert_eq!(enc4(&Variant::Float(1.5)), unhex("030000000000c03f"));
    assert_eq!(enc4(&Variant::Float(-0.0)), unhex("0300000000000080"));
    assert_eq!(
        enc4(&Variant::Float(1.0 / 3.0)),
        unhex("03000100555555555555d53f")
    );
    assert_eq!(
        enc4(&Variant::Float(f64::INFINITY)),
        unhex("030000000000807f")
    );
    assert_eq!(
        enc4(&Variant::Float(f64::NAN)),
        unhex("03000100000000000000f87f")
    );
}

#[test]
fn double_precision_math_sets_the_flag() {
    let v = Variant::Vector2(Vector2 { x: 1.0, y: 2.0 });
    let mut options = EncodeOptions::new(Version::Godot4);
    options.double_precision = true;
    let bytes = encode(&v, &options).unwrap();
    assert_eq!(bytes, unhex("05000100000000000000f03f0000000000000040"));
    assert_eq!(dec4(&bytes).unwrap(), (v.clone(), 20));
    // Godot 3 math types are always single precision; it reads the flag as nothing.
    options.version = Version::Godot3;
    assert_eq!(
        encode(&v, &options).unwrap(),
        unhex("050000000000803f00000040")
    );
    // Colors stay single precision.
    options.version = Version::Godot4;
    let c = Variant::Color(Color {
        r: 1.0,
        g: 0.0,
        b: 0.0,
        a: 1.0,
    });
    assert_eq!(
        encode(&c, &options).unwrap(),
        unhex("140000000000803f00000000000000000000803f")
    );
}

#[test]
fn godot3_lacks_godot4_types() {
    let options = EncodeOptions::new(Version::Godot3);
    let v = Variant::Vector2i(Vector2i { x: 1, y: 2 });
    assert!(matches!(encode(&v, &options), Err(Error::Unencodable(_))));
    let bytes = enc4(&v);
    // The same bytes mean something else to Godot 3: id 6 is Rect2, which needs 16 bytes.
    assert!(decode(&bytes, &DecodeOptions::new(Version::Godot3)).is_err());
    assert!(decode(&unhex("1b000000"), &DecodeOptions::new(Version::Godot3)).is_err());
}

#[test]
fn strings_need_their_padding_and_stop_at_nul() {
    assert_eq!(
        dec4(&unhex("040000000300000061626300")).unwrap(),
        (Variant::String("abc".into()), 12)
    );
    let err = dec4(&unhex("0400000003000000616263")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 4: a String's length 3 with its padding to 4 bytes is larger than the 3 bytes \
         that remain"
    );
    // Godot reads the length as an i32 (-16 here): said as the length on the wire.
    let err = dec4(&unhex("04000000f0ffffff")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 4: a String's length 4294967280 is larger than the 0 bytes that remain"
    );
    let err = dec4(&unhex("1e000000ffffffff01000000")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 4: PackedInt32Array count 4294967295 needs 17179869180 bytes, more than the 4 \
         that remain"
    );
    assert!(dec4(&unhex("0400000002000000ff000000")).is_err());
    let (v, _) = decode(
        &unhex("170000000100000005000000616200636400000000"),
        &DecodeOptions::new(Version::Godot3),
    )
    .unwrap();
    assert_eq!(v, Variant::PackedStringArray(vec!["ab".into()]));
}

#[test]
fn packed_string_array_writes_nul_and_padding() {
    let v = Variant::PackedStringArray(vec![String::new()]);
    assert_eq!(enc4(&v), unhex("22000000010000000100000000000000"));
}

#[test]
fn objects_need_permission() {
    let bytes =
        unhex("180000000a000000526566436f756e74656400000100000006000000736372697074000000000000");
    let err = dec4(&bytes).unwrap_err();
    assert!(
        matches!(err, Error::ObjectsNotAllowed { offset: 0, .. }),
        "{err}"
    );
    let mut options = DecodeOptions::new(Version::Godot4);
    options.allow_objects = true;
    let (v, used) = decode(&bytes, &options).unwrap();
    assert_eq!(used, bytes.len());
    let expected = Object::Full {
        class: "RefCounted".into(),
        properties: vec![("script".into(), Variant::Nil)],
    };
    assert_eq!(v, Variant::Object(Box::new(expected)));
    let mut enc = EncodeOptions::new(Version::Godot4);
    assert!(encode(&v, &enc).is_err());
    enc.full_objects = true;
    assert_eq!(encode(&v, &enc).unwrap(), bytes);
    // Object as id is always read; id 0 is a null object, written back as null.
    let (v, _) = dec4(&unhex("180001000000000000000000")).unwrap();
    assert_eq!(v, Variant::Object(Box::new(Object::Null)));
    assert_eq!(enc4(&v), unhex("00000000"));
}

#[test]
fn typed_containers_refuse_the_elements_godot_drops() {
    // Godot 4.6 reads this Array[int] holding "a" as an empty Array[int], printing an error.
    let err = dec4(&unhex(
        "1c00010002000000010000000400000001000000610000000000",
    ))
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 12: [0]: a String in an Array[int]: Godot's bytes_to_var cannot convert it to \
         int and drops it (printing an error); Rosetta refuses the data rather than lose part \
         of it"
    );
    let v = Variant::Array(Box::new(Array {
        element_type: ContainerType::Builtin(VariantType::String),
        items: vec![Variant::String("a".into())],
    }));
    assert_eq!(
        enc4(&v),
        unhex("1c0001000400000001000000040000000100000061000000")
    );
}

#[test]
fn node_paths_round_trip() {
    let v = Variant::NodePath(Box::new(NodePath {
        names: vec!["root".into(), "Main".into()],
        subnames: vec![],
        absolute: true,
    }));
    let bytes = enc4(&v);
    assert_eq!(
        bytes,
        unhex("1600000002000080000000000100000004000000726f6f74040000004d61696e")
    );
    assert_eq!(dec4(&bytes).unwrap(), (v, bytes.len()));
    assert!(dec4(&unhex("160000000100000061000000")).is_err());
}

#[test]
fn packed_byte_array_padding_may_be_missing_at_the_end() {
    let (v, used) = dec4(&unhex("1d0000000100000001")).unwrap();
    assert_eq!((v, used), (Variant::PackedByteArray(vec![1]), 9));
    assert!(dec4(&unhex("1d00000008000000010203")).is_err());
}

#[test]
fn huge_counts_fail_before_allocating() {
    for hex in [
        "1c000000ffffff7f",
        "1b000000ffffff7f",
        "1e000000ffffff7f",
        "22000000ffffff7f",
        "16000000ffffffffffffffff00000000",
    ] {
        assert!(dec4(&unhex(hex)).is_err(), "{hex}");
    }
}

fn nested(depth: usize) -> Vec<u8> {
    let mut bytes = unhex(&"1c00000001000000".repeat(depth));
    bytes.extend_from_slice(&[0; 4]);
    bytes
}

#[test]
fn nesting_is_bounded_at_1024() {
    big_stack(|| {
        assert!(dec4(&nested(1024)).is_ok());
        let err = dec4(&nested(1025)).unwrap_err();
        assert!(matches!(err, Error::TooDeep { offset: 8200, .. }), "{err}");
        let mut options = DecodeOptions::new(Version::Godot3);
        options.max_depth = usize::MAX;
        assert!(decode(&unhex(&"1300000001000000".repeat(1100)), &options).is_err());
        let mut deep = unhex(&"1300000001000000".repeat(1100));
        deep.extend_from_slice(&[0; 4]);
        assert!(decode(&deep, &options).is_ok());
        let (value, _) = decode(&deep, &options).unwrap();
        assert!(encode(&value, &EncodeOptions::new(Version::Godot3)).is_err());
    });
}

#[test]
fn errors_name_the_offset() {
    let err = dec4(&unhex("1c0000000100000002000000")).unwrap_err();
    assert_eq!(
        err.to_string(),
        "at byte 12: need 4 more bytes for an int, only 0 remain"
    );
    let err = dec4(&unhex("1c00000001000000ff000000")).unwrap_err();
    assert!(
        err.to_string().starts_with("at byte 8: type id 255"),
        "{err}"
    );
}
