//! Flecs v3.2.12's JSON of a world on the command line: `rosetta world entity WORLD PATH`
//! (`ecs_entity_to_json`) and `rosetta world query WORLD 'QUERY' --json`
//! (`ecs_iter_to_json`). The serializers' options are flags named as Flecs names them
//! (`crate::cli::EntityJsonArgs`, `IterJsonArgs`), which give the descriptors used here.

use std::path::PathBuf;

use rosetta_flecs::{Extras, Page};
use rosetta_world::builtin::WILDCARD;
use rosetta_world::eval::Query;
use rosetta_world::script::MarkerKind;
use rosetta_world::{Engine, Id, World};

use super::load::{load_world, LoadedWorld, WorldSource};
use crate::cli::{IterJsonArgs, WorldEntityArgs};
use crate::error::CliError;
use crate::files::write_output;

fn data_error(what: &str, message: String) -> CliError {
    CliError::Data {
        path: PathBuf::from(what),
        message,
    }
}

/// The world script's named filters (`["filter", name, expr]`), for `matches`.
fn named_filters(loaded: &LoadedWorld) -> Vec<(Id, Query)> {
    let WorldSource::Script(script) = &loaded.source else {
        return Vec::new();
    };
    script
        .markers
        .iter()
        .filter_map(|m| match &m.kind {
            MarkerKind::Filter { entity, expr } => {
                let q = Query::with_engine(&loaded.world, expr, Engine::Filter).ok()?;
                Some((*entity, q))
            }
            _ => None,
        })
        .collect()
}

fn alerts_imported(loaded: &LoadedWorld) -> bool {
    match &loaded.source {
        WorldSource::Script(s) => s
            .markers
            .iter()
            .any(|m| matches!(&m.kind, MarkerKind::Import(n) if n == "FlecsAlerts")),
        _ => false,
    }
}

/// Runs `rosetta world entity`.
pub fn run_entity(args: &WorldEntityArgs) -> Result<(), CliError> {
    let mut loaded = load_world(
        &args.world,
        &args.schema_paths,
        args.types.as_deref(),
        args.flecs,
    )?;
    loaded.world.process_pending();
    let e = loaded
        .resolve(&args.entity)
        .ok_or_else(|| data_error("PATH", format!("no entity '{}'", args.entity)))?;
    let refs = match &args.refs {
        None => None,
        Some(rel) => Some(match rel.as_str() {
            "*" => WILDCARD,
            _ => loaded
                .resolve(rel)
                .ok_or_else(|| data_error("--refs", format!("no entity '{rel}'")))?,
        }),
    };
    if args.flecs == rosetta_world::FlecsVersion::V4 {
        let options = args.options.v4_options()?;
        let mode = if args.options.engine_bytes {
            rosetta_flecs::text::Mode::Engine
        } else {
            rosetta_flecs::text::Mode::Lossless
        };
        let filters = named_filters(&loaded);
        let queries: Vec<(Id, &Query)> = filters.iter().map(|(e, q)| (*e, q)).collect();
        let mut text = super::v4::entity_json(&loaded.world, e, &options, refs, &queries, mode)
            .map_err(|err| match err {
                CliError::Data { message, .. } => data_error(&args.entity, message),
                other => other,
            })?;
        text.push('\n');
        return write_output(&PathBuf::from("-"), text.as_bytes());
    }
    let mut desc = args.options.desc()?;
    desc.refs = refs;
    let filters = named_filters(&loaded);
    let queries: Vec<(Id, &Query)> = filters.iter().map(|(e, q)| (*e, q)).collect();
    let extras = Extras {
        queries: &queries,
        alerts_imported: alerts_imported(&loaded),
    };
    let mut text = rosetta_flecs::entity_to_json_with(&loaded.world, e, &desc, &extras)
        .map_err(|err| data_error(&args.entity, err.to_string()))?;
    text.push('\n');
    write_output(&PathBuf::from("-"), text.as_bytes())
}

/// A query's error; one that ran out of search steps says how to raise the limit.
pub(super) fn query_error(message: String, out_of_steps: bool) -> CliError {
    match out_of_steps {
        true => data_error("QUERY", format!("{message}; raise it with --step-limit")),
        false => data_error("QUERY", message),
    }
}

/// `rosetta world query --json`: the results as `ecs_iter_to_json` writes them, from an
/// offset and up to a limit, the search stopped after `max_steps`.
pub fn query_json(
    w: &World,
    query: &Query,
    options: &IterJsonArgs,
    (offset, limit): (usize, Option<usize>),
    max_steps: u64,
) -> Result<String, CliError> {
    let page = Page { offset, limit };
    let mut text = rosetta_flecs::iter_to_json_bounded(w, query, &options.desc()?, page, max_steps)
        .map_err(|e| {
            let budget = matches!(
                e,
                rosetta_flecs::Error::World(rosetta_world::Error::QueryBudget(_))
            );
            query_error(e.to_string(), budget)
        })?;
    text.push('\n');
    Ok(text)
}
