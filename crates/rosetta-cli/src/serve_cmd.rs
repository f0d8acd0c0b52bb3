//! `rosetta serve`: a world over Flecs' REST API (crate `rosetta_rest`), v4.1.6's or (`--flecs
//! 3`) v3.2.12's, for the Flecs explorer and other Flecs tools.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rosetta_rest::request::Request;
use rosetta_rest::{routes, Options, SharedWorld, DEFAULT_PORT};

use crate::cli::ServeArgs;
use crate::error::CliError;
use crate::files::write_output;
use crate::serve_save::Saver;
use crate::world::load::load_world;

/// How often `--save` looks for changes to save.
const SAVE_EVERY: Duration = Duration::from_secs(1);

/// The example world served without WORLD (`examples/world/space.json`, built in).
const EXAMPLE_WORLD: &str = include_str!("../../../examples/world/space.json");

/// Runs `rosetta serve`.
pub fn run(args: &ServeArgs) -> Result<(), CliError> {
    let (world, name, saver) = match &args.world {
        Some(path) => {
            let mut loaded =
                load_world(path, &args.schema_paths, args.types.as_deref(), args.flecs)?;
            let saver = if args.save {
                Some(Saver::new(path, &mut loaded, &args.gzip)?)
            } else {
                None
            };
            (loaded.world, path.display().to_string(), saver)
        }
        None => {
            let loaded = rosetta_world::script::load_str_version(EXAMPLE_WORLD, args.flecs)
                .map_err(|e| {
                    CliError::Internal(format!("the built-in example world does not load: {e}"))
                })?;
            (loaded.world, "the example world".to_owned(), None)
        }
    };
    let world = SharedWorld::new(world);
    let mut options = Options {
        flecs: args.flecs,
        read_only: args.read_only,
        engine_bytes: args.engine_bytes,
        step_limit: args.step_limit,
        ..Options::default()
    };
    for origin in &args.allow_origins {
        if !options.origins.allow(origin) {
            return Err(CliError::Usage {
                argument: "--allow-origin".into(),
                message: format!(
                    "'{origin}' is not an origin: give scheme://host[:port] \
                     (http://127.0.0.1:8080, https://tools.example) or '*'"
                ),
            });
        }
    }
    match &args.request {
        Some(target) => answer_one(&world, &args.method, target, &options),
        None => serve(
            world,
            options,
            SocketAddr::new(args.bind, args.port),
            &name,
            saver,
        ),
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

/// Serves until Ctrl-C or SIGTERM; with a [`Saver`], saves about once a second while writes
/// change the world, and once more, closed to writes, before returning.
fn serve(
    world: SharedWorld,
    options: Options,
    addr: SocketAddr,
    name: &str,
    saver: Option<Saver>,
) -> Result<(), CliError> {
    let io_error = |source: io::Error| CliError::Io {
        path: PathBuf::from(addr.to_string()),
        source,
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| CliError::Internal(format!("cannot start the server's runtime: {e}")))?;
    let saver = saver.map(Arc::new);
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
        let saving = match &saver {
            Some(s) => format!(", saved to {}", s.path().display()),
            None => String::new(),
        };
        // The hosted explorer speaks v4's REST API; a v3 server needs the v3 explorer.
        let v3_note = match options.flecs {
            rosetta_world::FlecsVersion::V3 => {
                " (Flecs v3.2.12's REST API: the v3 explorer, flecs-hub/explorer a7cb741)"
            }
            rosetta_world::FlecsVersion::V4 => "",
        };
        eprintln!(
            "rosetta serve: {name} on {}{}{saving} (Ctrl-C to stop)\nFlecs explorer: {explorer}{v3_note}",
            rosetta_rest::url(local),
            if options.read_only { ", read-only" } else { "" },
        );
        let periodic = saver
            .clone()
            .map(|s| tokio::spawn(save_periodically(s, world.clone())));
        rosetta_rest::serve(listener, world.clone(), options, stop_signal())
            .await
            .map_err(io_error)?;
        if let Some(task) = periodic {
            task.abort();
        }
        let Some(saver) = saver else {
            return Ok(());
        };
        // Writes still under way finish first; later ones are refused, so the last save
        // holds every write that was answered 200.
        let closing = world.clone();
        tokio::task::spawn_blocking(move || {
            closing.close();
            if saver.save_if_changed(&closing)? {
                eprintln!("rosetta serve: saved {}", saver.path().display());
            }
            Ok(())
        })
        .await
        .map_err(|e| CliError::Internal(format!("the last save did not finish: {e}")))?
    })
}

/// Saves about once a second when writes changed the world; a failed save is said and tried
/// again a second later.
async fn save_periodically(saver: Arc<Saver>, world: SharedWorld) {
    loop {
        tokio::time::sleep(SAVE_EVERY).await;
        let (s, w) = (Arc::clone(&saver), world.clone());
        match tokio::task::spawn_blocking(move || s.save_if_changed(&w)).await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => {
                eprintln!("warning: the world was not saved (tried again in a second): {e}")
            }
            Err(e) => eprintln!("warning: the world was not saved: {e}"),
        }
    }
}

/// Completes on Ctrl-C (SIGINT) or, on Unix, SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
