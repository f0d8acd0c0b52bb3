//! A Parquet file to damage: one uncompressed, dictionary-encoded column, and where its data
//! page's index bit width sits, so a test can change that one byte (parquet 59 panics on a
//! width over 32 unless the reader checks it first).

use std::sync::Arc;

use arrow::array::{Int32Array, RecordBatch};
use arrow::datatypes::{DataType, Field, Schema};
use bytes::Bytes;
use parquet::arrow::ArrowWriter;
use parquet::file::reader::{FileReader, SerializedFileReader};

/// A Parquet file of one column `n` (`Int32`), `rows` rows of `i % 4`: a dictionary page, then
/// one data page of 2-bit dictionary indices, uncompressed.
pub fn dictionary_file(rows: i32) -> Vec<u8> {
    let schema = Arc::new(Schema::new(vec![Field::new("n", DataType::Int32, false)]));
    let values = Int32Array::from_iter_values((0..rows).map(|i| i % 4));
    let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(values)]).unwrap();
    let mut out = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut out, schema, None).unwrap();
    writer.write(&batch).unwrap();
    writer.close().unwrap();
    out
}

/// Where the data page's first value byte, the index bit width, sits in `file` (made by
/// [`dictionary_file`]): the page's body ends the column chunk and, uncompressed, is the
/// page's buffer.
pub fn bit_width_offset(file: &[u8]) -> usize {
    let reader = SerializedFileReader::new(Bytes::from(file.to_vec())).unwrap();
    let (start, len) = reader.metadata().row_group(0).column(0).byte_range();
    let mut pages = reader
        .get_row_group(0)
        .unwrap()
        .get_column_page_reader(0)
        .unwrap();
    let mut body = None;
    while let Some(page) = pages.get_next_page().unwrap() {
        if page.is_data_page() {
            body = Some(page.buffer().clone());
        }
    }
    let body = body.expect("a data page");
    let at = (start + len) as usize - body.len();
    assert_eq!(
        file[at..at + body.len()],
        body[..],
        "the page body ends the chunk"
    );
    at
}
