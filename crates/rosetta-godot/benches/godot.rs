//! Encode and decode of large packed arrays against a plain memcpy of the same bytes (the budget
//! is at least 0.5x memcpy speed), and of a nested, Dictionary-heavy save-game value (ns per
//! value).
//!
//! `cargo bench -p rosetta-godot --bench godot`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rosetta_godot::{
    decode, encode, Array, DecodeOptions, Dictionary, EncodeOptions, Variant, Vector3, Version,
};

const N: usize = 1 << 20;

fn packed_arrays(c: &mut Criterion) {
    let floats = Variant::PackedFloat32Array((0..N).map(|i| i as f32 * 0.5).collect());
    let bytes = Variant::PackedByteArray((0..N).map(|i| i as u8).collect());
    let enc = EncodeOptions::new(Version::Godot4);
    let dec = DecodeOptions::new(Version::Godot4);
    for (name, value, payload) in [
        ("PackedFloat32Array", &floats, N * 4),
        ("PackedByteArray", &bytes, N),
    ] {
        let mut group = c.benchmark_group(format!("{name} 1M"));
        group.throughput(Throughput::Bytes(payload as u64));
        let encoded = encode(value, &enc).unwrap();
        // The baseline: a memcpy of the same bytes into a new buffer (encode and decode both
        // allocate their output too).
        let raw = encoded[8..8 + payload].to_vec();
        group.bench_function(BenchmarkId::new("memcpy", payload), |b| {
            b.iter(|| black_box(black_box(&raw[..]).to_vec()))
        });
        group.bench_function(BenchmarkId::new("encode", payload), |b| {
            b.iter(|| black_box(encode(black_box(value), &enc).unwrap()))
        });
        group.bench_function(BenchmarkId::new("decode", payload), |b| {
            b.iter(|| black_box(decode(black_box(&encoded), &dec).unwrap()))
        });
        group.finish();
    }
}

fn s(text: &str) -> Variant {
    Variant::String(text.into())
}

fn dict(entries: Vec<(Variant, Variant)>) -> Variant {
    Variant::from(Dictionary::untyped(entries))
}

/// A save game: 50 characters, each a Dictionary with a name, a position, stats, an inventory of
/// 10 item Dictionaries and a small PackedByteArray, plus world state: 5,563 Variants, 70,004
/// bytes in Godot 4.
fn save_game() -> Variant {
    let characters = (0..50)
        .map(|i| {
            let inventory = (0..10)
                .map(|j| {
                    dict(vec![
                        (s("id"), Variant::Int(j * 7 + i)),
                        (s("count"), Variant::Int(j)),
                        (s("durability"), Variant::Float(0.75)),
                        (s("name"), s("Iron sword")),
                    ])
                })
                .collect();
            dict(vec![
                (s("name"), s(&format!("character {i}"))),
                (
                    s("position"),
                    Variant::Vector3(Vector3 {
                        x: i as f64,
                        y: 1.5,
                        z: -2.0,
                    }),
                ),
                (
                    s("stats"),
                    dict(vec![
                        (s("hp"), Variant::Int(100)),
                        (s("mp"), Variant::Int(40)),
                        (s("xp"), Variant::Int(1 << 40)),
                        (s("speed"), Variant::Float(0.1)),
                    ]),
                ),
                (s("inventory"), Variant::from(Array::untyped(inventory))),
                (s("flags"), Variant::PackedByteArray(vec![1, 0, 1, 1, 0])),
                (s("alive"), Variant::Bool(true)),
            ])
        })
        .collect();
    dict(vec![
        (s("version"), Variant::Int(3)),
        (s("characters"), Variant::from(Array::untyped(characters))),
        (
            s("world"),
            dict(vec![
                (s("seed"), Variant::Int(123_456_789)),
                (s("time"), Variant::Float(3600.25)),
                (s("visited"), Variant::PackedInt32Array((0..64).collect())),
            ]),
        ),
    ])
}

fn save_games(c: &mut Criterion) {
    let value = save_game();
    let enc = EncodeOptions::new(Version::Godot4);
    let dec = DecodeOptions::new(Version::Godot4);
    let encoded = encode(&value, &enc).unwrap();
    let mut group = c.benchmark_group("save game");
    group.throughput(Throughput::Elements(1));
    group.bench_function(BenchmarkId::new("encode", encoded.len()), |b| {
        b.iter(|| black_box(encode(black_box(&value), &enc).unwrap()))
    });
    group.bench_function(BenchmarkId::new("decode", encoded.len()), |b| {
        b.iter(|| black_box(decode(black_box(&encoded), &dec).unwrap()))
    });
    group.finish();
}

criterion_group!(benches, packed_arrays, save_games);
criterion_main!(benches);
