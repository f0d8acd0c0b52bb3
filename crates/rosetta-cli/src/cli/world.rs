//! The arguments of `rosetta world …`, as clap derives them, with the Flecs JSON serializers'
//! options as flags named as Flecs names them.
//!
//! A boolean option is a flag (`--values`) or takes a value (`--path=false`); an option not
//! given keeps the default of Flecs' C API: `ECS_ENTITY_TO_JSON_INIT` (path, ids and base on)
//! for entities, `ECS_ITER_TO_JSON_INIT` (term_ids, ids, sources, variables, is_set, values and
//! entities on) for queries.

use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};
use rosetta_flecs::text::Mode;
use rosetta_flecs::{EntityDesc, IterDesc};

use super::gzip::GzipArgs;
use crate::error::CliError;
use crate::help;
use rosetta_world::FlecsVersion;

/// `rosetta world …`
#[derive(Debug, Subcommand)]
pub enum WorldCommand {
    /// What a world holds: its entities, tables and components, and where they came from.
    #[command(after_help = help::WORLD_INFO_EXAMPLES)]
    Info(WorldInfoArgs),
    /// Runs a query in Flecs' query language and prints a table of the matches (or, with
    /// --json, Flecs' JSON of them).
    #[command(after_help = help::WORLD_QUERY_EXAMPLES)]
    Query(WorldQueryArgs),
    /// Writes an entity as Flecs' JSON (ecs_entity_to_json), v4.1.6's or (--flecs 3) v3.2.12's.
    #[command(after_help = help::WORLD_ENTITY_EXAMPLES)]
    Entity(WorldEntityArgs),
    /// Writes a world as Flecs world JSON or as a SpatialOS snapshot (binary or JSON).
    #[command(after_help = help::WORLD_CONVERT_EXAMPLES)]
    Convert(WorldConvertArgs),
}

/// Arguments of `rosetta world info`.
#[derive(Debug, Args)]
pub struct WorldInfoArgs {
    /// A world script, a snapshot or Flecs world JSON (`-` for standard input).
    #[arg(value_name = "WORLD")]
    pub world: PathBuf,

    /// A schema root; a snapshot needs its schema. Repeatable, searched in order.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// For Flecs world JSON from elsewhere: a world script run first, which defines the types
    /// its values have (v3 world JSON that `world convert` writes, and v4 with
    /// --member-entities, carries its own types).
    #[arg(long, value_name = "SCRIPT")]
    pub types: Option<PathBuf>,

    /// For Flecs world JSON: values the world has no type for are an error, not a warning.
    #[arg(long)]
    pub strict: bool,

    /// Which Flecs to speak: 4 (v4.1.6, the default) or 3 (v3.2.12): its JSON, its query
    /// language, and which version world JSON without its own marker is.
    #[arg(long, value_name = "VERSION", default_value = "4")]
    pub flecs: rosetta_world::FlecsVersion,
}

/// Arguments of `rosetta world query`.
#[derive(Debug, Args)]
pub struct WorldQueryArgs {
    /// A world script or a snapshot (`-` for standard input).
    #[arg(value_name = "WORLD")]
    pub world: PathBuf,

    /// The query, in Flecs' query language (v4.1.6's, or v3.2.12's with --flecs 3).
    #[arg(value_name = "QUERY")]
    pub query: String,

    /// Skip this many entities (results without entities count one each).
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub offset: usize,

    /// Print at most this many entities.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,

    /// Stop the search after this many steps (a step is one term tried in one state):
    /// wildcard terms multiply, and a query that runs out is an error.
    #[arg(long = "step-limit", visible_alias = "step_limit", value_name = "N",
          default_value_t = rosetta_world::eval::DEFAULT_STEP_LIMIT)]
    pub step_limit: u64,

    /// A schema root; a snapshot needs its schema. Repeatable, searched in order.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// Write the results as Flecs JSON (`ecs_iter_to_json`), with the options below.
    #[arg(long)]
    pub json: bool,

    /// For Flecs world JSON from elsewhere: a world script run first, which defines the types
    /// its values have (world JSON that `world convert` writes carries its own types).
    #[arg(long, value_name = "SCRIPT")]
    pub types: Option<PathBuf>,

    #[command(flatten)]
    pub json_options: IterJsonArgs,

    /// Which Flecs to speak: 4 (v4.1.6, the default) or 3 (v3.2.12): its JSON, its query
    /// language, and which version world JSON without its own marker is.
    #[arg(long, value_name = "VERSION", default_value = "4")]
    pub flecs: rosetta_world::FlecsVersion,
}

