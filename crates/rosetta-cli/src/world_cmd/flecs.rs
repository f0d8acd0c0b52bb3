//! Flecs world JSON as a WORLD: the types first (a schema's components, a `--types` script),
//! then the JSON read into that world (`rosetta_flecs::de::world_from_json`).

use std::io::Read;
use std::path::Path;

use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_schema::Schema;
use rosetta_types::TypeId;
use rosetta_world::load::{self, ENTITY_ID_COMPONENT};
use rosetta_world::{script, World};

use super::{data_error, world_error, LoadedWorld, WorldInputs, WorldSource};
use crate::error::CliError;
use crate::files::{input_name, read_input};

/// Reads Flecs world JSON from `input` (the file at `path`) into a world made from the schema
/// (with the `spatialos.EntityId` component a snapshot world has, so that a snapshot world
/// written as JSON reads back) and the `--types` script.
pub(super) fn load(
    path: &Path,
    mut input: impl Read,
    schema: Option<&Schema>,
    inputs: &WorldInputs<'_>,
) -> Result<LoadedWorld, CliError> {
    let mut world = World::new();
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
    let mut text = String::new();
    input
        .read_to_string(&mut text)
        .map_err(|source| CliError::Io {
            path: input_name(path),
            source,
        })?;
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
            types: inputs.types.is_some(),
        },
        schema: components,
        compiled: None,
    })
}
