//! How a snapshot is gzipped: [`GzipLevel`] and [`GzipOptions`].

/// How hard gzip works on a snapshot: zlib's levels 0, 1, 6 and 9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GzipLevel {
    /// Stored blocks (level 0): still a gzip stream, which every reader accepts, at the speed of
    /// a copy.
    None,
    /// zlib's fastest level (1).
    Fast,
    /// zlib's default level (6), as the SDK wrote its snapshots.
    #[default]
    Default,
    /// zlib's smallest output (9).
    Best,
}

impl GzipLevel {
    /// The zlib level.
    pub const fn zlib(self) -> u32 {
        match self {
            GzipLevel::None => 0,
            GzipLevel::Fast => 1,
            GzipLevel::Default => 6,
            GzipLevel::Best => 9,
        }
    }

    /// The header's `XFL` byte as zlib writes it: 2 at level 9, 4 below level 2, else 0.
    pub(crate) const fn extra_flags(self) -> u8 {
        match self {
            GzipLevel::Best => 2,
            GzipLevel::None | GzipLevel::Fast => 4,
            GzipLevel::Default => 0,
        }
    }
}

/// The OS byte zlib writes in a gzip header on this platform (its `OS_CODE`): 10 on Windows,
/// 19 on macOS and iOS, 3 (Unix) elsewhere.
pub const fn platform_os() -> u8 {
    if cfg!(windows) {
        10
    } else if cfg!(any(target_os = "macos", target_os = "ios")) {
        19
    } else {
        3
    }
}

/// How [`SnapshotWriter`](crate::snapshot::SnapshotWriter) compresses a `.snapshot` file.
///
/// The default is the SDK's: [`GzipLevel::Default`], the platform's OS byte ([`platform_os`]), one
/// gzip member. With more than one thread the records are cut into chunks of
/// [`GzipOptions::PARALLEL_CHUNK`] bytes, each compressed on its own as one gzip member (a
/// multi-member stream, which every gzip reader reads as one): faster on many cores, a little
/// larger, and no longer the bytes zlib writes in one stream.
///
/// ```
/// use rosetta_wire::snapshot::{GzipOptions, GzipLevel};
/// let fast = GzipOptions::default().level(GzipLevel::Fast).threads(4);
/// assert_eq!(fast.level, GzipLevel::Fast);
/// assert_eq!(GzipOptions::default().threads, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GzipOptions {
    /// The zlib level.
    pub level: GzipLevel,
    /// The header's OS byte (RFC 1952): a re-written snapshot keeps its input's.
    pub os: u8,
    /// How many threads compress: 1 writes one gzip member (on one thread beside the caller's),
    /// more write independent members that many at a time. 0 counts as 1.
    pub threads: usize,
}

impl Default for GzipOptions {
    fn default() -> Self {
        GzipOptions {
            level: GzipLevel::Default,
            os: platform_os(),
            threads: 1,
        }
    }
}

impl GzipOptions {
    /// The bytes of the records each gzip member holds when more than one thread compresses.
    pub const PARALLEL_CHUNK: usize = 1 << 20;

    /// The options with another level.
    pub fn level(mut self, level: GzipLevel) -> Self {
        self.level = level;
        self
    }

    /// The options with another OS byte.
    pub fn os(mut self, os: u8) -> Self {
        self.os = os;
        self
    }

    /// The options with another number of compressing threads.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// A gzip member's header as zlib writes it: no name, no time, no flags.
    pub(crate) fn header(&self) -> [u8; 10] {
        [
            0x1f,
            0x8b,
            8, // deflate
            0, // no flags
            0,
            0,
            0,
            0, // no modification time
            self.level.extra_flags(),
            self.os,
        ]
    }
}
