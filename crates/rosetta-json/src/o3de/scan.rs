//! Finding the bytes a JSON string cannot hold as they are (`"`, `\` and control characters),
//! eight at a time: the writer copies everything before them at once, the reader finds the end
//! of a string without escapes the same way.

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGHS: u64 = 0x8080_8080_8080_8080;

/// Whether any byte of `w` is `"`, `\` or below 0x20 (exact: SWAR "has less than" and "has
/// byte" tests; bytes of 0x80 and above never match).
#[inline]
fn word_has_special(w: u64) -> bool {
    let below_space = w.wrapping_sub(ONES * 0x20) & !w & HIGHS;
    let q = w ^ (ONES * u64::from(b'"'));
    let quote = q.wrapping_sub(ONES) & !q & HIGHS;
    let s = w ^ (ONES * u64::from(b'\\'));
    let backslash = s.wrapping_sub(ONES) & !s & HIGHS;
    below_space | quote | backslash != 0
}

#[inline]
fn is_special(b: u8) -> bool {
    b < 0x20 || b == b'"' || b == b'\\'
}

/// The index of the first `"`, `\` or control character in `bytes`, if any.
#[inline(always)]
pub(crate) fn find_special(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        if word_has_special(read_u64(&bytes[i..])) {
            return bytes[i..]
                .iter()
                .position(|&b| is_special(b))
                .map(|p| i + p);
        }
        i += 8;
    }
    let tail = &bytes[i..];
    // The tail is checked as one word read from the input itself (copying it to a buffer would
    // stall the load on the copy's stores): the last eight bytes, which overlap bytes already
    // found plain, or two overlapping halves of a short string.
    let n = bytes.len();
    let word = if n >= 8 {
        read_u64(&bytes[n - 8..])
    } else if n >= 4 {
        u64::from(read_u32(&bytes[..4])) | u64::from(read_u32(&bytes[n - 4..])) << 32
    } else {
        return tail.iter().position(|&b| is_special(b)).map(|p| i + p);
    };
    if tail.is_empty() || !word_has_special(word) {
        return None;
    }
    tail.iter().position(|&b| is_special(b)).map(|p| i + p)
}

fn read_u64(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

fn read_u32(b: &[u8]) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[..4]);
    u32::from_le_bytes(w)
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
