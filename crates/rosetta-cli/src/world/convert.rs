//! `rosetta world convert WORLD -o OUT`: a world written as Flecs world JSON
//! (`ecs_world_to_json`) or as a SpatialOS snapshot.

use std::collections::HashSet;
use std::io::{self, IsTerminal};
use std::path::Path;

use rosetta_schema::Schema;
use rosetta_types::Value;
use rosetta_wire::snapshot::{
    ComponentOrder, GzipOptions, JsonSnapshotWriter, SnapshotEntity, SnapshotWriter,
};
use rosetta_world::load::{SchemaComponents, ENTITY_ID_COMPONENT, SNAPSHOT_SCOPE};
use rosetta_world::{builtin, Id, World};

use super::load::{load_world_with, WorldInputs, WorldSource};
use crate::cli::{WorldConvertArgs, WorldFormatArg};
use crate::error::CliError;
use crate::files::{input_name, write_all};
use crate::output::Output;

/// Runs `rosetta world convert`.
pub fn run(args: &WorldConvertArgs) -> Result<(), CliError> {
    let to = args
        .to
        .unwrap_or_else(|| match args.output.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("snapshot") => WorldFormatArg::Snapshot,
            _ => WorldFormatArg::FlecsJson,
        });
    let flecs_out = matches!(to, WorldFormatArg::FlecsJson | WorldFormatArg::FlecsScript);
    if to == WorldFormatArg::FlecsScript && args.flecs != rosetta_world::FlecsVersion::V4 {
        return Err(CliError::Usage {
            argument: "--to".into(),
            message: "a Flecs Script of the types is written for Flecs v4 (--flecs 4)".into(),
        });
    }
    if !flecs_out && args.schema_paths.is_empty() {
        return Err(CliError::Usage {
            argument: "--to".into(),
            message: "a SpatialOS snapshot needs its schema: give --schema_path DIR (repeatable)"
                .into(),
        });
    }
    let inputs = WorldInputs {
        schema_paths: &args.schema_paths,
        types: args.types.as_deref(),
        strict: args.strict,
        version: args.flecs,
    };
    let mut loaded = load_world_with(&args.world, &inputs)?;
    loaded.world.process_pending();
    // The output is checked (a directory, a folder that cannot be written) before the work.
    let mut output = Output::open(&args.output)?;
    let written = match to {
        WorldFormatArg::FlecsJson if args.flecs == rosetta_world::FlecsVersion::V4 => {
            let json = super::v4::world_json(&loaded.world, args.mode(), args.member_entities)?;
            write_all(&mut output, json.as_bytes())?;
            None
        }
        WorldFormatArg::FlecsScript => {
            let script =
                rosetta_flecs::v4::types_to_script(&loaded.world).map_err(|e| CliError::Data {
                    path: input_name(&args.world),
                    message: format!("its types cannot be written as a Flecs Script: {e}"),
                })?;
            write_all(&mut output, script.as_bytes())?;
            None
        }
        WorldFormatArg::FlecsJson => {
            let json = rosetta_flecs::ser::world_to_json_mode(&loaded.world, args.mode()).map_err(
                |e| CliError::Data {
                    path: input_name(&args.world),
                    message: format!("cannot be written as Flecs world JSON: {e}"),
                },
            )?;
            write_all(&mut output, json.as_bytes())?;
            None
        }
        WorldFormatArg::Snapshot | WorldFormatArg::JsonSnapshot => {
            let entities = snapshot_entities(&loaded.world, loaded.schema.as_ref(), &args.world)?;
            // A snapshot read as gzip keeps its OS byte.
            let os = match &loaded.source {
                WorldSource::Snapshot { gzip_os, .. } => *gzip_os,
                _ => None,
            };
            write_snapshot(
                loaded.compiled.as_ref(),
                &entities,
                to,
                Some(args.gzip.options(os)),
                &mut output,
            )?;
            Some(entities.len())
        }
    };
    output.finish()?;
    if let (Some(n), true) = (written, io::stderr().is_terminal()) {
        eprintln!("converted {n} entities to {}", args.output.display());
    }
    Ok(())
}

/// The SpatialOS id of `e`: its `spatialos.EntityId`, else the `N` of its name `entity_N`
/// under the `snapshot` scope.
fn spatial_id(w: &World, e: Id, id_component: Option<Id>, scope: Option<Id>) -> Option<i64> {
    if let Some(c) = id_component {
        if let Some(v) = w.get_owned(e, c) {
            if let Value::EntityId(n) = v.as_ref() {
                return Some(*n);
            }
        }
    }
    let scope = scope?;
    if w.target(e, builtin::CHILD_OF, 0) != Some(scope) {
        return None;
    }
    w.name_of(e)?.strip_prefix("entity_")?.parse().ok()
}

