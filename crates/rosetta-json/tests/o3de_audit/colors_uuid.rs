//! Colors (page "颜色值"; o3de.md §6.2; ColorSerializer.cpp); Uuid (page "Uuid"; o3de.md §6.1).

use super::helpers::*;

#[test]
fn colors_store_as_rgba_arrays() {
    let (r, c) = color_registry();
    assert_eq!(
        store(&r, c, &Value::math_f32([1.0, 0.5, 0.25, 0.75])),
        ("[1.0,0.5,0.25,0.75]".into(), Outcome::Success)
    );
}

/// The page's examples: RGB8 `[255, 77, 51]` and HEX `"FF4D33"` are the same colour; the engine
/// keeps the target's alpha for RGB, RGB8 and HEX.
#[test]
fn color_forms_without_alpha_keep_the_targets_alpha() {
    let (r, c) = color_registry();
    let start = Value::math_f32([0.0, 0.0, 0.0, 0.5]);
    let rgb = [1.0, 77.0 / 255.0, 51.0 / 255.0, 0.5];
    for json in [
        r#"{"RGB8": [255, 77, 51]}"#,
        r#"{"HEX": "FF4D33"}"#,
        r#"{"hex": "ff4d33"}"#,
        r#"{"Rgb8": [255, 77, 51, 12]}"#,
        r#"{"RGB": [1.0, 0.30196078431, 0.2]}"#,
        "[1.0, 0.30196078431, 0.2]",
    ] {
        let (v, o) = load_onto(&r, c, json, start.clone());
        close(&v, &rgb);
        assert!(o <= Outcome::PartialDefaults, "{json}: {o:?}");
    }
    let (v, o) = load_onto(&r, c, r#"{"HEXA": "FF4D33CC"}"#, start.clone());
    close(&v, &[1.0, 77.0 / 255.0, 0.2, 0.8]);
    assert_eq!(o, Outcome::Success);
    let (v, _) = load_onto(&r, c, r#"{"RGBA8": [255, 77, 51, 204]}"#, start);
    close(&v, &[1.0, 77.0 / 255.0, 0.2, 0.8]);
}

#[test]
fn color_forms_the_engine_refuses() {
    let (r, c) = color_registry();
    let start = Value::math_f32([0.1, 0.2, 0.3, 0.4]);
    for json in [
        // No `#` prefix.
        r##"{"HEX": "#FF4D33"}"##,
        // RGB8 wants integers: `IsInt64()`.
        r#"{"RGBA8": [255.0, 77, 51, 204]}"#,
        r#"{"RGB8": ["255", 77, 51]}"#,
        // RGBA needs 4.
        r#"{"RGBA": [1.0, 0.3, 0.2]}"#,
        // The last recognised key decides; its value has the wrong type.
        r#"{"HEX": "FF4D33", "RGB": "FF4D33"}"#,
        // Not an array or object.
        r#""FF4D33""#,
        "1.0",
        "null",
        // Too short.
        "[1.0, 0.5]",
        // No recognised key.
        r#"{"Red": 1.0}"#,
    ] {
        assert_eq!(
            load_onto(&r, c, json, start.clone()),
            (start.clone(), Outcome::Unsupported),
            "{json}"
        );
    }
}

/// ColorSerializer.cpp takes the last recognised member; unrecognised ones after it are skipped.
#[test]
fn a_color_object_uses_its_last_recognised_key() {
    let (r, c) = color_registry();
    let (v, o) = load(
        &r,
        c,
        r#"{"RGBA": [1.0, 0.1, 0.5, 0.8], "HEX": "00FF00", "Comment": "green"}"#,
    );
    close(&v, &[0.0, 1.0, 0.0, 1.0]);
    assert_eq!(o, Outcome::Success);
    // Exponent notation is a RapidJSON double too.
    let (v, o) = load(&r, c, "[1e0, 5E-1, 0.0]");
    close(&v, &[1.0, 0.5, 0.0, 1.0]);
    assert_eq!(o, Outcome::PartialDefaults);
}

// Uuid (page "Uuid"; o3de.md §6.1)

const UUID: [u8; 16] = [
    0x5e, 0x97, 0x00, 0x16, 0x00, 0x39, 0x44, 0x54, 0x8e, 0x0d, 0x5e, 0xe5, 0x8a, 0x39, 0x03, 0x24,
];

#[test]
fn uuids_store_braced_uppercase_and_load_leniently() {
    let r = scalars();
    assert_eq!(
        store(&r, TypeId::UUID, &Value::Uuid(UUID)),
        (
            r#""{5E970016-0039-4454-8E0D-5EE58A390324}""#.into(),
            Outcome::Success
        )
    );
    for json in [
        r#""{5e970016-0039-4454-8e0d-5ee58a390324}""#,
        r#""{5E9700160039445484E0D5EE58A390324}""#.replace("84E0D", "8E0D").as_str(),
        r#""asset: {5E970016-0039-4454-8E0D-5EE58A390324} (mesh)""#,
    ] {
        assert_eq!(
            load(&r, TypeId::UUID, json),
            (Value::Uuid(UUID), Outcome::Success),
            "{json}"
        );
    }
    for json in [
        r#""5E970016-0039-4454-8E0D-5EE58A390324""#,
        r#""{5E970016-0039-4454-8E0D-5EE58A39032}""#,
        r#""{5E970016-0039-4454-8E0D-5EE58A39032G}""#,
        "42",
        "null",
        "[]",
    ] {
        assert_eq!(
            load(&r, TypeId::UUID, json).1,
            Outcome::Unsupported,
            "{json}"
        );
    }
    assert_eq!(load(&r, TypeId::UUID, "{}").1, Outcome::DefaultsUsed);
}
