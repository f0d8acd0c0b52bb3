//! Checks of a Parquet file's column chunks and pages that parquet 59 trusts before it decodes
//! them, so that a damaged file is an error rather than a panic inside its reader:
//!
//! - every column chunk inside the file (its reader allocates the chunk's stated size);
//! - every dictionary-encoded data page's index bit width, the first byte of its values: at
//!   most 32 (the format's limit for its `i32` indices), and present at all. parquet 59 reads
//!   it unchecked and its bit unpacker asserts on a wider one (fixed upstream after 59:
//!   apache/arrow-rs#10722).
//!
//! The pages are read (and decompressed) once more for this, which costs import time in
//! exchange for never aborting; checking them inside parquet's own decoding is not possible
//! from outside the crate.

use std::sync::Arc;

use arrow::datatypes::{DataType, Field, Schema as ArrowSchema};
use bytes::Bytes;
use parquet::basic::{Encoding, Type as PhysicalType};
use parquet::column::page::{Page, PageReader};
use parquet::file::metadata::ParquetMetaData;
use parquet::file::reader::{ChunkReader, Length};
use parquet::file::serialized_reader::SerializedPageReader;

mod runs;

use runs::{check_bit_levels, check_indices};

/// The widest dictionary index the Parquet format allows.
const MAX_INDEX_BITS: u8 = 32;

/// A chunk reader shared between the checks and the record batch reader.
pub(crate) struct Shared<R>(pub(crate) Arc<R>);

impl<R: ChunkReader> Length for Shared<R> {
    fn len(&self) -> u64 {
        self.0.len()
    }
}

impl<R: ChunkReader> ChunkReader for Shared<R> {
    type T = R::T;

    fn get_read(&self, start: u64) -> parquet::errors::Result<Self::T> {
        self.0.get_read(start)
    }

    fn get_bytes(&self, start: u64, length: usize) -> parquet::errors::Result<Bytes> {
        self.0.get_bytes(start, length)
    }
}

/// Checks every column chunk's extent and the pages of `source`, described by `metadata`: of
/// the top-level `columns` (their leaves), or of every column (`None`). The error says which
/// row group, column and page.
pub(crate) fn check_pages<R: ChunkReader>(
    source: &Arc<R>,
    metadata: &ParquetMetaData,
    columns: Option<&[String]>,
) -> Result<(), String> {
    let file_len = source.len();
    for (g, group) in metadata.row_groups().iter().enumerate() {
        let rows = usize::try_from(group.num_rows()).unwrap_or(0);
        for column in group.columns() {
            let at = |what: String| {
                format!(
                    "row group {g}, column `{}`: {what}",
                    column.column_path().string()
                )
            };
            let start = column
                .dictionary_page_offset()
                .unwrap_or(column.data_page_offset());
            let (Ok(start), Ok(size)) = (
                u64::try_from(start),
                u64::try_from(column.compressed_size()),
            ) else {
                return Err(at("a negative offset or size".into()));
            };
            if column.data_page_offset() < 0
                || start.checked_add(size).is_none_or(|end| end > file_len)
            {
                return Err(at(format!(
                    "its {size} bytes at offset {start} are not inside the file of {file_len} bytes"
                )));
            }
            let top = column.column_path().parts().first();
            if columns.is_some_and(|wanted| !top.is_some_and(|top| wanted.contains(top))) {
                continue;
            }
            let descr = column.column_descr();
            let levels = Levels {
                rep_bits: bits_for(descr.max_rep_level()),
                def_bits: bits_for(descr.max_def_level()),
                byte_array: descr.physical_type() == PhysicalType::BYTE_ARRAY,
            };
            let pages = SerializedPageReader::new(Arc::clone(source), column, rows, None)
                .map_err(|e| at(e.to_string()))?;
            check_column(pages, levels).map_err(at)?;
        }
    }
    Ok(())
}

/// Checks the Arrow types that a file's embedded schema gives its columns (`hinted`) against
/// those its Parquet schema has (`stored`): a dictionary of strings over binary data is
/// refused, which parquet 59 builds unchecked (it asserts in debug builds).
pub(crate) fn check_hinted_types(hinted: &ArrowSchema, stored: &ArrowSchema) -> Result<(), String> {
    let mut pending: Vec<(&Field, &Field)> = hinted
        .fields()
        .iter()
        .zip(stored.fields().iter())
        .map(|(h, s)| (h.as_ref(), s.as_ref()))
        .collect();
    while let Some((hint, store)) = pending.pop() {
        if let DataType::Dictionary(_, value) = hint.data_type() {
            let text = matches!(
                value.as_ref(),
                DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
            );
            let binary = matches!(
                store.data_type(),
                DataType::Binary | DataType::LargeBinary | DataType::BinaryView
            );
            if text && binary {
                return Err(format!(
                    "column `{}`: a dictionary of strings over binary data",
                    hint.name()
                ));
            }
        }
        pending.extend(
            children(hint.data_type())
                .into_iter()
                .zip(children(store.data_type())),
        );
    }
    Ok(())
}

