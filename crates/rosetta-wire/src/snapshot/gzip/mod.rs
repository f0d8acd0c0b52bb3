//! The gzip side of binary snapshots: how hard to compress ([`GzipLevel`], [`GzipOptions`]), a
//! writer that deflates on other threads while the caller encodes ([`GzipSink`]), and a reader
//! that inflates on another thread while the caller decodes ([`GunzipPipe`]).
//!
//! The SpatialOS SDK wrote its snapshots with zlib at its default level: one gzip member, no
//! name, no time, `XFL` 0 and the OS byte of the machine that wrote it (3 on Unix, 10 on
//! Windows, 19 on macOS; all three are in the corpus). zlib's deflate at level 6 (flate2's zlib
//! backend) gives the same deflate bytes, so [`GzipLevel::Default`] with one thread writes those
//! files byte for byte.

mod compress;
mod options;
mod pipe;

pub(crate) use self::compress::GzipSink;
pub use self::options::{platform_os, GzipLevel, GzipOptions};
pub(crate) use self::pipe::{GunzipPipe, Probe};
