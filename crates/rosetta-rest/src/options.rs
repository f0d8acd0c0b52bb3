//! The server's own options.

use crate::cors::AllowedOrigins;

/// How the server behaves beyond what Flecs' REST addon does.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Options {
    /// Refuse the write routes (`PUT /set`, `/delete`, `/enable`, `/disable`) with 403.
    pub read_only: bool,
    /// Write error bodies byte for byte as v3.2.12 does, even where that is not JSON: an
    /// entity path with a `"` unescaped in `entity '...' not found`, and `Missing parameter
    /// 'q'` as plain text. By default these are written as valid JSON (`{"error":"..."}`, the
    /// path escaped); for every other input the two are the same bytes.
    pub engine_bytes: bool,
    /// The origins whose web pages may use the server (see [`crate::cors`]): the Flecs
    /// explorer's and loopback ones by default.
    pub origins: AllowedOrigins,
}
