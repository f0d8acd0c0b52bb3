//! Flecs v4.1.6's JSON for `world entity`, `world query --json` and `world convert --to
//! flecs-json` with `--flecs 4`, from `rosetta_flecs::v4`.

use rosetta_flecs::text::Mode;
use rosetta_flecs::Page;
use rosetta_world::eval::Query;
use rosetta_world::{Id, World};

use crate::error::CliError;

/// An option the v4 desc does not have (the CLI's flags are checked before, so this is a
/// flag list out of step with the desc).
fn unknown(name: &str) -> CliError {
    CliError::Internal(format!("--{name} is not an option of v4.1.6's JSON desc"))
}

/// `ecs_entity_to_json` in v4.1.6's form, with the options given (by their v4 names) set on
/// `ECS_ENTITY_TO_JSON_INIT`, and `refs` (the relationship whose sources are listed).
pub fn entity_json(
    world: &World,
    e: Id,
    options: &[(&str, bool)],
    refs: Option<Id>,
    queries: &[(Id, &Query)],
    mode: Mode,
) -> Result<String, CliError> {
    let mut desc = rosetta_flecs::v4::EntityDesc {
        refs,
        mode,
        ..Default::default()
    };
    for &(name, on) in options {
        if !desc.set(name, on) {
            return Err(unknown(name));
        }
    }
    rosetta_flecs::v4::entity_to_json_with(world, e, &desc, queries).map_err(|err| CliError::Data {
        path: "PATH".into(),
        message: err.to_string(),
    })
}

/// `ecs_iter_to_json` in v4.1.6's form over a page of the results, with the options given set
/// on `ECS_ITER_TO_JSON_INIT`, the search stopped after `max_steps`.
pub fn iter_json(
    world: &World,
    query: &Query,
    options: &[(&str, bool)],
    page: Page,
    max_steps: u64,
    mode: Mode,
) -> Result<String, CliError> {
    let mut desc = rosetta_flecs::v4::IterDesc {
        mode,
        ..Default::default()
    };
    for &(name, on) in options {
        if !desc.set(name, on) {
            return Err(unknown(name));
        }
    }
    rosetta_flecs::v4::iter_to_json(world, query, &desc, page, max_steps).map_err(|e| {
        let budget = matches!(
            e,
            rosetta_flecs::Error::World(rosetta_world::Error::QueryBudget(_))
        );
        let message = e.to_string();
        CliError::Data {
            path: "QUERY".into(),
            message: match budget {
                true => format!("{message}; raise it with --step-limit"),
                false => message,
            },
        }
    })
}

/// `ecs_world_to_json` in v4.1.6's form; with member entities when asked, and then the
/// entities in modules too (the types' package scopes are modules), so the file describes
/// its types.
pub fn world_json(world: &World, mode: Mode, member_entities: bool) -> Result<String, CliError> {
    let desc = rosetta_flecs::v4::WorldDesc {
        mode,
        member_entities,
        modules: member_entities,
    };
    rosetta_flecs::v4::world_to_json_with(world, &desc).map_err(|err| CliError::Data {
        path: "WORLD".into(),
        message: format!("cannot be written as Flecs v4.1.6 world JSON: {err}"),
    })
}
