//! `rosetta world …`: a Flecs world loaded from a world script or a SpatialOS snapshot.
//!
//! [`load_world`] loads either kind of file, told apart by its content (a JSON array is a world
//! script, JSON objects a JSON snapshot, anything else a binary or gzip snapshot), with a
//! progress bar on a terminal for snapshots. `rosetta world query` (`world_query_cmd.rs`, its
//! variant in [`WorldCommand`](crate::cli::WorldCommand)) loads its WORLD through it.

use std::collections::{BTreeMap, HashSet};
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use rosetta_schema::Schema;
use rosetta_world::load::{self, SchemaComponents, SnapshotFormat, SnapshotLoader, WorldFormat};
use rosetta_world::{script, Id, World};

use crate::cli::WorldInfoArgs;
use crate::error::CliError;
use crate::files::{input_name, write_output};
use crate::snapshot_cmd::{load_schema, progress};

/// Where a loaded world came from.
#[derive(Debug)]
pub enum WorldSource {
    /// A world script, with the aliases it bound.
    Script(Box<script::Loaded>),
    /// A snapshot.
    Snapshot {
        /// The snapshot's format.
        format: SnapshotFormat,
        /// How many entities it had.
        entities: u64,
        /// The scope entity `snapshot`.
        scope: Id,
        /// The component `spatialos.EntityId`.
        entity_id_component: Id,
    },
}

/// A world loaded by [`load_world`].
#[derive(Debug)]
pub struct LoadedWorld {
    /// The world (for a script, `script::Loaded::world`, moved out).
    pub world: World,
    /// What it was loaded from.
    pub source: WorldSource,
    /// The schema's components, when a schema was given.
    pub schema: Option<SchemaComponents>,
}

impl LoadedWorld {
    /// An entity by alias (a script's) or path.
    #[allow(dead_code)] // for `world query`'s sources and variables
    pub fn resolve(&self, name: &str) -> Option<Id> {
        match &self.source {
            WorldSource::Script(loaded) => loaded.alias(name),
            WorldSource::Snapshot { .. } => None,
        }
        .or_else(|| self.world.lookup(name))
    }
}

fn data_error(path: &Path, message: impl Into<String>) -> CliError {
    CliError::Data {
        path: input_name(path),
        message: message.into(),
    }
}

/// Loads WORLD (`-`: standard input): a world script (a JSON array) or a snapshot (binary,
/// gzip or JSON), by its content. A snapshot needs `schema_paths`; with a script they are
/// optional, and the schema's components are registered before the script runs. Snapshots are
/// streamed, with a progress bar on a terminal. Errors name the file and where in it.
///
/// This is what `rosetta world query` calls to load its WORLD.
pub fn load_world(path: &Path, schema_paths: &[PathBuf]) -> Result<LoadedWorld, CliError> {
    let io_error = |source| CliError::Io {
        path: input_name(path),
        source,
    };
    let (mut input, size): (Box<dyn Read>, Option<u64>) = if path == Path::new("-") {
        (Box::new(io::stdin()), None)
    } else {
        let file = File::open(path).map_err(io_error)?;
        let size = file.metadata().ok().map(|m| m.len());
        (Box::new(file), size)
    };
    // The first bytes tell the kind; they are put back in front of the rest.
    let mut head = Vec::with_capacity(4096);
    (&mut input)
        .take(4096)
        .read_to_end(&mut head)
        .map_err(io_error)?;
    let format = load::sniff(&head);
    let schema = if schema_paths.is_empty() {
        None
    } else {
        Some(load_schema(schema_paths)?)
    };
    let input = io::Cursor::new(head).chain(input);
    match format {
        WorldFormat::Script => load_script(path, input, schema.as_ref()),
        WorldFormat::JsonSnapshot | WorldFormat::BinarySnapshot => {
            let Some(schema) = schema else {
                return Err(data_error(
                    path,
                    "a snapshot needs its schema: give --schema_path DIR (repeatable)",
                ));
            };
            let bar = progress(size);
            let name = input_name(path).display().to_string();
            let loaded = SnapshotLoader::new(&schema, name)
                .on_progress(|p| {
                    bar.set_position(p.bytes);
                    bar.set_message(format!("{} entities", p.entities));
                })
                .load(input);
            bar.finish_and_clear();
            let loaded = loaded.map_err(|e| world_error(path, e))?;
            Ok(LoadedWorld {
                source: WorldSource::Snapshot {
                    format: loaded.format,
                    entities: loaded.entities,
                    scope: loaded.scope,
                    entity_id_component: loaded.entity_id_component,
                },
                schema: Some(loaded.schema),
                world: loaded.world,
            })
        }
    }
}

/// A world error as the CLI says it: the file, then the error without it.
fn world_error(path: &Path, error: rosetta_world::Error) -> CliError {
    match error {
        rosetta_world::Error::Load(e) => data_error(path, e.message),
        other => data_error(path, other.to_string()),
    }
}

fn load_script(
    path: &Path,
    mut input: impl Read,
    schema: Option<&Schema>,
) -> Result<LoadedWorld, CliError> {
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .map_err(|source| CliError::Io {
            path: input_name(path),
            source,
        })?;
    let json: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| data_error(path, format!("world script is not valid JSON: {e}")))?;
    let mut loaded = script::Loaded {
        world: World::new(),
        aliases: Default::default(),
        markers: Vec::new(),
    };
    let components = match schema {
        Some(s) => Some(
            load::register_schema(&mut loaded.world, s.registry())
                .map_err(|e| world_error(path, e))?,
        ),
        None => None,
    };
    script::apply(&mut loaded, &json).map_err(|e| world_error(path, e))?;
    let world = std::mem::take(&mut loaded.world);
    Ok(LoadedWorld {
        world,
        source: WorldSource::Script(Box::new(loaded)),
        schema: components,
    })
}

/// The most tables `world info` lists one by one.
const MAX_TABLES_LISTED: usize = 40;

/// Runs `rosetta world info`.
pub fn info(args: &WorldInfoArgs) -> Result<(), CliError> {
    let loaded = load_world(&args.world, &args.schema_paths)?;
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
    if let Some(schema) = &loaded.schema {
        if let Some(id) = schema.component_id_of(c) {
            return format!("schema component {id}");
        }
        if schema.is_schema_type(c) {
            return "schema type".into();
        }
    }
    "world script".into()
}

fn render(loaded: &LoadedWorld, path: &Path) -> String {
    let w = &loaded.world;
    let builtins: HashSet<Id> = World::new().entities().collect();
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
