//! `rosetta serve WORLD --save`: writes through REST reach WORLD, in its own format, about a
//! second later and when the server is stopped with SIGTERM; what cannot be written back is
//! refused before the server starts.
#![cfg(unix)]

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{root, rosetta};

const SCHEMA: [&str; 4] = [
    "--schema_path",
    "schema",
    "--schema_path",
    "examples/schema",
];

/// `rosetta serve WORLD --save --port 0`, and the address it serves on (read from its first
/// line on standard error).
fn start(world: &Path) -> (Child, String) {
    start_version(world, "3")
}

/// [`start`] with `--flecs VERSION`.
fn start_version(world: &Path, version: &str) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rosetta"))
        .arg("serve")
        .arg(world)
        .args(SCHEMA)
        .args(["--save", "--port", "0", "--flecs", version])
        .current_dir(root())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rosetta serve starts");
    let stderr = child.stderr.take().expect("its standard error");
    // Read on a thread for the server's whole life: a closed pipe would fail its messages.
    let (first, line) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = first.send(l);
        }
    });
    let line = line
        .recv_timeout(Duration::from_secs(60))
        .expect("the server's first line");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split([',', ' ']).next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    assert!(line.contains(", saved to "), "{line}");
    (child, addr)
}

/// `PUT target` without an Origin (as curl sends it); the reply's status code.
fn put(addr: &str, target: &str) -> u16 {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "PUT {target} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut reply = String::new();
    s.read_to_string(&mut reply).expect("the reply");
    reply
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status in {reply:?}"))
}

