//! `rosetta export` and `rosetta import`: snapshots as Parquet or Arrow IPC datasets (one table
//! per component, partitioned by snapshot) and back.

use std::collections::HashSet;
use std::io::{self, IsTerminal, Read};
use std::path::{Path, PathBuf};

use rosetta_arrow::world::{apply_dataset, write_world_batches};
use rosetta_arrow::{
    read_snapshot, stream_snapshot, ArrowOptions, DatasetOptions, DatasetWriter, Format,
    ParquetCompression, SnapshotBatcher,
};
use rosetta_schema::Schema;
use rosetta_wire::snapshot::{
    ComponentOrder, JsonSnapshotReader, JsonSnapshotWriter, SnapshotEntity, SnapshotWriter,
};

use crate::cli::SnapshotFormatArg;
use crate::cli::{ExportArgs, ImportArgs, ParquetCompressionArg, TableFormatArg};
use crate::error::CliError;
use crate::output::Output;
use crate::schema_load::{load_schema, progress, require_schema};
use crate::snapshot_cmd::{binary_source, component_json, data_error, open_input, sniff, Source};

/// The snapshot files `inputs` name: files as given, folders' `.snapshot` and `.json` files in
/// name order; each with its partition name (the file name less its extension).
fn snapshot_files(inputs: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, CliError> {
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(input)
                .map_err(|source| CliError::Io {
                    path: input.clone(),
                    source,
                })?
                .flatten()
                .map(|e| e.path())
                .filter(|p| {
                    p.is_file()
                        && matches!(
                            p.extension().and_then(|e| e.to_str()),
                            Some("snapshot" | "json")
                        )
                })
                .collect();
            found.sort();
            if found.is_empty() {
                return Err(data_error(
                    input,
                    "no .snapshot or .json files in this folder",
                ));
            }
            files.extend(found);
        } else {
            files.push(input.clone());
        }
    }
    let mut names = HashSet::new();
    files
        .into_iter()
        .map(|path| {
            let name = path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "stdin".to_string());
            if !names.insert(name.clone()) {
                return Err(data_error(
                    &path,
                    format!("a second snapshot named `{name}`: each input names one partition"),
                ));
            }
            Ok((path, name))
        })
        .collect()
}

/// Whether `path` holds a Flecs world (a world script or Flecs world JSON), not a snapshot.
pub(crate) fn is_world(path: &Path) -> Result<bool, CliError> {
    let mut head = Vec::with_capacity(4096);
    std::fs::File::open(path)
        .and_then(|f| f.take(4096).read_to_end(&mut head))
        .map_err(|source| CliError::Io {
            path: path.to_path_buf(),
            source,
        })?;
    Ok(rosetta_flecs::de::is_world_json(&head)
        || rosetta_world::load::sniff(&head) == rosetta_world::load::WorldFormat::Script)
}

/// The inputs' worlds, or `None` when they are snapshots; refused when they mix the two,
/// whose `entities` tables differ.
pub(crate) fn worlds_of(files: &[(PathBuf, String)]) -> Result<Option<Vec<bool>>, CliError> {
    let kinds = files
        .iter()
        .map(|(p, _)| is_world(p))
        .collect::<Result<Vec<bool>, _>>()?;
    match (kinds.iter().any(|&w| w), kinds.iter().all(|&w| w)) {
        (false, _) => Ok(None),
        (true, true) => Ok(Some(kinds)),
        (true, false) => {
            let (path, _) = &files[kinds.iter().position(|&w| w).unwrap_or(0)];
            Err(data_error(
                path,
                "a Flecs world among snapshots: give worlds or snapshots, not both (their \
                 `entities` tables differ)",
            ))
        }
    }
}

/// Loads a world input as `rosetta world` does (`--schema_path` for component types).
pub(crate) fn load_world_input(
    path: &Path,
    schema_paths: &[PathBuf],
) -> Result<rosetta_world::World, CliError> {
    let inputs = crate::world::load::WorldInputs {
        schema_paths,
        types: None,
        strict: false,
        version: rosetta_world::FlecsVersion::default(),
    };
    Ok(crate::world::load::load_world_with(path, &inputs)?.world)
}

