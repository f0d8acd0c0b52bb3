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
#[inline(always)]
pub(crate) fn find_special(bytes: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i + 8 <= bytes.len() {
        let bits = special_bits(read_u64(&bytes[i..]));
        if bits != 0 {
            return Some(i + bits.trailing_zeros() as usize / 8);
        }
        i += 8;
    }
    if i == bytes.len() {
        return None;
    }
    // The tail is checked as one word read from the input itself (copying it to a buffer would
    // stall the load on the copy's stores): the last eight bytes, or two overlapping halves of
    // a short string. The bytes they share with what was checked are plain, so the first
    // special byte of the word is the first of the tail.
    let n = bytes.len();
    if n >= 8 {
        let bits = special_bits(read_u64(&bytes[n - 8..]));
        return (bits != 0).then(|| n - 8 + bits.trailing_zeros() as usize / 8);
    }
    if n >= 4 {
        // The four zero bytes above a half are flagged too; only the half's own count.
        let half = |b: &[u8]| special_bits(u64::from(read_u32(b))) & 0x8080_8080;
        let low = half(&bytes[..4]);
        if low != 0 {
            return Some(low.trailing_zeros() as usize / 8);
        }
        let high = half(&bytes[n - 4..]);
        return (high != 0).then(|| n - 4 + high.trailing_zeros() as usize / 8);
    }
    bytes.iter().position(|&b| is_special(b))
}

/// Whether `text` is `name` and holds nothing a JSON string must escape: a member name that
/// the text spells out plainly. Compared a word at a time in place (names are short, and a call
/// to `memcmp` costs more than comparing them), with the escape check on the same words.
#[inline(always)]
pub(crate) fn same_plain_bytes(text: &[u8], name: &[u8]) -> bool {
    let n = text.len();
    if n != name.len() {
        return false;
    }
    if n >= 8 {
        let mut i = 0;
        while i + 8 < n {
            if !plain_word(&text[i..], &name[i..]) {
                return false;
            }
            i += 8;
        }
        return plain_word(&text[n - 8..], &name[n - 8..]);
    }
    if n >= 4 {
        return plain_half(text, name) && plain_half(&text[n - 4..], &name[n - 4..]);
    }
    text.iter()
        .zip(name)
        .all(|(&t, &m)| t == m && !is_special(t))
}

/// The first eight bytes of `text` are those of `name`, none of them special.
#[inline(always)]
fn plain_word(text: &[u8], name: &[u8]) -> bool {
    let w = read_u64(text);
    w == read_u64(name) && special_bits(w) == 0
}

/// [`plain_word`] for four bytes.
#[inline(always)]
fn plain_half(text: &[u8], name: &[u8]) -> bool {
    let w = read_u32(text);
    w == read_u32(name) && special_bits(u64::from(w)) & 0x8080_8080 == 0
}

#[inline(always)]
fn read_u64(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&b[..8]);
    u64::from_le_bytes(w)
}

#[inline(always)]
fn read_u32(b: &[u8]) -> u32 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&b[..4]);
    u32::from_le_bytes(w)
}

/// The index just past the JSON string that opens at `open` (its `"`), escapes skipped; the
/// end of `b` when it is not closed. For passes over JSON text that must not look inside
/// strings.
pub(crate) fn string_end(b: &[u8], open: usize) -> usize {
    let mut i = open + 1;
    while let Some(&c) = b.get(i) {
        i += if c == b'\\' { 2 } else { 1 };
        if c == b'"' {
            return i;
        }
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_plain_bytes_of_every_length() {
        for len in 0..40usize {
            let a: Vec<u8> = (0..len as u8).map(|i| b'a' + i % 26).collect();
            assert!(same_plain_bytes(&a, &a.clone()), "{len}");
            assert!(!same_plain_bytes(&a, &a[..len.saturating_sub(1)]) || len == 0);
            for at in 0..len {
                let mut b = a.clone();
                b[at] ^= 0x20;
                assert!(!same_plain_bytes(&a, &b), "{len} {at}");
                for special in [b'"', b'\\', b'\n'] {
                    b[at] = special;
                    assert!(!same_plain_bytes(&b, &b.clone()), "{len} {at} {special}");
                }
            }
        }
    }

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
