//! `rosetta snapshot info` and `rosetta snapshot convert`: binary and JSON snapshots, streamed
//! one entity at a time.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Read};
use std::path::{Path, PathBuf};

use indicatif::ProgressBar;
use rosetta_schema::Schema;
use rosetta_wire::snapshot::{
    ComponentJson, ComponentOrder, Compression, JsonEntities, JsonSnapshotReader,
    JsonSnapshotWriter, RawEntity, SnapshotEntity, SnapshotReader, SnapshotWriter,
};

use crate::cli::{SnapshotCommand, SnapshotConvertArgs, SnapshotFormatArg, SnapshotInfoArgs};
use crate::error::CliError;
use crate::files::{input_name, write_output};
use crate::output::Output;
use crate::schema_load::{load_schema, progress};

/// Runs one `rosetta snapshot` subcommand.
pub fn run(command: SnapshotCommand) -> Result<(), CliError> {
    match command {
        SnapshotCommand::Info(args) => info(&args),
        SnapshotCommand::Convert(args) => convert(&args),
    }
}

/// The component codec of JSON snapshots: the SpatialOS SDK's JSON form of component data
/// (the schema-aware `json-spatialos` codec).
pub(crate) fn component_json<'s>(
    schema: &'s Schema,
    _json_path: &Path,
) -> Result<Box<dyn ComponentJson + 's>, CliError> {
    Ok(Box::new(
        rosetta_json::spatialos::SnapshotCodec::for_schema(schema),
    ))
}

pub(crate) fn data_error(path: &Path, message: impl Into<String>) -> CliError {
    CliError::Data {
        path: input_name(path),
        message: message.into(),
    }
}

fn io_error(path: &Path, source: io::Error) -> CliError {
    CliError::Io {
        path: input_name(path),
        source,
    }
}

/// A snapshot input: the file (or standard input), buffered, and its size when known.
pub(crate) struct Input {
    pub reader: BufReader<Box<dyn Read + Send>>,
    pub size: Option<u64>,
}

pub(crate) fn open_input(path: &Path) -> Result<Input, CliError> {
    if path == Path::new("-") {
        return Ok(Input {
            reader: BufReader::new(Box::new(io::stdin())),
            size: None,
        });
    }
    let file = File::open(path).map_err(|e| io_error(path, e))?;
    let size = file.metadata().ok().map(|m| m.len());
    Ok(Input {
        reader: BufReader::new(Box::new(file)),
        size,
    })
}

/// The format of a snapshot from its first bytes: JSON when the first non-blank byte is `{`.
pub(crate) fn sniff(input: &mut Input, path: &Path) -> Result<SnapshotFormatArg, CliError> {
    let head = input.reader.fill_buf().map_err(|e| io_error(path, e))?;
    // A JSON snapshot may start with a byte order mark, which its reader skips.
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let first = head.iter().find(|b| !b.is_ascii_whitespace());
    Ok(if first == Some(&b'{') {
        SnapshotFormatArg::Json
    } else {
        SnapshotFormatArg::Binary
    })
}

fn require_schema(paths: &[PathBuf], json_path: &Path) -> Result<Schema, CliError> {
    if paths.is_empty() {
        return Err(data_error(
            json_path,
            "JSON snapshots need the schema: give --schema_path DIR (repeatable)",
        ));
    }
    load_schema(paths)
}

/// Reads entities from a binary or a JSON snapshot.
pub(crate) enum Source<'s> {
    Binary(SnapshotReader<BufReader<Box<dyn Read + Send>>>),
    Json(JsonSnapshotReader<'s, BufReader<Box<dyn Read + Send>>, &'s dyn ComponentJson>),
}

impl Source<'_> {
    pub fn next_entity(&mut self) -> rosetta_wire::Result<Option<SnapshotEntity>> {
        match self {
            Source::Binary(r) => r.read_entity(),
            Source::Json(r) => r.read_entity(),
        }
    }

    /// The next entity with its components as wire bytes: a binary snapshot's are not
    /// decoded (only checked as far as their framing), a JSON snapshot's are encoded.
    pub fn next_raw_entity(&mut self) -> rosetta_wire::Result<Option<RawEntity>> {
        match self {
            Source::Binary(r) => r.read_raw_entity(),
            Source::Json(r) => Ok(r.read_entity()?.as_ref().map(RawEntity::from)),
        }
    }

    /// Bytes of the input read so far.
    pub fn position(&self) -> u64 {
        match self {
            Source::Binary(r) => r.input_offset(),
            Source::Json(r) => r.byte_offset() as u64,
        }
    }

    /// A read error, with the path, saying what the offsets count.
    pub fn error(&self, path: &Path, error: &rosetta_wire::Error) -> CliError {
        let mut message = error.to_string();
        if let Source::Binary(r) = self {
            if r.compression() == Compression::Gzip && error.byte_offset().is_some() {
                message.push_str("; byte offsets count the decompressed stream");
            }
        }
        data_error(path, message)
    }
}