/// The entity at `path` of the snapshot `file`, as `GET /entity` answers it, read back by a
/// new `rosetta serve`.
fn entity(file: &Path, path: &str) -> String {
    let target = format!("/entity/{path}&values=true");
    let file = file.to_str().expect("a UTF-8 path");
    let out = rosetta(
        &[
            &["serve", file][..],
            &SCHEMA[..],
            &["--flecs", "3", "--request", &target][..],
        ]
        .concat(),
    );
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

fn copy_of_example(dir: &Path) -> std::path::PathBuf {
    std::fs::create_dir_all(dir).expect("a folder");
    let copy = dir.join("world.snapshot");
    std::fs::copy(root().join("examples/data/world.snapshot"), &copy).expect("a copy");
    copy
}

/// `set` data giving `snapshot/entity_1` a `game.Health` of 42 of 100.
const HEALTH_42: &str = "%7B%22ids%22%3A%5B%5B%22game.Health%22%5D%5D%2C%22values%22%3A%5B%7B%22current%22%3A42%2C%22maximum%22%3A100%7D%5D%7D";

#[test]
fn writes_are_saved_after_a_second_and_on_sigterm() {
    let dir = std::env::temp_dir().join(format!("rosetta-serve-save-{}", std::process::id()));
    let world = copy_of_example(&dir);
    // As if written on Windows: the save keeps the gzip header's OS byte.
    let mut windows = std::fs::read(&world).expect("the copy");
    windows[9] = 10;
    std::fs::write(&world, &windows).expect("patched");
    let before = std::fs::read(&world).expect("the copy");
    let (mut child, addr) = start(&world);

    let data = "%7B%22ids%22%3A%5B%5B%22game.Health%22%5D%5D%2C%22values%22%3A%5B%7B%22current%22%3A42%2C%22maximum%22%3A100%7D%5D%7D";
    assert_eq!(
        put(&addr, &format!("/set/snapshot/entity_1?data={data}")),
        200
    );
    // Saved within about a second (debounced), well before the server stops.
    let deadline = Instant::now() + Duration::from_secs(20);
    while std::fs::read(&world).expect("the file") == before {
        assert!(Instant::now() < deadline, "not saved within 20 s");
        std::thread::sleep(Duration::from_millis(100));
    }
    let saved = entity(&world, "snapshot/entity_1");
    assert!(
        saved.contains(r#"{"current":42, "maximum":100}"#),
        "{saved}"
    );
    assert!(entity(&world, "snapshot/entity_2").contains("\"path\""));
    assert_eq!(
        std::fs::read(&world).expect("the file")[9],
        10,
        "the OS byte kept"
    );

    // A change right before SIGTERM is in the file the server leaves.
    assert_eq!(put(&addr, "/delete/snapshot/entity_2"), 200);
    let pid = child.id().to_string();
    let killed = Command::new("kill").args(["-TERM", &pid]).status();
    assert!(killed.is_ok_and(|s| s.success()), "kill -TERM");
    let status = child.wait().expect("the server stops");
    assert!(status.success(), "a graceful stop: {status:?}");
    let gone = entity(&world, "snapshot/entity_2");
    assert!(gone.contains("404"), "entity_2 deleted in the file: {gone}");
    assert!(entity(&world, "snapshot/entity_1").contains(r#""current":42"#));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_snapshots_and_flecs_world_json_are_saved_in_their_own_format() {
    let dir = std::env::temp_dir().join(format!("rosetta-serve-save-json-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let json_snapshot = dir.join("world.json");
    std::fs::copy(root().join("examples/data/world.json"), &json_snapshot).expect("a copy");
    let world_json = dir.join("world.flecs.json");
    let converted = rosetta(
        &[
            &["world", "convert", "examples/data/world.snapshot"][..],
            &SCHEMA[..],
            &["-o", world_json.to_str().expect("UTF-8"), "--flecs", "3"][..],
        ]
        .concat(),
    );
    assert!(converted.status.success(), "{converted:?}");
    for (file, starts) in [
        (&json_snapshot, "{\n  \"__entity_id\""),
        (&world_json, "{\"results\""),
    ] {
        let (mut child, addr) = start(file);
        assert_eq!(
            put(&addr, &format!("/set/snapshot/entity_1?data={HEALTH_42}")),
            200
        );
        let killed = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        assert!(killed.is_ok_and(|s| s.success()), "kill -TERM");
        assert!(child.wait().expect("the server stops").success());
        let text = std::fs::read_to_string(file).expect("the saved file");
        assert!(
            text.starts_with(starts),
            "{}: {}",
            file.display(),
            &text[..80.min(text.len())]
        );
        let saved = entity(file, "snapshot/entity_1");
        assert!(
            saved.contains(r#""current":42"#),
            "{}: {saved}",
            file.display()
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn what_cannot_be_written_back_is_refused_at_startup() {
    let out = rosetta(&["serve", "examples/world/space.json", "--save"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--save") && err.contains("is a world script, which cannot be written back"),
        "{err}"
    );
    let out = rosetta(&["serve", "--save"]);
    assert_eq!(out.status.code(), Some(2), "--save needs WORLD");
    let out = rosetta(&["serve", "--allow-origin", "example.com"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("'example.com' is not an origin"), "{err}");
}

/// v4.1.6 world JSON edited through v4's routes is saved as v4.1.6 world JSON (rows), the
/// edit in it.
#[test]
fn v4_world_json_is_saved_as_v4() {
    let dir = std::env::temp_dir().join(format!("rosetta-save-v4-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("space.flecs.json");
    let converted = rosetta(&[
        "world",
        "convert",
        "examples/data/world.snapshot",
        "--schema_path",
        "schema",
        "--schema_path",
        "examples/schema",
        "-o",
        file.to_str().expect("UTF-8"),
    ]);
    assert!(converted.status.success(), "{converted:?}");
    let (mut child, addr) = start_version(&file, "4");
    let value = "%7B%22current%22%3A42%2C%22maximum%22%3A100%7D";
    assert_eq!(
        put(
            &addr,
            &format!("/component/snapshot/entity_1?component=game.Health&value={value}")
        ),
        200
    );
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert!(killed.is_ok_and(|s| s.success()), "kill -TERM");
    assert!(child.wait().expect("the server stops").success());
    let text = std::fs::read_to_string(&file).expect("the saved file");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    let e1 = doc["results"]
        .as_array()
        .and_then(|r| r.iter().find(|e| e["name"] == "entity_1"))
        .cloned()
        .unwrap_or_else(|| panic!("entity_1 as a v4 row: {}", &text[..200.min(text.len())]));
    assert_eq!(e1["components"]["game.Health"]["current"], 42, "{e1}");
    let _ = std::fs::remove_dir_all(&dir);
}