/// Runs `rosetta export`.
pub fn export(args: &ExportArgs) -> Result<(), CliError> {
    let files = snapshot_files(&args.inputs)?;
    let worlds = worlds_of(&files)?.is_some();
    // Worlds carry their own types; snapshots need the schema.
    let schema = if worlds {
        None
    } else {
        Some(require_schema(&args.schema_paths, "snapshots")?)
    };
    let options = DatasetOptions {
        format: match args.format {
            TableFormatArg::Parquet => Format::Parquet,
            TableFormatArg::Arrow => Format::Arrow,
        },
        compression: match args.compression {
            ParquetCompressionArg::Zstd => ParquetCompression::Zstd(3),
            ParquetCompressionArg::Snappy => ParquetCompression::Snappy,
            ParquetCompressionArg::None => ParquetCompression::None,
        },
        ..DatasetOptions::default()
    };
    let arrow = ArrowOptions {
        enum_as_int: args.enum_as_int,
    };
    let out_error = |e: rosetta_arrow::Error| data_error(&args.output, e.to_string());
    let mut writer = DatasetWriter::create(&args.output, options).map_err(out_error)?;
    let total: u64 = files
        .iter()
        .filter_map(|(p, _)| std::fs::metadata(p).ok().map(|m| m.len()))
        .sum();
    let bar = progress(Some(total));
    let mut done = 0;
    let mut entities = 0;
    for (path, name) in &files {
        bar.set_message(name.clone());
        entities += match &schema {
            Some(schema) => export_one(
                schema,
                path,
                name,
                arrow,
                args.batch_rows,
                &mut writer,
                &|p| bar.set_position(done + p),
            )?,
            None => {
                let world = load_world_input(path, &args.schema_paths)?;
                write_world_batches(&world, arrow, args.batch_rows, &mut |table, batch| {
                    writer.write(name, table, &batch)
                })
                .map_err(|e| data_error(path, e.to_string()))?
            }
        };
        writer.end_snapshot(name).map_err(out_error)?;
        done += std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    }
    let written = writer.commit().map_err(out_error)?;
    bar.finish_and_clear();
    if io::stderr().is_terminal() {
        eprintln!(
            "exported {entities} entities of {} {} as {} files in {}",
            files.len(),
            if worlds { "world(s)" } else { "snapshot(s)" },
            written.len(),
            args.output.display()
        );
    }
    Ok(())
}

/// Exports one snapshot file as partition `name`; the number of entities.
fn export_one(
    schema: &Schema,
    path: &Path,
    name: &str,
    options: ArrowOptions,
    batch_rows: usize,
    writer: &mut DatasetWriter,
    progress: &dyn Fn(u64),
) -> Result<u64, CliError> {
    let mut input = open_input(path)?;
    let codec = component_json(schema, path)?;
    let mut source = match sniff(&mut input, path)? {
        SnapshotFormatArg::Json => Source::Json(JsonSnapshotReader::new(
            input.reader,
            schema,
            codec.as_ref(),
        )),
        SnapshotFormatArg::Binary => binary_source(input, path)?,
    };
    let mut batcher = SnapshotBatcher::new(schema.registry(), options, batch_rows);
    let mut sink = |table: rosetta_arrow::Table<'_>, batch| writer.write(name, table, &batch);
    let mut count = 0;
    while let Some(entity) = source.next_entity().map_err(|e| source.error(path, &e))? {
        entity.check_nesting(schema.registry()).map_err(|e| {
            data_error(
                path,
                format!("entity {} (entity record {count}): {e}", entity.id),
            )
        })?;
        batcher
            .push(&entity, &mut sink)
            .map_err(|e| data_error(path, e.to_string()))?;
        count += 1;
        if count % 1024 == 0 {
            progress(source.position());
        }
    }
    batcher
        .finish(&mut sink)
        .map_err(|e| data_error(path, e.to_string()))?;
    Ok(count)
}

