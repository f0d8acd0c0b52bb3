//! Loading a WORLD for the `rosetta world` commands and `rosetta serve`: a world script, a
//! SpatialOS snapshot or Flecs world JSON, told apart by its content.
//!
//! [`load_world`] loads any of them (a JSON array is a world script, an object starting with
//! `results` (or another member Flecs' iterator JSON starts with) Flecs world JSON, other JSON
//! objects a JSON snapshot, anything else a binary or gzip snapshot), with a progress bar on a
//! terminal for snapshots. Flecs world JSON is read with `rosetta_flecs::de::world_from_json`,
//! which rebuilds the types the JSON's type entities describe; into a world made from a
//! schema's components and a `--types` script first, for JSON whose types are elsewhere. This
//! module is below the commands: it imports none of them.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use rosetta_flecs::de::{world_from_json, world_json_version, FromJsonDesc};
use rosetta_schema::Schema;
use rosetta_types::TypeId;
use rosetta_world::load::{
    self, SchemaComponents, SnapshotFormat, SnapshotLoader, WorldFormat, ENTITY_ID_COMPONENT,
};
use rosetta_world::{script, FlecsVersion, Id, World};

use crate::error::CliError;
use crate::files::{input_name, read_input};
use crate::schema_load::{load_schema, progress};

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
        /// The OS byte of its gzip header, which a save keeps.
        gzip_os: Option<u8>,
        /// The scope entity `snapshot`.
        scope: Id,
        /// The component `spatialos.EntityId`.
        entity_id_component: Id,
    },
    /// Flecs world JSON.
    FlecsJson {
        /// Results (tables) read.
        tables: usize,
        /// Entities read.
        entities: usize,
        /// Ids whose values were skipped (the world has no type for them).
        skipped: usize,
        /// The components the `--types` script gave reflection (the others' come from the
        /// JSON's type entities, or from a schema).
        script_types: Vec<Id>,
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
    /// The schema itself, when one was given.
    pub compiled: Option<Schema>,
}

