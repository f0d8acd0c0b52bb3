//! The command line: every subcommand's arguments, as clap derives them.
//!
//! Each subcommand group gets its own `Args`/`Subcommand` type here (the `world` ones in
//! [`world`], `schema codegen`'s in [`codegen`], re-exported) and its own `*_cmd.rs` module (or
//! folder: `convert/`, `world/`) that runs it; `main.rs` only dispatches. No command module is imported here: the commands import
//! their arguments from this file, never the other way, and the help texts come from
//! `crate::help`.

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use rosetta_rest::DEFAULT_PORT;

use crate::help;

mod codegen;
mod gzip;
mod schema_input;
mod world;

pub use codegen::{AttributeArg, BytesTypeArg, CodegenCommand, CodegenRustArgs, MapTypeArg};
pub use gzip::GzipArgs;
pub use schema_input::SchemaInput;
pub use world::{
    IterJsonArgs, WorldCommand, WorldConvertArgs, WorldEntityArgs, WorldFormatArg, WorldInfoArgs,
    WorldQueryArgs,
};

/// `rosetta`: one schema, every game engine's data format.
#[derive(Debug, Parser)]
#[command(name = "rosetta", version, about, after_help = help::MAIN_EXAMPLES)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Compile and check SpatialOS schema files.
    #[command(subcommand, after_help = help::SCHEMA_EXAMPLES)]
    Schema(SchemaCommand),
    /// Inspect and convert SpatialOS snapshots (binary `.snapshot` and JSON).
    #[command(subcommand, after_help = help::SNAPSHOT_EXAMPLES)]
    Snapshot(SnapshotCommand),
    /// Convert schema data (an object, component data or update, a command request or
    /// response) between formats.
    #[command(after_help = help::CONVERT_EXAMPLES)]
    Convert(ConvertArgs),
    /// Godot's binary Variant bytes (`var_to_bytes`) to and from their text form (`var_to_str`).
    #[command(subcommand, after_help = crate::godot_cmd::GODOT_EXAMPLES)]
    Godot(crate::godot_cmd::GodotCommand),
    /// O3DE's JSON utilities: apply and create JSON Patches and Merge Patches, resolve
    /// `$import` directives.
    #[command(subcommand, after_help = crate::json_cmd::JSON_EXAMPLES)]
    Json(crate::json_cmd::JsonCommand),
    /// A Flecs world loaded from a world script or a SpatialOS snapshot: what it holds.
    #[command(subcommand, after_help = help::WORLD_EXAMPLES)]
    World(WorldCommand),
    /// Serve a world over Flecs' REST API (v4.1.6; v3.2.12 with `--flecs 3`), for the Flecs
    /// explorer.
    #[command(after_help = help::SERVE_EXAMPLES)]
    Serve(ServeArgs),
    /// Export snapshots as tables: one Parquet (or Arrow IPC) table per component, in a
    /// dataset partitioned by snapshot that DuckDB, Spark and DataFusion read.
    #[command(after_help = help::EXPORT_EXAMPLES)]
    Export(ExportArgs),
    /// Turn a dataset written by `rosetta export` (or tables with the same columns) back into a
    /// snapshot.
    #[command(after_help = help::IMPORT_EXAMPLES)]
    Import(ImportArgs),
    /// Ask snapshots or exported datasets a question in SQL (DataFusion): one table per
    /// component, named by its qualified name, and `entities`.
    #[command(after_help = help::SQL_EXAMPLES)]
    Sql(SqlArgs),
}

/// Arguments of `rosetta sql`.
#[derive(Debug, Args)]
pub struct SqlArgs {
    /// Snapshots (binary or JSON), folders of them, datasets written by `rosetta export`, or
    /// Flecs worlds (world scripts, world JSON); then the query, last. Component tables are named by their qualified names, quoted:
    /// `SELECT count(*) FROM "game.Health"`.
    // One list split in `inputs_and_query`: clap cannot end a list of positionals with another.
    #[arg(value_name = "INPUT... QUERY", required = true)]
    pub inputs_and_query: Vec<String>,

    /// A schema root whose components the snapshots hold (needed for snapshots; a Flecs world
    /// carries its own types). Repeatable.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// How to write the result; found from OUTPUT's extension when left out (a table on a
    /// terminal).
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub format: Option<SqlFormatArg>,

    /// Where to write the result (`-` for standard output, the default).
    #[arg(
        short = 'o',
        long = "output",
        value_name = "OUTPUT",
        default_value = "-"
    )]
    pub output: PathBuf,

    /// Enums as their numbers, not as their names.
    #[arg(long)]
    pub enum_as_int: bool,
}

