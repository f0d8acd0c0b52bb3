//! The C face against the Rust API, on the same work: add (build a component's data),
//! serialize, deserialize and get (read every field) of a Position (one object of three
//! doubles) and of a 50-field character (scalars of every kind, strings, nested objects, lists).
//! The C side calls the exported `extern "C"` functions, as a C program linked against the
//! library does (no inlining across the border); the Rust side uses rosetta-wire directly.
//! After criterion, a table: ns per operation, the fastest of 25 alternating rounds, and the
//! ratio C / Rust (budget: at most 1.2).

use std::hint::black_box;
use std::time::Instant;

use criterion::Criterion;
use rosetta_capi::*;
use rosetta_wire::family::*;
use rosetta_wire::ComponentData;

// ---- Position ------------------------------------------------------------------------------

fn c_position_add() -> *mut Schema_ComponentData {
    // SAFETY: valid pointers from the library throughout.
    unsafe {
        let data = Schema_CreateComponentData();
        let coords = Schema_AddObject(Schema_GetComponentDataFields(data), 1);
        Schema_AddDouble(coords, 1, 1.5);
        Schema_AddDouble(coords, 2, -2.5);
        Schema_AddDouble(coords, 3, 1e6);
        data
    }
}

fn rust_position_add() -> ComponentData {
    let mut data = ComponentData::new();
    let coords = data.fields_mut().add_object(1);
    coords.add::<Double>(1, 1.5);
    coords.add::<Double>(2, -2.5);
    coords.add::<Double>(3, 1e6);
    data
}

fn c_position_get(data: *mut Schema_ComponentData) -> f64 {
    // SAFETY: a live root.
    unsafe {
        let coords = Schema_GetObject(Schema_GetComponentDataFields(data), 1);
        Schema_GetDouble(coords, 1) + Schema_GetDouble(coords, 2) + Schema_GetDouble(coords, 3)
    }
}

fn rust_position_get(data: &ComponentData) -> f64 {
    let coords = data.fields().object(1).expect("coords");
    coords.get::<Double>(1) + coords.get::<Double>(2) + coords.get::<Double>(3)
}

// ---- A 50-field character ------------------------------------------------------------------

const NAME: &[u8] = b"Aurelia the Unbroken";
const LIST: [i32; 8] = [3, -1, 4, 1, -5, 9, 2, -6];

/// Fields 1-10 int32, 11-15 int64, 16-20 float, 21-25 double, 26-30 bool, 31-35 string,
/// 36-40 an object of three fields, 41-45 a list of 8 int32, 46-50 enum.
fn c_character_add() -> *mut Schema_ComponentData {
    // SAFETY: valid pointers from the library throughout.
    unsafe {
        let data = Schema_CreateComponentData();
        let f = Schema_GetComponentDataFields(data);
        for id in 1..=10 {
            Schema_AddInt32(f, id, id as i32 * 7);
        }
        for id in 11..=15 {
            Schema_AddInt64(f, id, -(id as i64) << 40);
        }
        for id in 16..=20 {
            Schema_AddFloat(f, id, id as f32 * 0.25);
        }
        for id in 21..=25 {
            Schema_AddDouble(f, id, id as f64 * 1e-3);
        }
        for id in 26..=30 {
            Schema_AddBool(f, id, (id % 2) as u8);
        }
        for id in 31..=35 {
            Schema_AddBytes(f, id, NAME.as_ptr(), NAME.len() as u32);
        }
        for id in 36..=40 {
            let o = Schema_AddObject(f, id);
            Schema_AddUint32(o, 1, id);
            Schema_AddFloat(o, 2, 0.5);
            Schema_AddEntityId(o, 3, 1 << 33);
        }
        for id in 41..=45 {
            Schema_AddInt32List(f, id, LIST.as_ptr(), LIST.len() as u32);
        }
        for id in 46..=50 {
            Schema_AddEnum(f, id, id % 4);
        }
        data
    }
}

fn rust_character_add() -> ComponentData {
    let mut data = ComponentData::new();
    let f = data.fields_mut();
    for id in 1..=10 {
        f.add::<Int32>(id, id as i32 * 7);
    }
    for id in 11..=15 {
        f.add::<Int64>(id, -(id as i64) << 40);
    }
    for id in 16..=20 {
        f.add::<Float>(id, id as f32 * 0.25);
    }
    for id in 21..=25 {
        f.add::<Double>(id, id as f64 * 1e-3);
    }
    for id in 26..=30 {
        f.add::<Bool>(id, id % 2 == 1);
    }
    for id in 31..=35 {
        f.add_bytes(id, NAME);
    }
    for id in 36..=40 {
        let o = f.add_object(id);
        o.add::<Uint32>(1, id);
        o.add::<Float>(2, 0.5);
        o.add::<EntityId>(3, 1 << 33);
    }
    for id in 41..=45 {
        f.add_list::<Int32>(id, &LIST);
    }
    for id in 46..=50 {
        f.add::<Enum>(id, id % 4);
    }
    data
}

