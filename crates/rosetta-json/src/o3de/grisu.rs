//! Doubles as RapidJSON's `Writer` writes them (`internal::dtoa`: Grisu2 digits and the
//! `Prettify` layout), which is how O3DE writes every number. Grisu2's digits are not always the
//! nearest shortest ones (`0.2f` widened is `0.20000000298023225`, the nearest is `...224`), so a
//! shortest formatter cannot stand in. The `dtoa` crate ports the same C++ line by line; this is
//! the same algorithm (RapidJSON 1.1.0, O3DE's package) arranged to be quicker: the integer
//! part's digits at once when the digit loop cannot stop inside it, and the text laid out in
//! place. The tests compare it with `dtoa` on many doubles of every exponent and on widened
//! floats.

use super::writer::extend_short;

/// Appends the text of `v`, finite, as RapidJSON writes it.
#[inline]
pub(crate) fn write(out: &mut Vec<u8>, v: f64) {
    let mut text = [0u8; 32];
    let n = format(v, &mut text);
    extend_short(out, &text[..n]);
}

/// Writes the text of `v`, finite, at the start of `text` and returns its length (at most
/// 25: a sign, 21 digits and `.0`, or a sign, 17 digits, `.`, `e-` and 3 exponent digits).
fn format(v: f64, text: &mut [u8; 32]) -> usize {
    let bits = v.to_bits();
    let sign = usize::from(bits >> 63 != 0);
    text[0] = b'-';
    if bits << 1 == 0 {
        text[sign..sign + 3].copy_from_slice(b"0.0");
        return sign + 3;
    }
    let mut digits = [0u8; 24];
    let (len, k) = grisu2(bits & !(1 << 63), &mut digits);
    sign + prettify(&digits[..len], k, &mut text[sign..])
}

/// A `DiyFp`: `f * 2^e`.
#[derive(Clone, Copy)]
struct Fp {
    f: u64,
    e: i32,
}

impl Fp {
    /// RapidJSON's `operator*`: the high 64 bits of the product, rounded half up.
    #[inline]
    fn mul(self, o: Fp) -> Fp {
        let p = u128::from(self.f) * u128::from(o.f) + (1 << 63);
        Fp {
            f: (p >> 64) as u64,
            e: self.e + o.e + 64,
        }
    }
}

const HIDDEN: u64 = 1 << 52;

/// The digits of `bits` (positive, not zero) and their decimal exponent `k` (the value is
/// `digits * 10^k`): RapidJSON's `Grisu2`.
#[inline]
fn grisu2(bits: u64, digits: &mut [u8; 24]) -> (usize, i32) {
    let biased = (bits >> 52) as i32;
    let significand = bits & (HIDDEN - 1);
    let (f, e) = if biased != 0 {
        (significand | HIDDEN, biased - 1075)
    } else {
        (significand, -1074)
    };
    // NormalizedBoundaries: m+ normalized to bit 63, m- shifted to its exponent.
    let plus = (f << 1) + 1;
    let shift = plus.leading_zeros() as i32;
    let plus = Fp {
        f: plus << shift,
        e: e - 1 - shift,
    };
    let minus = if f == HIDDEN {
        Fp {
            f: (f << 2) - 1,
            e: e - 2,
        }
    } else {
        Fp {
            f: (f << 1) - 1,
            e: e - 1,
        }
    };
    let minus = Fp {
        f: minus.f << (minus.e - plus.e),
        e: plus.e,
    };
    // GetCachedPower: the same floating-point computation of the index.
    let dk = f64::from(-61 - plus.e) * 0.301_029_995_663_981_14 + 347.0;
    let mut k = dk as i32;
    if dk - f64::from(k) > 0.0 {
        k += 1;
    }
    let index = ((k >> 3) + 1) as usize;
    let big_k = -(-348 + (index as i32) * 8);
    // `index` is within the table for every finite double's exponent (RapidJSON's invariant).
    let (cf, ce) = CACHED_POWERS[index];
    let c = Fp {
        f: cf,
        e: i32::from(ce),
    };
    let lz = f.leading_zeros() as i32;
    let w = Fp {
        f: f << lz,
        e: e - lz,
    }
    .mul(c);
    let mut wp = plus.mul(c);
    let mut wm = minus.mul(c);
    wm.f += 1;
    wp.f -= 1;
    digit_gen(w, wp, wp.f.wrapping_sub(wm.f), digits, big_k)
}

