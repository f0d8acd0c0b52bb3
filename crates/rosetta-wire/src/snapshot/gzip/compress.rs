//! [`GzipSink`]: gzip written on other threads while the caller goes on encoding.
//!
//! Written here rather than taken from a crate (gzp does parallel gzip) because the sink must
//! write to the caller's borrowed writer (`&mut` an output file that is replaced only when
//! complete) from the caller's thread: the threads here only turn chunks of bytes into
//! compressed bytes, and the caller writes them, in order.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use flate2::{Compress, Crc, FlushCompress, Status};

use super::options::GzipOptions;

/// The records one job of the single-stream compressor holds: large enough that handing it to
/// the thread costs nothing beside deflating it, small enough that little waits in flight.
const STREAM_CHUNK: usize = 256 << 10;

/// Chunks in flight per thread before the caller waits: memory stays flat however large the
/// snapshot is (a few chunks per thread).
const IN_FLIGHT_PER_THREAD: usize = 3;

struct Job {
    seq: u64,
    input: Vec<u8>,
    last: bool,
}

struct Done {
    seq: u64,
    output: io::Result<Vec<u8>>,
    /// The job's input buffer, handed back to be filled again.
    input: Vec<u8>,
}

/// A gzip stream written to `W`, deflated on other threads.
///
/// With one thread ([`GzipOptions::threads`]) it is one gzip member, the bytes zlib writes for
/// the same data at the same level: the caller encodes while the thread deflates. With more it
/// is one member per chunk of [`GzipOptions::PARALLEL_CHUNK`] bytes, deflated that many at a
/// time. Compressed bytes are written to `W` on the caller's thread, in order, as they are
/// ready; at most a few chunks per thread wait in memory. [`finish`](GzipSink::finish) must be
/// called: dropping the sink leaves the stream unfinished.
pub struct GzipSink<W: Write> {
    out: W,
    pending: Vec<u8>,
    chunk: usize,
    parallel: bool,
    jobs: Option<Sender<Job>>,
    done: Receiver<Done>,
    workers: Vec<JoinHandle<()>>,
    /// The next job's number, and the number of the next output to write.
    sent: u64,
    written: u64,
    /// Outputs that came back before one sent earlier.
    ready: BTreeMap<u64, Vec<u8>>,
    spare: Vec<Vec<u8>>,
    max_in_flight: usize,
}

impl<W: Write> std::fmt::Debug for GzipSink<W> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GzipSink")
            .field("threads", &self.workers.len())
            .field("parallel", &self.parallel)
            .field("chunks_sent", &self.sent)
            .finish_non_exhaustive()
    }
}

impl<W: Write> GzipSink<W> {
    /// A gzip stream to `out`, compressed as `options` say. Fails only when a thread cannot
    /// be started.
    pub fn new(out: W, options: GzipOptions) -> io::Result<Self> {
        let threads = options.threads.max(1);
        let parallel = threads > 1;
        let (jobs, queue) = channel::<Job>();
        let (done_tx, done) = channel::<Done>();
        let queue = Arc::new(Mutex::new(queue));
        let mut workers = Vec::with_capacity(threads);
        for index in 0..threads {
            let queue = Arc::clone(&queue);
            let done_tx = done_tx.clone();
            let worker = std::thread::Builder::new()
                .name(format!("rosetta-gzip-{index}"))
                .spawn(move || work(&queue, &done_tx, options, parallel))?;
            workers.push(worker);
        }
        Ok(GzipSink {
            out,
            pending: Vec::new(),
            chunk: if parallel {
                GzipOptions::PARALLEL_CHUNK
            } else {
                STREAM_CHUNK
            },
            parallel,
            jobs: Some(jobs),
            done,
            workers,
            sent: 0,
            written: 0,
            ready: BTreeMap::new(),
            spare: Vec::new(),
            max_in_flight: threads * IN_FLIGHT_PER_THREAD,
        })
    }

    fn send(&mut self, last: bool) -> io::Result<()> {
        while self.sent - self.written >= self.max_in_flight as u64 {
            let done = self.done.recv().map_err(|_| stopped())?;
            self.take(done)?;
        }
        let next = self.spare.pop().unwrap_or_default();
        let input = std::mem::replace(&mut self.pending, next);
        let job = Job {
            seq: self.sent,
            input,
            last,
        };
        let jobs = self.jobs.as_ref().ok_or_else(stopped)?;
        jobs.send(job).map_err(|_| stopped())?;
        self.sent += 1;
        while let Ok(done) = self.done.try_recv() {
            self.take(done)?;
        }
        Ok(())
    }

    /// Keeps a finished job's output and writes every output that is next in order.
    fn take(&mut self, done: Done) -> io::Result<()> {
        let mut input = done.input;
        if self.spare.len() < self.max_in_flight {
            input.clear();
            self.spare.push(input);
        }
        self.ready.insert(done.seq, done.output?);
        while let Some(output) = self.ready.remove(&self.written) {
            self.out.write_all(&output)?;
            self.written += 1;
        }
        Ok(())
    }

    /// Compresses what is left, writes the end of the stream, waits for the threads and
    /// flushes; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        // One stream always ends with a last job (it writes the trailer); members need one
        // only for bytes not yet sent, or for an empty stream (one empty member).
        if !self.parallel || !self.pending.is_empty() || self.sent == 0 {
            self.send(true)?;
        }
        self.jobs = None;
        while self.written < self.sent {
            let done = self.done.recv().map_err(|_| stopped())?;
            self.take(done)?;
        }
        for worker in self.workers.drain(..) {
            worker.join().map_err(|_| stopped())?;
        }
        self.out.flush()?;
        Ok(self.out)
    }
}