fn c_character_get(data: *mut Schema_ComponentData, list: &mut [i32; 8]) -> f64 {
    let mut sum = 0.0;
    // SAFETY: a live root; `list` has room for every list.
    unsafe {
        let f = Schema_GetComponentDataFields(data);
        for id in 1..=10 {
            sum += f64::from(Schema_GetInt32(f, id));
        }
        for id in 11..=15 {
            sum += Schema_GetInt64(f, id) as f64;
        }
        for id in 16..=20 {
            sum += f64::from(Schema_GetFloat(f, id));
        }
        for id in 21..=25 {
            sum += Schema_GetDouble(f, id);
        }
        for id in 26..=30 {
            sum += f64::from(Schema_GetBool(f, id));
        }
        for id in 31..=35 {
            let length = Schema_GetBytesLength(f, id) as usize;
            sum += f64::from(*Schema_GetBytes(f, id).add(length - 1));
        }
        for id in 36..=40 {
            let o = Schema_GetObject(f, id);
            sum += f64::from(Schema_GetUint32(o, 1))
                + f64::from(Schema_GetFloat(o, 2))
                + Schema_GetEntityId(o, 3) as f64;
        }
        for id in 41..=45 {
            Schema_GetInt32List(f, id, list.as_mut_ptr());
            sum += f64::from(list[7]);
        }
        for id in 46..=50 {
            sum += f64::from(Schema_GetEnum(f, id));
        }
    }
    sum
}

fn rust_character_get(data: &ComponentData, list: &mut Vec<i32>) -> f64 {
    let f = data.fields();
    let mut sum = 0.0;
    for id in 1..=10 {
        sum += f64::from(f.get::<Int32>(id));
    }
    for id in 11..=15 {
        sum += f.get::<Int64>(id) as f64;
    }
    for id in 16..=20 {
        sum += f64::from(f.get::<Float>(id));
    }
    for id in 21..=25 {
        sum += f.get::<Double>(id);
    }
    for id in 26..=30 {
        sum += f64::from(u8::from(f.get::<Bool>(id)));
    }
    for id in 31..=35 {
        let bytes = f.bytes(id).unwrap_or_default();
        sum += f64::from(bytes[bytes.len() - 1]);
    }
    for id in 36..=40 {
        let o = f.object(id).expect("object");
        sum += f64::from(o.get::<Uint32>(1))
            + f64::from(o.get::<Float>(2))
            + o.get::<EntityId>(3) as f64;
    }
    for id in 41..=45 {
        list.clear();
        f.list_into::<Int32>(id, list);
        sum += f64::from(list[7]);
    }
    for id in 46..=50 {
        sum += f64::from(f.get::<Enum>(id));
    }
    sum
}

// ---- The shared operations -----------------------------------------------------------------

fn c_serialize(data: *mut Schema_ComponentData, buffer: &mut Vec<u8>) -> usize {
    // SAFETY: a live root; the buffer is sized to the length asked for.
    unsafe {
        let fields = Schema_GetComponentDataFields(data);
        let length = Schema_GetWriteBufferLength(fields);
        buffer.resize(length as usize, 0);
        Schema_SerializeToBuffer(fields, buffer.as_mut_ptr(), length);
        length as usize
    }
}

fn c_deserialize(bytes: &[u8]) {
    // SAFETY: valid pointers from the library; `bytes` is alive.
    unsafe {
        let data = Schema_CreateComponentData();
        Schema_MergeFromBuffer(
            Schema_GetComponentDataFields(data),
            bytes.as_ptr(),
            bytes.len() as u32,
        );
        black_box(data);
        Schema_DestroyComponentData(data);
    }
}

fn c_destroy(data: *mut Schema_ComponentData) {
    // SAFETY: a live root, not used afterwards.
    unsafe { Schema_DestroyComponentData(data) }
}

/// One operation measured both ways.
struct Pair {
    name: &'static str,
    c: Box<dyn FnMut()>,
    rust: Box<dyn FnMut()>,
}

