//! Damaged Parquet files that parquet 59 would panic on are errors that say where: found by
//! the fuzz target `arrow_import`, made here from a good file by changing one field.

use rosetta_arrow::read_batches_in_memory;
use rosetta_devtools::parquet::{bit_width_offset, dictionary_file};

/// A file of 10,000 rows: its data page is longer than its footer.
fn file() -> Vec<u8> {
    dictionary_file(10_000)
}

#[test]
fn the_good_file_reads() {
    let file = file();
    assert_eq!(file[bit_width_offset(&file)], 2, "4 values: 2-bit indices");
    let rows: usize = read_batches_in_memory(file, "n.parquet")
        .unwrap()
        .map(|b| b.unwrap().num_rows())
        .sum();
    assert_eq!(rows, 10_000);
}

#[test]
fn dictionary_indices_wider_than_32_bits_are_refused() {
    let mut file = file();
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
    let file = file();
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
