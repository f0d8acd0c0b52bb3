//! The README's explorer instructions, as written: each `serve` command of its "Serving a
//! world to the Flecs explorer" block is started (on a free port, `--port 0`) and asked what
//! the current Flecs explorer asks when it connects (e2e/explorer4.js and compare4.py watch it
//! in a browser and against a real Flecs v4.1.6 server): the world's `BuildInfo` (the version
//! in its status bar), the tree's root query, a scope, the inspector and the query page.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `cargo run --release -- serve ...` lines of the README's explorer block.
fn readme_serve_commands() -> Vec<Vec<String>> {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let section = readme
        .split("### Serving a world to the Flecs explorer")
        .nth(1)
        .expect("the README's explorer section");
    let block = section
        .split("```text\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("its first block");
    block
        .lines()
        .filter_map(|l| l.strip_prefix("cargo run --release -- "))
        .map(|l| l.split_whitespace().map(str::to_owned).collect())
        .collect()
}

/// Kills the server when the test ends, passed or not.
struct Server(Child, String);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `rosetta ARGS --port 0`; the address from its first line on standard error.
fn start(args: &[String]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .args(args)
        .args(["--port", "0"])
        .current_dir(root())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rosetta serve starts");
    let stderr = child.stderr.take().expect("its standard error");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    let line = rx
        .recv_timeout(Duration::from_secs(120))
        .expect("the server's first line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split([',', ' ']).next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    Server(child, addr)
}

/// `GET target` as the explorer sends it (with its Origin); the status and the body as JSON.
fn get(addr: &str, target: &str) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "GET {target} HTTP/1.1\r\nHost: {addr}\r\nOrigin: https://www.flecs.dev\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut reply = String::new();
    s.read_to_string(&mut reply).expect("the reply");
    let code = reply
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {reply:?}"));
    let body = reply.split("\r\n\r\n").nth(1).unwrap_or_default();
    let json = serde_json::from_str(body).unwrap_or_else(|e| panic!("{target}: {e}: {body}"));
    (code, json)
}

/// The explorer's tree query for the children of `scope` (`#0` for the root), percent-encoded
/// as it sends it.
fn tree(scope: &str) -> String {
    let expr = format!(
        " [none] ?flecs.core.Module,[none] ?flecs.core.Component,[none] ?flecs.core.Relationship,\
         [none] ?flecs.core.Trait,[none] ?flecs.core.Target,[none] ?flecs.core.Query,\
         [none] ?flecs.core.Prefab,[none] ?flecs.core.Disabled,[none] ?flecs.core.ChildOf(_,$this),\
         [none] ?flecs.core.IsA($this,$base|self),(flecs.core.ChildOf,{scope})"
    );
    format!(
        "/query?try=true&rows=true&limit=1000&doc=true&entity_ids=true&expr={}",
        encode(&expr)
    )
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The names of a query reply's results.
fn names(reply: &Value) -> Vec<String> {
    reply["results"]
        .as_array()
        .map(|r| {
            r.iter()
                .filter_map(|e| e["name"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

const INSPECTOR: &str = "?try=true&values=true&entity_id=true&full_paths=true&type_info=true&private=true&inherited=true&matches=false&alerts=false";

#[test]
fn the_readme_worlds_answer_the_explorer() {
    let commands = readme_serve_commands();
    assert!(commands.len() >= 2, "{commands:?}");
    for args in commands {
        let server = start(&args);
        let addr = server.1.as_str();
        let (code, world) = get(addr, "/entity/flecs/core/World?values=true&label=true");
        assert_eq!(code, 200, "{args:?}");
        assert_eq!(
            world["components"]["flecs.core.BuildInfo"]["version"], "4.1.6",
            "{args:?}: the explorer's status bar reads the version here: {world}"
        );
        let (code, roots) = get(addr, &tree("#0"));
        assert_eq!(code, 200);
        let roots = names(&roots);
        assert!(roots.iter().any(|n| n == "flecs"), "{args:?}: {roots:?}");
        let snapshot = args.iter().any(|a| a.ends_with(".snapshot"));
        let (scope, child, inspect, query) = match snapshot {
            true => (
                "snapshot",
                "entity_1",
                "/entity/snapshot/entity_1",
                "improbable.Position, game.Health",
            ),
            false => ("Sun", "Earth", "/entity/Sun/Earth", "Position, ?Kind"),
        };
        assert!(roots.iter().any(|n| n == scope), "{args:?}: {roots:?}");
        let (_, children) = get(addr, &tree(scope));
        assert!(names(&children).iter().any(|n| n == child), "{children}");
        let (code, entity) = get(addr, &format!("{inspect}{INSPECTOR}"));
        assert_eq!(code, 200);
        assert!(entity["id"].is_u64(), "{entity}");
        assert!(
            entity["components"]
                .as_object()
                .is_some_and(|c| !c.is_empty()),
            "{entity}"
        );
        let (code, results) = get(
            addr,
            &format!(
                "/query?try=true&rows=true&full_paths=true&query_info=true&field_info=true&query_plan=true&query_profile=true&expr={}",
                encode(query)
            ),
        );
        assert_eq!(code, 200);
        assert!(results["query_info"]["terms"].is_array(), "{results}");
        assert!(results["field_info"].is_array(), "{results}");
        assert!(
            results["results"].as_array().is_some_and(|r| r.len() >= 2),
            "{results}"
        );
    }
}
