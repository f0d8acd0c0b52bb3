//! The server's own options.

use rosetta_world::eval::DEFAULT_STEP_LIMIT;

/// How the server behaves beyond what Flecs' REST addon does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Refuse the write routes (`PUT /set`, `/delete`, `/enable`, `/disable`) with 403.
    pub read_only: bool,
    /// Write error bodies byte for byte as v3.2.12 does, even where that is not JSON: an
    /// entity path with a `"` unescaped in `entity '...' not found`, and `Missing parameter
    /// 'q'` as plain text. By default these are written as valid JSON (`{"error":"..."}`, the
    /// path escaped); for every other input the two are the same bytes.
    pub engine_bytes: bool,
    /// The search steps a `/query` may take before it is answered 400 (`rosetta serve
    /// --step-limit`; [`DEFAULT_STEP_LIMIT`] by default).
    pub step_limit: u64,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            read_only: false,
            engine_bytes: false,
            step_limit: DEFAULT_STEP_LIMIT,
        }
    }
}