/// A boolean option: `--name` (true) or `--name=BOOL`.
macro_rules! flag_args {
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($(#[doc = $doc:literal])* $field:ident : $long:literal,)* }) => {
        $(#[$meta])*
        $vis struct $name {
            $(
                $(#[doc = $doc])*
                #[arg(long = $long, value_name = "BOOL", num_args = 0..=1,
                      default_missing_value = "true", require_equals = true)]
                pub $field: Option<bool>,
            )*
            /// Write Flecs v3.2.12's bytes exactly: its floats (10 decimals, `"Inf"` for both
            /// infinities) and its invalid JSON (names with quotes, control characters). By
            /// default the JSON is valid and every value reads back exactly.
            #[arg(long = "engine-bytes")]
            pub engine_bytes: bool,
        }

        impl $name {
            /// The options given, by Flecs' name.
            pub fn given(&self) -> Vec<(&'static str, bool)> {
                let mut out = Vec::new();
                $(if let Some(on) = self.$field { out.push(($long, on)); })*
                out
            }
        }
    };
}

flag_args! {
    /// `ecs_entity_to_json_desc_t` as flags.
    #[derive(Debug, Clone, Args)]
    pub struct EntityJsonArgs {
        /// The entity's path (default on).
        path: "path",
        /// Its doc name, else its name, else its id.
        label: "label",
        /// Its doc brief.
        brief: "brief",
        /// Its doc link.
        link: "link",
        /// Its doc color.
        color: "color",
        /// Its ids (default on).
        ids: "ids",
        /// The ids' labels.
        id_labels: "id_labels",
        /// Its IsA bases, their bases first (default on).
        base: "base",
        /// Private ids too (names, ChildOf, IsA, doc strings).
        private: "private",
        /// Ids of a base the entity gets elsewhere, marked in `hidden`.
        hidden: "hidden",
        /// Component values.
        values: "values",
        /// Type info of the components.
        type_info: "type_info",
        /// Alerts (when the world script imports FlecsAlerts).
        alerts: "alerts",
        /// The world script's named filters that match the entity.
        matches: "matches",
        /// v4: the entity's id.
        entity_id: "entity_id",
        /// v4: its doc strings (name, brief, color, link, uuid).
        doc: "doc",
        /// v4: ids and names as full paths (default on).
        full_paths: "full_paths",
        /// v4: what it inherits, per base.
        inherited: "inherited",
        /// v4: builtin ids too (names, ChildOf).
        builtin: "builtin",
    }
}

flag_args! {
    /// `ecs_iter_to_json_desc_t` as flags.
    #[derive(Debug, Clone, Args)]
    pub struct IterJsonArgs {
        /// The query's ids (default on).
        term_ids: "term_ids",
        /// The query's id labels.
        term_labels: "term_labels",
        /// Per result, the ids matched (default on).
        ids: "ids",
        /// Per result, their labels.
        id_labels: "id_labels",
        /// Per result, each field's source (default on).
        sources: "sources",
        /// Per result, the variables' values (default on).
        variables: "variables",
        /// Per result, which fields are set, for optional terms (default on).
        is_set: "is_set",
        /// Component values (default on).
        values: "values",
        /// Private ids in table mode.
        private: "private",
        /// The entities (default on).
        entities: "entities",
        /// The entities' doc names.
        entity_labels: "entity_labels",
        /// The entities' ids.
        entity_ids: "entity_ids",
        /// The variables' labels.
        variable_labels: "variable_labels",
        /// The variables' ids.
        variable_ids: "variable_ids",
        /// The entities' doc colors.
        colors: "colors",
        /// The time taken, in seconds (`measure_eval_duration`).
        eval_duration: "eval_duration",
        /// Type info of the fields.
        type_info: "type_info",
        /// Per field: its id, type and schema.
        field_info: "field_info",
        /// Each result's whole table (table mode).
        table: "table",
        /// One object per entity (the row format of v3.2.11+).
        rows: "rows",
        /// The results (default on).
        results: "results",
        /// v4: the entities' doc strings.
        doc: "doc",
        /// v4: ids and names as full paths (default on).
        full_paths: "full_paths",
        /// v4: inherited components.
        inherited: "inherited",
        /// v4: builtin ids too.
        builtin: "builtin",
        /// v4: the fields of each result (default on).
        fields: "fields",
        /// v4: the query's terms (`query_info`).
        query_info: "query_info",
        /// v4: the query's plan.
        query_plan: "query_plan",
        /// v4: the query's profile.
        query_profile: "query_profile",
    }
}

/// [`Mode::Engine`] with `--engine-bytes`, else [`Mode::Lossless`] (valid JSON whose values
/// read back exactly).
fn mode(engine_bytes: bool) -> Mode {
    if engine_bytes {
        Mode::Engine
    } else {
        Mode::Lossless
    }
}

/// The options of v4.1.6's `ecs_entity_to_json_desc_t`, without `serialize_`.
pub const V4_ENTITY_OPTIONS: &[&str] = &[
    "entity_id",
    "doc",
    "full_paths",
    "inherited",
    "values",
    "builtin",
    "type_info",
    "alerts",
    "matches",
];

/// The options of v4.1.6's `ecs_iter_to_json_desc_t`, without `serialize_` (`results` is
/// `dont_serialize_results` negated).
pub const V4_ITER_OPTIONS: &[&str] = &[
    "entity_ids",
    "values",
    "builtin",
    "doc",
    "full_paths",
    "fields",
    "inherited",
    "table",
    "type_info",
    "field_info",
    "query_info",
    "query_plan",
    "query_profile",
    "results",
];

/// The error for an option that the chosen Flecs version's JSON does not have.
fn not_an_option(name: &str, version: FlecsVersion) -> CliError {
    let other = match version {
        FlecsVersion::V3 => "--flecs 4",
        FlecsVersion::V4 => "--flecs 3",
    };
    CliError::Usage {
        argument: format!("--{name}"),
        message: format!("not an option of Flecs {version}'s JSON (it is one with {other})"),
    }
}

/// The options given, checked against v4.1.6's names.
fn v4_given(
    given: Vec<(&'static str, bool)>,
    names: &[&str],
) -> Result<Vec<(&'static str, bool)>, CliError> {
    match given.iter().find(|(n, _)| !names.contains(n)) {
        Some((n, _)) => Err(not_an_option(n, FlecsVersion::V4)),
        None => Ok(given),
    }
}

impl EntityJsonArgs {
    /// `ECS_ENTITY_TO_JSON_INIT` (v3.2.12's) with the options given; an option only v4 has
    /// is an error.
    pub fn desc(&self) -> Result<EntityDesc, CliError> {
        let mut d = EntityDesc {
            mode: mode(self.engine_bytes),
            ..EntityDesc::default()
        };
        for (name, on) in self.given() {
            if !d.set(name, on) {
                return Err(not_an_option(name, FlecsVersion::V3));
            }
        }
        Ok(d)
    }

    /// The options given for v4.1.6's entity JSON; an option only v3 has is an error.
    pub fn v4_options(&self) -> Result<Vec<(&'static str, bool)>, CliError> {
        v4_given(self.given(), V4_ENTITY_OPTIONS)
    }
}

impl IterJsonArgs {
    /// `ECS_ITER_TO_JSON_INIT` (v3.2.12's) with the options given; an option only v4 has is
    /// an error.
    pub fn desc(&self) -> Result<IterDesc, CliError> {
        let mut d = IterDesc {
            mode: mode(self.engine_bytes),
            ..IterDesc::default()
        };
        for (name, on) in self.given() {
            if !d.set(name, on) {
                return Err(not_an_option(name, FlecsVersion::V3));
            }
        }
        Ok(d)
    }

    /// The options given for v4.1.6's iterator JSON; an option only v3 has is an error.
    pub fn v4_options(&self) -> Result<Vec<(&'static str, bool)>, CliError> {
        v4_given(self.given(), V4_ITER_OPTIONS)
    }
}

/// Arguments of `rosetta world entity`.
#[derive(Debug, Args)]
pub struct WorldEntityArgs {
    /// A world script, a snapshot or Flecs world JSON (`-` for standard input).
    #[arg(value_name = "WORLD")]
    pub world: PathBuf,

    /// The entity: a path (`Sun.Earth`) or an alias the world script bound.
    #[arg(value_name = "PATH")]
    pub entity: String,

    /// List the entities that have `(REL, entity)`; `*` for every relationship.
    #[arg(long, value_name = "REL")]
    pub refs: Option<String>,

    #[command(flatten)]
    pub options: EntityJsonArgs,

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

    /// Which Flecs to speak: 4 (v4.1.6, the default) or 3 (v3.2.12): its JSON, its query
    /// language, and which version world JSON without its own marker is.
    #[arg(long, value_name = "VERSION", default_value = "4")]
    pub flecs: rosetta_world::FlecsVersion,
}

/// Arguments of `rosetta world convert`.
#[derive(Debug, Args)]
pub struct WorldConvertArgs {
    /// A world script, a snapshot or Flecs world JSON (`-` for standard input).
    #[arg(value_name = "WORLD")]
    pub world: PathBuf,

    /// Where to write the result (`-` for standard output).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,

    /// The output's format; from OUT's extension when left out.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub to: Option<WorldFormatArg>,

    /// A schema root; a snapshot (in or out) needs its schema. Repeatable, searched in order.
    #[arg(
        long = "schema_path",
        visible_alias = "schema-path",
        value_name = "DIR"
    )]
    pub schema_paths: Vec<PathBuf>,

    /// For Flecs world JSON from elsewhere: a world script run first, which defines the types
    /// its values have (v3 world JSON that `world convert` writes, and v4 with
    /// --member-entities, carries its own types).
    #[arg(long, value_name = "SCRIPT")]
    pub types: Option<PathBuf>,

    /// For Flecs world JSON: values the world has no type for are an error, not a warning.
    #[arg(long)]
    pub strict: bool,

    /// With --to flecs-json: Flecs v3.2.12's bytes exactly (floats to 10 decimals, invalid
    /// JSON where Flecs writes it). By default every value reads back exactly.
    #[arg(long = "engine-bytes")]
    pub engine_bytes: bool,

    /// With --to flecs-json (--flecs 4): write each struct's members as member entities, as a
    /// Flecs world registered with `create_member_entities` writes them (v4.1.6 makes none by
    /// default), and the entities in modules (the types' package scopes, which v4.1.6 makes
    /// modules and leaves out by default): the file then describes its types completely, and
    /// Rosetta reads it back with no other file.
    #[arg(long = "member-entities")]
    pub member_entities: bool,

    /// Which Flecs to speak: 4 (v4.1.6, the default) or 3 (v3.2.12): its JSON, its query
    /// language, and which version world JSON without its own marker is.
    #[arg(long, value_name = "VERSION", default_value = "4")]
    pub flecs: rosetta_world::FlecsVersion,

    /// How a snapshot output is compressed.
    #[command(flatten)]
    pub gzip: GzipArgs,
}

