//! Doubles as RapidJSON 1.1.0's `Writer` writes them (`internal::dtoa`: Grisu2's digits and the
//! `Prettify` layout), which is how O3DE writes every number. Grisu2's digits are not always the
//! nearest shortest ones (`0.2f` widened is `0.20000000298023225`, the nearest is `...224`), so a
//! shortest formatter cannot stand in.
//!
//! `DigitGen` makes one digit per step and stops at the first step whose rest is within `delta`.
//! That test holds at every later step once it holds (a rest `r < delta` becomes at most
//! `10r < 10 delta`), so the stopping step can be found from `delta`'s size and a few
//! independent tests, and the digits are then one integer product. That gives the same digits
//! and rounding as the step-by-step loop, which stays for the cases the quick path leaves out.
//! The tests compare every path with the `dtoa` crate, a line-by-line port of the same C++; the
//! quick path was also compared on all 2^32 widened floats.

/// Text buffer size: the longest text is 25 bytes (a sign, 21 digits and `.0`); the rest lets
/// the layout use fixed-size copies.
pub(crate) const TEXT: usize = 48;

/// Writes the text of `v`, finite, at the start of `text`; returns its length (at most 25).
pub(crate) fn format(v: f64, text: &mut [u8; TEXT]) -> usize {
    let bits = v.to_bits();
    let sign = usize::from(bits >> 63 != 0);
    text[0] = b'-';
    let rest = &mut text[sign..];
    if bits << 1 == 0 {
        rest[..3].copy_from_slice(b"0.0");
        return sign + 3;
    }
    let (w, mp, delta, k) = boundaries(bits & !(1 << 63));
    let mut digits = Digits([0; DIGITS]);
    let (at, len, k) = match quick_digits(w, mp, delta, k) {
        Some((d, k)) => {
            let len = digits.set(d);
            (24 - len, len, k)
        }
        None => {
            let (len, k) = digit_gen(w, mp, delta, &mut digits.0, k);
            (0, len, k)
        }
    };
    sign + layout(&digits.0, at, len, k, rest)
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

/// `Grisu2` up to `DigitGen`: `v`, its upper boundary less one and the width of the range
/// (`W`, `Wp`, `delta`), scaled by the cached power `10^-k`; `bits` is positive, not zero.
#[inline]
fn boundaries(bits: u64) -> (Fp, Fp, u64, i32) {
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
    let index = cached_index(plus.e);
    let k = 348 - 8 * index as i32;
    // `index` is within the table for every finite double's exponent (RapidJSON's invariant,
    // and `cached_index_is_rapidjsons` covers every such exponent).
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
    (w, wp, wp.f.wrapping_sub(wm.f), k)
}

/// `GetCachedPower`'s table index, which RapidJSON computes in floating point as
/// `ceil((-61 - e) log10 2) + 347`: `x * 315653 >> 20` is `floor(x log10 2)` for the exponents
/// a double's boundary has, and the ceiling is one more except at 0.
#[inline]
fn cached_index(e: i32) -> usize {
    let x = -61 - e;
    let k = ((x * 315_653) >> 20) + 347 + i32::from(x != 0);
    ((k >> 3) + 1) as usize
}

const POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut i = 1;
    while i < 20 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// `DigitGen`'s digits as one integer and their decimal exponent, or `None` where only the
/// step-by-step loop is sure to agree.
#[inline]
fn quick_digits(w: Fp, mp: Fp, delta: u64, k: i32) -> Option<(u64, i32)> {
    let shift = -mp.e as u32;
    let one = 1u64 << shift;
    let mask = one - 1;
    let p1 = mp.f >> shift;
    let p2 = mp.f & mask;
    let wp_w = mp.f.wrapping_sub(w.f);
    // RapidJSON never has ten integer digits here (its `CountDecimalDigit32` stops at nine).
    if p1 == 0 || p1 >= POW10[9] || delta == 0 {
        return None;
    }
    if p2 <= delta {
        return integer_stop(p1, p2, delta, shift, wp_w, k);
    }
    // The fraction's step n stops once `(p2 10^n) mod one < delta 10^n`, at the latest when
    // `delta 10^n >= one`; `delta >= 2^lg`, so that is from `n = (shift - lg) log10 2` on.
    let lg = 63 - delta.leading_zeros();
    let mut n = (((shift - lg) * 1233) >> 12) as usize;
    if n >= 19 {
        return None;
    }
    if delta * POW10[n] < one {
        n += 1;
    }
    let within =
        |m: usize| usize::from(m > 0 && p2.wrapping_mul(POW10[m]) & mask < delta * POW10[m]);
    // Count the earlier steps that stop already, four at once without branches (a loop's exit
    // is hard to predict), then one by one in the rare case that all four do.
    let below = within(n.saturating_sub(1))
        + within(n.saturating_sub(2))
        + within(n.saturating_sub(3))
        + within(n.saturating_sub(4));
    n = n.max(1) - below;
    while below == 4 && within(n - 1) == 1 {
        n -= 1;
    }
    let pn = POW10[n];
    let product = u128::from(p2) * u128::from(pn);
    let digits = p1.checked_mul(pn)? + (product >> shift) as u64;
    // RapidJSON 1.1.0 rounds only while the power of ten is in its 32-bit table.
    let wp_w = wp_w.wrapping_mul(if n < 9 { pn } else { 0 });
    let down = grisu_round(delta * pn, product as u64 & mask, one, wp_w);
    // The loop moves the last character only; a borrow out of it (which Grisu's bounds rule
    // out) is left to the loop, which then writes what RapidJSON writes.
    (down <= digits % 10).then(|| (digits - down, k - n as i32))
}

/// `DigitGen` when the fraction is within `delta`, so the loop stops in the integer part: at
/// the first digit from the top whose rest is within `delta`.
#[inline]
fn integer_stop(p1: u64, p2: u64, delta: u64, shift: u32, wp_w: u64, k: i32) -> Option<(u64, i32)> {
    // `p1` is below 10^9 here: 32-bit arithmetic, by constant powers of ten.
    let p1 = p1 as u32;
    let mut kappa = digit_count(u64::from(p1)) - 1;
    loop {
        let (digits, low) = split_pow10(p1, kappa);
        let rest = (u64::from(low) << shift) + p2;
        if rest <= delta {
            let digits = u64::from(digits);
            let down = grisu_round(delta, rest, POW10[kappa] << shift, wp_w);
            return (down <= digits % 10).then(|| (digits - down, k + kappa as i32));
        }
        // Step 0 always stops: its rest is `p2`.
        kappa = kappa.checked_sub(1)?;
    }
}

/// `(x / 10^kappa, x % 10^kappa)`, by constants (a multiplication each, not a division);
/// `kappa` is at most 8 (`x` is below 10^9).
#[inline]
fn split_pow10(x: u32, kappa: usize) -> (u32, u32) {
    macro_rules! by {
        ($p:expr) => {
            (x / $p, x % $p)
        };
    }
    match kappa {
        0 => (x, 0),
        1 => by!(10),
        2 => by!(100),
        3 => by!(1_000),
        4 => by!(10_000),
        5 => by!(100_000),
        6 => by!(1_000_000),
        7 => by!(10_000_000),
        _ => by!(100_000_000),
    }
}

/// RapidJSON's `GrisuRound`: how many times the last digit moves down towards `w` while that
/// stays within the range, in its unsigned (wrapping) arithmetic.
#[inline]
fn grisu_round(delta: u64, mut rest: u64, ten_kappa: u64, wp_w: u64) -> u64 {
    let mut down = 0;
    while rest < wp_w
        && delta.wrapping_sub(rest) >= ten_kappa
        && (rest.wrapping_add(ten_kappa) < wp_w
            || wp_w - rest > rest.wrapping_add(ten_kappa).wrapping_sub(wp_w))
    {
        down += 1;
        rest = rest.wrapping_add(ten_kappa);
    }
    down
}

/// RapidJSON's `DigitGen` step by step, for what [`quick_digits`] leaves out: the digits at
/// the start of `digits`, their count and decimal exponent.
#[cold]
fn digit_gen(w: Fp, mp: Fp, mut delta: u64, digits: &mut [u8; DIGITS], k: i32) -> (usize, i32) {
    let shift = -mp.e as u32;
    let one = 1u64 << shift;
    let wp_w = mp.f.wrapping_sub(w.f);
    let mut p1 = mp.f >> shift;
    let mut p2 = mp.f & (one - 1);
    // `CountDecimalDigit32`, which never says 10.
    let mut kappa = digit_count(p1).min(9);
    let mut len = 0;
    let round = |digits: &mut [u8; DIGITS], len: usize, down: u64| {
        if let Some(last) = len.checked_sub(1).and_then(|i| digits.get_mut(i)) {
            *last = last.wrapping_sub(down as u8);
        }
    };
    while kappa > 0 {
        let p = POW10[kappa - 1];
        let d = p1 / p;
        p1 %= p;
        if d != 0 || len != 0 {
            digits[len] = b'0'.wrapping_add(d as u8);
            len += 1;
        }
        kappa -= 1;
        let rest = (p1 << shift) + p2;
        if rest <= delta {
            round(
                digits,
                len,
                grisu_round(delta, rest, POW10[kappa] << shift, wp_w),
            );
            return (len, k + kappa as i32);
        }
    }
    let mut n = 0;
    loop {
        p2 *= 10;
        delta = delta.wrapping_mul(10);
        let d = (p2 >> shift) as u8;
        if d != 0 || len != 0 {
            digits[len] = b'0' + d;
            len += 1;
        }
        p2 &= one - 1;
        n += 1;
        if p2 < delta {
            let scale = if n < 9 { POW10[n] } else { 0 };
            round(
                digits,
                len,
                grisu_round(delta, p2, one, wp_w.wrapping_mul(scale)),
            );
            return (len, k - n as i32);
        }
    }
}

/// Digit buffer size: digits start at most at 24 and the layout copies 24 bytes from up to 21
/// digits further on.
const DIGITS: usize = 72;

/// Digits as ASCII, at some offset of a zeroed buffer.
struct Digits([u8; DIGITS]);

impl Digits {
    /// Writes `d` (below 10^19) so that its last digit is at 23; returns its digit count.
    /// Only the groups of eight that hold digits are made.
    #[inline]
    fn set(&mut self, d: u64) -> usize {
        const E8: u64 = 100_000_000;
        if d < E8 {
            self.group(16, d as u32);
        } else {
            let high = d / E8;
            self.group(16, (d - high * E8) as u32);
            if high < E8 {
                self.group(8, high as u32);
            } else {
                let top = high / E8;
                self.group(8, (high - top * E8) as u32);
                self.group(0, top as u32);
            }
        }
        digit_count(d)
    }

    /// The eight digits of `x` (below 10^8) at `at`.
    #[inline]
    fn group(&mut self, at: usize, x: u32) {
        self.0[at..at + 8].copy_from_slice(&eight_digits(x).to_le_bytes());
    }
}

/// The eight ASCII digits of `x` (below 10^8), first digit in the lowest byte: two halves of
/// four digits, then four pairs, then eight digits, each split by multiplying with a
/// reciprocal inside the word.
#[inline]
fn eight_digits(x: u32) -> u64 {
    let x = u64::from(x);
    let high = x / 10_000;
    let v = high | ((x - high * 10_000) << 32);
    let hundreds = ((v * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let v = hundreds | ((v - 100 * hundreds) << 16);
    let tens = ((v * 103) >> 10) & 0x000F_000F_000F_000F;
    (tens | ((v - 10 * tens) << 8)) + 0x3030_3030_3030_3030
}

/// The number of decimal digits of `d` (1 for 0).
#[inline]
fn digit_count(d: u64) -> usize {
    let bits = 64 - (d | 1).leading_zeros();
    let guess = ((bits * 1233) >> 12) as usize;
    guess + usize::from((d | 1) >= POW10[guess])
}

/// RapidJSON's `Prettify` (with its default of 324 decimal places): the `len` digits at `at`
/// of `digits`, times `10^k`, laid out at the start of `text`; returns the length.
#[inline]
fn layout(digits: &[u8; DIGITS], at: usize, len: usize, k: i32, text: &mut [u8]) -> usize {
    let kk = len as i32 + k;
    let from = |i: usize| &digits[at + i..at + i + 24];
    if 0 <= k && kk <= 21 {
        // 1234e7 -> 12340000000.0
        let kk = kk as usize;
        text[..24].copy_from_slice(from(0));
        text[len..len + 24].fill(b'0');
        text[kk..kk + 2].copy_from_slice(b".0");
        kk + 2
    } else if 0 < kk && kk <= 21 {
        // 1234e-2 -> 12.34
        let kk = kk as usize;
        text[..24].copy_from_slice(from(0));
        text[kk + 1..kk + 1 + 21].copy_from_slice(&from(kk)[..21]);
        text[kk] = b'.';
        len + 1
    } else if -6 < kk && kk <= 0 {
        // 1234e-6 -> 0.001234
        let offset = (2 - kk) as usize;
        text[..8].copy_from_slice(b"0.000000");
        text[offset..offset + 24].copy_from_slice(from(0));
        offset + len
    } else if kk < -324 {
        text[..3].copy_from_slice(b"0.0");
        3
    } else {
        // 1e30, 1234e30 -> 1.234e33
        text[0] = digits[at];
        let mut end = 1;
        if len > 1 {
            text[1] = b'.';
            text[2..len + 1].copy_from_slice(&digits[at + 1..at + len]);
            end = len + 1;
        }
        text[end] = b'e';
        end + 1 + exponent(kk - 1, &mut text[end + 1..])
    }
}

/// RapidJSON's `WriteExponent`: `-` when negative, no `+`, no leading zeros.
fn exponent(k: i32, text: &mut [u8]) -> usize {
    let sign = usize::from(k < 0);
    text[0] = b'-';
    let k = k.unsigned_abs() as usize;
    let n = digit_count(k as u64);
    let mut rest = k;
    for place in text[sign..sign + n].iter_mut().rev() {
        *place = b'0' + (rest % 10) as u8;
        rest /= 10;
    }
    sign + n
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
mod tests;