impl SqlArgs {
    /// The inputs: every argument but the last.
    pub fn inputs(&self) -> Vec<PathBuf> {
        let n = self.inputs_and_query.len().saturating_sub(1);
        self.inputs_and_query[..n]
            .iter()
            .map(PathBuf::from)
            .collect()
    }

    /// The query: the last argument.
    pub fn query(&self) -> &str {
        self.inputs_and_query.last().map_or("", String::as_str)
    }
}

/// `rosetta sql --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SqlFormatArg {
    /// An aligned text table.
    Table,
    /// CSV with a header line.
    Csv,
    /// One JSON object per row, one per line.
    Json,
    /// A Parquet file.
    Parquet,
}

/// Arguments of `rosetta export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The file format of the tables.
    #[arg(value_enum, value_name = "FORMAT")]
    pub format: TableFormatArg,

    /// Snapshots (binary `.snapshot` or JSON), folders of them, or Flecs worlds (world
    /// scripts, world JSON): each is one `snapshot=` partition, named by its file name without
    /// the extension.
    #[arg(value_name = "INPUT", required = true)]
    pub inputs: Vec<PathBuf>,

    /// The dataset's folder (made if missing; other snapshots' partitions in it stay).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: PathBuf,

    /// A schema root whose components the snapshots hold (needed for snapshots; a Flecs world
    /// carries its own types). Repeatable.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// Rows in one record batch (what is held in memory per component table).
    #[arg(long, value_name = "N", default_value_t = rosetta_arrow::DEFAULT_BATCH_ROWS)]
    pub batch_rows: usize,

    /// Enums as their numbers, not as dictionary-encoded names.
    #[arg(long)]
    pub enum_as_int: bool,

    /// Parquet's compression.
    #[arg(long, value_enum, value_name = "CODEC", default_value = "zstd")]
    pub compression: ParquetCompressionArg,
}

/// The FORMAT of `rosetta export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TableFormatArg {
    /// Apache Parquet (`.parquet`).
    Parquet,
    /// The Arrow IPC file format (`.arrow`).
    Arrow,
}

/// `rosetta export --compression`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ParquetCompressionArg {
    /// Zstandard, level 3.
    Zstd,
    /// Snappy.
    Snappy,
    /// None.
    None,
}

/// Arguments of `rosetta import`.
#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A dataset folder written by `rosetta export`.
    #[arg(value_name = "DATASET")]
    pub input: PathBuf,

    /// The snapshot to write: binary, or JSON when it ends in `.json` (`-` for standard
    /// output, binary). With --world: the world, as Flecs world JSON of the template's version
    /// (v4: with its member entities, so that the file describes its types).
    #[arg(short = 'o', long = "output", value_name = "OUTPUT")]
    pub output: PathBuf,

    /// Which snapshot of the dataset (needed when it holds more than one).
    #[arg(long, value_name = "NAME")]
    pub snapshot: Option<String>,

    /// A schema root whose components the tables hold. Repeatable.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR",
        required_unless_present = "world"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// For a dataset of a Flecs world's tables: the world (script or world JSON) that holds
    /// their component types, normally the one they were exported from. The dataset's
    /// entities, types and values are applied to it and the result written.
    #[arg(long, value_name = "WORLD", conflicts_with = "schema_paths")]
    pub world: Option<PathBuf>,

    /// How a binary snapshot output is compressed.
    #[command(flatten)]
    pub gzip: GzipArgs,
}

/// `rosetta schema …`
#[derive(Debug, Subcommand)]
pub enum SchemaCommand {
    /// Compile schema files into a bundle (JSON or binary) and AST JSON.
    #[command(after_help = help::COMPILE_EXAMPLES)]
    Compile(CompileArgs),
    /// Check schema files for errors without writing anything.
    #[command(after_help = help::CHECK_EXAMPLES)]
    Check(SchemaInput),
    /// Export the compiled schema as .proto files that decode its wire format.
    #[command(after_help = help::PROTO_EXAMPLES)]
    Proto(ProtoArgs),
    /// Generate code for the compiled schema's types in a programming language.
    #[command(subcommand, after_help = help::CODEGEN_EXAMPLES)]
    Codegen(CodegenCommand),
}

/// Arguments of `rosetta schema compile`.
#[derive(Debug, Args)]
pub struct CompileArgs {
    /// The schema files and roots.
    #[command(flatten)]
    pub input: SchemaInput,

