//! Suite `spatialos-snapshot`: binary snapshots read and re-write to the same bytes.
//!
//! `rosetta-conformance spatialos-snapshot PATH`, PATH a `.snapshot` file or a directory (every
//! `*.snapshot` under it, sorted). Each file is one check: it is decompressed, read entity by
//! entity with `rosetta_wire::snapshot`, written again as a decompressed record stream (each
//! entity's components in the file's order), and the two streams must be identical byte for
//! byte. A gzip file is then written again with the default compression (zlib's level 6, as the
//! SDK wrote it) and its own header's OS byte, and must be the same file byte for byte. A
//! difference in the records is reported with its offset, the record it falls in, and the
//! bytes around it on both sides.

use std::fs;
use std::path::{Path, PathBuf};

use rosetta_wire::snapshot::{
    decompress, read_entities, write_entities_in_order, ComponentOrder, Compression, GzipOptions,
    SnapshotWriter, GZIP_MAGIC,
};

use crate::guard;
use crate::report::Report;

/// Runs the suite on a `.snapshot` file or on every one under a directory.
pub fn run(path: &Path, report: &mut Report) -> Result<(), String> {
    if path.is_dir() {
        let mut files = Vec::new();
        find_snapshots(path, &mut files).map_err(|e| format!("{}: {e}", path.display()))?;
        if files.is_empty() {
            return Err(format!("no .snapshot files under {}", path.display()));
        }
        for file in files {
            let label = file
                .strip_prefix(path)
                .unwrap_or(&file)
                .display()
                .to_string();
            check_file(&file, &label, report);
        }
        Ok(())
    } else if path.is_file() {
        check_file(path, &path.display().to_string(), report);
        Ok(())
    } else {
        Err(format!(
            "{} is neither a file nor a directory",
            path.display()
        ))
    }
}

/// Every `*.snapshot` under `dir`, sorted by path.
fn find_snapshots(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    let mut entries = fs::read_dir(dir)?
        .map(|e| e.map(|e| e.path()))
        .collect::<std::io::Result<Vec<_>>>()?;
    entries.sort();
    for path in entries {
        if path.is_dir() {
            find_snapshots(&path, out)?;
        } else if path.extension().is_some_and(|e| e == "snapshot") {
            out.push(path);
        }
    }
    Ok(())
}

fn check_file(path: &Path, label: &str, report: &mut Report) {
    let outcome = fs::read(path)
        .map_err(|e| format!("cannot read it: {e}"))
        .and_then(|bytes| guard::catch(|| round_trip(&bytes)).and_then(|r| r));
    report.record(&format!("snapshot {label}"), outcome);
}

/// Reads and re-writes one snapshot; `Err` says how the streams differ.
fn round_trip(bytes: &[u8]) -> Result<(), String> {
    let stream = decompress(bytes).map_err(|e| format!("cannot decompress it: {e}"))?;
    let entities = read_entities(&stream).map_err(|e| format!("cannot read it: {e}"))?;
    // The file's own component order: the SDK's C API kept the order it was given.
    let again = write_entities_in_order(&entities, Compression::Raw, ComponentOrder::AsGiven)
        .map_err(|e| format!("cannot write it again: {e}"))?;
    if let Some(at) = first_difference(&stream, &again) {
        return Err(describe_difference(&stream, &again, at));
    }
    if bytes.starts_with(&GZIP_MAGIC) && bytes.len() >= 10 {
        let gzip = gzip_again(&entities, GzipOptions::default().os(bytes[9]))
            .map_err(|e| format!("cannot write it again as gzip: {e}"))?;
        if let Some(at) = first_difference(bytes, &gzip) {
            return Err(format!(
                "the records are the same, but the gzip file written again with the default \
                 compression differs at byte {at} of {} (ours: {} bytes)",
                bytes.len(),
                gzip.len()
            ));
        }
    }
    Ok(())
}

/// The snapshot file `entities` make, in their own component order, gzip as `options` say.
fn gzip_again(
    entities: &[rosetta_wire::snapshot::SnapshotEntity],
    options: GzipOptions,
) -> rosetta_wire::Result<Vec<u8>> {
    let mut writer =
        SnapshotWriter::with_gzip(Vec::new(), options)?.component_order(ComponentOrder::AsGiven);
    for entity in entities {
        writer.write_entity(entity)?;
    }
    writer.finish()
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(at) => Some(at),
        None if a.len() != b.len() => Some(a.len().min(b.len())),
        None => None,
    }
}

fn describe_difference(original: &[u8], again: &[u8], at: usize) -> String {
    let place = match record_at(original, at) {
        Some((0, start)) => format!("in the header record at {start}"),
        Some((index, start)) => {
            format!("in record {index} (entity record {}) at {start}", index - 1)
        }
        None => "after the last record".to_owned(),
    };
    format!(
        "the re-written stream differs at decompressed byte {at} ({place}); lengths {} and {}; \
         original {}; re-written {}",
        original.len(),
        again.len(),
        hex_around(original, at),
        hex_around(again, at)
    )
}

/// The 0-based index of the record holding byte `at` of a record stream, and where it starts.
fn record_at(stream: &[u8], at: usize) -> Option<(usize, usize)> {
    let mut pos = 0;
    let mut index = 0;
    while pos < stream.len() {
        let start = pos;
        let mut length = 0u64;
        let mut shift = 0u32;
        loop {
            let byte = *stream.get(pos)?;
            pos += 1;
            length |= u64::from(byte & 0x7f).checked_shl(shift).unwrap_or(0);
            shift += 7;
            if byte & 0x80 == 0 || shift > 63 {
                break;
            }
        }
        let end = pos.saturating_add(usize::try_from(length).ok()?);
        if at < end {
            return Some((index, start));
        }
        pos = end;
        index += 1;
    }
    None
}

/// Up to 8 bytes either side of `at`, the byte at `at` in brackets.
fn hex_around(bytes: &[u8], at: usize) -> String {
    let from = at.saturating_sub(8);
    let to = at.saturating_add(9).min(bytes.len());
    let mut out = format!("@{from}:");
    for (i, byte) in bytes.iter().enumerate().take(to).skip(from) {
        if i == at {
            out.push_str(&format!(" [{byte:02x}]"));
        } else {
            out.push_str(&format!(" {byte:02x}"));
        }
    }
    if at >= bytes.len() {
        out.push_str(" [end]");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn differences_are_located() {
        let stream = [0x00, 0x02, 0x08, 0x01];
        assert_eq!(first_difference(&stream, &stream), None);
        assert_eq!(first_difference(&stream, &stream[..3]), Some(3));
        assert_eq!(record_at(&stream, 0), Some((0, 0)));
        assert_eq!(record_at(&stream, 3), Some((1, 1)));
        assert_eq!(record_at(&stream, 4), None);
        let text = describe_difference(&stream, &[0x00, 0x02, 0x08, 0x02], 3);
        assert!(
            text.contains("byte 3 (in record 1 (entity record 0) at 1)"),
            "{text}"
        );
        assert!(text.contains("[01]") && text.contains("[02]"), "{text}");
        assert!(hex_around(&stream, 4).ends_with("[end]"));
    }

    #[test]
    fn a_written_snapshot_round_trips() {
        let bytes = write_entities_in_order([], Compression::Gzip, ComponentOrder::AsGiven)
            .expect("writes");
        assert_eq!(round_trip(&bytes), Ok(()));
        assert!(round_trip(&[0x00, 0x02]).is_err());
    }
}