const POW10: [u32; 10] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
];

/// RapidJSON's `CountDecimalDigit32`, which never says 10.
#[inline]
fn count_decimal_digit32(n: u32) -> usize {
    POW10[1..9].iter().take_while(|&&p| n >= p).count() + 1
}

/// RapidJSON's `DigitGen`: the digits of `mp` down to where the rest is within `delta`,
/// then `GrisuRound`.
#[inline]
fn digit_gen(w: Fp, mp: Fp, mut delta: u64, digits: &mut [u8; 24], k: i32) -> (usize, i32) {
    let shift = -mp.e as u32;
    let one = 1u64 << shift;
    let wp_w = mp.f.wrapping_sub(w.f);
    let mut p1 = (mp.f >> shift) as u32;
    let mut p2 = mp.f & (one - 1);
    let mut kappa = count_decimal_digit32(p1);
    let mut len = 0;
    if p2 > delta && p1 < POW10[9] {
        // No rest of the integer part can be within `delta`: all its digits, then the
        // fraction's. `kappa` is the exact digit count here, so only zero has none.
        if p1 != 0 {
            for i in (0..kappa).rev() {
                digits[i] = b'0' + (p1 % 10) as u8;
                p1 /= 10;
            }
            len = kappa;
        }
        kappa = 0;
    }
    while kappa > 0 {
        let p = POW10[kappa - 1];
        let d = p1 / p;
        p1 %= p;
        if d != 0 || len != 0 {
            digits[len] = b'0'.wrapping_add(d as u8);
            len += 1;
        }
        kappa -= 1;
        let rest = (u64::from(p1) << shift) + p2;
        if rest <= delta {
            let ten_kappa = u64::from(POW10[kappa]) << shift;
            grisu_round(&mut digits[..len], delta, rest, ten_kappa, wp_w);
            return (len, k + kappa as i32);
        }
    }
    let mut kappa = 0i32;
    loop {
        p2 *= 10;
        delta = delta.wrapping_mul(10);
        let d = (p2 >> shift) as u8;
        if d != 0 || len != 0 {
            digits[len] = b'0' + d;
            len += 1;
        }
        p2 &= one - 1;
        kappa -= 1;
        if p2 < delta {
            // RapidJSON 1.1.0 rounds only while the power of ten is in its table.
            let index = (-kappa) as usize;
            let scale = POW10.get(index).filter(|_| index < 9).copied().unwrap_or(0);
            grisu_round(
                &mut digits[..len],
                delta,
                p2,
                one,
                wp_w.wrapping_mul(u64::from(scale)),
            );
            return (len, k + kappa);
        }
    }
}

/// RapidJSON's `GrisuRound`: moves the last digit down towards `w` while that stays within
/// the range, in RapidJSON's unsigned (wrapping) arithmetic.
#[inline]
fn grisu_round(digits: &mut [u8], delta: u64, mut rest: u64, ten_kappa: u64, wp_w: u64) {
    let Some(last) = digits.last_mut() else {
        return;
    };
    while rest < wp_w
        && delta.wrapping_sub(rest) >= ten_kappa
        && (rest.wrapping_add(ten_kappa) < wp_w
            || wp_w - rest > rest.wrapping_add(ten_kappa).wrapping_sub(wp_w))
    {
        *last = last.wrapping_sub(1);
        rest = rest.wrapping_add(ten_kappa);
    }
}

