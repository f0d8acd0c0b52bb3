//! Arbitrary bytes as a Godot 3 and a Godot 4 Variant, with and without objects: decoding must
//! never panic, and what decodes re-encodes to bytes that decode and encode to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use rosetta_godot::{decode, encode, DecodeOptions, EncodeOptions, Version};

fuzz_target!(|data: &[u8]| {
    for version in [Version::Godot3, Version::Godot4] {
        for allow_objects in [false, true] {
            let mut dec = DecodeOptions::new(version);
            dec.allow_objects = allow_objects;
            let Ok((value, used)) = decode(data, &dec) else {
                continue;
            };
            assert!(used <= data.len());
            let mut enc = EncodeOptions::new(version);
            enc.full_objects = allow_objects;
            let once = encode(&value, &enc).expect("a decoded value encodes");
            let (again, _) = decode(&once, &dec).expect("encoded bytes decode");
            let twice = encode(&again, &enc).expect("a decoded value encodes");
            assert_eq!(once, twice);
        }
    }
});
