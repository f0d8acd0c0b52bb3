//! `rosetta serve`: a world over Flecs v3.2.12's REST API (crate `rosetta_rest`), for the
//! Flecs explorer and other Flecs tools.

use std::io;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};

use clap::Args;
use rosetta_rest::request::Request;
use rosetta_rest::{routes, Options, SharedWorld, DEFAULT_PORT};

use crate::error::CliError;
use crate::files::write_output;

/// The example world served without WORLD (`examples/world/space.json`, built in).
const EXAMPLE_WORLD: &str = include_str!("../../../examples/world/space.json");

/// Help shown by `rosetta serve --help`.
pub const SERVE_EXAMPLES: &str = "\
Serves WORLD over Flecs v3.2.12's REST API (GET /entity/<path>, /query?q=, /world, /tables,
/stats/world, /stats/pipeline; PUT /set, /delete, /enable, /disable) on 127.0.0.1:27750 until
interrupted (Ctrl-C). WORLD is a world script, a SpatialOS snapshot (with --schema_path), or
Flecs world JSON; without WORLD the built-in example world (examples/world/space.json) is
served. With the server running, open the Flecs explorer at
https://www.flecs.dev/explorer/?remote=true (it connects to 127.0.0.1:27750; on another port,
https://www.flecs.dev/explorer/?host=127.0.0.1:PORT). For example:

  rosetta serve examples/data/world.snapshot --schema_path schema --schema_path examples/schema
  rosetta serve --port 8080 --read-only

--request answers one request without opening a port and prints the reply's body, as the
server would send it (the status goes to standard error when it is not 200).

Examples:
  # the tables of the example world, and its statistics
  rosetta serve --request /tables
  rosetta serve examples/world/space.json --request '/stats/world?period=1m'
  # the entity Sun.Earth as the explorer's inspector asks for it
  rosetta serve examples/world/space.json --request '/entity/Sun/Earth&label=true&values=true'
  # a query as the explorer's query box sends it
  rosetta serve --request '/query?q=Position%2C%20Kind&values=true&limit=25'";

/// Arguments of `rosetta serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A world script, a snapshot or Flecs world JSON (`-` for standard input); the built-in
    /// example world if none.
    #[arg(value_name = "WORLD")]
    pub world: Option<PathBuf>,

    /// A schema root; a snapshot needs its schema. Repeatable, searched in order.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// The port to listen on (the explorer looks at 27750).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,

    /// The address to listen on (127.0.0.1: this machine only; 0.0.0.0 exposes the world to
    /// the network).
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,

    /// Refuse the write routes (PUT /set, /delete, /enable, /disable) with 403.
    #[arg(long = "read-only", visible_alias = "read_only")]
    pub read_only: bool,

    /// Write error bodies byte for byte as Flecs does, even where that is not JSON (an
    /// unescaped `"` in an entity path, `Missing parameter 'q'` as plain text).
    #[arg(long = "engine-bytes", visible_alias = "engine_bytes")]
    pub engine_bytes: bool,

    /// Answer this one request target (`/entity/Sun?label=true`) and print the reply's body
    /// instead of serving.
    #[arg(long, value_name = "TARGET")]
    pub request: Option<String>,

    /// The method of --request.
    #[arg(long, default_value = "GET", requires = "request")]
    pub method: String,
}

/// Runs `rosetta serve`.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let (world, name) = match &args.world {
        Some(path) => (
            crate::world_cmd::load_world(path, &args.schema_paths)?.world,
            path.display().to_string(),
        ),
        None => {
            let loaded = rosetta_world::script::load_str(EXAMPLE_WORLD).map_err(|e| {
                CliError::Internal(format!("the built-in example world does not load: {e}"))
            })?;
            (loaded.world, "the example world".to_owned())
        }
    };
    let world = SharedWorld::new(world);
    let options = Options {
        read_only: args.read_only,
        engine_bytes: args.engine_bytes,
    };
    match &args.request {
        Some(target) => answer_one(&world, &args.method, target, &options),
        None => serve(world, options, SocketAddr::new(args.bind, args.port), &name),
    }
}

/// `--request`: the reply's body on standard output, a status other than 200 on standard
/// error.
fn answer_one(
    world: &SharedWorld,
    method: &str,
    target: &str,
    options: &Options,
) -> Result<(), CliError> {
    let reply = match Request::parse(method, target) {
        Ok(req) => routes::answer(world, &req, options),
        Err(e) => {
            return Err(CliError::Usage {
                argument: "--request".into(),
                message: e.to_string(),
            })
        }
    };
    if reply.code != 200 {
        eprintln!("HTTP/1.1 {} {}", reply.code, reply.status);
    }
    let mut body = reply.body.into_bytes();
    if !body.is_empty() {
        body.push(b'\n');
    }
    write_output(Path::new("-"), &body)
}

/// Serves until Ctrl-C.
fn serve(
    world: SharedWorld,
    options: Options,
    addr: SocketAddr,
    name: &str,
) -> Result<(), CliError> {
    let io_error = |source: io::Error| CliError::Io {
        path: PathBuf::from(addr.to_string()),
        source,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(io_error)?;
        let local = listener.local_addr().map_err(io_error)?;
        let explorer = if local.port() == DEFAULT_PORT {
            "https://www.flecs.dev/explorer/?remote=true".to_owned()
        } else {
            format!(
                "https://www.flecs.dev/explorer/?host=127.0.0.1:{}",
                local.port()
            )
        };
        eprintln!(
            "rosetta serve: {name} on {}{} (Ctrl-C to stop)\nFlecs explorer: {explorer}",
            rosetta_rest::url(local),
            if options.read_only { ", read-only" } else { "" },
        );
        rosetta_rest::serve(listener, world, options, async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(io_error)
    })
}