/// The child fields of a nested Arrow type.
fn children(ty: &DataType) -> Vec<&Field> {
    match ty {
        DataType::Struct(fields) => fields.iter().map(|f| f.as_ref()).collect(),
        DataType::List(f)
        | DataType::LargeList(f)
        | DataType::FixedSizeList(f, _)
        | DataType::Map(f, _) => vec![f.as_ref()],
        _ => Vec::new(),
    }
}

/// What the checks need of a column: the bit widths of its repetition and definition levels
/// (0: the column has none), and whether its values are byte arrays.
#[derive(Clone, Copy)]
struct Levels {
    rep_bits: u32,
    def_bits: u32,
    byte_array: bool,
}

fn bits_for(max_level: i16) -> u32 {
    u16::BITS - (max_level.max(0) as u16).leading_zeros()
}

fn check_column(mut pages: impl PageReader, levels: Levels) -> Result<(), String> {
    let mut n = 0usize;
    // The entries of the column chunk's dictionary, once its page is read.
    let mut dictionary = None;
    while let Some(page) = pages
        .get_next_page()
        .map_err(|e| format!("page {n}: {e}"))?
    {
        let at = |e: String| format!("page {n}: {e}");
        if let Page::DictionaryPage { num_values, .. } = &page {
            dictionary = Some(*num_values);
        }
        // parquet 59's reader of primitive columns expects the dictionary it decodes indices
        // into to be there (it panics otherwise).
        if page.is_data_page() && is_dictionary(page.encoding()) && dictionary.is_none() {
            return Err(at("dictionary indices before any dictionary page".into()));
        }
        check_page(&page, levels, dictionary.unwrap_or(0)).map_err(at)?;
        n += 1;
    }
    Ok(())
}

/// Checks one page of a column chunk whose dictionary (if any) has `dictionary` entries.
fn check_page(page: &Page, levels: Levels, dictionary: u32) -> Result<(), String> {
    // The values section and how many values the reader expects in it.
    let (values, count, encoding) = match page {
        Page::DataPage {
            buf,
            num_values,
            encoding,
            rep_level_encoding,
            def_level_encoding,
            ..
        } => {
            let (_, rest) = split_levels(buf, levels.rep_bits, *rep_level_encoding, *num_values)?;
            let (def, rest) =
                split_levels(rest, levels.def_bits, *def_level_encoding, *num_values)?;
            if levels.def_bits == 1 && *def_level_encoding == Encoding::RLE {
                check_bit_levels(def)?;
            }
            (rest, *num_values, *encoding)
        }
        Page::DataPageV2 {
            buf,
            num_values,
            num_nulls,
            encoding,
            def_levels_byte_len,
            rep_levels_byte_len,
            ..
        } => {
            let (rep_len, def_len) = (*rep_levels_byte_len as usize, *def_levels_byte_len as usize);
            let def = buf
                .get(rep_len..rep_len + def_len)
                .ok_or("its levels are longer than the page")?;
            if levels.def_bits == 1 {
                check_bit_levels(def)?;
            }
            let rest = &buf[rep_len + def_len..];
            (rest, num_values.saturating_sub(*num_nulls), *encoding)
        }
        // A dictionary page's values are plain whatever its encoding says (`PLAIN_DICTIONARY`
        // in old files).
        Page::DictionaryPage {
            buf, num_values, ..
        } => (&buf[..], *num_values, Encoding::PLAIN),
    };
    if is_dictionary(encoding) {
        return match values.split_first() {
            None => Err("a dictionary-encoded page without its index bit width".into()),
            Some((&bits, _)) if bits > MAX_INDEX_BITS => Err(format!(
                "dictionary indices of {bits} bits (at most {MAX_INDEX_BITS})"
            )),
            // parquet 59 hands indices to Arrow dictionary arrays unchecked.
            Some((&bits, indices)) => check_indices(indices, bits, count, dictionary),
        };
    }
    // parquet 59's plain byte array decoder divides by the values it has left to read, so
    // bytes past the page's count of values make it divide by zero (data and dictionary
    // pages alike).
    if encoding == Encoding::PLAIN && levels.byte_array {
        let after = past_byte_arrays(values, count);
        if after > 0 {
            return Err(format!(
                "{after} bytes after its {count} plain values (a page ends with its last value)"
            ));
        }
    }
    Ok(())
}

