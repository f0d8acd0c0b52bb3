//! `rosetta world info WORLD`: what a world holds (its entities, tables and components) and
//! where each component came from.

use std::collections::{BTreeMap, HashSet};
use std::path::Path;

use rosetta_world::load::{self, SnapshotFormat};
use rosetta_world::{Id, World};

use super::load::{load_world_with, LoadedWorld, WorldInputs, WorldSource};
use crate::cli::WorldInfoArgs;
use crate::error::CliError;
use crate::files::{input_name, write_output};

/// The most tables `world info` lists one by one.
const MAX_TABLES_LISTED: usize = 40;

/// Runs `rosetta world info`.
pub fn run(args: &WorldInfoArgs) -> Result<(), CliError> {
    let inputs = WorldInputs {
        schema_paths: &args.schema_paths,
        types: args.types.as_deref(),
        strict: args.strict,
        version: args.flecs,
    };
    let loaded = load_world_with(&args.world, &inputs)?;
    let text = render(&loaded, &args.world);
    write_output(Path::new("-"), text.as_bytes())
}

/// Where a component came from, for `world info`.
fn origin(loaded: &LoadedWorld, builtins: &HashSet<Id>, c: Id) -> String {
    if builtins.contains(&c) {
        return "Flecs builtin".into();
    }
    if let WorldSource::Snapshot {
        entity_id_component,
        ..
    } = &loaded.source
    {
        if c == *entity_id_component {
            return "loader: the SpatialOS entity id".into();
        }
    }
    let flecs_json = matches!(loaded.source, WorldSource::FlecsJson { .. });
    if flecs_json && loaded.world.path_of(c) == load::ENTITY_ID_COMPONENT {
        return "loader: the SpatialOS entity id".into();
    }
    if let Some(schema) = &loaded.schema {
        if let Some(id) = schema.component_id_of(c) {
            return format!("schema component {id}");
        }
        if schema.is_schema_type(c) {
            return "schema type".into();
        }
    }
    let reflected = loaded
        .world
        .component_info(c)
        .is_some_and(|i| i.ty.is_some());
    match &loaded.source {
        WorldSource::FlecsJson { script_types, .. } if script_types.contains(&c) => {
            "types script".into()
        }
        WorldSource::FlecsJson { .. } if reflected => "world JSON".into(),
        WorldSource::FlecsJson { .. } => "world JSON (no reflection)".into(),
        _ => "world script".into(),
    }
}

fn render(loaded: &LoadedWorld, path: &Path) -> String {
    let w = &loaded.world;
    // The builtin entities of the world's own Flecs version.
    let builtins: HashSet<Id> = World::with_version(w.version()).entities().collect();
    let mut out = String::new();
    let line = |out: &mut String, key: &str, value: String| {
        out.push_str(&format!("{key:<12}{value}\n"));
    };
    line(&mut out, "world:", input_name(path).display().to_string());
    let source = match &loaded.source {
        WorldSource::Script(_) => "world script".to_owned(),
        WorldSource::Snapshot {
            format,
            entities,
            scope,
            ..
        } => {
            let kind = match format {
                SnapshotFormat::Json => "JSON snapshot",
                SnapshotFormat::Binary(rosetta_wire::snapshot::Compression::Gzip) => {
                    "binary snapshot (gzip)"
                }
                SnapshotFormat::Binary(_) => "binary snapshot (uncompressed)",
            };
            format!("{kind}, {entities} entities under `{}`", w.path_of(*scope))
        }
        WorldSource::FlecsJson {
            tables,
            entities,
            skipped,
            ..
        } => {
            let skipped = match skipped {
                0 => String::new(),
                n => format!(", values of {n} ids skipped (no type)"),
            };
            format!("Flecs world JSON, {tables} tables, {entities} entities{skipped}")
        }
    };
    line(&mut out, "source:", source);
    if let Some(schema) = &loaded.schema {
        line(
            &mut out,
            "schema:",
            format!(
                "{} components, {} other types",
                schema.component_count(),
                schema.type_count() - schema.component_count()
            ),
        );
    }
    let total = w.entity_count();
    let builtin_count = w.entities().filter(|e| builtins.contains(e)).count();
    line(
        &mut out,
        "entities:",
        format!(
            "{total} ({builtin_count} Flecs builtins, {} others)",
            total - builtin_count
        ),
    );
    // Tables holding anything but builtins, largest first.
    let mut tables: Vec<(usize, String)> = w
        .tables()
        .iter()
        .filter(|t| t.entities().iter().any(|e| !builtins.contains(e)))
        .map(|t| {
            let ty: Vec<String> = t.ids().iter().map(|&id| w.id_str(id)).collect();
            (t.len(), ty.join(", "))
        })
        .collect();
    tables.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    let non_empty = w.tables().iter().filter(|t| !t.is_empty()).count();
    line(
        &mut out,
        "tables:",
        format!(
            "{} ({non_empty} non-empty, {} with entities other than builtins)",
            w.tables().len(),
            tables.len()
        ),
    );
    for (count, ty) in tables.iter().take(MAX_TABLES_LISTED) {
        out.push_str(&format!("  {count:>10}  {ty}\n"));
    }
    if tables.len() > MAX_TABLES_LISTED {
        out.push_str(&format!(
            "  ... {} more tables\n",
            tables.len() - MAX_TABLES_LISTED
        ));
    }
    // Components that entities other than builtins have, with their counts.
    let mut counts: BTreeMap<Id, usize> = BTreeMap::new();
    for t in w.tables() {
        let users = t
            .entities()
            .iter()
            .filter(|e| !builtins.contains(e))
            .count();
        if users == 0 {
            continue;
        }
        for &id in t.ids() {
            if let Some(c) = w.type_id_of(id).filter(|c| *c == id) {
                *counts.entry(c).or_default() += users;
            }
        }
    }
    line(
        &mut out,
        "components:",
        format!("{} in use by entities other than builtins", counts.len()),
    );
    if !counts.is_empty() {
        out.push_str(&format!(
            "  {:>10}  {:>10}  {:<32}  origin\n",
            "id", "entities", "path"
        ));
    }
    for (c, count) in &counts {
        let row = format!(
            "  {:>10}  {count:>10}  {:<32}  {}",
            c.0,
            w.path_of(*c),
            origin(loaded, &builtins, *c)
        );
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}
