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
use rosetta_world::FlecsVersion;

fn server() -> Server {
    Server::start(
        common::example_world(),
        Options::for_version(FlecsVersion::V3),
    )
}

#[test]
fn preflight_answers_any_path_with_cors_headers() {
    let s = server();
    for target in ["/entity/Sun", "/anything", "/query?q=x"] {
        let r = s.request("OPTIONS", target);
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
        .any(|h| h == "Access-Control-Allow-Origin: https://www.flecs.dev"));
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
        assert_eq!(
            r.header("Access-Control-Allow-Origin"),
            Some("https://www.flecs.dev")
        );
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
            ..Options::for_version(FlecsVersion::V3)
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
fn world_tables_are_flecs_bytes() {
    // v3.2.12's GET /world for the example world built with the C API, in its order, with
    // --engine-bytes (Flecs' floats). The tables of reflection entities (the types' meta
    // components, struct members, enum constants) come between them; rosetta-flecs'
    // tests/flecs_c_world.rs checks those against real Flecs.
    let expected = [
        r#"{"ids":[["flecs.core.Identifier","flecs.core.Name"]], "entities":["HasRocks", "planets"], "values":[0]}"#,
        r#"{"ids":[["flecs.core.Prefab"], ["Kind"], ["HasRocks"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","planets"], ["flecs.doc.Description","flecs.doc.Brief"]], "parent":"planets", "entities":["RockyPlanet"], "values":[0, ["Planet"], 0, 0, 0, [{"value":"A planet made of rock"}]]}"#,
        r#"{"ids":[["Position"], ["Kind"], ["flecs.core.Identifier","flecs.core.Name"]], "entities":["Sun"], "values":[[{"x":0, "y":0}], ["Star"], 0]}"#,
        r#"{"ids":[["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Sun"], ["flecs.core.IsA","planets.RockyPlanet"]], "parent":"Sun", "entities":["Mars"], "values":[0, 0, 0]}"#,
        r#"{"ids":[["Position"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Sun"], ["flecs.core.IsA","planets.RockyPlanet"], ["flecs.doc.Description","flecs.core.Name"]], "parent":"Sun", "entities":["Earth"], "values":[[{"x":1, "y":0}], 0, 0, 0, [{"value":"The Earth"}]]}"#,
        r#"{"ids":[["Position"], ["Kind"], ["flecs.core.Identifier","flecs.core.Name"], ["flecs.core.ChildOf","Sun.Earth"]], "parent":"Sun.Earth", "entities":["Moon"], "values":[[{"x":1.1000000238, "y":0}], ["Moon"], 0, 0]}"#,
    ];
    let engine = Options {
        engine_bytes: true,
        ..Options::for_version(FlecsVersion::V3)
    };
    let body = Server::start(common::example_world(), engine)
        .get("/world")
        .body;
    let mut at = 0;
    for table in expected {
        let found = body.get(at..).and_then(|rest| rest.find(table));
        let Some(i) = found else {
            panic!("{table}\nnot found in order in\n{body}")
        };
        at += i + table.len();
    }
}

#[test]
fn engine_bytes_world_is_v3_2_12s_bytes() {
    let load = || {
        let mut l = rosetta_world::script::load_str(r#"[["entity", "q\"x"]]"#).expect("loads");
        l.world.process_pending();
        l.world
    };
    let valid = Server::start(load(), Options::for_version(FlecsVersion::V3))
        .get("/world")
        .body;
    assert!(valid.contains(r#""entities":["q\"x"]"#), "{valid}");
    let engine = Server::start(
        load(),
        Options {
            engine_bytes: true,
            ..Options::for_version(FlecsVersion::V3)
        },
    )
    .get("/world")
    .body;
    // Flecs writes names raw.
    assert!(engine.contains(r#""entities":["q"x"]"#), "{engine}");
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
fn parse_errors_show_the_query_as_flecs_does() {
    let s = server();
    // What v3.2.12's REST server answers for the same world: an error inside a term shows
    // the query from that term on; a name that does not resolve shows the query printed back.
    for (q, error) in [
        (
            "Position, (ChildOf",
            r"unexpected end of term\n(ChildOf\n        ^",
        ),
        ("Position, !", r"unexpected end of term\n!\n ^"),
        ("Position, [in Kind", r"expected ]\n[in Kind\n^"),
        (
            "Position,\n Kind(",
            r"expected identifier or set expression\nKind(\n     ^",
        ),
        (
            "Position, Kind(up ChildOf), Velocity",
            r"duplicate set token 'up'\nKind(up ChildOf), Velocity\n        ^",
        ),
        ("  (ChildOf", r"unexpected end of term\n(ChildOf\n        ^"),
        (
            "Position, Nope",
            r"unresolved identifier 'Nope'\nPosition, Nope\n            ^",
        ),
    ] {
        let r = s.get(&format!("/query?q={}", encode_uri_component(q)));
        let body = format!(r#"{{"error":"{error}"}}"#);
        assert_eq!((r.code, r.body.as_str()), (400, body.as_str()), "{q:?}");
    }
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
fn limits_read_as_flecs_reads_them() {
    let s = server();
    let all = s.get("/query?q=Position").body;
    let invalid = r#"{"error":"invalid offset/limit parameter"}"#;
    // atoi on glibc: strtol saturated, then cut to 32 bits.
    for (params, body) in [
        ("limit=99999999999999999999", invalid),
        ("limit=2147483648", invalid),
        (
            "offset=-99999999999999999999999&limit=1",
            r#"{"results":[{"entities":["Sun"]}]}"#,
        ),
        ("limit=4294967297", r#"{"results":[{"entities":["Sun"]}]}"#),
        ("limit=0", all.as_str()),
        (
            "offset=1&limit=0",
            r#"{"results":[{"parent":"Sun", "entities":["Earth"]}, {"parent":"Sun.Earth", "entities":["Moon"]}]}"#,
        ),
        ("limit=1e99", r#"{"results":[{"entities":["Sun"]}]}"#),
        ("limit=2147483647&offset=99999999999", r#"{"results":[]}"#),
    ] {
        let r = s.get(&format!("/query?q=Position&{params}"));
        assert_eq!((r.code, r.body.as_str()), (200, body), "{params}");
    }
    // A result without a table ($this) is outside offset and limit, as ecs_page_iter
    // passes it through.
    for (params, body) in [
        (
            "offset=1",
            r#"{"vars":["x"], "results":[{"vars":["Sun"]}]}"#,
        ),
        (
            "offset=5&limit=1",
            r#"{"vars":["x"], "results":[{"vars":["Sun"]}]}"#,
        ),
    ] {
        let q = encode_uri_component("Position($x), $x == \"Sun\"");
        let r = s.get(&format!("/query?q={q}&{params}"));
        assert_eq!((r.code, r.body.as_str()), (200, body), "{params}");
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
            ..Options::for_version(FlecsVersion::V3)
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

    // What each refusal says: tests/writes.rs.
    for bad in [
        "",
        "?data=nonsense",
        "?data=%7B%22ids%22%3A%5B%5B%22Nope%22%5D%5D%7D",
        "?data=%7B%22ids%22%3A%5B%5B%22Position%22%5D%5D%2C%22values%22%3A%5B%22text%22%5D%7D",
    ] {
        let r = s.request("PUT", &format!("/set/Sun{bad}"));
        assert_eq!(r.code, 400, "{bad}");
        assert!(
            r.body
                .starts_with(r#"{"error":"invalid request: data at /"#),
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
fn world_stats_report_the_worlds_counts() {
    let s = server();
    let gauge = |s: &Server, name: &str| -> serde_json::Value {
        let v: serde_json::Value =
            serde_json::from_str(&s.get("/stats/world").body).expect("stats JSON");
        v[name]["max"][59].clone()
    };
    let (alive, types) = {
        let w = s.world.read();
        (w.entity_count(), w.component_type_count())
    };
    assert_eq!(gauge(&s, "entities.count"), alive);
    assert_eq!(gauge(&s, "entities.not_alive_count"), 0);
    // Every registered component type, not only those some entity has.
    assert_eq!(gauge(&s, "components.type_count"), types);
    assert!(types > 2, "builtin components count too: {types}");
    // Deleting an entity makes its id wait for recycling.
    assert_eq!(s.request("PUT", "/delete/Sun/Mars").code, 200);
    assert_eq!(gauge(&s, "entities.count"), alive - 1);
    assert_eq!(gauge(&s, "entities.not_alive_count"), 1);
}

#[test]
fn keep_alive_serves_many_requests_on_one_connection() {
    use std::io::{BufRead, BufReader, Read};
    let s = server();
    let stream = TcpStream::connect(s.addr).expect("connect");
    let mut reader = BufReader::new(stream.try_clone().expect("clone"));
    let mut writer = stream;
    for _ in 0..3 {
        write!(
            writer,
            "GET /entity/Nobody HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n"
        )
        .expect("send");
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
fn one_request_per_connection_unless_keep_alive_is_asked_for() {
    use std::io::Read;
    let s = server();
    // Two requests sent at once without `Connection: keep-alive`: Flecs answers the first
    // and closes the connection.
    let mut stream = TcpStream::connect(s.addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        stream,
        "GET /entity/Nobody HTTP/1.1\r\nHost: x\r\n\r\nGET /entity/Sun HTTP/1.1\r\nHost: x\r\n\r\n"
    )
    .expect("send");
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("the server closes");
    let r = common::parse_reply(&raw);
    assert_eq!(r.status_line, "HTTP/1.1 404 OK");
    assert_eq!(
        r.body, r#"{"error":"entity 'Nobody' not found"}"#,
        "one reply only"
    );
    assert_eq!(r.header("Connection"), Some("close"));
    assert_eq!(r.header("Date"), None, "Flecs sends no Date");
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
        ..Options::for_version(FlecsVersion::V3)
    };
    let s = Server::start(common::example_world(), options);
    let r = s.get("/query?q=*%2C*%2C*");
    assert_eq!(r.code, 400, "{}", r.body);
    assert!(r.body.contains("more than 50 search steps"), "{}", r.body);
    assert!(r.body.contains("rosetta serve --step-limit"), "{}", r.body);
    // The default limit runs it.
    assert_eq!(server().get("/query?q=*%2C*%2C*").code, 200);
}
