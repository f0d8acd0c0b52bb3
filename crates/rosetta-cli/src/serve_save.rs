//! `rosetta serve --save`: the served world written back to WORLD, in the format it was read
//! from, when writes have changed it.
//!
//! A save reads the world under its read lock (so it holds whole writes only) and writes through
//! [`Output`], which replaces a regular file only once the whole output is written (and writes
//! through a device or a symbolic link). Saves run one at a time, each of the newest world, so
//! a slow save never overwrites a newer one.
//!
//! A world script is not saved: there is no world-script writer, and writing Flecs world JSON
//! in its place would turn the user's script into another kind of file, whose values could not
//! be read back without the script's types. Flecs world JSON read with values skipped (no type
//! for them) is not saved either: the save would drop them.

use std::path::{Path, PathBuf};
use std::sync::Mutex;

use rosetta_rest::SharedWorld;
use rosetta_schema::Schema;
use rosetta_wire::snapshot::{Compression, GzipOptions, SnapshotEntity};
use rosetta_world::load::{SchemaComponents, SnapshotFormat};
use rosetta_world::World;

use crate::cli::{GzipArgs, WorldFormatArg};
use crate::error::CliError;
use crate::files::write_all;
use crate::output::Output;
use crate::world::convert::{snapshot_entities, write_snapshot};
use crate::world::load::{LoadedWorld, WorldSource};

/// The format a world is saved in: the one it was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    FlecsJson,
    /// A binary snapshot: gzip with these options, or the record stream.
    Snapshot(Option<GzipOptions>),
    JsonSnapshot,
}

/// Writes a served world back to its file.
#[derive(Debug)]
pub struct Saver {
    path: PathBuf,
    format: Format,
    schema: Option<SchemaComponents>,
    compiled: Option<Schema>,
    /// The change count ([`SharedWorld::changes`]) of what the file holds; saves take it in
    /// turn.
    saved: Mutex<u64>,
}

/// What `--save` is refused with.
fn refused(message: String) -> CliError {
    CliError::Usage {
        argument: "--save".into(),
        message,
    }
}

impl Saver {
    /// A saver for WORLD at `path`, loaded as `loaded` says (its world is taken out by the
    /// caller; the schema stays here). Refused, before the server starts, for standard
    /// input, a world script, Flecs world JSON whose values were not all read, and a file that
    /// cannot be written.
    /// A gzip snapshot is saved as `gzip` says, keeping its OS byte.
    pub fn new(path: &Path, loaded: &mut LoadedWorld, gzip: &GzipArgs) -> Result<Saver, CliError> {
        if path == Path::new("-") {
            return Err(refused(
                "WORLD is standard input, which cannot be written back: give a file".into(),
            ));
        }
        let format = match &loaded.source {
            WorldSource::Script(_) => {
                return Err(refused(format!(
                    "{} is a world script, which cannot be written back (Rosetta has no \
                     world-script writer, and Flecs world JSON in its place could not be read \
                     back with its values); --save keeps snapshots and Flecs world JSON",
                    path.display()
                )))
            }
            WorldSource::FlecsJson { skipped, .. } if *skipped > 0 => {
                return Err(refused(format!(
                    "the values of {skipped} ids of {} were not read (no type for them; see the \
                     warnings above) and a save would drop them: give their types with \
                     --schema_path",
                    path.display()
                )))
            }
            WorldSource::FlecsJson { .. } => Format::FlecsJson,
            WorldSource::Snapshot {
                format: SnapshotFormat::Binary(compression),
                gzip_os,
                ..
            } => Format::Snapshot(match compression {
                Compression::Gzip => Some(gzip.options(*gzip_os)),
                Compression::Raw => None,
            }),
            WorldSource::Snapshot {
                format: SnapshotFormat::Json,
                ..
            } => Format::JsonSnapshot,
        };
        // The file must be writable now, not at the first save: opening checks it (and
        // dropping the unfinished output leaves the file as it is).
        drop(Output::open(path)?);
        Ok(Saver {
            path: path.to_path_buf(),
            format,
            schema: loaded.schema.take(),
            compiled: loaded.compiled.take(),
            saved: Mutex::new(0),
        })
    }

    /// The file saved to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Saves `world` if writes changed it since the last save; true when it was written.
    /// Writes wait only while the world is read into what is written (not while the file
    /// is written).
    pub fn save_if_changed(&self, world: &SharedWorld) -> Result<bool, CliError> {
        // A poisoned lock only means a save panicked; the count it guards is still right.
        let mut saved = self.saved.lock().unwrap_or_else(|p| p.into_inner());
        let guard = world.read();
        let changes = world.changes();
        if changes == *saved {
            return Ok(false);
        }
        let rendered = self.render(&guard)?;
        drop(guard);
        let mut output = Output::open(&self.path)?;
        match rendered {
            Rendered::Text(json) => write_all(&mut output, json.as_bytes())?,
            Rendered::Entities(entities) => {
                let (to, gzip) = match self.format {
                    Format::Snapshot(gzip) => (WorldFormatArg::Snapshot, gzip),
                    _ => (WorldFormatArg::JsonSnapshot, None),
                };
                let schema = self.compiled.as_ref();
                write_snapshot(schema, &entities, to, gzip, &mut output)?;
            }
        }
        output.finish()?;
        *saved = changes;
        Ok(true)
    }

    /// What the file gets: Flecs world JSON, or the snapshot's entities.
    fn render(&self, world: &World) -> Result<Rendered, CliError> {
        match self.format {
            // In the version the file was written in (the world was read in it).
            Format::FlecsJson => match world.version() {
                rosetta_world::FlecsVersion::V3 => rosetta_flecs::ser::world_to_json(world),
                // With member entities and the modules the types are in: the file describes
                // its types, and is read back with no other file.
                rosetta_world::FlecsVersion::V4 => rosetta_flecs::v4::world_to_json_with(
                    world,
                    &rosetta_flecs::v4::WorldDesc {
                        mode: rosetta_flecs::text::Mode::Lossless,
                        member_entities: true,
                        modules: true,
                    },
                ),
            }
            .map(Rendered::Text)
            .map_err(|e| CliError::Data {
                path: self.path.clone(),
                message: format!("cannot be written as Flecs world JSON: {e}"),
            }),
            Format::Snapshot(_) | Format::JsonSnapshot => {
                snapshot_entities(world, self.schema.as_ref(), &self.path).map(Rendered::Entities)
            }
        }
    }
}

/// A world read for a save.
enum Rendered {
    Text(String),
    Entities(Vec<SnapshotEntity>),
}
