//! The server over a loopback socket: status lines, headers, CORS, error bodies, read-only
//! mode, the write routes, and bad input (percent-encoding, long targets, odd methods, a
//! silent client) answered with a clear status and no hang.

mod common;

use std::io::Write;
use std::net::TcpStream;
use std::time::{Duration, Instant};

use common::{encode_uri_component, Server};
use rosetta_rest::Options;
use rosetta_world::eval::Query;

fn server() -> Server {
    Server::start(common::example_world(), Options::default())
}

#[test]
fn preflight_answers_any_path_with_cors_headers() {
    let s = server();
    for target in ["/entity/Sun", "/anything", "/query?q=x"] {
        let r = s.request("OPTIONS", target);
        assert_eq!(r.status_line, "HTTP/1.1 200 OK");
        assert_eq!(r.header("Access-Control-Allow-Origin"), Some("*"));
        assert_eq!(
            r.header("Access-Control-Allow-Private-Network"),
            Some("true")
        );
        assert_eq!(
            r.header("Access-Control-Allow-Methods"),
            Some("GET, PUT, OPTIONS")
        );
        assert_eq!(r.header("Access-Control-Max-Age"), Some("600"));
        assert_eq!(r.header("Content-Length"), Some("0"));
        assert_eq!(r.header("Content-Type"), None);
        assert_eq!(r.body, "");
    }
}

#[test]
fn headers_are_sent_in_title_case() {
    let s = server();
    let r = s.get("/entity/Nobody");
    assert!(
        r.headers
            .iter()
            .any(|h| h == "Content-Type: application/json"),
        "{:?}",
        r.headers
    );
    assert!(r
        .headers
        .iter()
        .any(|h| h == "Access-Control-Allow-Origin: *"));
}

#[test]
fn unknown_routes_are_resource_not_found() {
    let s = server();
    for (method, target) in [
        ("GET", "/"),
        ("GET", "/nope"),
        ("GET", "/entity"),
        ("GET", "/queryx?q=A"),
        ("PUT", "/script?data=x"),
        ("PUT", "/entity/Sun"),
        ("POST", "/query?q=A"),
        ("DELETE", "/entity/Sun"),
    ] {
        let r = s.request(method, target);
        assert_eq!(
            r.status_line, "HTTP/1.1 404 Resource not found",
            "{method} {target}"
        );
        assert_eq!(r.body, "", "{method} {target}");
        assert_eq!(r.header("Content-Type"), Some("application/json"));
        assert_eq!(r.header("Access-Control-Allow-Origin"), Some("*"));
    }
}

