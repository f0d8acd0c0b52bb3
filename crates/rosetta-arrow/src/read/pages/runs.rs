//! Parquet's RLE/bit-packing hybrid streams (levels and dictionary indices), read only as far
//! as the checks need: parquet 59 decodes them trusting what they say.
//!
//! A stream is runs, each behind a ULEB128 header: `count << 1` followed by one value of
//! `ceil(width / 8)` bytes repeated `count` times, or `groups << 1 | 1` followed by `groups`
//! groups of 8 values packed at `width` bits each, least significant bit first.

/// One run of a stream: its values, or `None` at the stream's end (or where a run is cut
/// short, which parquet reports itself).
enum Run<'a> {
    Repeated { count: u64, value: u64 },
    Packed { groups: u64, bytes: &'a [u8] },
}

/// The runs of a stream of `width`-bit values, in order.
struct Runs<'a> {
    data: &'a [u8],
    at: usize,
    width: u32,
}

impl<'a> Runs<'a> {
    fn new(data: &'a [u8], width: u32) -> Self {
        Runs { data, at: 0, width }
    }

    fn header(&mut self) -> Option<u64> {
        let mut header = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = *self.data.get(self.at)?;
            self.at += 1;
            header |= u64::from(byte & 0x7f).checked_shl(shift).unwrap_or(0);
            shift += 7;
            if byte & 0x80 == 0 || shift >= 70 {
                return Some(header);
            }
        }
    }

    /// The next run. A packed run's bytes are those the stream has (up to its stated length):
    /// [`Run::Packed::groups`] says how many it claims.
    fn next_run(&mut self) -> Option<Run<'a>> {
        let header = self.header()?;
        let rest = &self.data[self.at..];
        if header & 1 == 1 {
            let groups = header >> 1;
            let claimed = groups.saturating_mul(u64::from(self.width));
            let len = usize::try_from(claimed)
                .unwrap_or(usize::MAX)
                .min(rest.len());
            self.at += len;
            Some(Run::Packed {
                groups,
                bytes: &rest[..len],
            })
        } else {
            let len = self.width.div_ceil(8) as usize;
            let bytes = rest.get(..len)?;
            self.at += len;
            let value = bytes
                .iter()
                .rev()
                .fold(0u64, |v, &b| (v << 8) | u64::from(b));
            Some(Run::Repeated {
                count: header >> 1,
                value,
            })
        }
    }
}

/// Checks a stream of 1-bit levels (a column's definition levels when it has one optional
/// level): every bit-packed run inside the stream. parquet 59's decoder of these copies a
/// run's bits without looking at the stream's end, and panics past it.
pub(super) fn check_bit_levels(data: &[u8]) -> Result<(), String> {
    let mut runs = Runs::new(data, 1);
    while let Some(run) = runs.next_run() {
        if let Run::Packed { groups, bytes } = run {
            if groups > bytes.len() as u64 {
                return Err(format!(
                    "a bit-packed run of {groups} bytes of levels with {} left",
                    bytes.len()
                ));
            }
        }
    }
    Ok(())
}

/// Checks the first `count` dictionary indices of a page (`width` bits each): each names one
/// of the dictionary's `entries`. parquet 59 makes Arrow dictionary arrays of them unchecked.
pub(super) fn check_indices(
    data: &[u8],
    width: u8,
    count: u32,
    entries: u32,
) -> Result<(), String> {
    let width = u32::from(width);
    let out_of_range =
        |index: u64| format!("dictionary index {index} of a dictionary of {entries} entries");
    let mut runs = Runs::new(data, width);
    let mut left = u64::from(count);
    while left > 0 {
        let Some(run) = runs.next_run() else {
            return Ok(());
        };
        match run {
            Run::Repeated { count, value } => {
                if count > 0 && value >= u64::from(entries) {
                    return Err(out_of_range(value));
                }
                left = left.saturating_sub(count);
            }
            Run::Packed { groups, bytes } => {
                let whole = if width == 0 {
                    groups.saturating_mul(8)
                } else {
                    (bytes.len() as u64 * 8) / u64::from(width)
                };
                let n = whole.min(groups.saturating_mul(8)).min(left);
                for i in 0..n {
                    let index = unpack(bytes, i * u64::from(width), width);
                    if index >= u64::from(entries) {
                        return Err(out_of_range(index));
                    }
                }
                left -= n;
            }
        }
    }
    Ok(())
}

/// The `width`-bit value at bit `start` of `bytes`, least significant bit first.
fn unpack(bytes: &[u8], start: u64, width: u32) -> u64 {
    (0..u64::from(width)).fold(0u64, |value, bit| {
        let at = start + bit;
        let set = bytes[(at / 8) as usize] >> (at % 8) & 1;
        value | u64::from(set) << bit
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_level_runs_must_fit_their_stream() {
        // 1 group of one byte, then an RLE run of 6 ones.
        check_bit_levels(&[3, 0xff, 12, 1]).unwrap();
        let err = check_bit_levels(&[5, 1]).unwrap_err();
        assert_eq!(err, "a bit-packed run of 2 bytes of levels with 1 left");
    }

    #[test]
    fn indices_must_name_an_entry() {
        // 3-bit indices 0..7 packed in one group: 0b000_001_010_011_100_101_110_111 read LSB
        // first is 0, 1, 2, ... 7.
        let packed = [3, 0b1000_1000, 0b1100_0110, 0b1111_1010];
        check_indices(&packed, 3, 8, 8).unwrap();
        assert_eq!(
            check_indices(&packed, 3, 8, 7).unwrap_err(),
            "dictionary index 7 of a dictionary of 7 entries"
        );
        // Only the page's values count: the 7th and 8th are padding.
        check_indices(&packed, 3, 6, 6).unwrap();
        // An RLE run of 5 copies of index 9 (2 bytes at 9 bits).
        check_indices(&[10, 9, 0], 9, 5, 10).unwrap();
        assert!(check_indices(&[10, 9, 0], 9, 5, 9).is_err());
        // A run of no values names nothing.
        check_indices(&[0, 200], 8, 5, 1).unwrap();
        // 0-bit indices are all 0.
        assert!(check_indices(&[3], 0, 4, 0).is_err());
        check_indices(&[3], 0, 4, 1).unwrap();
    }
}