impl<W: Write> Write for GzipSink<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if self.pending.len() >= self.chunk {
            self.send(false)?;
        }
        Ok(buf.len())
    }

    /// Compressed bytes are written as chunks finish; the pending chunk stays until it is full
    /// or the stream is finished (a flush mid-stream would change the deflate bytes).
    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

fn stopped() -> io::Error {
    io::Error::other("a gzip compression thread stopped unexpectedly")
}

/// One compressing thread: jobs until the queue closes. In one stream (`parallel` false, one
/// thread) the deflate state runs on from job to job; in members each job is a whole member.
fn work(queue: &Mutex<Receiver<Job>>, done: &Sender<Done>, options: GzipOptions, parallel: bool) {
    let mut deflate = Compress::new(flate2::Compression::new(options.level.zlib()), false);
    let mut crc = Crc::new();
    let mut first = true;
    loop {
        // A poisoned lock means another thread panicked; this one stops too.
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let mut output = Vec::with_capacity(job.input.len() / 2 + 64);
        if parallel {
            deflate.reset();
            crc.reset();
        }
        if parallel || first {
            output.extend_from_slice(&options.header());
            first = false;
        }
        crc.update(&job.input);
        let end = parallel || job.last;
        let result = deflate_into(&mut deflate, &job.input, &mut output, end).map(|()| {
            if end {
                output.extend_from_slice(&crc.sum().to_le_bytes());
                output.extend_from_slice(&crc.amount().to_le_bytes());
            }
            output
        });
        let failed = result.is_err();
        let reply = Done {
            seq: job.seq,
            output: result,
            input: job.input,
        };
        if done.send(reply).is_err() || failed {
            return;
        }
    }
}

/// Deflates `input` onto `output`, growing it as needed; `end` finishes the deflate stream.
fn deflate_into(
    deflate: &mut Compress,
    mut input: &[u8],
    output: &mut Vec<u8>,
    end: bool,
) -> io::Result<()> {
    let flush = if end {
        FlushCompress::Finish
    } else {
        FlushCompress::None
    };
    loop {
        if output.capacity() - output.len() < 1024 {
            output.reserve((input.len() / 2).max(32 << 10));
        }
        let before = deflate.total_in();
        let status = deflate
            .compress_vec(input, output, flush)
            .map_err(io::Error::other)?;
        // total_in advanced by at most input.len(), which is a usize.
        let consumed = (deflate.total_in() - before) as usize;
        input = &input[consumed..];
        match status {
            Status::StreamEnd => return Ok(()),
            Status::Ok | Status::BufError if !end && input.is_empty() => return Ok(()),
            Status::Ok | Status::BufError => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;

    use super::super::options::{platform_os, GzipLevel};
    use super::*;

    fn data(len: usize) -> Vec<u8> {
        // Compressible but not trivially: a counter and its square.
        (0..len as u32)
            .flat_map(|i| [(i % 251) as u8, (i.wrapping_mul(i) >> 7) as u8])
            .take(len)
            .collect()
    }

    fn gzip(bytes: &[u8], options: GzipOptions, piece: usize) -> Vec<u8> {
        let mut sink = GzipSink::new(Vec::new(), options).unwrap();
        for part in bytes.chunks(piece.max(1)) {
            sink.write_all(part).unwrap();
        }
        sink.finish().unwrap()
    }

    fn gunzip(bytes: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        flate2::read::MultiGzDecoder::new(bytes)
            .read_to_end(&mut out)
            .unwrap();
        out
    }

    #[test]
    fn one_stream_is_what_zlib_writes_in_one_call() {
        let bytes = data(3 * STREAM_CHUNK + 12345);
        let mut zlib = flate2::GzBuilder::new()
            .operating_system(platform_os())
            .write(Vec::new(), flate2::Compression::new(6));
        zlib.write_all(&bytes).unwrap();
        let zlib = zlib.finish().unwrap();
        for piece in [1000, 70_000, bytes.len()] {
            assert_eq!(gzip(&bytes, GzipOptions::default(), piece), zlib);
        }
    }

    #[test]
    fn every_level_and_thread_count_reads_back() {
        let bytes = data(GzipOptions::PARALLEL_CHUNK * 2 + 999);
        for level in [
            GzipLevel::None,
            GzipLevel::Fast,
            GzipLevel::Default,
            GzipLevel::Best,
        ] {
            for threads in [1, 2, 3] {
                let options = GzipOptions::default().level(level).threads(threads).os(10);
                let file = gzip(&bytes, options, 50_000);
                assert_eq!(file[8], level.extra_flags());
                assert_eq!(file[9], 10);
                assert_eq!(gunzip(&file), bytes, "{level:?}, {threads} threads");
            }
        }
    }

    #[test]
    fn empty_streams_are_gzip() {
        for threads in [1, 2] {
            let file = gzip(&[], GzipOptions::default().threads(threads), 1);
            assert_eq!(&file[..2], &[0x1f, 0x8b]);
            assert!(gunzip(&file).is_empty());
        }
    }

    #[test]
    fn a_failing_writer_is_an_error_not_a_hang() {
        struct Full;
        impl Write for Full {
            fn write(&mut self, _: &[u8]) -> io::Result<usize> {
                Err(io::Error::other("disk full"))
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let bytes = data(GzipOptions::PARALLEL_CHUNK * 3);
        let mut sink = GzipSink::new(Full, GzipOptions::default().threads(2)).unwrap();
        let written = bytes.chunks(4096).try_for_each(|part| sink.write_all(part));
        let error = written
            .and_then(|()| sink.finish().map(|_| ()))
            .unwrap_err();
        assert_eq!(error.to_string(), "disk full");
    }
}
