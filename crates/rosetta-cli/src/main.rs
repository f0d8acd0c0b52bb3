//! `rosetta`: the command line of the Rosetta toolkit. `rosetta --help` lists the subcommands.
#![deny(unsafe_code)]
#![warn(missing_docs)]

mod cli;
mod codegen_cmd;
mod convert;
mod error;
mod export_cmd;
mod files;
mod godot_cmd;
mod help;
mod json_cmd;
mod output;
mod reports;
mod schema_cmd;
mod schema_input;
mod schema_load;
mod serve_cmd;
mod serve_save;
mod snapshot_cmd;
mod sql_cmd;
mod suggest;
mod world;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command, WorldCommand};

fn main() -> ExitCode {
    // Usage errors (and --help/--version) exit here, through clap, with status 2 (0).
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Schema(command) => schema_cmd::run(command),
        Command::Snapshot(command) => snapshot_cmd::run(command),
        Command::Convert(args) => convert::run(&args),
        Command::Godot(command) => godot_cmd::run(command),
        Command::Json(command) => json_cmd::run(command),
        Command::World(command) => match command {
            WorldCommand::Info(args) => world::info::run(&args),
            WorldCommand::Query(args) => world::query::run(&args),
            WorldCommand::Entity(args) => world::json::run_entity(&args),
            WorldCommand::Convert(args) => world::convert::run(&args),
        },
        Command::Serve(args) => serve_cmd::run(&args),
        Command::Export(args) => export_cmd::export(&args),
        Command::Import(args) => export_cmd::import(&args),
        Command::Sql(args) => sql_cmd::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // Standard output's reader went away (`| head`): end quietly, as Unix tools do.
        Err(_) if error::stdout_closed() => ExitCode::from(error::BROKEN_PIPE_EXIT),
        Err(error) => {
            error.report();
            error.exit_code()
        }
    }
}
