//! The server's own options.

use rosetta_flecs::text::Mode;
use rosetta_world::eval::DEFAULT_STEP_LIMIT;
use rosetta_world::FlecsVersion;

use crate::cors::AllowedOrigins;

/// How the server behaves beyond what Flecs' REST addon does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// Which Flecs' REST API to answer: v4.1.6's (the default: `/entity`, `/component`,
    /// `/toggle`, `/query?expr=`, ...) or v3.2.12's (`/entity`, `/query?q=`, `/set`, ...).
    /// The served world should be made for the same version
    /// ([`rosetta_world::World::with_version`]): its builtin entities are that version's.
    pub flecs: FlecsVersion,
    /// Refuse the write routes with 403 (v3: `PUT /set`, `/delete`, `/enable`, `/disable`; v4:
    /// `PUT`/`DELETE /entity`, `/component`, `PUT /toggle`, `/action`).
    pub read_only: bool,
    /// Write error bodies byte for byte as v3.2.12 does, even where that is not JSON: an
    /// entity path with a `"` unescaped in `entity '...' not found`, and `Missing parameter
    /// 'q'` as plain text (v4.1.6's `Missing parameter 'expr'` is plain text either way, as
    /// the replies are compared with a v4.1.6 server's). By default these are written as valid JSON (`{"error":"..."}`, the
    /// path escaped); for every other input the two are the same bytes. It also writes values
    /// in [`Mode::Engine`] (Flecs' floats, rounded to 10 decimals); by default they are as
    /// [`Options::mode`] says.
    pub engine_bytes: bool,
    /// The origins whose web pages may use the server (see [`crate::cors`]): the Flecs
    /// explorer's and loopback ones by default.
    pub origins: AllowedOrigins,
    /// The search steps a `/query` may take before it is answered 400 (`rosetta serve
    /// --step-limit`; [`DEFAULT_STEP_LIMIT`] by default).
    pub step_limit: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            flecs: FlecsVersion::default(),
            read_only: false,
            engine_bytes: false,
            origins: AllowedOrigins::default(),
            step_limit: DEFAULT_STEP_LIMIT,
        }
    }
}

impl Options {
    /// The default options for Flecs version `flecs`.
    pub fn for_version(flecs: FlecsVersion) -> Options {
        Options {
            flecs,
            ..Options::default()
        }
    }

    /// The text mode of the JSON replies: [`Mode::Engine`] with `engine_bytes`; else, for
    /// v4.1.6, [`Mode::Compatible`] (Flecs' own float text wherever it reads back to the same
    /// value: `1.1000000238` for the `f32` 1.1, so that replies equal a real v4.1.6 server's as
    /// JSON; the shortest exact text where Flecs' would lose digits, since the explorer writes
    /// back what it read), and for v3.2.12 [`Mode::Lossless`], as before.
    pub fn mode(&self) -> Mode {
        match (self.engine_bytes, self.flecs) {
            (true, _) => Mode::Engine,
            (false, FlecsVersion::V4) => Mode::Compatible,
            (false, FlecsVersion::V3) => Mode::Lossless,
        }
    }
}
