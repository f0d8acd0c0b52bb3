//! [`GunzipPipe`]: a gzip stream inflated on another thread while the caller decodes records,
//! so that reading a snapshot takes the longer of the two, not their sum.

use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};
use std::sync::Arc;
use std::thread::JoinHandle;

/// Bytes inflated per message: large enough that the channel costs nothing per byte.
const CHUNK: usize = 256 << 10;

/// Messages in flight: memory stays at a few chunks whatever the snapshot's size.
const IN_FLIGHT: usize = 4;

/// What [`GunzipPipe`] asks of the decoder it runs: how far into its input it is, and the OS
/// byte of its gzip header once read.
pub trait Probe {
    /// Bytes taken from the underlying input so far.
    fn input_offset(&self) -> u64;
    /// The first gzip header's OS byte, once the header has been read.
    fn gzip_os(&self) -> Option<u8>;
}

enum Message {
    Data(Vec<u8>),
    End,
    Failed(io::Error),
}

/// What the thread publishes for the reader: input bytes taken, and the OS byte (`0x100` +
/// byte once known, 0 before).
#[derive(Default)]
struct Shared {
    input_offset: AtomicU64,
    os: AtomicU64,
}

/// A decoder (a gzip reader) run on its own thread, its output read here in order.
///
/// The thread reads ahead by a few chunks of 256 KiB and then waits, so memory stays flat. An
/// error of the decoder is returned once, where it happened in the stream. Dropping the pipe
/// stops the thread at its next chunk.
pub struct GunzipPipe<D> {
    messages: Receiver<Message>,
    recycle: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    pos: usize,
    ended: bool,
    shared: Arc<Shared>,
    worker: Option<JoinHandle<D>>,
}

impl<D> std::fmt::Debug for GunzipPipe<D> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GunzipPipe")
            .field("input_offset", &self.input_offset())
            .field("ended", &self.ended)
            .finish_non_exhaustive()
    }
}

impl<D: Read + Probe + Send + 'static> GunzipPipe<D> {
    /// Starts the thread that reads `decoder`.
    pub fn new(decoder: D) -> io::Result<Self> {
        let (send, messages) = sync_channel(IN_FLIGHT);
        let (recycle, spare) = sync_channel(IN_FLIGHT + 2);
        let shared = Arc::new(Shared::default());
        let published = Arc::clone(&shared);
        let worker = std::thread::Builder::new()
            .name("rosetta-gunzip".into())
            .spawn(move || inflate(decoder, &send, &spare, &published))?;
        Ok(GunzipPipe {
            messages,
            recycle,
            current: Vec::new(),
            pos: 0,
            ended: false,
            shared,
            worker: Some(worker),
        })
    }
}

impl<D> GunzipPipe<D> {
    /// Bytes the thread has taken from the decoder's input (it runs ahead of what was read
    /// here by what is in flight).
    pub fn input_offset(&self) -> u64 {
        self.shared.input_offset.load(Ordering::Relaxed)
    }

    /// The OS byte of the gzip header, once the thread has read it.
    pub fn gzip_os(&self) -> Option<u8> {
        let os = self.shared.os.load(Ordering::Acquire);
        // Published as 0x100 + the byte, so 0 is "not yet".
        (os >= 0x100).then_some((os & 0xff) as u8)
    }

    /// Stops the thread and returns the decoder (waiting for the read it is in, if any).
    pub fn into_inner(mut self) -> io::Result<D> {
        // Closing the channels makes the thread's next send fail, and it returns.
        let worker = self.worker.take();
        drop(self);
        worker.ok_or_else(stopped)?.join().map_err(|_| stopped())
    }

    fn next_chunk(&mut self) -> io::Result<()> {
        let used = std::mem::take(&mut self.current);
        // The thread may have ended; a buffer it does not want is simply dropped.
        let _ = self.recycle.try_send(used);
        self.pos = 0;
        match self.messages.recv() {
            Ok(Message::Data(chunk)) => self.current = chunk,
            Ok(Message::End) => self.ended = true,
            Ok(Message::Failed(error)) => {
                self.ended = true;
                return Err(error);
            }
            Err(_) => {
                self.ended = true;
                return Err(stopped());
            }
        }
        Ok(())
    }
}

