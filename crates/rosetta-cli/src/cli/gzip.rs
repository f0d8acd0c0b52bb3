//! `--compression` and `--threads`: how a command that writes a binary snapshot gzips it.

use clap::{Args, ValueEnum};
use rosetta_wire::snapshot::{GzipLevel, GzipOptions};

/// How a binary snapshot is compressed; flattened into every command that writes one.
#[derive(Debug, Clone, Copy, Args)]
#[command(next_help_heading = "Binary snapshot output")]
pub struct GzipArgs {
    /// How hard gzip works on a binary snapshot. `default` writes the bytes the SpatialOS SDK
    /// writes (zlib's level 6, the OS byte of this platform or, re-writing a snapshot, of the
    /// input); every level is a gzip stream any snapshot reader accepts.
    #[arg(
        long = "compression",
        value_enum,
        value_name = "LEVEL",
        default_value_t = CompressionArg::Default
    )]
    pub compression: CompressionArg,

    /// Compress on N threads (0: one per core), each chunk of 1 MiB an independent gzip
    /// member (every gzip reader reads them as one stream): faster on many cores, slightly
    /// larger, and no longer the SDK's bytes. 1, the default, writes one member.
    #[arg(long = "threads", value_name = "N", default_value_t = 1)]
    pub threads: usize,
}

/// The values of `--compression`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompressionArg {
    /// Stored, not compressed (zlib level 0): still gzip, at the speed of a copy.
    None,
    /// zlib's fastest level (1).
    Fast,
    /// zlib's default level (6), as the SDK wrote its snapshots.
    Default,
    /// zlib's smallest output (9).
    Best,
}

impl GzipArgs {
    /// The options for a snapshot whose input had the gzip OS byte `os` (a re-write keeps
    /// it); this platform's byte for anything else.
    pub fn options(&self, os: Option<u8>) -> GzipOptions {
        let level = match self.compression {
            CompressionArg::None => GzipLevel::None,
            CompressionArg::Fast => GzipLevel::Fast,
            CompressionArg::Default => GzipLevel::Default,
            CompressionArg::Best => GzipLevel::Best,
        };
        let threads = match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let options = GzipOptions::default().level(level).threads(threads);
        match os {
            Some(os) => options.os(os),
            None => options,
        }
    }
}