impl WorldConvertArgs {
    /// The text mode of `--to flecs-json`.
    pub fn mode(&self) -> Mode {
        mode(self.engine_bytes)
    }
}

/// The `--to` values of `rosetta world convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum WorldFormatArg {
    /// Flecs' world JSON (`ecs_world_to_json`, REST `GET /world`), v4.1.6's or (--flecs 3)
    /// v3.2.12's.
    FlecsJson,
    /// A binary SpatialOS snapshot (gzip).
    Snapshot,
    /// The SDK's JSON snapshot format.
    JsonSnapshot,
    /// (--flecs 4) The world's types as a Flecs Script: run it in a Flecs v4 application
    /// (`ecs_script_run`) to register the same components before `ecs_world_from_json`.
    FlecsScript,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Debug, Parser)]
    struct E {
        #[command(flatten)]
        o: EntityJsonArgs,
    }

    #[derive(Debug, Parser)]
    struct I {
        #[command(flatten)]
        o: IterJsonArgs,
    }

    #[test]
    fn entity_options_start_from_the_init_defaults() {
        let e = E::parse_from(["x", "--values", "--path=false", "--type_info=true"]);
        let d = e.o.desc().expect("v3 options");
        assert!(d.values && !d.path && d.type_info && d.ids && d.base && !d.label);
    }

    #[test]
    fn iter_options_start_from_the_init_defaults() {
        let i = I::parse_from(["x", "--values=false", "--entity_labels", "--engine-bytes"]);
        let d = i.o.desc().expect("v3 options");
        assert!(!d.values && d.entity_labels && d.term_ids && d.entities);
        assert_eq!(d.mode, Mode::Engine);
        assert!(I::try_parse_from(["x", "--values=maybe"]).is_err());
    }

    #[test]
    fn each_version_refuses_the_others_options() {
        let e = E::parse_from(["x", "--doc", "--values"]);
        assert!(e.o.desc().is_err(), "doc is v4's");
        assert_eq!(
            e.o.v4_options().ok(),
            Some(vec![("values", true), ("doc", true)])
        );
        let e = E::parse_from(["x", "--label"]);
        assert!(e.o.v4_options().is_err(), "label is v3's");
        let i = I::parse_from(["x", "--query_plan", "--fields=false"]);
        assert!(i.o.desc().is_err(), "fields is v4's");
        assert!(i.o.v4_options().is_ok());
        let i = I::parse_from(["x", "--term_ids"]);
        assert!(i.o.v4_options().is_err(), "term_ids is v3's");
    }
}
