//! Flecs v3.2.12's REST API over a [`rosetta_world::World`], so that tools made for Flecs, its
//! web explorer first, browse a Rosetta world.
//!
//! - [`request`]: a request target read as Flecs' HTTP addon reads it (`?` and `&` alike start
//!   a parameter, so `/entity/flecs/core/World&label=true` is the entity `flecs/core/World` with
//!   `label=true`; values are percent-decoded, names are not).
//! - [`routes`]: the REST addon's routes (`GET /entity/<path>`, `/query`, `/world`, `/tables`,
//!   `/stats/<world|pipeline>`, `/commands/...`; `PUT /set/<path>`, `/delete/<path>`,
//!   `/enable/<path>`, `/disable/<path>`) answered from the world, with v3.2.12's parameters,
//!   defaults, status codes and `{"error":"..."}` texts. [`routes::answer`] needs no socket.
//! - [`http`]: the server (hyper on tokio): CORS headers and status lines as Flecs sends them,
//!   the world behind a [`SharedWorld`] lock so reads run concurrently.
//!
//! ```
//! use rosetta_rest::{request::Request, routes, Options, SharedWorld};
//! use rosetta_world::World;
//!
//! let world = SharedWorld::new(World::new());
//! let reply = routes::answer(&world, &Request::parse("GET", "/entity/Nobody").unwrap(), &Options::default());
//! assert_eq!(reply.code, 404);
//! assert_eq!(reply.body, r#"{"error":"entity 'Nobody' not found"}"#);
//! ```
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod http;
mod lookup;
pub mod reply;
pub mod request;
pub mod routes;
mod shared;

pub use http::{serve, url, DEFAULT_PORT};
pub use lookup::lookup_path;
pub use reply::Reply;
pub use shared::SharedWorld;

/// How the server behaves beyond what Flecs' REST addon does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// Refuse the write routes (`PUT /set`, `/delete`, `/enable`, `/disable`) with 403.
    pub read_only: bool,
    /// Write error bodies byte for byte as v3.2.12 does, even where that is not JSON: an
    /// entity path with a `"` unescaped in `entity '...' not found`, and `Missing parameter
    /// 'q'` as plain text. By default these are written as valid JSON (`{"error":"..."}`, the
    /// path escaped); for every other input the two are the same bytes.
    pub engine_bytes: bool,
}