/// Runs `rosetta import`.
pub fn import(args: &ImportArgs) -> Result<(), CliError> {
    if let Some(template) = &args.world {
        return import_world(args, template);
    }
    let schema = load_schema(&args.schema_paths)?;
    let registry = schema.registry();
    let snapshot = args.snapshot.as_deref();
    let read_error = |e: rosetta_arrow::Error| data_error(&args.input, e.to_string());
    // Streamed, in bounded memory, when the tables are in the order of `entities` (as `export`
    // writes them); a dataset sorted or extended by another tool is read in memory instead.
    let stream = stream_snapshot(registry, &args.input, snapshot);
    let written = match stream {
        Ok(entities) => write_snapshot(args, &schema, entities)?,
        Err(e) => Err(e),
    };
    let count = match written {
        Ok(count) => count,
        Err(rosetta_arrow::Error::Unordered(_)) => {
            let entities = read_snapshot(registry, &args.input, snapshot).map_err(read_error)?;
            write_snapshot(args, &schema, entities.into_iter().map(Ok))?.map_err(read_error)?
        }
        Err(e) => return Err(read_error(e)),
    };
    if io::stderr().is_terminal() {
        eprintln!("imported {count} entities to {}", args.output.display());
    }
    Ok(())
}

/// Writes `entities` to `import`'s output (a snapshot, JSON when its name ends in `.json`),
/// replacing it only once all are written. The outer error is the output's; the inner one,
/// the dataset's (nothing is written then).
fn write_snapshot(
    args: &ImportArgs,
    schema: &Schema,
    entities: impl Iterator<Item = rosetta_arrow::Result<SnapshotEntity>>,
) -> Result<rosetta_arrow::Result<u64>, CliError> {
    let mut output = Output::open(&args.output)?;
    let json = args
        .output
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("json"));
    let write_error = |e: rosetta_wire::Error| data_error(&args.output, e.to_string());
    let mut count = 0u64;
    if json {
        let codec = component_json(schema, &args.output)?;
        let mut writer = JsonSnapshotWriter::new(&mut output, schema, codec.as_ref());
        for entity in entities {
            match entity {
                Ok(entity) => writer.write_entity(&entity).map_err(write_error)?,
                Err(e) => return Ok(Err(e)),
            }
            count += 1;
        }
        writer.finish().map_err(write_error)?;
    } else {
        // The recorded component order is the snapshot's own.
        let mut writer = SnapshotWriter::with_gzip(&mut output, args.gzip.options(None))
            .map_err(write_error)?
            .component_order(ComponentOrder::AsGiven);
        for entity in entities {
            match entity {
                Ok(entity) => writer.write_entity(&entity).map_err(write_error)?,
                Err(e) => return Ok(Err(e)),
            }
            count += 1;
        }
        writer.finish().map_err(write_error)?;
    }
    output.finish()?;
    Ok(Ok(count))
}

/// `rosetta import DATASET --world TEMPLATE -o OUT`: the dataset applied to the template world,
/// written as Flecs world JSON of its version.
fn import_world(args: &ImportArgs, template: &Path) -> Result<(), CliError> {
    let mut world = load_world_input(template, &[])?;
    let applied = apply_dataset(&mut world, &args.input, args.snapshot.as_deref())
        .map_err(|e| data_error(&args.input, e.to_string()))?;
    world.process_pending();
    let mut output = Output::open(&args.output)?;
    let json = match world.version() {
        // With member entities (`world convert --member-entities`): the file describes its
        // types, so that it reads back, and queries, with no other file.
        rosetta_world::FlecsVersion::V4 => {
            crate::world::v4::world_json(&world, rosetta_flecs::text::Mode::Lossless, true)?
        }
        _ => rosetta_flecs::ser::world_to_json_mode(&world, rosetta_flecs::text::Mode::Lossless)
            .map_err(|e| {
                data_error(
                    &args.output,
                    format!("cannot be written as Flecs world JSON: {e}"),
                )
            })?,
    };
    crate::files::write_all(&mut output, json.as_bytes())?;
    output.finish()?;
    if io::stderr().is_terminal() {
        eprintln!(
            "imported {} entities ({} made, {} deleted) and {} values to {}",
            applied.entities,
            applied.created,
            applied.deleted,
            applied.values,
            args.output.display()
        );
    }
    Ok(())
}
