//! The deepest input the engine accepts (1024 nested arrays) decodes and encodes on a thread
//! with the default 2 MiB stack, even in debug builds.

use rosetta_godot::{decode, encode, DecodeOptions, EncodeOptions, Version};

fn nested(depth: usize, array_id: u8) -> Vec<u8> {
    let mut bytes = Vec::new();
    for _ in 0..depth {
        bytes.extend_from_slice(&[array_id, 0, 0, 0, 1, 0, 0, 0]);
    }
    bytes.extend_from_slice(&[0; 4]);
    bytes
}

#[test]
fn engine_limit_fits_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            for (version, id) in [(Version::Godot4, 0x1c), (Version::Godot3, 0x13)] {
                let bytes = nested(1024, id);
                let (value, used) = decode(&bytes, &DecodeOptions::new(version)).unwrap();
                assert_eq!(used, bytes.len());
                assert_eq!(encode(&value, &EncodeOptions::new(version)).unwrap(), bytes);
                assert!(decode(&nested(1025, id), &DecodeOptions::new(version)).is_err());
                drop(value);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
