//! Grisu against the `dtoa` crate, a line-by-line port of RapidJSON's C++.

use super::*;

fn text(v: f64) -> String {
    let mut t = [0; TEXT];
    let n = format(v, &mut t);
    String::from_utf8_lossy(&t[..n]).into_owned()
}

/// The `dtoa` crate ports RapidJSON's C++ line by line.
fn check(v: f64) {
    assert_eq!(text(v), dtoa::Buffer::new().format_finite(v), "{v:e}");
}

#[test]
fn cached_index_is_rapidjsons() {
    // Every exponent a double's normalized upper boundary has, and more.
    for e in -1200..1200 {
        let dk = f64::from(-61 - e) * 0.301_029_995_663_981_14 + 347.0;
        let mut k = dk as i32;
        if dk - f64::from(k) > 0.0 {
            k += 1;
        }
        assert_eq!(cached_index(e), ((k >> 3) + 1) as usize, "{e}");
    }
}

#[test]
fn eight_digits_and_counts() {
    for x in [
        0u32, 1, 9, 10, 99, 1234, 10_000, 12_345_678, 99_999_999, 40_960_007,
    ] {
        assert_eq!(eight_digits(x).to_le_bytes(), *format!("{x:08}").as_bytes());
    }
    for d in [
        0u64,
        1,
        9,
        10,
        99,
        100,
        999_999_999,
        1 << 53,
        u64::MAX / 2,
        10u64.pow(18),
    ] {
        assert_eq!(digit_count(d), d.to_string().len(), "{d}");
    }
}

#[test]
fn same_as_rapidjson_on_special_doubles() {
    for v in [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.1,
        0.2,
        1e20,
        1e21,
        1e-6,
        1e-7,
        123_456_789.0,
        4_094.111_111_111_111_5,
        f64::MAX,
        f64::MIN_POSITIVE,
        5e-324,
        2.225_073_858_507_201e-308,
        f64::from(f32::MAX),
        f64::from(f32::MIN_POSITIVE),
        0.5,
        100.0,
        1.5e300,
        1.234e-300,
    ] {
        check(v);
    }
    // Every power of two (the boundary below is closer) and its neighbours.
    for biased in 1..2047u64 {
        let bits = biased << 52;
        for v in [bits, bits + 1, bits - 1].map(f64::from_bits) {
            check(v);
        }
    }
}

#[test]
fn same_as_rapidjson_on_many_doubles() {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..400_000u64 {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let v = match i % 4 {
            // Any bits, short decimals, integers, and widened floats.
            0 => f64::from_bits(s),
            1 => (s % 1_000_000) as f64 / 10f64.powi((s >> 32) as i32 % 9),
            2 => (s >> (s % 64)) as f64,
            _ => f64::from(f32::from_bits(s as u32)),
        };
        if v.is_finite() {
            check(v);
        }
    }
}

#[test]
fn same_as_rapidjson_on_widened_floats_of_every_exponent() {
    for bits in (0..=u32::MAX).step_by(65_537) {
        let x = f32::from_bits(bits);
        if x.is_finite() {
            check(f64::from(x));
        }
    }
}

/// Every widened float, on all cores (several minutes in release):
/// `cargo test --release -p rosetta-json grisu -- --ignored`.
#[test]
#[ignore]
fn same_as_rapidjson_on_every_widened_float() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get() as u64);
    let span = (1u64 << 32) / threads;
    std::thread::scope(|scope| {
        for t in 0..threads {
            scope.spawn(move || {
                let mut oracle = dtoa::Buffer::new();
                for bits in t * span..(t + 1) * span {
                    let v = f64::from(f32::from_bits(bits as u32));
                    if v.is_finite() {
                        assert_eq!(text(v), oracle.format_finite(v), "{v:e}");
                    }
                }
            });
        }
    });
}

/// A billion random doubles, on all cores (a minute or two in release).
#[test]
#[ignore]
fn same_as_rapidjson_on_a_billion_doubles() {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get() as u64);
    std::thread::scope(|scope| {
        for t in 0..threads {
            scope.spawn(move || {
                let mut oracle = dtoa::Buffer::new();
                let mut s = 0x2545_f491_4f6c_dd1d ^ (t + 1);
                for _ in 0..1_000_000_000 / threads {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    let v = f64::from_bits(s);
                    if v.is_finite() {
                        assert_eq!(text(v), oracle.format_finite(v), "{v:e}");
                    }
                }
            });
        }
    });
}