/// A binary snapshot's reader, gzip inflated on a thread of its own.
pub(crate) fn binary_source(input: Input, path: &Path) -> Result<Source<'static>, CliError> {
    SnapshotReader::pipelined(input.reader)
        .map(Source::Binary)
        .map_err(|e| data_error(path, e.to_string()))
}

fn info(args: &SnapshotInfoArgs) -> Result<(), CliError> {
    let path = args.file.as_path();
    let mut input = open_input(path)?;
    let format = sniff(&mut input, path)?;
    let schema = if args.schema_paths.is_empty() {
        None
    } else {
        Some(load_schema(&args.schema_paths)?)
    };
    let bar = progress(input.size);
    let summary = match format {
        SnapshotFormatArg::Binary => binary_info(input, path, &bar)?,
        SnapshotFormatArg::Json => json_info(input, path, schema.as_ref(), &bar)?,
    };
    bar.finish_and_clear();
    let text = summary.render(path, schema.as_ref());
    write_output(Path::new("-"), text.as_bytes())
}

/// What `snapshot info` prints.
#[derive(Default)]
struct Summary {
    format: &'static str,
    file_size: u64,
    decompressed_size: Option<u64>,
    entities: u64,
    ids: Option<(i64, i64)>,
    /// Component counts by id (binary, or JSON names the schema knows).
    by_id: BTreeMap<u32, u64>,
    /// Component counts by name, for JSON names the schema does not know (or without one).
    by_name: BTreeMap<String, u64>,
}

impl Summary {
    fn entity(&mut self, id: i64) {
        self.entities += 1;
        self.ids = Some(match self.ids {
            None => (id, id),
            Some((low, high)) => (low.min(id), high.max(id)),
        });
    }

    fn render(&self, path: &Path, schema: Option<&Schema>) -> String {
        let mut out = String::new();
        let line = |out: &mut String, key: &str, value: String| {
            out.push_str(&format!("{key:<19}{value}\n"));
        };
        line(
            &mut out,
            "snapshot:",
            input_name(path).display().to_string(),
        );
        line(&mut out, "format:", self.format.to_owned());
        line(&mut out, "file size:", format!("{} bytes", self.file_size));
        if let Some(size) = self.decompressed_size {
            line(&mut out, "decompressed size:", format!("{size} bytes"));
        }
        let ids = match self.ids {
            Some((low, high)) => format!(" (ids {low} to {high})"),
            None => String::new(),
        };
        line(&mut out, "entities:", format!("{}{ids}", self.entities));
        let kinds = self.by_id.len() + self.by_name.len();
        line(&mut out, "components:", format!("{kinds} kinds"));
        if kinds > 0 {
            out.push_str(&format!("  {:>10}  {:>10}  name\n", "id", "entities"));
        }
        for (id, count) in &self.by_id {
            let name = schema
                .and_then(|s| s.registry().component(*id))
                .and_then(|ty| ty.qualified_name())
                .unwrap_or("");
            let row = format!("  {id:>10}  {count:>10}  {name}");
            out.push_str(row.trim_end());
            out.push('\n');
        }
        for (name, count) in &self.by_name {
            out.push_str(&format!("  {:>10}  {count:>10}  {name}\n", "?"));
        }
        out
    }
}

fn binary_info(input: Input, path: &Path, bar: &ProgressBar) -> Result<Summary, CliError> {
    let mut source = binary_source(input, path)?;
    let mut summary = Summary::default();
    while let Some(entity) = source
        .next_raw_entity()
        .map_err(|e| source.error(path, &e))?
    {
        summary.entity(entity.id);
        for id in entity.component_ids() {
            *summary.by_id.entry(id).or_default() += 1;
        }
        bar.set_position(source.position());
    }
    if let Source::Binary(reader) = &source {
        summary.format = match reader.compression() {
            Compression::Gzip => "binary snapshot (gzip)",
            Compression::Raw => "binary snapshot (decompressed record stream)",
        };
        summary.file_size = reader.input_offset();
        summary.decompressed_size = Some(reader.decompressed_offset());
    }
    Ok(summary)
}