/// RapidJSON's `Prettify` (with its default of 324 decimal places): `digits * 10^k` laid out
/// in `text`; returns the length.
fn prettify(digits: &[u8], k: i32, text: &mut [u8]) -> usize {
    let length = digits.len() as i32;
    let kk = length + k;
    let n = digits.len();
    if 0 <= k && kk <= 21 {
        // 1234e7 -> 12340000000.0
        let kk = kk as usize;
        text[..n].copy_from_slice(digits);
        text[n..kk].fill(b'0');
        text[kk..kk + 2].copy_from_slice(b".0");
        kk + 2
    } else if 0 < kk && kk <= 21 {
        // 1234e-2 -> 12.34
        let kk = kk as usize;
        text[..kk].copy_from_slice(&digits[..kk]);
        text[kk] = b'.';
        text[kk + 1..n + 1].copy_from_slice(&digits[kk..]);
        n + 1
    } else if -6 < kk && kk <= 0 {
        // 1234e-6 -> 0.001234
        let offset = (2 - kk) as usize;
        text[..2].copy_from_slice(b"0.");
        text[2..offset].fill(b'0');
        text[offset..offset + n].copy_from_slice(digits);
        offset + n
    } else if kk < -324 {
        text[..3].copy_from_slice(b"0.0");
        3
    } else if n == 1 {
        // 1e30
        text[0] = digits[0];
        text[1] = b'e';
        2 + exponent(kk - 1, &mut text[2..])
    } else {
        // 1234e30 -> 1.234e33
        text[0] = digits[0];
        text[1] = b'.';
        text[2..n + 1].copy_from_slice(&digits[1..]);
        text[n + 1] = b'e';
        n + 2 + exponent(kk - 1, &mut text[n + 2..])
    }
}

