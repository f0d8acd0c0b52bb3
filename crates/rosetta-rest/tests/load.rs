//! A load test over loopback: many clients on keep-alive connections send the explorer's
//! requests (tree queries, the query box, the inspector, unknown entities, bad queries) for a
//! few seconds, in each version: the v3 explorer's to a v3.2.12 server, the current explorer's
//! to a v4.1.6 one. Every reply must be the one the same request gets alone (status and bytes);
//! the test prints requests per second and latency percentiles.
//!
//! `ROSETTA_LOAD_SECS` sets the duration (default 2 s, for CI) and `ROSETTA_LOAD_CLIENTS`
//! the number of concurrent clients (default 32). For figures, run it in release mode:
//! `ROSETTA_LOAD_SECS=5 cargo test --release -p rosetta-rest --test load -- --nocapture`.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use common::{encode_uri_component, Server};
use rosetta_rest::Options;
use rosetta_world::FlecsVersion;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The example world of `version` with 2000 more planets under `Sun`.
fn world(version: FlecsVersion) -> rosetta_world::World {
    let mut ops = vec![serde_json::json!([
        "struct",
        "Position",
        [["x", "f32"], ["y", "f32"]]
    ])];
    for i in 0..2000 {
        let name = format!("Sun.p{i}");
        ops.push(serde_json::json!(["entity", name]));
        ops.push(serde_json::json!(["set", name, "Position", {"x": i, "y": -i}]));
    }
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/world/space.json");
    let text = std::fs::read_to_string(path).expect("the example world");
    let mut loaded = rosetta_world::script::load_str_version(&text, version).expect("it loads");
    rosetta_world::script::apply(&mut loaded, &serde_json::Value::Array(ops)).expect("planets");
    loaded.world
}

/// The current explorer's requests (e2e/compare4.py lists them).
fn targets_v4() -> Vec<String> {
    let tree = |scope: &str| {
        format!(
            "/query?try=true&rows=true&limit=1000&doc=true&entity_ids=true&expr={}",
            encode_uri_component(&format!(
                " [none] ?flecs.core.Module,[none] ?flecs.core.Component,[none] ?flecs.core.Relationship,\
                 [none] ?flecs.core.Trait,[none] ?flecs.core.Target,[none] ?flecs.core.Query,\
                 [none] ?flecs.core.Prefab,[none] ?flecs.core.Disabled,[none] ?flecs.core.ChildOf(_,$this),\
                 [none] ?flecs.core.IsA($this,$base|self),(flecs.core.ChildOf,{scope})"
            ))
        )
    };
    // The query page asks for query_profile too, whose timings differ from reply to reply;
    // the rest of its reply is the same bytes each time.
    let page = "try=true&rows=true&full_paths=true&query_info=true&field_info=true&query_plan=true";
    vec![
        "/entity/flecs/core/World?values=true&label=true".to_owned(),
        "/entity/flecs/stats/WorldMemory?try=true&values=true".to_owned(),
        tree("#0"),
        tree("Sun"),
        tree("flecs.core"),
        format!("/query?{page}&expr={}", encode_uri_component("Position,?Kind")),
        format!("/query?{page}&expr={}", encode_uri_component("Position,(ChildOf,$p")),
        "/entity/Sun/Earth?try=true&values=true&entity_id=true&full_paths=true&type_info=true&private=true&inherited=true&matches=false&alerts=false".to_owned(),
        "/query?expr=Position&limit=99999999999".to_owned(),
    ]
}

fn targets() -> Vec<String> {
    let tree = "&values=false&ids=false&term_ids=false&sources=false&entity_labels=true&variable_labels=true&colors=true&is_set=true";
    let tree_q = |p: &str| {
        format!(
            "/query?q={}{tree}",
            encode_uri_component(&format!(
                "(ChildOf, {p}), ?Module, ?Component, ?Prefab, ?Disabled, ?ChildOf(_, $this), ?IsA($this, $base:self)"
            ))
        )
    };
    let query_box = "&term_ids=true&ids=true&sources=true&entity_labels=true&entity_ids=true&variable_labels=true&type_info=true&colors=true&offset=0&limit=25&values=true";
    vec![
        "/entity/flecs/core/World&label=true&values=true".to_owned(),
        tree_q("0"),
        tree_q("Sun"),
        tree_q("flecs.core"),
        format!("/query?q={}{query_box}", encode_uri_component("Position, ?Kind")),
        format!("/query?q={}{query_box}", encode_uri_component("Position, (ChildOf, $p")),
        "/entity/Sun/Earth&type_info=true&label=true&brief=true&link=true&color=true&id_labels=true&values=true&matches=false&alerts=false&private=false".to_owned(),
        "/entity/scripts/main&values=true&private=true".to_owned(),
        "/query?q=Position&limit=99999999999".to_owned(),
    ]
}