    /// Write the binary schema bundle (`.sb`) to FILE (`-` for standard output).
    #[arg(long = "bundle_out", visible_alias = "bundle-out", value_name = "FILE")]
    pub bundle_out: Option<PathBuf>,

    /// Write the schema bundle as JSON to FILE (`-` for standard output).
    #[arg(
        long = "bundle_json_out",
        visible_alias = "bundle-json-out",
        value_name = "FILE"
    )]
    pub bundle_json_out: Option<PathBuf>,

    /// Write one AST JSON file per schema file into DIR (`improbable/standard_library.json`).
    #[arg(
        long = "ast_json_out",
        visible_alias = "ast-json-out",
        value_name = "DIR"
    )]
    pub ast_json_out: Option<PathBuf>,

    /// The compiler version whose bundles to write: v15 (the default), v14 (bundle JSON
    /// fields carry `transient`, no component sets) or v15-early (both).
    #[arg(
        long = "bundle-format",
        alias = "bundle_format",
        value_enum,
        default_value_t = BundleFormatArg::V15,
        value_name = "FORMAT"
    )]
    pub bundle_format: BundleFormatArg,
}

/// Arguments of `rosetta schema proto`.
#[derive(Debug, Args)]
pub struct ProtoArgs {
    /// The schema files and roots.
    #[command(flatten)]
    pub input: SchemaInput,

    /// Write the .proto files into DIR (`improbable/standard_library.proto`).
    #[arg(long = "proto_out", visible_alias = "proto-out", value_name = "DIR")]
    pub proto_out: PathBuf,
}

/// The `--bundle-format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BundleFormatArg {
    /// SpatialOS 15.x: component sets, no `transient`.
    V15,
    /// SpatialOS 14.x: every field carries `transient`.
    V14,
    /// The first SpatialOS 15.x compilers: component sets, and fields still carry `transient`.
    #[value(name = "v15-early")]
    V15Early,
}

/// `rosetta snapshot …`
#[derive(Debug, Subcommand)]
pub enum SnapshotCommand {
    /// Print a snapshot's sizes, entity count and components.
    #[command(after_help = help::SNAPSHOT_INFO_EXAMPLES)]
    Info(SnapshotInfoArgs),
    /// Convert a snapshot between the binary and the JSON format (or re-write it).
    #[command(after_help = help::SNAPSHOT_CONVERT_EXAMPLES)]
    Convert(SnapshotConvertArgs),
}

/// Arguments of `rosetta snapshot info`.
#[derive(Debug, Args)]
pub struct SnapshotInfoArgs {
    /// The snapshot (`-` for standard input).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// A schema root whose components name the component ids. Repeatable.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,
}

/// Arguments of `rosetta snapshot convert`.
#[derive(Debug, Args)]
pub struct SnapshotConvertArgs {
    /// The snapshot to convert (`-` for standard input).
    #[arg(value_name = "INPUT")]
    pub input: PathBuf,

    /// Where to write the result (`-` for standard output).
    #[arg(short = 'o', long = "output", value_name = "OUTPUT")]
    pub output: PathBuf,

    /// The input's format; found from its content when left out.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: Option<SnapshotFormatArg>,

    /// The output's format; found from OUTPUT's extension when left out.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Option<SnapshotFormatArg>,

    /// A schema root (needed for JSON snapshots). Repeatable.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// How a binary output is compressed.
    #[command(flatten)]
    pub gzip: GzipArgs,
}

/// The `--from`/`--to` values of `rosetta snapshot convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SnapshotFormatArg {
    /// The binary `.snapshot` format (gzip).
    Binary,
    /// The SDK's JSON snapshot format: one JSON object per entity.
    Json,
}

