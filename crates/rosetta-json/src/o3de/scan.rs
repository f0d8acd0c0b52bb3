//! Finding the bytes a JSON string cannot hold as they are (`"`, `\` and control characters),
//! eight at a time: the writer copies everything before them at once, the reader finds the end
//! of a string without escapes the same way.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `w` that is `"`, `\` or below 0x20 (SWAR "has less than" and
/// "has byte" tests; bytes of 0x80 and above never match). The lowest bit set is exact: a
/// borrow only ever flags bytes above one that matched.
#[inline]
fn special_bits(w: u64) -> u64 {
    let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGHS;
    let q = w ^ (ONES * u64::from(b'"'));
    let quote = q.wrapping_sub(ONES) & !q & HIGHS;
    let s = w ^ (ONES * u64::from(b'\\'));
    let backslash = s.wrapping_sub(ONES) & !s & HIGHS;
    below_space | quote | backslash
}

#[inline]
fn is_special(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The index of the first `"`, `\` or control character in `bytes`, if any.
#[inline]
pub(crate) fn find_special(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&bytes[i..i + 8]);
        let bits = special_bits(u64::from_le_bytes(word));
        if bits != 0 {
            return Some(i + bits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    bytes[i..]
        .iter()
        .position(|&b| is_special(b))
        .map(|p| i + p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_first_special_byte_anywhere() {
        for len in 0..40 {
            for at in 0..len {
                for special in [b'"', b'\\', 0u8, 0x1f, b'\n'] {
                    let mut bytes = vec![b'a'; len];
                    bytes[at] = special;
                    assert_eq!(find_special(&bytes), Some(at), "{len} {at} {special}");
                }
            }
            let plain: Vec<u8> = (0..len)
                .map(|i| [b'a', 0x20, 0x7f, 0x80, 0xff, b'~'][i % 6])
                .collect();
            assert_eq!(find_special(&plain), None, "{len}");
        }
    }
}