fn stopped() -> io::Error {
    io::Error::other("the gzip decompression thread stopped unexpectedly")
}

impl<D> BufRead for GunzipPipe<D> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        while self.pos >= self.current.len() && !self.ended {
            self.next_chunk()?;
        }
        Ok(&self.current[self.pos..])
    }

    fn consume(&mut self, amount: usize) {
        self.pos = (self.pos + amount).min(self.current.len());
    }
}

impl<D> Read for GunzipPipe<D> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

/// The thread: fills chunks from the decoder until it ends, fails, or the reader goes away.
fn inflate<D: Read + Probe>(
    mut decoder: D,
    send: &SyncSender<Message>,
    spare: &Receiver<Vec<u8>>,
    shared: &Shared,
) -> D {
    loop {
        let mut chunk = spare.try_recv().unwrap_or_default();
        chunk.resize(CHUNK, 0);
        let mut filled = 0;
        let mut failure = None;
        while filled < CHUNK {
            match decoder.read(&mut chunk[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        chunk.truncate(filled);
        shared
            .input_offset
            .store(decoder.input_offset(), Ordering::Relaxed);
        if let Some(os) = decoder.gzip_os() {
            shared.os.store(0x100 | u64::from(os), Ordering::Release);
        }
        let at_end = filled < CHUNK;
        // What came before a failure is delivered before it.
        if filled > 0 && send.send(Message::Data(chunk)).is_err() {
            return decoder;
        }
        let last = match failure {
            Some(error) => Message::Failed(error),
            None if at_end => Message::End,
            None => continue,
        };
        let _ = send.send(last);
        return decoder;
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write;

    use super::*;

    struct Plain<R>(R, u64);

    impl<R: Read> Read for Plain<R> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.0.read(buf)?;
            self.1 += n as u64;
            Ok(n)
        }
    }

    impl<R> Probe for Plain<R> {
        fn input_offset(&self) -> u64 {
            self.1
        }
        fn gzip_os(&self) -> Option<u8> {
            Some(7)
        }
    }

    #[test]
    fn delivers_the_stream_in_order_then_the_end() {
        let bytes: Vec<u8> = (0..(3 * CHUNK + 17)).map(|i| (i % 253) as u8).collect();
        let mut pipe = GunzipPipe::new(Plain(io::Cursor::new(bytes.clone()), 0)).unwrap();
        let mut out = Vec::new();
        pipe.read_to_end(&mut out).unwrap();
        assert_eq!(out, bytes);
        assert_eq!(pipe.gzip_os(), Some(7));
        assert_eq!(pipe.input_offset(), bytes.len() as u64);
        assert_eq!(pipe.into_inner().unwrap().1, bytes.len() as u64);
    }

    #[test]
    fn an_error_comes_after_the_bytes_before_it() {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&[5u8; 100_000]).unwrap();
        let mut file = gz.finish().unwrap();
        file.truncate(file.len() - 4);
        struct Gz(flate2::read::MultiGzDecoder<io::Cursor<Vec<u8>>>);
        impl Read for Gz {
            fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
                self.0.read(buf)
            }
        }
        impl Probe for Gz {
            fn input_offset(&self) -> u64 {
                self.0.get_ref().position()
            }
            fn gzip_os(&self) -> Option<u8> {
                self.0.header().map(|h| h.operating_system())
            }
        }
        let mut pipe =
            GunzipPipe::new(Gz(flate2::read::MultiGzDecoder::new(io::Cursor::new(file)))).unwrap();
        let mut out = Vec::new();
        let error = pipe.read_to_end(&mut out).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::UnexpectedEof);
        assert_eq!(out.len(), 100_000);
        assert_eq!(pipe.gzip_os(), Some(255));
    }

    #[test]
    fn dropping_the_pipe_stops_the_thread() {
        let endless = Plain(io::repeat(1), 0);
        let mut pipe = GunzipPipe::new(endless).unwrap();
        let mut some = [0u8; 10];
        pipe.read_exact(&mut some).unwrap();
        let decoder = pipe.into_inner().unwrap();
        assert!(decoder.1 >= 10);
    }
}