/// How many bytes of `values` follow the first `count` plain byte arrays (each behind its
/// 4-byte length). A value cut short leaves nothing after it: parquet reports that itself.
fn past_byte_arrays(values: &[u8], count: u32) -> usize {
    let mut at = 0usize;
    for _ in 0..count {
        let Some(prefix) = values.get(at..at + 4) else {
            return 0;
        };
        let len = u32::from_le_bytes([prefix[0], prefix[1], prefix[2], prefix[3]]) as usize;
        at = at.saturating_add(4).saturating_add(len);
        if at >= values.len() {
            return 0;
        }
    }
    values.len() - at
}

fn is_dictionary(encoding: Encoding) -> bool {
    matches!(
        encoding,
        Encoding::RLE_DICTIONARY | Encoding::PLAIN_DICTIONARY
    )
}

/// A v1 page's levels of `bits` bits each at the start of `data`, and what follows them: RLE
/// levels behind their 4-byte length, or the deprecated bit-packed levels, `num_values` of
/// them.
// Bit-packed levels are deprecated for writers, but old files have them and parquet reads them.
#[allow(deprecated)]
fn split_levels(
    data: &[u8],
    bits: u32,
    encoding: Encoding,
    num_values: u32,
) -> Result<(&[u8], &[u8]), String> {
    if bits == 0 {
        return Ok((&[], data));
    }
    let (start, len) = match encoding {
        Encoding::RLE => {
            let prefix: [u8; 4] = data
                .get(..4)
                .and_then(|p| p.try_into().ok())
                .ok_or("its levels' length is cut off")?;
            (4, u32::from_le_bytes(prefix) as usize)
        }
        Encoding::BIT_PACKED => (0, (num_values as usize * bits as usize).div_ceil(8)),
        other => return Err(format!("levels encoded as {other}")),
    };
    let end = start + len;
    match (data.get(start..end), data.get(end..)) {
        (Some(levels), Some(rest)) => Ok((levels, rest)),
        _ => Err(format!("its levels ({end} bytes) are longer than the page")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(buf: Vec<u8>, encoding: Encoding) -> Page {
        Page::DataPage {
            buf: buf.into(),
            num_values: 3,
            encoding,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        }
    }

    const FLAT: Levels = Levels {
        rep_bits: 0,
        def_bits: 0,
        byte_array: false,
    };
    const NULLABLE: Levels = Levels {
        rep_bits: 0,
        def_bits: 1,
        byte_array: false,
    };
    const STRINGS: Levels = Levels {
        rep_bits: 0,
        def_bits: 0,
        byte_array: true,
    };

    #[test]
    fn dictionary_index_widths_are_checked() {
        assert!(check_page(&page(vec![3, 0], Encoding::RLE_DICTIONARY), FLAT, 4).is_ok());
        let wide = check_page(&page(vec![40, 0], Encoding::RLE_DICTIONARY), FLAT, 4).unwrap_err();
        assert_eq!(wide, "dictionary indices of 40 bits (at most 32)");
        let empty = check_page(&page(vec![], Encoding::PLAIN_DICTIONARY), FLAT, 4).unwrap_err();
        assert!(empty.contains("without its index bit width"), "{empty}");
        // Plain values are not dictionary indices, but there must be some if there are bytes.
        assert!(check_page(&page(vec![200], Encoding::PLAIN), FLAT, 4).is_ok());
        // Strings: two values of 1 and 0 bytes, then one byte too many.
        let strings = |buf: Vec<u8>, num_values| Page::DataPage {
            buf: buf.into(),
            num_values,
            encoding: Encoding::PLAIN,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        let two = vec![1, 0, 0, 0, b'x', 0, 0, 0, 0];
        assert!(check_page(&strings(two.clone(), 2), STRINGS, 4).is_ok());
        assert!(check_page(&strings(two.clone(), 3), STRINGS, 4).is_ok());
        let err = check_page(&strings(two.clone(), 1), STRINGS, 4).unwrap_err();
        assert_eq!(
            err,
            "4 bytes after its 1 plain values (a page ends with its last value)"
        );
        assert!(check_page(&strings(two, 0), STRINGS, 4).is_err());
        assert!(check_page(&strings(vec![9, 0, 0, 0, b'x'], 1), STRINGS, 4).is_ok());
        let dictionary = |num_values| Page::DictionaryPage {
            buf: vec![1, 0, 0, 0, b'x', 2].into(),
            num_values,
            encoding: Encoding::PLAIN_DICTIONARY,
            is_sorted: false,
        };
        assert!(check_page(&dictionary(1), STRINGS, 4).is_err());
        assert!(check_page(&dictionary(2), STRINGS, 4).is_ok());
    }

    #[test]
    #[allow(deprecated)]
    fn the_width_is_found_after_the_levels() {
        // Definition levels: a 2-byte RLE run behind its length, then the values.
        let ok = vec![2, 0, 0, 0, 6, 1, 5, 0];
        assert!(check_page(&page(ok, Encoding::RLE_DICTIONARY), NULLABLE, 4).is_ok());
        let wide = vec![2, 0, 0, 0, 6, 1, 33, 0];
        assert!(check_page(&page(wide, Encoding::RLE_DICTIONARY), NULLABLE, 4).is_err());
        let cut = vec![9, 0, 0, 0, 6];
        let err = check_page(&page(cut, Encoding::RLE_DICTIONARY), NULLABLE, 4).unwrap_err();
        assert!(err.contains("longer than the page"), "{err}");
        // A bit-packed run of 2 groups (header 5) with 1 byte left.
        let short = vec![2, 0, 0, 0, 5, 1, 5, 0];
        let err = check_page(&page(short, Encoding::RLE_DICTIONARY), NULLABLE, 4).unwrap_err();
        assert_eq!(err, "a bit-packed run of 2 bytes of levels with 1 left");
        // 1 group (header 3) of one byte, then an RLE run of 6 ones.
        let runs = vec![4, 0, 0, 0, 3, 0xff, 12, 1, 5, 0];
        assert!(check_page(&page(runs, Encoding::RLE_DICTIONARY), NULLABLE, 4).is_ok());
        // Bit-packed levels: 3 values of 1 bit in one byte.
        let packed = Page::DataPage {
            buf: vec![0b101, 7].into(),
            num_values: 3,
            encoding: Encoding::RLE_DICTIONARY,
            def_level_encoding: Encoding::BIT_PACKED,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        assert!(check_page(&packed, NULLABLE, 4).is_ok());
    }

    /// Pages handed out in order.
    struct Pages(std::vec::IntoIter<Page>);

    impl Iterator for Pages {
        type Item = parquet::errors::Result<Page>;
        fn next(&mut self) -> Option<Self::Item> {
            self.0.next().map(Ok)
        }
    }

    impl PageReader for Pages {
        fn get_next_page(&mut self) -> parquet::errors::Result<Option<Page>> {
            Ok(self.0.next())
        }
        fn peek_next_page(
            &mut self,
        ) -> parquet::errors::Result<Option<parquet::column::page::PageMetadata>> {
            Ok(None)
        }
        fn skip_next_page(&mut self) -> parquet::errors::Result<()> {
            self.0.next();
            Ok(())
        }
    }

    #[test]
    fn dictionary_indices_need_their_dictionary_first() {
        let dictionary = || Page::DictionaryPage {
            buf: vec![1, 0, 0, 0].into(),
            num_values: 1,
            encoding: Encoding::PLAIN,
            is_sorted: false,
        };
        let indices = || page(vec![1, 0], Encoding::RLE_DICTIONARY);
        let check = |pages: Vec<Page>| check_column(Pages(pages.into_iter()), FLAT);
        check(vec![dictionary(), indices(), indices()]).unwrap();
        let err = check(vec![indices(), dictionary()]).unwrap_err();
        assert_eq!(err, "page 0: dictionary indices before any dictionary page");
    }

    #[test]
    fn a_string_dictionary_over_binary_data_is_refused() {
        let dictionary = DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8));
        let nested = |ty: DataType| {
            ArrowSchema::new(vec![Field::new(
                "s",
                DataType::Struct(vec![Field::new("kind", ty, true)].into()),
                true,
            )])
        };
        check_hinted_types(&nested(dictionary.clone()), &nested(DataType::Utf8)).unwrap();
        let err = check_hinted_types(&nested(dictionary), &nested(DataType::Binary)).unwrap_err();
        assert_eq!(
            err,
            "column `kind`: a dictionary of strings over binary data"
        );
    }

    #[test]
    fn v2_pages_keep_their_levels_apart() {
        let v2 = |buf: Vec<u8>, levels: u32| Page::DataPageV2 {
            buf: buf.into(),
            num_values: 1,
            encoding: Encoding::RLE_DICTIONARY,
            num_nulls: 0,
            num_rows: 1,
            def_levels_byte_len: levels,
            rep_levels_byte_len: 0,
            is_compressed: false,
            statistics: None,
        };
        assert!(check_page(&v2(vec![0xff, 4, 0], 1), NULLABLE, 4).is_ok());
        assert!(check_page(&v2(vec![0, 64, 0], 1), NULLABLE, 4).is_err());
        assert!(check_page(&v2(vec![0], 2), NULLABLE, 4).is_err());
    }
}