/// Counts a JSON snapshot's entities and component names; no component codec is needed.
fn json_info(
    input: Input,
    path: &Path,
    schema: Option<&Schema>,
    bar: &ProgressBar,
) -> Result<Summary, CliError> {
    let mut summary = Summary {
        format: "JSON snapshot",
        ..Summary::default()
    };
    // Read as a JSON snapshot is read (its ids checked, nesting bounded as deep as schema data
    // within MAX_NESTING needs), the components only counted.
    let mut stream = JsonEntities::new(input.reader);
    while let Some((id, members)) = stream
        .read_entity()
        .map_err(|e| data_error(path, e.to_string()))?
    {
        summary.entity(id);
        for name in members.keys().filter(|k| *k != "__entity_id") {
            let component = schema.and_then(|s| {
                let registry = s.registry();
                registry.get(registry.lookup(name)?)?.component()
            });
            match component {
                Some(c) => *summary.by_id.entry(c.id()).or_default() += 1,
                None => *summary.by_name.entry(name.clone()).or_default() += 1,
            }
        }
        bar.set_position(stream.byte_offset() as u64);
    }
    summary.file_size = stream.byte_offset() as u64;
    Ok(summary)
}

/// The output format: `--to`, else `.json` means JSON, anything else binary.
fn output_format(args: &SnapshotConvertArgs) -> SnapshotFormatArg {
    args.to
        .unwrap_or_else(|| match args.output.extension().and_then(|e| e.to_str()) {
            Some(ext) if ext.eq_ignore_ascii_case("json") => SnapshotFormatArg::Json,
            _ => SnapshotFormatArg::Binary,
        })
}

fn convert(args: &SnapshotConvertArgs) -> Result<(), CliError> {
    let input_path = args.input.as_path();
    let mut input = open_input(input_path)?;
    let from = match args.from {
        Some(from) => from,
        None => sniff(&mut input, input_path)?,
    };
    let to = output_format(args);
    let json_path = if from == SnapshotFormatArg::Json {
        input_path
    } else {
        args.output.as_path()
    };
    let schema = if from == SnapshotFormatArg::Json || to == SnapshotFormatArg::Json {
        Some(require_schema(&args.schema_paths, json_path)?)
    } else if !args.schema_paths.is_empty() {
        // Binary to binary: with a schema, the nesting is checked.
        Some(load_schema(&args.schema_paths)?)
    } else {
        None
    };
    // A binary side is checked against MAX_NESTING here, as the JSON codec checks a JSON side.
    let binary = from == SnapshotFormatArg::Binary || to == SnapshotFormatArg::Binary;
    let check = schema.as_ref().filter(|_| binary);
    let codec = match &schema {
        Some(schema) => Some(component_json(schema, json_path)?),
        None => None,
    };
    // The output is checked (a directory, a folder that cannot be written) before the work.
    let mut output = Output::open(&args.output)?;
    let size = input.size;
    let source = match (&codec, &schema, from) {
        (Some(codec), Some(schema), SnapshotFormatArg::Json) => Source::Json(
            JsonSnapshotReader::new(input.reader, schema, codec.as_ref()),
        ),
        _ => binary_source(input, input_path)?,
    };
    let bar = progress(size);
    let blame = Blame {
        args,
        output: output.name().to_path_buf(),
        check,
    };
    let converted = match (&codec, &schema, to) {
        (Some(codec), Some(schema), SnapshotFormatArg::Json) => {
            let sink = JsonSnapshotWriter::new(&mut output, schema, codec.as_ref());
            pump(
                source,
                &blame,
                sink,
                &bar,
                |w, e| w.write_entity(e),
                |w| w.finish(),
            )
        }
        _ => {
            // A re-write keeps each entity's component order, so it changes nothing; from
            // JSON, components go in ascending id order, as the SDK's converter wrote them.
            let order = match from {
                SnapshotFormatArg::Binary => ComponentOrder::AsGiven,
                SnapshotFormatArg::Json => ComponentOrder::Ascending,
            };
            // A re-written gzip snapshot keeps its OS byte.
            let os = match &source {
                Source::Binary(reader) => reader.gzip_os(),
                Source::Json(_) => None,
            };
            let sink = SnapshotWriter::with_gzip(&mut output, args.gzip.options(os))
                .map_err(|e| blame.write_error(&e))?
                .component_order(order);
            if from == SnapshotFormatArg::Binary {
                // Binary to binary: the components are copied as their bytes (checked against
                // the schema's nesting when there is one), so nothing in them changes.
                pump(
                    source,
                    &blame,
                    sink,
                    &bar,
                    |w, e: &RawEntity| w.write_raw_entity(e),
                    |w| w.finish(),
                )
            } else {
                pump(
                    source,
                    &blame,
                    sink,
                    &bar,
                    |w, e: &SnapshotEntity| w.write_entity(e),
                    |w| w.finish(),
                )
            }
        }
    };
    bar.finish_and_clear();
    let converted = converted?;
    output.finish()?;
    if io::stderr().is_terminal() {
        eprintln!(
            "converted {converted} entities to {}",
            blame.output.display()
        );
    }
    Ok(())
}

