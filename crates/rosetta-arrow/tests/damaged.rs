//! Damaged Parquet files that parquet 59 would panic on are errors that say where: found by
//! the fuzz target `arrow_import`, made here from a good file by changing one field.

use std::sync::Arc;

use arrow::array::{Int32Array, RecordBatch};
use arrow::datatypes::{DataType, Field, Schema};
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::file::reader::{FileReader, SerializedFileReader};
use rosetta_arrow::read_batches_in_memory;

/// One uncompressed column of small repeated numbers: a dictionary page, then one data page
/// whose values are dictionary indices (their bit width first).
fn dictionary_file() -> Vec<u8> {
    let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int32, false)]));
    let values = Int32Array::from_iter_values((0..10_000).map(|i| i % 4));
    let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(values)]).unwrap();
    let mut out = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut out, schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
    out
}

/// Where the data page's first value byte, the index bit width, sits in `file`: its body ends
/// the column chunk, and uncompressed it is the page's buffer.
fn bit_width_offset(file: &[u8]) -> usize {
    let reader = SerializedFileReader::new(Bytes::from(file.to_vec())).unwrap();
    let column = reader.metadata().row_group(0).column(0).clone();
    let (start, len) = column.byte_range();
    let mut pages = reader
        .get_row_group(0)
        .unwrap()
        .get_column_page_reader(0)
        .unwrap();
    let mut data_page = None;
    while let Some(page) = pages.get_next_page().unwrap() {
        if page.is_data_page() {
            data_page = Some(page.buffer().clone());
        }
    }
    let body = data_page.expect("a data page");
    let at = (start + len) as usize - body.len();
    assert_eq!(
        file[at..at + body.len()],
        body[..],
        "the page body ends the chunk"
    );
    at
}

#[test]
fn the_good_file_reads() {
    let file = dictionary_file();
    assert_eq!(file[bit_width_offset(&file)], 2, "4 values: 2-bit indices");
    let rows: usize = read_batches_in_memory(file, "n.parquet")
        .unwrap()
        .map(|b| b.unwrap().num_rows())
        .sum();
    assert_eq!(rows, 10_000);
}

#[test]
fn dictionary_indices_wider_than_32_bits_are_refused() {
    let mut file = dictionary_file();
    let at = bit_width_offset(&file);
    file[at] = 40;
    let err = read_batches_in_memory(file, "n.parquet")
        .err()
        .expect("an error");
    assert_eq!(
        err.to_string(),
        "n.parquet: row group 0, column `n`: page 1: dictionary indices of 40 bits (at most 32)"
    );
}

#[test]
fn a_column_chunk_past_the_end_of_the_file_is_refused() {
    let file = dictionary_file();
    // The magic and the footer, without the data: the column chunk runs past the end.
    let mut cut = b"PAR1".to_vec();
    let footer_len = u32::from_le_bytes(file[file.len() - 8..file.len() - 4].try_into().unwrap());
    cut.extend_from_slice(&file[file.len() - 8 - footer_len as usize..]);
    let err = read_batches_in_memory(cut, "n.parquet")
        .err()
        .expect("an error");
    assert!(
        err.to_string()
            .starts_with("n.parquet: row group 0, column `n`: its "),
        "{err}"
    );
}
