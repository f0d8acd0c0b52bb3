//! Flecs v3.2.12's JSON of a world on the command line: `rosetta world entity WORLD PATH`
//! (`ecs_entity_to_json`) and `rosetta world query WORLD 'QUERY' --json`
//! (`ecs_iter_to_json`), with the serializers' options as flags named as Flecs names them.
//!
//! A boolean option is a flag (`--values`) or takes a value (`--path=false`); an option not
//! given keeps the default of Flecs' C API: `ECS_ENTITY_TO_JSON_INIT` (path, ids and base
//! on) for entities, `ECS_ITER_TO_JSON_INIT` (term_ids, ids, sources, variables, is_set,
//! values and entities on) for queries.

use std::path::PathBuf;

use clap::Args;
use rosetta_flecs::text::Mode;
use rosetta_flecs::{EntityDesc, Extras, IterDesc, Page};
use rosetta_world::builtin::WILDCARD;
use rosetta_world::eval::Query;
use rosetta_world::script::MarkerKind;
use rosetta_world::{Engine, Id, World};

use crate::error::CliError;
use crate::files::write_output;
use crate::world_cmd::{load_world, LoadedWorld, WorldSource};

/// Examples shown by `rosetta world entity --help`.
pub const WORLD_ENTITY_EXAMPLES: &str = "\
Writes ecs_entity_to_json of the entity at PATH (a path such as Sun.Earth, or an alias of a
world script) as Flecs v3.2.12 writes it. Options start from ECS_ENTITY_TO_JSON_INIT: path, ids
and base on, everything else off; `--values` turns one on, `--path=false` one off. --refs REL
lists the entities that have (REL, entity) (`*` for every relationship); --matches lists the
world script's named filters that match the entity. Where Flecs writes invalid JSON (a name with
a quote), valid JSON is written; --engine-bytes writes Flecs' bytes.

Examples:
  rosetta world entity examples/world/space.json Sun.Earth
  rosetta world entity examples/world/space.json Sun.Earth --label --values --type_info --id_labels --hidden
  rosetta world entity examples/world/space.json planets.RockyPlanet --path=false --brief --private
  rosetta world entity examples/world/space.json Sun --refs=ChildOf";

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
            /// Write Flecs' bytes where they are not valid JSON (names with quotes, control
            /// characters), not valid JSON.
            #[arg(long = "engine-bytes")]
            pub engine_bytes: bool,
        }

        impl $name {
            /// The options given, by Flecs' name.
            fn given(&self) -> Vec<(&'static str, bool)> {
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
    }
}

fn mode(engine_bytes: bool) -> Mode {
    if engine_bytes {
        Mode::Engine
    } else {
        Mode::Valid
    }
}

impl EntityJsonArgs {
    /// `ECS_ENTITY_TO_JSON_INIT` with the options given.
    pub fn desc(&self) -> EntityDesc {
        let mut d = EntityDesc {
            mode: mode(self.engine_bytes),
            ..EntityDesc::default()
        };
        for (name, on) in self.given() {
            d.set(name, on);
        }
        d
    }
}

impl IterJsonArgs {
    /// `ECS_ITER_TO_JSON_INIT` with the options given.
    pub fn desc(&self) -> IterDesc {
        let mut d = IterDesc {
            mode: mode(self.engine_bytes),
            ..IterDesc::default()
        };
        for (name, on) in self.given() {
            d.set(name, on);
        }
        d
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
}

fn data_error(what: &str, message: String) -> CliError {
    CliError::Data {
        path: PathBuf::from(what),
        message,
    }
}

/// The world script's named filters (`["filter", name, expr]`), for `matches`.
fn named_filters(loaded: &LoadedWorld) -> Vec<(Id, Query)> {
    let WorldSource::Script(script) = &loaded.source else {
        return Vec::new();
    };
    script
        .markers
        .iter()
        .filter_map(|m| match &m.kind {
            MarkerKind::Filter { entity, expr } => {
                let q = Query::with_engine(&loaded.world, expr, Engine::Filter).ok()?;
                Some((*entity, q))
            }
            _ => None,
        })
        .collect()
}

fn alerts_imported(loaded: &LoadedWorld) -> bool {
    match &loaded.source {
        WorldSource::Script(s) => s
            .markers
            .iter()
            .any(|m| matches!(&m.kind, MarkerKind::Import(n) if n == "FlecsAlerts")),
        _ => false,
    }
}

/// Runs `rosetta world entity`.
pub fn run_entity(args: &WorldEntityArgs) -> Result<(), CliError> {
    let mut loaded = load_world(&args.world, &args.schema_paths)?;
    loaded.world.process_pending();
    let e = loaded
        .resolve(&args.entity)
        .ok_or_else(|| data_error("PATH", format!("no entity '{}'", args.entity)))?;
    let mut desc = args.options.desc();
    if let Some(rel) = &args.refs {
        desc.refs = Some(match rel.as_str() {
            "*" => WILDCARD,
            _ => loaded
                .resolve(rel)
                .ok_or_else(|| data_error("--refs", format!("no entity '{rel}'")))?,
        });
    }
    let filters = named_filters(&loaded);
    let queries: Vec<(Id, &Query)> = filters.iter().map(|(e, q)| (*e, q)).collect();
    let extras = Extras {
        queries: &queries,
        alerts_imported: alerts_imported(&loaded),
    };
    let mut text = rosetta_flecs::entity_to_json_with(&loaded.world, e, &desc, &extras)
        .map_err(|err| data_error(&args.entity, err.to_string()))?;
    text.push('\n');
    write_output(&PathBuf::from("-"), text.as_bytes())
}

/// `rosetta world query --json`: the results as `ecs_iter_to_json` writes them.
pub fn query_json(
    w: &World,
    query: &Query,
    options: &IterJsonArgs,
    offset: usize,
    limit: Option<usize>,
) -> Result<String, CliError> {
    let mut text = rosetta_flecs::iter_to_json(w, query, &options.desc(), Page { offset, limit })
        .map_err(|e| data_error("QUERY", e.to_string()))?;
    text.push('\n');
    Ok(text)
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
        let d = e.o.desc();
        assert!(d.values && !d.path && d.type_info && d.ids && d.base && !d.label);
    }

    #[test]
    fn iter_options_start_from_the_init_defaults() {
        let i = I::parse_from(["x", "--values=false", "--entity_labels", "--engine-bytes"]);
        let d = i.o.desc();
        assert!(!d.values && d.entity_labels && d.term_ids && d.entities);
        assert_eq!(d.mode, Mode::Engine);
        assert!(I::try_parse_from(["x", "--values=maybe"]).is_err());
    }
}