/// A keep-alive connection that sends GETs and reads replies by their Content-Length.
struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
}

impl Client {
    fn connect(addr: SocketAddr) -> Client {
        let s = TcpStream::connect(addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(30)))
            .expect("timeout");
        s.set_nodelay(true).expect("nodelay");
        Client {
            reader: BufReader::new(s.try_clone().expect("clone")),
            writer: s,
        }
    }

    fn get(&mut self, target: &str) -> Option<(u16, Vec<u8>)> {
        write!(
            self.writer,
            "GET {target} HTTP/1.1\r\nHost: load\r\nConnection: keep-alive\r\n\r\n"
        )
        .ok()?;
        let mut line = String::new();
        self.reader.read_line(&mut line).ok()?;
        let code = line.split(' ').nth(1)?.parse().ok()?;
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).ok()?;
            if line == "\r\n" {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.trim().parse().ok()?;
            }
        }
        let mut body = vec![0; length];
        self.reader.read_exact(&mut body).ok()?;
        Some((code, body))
    }
}

#[test]
fn many_concurrent_explorer_requests_without_errors() {
    load(FlecsVersion::V3, targets(), 10);
}

#[test]
fn many_concurrent_v4_explorer_requests_without_errors() {
    // v4's tree replies are about five times v3's (each row carries its 11 fields' is_set and
    // ids), so fewer of them fit in the same seconds on a debug build.
    load(FlecsVersion::V4, targets_v4(), 3);
}

/// `clients` keep-alive clients send `targets` for a few seconds to a server of `version`, and
/// each at least `min_per_client` times however slow the machine is (the figures are printed,
/// never asserted): every reply is the one the request gets alone.
fn load(version: FlecsVersion, targets: Vec<String>, min_per_client: usize) {
    // One load at a time: the two tests would otherwise share the machine's cores and each
    // measure half of it.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let secs = env_or("ROSETTA_LOAD_SECS", 2);
    let clients = env_or("ROSETTA_LOAD_CLIENTS", 32) as usize;
    let s = Server::start(world(version), Options::for_version(version));
    let mut first = Client::connect(s.addr);
    let expected: Vec<(u16, Vec<u8>)> = targets
        .iter()
        .map(|t| first.get(t).expect("a reply"))
        .collect();

    let deadline = Instant::now() + Duration::from_secs(secs);
    let start = Instant::now();
    let handles: Vec<_> = (0..clients)
        .map(|c| {
            let (addr, targets, expected) = (s.addr, targets.clone(), expected.clone());
            std::thread::spawn(move || {
                let mut client = Client::connect(addr);
                let (mut latencies, mut errors) = (Vec::new(), Vec::new());
                let mut i = c;
                while Instant::now() < deadline || latencies.len() < min_per_client {
                    let k = i % targets.len();
                    let t0 = Instant::now();
                    let reply = client.get(&targets[k]);
                    latencies.push(t0.elapsed());
                    if reply.as_ref() != Some(&expected[k]) {
                        errors.push(format!("{}: {:?}", targets[k], reply.map(|r| r.0)));
                        client = Client::connect(addr);
                    }
                    i += 1;
                }
                (latencies, errors)
            })
        })
        .collect();
    let mut latencies = Vec::new();
    let mut errors = Vec::new();
    for h in handles {
        let (l, e) = h.join().expect("a client thread");
        latencies.extend(l);
        errors.extend(e);
    }
    let elapsed = start.elapsed().as_secs_f64();
    latencies.sort();
    let pct = |p: f64| {
        let i = ((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1));
        latencies.get(i).copied().unwrap_or_default()
    };
    eprintln!(
        "load (v{version}): {} requests from {clients} clients in {elapsed:.1} s: {:.0} req/s, p50 {:?}, p99 {:?}, max {:?}, {} errors",
        latencies.len(),
        latencies.len() as f64 / elapsed,
        pct(0.50),
        pct(0.99),
        latencies.last().copied().unwrap_or_default(),
        errors.len()
    );
    assert!(
        errors.is_empty(),
        "{} errors, first: {:?}",
        errors.len(),
        errors.first()
    );
    assert!(
        latencies.len() >= clients * min_per_client,
        "only {} requests",
        latencies.len()
    );
}