/// Arguments of `rosetta convert`.
#[derive(Debug, Args)]
pub struct ConvertArgs {
    /// A schema root: every .schema file under it is compiled. Repeatable.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR",
        required = true
    )]
    pub schema_paths: Vec<PathBuf>,

    /// The qualified name of the data's type (`game.Vec3f`); for component roots it may name the
    /// component instead of --component.
    #[arg(long = "type", value_name = "QUALIFIED_NAME")]
    pub type_name: Option<String>,

    /// The input's format.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub from: ConvertFormatArg,

    /// The output's format.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: ConvertFormatArg,

    /// What the data is.
    #[arg(long, value_enum, default_value_t = ConvertRootArg::Object, value_name = "ROOT")]
    pub root: ConvertRootArg,

    /// The component (qualified name or id) of a data, update, request or response root.
    #[arg(long, value_name = "NAME_OR_ID")]
    pub component: Option<String>,

    /// The command (name or index) of a request or response root.
    #[arg(long, value_name = "NAME_OR_INDEX")]
    pub command: Option<String>,

    /// The input file; standard input when left out or `-`.
    #[arg(value_name = "INPUT")]
    pub input: Option<PathBuf>,

    /// The output file; standard output when left out or `-`.
    #[arg(short = 'o', long = "output", value_name = "OUTPUT")]
    pub output: Option<PathBuf>,

    /// How the `json` format (O3DE rules) reads and writes.
    #[command(flatten)]
    pub json: JsonArgs,
}

/// The options of the `json` format (O3DE rules) of `rosetta convert`. Writing options need
/// `--to json`, `--strict` and `--report` either `--from json` or `--to json`.
#[derive(Debug, Default, Args)]
#[command(next_help_heading = "json format (O3DE rules)")]
pub struct JsonArgs {
    /// Write values equal to their defaults too (O3DE's `m_keepDefaults`); by default they are
    /// left out.
    #[arg(long)]
    pub keep_defaults: bool,

    /// How enum values that are no single constant are written: `engine` (the default, as
    /// O3DE writes them) or `documented` (as O3DE's documentation describes them).
    #[arg(long, value_enum, value_name = "FORM")]
    pub enum_form: Option<EnumFormArg>,

    /// Where O3DE's code and its documentation disagree, follow `engine` (the default) or
    /// `documented`: reading, short vectors, arrays and tuples take defaults, integers come from
    /// decimal text only, doubles read as strings keep their shortest text, color arrays take
    /// any numbers, color objects have one key and map entries' Key and Value take any case;
    /// writing, maps are objects only when their keys are strings, and enums take the
    /// documented form (unless --enum-form says otherwise).
    #[arg(long, value_enum, value_name = "RULES")]
    pub rules: Option<RulesArg>,

    /// How `float` and `double` values are written: `widened` (the default, as O3DE writes
    /// them: floats widened to double, doubles as RapidJSON writes them: 0.20000000298023225)
    /// or `shortest` (0.2, as serde_json writes them).
    #[arg(long, value_enum, value_name = "FORM")]
    pub float_form: Option<FloatFormArg>,

    /// Write map entries sorted by key, as O3DE writes `unordered_map`; otherwise in the map's
    /// order.
    #[arg(long)]
    pub sort_maps: bool,

    /// Write the JSON on one line; by default it is indented with 4 spaces, as O3DE writes
    /// files.
    #[arg(long)]
    pub compact: bool,

    /// Reading json, any coercion (a number read from a string, say), and reading or writing
    /// json, any outcome other than Success, DefaultsUsed and PartialDefaults, is an error, said
    /// with the value's JSON Pointer.
    #[arg(long)]
    pub strict: bool,

    /// Reading json, numbers are the correctly rounded doubles (RapidJSON's full-precision
    /// parsing), so that every double Rosetta wrote reads back as itself; by default they are
    /// read as O3DE reads them, sometimes one unit in the last place away.
    #[arg(long)]
    pub full_precision: bool,

    /// Print every report to standard error, one a line (`<outcome> <JSON Pointer> <message>`,
    /// ` (coerced)` for a coercion), then the combined result (`result: <code>`). Without it,
    /// only reports of Unavailable or worse are printed, as warnings.
    #[arg(long)]
    pub report: bool,
}

/// The `--enum-form` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EnumFormArg {
    /// As the engine writes them: every constant whose bits are set, by value descending, then
    /// the leftover bits.
    Engine,
    /// As O3DE's documentation describes them: the fewest non-overlapping constants, ascending,
    /// then the leftover bits.
    Documented,
}

/// The `--rules` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RulesArg {
    /// The engine's behaviour, as its code has it.
    Engine,
    /// O3DE's documentation's, where it differs from the engine.
    Documented,
}

/// The `--float-form` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FloatFormArg {
    /// As O3DE writes them: floats widened to double, doubles as RapidJSON writes them
    /// (`0.20000000298023225`).
    Widened,
    /// The shortest text that reads back as the same value, as serde_json writes it (`0.2`).
    Shortest,
}

