//! The HTTP server: hyper's HTTP/1.1 on tokio, answering as Flecs v3.2.12's HTTP addon does.
//!
//! What a client sees is Flecs': status lines with Flecs' texts (`404 OK` for a REST error,
//! `404 Resource not found` for an unknown route), `Content-Type: application/json` on every
//! reply but a preflight, and on an `OPTIONS` preflight `Access-Control-Allow-Private-Network:
//! true`, `Access-Control-Allow-Methods: GET, PUT, OPTIONS` (v4.1.6: `GET, PUT, DELETE,
//! OPTIONS`) and `Access-Control-Max-Age: 600`;
//! header names in title case.
//!
//! Flecs answers one request per connection and then closes it (v3.2.12's `http.c` frees the
//! connection after its reply and sends no `Connection` header); so does this server, with
//! `Connection: close` on the reply, unless the request asks for `Connection: keep-alive`,
//! as browsers do: then the connection stays open for the next request. No `Date` header,
//! as Flecs sends none.
//!
//! Where they differ, and why: Flecs sends `Access-Control-Allow-Origin: *` on every reply;
//! here only pages of allowed origins get CORS headers, and writes from other origins are
//! refused with 403 (see [`crate::cors`]). A client that asks for keep-alive gets it, GET
//! replies are not cached for 0.2 s, and requests are answered at once on tokio's threads
//! rather than when the application's next frame dequeues them. A target that cannot
//! be read (see [`crate::request`]) is `400 Bad Request` or `414 URI Too Long` with an
//! `{"error":"..."}` body; a method Flecs does not parse is `405 Method Not Allowed`; a
//! request line or headers not received within 10 s close the connection.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::header::{HeaderName, HeaderValue};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Response, StatusCode};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;

use crate::cors::Verdict;
use crate::options::Options;
use crate::reply::Reply;
use crate::request::{Method, Request, RequestError};
use crate::routes;
use crate::shared::SharedWorld;

/// Flecs' `ECS_REST_DEFAULT_PORT`, where the explorer looks for a server.
pub const DEFAULT_PORT: u16 = 27750;

/// How long a connection may take to send a request's line and headers.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The most a connection buffers for one request's line and headers (hyper answers longer
/// ones itself, with 414 or 431).
const MAX_BUF: usize = 256 * 1024;

/// What every connection's handler shares.
#[derive(Debug)]
struct State {
    world: SharedWorld,
    options: Options,
}

/// Serves `world` on `listener` until `shutdown` completes: each connection on its own task,
/// each request answered by [`routes::answer`] on tokio's blocking pool (reads run at once
/// under the world's read lock).
///
/// ```no_run
/// # async fn run() -> std::io::Result<()> {
/// use rosetta_rest::{serve, Options, SharedWorld};
/// let listener = tokio::net::TcpListener::bind(("127.0.0.1", rosetta_rest::DEFAULT_PORT)).await?;
/// let world = SharedWorld::new(rosetta_world::World::new());
/// serve(listener, world, Options::default(), async {
///     let _ = tokio::signal::ctrl_c().await;
/// })
/// .await
/// # }
/// ```
pub async fn serve(
    listener: TcpListener,
    world: SharedWorld,
    options: Options,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()> {
    {
        // A REST server's world says so on its World entity (v4's `flecs.rest.Rest`); not a
        // write of the user's, so not counted as a change to save.
        let mut w = world.write();
        let _ = w.mark_rest_server();
        w.process_pending();
    }
    let state = Arc::new(State { world, options });
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            () = &mut shutdown => return Ok(()),
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors and the like: wait, the next accept may succeed.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                }
            },
        };
        let _ = stream.set_nodelay(true);
        let state = Arc::clone(&state);
        tokio::spawn(async move {
            let service = service_fn(move |req| {
                let state = Arc::clone(&state);
                async move { Ok::<_, Infallible>(handle(&state, req).await) }
            });
            let connection = http1::Builder::new()
                .title_case_headers(true)
                .auto_date_header(false)
                .max_buf_size(MAX_BUF)
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .serve_connection(TokioIo::new(stream), service);
            // A client that goes away mid-request is no error of the server's.
            let _ = connection.await;
        });
    }
}

/// The address `serve` is bound to, for a message (`listener.local_addr()`).
pub fn url(addr: SocketAddr) -> String {
    format!("http://{addr}")
}

/// Answers one request.
async fn handle(state: &Arc<State>, req: hyper::Request<Incoming>) -> Response<Full<Bytes>> {
    let target = req
        .uri()
        .path_and_query()
        .map_or("/", |p| p.as_str())
        .to_owned();
    let keep_alive = wants_keep_alive(req.headers());
    let origin = req
        .headers()
        .get(hyper::header::ORIGIN)
        .map(|v| v.to_str().map_err(|_| ()));
    let cors = Verdict::of(&state.options.origins, origin);
    let reply = match Request::parse(req.method().as_str(), &target) {
        _ if cors.refuses(req.method().as_str()) => Reply::error(403, &refused_message(&cors)),
        Err(e @ RequestError::TooLong(_)) => Reply {
            status: "URI Too Long",
            ..Reply::error(414, &e.to_string())
        },
        Err(e) => Reply {
            status: "Bad Request",
            ..Reply::error(400, &e.to_string())
        },
        Ok(request) if request.method == Method::Options => {
            Reply::preflight_for(state.options.flecs)
        }
        Ok(request) => {
            let state = Arc::clone(state);
            tokio::task::spawn_blocking(move || {
                routes::answer(&state.world, &request, &state.options)
            })
            .await
            // A route that panicked (a bug) answers 500 instead of dropping the connection.
            .unwrap_or_else(|_| Reply::internal_error())
        }
    };
    let mut res = response(reply, &cors);
    if !keep_alive {
        // hyper closes the connection after a reply that says so.
        res.headers_mut()
            .insert(hyper::header::CONNECTION, HeaderValue::from_static("close"));
    }
    res
}