/// RapidJSON's `WriteExponent`: `-` when negative, no `+`, no leading zeros.
fn exponent(k: i32, text: &mut [u8]) -> usize {
    let mut i = 0;
    if k < 0 {
        text[0] = b'-';
        i = 1;
    }
    let k = k.unsigned_abs();
    let n = if k >= 100 {
        3
    } else if k >= 10 {
        2
    } else {
        1
    };
    let mut rest = k;
    for j in (i..i + n).rev() {
        text[j] = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    i + n
}

/// 10^-348, 10^-340, ..., 10^340: the significand normalized to 64 bits and rounded to
/// nearest, and the binary exponent (RapidJSON's `GetCachedPowerByIndex`; made with exact
/// integer arithmetic, and checked through the tests against `dtoa`).
#[rustfmt::skip]
static CACHED_POWERS: [(u64, i16); 87] = [
    (0xfa8fd5a0081c0288, -1220),
    (0xbaaee17fa23ebf76, -1193),
    (0x8b16fb203055ac76, -1166),
    (0xcf42894a5dce35ea, -1140),
    (0x9a6bb0aa55653b2d, -1113),
    (0xe61acf033d1a45df, -1087),
    (0xab70fe17c79ac6ca, -1060),
    (0xff77b1fcbebcdc4f, -1034),
    (0xbe5691ef416bd60c, -1007),
    (0x8dd01fad907ffc3c, -980),
    (0xd3515c2831559a83, -954),
    (0x9d71ac8fada6c9b5, -927),
    (0xea9c227723ee8bcb, -901),
    (0xaecc49914078536d, -874),
    (0x823c12795db6ce57, -847),
    (0xc21094364dfb5637, -821),
    (0x9096ea6f3848984f, -794),
    (0xd77485cb25823ac7, -768),
    (0xa086cfcd97bf97f4, -741),
    (0xef340a98172aace5, -715),
    (0xb23867fb2a35b28e, -688),
    (0x84c8d4dfd2c63f3b, -661),
    (0xc5dd44271ad3cdba, -635),
    (0x936b9fcebb25c996, -608),
    (0xdbac6c247d62a584, -582),
    (0xa3ab66580d5fdaf6, -555),
    (0xf3e2f893dec3f126, -529),
    (0xb5b5ada8aaff80b8, -502),
    (0x87625f056c7c4a8b, -475),
    (0xc9bcff6034c13053, -449),
    (0x964e858c91ba2655, -422),
    (0xdff9772470297ebd, -396),
    (0xa6dfbd9fb8e5b88f, -369),
    (0xf8a95fcf88747d94, -343),
    (0xb94470938fa89bcf, -316),
    (0x8a08f0f8bf0f156b, -289),
    (0xcdb02555653131b6, -263),
    (0x993fe2c6d07b7fac, -236),
    (0xe45c10c42a2b3b06, -210),
    (0xaa242499697392d3, -183),
    (0xfd87b5f28300ca0e, -157),
    (0xbce5086492111aeb, -130),
    (0x8cbccc096f5088cc, -103),
    (0xd1b71758e219652c, -77),
    (0x9c40000000000000, -50),
    (0xe8d4a51000000000, -24),
    (0xad78ebc5ac620000, 3),
    (0x813f3978f8940984, 30),
    (0xc097ce7bc90715b3, 56),
    (0x8f7e32ce7bea5c70, 83),
    (0xd5d238a4abe98068, 109),
    (0x9f4f2726179a2245, 136),
    (0xed63a231d4c4fb27, 162),
    (0xb0de65388cc8ada8, 189),
    (0x83c7088e1aab65db, 216),
    (0xc45d1df942711d9a, 242),
    (0x924d692ca61be758, 269),
    (0xda01ee641a708dea, 295),
    (0xa26da3999aef774a, 322),
    (0xf209787bb47d6b85, 348),
    (0xb454e4a179dd1877, 375),
    (0x865b86925b9bc5c2, 402),
    (0xc83553c5c8965d3d, 428),
    (0x952ab45cfa97a0b3, 455),
    (0xde469fbd99a05fe3, 481),
    (0xa59bc234db398c25, 508),
    (0xf6c69a72a3989f5c, 534),
    (0xb7dcbf5354e9bece, 561),
    (0x88fcf317f22241e2, 588),
    (0xcc20ce9bd35c78a5, 614),
    (0x98165af37b2153df, 641),
    (0xe2a0b5dc971f303a, 667),
    (0xa8d9d1535ce3b396, 694),
    (0xfb9b7cd9a4a7443c, 720),
    (0xbb764c4ca7a44410, 747),
    (0x8bab8eefb6409c1a, 774),
    (0xd01fef10a657842c, 800),
    (0x9b10a4e5e9913129, 827),
    (0xe7109bfba19c0c9d, 853),
    (0xac2820d9623bf429, 880),
    (0x80444b5e7aa7cf85, 907),
    (0xbf21e44003acdd2d, 933),
    (0x8e679c2f5e44ff8f, 960),
    (0xd433179d9c8cb841, 986),
    (0x9e19db92b4e31ba9, 1013),
    (0xeb96bf6ebadf77d9, 1039),
    (0xaf87023b9bf0ee6b, 1066),
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ours(v: f64) -> String {
        let mut out = Vec::new();
        write(&mut out, v);
        String::from_utf8(out).unwrap()
    }

    fn rapidjson(v: f64) -> String {
        dtoa::Buffer::new().format_finite(v).to_owned()
    }

    #[test]
    fn edges_are_rapidjson_text() {
        let mut cases = vec![
            0.0,
            -0.0,
            5e-324,
            2.225073858507201e-308,
            2.2250738585072014e-308,
            f64::MAX,
            f64::MIN_POSITIVE,
            1e21,
            1e20,
            123456789012345680000.0,
            1e-6,
            1e-7,
            0.000001234,
            4094.1111111111113,
            1.0,
            0.5,
            64.0,
            4294967296.0,
            9007199254740993.0,
        ];
        cases.extend((-330..=310).map(|e| 10f64.powi(e)));
        cases.extend((-1074..=1023).map(|e| 2f64.powi(e)));
        for v in cases {
            assert_eq!(ours(v), rapidjson(v), "{v:e}");
            assert_eq!(ours(-v), rapidjson(-v), "{:e}", -v);
        }
    }

    #[test]
    fn widened_floats_are_rapidjson_text() {
        // Every float exponent, with significands spread over the range.
        for bits in (0..u32::MAX).step_by(99_991) {
            let x = f32::from_bits(bits);
            if x.is_finite() {
                let v = f64::from(x);
                assert_eq!(ours(v), rapidjson(v), "{x:e}");
            }
        }
    }

    proptest! {
        #[test]
        fn doubles_are_rapidjson_text(bits in any::<u64>()) {
            let v = f64::from_bits(bits);
            prop_assume!(v.is_finite());
            prop_assert_eq!(ours(v), rapidjson(v));
        }

        #[test]
        fn short_doubles_are_rapidjson_text(n in any::<i32>(), scale in 0u32..12) {
            let v = f64::from(n) / 10f64.powi(scale as i32);
            prop_assert_eq!(ours(v), rapidjson(v));
        }
    }
}
