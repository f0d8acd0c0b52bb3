//! What the integration tests share: the example world, a server on a loopback port, a raw
//! HTTP/1.1 client (it sends targets exactly as written, as the explorer's do), and whether
//! the serializers are written yet.
#![allow(dead_code)] // each test file uses its own part

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::Duration;

use rosetta_rest::{Options, SharedWorld};
use rosetta_world::World;

/// The repository's example world (`examples/world/space.json`).
pub fn example_world() -> World {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/world/space.json");
    let text = std::fs::read_to_string(&path).expect("the example world");
    rosetta_world::script::load_str(&text)
        .expect("the example world loads")
        .world
}

/// Whether `rosetta_flecs`' entity and iterator serializers are written (the REST layer is
/// built against their signatures; tests of the bytes they produce say they skipped until
/// then).
pub fn serializers_ready() -> bool {
    entity_serializer_ready() && iter_serializer_ready()
}

fn not_written(r: rosetta_flecs::Result<String>) -> bool {
    matches!(r, Err(e) if e.to_string().contains("not written yet"))
}

/// Whether `rosetta_flecs::entity_to_json` is written.
pub fn entity_serializer_ready() -> bool {
    let w = World::new();
    !not_written(rosetta_flecs::entity_to_json(
        &w,
        rosetta_world::builtin::WORLD,
        &Default::default(),
    ))
}

/// Whether `rosetta_flecs::iter_to_json` is written.
pub fn iter_serializer_ready() -> bool {
    let w = World::new();
    let Ok(q) = rosetta_world::eval::Query::new(&w, "flecs.core.Module") else {
        return false;
    };
    !not_written(rosetta_flecs::iter_to_json(
        &w,
        &q,
        &Default::default(),
        Default::default(),
    ))
}

/// Whether `rosetta_flecs::world_to_json` is written.
pub fn world_serializer_ready() -> bool {
    !not_written(rosetta_flecs::world_to_json(&World::new()))
}

/// A server on 127.0.0.1 (a free port) for the life of the value.
pub struct Server {
    pub addr: SocketAddr,
    pub world: SharedWorld,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    pub fn start(world: World, options: Options) -> Server {
        let world = SharedWorld::new(world);
        let shared = world.clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let (bound, addr) = std::sync::mpsc::channel();
        let thread = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            rt.block_on(async move {
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                    .await
                    .expect("bind");
                bound
                    .send(listener.local_addr().expect("address"))
                    .expect("send");
                rosetta_rest::serve(listener, shared, options, async {
                    let _ = stopped.await;
                })
                .await
                .expect("serve");
            });
        });
        let addr = addr.recv().expect("the server's address");
        Server {
            addr,
            world,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Sends `method target` and reads the reply.
    pub fn request(&self, method: &str, target: &str) -> HttpReply {
        request(self.addr, method, target)
    }

    pub fn get(&self, target: &str) -> HttpReply {
        self.request("GET", target)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A reply as received.
#[derive(Debug, Clone)]
pub struct HttpReply {
    /// `HTTP/1.1 404 OK`.
    pub status_line: String,
    pub code: u16,
    /// Header lines as sent (`Content-Type: application/json`).
    pub headers: Vec<String>,
    pub body: String,
}

impl HttpReply {
    /// A header's value (name compared without case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find_map(|h| {
            let (n, v) = h.split_once(':')?;
            n.eq_ignore_ascii_case(name).then(|| v.trim())
        })
    }
}

/// One request on its own connection (`Connection: close`), the reply read to the end.
pub fn request(addr: SocketAddr, method: &str, target: &str) -> HttpReply {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30)))
        .expect("timeout");
    let sent = write!(
        s,
        "{method} {target} HTTP/1.1\r\nHost: {addr}\r\nOrigin: https://www.flecs.dev\r\nConnection: close\r\n\r\n"
    );
    // A server may answer a request it refuses (a target too long) and close the connection
    // before the client has sent all of it: the send then breaks, and the reply is still there.
    if let Err(e) = sent {
        use std::io::ErrorKind::{BrokenPipe, ConnectionReset};
        assert!(
            matches!(e.kind(), BrokenPipe | ConnectionReset),
            "send: {e}"
        );
    }
    let mut raw = Vec::new();
    if let Err(e) = s.read_to_end(&mut raw) {
        assert!(
            !raw.is_empty() && e.kind() == std::io::ErrorKind::ConnectionReset,
            "read the reply: {e}"
        );
    }
    parse_reply(&raw)
}

/// Splits a raw reply into its status line, headers and body.
pub fn parse_reply(raw: &[u8]) -> HttpReply {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default().to_owned();
    let code = status_line
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    HttpReply {
        status_line,
        code,
        headers: lines.map(str::to_owned).collect(),
        body: body.to_owned(),
    }
}

/// `encodeURIComponent`, as the explorer encodes its queries.
pub fn encode_uri_component(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}
