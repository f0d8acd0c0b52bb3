//! Arrow IPC files, read a block at a time through arrow-rs's `FileDecoder`, with the footer,
//! the schema and every block's message checked first ([`guard`](super::guard)): arrow-rs's own
//! `FileReader` allocates the length a footer claims and panics on the malformed metadata that
//! a damaged file holds.

use std::io::{Read, Seek, SeekFrom};
use std::sync::Arc;

use arrow::array::RecordBatch;
use arrow::buffer::Buffer;
use arrow::ipc::reader::{read_footer_length, FileDecoder};
use arrow::ipc::Block;

use crate::contain::contained;
use crate::error::{Error, Result};
use crate::read::guard;

/// The record batches of an Arrow IPC file, in order.
pub(super) struct IpcBatches<R> {
    source: R,
    file_len: u64,
    decoder: FileDecoder,
    blocks: std::vec::IntoIter<Block>,
    /// The footer's schema, kept as its bytes to check each block's message against.
    footer: Vec<u8>,
    name: String,
}

/// The magic bytes and footer length at the end of a file.
const TAIL: u64 = 10;

impl<R: Read + Seek> IpcBatches<R> {
    /// Reads and checks the footer and the dictionaries.
    pub(super) fn open(mut source: R, name: &str) -> Result<Self> {
        let io = |e: std::io::Error| Error::Value(format!("{name}: {e}"));
        let file_len = source.seek(SeekFrom::End(0)).map_err(io)?;
        let bad = |what: String| Error::Value(format!("{name}: invalid Arrow IPC file: {what}"));
        if file_len < TAIL + 8 {
            return Err(bad(format!("{file_len} bytes, too short for a footer")));
        }
        let mut tail = [0u8; TAIL as usize];
        source.seek(SeekFrom::End(-(TAIL as i64))).map_err(io)?;
        source.read_exact(&mut tail).map_err(io)?;
        let footer_len = read_footer_length(tail).map_err(|e| bad(e.to_string()))? as u64;
        // Checked against the file before anything is allocated.
        if footer_len > file_len - TAIL {
            return Err(bad(format!("a footer of {footer_len} bytes in {file_len}")));
        }
        let footer = read_at(&mut source, file_len - TAIL - footer_len, footer_len).map_err(io)?;
        let (schema, version, blocks, dictionaries) = {
            let fb =
                arrow::ipc::root_as_footer(&footer).map_err(|e| bad(format!("its footer: {e}")))?;
            let schema = fb
                .schema()
                .ok_or_else(|| bad("a footer without a schema".into()))?;
            guard::check_schema(&schema).map_err(bad)?;
            let blocks: Vec<Block> = fb.recordBatches().into_iter().flatten().copied().collect();
            let dictionaries: Vec<Block> =
                fb.dictionaries().into_iter().flatten().copied().collect();
            let schema = arrow::ipc::convert::fb_to_schema(schema);
            (schema, fb.version(), blocks, dictionaries)
        };
        let mut batches = IpcBatches {
            source,
            file_len,
            decoder: FileDecoder::new(Arc::new(schema), version),
            blocks: blocks.into_iter(),
            footer,
            name: name.to_string(),
        };
        for block in dictionaries {
            let data = batches.read_block(&block)?;
            batches
                .decoder
                .read_dictionary(&block, &data)
                .map_err(|e| Error::Value(format!("{}: {e}", batches.name)))?;
        }
        Ok(batches)
    }

    /// Checks every remaining block as [`Iterator::next`] would before decoding it.
    pub(super) fn check_blocks(mut self) -> Result<()> {
        while let Some(block) = self.blocks.next() {
            self.read_block(&block)?;
        }
        Ok(())
    }

    /// A block's bytes (its message, then its body), once its extent lies inside the file and
    /// its message is checked.
    fn read_block(&mut self, block: &Block) -> Result<Buffer> {
        let name = &self.name;
        let bad = |what: String| Error::Value(format!("{name}: invalid Arrow IPC file: {what}"));
        let (offset, meta, body) = (
            u64::try_from(block.offset()),
            u64::try_from(block.metaDataLength()),
            u64::try_from(block.bodyLength()),
        );
        let extent = match (offset, meta, body) {
            (Ok(offset), Ok(meta), Ok(body)) => offset
                .checked_add(meta)
                .and_then(|end| end.checked_add(body))
                .filter(|&end| end <= self.file_len - TAIL)
                .map(|_| (offset, meta, body)),
            _ => None,
        };
        let (offset, meta, body) = extent.ok_or_else(|| {
            bad(format!(
                "a block at {} of {} + {} bytes outside the file's {} bytes",
                block.offset(),
                block.metaDataLength(),
                block.bodyLength(),
                self.file_len
            ))
        })?;
        let bytes = read_at(&mut self.source, offset, meta + body)
            .map_err(|e| Error::Value(format!("{name}: {e}")))?;
        let schema = arrow::ipc::root_as_footer(&self.footer)
            .ok()
            .and_then(|footer| footer.schema())
            // The footer was verified and has a schema (`open`): this is only a second look.
            .ok_or_else(|| bad("a footer that changed".into()))?;
        let (meta, body) = bytes.split_at(meta as usize);
        guard::check_message(meta, body, &schema, name)?;
        Ok(Buffer::from_vec(bytes))
    }
}

impl<R: Read + Seek> Iterator for IpcBatches<R> {
    type Item = Result<RecordBatch>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let block = self.blocks.next()?;
            let read = self.read_block(&block).and_then(|data| {
                let name = &self.name;
                let decoder = &self.decoder;
                // arrow-ipc 59 may still panic on data the checks do not cover.
                contained(|| decoder.read_record_batch(&block, &data))
                    .map_err(|e| Error::Value(format!("{name}: {e}")))?
                    .map_err(|e| Error::Value(format!("{name}: {e}")))
            });
            match read {
                Ok(Some(batch)) => return Some(Ok(batch)),
                // A block without a batch (arrow-rs's own reader skips it too).
                Ok(None) => continue,
                Err(e) => {
                    // Nothing after a bad block is read.
                    self.blocks = Vec::new().into_iter();
                    return Some(Err(e));
                }
            }
        }
    }
}

/// `len` bytes at `offset`; the caller has checked that they lie inside the file.
fn read_at(source: &mut (impl Read + Seek), offset: u64, len: u64) -> std::io::Result<Vec<u8>> {
    source.seek(SeekFrom::Start(offset))?;
    let mut bytes = Vec::new();
    source.take(len).read_to_end(&mut bytes)?;
    if (bytes.len() as u64) < len {
        return Err(std::io::ErrorKind::UnexpectedEof.into());
    }
    Ok(bytes)
}