/// Whether a request's `Connection` header lists `keep-alive` (any case, among other tokens).
fn wants_keep_alive(headers: &hyper::HeaderMap) -> bool {
    headers
        .get_all(hyper::header::CONNECTION)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|token| token.trim().eq_ignore_ascii_case("keep-alive"))
}

/// Why a request from a refused origin was not run.
fn refused_message(cors: &Verdict) -> String {
    let origin = match cors {
        Verdict::Refused(o) => o.as_str(),
        _ => "",
    };
    format!(
        "forbidden (the origin '{origin}' may not change this world; rosetta serve --allow-origin {origin} allows it)"
    )
}

/// A [`Reply`] as hyper's response, with Flecs' headers and status text, and CORS headers for
/// an allowed origin.
pub(crate) fn response(reply: Reply, cors: &Verdict) -> Response<Full<Bytes>> {
    let mut res = Response::new(Full::new(Bytes::from(reply.body)));
    *res.status_mut() = StatusCode::from_u16(reply.code).unwrap_or(StatusCode::OK);
    if res.status().canonical_reason() != Some(reply.status) {
        res.extensions_mut()
            .insert(hyper::ext::ReasonPhrase::from_static(
                reply.status.as_bytes(),
            ));
    }
    let headers = res.headers_mut();
    if let Some(ct) = reply.content_type {
        headers.insert(hyper::header::CONTENT_TYPE, HeaderValue::from_static(ct));
    }
    let Verdict::Allowed(allowed) = cors else {
        // Not a cross-origin request, or a refused one: no CORS headers. Caches must not
        // answer another origin with this reply.
        headers.insert(hyper::header::VARY, HeaderValue::from_static("Origin"));
        return res;
    };
    if allowed != "*" {
        headers.insert(hyper::header::VARY, HeaderValue::from_static("Origin"));
    }
    // An allowed origin is text (`HeaderValue::to_str` succeeded): it is a header value again.
    if let Ok(value) = HeaderValue::from_str(allowed) {
        headers.insert(hyper::header::ACCESS_CONTROL_ALLOW_ORIGIN, value);
    }
    if reply.preflight {
        headers.insert(
            HeaderName::from_static("access-control-allow-private-network"),
            HeaderValue::from_static("true"),
        );
        headers.insert(
            hyper::header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static(reply.allow_methods),
        );
        headers.insert(
            hyper::header::ACCESS_CONTROL_MAX_AGE,
            HeaderValue::from_static("600"),
        );
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_reply_keeps_flecs_status_text() {
        let res = response(
            Reply::error(404, "entity 'x' not found"),
            &Verdict::Allowed("*".into()),
        );
        assert_eq!(res.status(), StatusCode::NOT_FOUND);
        let reason = res.extensions().get::<hyper::ext::ReasonPhrase>();
        assert_eq!(reason.map(|r| r.as_bytes()), Some(&b"OK"[..]));
        assert_eq!(res.headers()["access-control-allow-origin"], "*");
        assert_eq!(res.headers()["content-type"], "application/json");
    }

    #[test]
    fn keep_alive_is_read_from_the_connection_tokens() {
        let mut h = hyper::HeaderMap::new();
        assert!(!wants_keep_alive(&h));
        h.insert(
            hyper::header::CONNECTION,
            HeaderValue::from_static("Upgrade, Keep-Alive"),
        );
        assert!(wants_keep_alive(&h));
        h.insert(hyper::header::CONNECTION, HeaderValue::from_static("close"));
        assert!(!wants_keep_alive(&h));
    }

    #[test]
    fn preflight_headers() {
        let res = response(Reply::preflight(), &Verdict::Allowed("*".into()));
        assert!(res.headers().get("content-type").is_none());
        assert_eq!(
            res.headers()["access-control-allow-methods"],
            "GET, PUT, OPTIONS"
        );
        assert_eq!(
            res.headers()["access-control-allow-private-network"],
            "true"
        );
        assert_eq!(res.headers()["access-control-max-age"], "600");
        assert!(res.extensions().get::<hyper::ext::ReasonPhrase>().is_none());
        let v4 = response(
            Reply::preflight_for(rosetta_world::FlecsVersion::V4),
            &Verdict::Allowed("*".into()),
        );
        assert_eq!(
            v4.headers()["access-control-allow-methods"],
            "GET, PUT, DELETE, OPTIONS"
        );
    }
}