/// The snapshot entities of the world, in ascending SpatialOS id, each with its schema
/// components (owned, not inherited) in ascending component id. What is left out (ids that
/// are not schema components, entities without a SpatialOS id) is said on standard error.
pub(crate) fn snapshot_entities(
    w: &World,
    schema: Option<&SchemaComponents>,
    path: &Path,
) -> Result<Vec<SnapshotEntity>, CliError> {
    let data_error = |message: String| CliError::Data {
        path: input_name(path),
        message,
    };
    let Some(schema) = schema else {
        return Err(data_error(
            "a snapshot needs the schema's components".into(),
        ));
    };
    let id_component = w.lookup_from(Id::NULL, ENTITY_ID_COMPONENT, false);
    let scope = w.lookup_from(Id::NULL, SNAPSHOT_SCOPE, false);
    let mut out: Vec<SnapshotEntity> = Vec::new();
    let mut seen: HashSet<i64> = HashSet::new();
    let mut without_id = 0usize;
    let mut left_out: HashSet<Id> = HashSet::new();
    for e in w.entities() {
        let ty = w.type_of(e);
        let schema_ids: Vec<(Id, u32)> = ty
            .iter()
            .filter_map(|&id| Some((id, schema.component_id_of(id)?)))
            .collect();
        let Some(sid) = spatial_id(w, e, id_component, scope) else {
            if !schema_ids.is_empty() {
                without_id += 1;
            }
            continue;
        };
        if !seen.insert(sid) {
            return Err(data_error(format!(
                "two entities have SpatialOS id {sid} ({} is the second)",
                w.path_of(e)
            )));
        }
        let mut entity = SnapshotEntity::new(sid);
        for &id in ty {
            let cid = schema_ids.iter().find(|(i, _)| *i == id).map(|(_, c)| *c);
            let Some(cid) = cid else {
                // The loader's own ids: the id component, the name `entity_N`, the scope, and
                // the doc name it takes from improbable.Metadata's entity_type.
                let bookkeeping = Some(id) == id_component
                    || id == Id::pair(builtin::IDENTIFIER, builtin::NAME)
                    || id == Id::pair(builtin::DOC_DESCRIPTION, builtin::NAME)
                    || id.is_pair() && id.first() == builtin::CHILD_OF;
                if !bookkeeping {
                    left_out.insert(id);
                }
                continue;
            };
            let (Some(value), Some(ty)) =
                (w.get_owned(e, id), w.component_info(id).and_then(|c| c.ty))
            else {
                continue;
            };
            let object = rosetta_wire::typed::write(w.types(), ty, &value).map_err(|x| {
                data_error(format!(
                    "entity {sid} ({}): component {}: {x}",
                    w.path_of(e),
                    w.path_of(id)
                ))
            })?;
            entity = entity.with_component(cid, object);
        }
        out.push(entity);
    }
    out.sort_by_key(|e| e.id);
    if without_id > 0 {
        eprintln!(
            "warning: {}: {without_id} entities with schema components have no SpatialOS id \
             (a {ENTITY_ID_COMPONENT} or the name {SNAPSHOT_SCOPE}.entity_N) and were left out",
            input_name(path).display()
        );
    }
    if !left_out.is_empty() {
        let mut names: Vec<String> = left_out.iter().map(|&id| w.id_str(id)).collect();
        names.sort();
        eprintln!(
            "warning: {}: ids that are not schema components were left out: {}",
            input_name(path).display(),
            names.join(", ")
        );
    }
    Ok(out)
}

/// Writes `entities` as a binary snapshot (`to` [`WorldFormatArg::Snapshot`]: gzip as `gzip`
/// says, or the record stream for `None`) or a JSON snapshot (which needs the `compiled`
/// schema).
pub(crate) fn write_snapshot(
    compiled: Option<&Schema>,
    entities: &[SnapshotEntity],
    to: WorldFormatArg,
    gzip: Option<GzipOptions>,
    output: &mut Output,
) -> Result<(), CliError> {
    let name = output.name().to_path_buf();
    let fail = |e: rosetta_wire::Error| CliError::Data {
        path: name.clone(),
        message: e.to_string(),
    };
    if to == WorldFormatArg::Snapshot {
        let writer = match gzip {
            Some(options) => SnapshotWriter::with_gzip(&mut *output, options),
            None => SnapshotWriter::raw(&mut *output),
        };
        let mut writer = writer
            .map_err(fail)?
            .component_order(ComponentOrder::Ascending);
        for e in entities {
            writer.write_entity(e).map_err(fail)?;
        }
        writer.finish().map_err(fail)?;
        return Ok(());
    }
    let Some(schema) = compiled else {
        return Err(CliError::Internal("the schema was not kept".into()));
    };
    let codec = rosetta_json::spatialos::SnapshotCodec::for_schema(schema);
    let mut writer = JsonSnapshotWriter::new(&mut *output, schema, &codec);
    for e in entities {
        writer.write_entity(e).map_err(fail)?;
    }
    writer.finish().map_err(fail)?;
    Ok(())
}
