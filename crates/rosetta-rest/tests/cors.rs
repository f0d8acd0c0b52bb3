//! Which web pages may use the server (`rosetta_rest::cors`), seen on the wire: CORS headers
//! only for allowed origins, writes from other origins refused before they run, Chrome's
//! private network preflight answered for allowed ones.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use common::{HttpReply, Server};
use rosetta_rest::{AllowedOrigins, Options};
use rosetta_world::FlecsVersion;

/// Sends `method target` with `headers` (`Name: value` lines) and reads the reply.
fn send(s: &Server, method: &str, target: &str, headers: &[&str]) -> HttpReply {
    let mut c = TcpStream::connect(s.addr).expect("connect");
    c.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let mut head = format!("{method} {target} HTTP/1.1\r\nHost: {}\r\n", s.addr);
    for h in headers {
        head.push_str(h);
        head.push_str("\r\n");
    }
    head.push_str("Connection: close\r\n\r\n");
    c.write_all(head.as_bytes()).expect("send");
    let mut raw = Vec::new();
    c.read_to_end(&mut raw).expect("read the reply");
    common::parse_reply(&raw)
}

fn disabled(s: &Server) -> bool {
    let w = s.world.read();
    w.is_disabled(w.lookup("Sun").expect("Sun"))
}

#[test]
fn allowed_origins_get_their_origin_back() {
    let s = Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V3),
    );
    for origin in [
        "https://www.flecs.dev",
        "https://flecs.dev",
        "http://localhost:8080",
        "http://127.0.0.1:5500",
        "http://[::1]:3000",
    ] {
        let r = send(&s, "GET", "/entity/Sun", &[&format!("Origin: {origin}")]);
        assert_eq!(r.code, 200, "{origin}");
        assert_eq!(r.header("Access-Control-Allow-Origin"), Some(origin));
        assert_eq!(r.header("Vary"), Some("Origin"));
    }
}

#[test]
fn other_origins_get_no_cors_headers_and_cannot_write() {
    let s = Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V3),
    );
    let evil = "Origin: https://evil.example";
    let r = send(&s, "GET", "/entity/Sun", &[evil]);
    assert_eq!(
        r.code, 200,
        "a read runs; the browser keeps the page from reading it"
    );
    assert_eq!(r.header("Access-Control-Allow-Origin"), None);
    for method in ["PUT", "POST", "DELETE"] {
        let r = send(&s, method, "/disable/Sun", &[evil]);
        assert_eq!(r.status_line, "HTTP/1.1 403 OK", "{method}");
        assert_eq!(
            r.body,
            r#"{"error":"forbidden (the origin 'https://evil.example' may not change this world; rosetta serve --allow-origin https://evil.example allows it)"}"#
        );
        assert_eq!(r.header("Access-Control-Allow-Origin"), None);
    }
    assert!(!disabled(&s), "no write ran");
    // A simple cross-origin request (no preflight) with a sandboxed page's `null` origin.
    let r = send(&s, "PUT", "/disable/Sun", &["Origin: null"]);
    assert_eq!(r.code, 403);
    assert!(!disabled(&s));
    // The preflight of another origin is refused too, without the private network answer.
    let r = send(
        &s,
        "OPTIONS",
        "/disable/Sun",
        &[
            evil,
            "Access-Control-Request-Method: PUT",
            "Access-Control-Request-Private-Network: true",
        ],
    );
    assert_eq!(r.code, 403);
    for h in [
        "Access-Control-Allow-Origin",
        "Access-Control-Allow-Private-Network",
        "Access-Control-Allow-Methods",
    ] {
        assert_eq!(r.header(h), None, "{h}");
    }
    // Without an Origin (curl, scripts) writes run as before.
    assert_eq!(send(&s, "PUT", "/disable/Sun", &[]).code, 200);
    assert!(disabled(&s));
}

#[test]
fn the_private_network_preflight_of_the_hosted_explorer() {
    let s = Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V3),
    );
    let r = send(
        &s,
        "OPTIONS",
        "/set/Sun?data=x",
        &[
            "Origin: https://www.flecs.dev",
            "Access-Control-Request-Method: PUT",
            "Access-Control-Request-Private-Network: true",
        ],
    );
    assert_eq!(r.status_line, "HTTP/1.1 200 OK");
    assert_eq!(
        r.header("Access-Control-Allow-Origin"),
        Some("https://www.flecs.dev")
    );
    assert_eq!(
        r.header("Access-Control-Allow-Private-Network"),
        Some("true")
    );
    assert_eq!(
        r.header("Access-Control-Allow-Methods"),
        Some("GET, PUT, OPTIONS")
    );
    let r = send(
        &s,
        "PUT",
        "/disable/Sun",
        &["Origin: https://www.flecs.dev"],
    );
    assert_eq!(r.code, 200);
    assert!(disabled(&s));
}

#[test]
fn allow_widens_and_star_allows_every_origin() {
    let mut origins = AllowedOrigins::default();
    assert!(origins.allow("https://tools.example"));
    let s = Server::start(
        common::example_world(),
        Options {
            origins,
            ..Options::for_version(FlecsVersion::V3)
        },
    );
    let r = send(
        &s,
        "PUT",
        "/disable/Sun",
        &["Origin: https://tools.example"],
    );
    assert_eq!(r.code, 200);
    assert_eq!(
        r.header("Access-Control-Allow-Origin"),
        Some("https://tools.example")
    );
    assert_eq!(
        send(&s, "PUT", "/enable/Sun", &["Origin: https://evil.example"]).code,
        403
    );

    let s = Server::start(
        common::example_world(),
        Options {
            origins: AllowedOrigins::any(),
            ..Options::for_version(FlecsVersion::V3)
        },
    );
    let r = send(&s, "PUT", "/disable/Sun", &["Origin: https://evil.example"]);
    assert_eq!(r.code, 200);
    assert_eq!(r.header("Access-Control-Allow-Origin"), Some("*"));
    assert_eq!(r.header("Vary"), None);
}

/// The current explorer removes components and deletes entities with `DELETE`: a v4.1.6
/// server's preflight allows it (as v4.1.6's HTTP addon does), and the `DELETE` then runs; a
/// page of another origin still cannot.
#[test]
fn a_v4_preflight_allows_delete() {
    let s = Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V4),
    );
    let r = send(
        &s,
        "OPTIONS",
        "/component/Sun?component=Position",
        &[
            "Origin: https://www.flecs.dev",
            "Access-Control-Request-Method: DELETE",
        ],
    );
    assert_eq!(r.status_line, "HTTP/1.1 200 OK");
    assert_eq!(
        r.header("Access-Control-Allow-Methods"),
        Some("GET, PUT, DELETE, OPTIONS")
    );
    let evil = send(
        &s,
        "DELETE",
        "/component/Sun?component=Position",
        &["Origin: http://evil.example"],
    );
    assert_eq!(evil.code, 403);
    let r = send(
        &s,
        "DELETE",
        "/component/Sun?component=Position",
        &["Origin: https://www.flecs.dev"],
    );
    assert_eq!(r.code, 200);
}
