//! Typed containers: what is converted, what is refused and the paths errors give (the engine's
//! own answers are checked in `tests/typed_elements.rs`).

use crate::text::{from_text, to_text};
use crate::{
    decode, encode, Array, ContainerType, DecodeOptions, Dictionary, EncodeOptions, Variant,
    VariantType, Version,
};

fn unhex(s: &str) -> Vec<u8> {
    let s: String = s.split_whitespace().collect();
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

fn dec4(hex: &str) -> crate::Result<Variant> {
    decode(&unhex(hex), &DecodeOptions::new(Version::Godot4)).map(|(v, _)| v)
}

fn enc4(v: &Variant) -> crate::Result<Vec<u8>> {
    encode(v, &EncodeOptions::new(Version::Godot4))
}

fn typed_array(t: VariantType, items: Vec<Variant>) -> Variant {
    Variant::Array(Box::new(Array {
        element_type: ContainerType::Builtin(t),
        items,
    }))
}

#[test]
fn text_converts_what_godot_converts() {
    // Godot 4.6: str_to_var("Array[int]([1.5])") is Array[int]([1]).
    let v = from_text("Array[int]([1.5])").unwrap();
    assert_eq!(v, typed_array(VariantType::Int, vec![Variant::Int(1)]));
    let v = from_text("Dictionary[int, String]({1.5: &\"v\"})").unwrap();
    assert_eq!(
        to_text(&v, Version::Godot4),
        "Dictionary[int, String]({\n1: \"v\"\n})"
    );
    // `Nil` is no type to Godot here: the Array is untyped.
    assert_eq!(
        from_text("Array[Nil]([1])").unwrap(),
        from_text("[1]").unwrap()
    );
}

#[test]
fn text_refuses_with_the_path_what_godot_empties_the_container_for() {
    let err = from_text("Array[int]([1, \"a\"])").unwrap_err();
    assert_eq!(
        err.to_string(),
        "1:16: [1]: a String in an Array[int]: Godot's str_to_var cannot convert it to int and \
         leaves the whole Array[int] empty (printing an error)"
    );
    let err = from_text("Dictionary[int, String]({1: 2})").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("1:29: {1}: an int value in a Dictionary[int, String]: "),
        "{err}"
    );
    let err = from_text("Dictionary[int, String]({\"k\": \"v\"})").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("1:26: {\"k\"}: a String key in a Dictionary[int, String]: "),
        "{err}"
    );
    let err = from_text("{\"x\": [1, Array[int]([\"a\"])]}").unwrap_err();
    assert!(
        err.to_string().starts_with("1:23: {\"x\"}[1][0]: "),
        "{err}"
    );
    let err = from_text("Array[Color]([\"red\"])").unwrap_err();
    assert!(
        err.to_string().contains(
            "Godot converts it to Color, reading text as an HTML color code or a color name; \
             Rosetta does not: write a Color"
        ),
        "{err}"
    );
}

#[test]
fn bytes_convert_what_godot_converts_and_refuse_with_the_path_what_it_drops() {
    // Array[int] holding the float 1.5: Godot 4.6 reads Array[int]([1]).
    let v = dec4("1c000100 02000000 01000000 03000000 0000c03f").unwrap();
    assert_eq!(v, typed_array(VariantType::Int, vec![Variant::Int(1)]));
    // [Array[int](["a"])]: the String is at byte 20.
    let err = dec4("1c000000 01000000 1c000100 02000000 01000000 04000000 01000000 61000000")
        .unwrap_err();
    assert!(
        err.to_string()
            .starts_with("at byte 20: [0][0]: a String in an Array[int]: "),
        "{err}"
    );
    // {"x": Array[int](["a"])}
    let err = dec4(
        "1b000000 01000000 04000000 01000000 78000000 \
         1c000100 02000000 01000000 04000000 01000000 61000000",
    )
    .unwrap_err();
    assert!(
        err.to_string().starts_with("at byte 32: {\"x\"}[0]: "),
        "{err}"
    );
    // Dictionary[int, String] {"k": "v"}: Godot drops the entry.
    let err = dec4(
        "1b000500 02000000 04000000 01000000 04000000 01000000 6b000000 04000000 01000000 76000000",
    )
    .unwrap_err();
    assert!(
        err.to_string().starts_with(
            "at byte 16: {\"k\"}: a String key in a Dictionary[int, String]: Godot's \
             bytes_to_var cannot convert it to int and drops the entry"
        ),
        "{err}"
    );
    // Dictionary[int, String] {1: 2}: Godot does not check values, and keeps it.
    let v =
        dec4("1b000500 02000000 04000000 01000000 02000000 01000000 02000000 02000000").unwrap();
    let Variant::Dictionary(d) = v else { panic!() };
    assert_eq!(d.entries, vec![(Variant::Int(1), Variant::Int(2))]);
}

#[test]
fn encoding_refuses_elements_that_would_read_back_otherwise() {
    let err = enc4(&typed_array(VariantType::Int, vec![Variant::Float(1.5)])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "cannot encode [0]: a float in an Array[int] would be read back as 1; write an int"
    );
    let err = enc4(&typed_array(VariantType::Float, vec![Variant::Int(1)])).unwrap_err();
    assert!(
        err.to_string().contains("would be read back as 1.0"),
        "{err}"
    );
    let err = enc4(&typed_array(VariantType::Color, vec![Variant::from("red")])).unwrap_err();
    assert!(
        err.to_string().contains(
            "would be read back converted by Godot (reading text as an HTML color code or a \
             color name)"
        ),
        "{err}"
    );
    let node = Variant::Array(Box::new(Array {
        element_type: ContainerType::ClassName("Node".into()),
        items: vec![Variant::Nil, Variant::Int(5)],
    }));
    let outer = Variant::Array(Box::new(Array::untyped(vec![node])));
    assert_eq!(
        enc4(&outer).unwrap_err().to_string(),
        "cannot encode [0][1]: an int in an Array[Node] would be dropped by Godot; write a Node"
    );
    let dict = Variant::Dictionary(Box::new(Dictionary {
        key_type: ContainerType::Builtin(VariantType::Int),
        value_type: ContainerType::Builtin(VariantType::String),
        entries: vec![
            (Variant::Int(1), Variant::Int(2)),
            (Variant::String("k".into()), Variant::String("v".into())),
        ],
    }));
    assert!(enc4(&dict)
        .unwrap_err()
        .to_string()
        .starts_with("cannot encode {\"k\"}: a String key in a Dictionary[int, String] "),);
    // Values are not checked by Godot's decoder: they read back as written.
    let Variant::Dictionary(mut d) = dict else {
        unreachable!()
    };
    d.entries.pop();
    let v = Variant::Dictionary(d);
    let bytes = enc4(&v).unwrap();
    assert_eq!(
        decode(&bytes, &DecodeOptions::new(Version::Godot4))
            .unwrap()
            .0,
        v
    );
}
