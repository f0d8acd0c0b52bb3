//! `rosetta serve`: a world over Flecs v3.2.12's REST API (crate `rosetta_rest`), for the
//! Flecs explorer and other Flecs tools.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use rosetta_rest::request::Request;
use rosetta_rest::{routes, Options, SharedWorld, DEFAULT_PORT};

use crate::cli::ServeArgs;
use crate::error::CliError;
use crate::files::write_output;
use crate::world::load::load_world;

/// The example world served without WORLD (`examples/world/space.json`, built in).
const EXAMPLE_WORLD: &str = include_str!("../../../examples/world/space.json");

/// Runs `rosetta serve`.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let (world, name) = match &args.world {
        Some(path) => (
            load_world(path, &args.schema_paths)?.world,
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
        step_limit: args.step_limit,
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
