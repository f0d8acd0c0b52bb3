//! Generated Rosetta types against prost structs of the `.proto` export and against the
//! dynamic path, encode and decode, for `improbable.Position`, the 50-field `bench.Character`
//! and `bench.Path` with 100,000 waypoints. Names read `CASE/OP/IMPL`, so that
//! `CASE/OP/rosetta` and `CASE/OP/dynamic` divide by `CASE/OP/prost`.
//!
//! - encode: a fresh `Vec<u8>` from the value (`SchemaType::encode`, `Message::encode_to_vec`,
//!   `typed::write` then `Object::encode`);
//! - decode: the value from Rosetta's bytes (`SchemaType::decode`, `Message::decode`,
//!   `Object::decode` then `typed::read`), the same input for all three.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use prost::Message;
use rosetta_codegen_bench::convert::{ToProst, ToValue};
use rosetta_codegen_bench::dynamic::Dynamic;
use rosetta_codegen_bench::values;
use rosetta_types::TypeId;
use rosetta_wire::SchemaType;

/// Benchmarks encode and decode of one value in all three representations, in group `name`.
fn case<T>(c: &mut Criterion, name: &str, value: &T, dynamic: &Dynamic, ty: TypeId)
where
    T: SchemaType + ToProst + ToValue,
{
    let prost_value = value.to_prost();
    let dynamic_value = value.to_value();
    let bytes = value.encode();

    let mut group = c.benchmark_group(name);
    if bytes.len() > 100_000 {
        // Milliseconds per iteration: fewer, longer samples keep the run short.
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(6));
    }
    group.bench_function("encode/rosetta", |b| b.iter(|| black_box(value).encode()));
    group.bench_function("encode/prost", |b| {
        b.iter(|| black_box(&prost_value).encode_to_vec())
    });
    group.bench_function("encode/dynamic", |b| {
        b.iter(|| {
            dynamic
                .encode(ty, black_box(&dynamic_value))
                .expect("typed::write")
        })
    });
    group.bench_function("decode/rosetta", |b| {
        b.iter(|| T::decode(black_box(&bytes)).expect("Rosetta decodes"))
    });
    group.bench_function("decode/prost", |b| {
        b.iter(|| T::Prost::decode(black_box(bytes.as_slice())).expect("prost decodes"))
    });
    group.bench_function("decode/dynamic", |b| {
        b.iter(|| dynamic.decode(ty, black_box(&bytes)).expect("typed::read"))
    });
    group.finish();
}

fn codegen(c: &mut Criterion) {
    let dynamic = Dynamic::load().expect("the bench schema loads");
    case(
        c,
        "position",
        &values::position(),
        &dynamic,
        dynamic.position,
    );
    case(
        c,
        "character",
        &values::character(),
        &dynamic,
        dynamic.character,
    );
    let path = values::path(values::PATH_LEN);
    case(c, "path100k", &path, &dynamic, dynamic.path);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = codegen
}
criterion_main!(benches);
