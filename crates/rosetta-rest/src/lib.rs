//! Flecs' REST API over a [`rosetta_world::World`], so that tools made for Flecs, its web
//! explorer first, browse a Rosetta world: v4.1.6's (the default; what the current explorer
//! speaks) or v3.2.12's, by [`Options::flecs`].
//!
//! - [`request`]: a request target read as Flecs' HTTP addon reads it (`?` and `&` alike start
//!   a parameter, so `/entity/flecs/core/World&label=true` is the entity `flecs/core/World` with
//!   `label=true`; values are percent-decoded, names are not).
//! - [`routes`]: the REST addon's routes answered from the world, with each version's
//!   parameters, defaults, status codes and `{"error":"..."}` texts: v4.1.6's (`GET`/`PUT`/
//!   `DELETE /entity/<path>` and `/component/<path>`, `PUT /toggle/<path>`, `GET /query?expr=`,
//!   `/world`, `/type_info/<path>`, `/components`, `/queries`, `/tables`, `/stats/...`) and
//!   v3.2.12's (`GET /entity/<path>`, `/query?q=`, `/world`, `/tables`, `/stats/...`,
//!   `/commands/...`; `PUT /set/<path>`, `/delete/<path>`, `/enable/<path>`,
//!   `/disable/<path>`). [`routes::answer`] needs no socket.
//! - [`http`]: the server (hyper on tokio): status lines as Flecs sends them, the world behind
//!   a [`SharedWorld`] lock so reads run concurrently.
//! - [`cors`]: which web pages may use the server: the Flecs explorer's origins and loopback
//!   ones by default, others with [`AllowedOrigins::allow`]; writes from any other origin are
//!   refused (403).
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

pub mod cors;
pub mod http;
mod lookup;
mod options;
pub mod reply;
pub mod request;
pub mod routes;
mod shared;

pub use cors::AllowedOrigins;
pub use http::{serve, url, DEFAULT_PORT};
pub use lookup::{lookup_path, lookup_path_v4};
pub use options::Options;
pub use reply::Reply;
pub use shared::SharedWorld;