fn pairs() -> Vec<Pair> {
    let mut pairs = Vec::new();
    for (shape, c_add, rust_add) in [
        (
            "position",
            c_position_add as fn() -> _,
            rust_position_add as fn() -> _,
        ),
        ("character", c_character_add, rust_character_add),
    ] {
        let bytes = rust_add().encode();
        let c_bytes = {
            let data = c_add();
            let mut buffer = Vec::new();
            c_serialize(data, &mut buffer);
            c_destroy(data);
            buffer
        };
        assert_eq!(
            bytes, c_bytes,
            "{shape}: the C face writes rosetta-wire's bytes"
        );
        pairs.push(Pair {
            name: Box::leak(format!("{shape}/add").into_boxed_str()),
            c: Box::new(move || c_destroy(black_box(c_add()))),
            rust: Box::new(move || drop(black_box(rust_add()))),
        });
        // Two roots in turn, so that each serialization encodes: the library keeps the bytes
        // of the last object measured, which a loop over one unchanged root would only copy.
        let c_data = [c_add(), c_add()];
        let rust_data = [rust_add(), rust_add()];
        let (mut buffer, mut c_turn, mut rust_turn) = (Vec::new(), 0, 0);
        pairs.push(Pair {
            name: Box::leak(format!("{shape}/serialize").into_boxed_str()),
            c: Box::new(move || {
                c_turn ^= 1;
                black_box(c_serialize(black_box(c_data[c_turn]), &mut buffer));
            }),
            rust: Box::new(move || {
                rust_turn ^= 1;
                drop(black_box(black_box(&rust_data[rust_turn]).encode()))
            }),
        });
        let (c_in, rust_in) = (bytes.clone(), bytes.clone());
        pairs.push(Pair {
            name: Box::leak(format!("{shape}/deserialize").into_boxed_str()),
            c: Box::new(move || c_deserialize(black_box(&c_in))),
            rust: Box::new(move || drop(black_box(ComponentData::decode(black_box(&rust_in))))),
        });
        // Reading received data: both read from decoded bytes.
        let c_read = {
            // SAFETY: valid pointers from the library.
            unsafe {
                let data = Schema_CreateComponentData();
                Schema_MergeFromBuffer(
                    Schema_GetComponentDataFields(data),
                    bytes.as_ptr(),
                    bytes.len() as u32,
                );
                data
            }
        };
        let rust_read = ComponentData::decode(&bytes).expect("decodes");
        let is_position = shape == "position";
        let (mut c_list, mut rust_list) = ([0i32; 8], Vec::with_capacity(8));
        pairs.push(Pair {
            name: Box::leak(format!("{shape}/get").into_boxed_str()),
            c: Box::new(move || {
                black_box(if is_position {
                    c_position_get(black_box(c_read))
                } else {
                    c_character_get(black_box(c_read), &mut c_list)
                });
            }),
            rust: Box::new(move || {
                black_box(if is_position {
                    rust_position_get(black_box(&rust_read))
                } else {
                    rust_character_get(black_box(&rust_read), &mut rust_list)
                });
            }),
        });
    }
    // The same sums both ways.
    let (c, r) = (c_position_add(), rust_position_add());
    assert_eq!(c_position_get(c), rust_position_get(&r));
    c_destroy(c);
    let (c, r) = (c_character_add(), rust_character_add());
    assert_eq!(
        c_character_get(c, &mut [0; 8]),
        rust_character_get(&r, &mut Vec::new())
    );
    c_destroy(c);
    pairs
}

/// Nanoseconds per call of `f`, the fastest of `rounds` rounds of `n` calls.
fn ns_per_op(f: &mut dyn FnMut(), n: u32) -> f64 {
    let start = Instant::now();
    for _ in 0..n {
        f();
    }
    start.elapsed().as_nanos() as f64 / f64::from(n)
}

fn main() {
    let mut criterion = Criterion::default().configure_from_args();
    let mut pairs = pairs();
    for pair in &mut pairs {
        let mut group = criterion.benchmark_group(pair.name);
        group.bench_function("c", |b| b.iter(&mut pair.c));
        group.bench_function("rust", |b| b.iter(&mut pair.rust));
        group.finish();
    }
    criterion.final_summary();

    println!(
        "\n{:<24} {:>10} {:>10} {:>8}",
        "operation", "C ns/op", "Rust ns/op", "C/Rust"
    );
    for pair in &mut pairs {
        let n = 20_000;
        let (mut c_best, mut rust_best) = (f64::MAX, f64::MAX);
        // Alternating rounds, so that both sides see the same machine.
        for _ in 0..25 {
            c_best = c_best.min(ns_per_op(&mut pair.c, n));
            rust_best = rust_best.min(ns_per_op(&mut pair.rust, n));
        }
        println!(
            "{:<24} {:>10.1} {:>10.1} {:>8.2}",
            pair.name,
            c_best,
            rust_best,
            c_best / rust_best
        );
    }
}