/// Whose fault a failed write is: the output's when writing its bytes failed (a full disk);
/// otherwise the input's and the schema's (a component the schema does not have).
struct Blame<'a> {
    args: &'a SnapshotConvertArgs,
    /// The output's name for messages.
    output: PathBuf,
    /// The schema to check each entity's nesting with, when a side is binary.
    check: Option<&'a Schema>,
}

impl Blame<'_> {
    fn write_error(&self, error: &rosetta_wire::Error) -> CliError {
        if error.io_kind().is_some() {
            return CliError::Data {
                path: self.output.clone(),
                message: error.to_string(),
            };
        }
        let roots: Vec<String> = self
            .args
            .schema_paths
            .iter()
            .map(|p| format!("`{}`", p.display()))
            .collect();
        let schema = if roots.is_empty() {
            "no --schema_path".to_owned()
        } else {
            format!("--schema_path {}", roots.join(", "))
        };
        let message = error.to_string();
        // Only a component the schema lacks hints at the schema; the rest is the data's.
        if !message.contains("is not in the schema") {
            return data_error(&self.args.input, message);
        }
        data_error(
            &self.args.input,
            format!(
                "{message}; the schema was compiled from {schema}: is a --schema_path missing?"
            ),
        )
    }

    /// Checks an entity's nesting when a side is binary (a JSON side is checked by its codec);
    /// `index` is its record's.
    fn check(&self, entity: &SnapshotEntity, index: u64) -> Result<(), CliError> {
        let Some(schema) = self.check else {
            return Ok(());
        };
        entity.check_nesting(schema.registry()).map_err(|e| {
            let id = entity.id;
            data_error(
                &self.args.input,
                format!("entity {id} (entity record {index}): {e}"),
            )
        })
    }
}

/// An entity as [`pump`] copies it: decoded, or its components as their bytes.
trait Pumped: Sized {
    fn next(source: &mut Source<'_>) -> rosetta_wire::Result<Option<Self>>;
    /// Checks the entity's nesting against the schema, when there is one to check with.
    fn check(&self, blame: &Blame<'_>, index: u64) -> Result<(), CliError>;
}

impl Pumped for SnapshotEntity {
    fn next(source: &mut Source<'_>) -> rosetta_wire::Result<Option<Self>> {
        source.next_entity()
    }
    fn check(&self, blame: &Blame<'_>, index: u64) -> Result<(), CliError> {
        blame.check(self, index)
    }
}

impl Pumped for RawEntity {
    fn next(source: &mut Source<'_>) -> rosetta_wire::Result<Option<Self>> {
        source.next_raw_entity()
    }
    fn check(&self, blame: &Blame<'_>, index: u64) -> Result<(), CliError> {
        match blame.check {
            Some(_) => {
                let entity = self
                    .decode()
                    .map_err(|e| data_error(&blame.args.input, e.to_string()))?;
                blame.check(&entity, index)
            }
            None => Ok(()),
        }
    }
}

/// Copies every entity from `source` into a writer, returning how many were copied.
fn pump<E: Pumped, S, W>(
    mut source: Source<'_>,
    blame: &Blame<'_>,
    mut sink: S,
    bar: &ProgressBar,
    write: impl Fn(&mut S, &E) -> rosetta_wire::Result<()>,
    finish: impl FnOnce(S) -> rosetta_wire::Result<W>,
) -> Result<u64, CliError> {
    let mut count = 0;
    while let Some(entity) =
        E::next(&mut source).map_err(|e| source.error(&blame.args.input, &e))?
    {
        entity.check(blame, count)?;
        write(&mut sink, &entity).map_err(|e| blame.write_error(&e))?;
        count += 1;
        bar.set_position(source.position());
    }
    finish(sink).map_err(|e| blame.write_error(&e))?;
    Ok(count)
}