/// The `--from`/`--to` values of `rosetta convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertFormatArg {
    /// Protobuf wire bytes, as SpatialOS wrote schema data (an update in Rosetta's envelope).
    Wire,
    /// The SpatialOS SDK's JSON form of schema data.
    #[value(name = "json-spatialos")]
    JsonSpatialos,
    /// Godot 3 Variant bytes (`var2bytes`): structs as Dictionaries keyed by field name.
    Godot3,
    /// Godot 4 Variant bytes (`var_to_bytes`): structs as Dictionaries keyed by field name.
    Godot4,
    /// JSON as O3DE's JsonSerialization writes and reads it (an update with `$cleared` and
    /// `$events`).
    Json,
}

/// The `--root` values of `rosetta convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertRootArg {
    /// An object of --type.
    Object,
    /// A component's data.
    Data,
    /// A component update: fields, cleared fields and events.
    Update,
    /// A command request.
    Request,
    /// A command response.
    Response,
}

/// Arguments of `rosetta serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// A world script, a snapshot or Flecs world JSON (`-` for standard input); the built-in
    /// example world if none.
    #[arg(value_name = "WORLD")]
    pub world: Option<PathBuf>,

    /// A schema root; a snapshot needs its schema. Repeatable, searched in order.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// For Flecs world JSON from elsewhere: a world script run first, which defines the types
    /// its values have (world JSON that `world convert` writes carries its own types).
    #[arg(long, value_name = "SCRIPT")]
    pub types: Option<PathBuf>,

    /// The port to listen on (the explorer looks at 27750).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,

    /// The address to listen on (127.0.0.1: this machine only; 0.0.0.0 exposes the world to
    /// the network).
    #[arg(long, value_name = "ADDRESS", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,

    /// Refuse the write routes with 403 (v4: PUT and DELETE /entity, /component, PUT /toggle;
    /// v3: PUT /set, /delete, /enable, /disable).
    #[arg(long = "read-only", visible_alias = "read_only")]
    pub read_only: bool,

    /// Write replies byte for byte as Flecs does: its floats (10 decimals; by default v3
    /// replies write them so they read back exactly, v4 replies as Flecs does where that is
    /// valid JSON), and error bodies even where that is not JSON (an unescaped `"` in an
    /// entity path, v3's `Missing parameter 'q'` as plain text; v4's `'expr'` always is).
    #[arg(long = "engine-bytes", visible_alias = "engine_bytes")]
    pub engine_bytes: bool,

    /// Let web pages of ORIGIN (`scheme://host[:port]`, as a browser sends it) use the server
    /// too; `*` lets every page, as Flecs does. Repeatable. By default only the Flecs explorer
    /// (https://www.flecs.dev, https://flecs.dev) and pages on localhost, 127.0.0.1 and ::1
    /// may: other pages get no CORS headers and their writes are refused with 403.
    // The URLs are help text for the terminal, where angle brackets would only be noise.
    #[allow(rustdoc::bare_urls)]
    #[arg(
        long = "allow-origin",
        visible_alias = "allow_origin",
        value_name = "ORIGIN"
    )]
    pub allow_origins: Vec<String>,

    /// Write the edited world back to WORLD in its own format (snapshot or Flecs world JSON)
    /// after writes, at most about once a second, and when the server stops (Ctrl-C,
    /// SIGTERM). Each save replaces WORLD only once the whole output is written.
    #[arg(long, requires = "world", conflicts_with_all = ["read_only", "request"])]
    pub save: bool,

    /// How a saved snapshot is compressed (with --save).
    #[command(flatten)]
    pub gzip: GzipArgs,

    /// Answer this one request target (`/entity/Sun?label=true`) and print the reply's body
    /// instead of serving.
    #[arg(long, value_name = "TARGET")]
    pub request: Option<String>,

    /// The method of --request.
    #[arg(long, default_value = "GET", requires = "request")]
    pub method: String,

    /// Which Flecs to speak: 4 (v4.1.6, the default) or 3 (v3.2.12): its JSON, its query
    /// language and its REST API (v4: /entity, /component, /toggle, /query?expr=; v3:
    /// /entity, /query?q=, /set, /delete, /enable, /disable).
    #[arg(long, value_name = "VERSION", default_value = "4")]
    pub flecs: rosetta_world::FlecsVersion,

    /// Stop a /query's search after this many steps (a step is one term tried in one
    /// state) and answer 400: wildcard terms multiply.
    #[arg(long = "step-limit", visible_alias = "step_limit", value_name = "N",
          default_value_t = rosetta_world::eval::DEFAULT_STEP_LIMIT)]
    pub step_limit: u64,
}