impl LoadedWorld {
    /// An entity by alias (a script's) or path.
    #[allow(dead_code)] // for `world query`'s sources and variables
    pub fn resolve(&self, name: &str) -> Option<Id> {
        match &self.source {
            WorldSource::Script(loaded) => loaded.alias(name),
            WorldSource::Snapshot { .. } | WorldSource::FlecsJson { .. } => None,
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
/// This is what `rosetta world query`, `world entity` and `rosetta serve` call to load their
/// WORLD; `types` is their `--types` script, for Flecs world JSON.
pub fn load_world(
    path: &Path,
    schema_paths: &[PathBuf],
    types: Option<&Path>,
    version: FlecsVersion,
) -> Result<LoadedWorld, CliError> {
    load_world_with(
        path,
        &WorldInputs {
            schema_paths,
            types,
            strict: false,
            version,
        },
    )
}

/// What a WORLD is loaded with, besides the file.
#[derive(Debug, Clone, Copy)]
pub struct WorldInputs<'a> {
    /// Schema roots (`--schema_path`).
    pub schema_paths: &'a [PathBuf],
    /// A world script run before Flecs world JSON is read (`--types`).
    pub types: Option<&'a Path>,
    /// Flecs world JSON: values without a type are an error (`--strict`).
    pub strict: bool,
    /// The Flecs version of the world made (`--flecs`): its builtin entities, inheritance
    /// rules and query language.
    pub version: FlecsVersion,
}

/// [`load_world`] with a types script and strictness for Flecs world JSON.
pub fn load_world_with(path: &Path, inputs: &WorldInputs<'_>) -> Result<LoadedWorld, CliError> {
    let schema_paths = inputs.schema_paths;
    let io_error = |source| CliError::Io {
        path: input_name(path),
        source,
    };
    let (mut input, size): (Box<dyn Read + Send>, Option<u64>) = if path == Path::new("-") {
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
    let flecs_json = rosetta_flecs::de::is_world_json(&head);
    let input = io::Cursor::new(head).chain(input);
    if flecs_json {
        let mut loaded = load_flecs_json(path, input, schema.as_ref(), inputs)?;
        loaded.compiled = schema;
        return Ok(loaded);
    }
    if let Some(types) = inputs.types {
        return Err(CliError::Usage {
            argument: "--types".into(),
            message: format!(
                "`{}` is for Flecs world JSON; {} is not (a world script defines its own types, \
                 a snapshot's come from --schema_path)",
                types.display(),
                input_name(path).display()
            ),
        });
    }
    let mut loaded = match format {
        WorldFormat::Script => load_script(path, input, schema.as_ref(), inputs.version)?,
        WorldFormat::JsonSnapshot | WorldFormat::BinarySnapshot => {
            let Some(schema) = schema.as_ref() else {
                return Err(data_error(
                    path,
                    "a snapshot needs its schema: give --schema_path DIR (repeatable)",
                ));
            };
            let bar = progress(size);
            let name = input_name(path).display().to_string();
            let loaded = SnapshotLoader::new(schema, name)
                .version(inputs.version)
                .on_progress(|p| {
                    bar.set_position(p.bytes);
                    bar.set_message(format!("{} entities", p.entities));
                })
                .load_pipelined(input);
            bar.finish_and_clear();
            let loaded = loaded.map_err(|e| world_error(path, e))?;
            LoadedWorld {
                source: WorldSource::Snapshot {
                    format: loaded.format,
                    entities: loaded.entities,
                    gzip_os: loaded.gzip_os,
                    scope: loaded.scope,
                    entity_id_component: loaded.entity_id_component,
                },
                schema: Some(loaded.schema),
                world: loaded.world,
                compiled: None,
            }
        }
    };
    loaded.compiled = schema;
    Ok(loaded)
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
    version: FlecsVersion,
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
        world: World::with_version(version),
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
        compiled: None,
    })
}

/// Reads Flecs world JSON from `input` (the file at `path`) into a world made from the schema
/// (with the `spatialos.EntityId` component a snapshot world has, so that a snapshot world
/// written as JSON reads back) and the `--types` script.
fn load_flecs_json(
    path: &Path,
    mut input: impl Read,
    schema: Option<&Schema>,
    inputs: &WorldInputs<'_>,
) -> Result<LoadedWorld, CliError> {
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .map_err(|source| CliError::Io {
            path: input_name(path),
            source,
        })?;
    // World JSON is read into a world of the version that wrote it (its type entities are
    // that version's); JSON that does not parse is reported by the reader below.
    let version = world_json_version(&text).unwrap_or(inputs.version);
    let mut world = World::with_version(version);
    let components = match schema {
        Some(s) => {
            let c = load::register_schema(&mut world, s.registry())
                .map_err(|e| world_error(path, e))?;
            world
                .component_of(ENTITY_ID_COMPONENT, TypeId::ENTITY_ID)
                .map_err(|e| world_error(path, e))?;
            Some(c)
        }
        None => None,
    };
    if let Some(types) = inputs.types {
        let bytes = read_input(types)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| data_error(types, "a world script is UTF-8 text"))?;
        let json: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| data_error(types, format!("world script is not valid JSON: {e}")))?;
        let mut loaded = script::Loaded {
            world,
            aliases: Default::default(),
            markers: Vec::new(),
        };
        script::apply(&mut loaded, &json).map_err(|e| world_error(types, e))?;
        world = loaded.world;
    }
    let script_types: Vec<Id> = match inputs.types {
        Some(_) => world
            .entities()
            .filter(|&e| world.component_info(e).is_some_and(|c| c.ty.is_some()))
            .collect(),
        None => Vec::new(),
    };
    let desc = FromJsonDesc {
        strict: inputs.strict,
    };
    let report =
        world_from_json(&mut world, &text, &desc).map_err(|e| data_error(path, e.to_string()))?;
    for s in &report.skipped {
        eprintln!(
            "warning: {}: the values of {} were not read (first at {}): {}",
            input_name(path).display(),
            s.id,
            s.pointer,
            s.reason
        );
    }
    world.process_pending();
    Ok(LoadedWorld {
        world,
        source: WorldSource::FlecsJson {
            tables: report.results,
            entities: report.entities,
            skipped: report.skipped.len(),
            script_types,
        },
        schema: components,
        compiled: None,
    })
}