#[test]
fn unknown_entities_are_404_with_flecs_text() {
    let s = server();
    let r = s.get("/entity/scripts/main&values=true&private=true");
    assert_eq!(r.status_line, "HTTP/1.1 404 OK");
    assert_eq!(r.body, r#"{"error":"entity 'scripts/main' not found"}"#);
    // a `.` path is one name under `/`
    let r = s.get("/entity/Sun.Earth");
    assert_eq!(r.body, r#"{"error":"entity 'Sun.Earth' not found"}"#);
    // the path is decoded; a quote in it is escaped (Flecs writes it raw)
    let r = s.get("/entity/No%22body");
    assert_eq!(r.code, 404);
    assert_eq!(r.body, r#"{"error":"entity 'No\"body' not found"}"#);
    assert!(serde_json::from_str::<serde_json::Value>(&r.body).is_ok());
}

#[test]
fn engine_bytes_writes_what_flecs_writes() {
    let s = Server::start(
        common::example_world(),
        Options {
            engine_bytes: true,
            ..Options::default()
        },
    );
    assert_eq!(
        s.get("/entity/No%22body").body,
        r#"{"error":"entity 'No"body' not found"}"#
    );
    let r = s.get("/query");
    assert_eq!((r.code, r.body.as_str()), (400, "Missing parameter 'q'"));
}

#[test]
fn query_errors() {
    let s = server();
    let r = s.get("/query");
    assert_eq!(r.status_line, "HTTP/1.1 400 OK");
    assert_eq!(r.body, r#"{"error":"Missing parameter 'q'"}"#);

    let w = common::example_world();
    for q in [
        "Position, (ChildOf",
        "Nope",
        "Position, !",
        "$this ==",
        "[in Position",
    ] {
        let err = Query::new(&w, q).expect_err(q).to_string();
        let mut escaped = String::new();
        rosetta_rest::reply::escape_into(&mut escaped, &err);
        let expected = format!("{{\"error\":\"{escaped}\"}}");
        let target = format!("/query?q={}", encode_uri_component(q));
        let r = s.get(&target);
        assert_eq!((r.code, r.body.as_str()), (400, expected.as_str()), "{q}");
        let r = s.get(&format!("{target}&try=true"));
        assert_eq!(
            (r.code, r.body.as_str()),
            (200, expected.as_str()),
            "{q} try"
        );
        let r = s.get(&format!("{target}&try=TRUE"));
        assert_eq!(r.code, 400, "{q}: only `true` is true");
    }
    let r = s.get("/query?q=Nope");
    assert_eq!(
        r.body,
        r#"{"error":"unresolved identifier 'Nope'\nNope\n^"}"#
    );
}

#[test]
fn named_queries() {
    let s = server();
    let r = s.get("/query?name=Nope");
    assert_eq!(
        (r.code, r.body.as_str()),
        (404, r#"{"error":"unresolved identifier 'Nope'"}"#)
    );
    let r = s.get("/query?name=Sun&q=Position");
    assert_eq!(
        (r.code, r.body.as_str()),
        (
            400,
            r#"{"error":"resolved identifier 'Sun' is not a query"}"#
        )
    );
}

#[test]
fn negative_offset_or_limit_is_an_error_body_with_200() {
    let s = server();
    for p in ["limit=-1", "offset=-5"] {
        let r = s.get(&format!("/query?q=Position&{p}"));
        assert_eq!(r.status_line, "HTTP/1.1 200 OK", "{p}");
        assert_eq!(r.body, r#"{"error":"invalid offset/limit parameter"}"#);
    }
}

#[test]
fn huge_limits_are_no_error() {
    let s = server();
    let normal = s.get("/query?q=Position");
    for limit in ["2147483647", "99999999999999999999", "1e99"] {
        let r = s.get(&format!(
            "/query?q=Position&limit={limit}&offset=99999999999"
        ));
        assert_eq!(r.code, normal.code, "limit={limit}");
    }
}

#[test]
fn bad_targets_get_a_clear_status() {
    let s = server();
    let r = s.get("/entity/Sun%zz");
    assert_eq!(r.status_line, "HTTP/1.1 400 Bad Request");
    assert_eq!(
        r.body,
        r#"{"error":"bad request (malformed percent-encoding at byte 11)"}"#
    );
    let r = s.get("/query?q=%E2%82");
    assert_eq!(r.code, 400);
    assert!(r.body.contains("not UTF-8"), "{}", r.body);
    let many: String = (0..40).map(|i| format!("&p{i}=1")).collect();
    assert_eq!(s.get(&format!("/query?q=A{many}")).code, 400);
    // longer than the reader takes: 414 with a JSON error
    let long = format!("/entity/{}", "a".repeat(70 * 1024));
    let r = s.get(&long);
    assert_eq!(r.code, 414, "{}", r.status_line);
    // longer than a connection buffers: hyper refuses it before routing
    let longer = format!("/entity/{}", "a".repeat(300 * 1024));
    let r = s.get(&longer);
    assert!(r.code == 414 || r.code == 431, "{}", r.status_line);
    // an odd method
    let r = s.request("PATCH", "/entity/Sun");
    assert_eq!(r.code, 405);
    // the server still answers
    assert_eq!(s.get("/entity/Nobody").code, 404);
}

#[test]
fn a_silent_client_does_not_block_others() {
    let s = server();
    let mut idle = TcpStream::connect(s.addr).expect("connect");
    idle.write_all(b"GET /entity/Sun HTT")
        .expect("half a request");
    let start = Instant::now();
    let r = s.get("/entity/Nobody");
    assert_eq!(r.code, 404);
    assert!(start.elapsed() < Duration::from_secs(5));
    drop(idle);
}

#[test]
fn read_only_refuses_writes_with_403() {
    let s = Server::start(
        common::example_world(),
        Options {
            read_only: true,
            ..Options::default()
        },
    );
    for target in [
        "/set/Sun?data=%7B%22ids%22%3A%5B%5B%22HasRocks%22%5D%5D%7D",
        "/delete/Sun",
        "/enable/Sun",
        "/disable/Sun",
        "/disable/Nobody",
    ] {
        let r = s.request("PUT", target);
        assert_eq!(r.status_line, "HTTP/1.1 403 OK", "{target}");
        assert_eq!(r.body, r#"{"error":"forbidden (the server is read-only)"}"#);
    }
    let w = s.world.read();
    let sun = w.lookup("Sun").expect("Sun");
    assert!(!w.is_disabled(sun));
}

#[test]
fn write_routes_change_the_world() {
    let s = server();
    let r = s.request("PUT", "/disable/Sun/Earth");
    assert_eq!(
        (r.status_line.as_str(), r.body.as_str()),
        ("HTTP/1.1 200 OK", "")
    );
    {
        let w = s.world.read();
        let earth = w.lookup("Sun.Earth").expect("Earth");
        assert!(w.is_disabled(earth));
    }
    assert_eq!(s.request("PUT", "/enable/Sun/Earth").code, 200);
    {
        let w = s.world.read();
        assert!(!w.is_disabled(w.lookup("Sun.Earth").expect("Earth")));
    }

    let data = encode_uri_component(
        r#"{"ids":[["Position"], ["Kind"]], "values":[{"x":5, "y":6}, "Moon"]}"#,
    );
    let r = s.request("PUT", &format!("/set/Sun/Mars?data={data}"));
    assert_eq!((r.code, r.body.as_str()), (200, ""));
    {
        let w = s.world.read();
        let mars = w.lookup("Sun.Mars").expect("Mars");
        let pos = w.lookup("Position").expect("Position");
        let kind = w.lookup("Kind").expect("Kind");
        assert!(w.owns(mars, pos) && w.owns(mars, kind));
        let v = w.get(mars, pos).expect("a Position");
        assert!(format!("{v:?}").contains('5'), "{v:?}");
    }

    for bad in [
        "",
        "?data=nonsense",
        "?data=%7B%22ids%22%3A%5B%5B%22Nope%22%5D%5D%7D",
        "?data=%7B%22ids%22%3A%5B%5B%22Position%22%5D%5D%2C%22values%22%3A%5B%22text%22%5D%7D",
    ] {
        let r = s.request("PUT", &format!("/set/Sun{bad}"));
        assert_eq!(
            (r.code, r.body.as_str()),
            (400, r#"{"error":"invalid request"}"#),
            "{bad}"
        );
    }
    let r = s.request("PUT", "/set/Nobody?data=%7B%7D");
    assert_eq!(
        (r.code, r.body.as_str()),
        (404, r#"{"error":"entity 'Nobody' not found"}"#)
    );

    assert_eq!(s.request("PUT", "/delete/Sun/Mars").code, 200);
    assert!(s.world.read().lookup("Sun.Mars").is_none());
}

#[test]
fn stats_and_tables() {
    let s = server();
    let r = s.get("/stats/world");
    assert_eq!(r.code, 200);
    let v: serde_json::Value = serde_json::from_str(&r.body).expect("stats JSON");
    let entities = s.world.read().entity_count();
    assert_eq!(v["entities.count"]["avg"][0], entities);
    for period in ["1s", "1m", "1h", "1d", "1w"] {
        assert_eq!(s.get(&format!("/stats/world?period={period}")).code, 200);
    }
    assert_eq!(s.get("/stats/pipeline?period=1m").body, "[]");
    let r = s.get("/stats/world?period=2s");
    assert_eq!(r.status_line, "HTTP/1.1 404 Resource not found");
    assert_eq!(r.body, r#"{"error":"bad request (invalid period string)"}"#);
    let r = s.get("/stats/system");
    assert_eq!(r.body, r#"{"error":"bad request (unsupported category)"}"#);

    let r = s.get("/tables");
    assert_eq!(r.code, 200);
    let tables: serde_json::Value = serde_json::from_str(&r.body).expect("tables JSON");
    assert_eq!(
        tables.as_array().map(Vec::len),
        Some(s.world.read().tables().len())
    );

    assert_eq!(s.get("/commands/capture").body, r#"{"frame":0}"#);
    let r = s.get("/commands/frame/7");
    assert_eq!(
        (r.code, r.body.as_str()),
        (404, r#"{"error": "no capture for frame 7"}"#)
    );
}

#[test]
fn keep_alive_serves_many_requests_on_one_connection() {
    use std::io::{BufRead, BufReader, Read};
    let s = server();
    let stream = TcpStream::connect(s.addr).expect("connect");
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut writer = stream;
    for _ in 0..3 {
        write!(writer, "GET /entity/Nobody HTTP/1.1\r\nHost: x\r\n\r\n").expect("send");
        let mut length = 0;
        let mut line = String::new();
        loop {
            line.clear();
            reader.read_line(&mut line).expect("a header");
            if line == "\r\n" {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.trim().parse().expect("a length");
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).expect("the body");
        assert_eq!(body, br#"{"error":"entity 'Nobody' not found"}"#);
    }
}

#[test]
fn a_query_of_3200_terms_is_a_400_and_the_server_stays_up() {
    let s = server();
    // About 45 KB of URL, under the 64 KiB the reader takes.
    let q = encode_uri_component(&vec!["Position"; 3200].join(", "));
    let target = format!("/query?q={q}");
    assert!(target.len() > 40_000 && target.len() < 64 * 1024);
    let r = s.get(&target);
    assert_eq!(r.code, 400, "{}", &r.body[..r.body.len().min(200)]);
    let limit = rosetta_world::query::MAX_TERMS;
    let message = format!("too many terms: a query has at most MAX_TERMS ({limit})");
    assert!(
        r.body.starts_with(&format!(r#"{{"error":"{message}\n"#)),
        "{}",
        &r.body[..r.body.len().min(200)]
    );
    // The server answers the next request.
    assert_eq!(s.get("/query?q=Position").code, 200);
    // A query at the limit runs (on the server's blocking threads).
    let at_limit = encode_uri_component(&vec!["Position"; limit].join(", "));
    let r = s.get(&format!("/query?q={at_limit}"));
    assert_eq!(r.code, 200, "{}", &r.body[..r.body.len().min(200)]);
}

#[test]
fn an_empty_query_is_a_400() {
    let s = server();
    for q in ["", "%20%20"] {
        let r = s.get(&format!("/query?q={q}"));
        assert_eq!(r.code, 400, "{q}");
        assert!(
            r.body.starts_with(
                r#"{"error":"empty query (write at least one term, or 0 to match nothing)"#
            ),
            "{}",
            r.body
        );
    }
    // `0` asks for nothing.
    let r = s.get("/query?q=0");
    assert_eq!((r.code, r.body.as_str()), (200, r#"{"results":[]}"#));
}

#[test]
fn the_step_limit_is_the_servers_option_and_its_error_names_it() {
    let options = Options {
        step_limit: 50,
        ..Options::default()
    };
    let s = Server::start(common::example_world(), options);
    let r = s.get("/query?q=*%2C*%2C*");
    assert_eq!(r.code, 400, "{}", r.body);
    assert!(r.body.contains("more than 50 search steps"), "{}", r.body);
    assert!(r.body.contains("rosetta serve --step-limit"), "{}", r.body);
    // The default limit runs it.
    assert_eq!(server().get("/query?q=*%2C*%2C*").code, 200);
}
