//! # Typed schema data: generated Rust types on a snapshot, O3DE JSON and Godot bytes
//!
//! `rosetta-build` turns SpatialOS schemas into Rust types, as `prost-build` does for protobuf.
//! This example's `build.rs` generates them for the example game (`examples/schema`, package
//! `game`) and Rosetta's standard library (`schema`, package `improbable`), and the example
//! uses them on the example snapshot, `examples/data/world.snapshot`:
//!
//! 1. **Typed reads.** Each entity is read from the snapshot with its components undecoded
//!    (`SnapshotReader::read_raw_entity`), and only the ones the example wants are decoded,
//!    straight from their bytes, as `game::Player`, `game::Health`, `improbable::Position` and
//!    `improbable::Metadata` (`RawEntity::get::<T>()`); the others (`improbable.Persistence`)
//!    stay undecoded bytes and are copied as they are.
//! 2. **Updates.** Every player levels up: a generated `PlayerUpdate` sets the next level and
//!    carries a `levelled_up` event, and a `HealthUpdate` heals the player to full health; both
//!    are applied with `Component::apply` and put back with `RawEntity::insert`. The
//!    changed snapshot is written to `OUT` and read back, to show that the change stuck.
//! 3. **serde.** The levelled-up player is written as O3DE JSON and as Godot 4 bytes
//!    (`var_to_bytes` of a `Dictionary`) through the generated serde derives, beside `OUT`
//!    (`<name>.player.json`, `<name>.player.godot`), and read back from both into a
//!    `game::Player` equal to the one written.
//!
//! Run it from the repository's root:
//!
//! ```text
//! cargo run -p rosetta-example-typed -- [OUT] [--input SNAPSHOT]
//! ```
//!
//! `OUT` defaults to `target/typed-example.snapshot` and `SNAPSHOT` to
//! `examples/data/world.snapshot`, both under the repository's root; paths given are taken
//! from the current directory. The written snapshot can be inspected with the CLI:
//!
//! ```text
//! cargo run -- snapshot convert target/typed-example.snapshot -o target/typed-example.json \
//!     --schema_path schema --schema_path examples/schema
//! ```
//!
//! The generated code is included in the library (`src/lib.rs`, module `schema`) with
//!
//! ```ignore
//! pub mod schema {
//!     include!(concat!(env!("OUT_DIR"), "/mod.rs"));
//! }
//! use schema::game::{Health, Player};
//! ```
//!
//! and the crate needs no serde dependency of its own: the generated derives go through
//! `rosetta-wire`'s.

use std::path::{Path, PathBuf};

use rosetta_example_typed::{default_input, default_output, run, Error, Summary};
use rosetta_wire::SchemaUpdate;

/// How to call the example.
const USAGE: &str = "usage: rosetta-example-typed [OUT] [--input SNAPSHOT]

Levels up every player of SNAPSHOT (default: examples/data/world.snapshot) through the Rust
types rosetta-build generated, writes the changed snapshot to OUT (default:
target/typed-example.snapshot) and the first player as O3DE JSON and Godot bytes beside it.";

/// The paths the example works on.
struct Args {
    input: PathBuf,
    output: PathBuf,
}

/// Reads the command line; `None` when help was asked for.
fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, Error> {
    let mut input = None;
    let mut output = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(None),
            "--input" => {
                let path = args
                    .next()
                    .ok_or_else(|| Error::msg(format!("--input needs a path\n\n{USAGE}")))?;
                input = Some(PathBuf::from(path));
            }
            _ if arg.starts_with('-') => {
                return Err(Error::msg(format!("unknown option {arg}\n\n{USAGE}")));
            }
            _ if output.is_none() => output = Some(PathBuf::from(arg)),
            _ => return Err(Error::msg(format!("unexpected argument {arg}\n\n{USAGE}"))),
        }
    }
    Ok(Some(Args {
        input: input.unwrap_or_else(default_input),
        output: output.unwrap_or_else(default_output),
    }))
}

fn main() -> Result<(), Error> {
    let Some(args) = parse_args(std::env::args().skip(1))? else {
        println!("{USAGE}");
        return Ok(());
    };
    let summary = run(&args.input, &args.output)?;
    print_summary(&summary);
    Ok(())
}

/// A path as short as it can be shown: relative to the current directory when it is under it.
fn shown(path: &Path) -> String {
    let relative = std::env::current_dir()
        .ok()
        .and_then(|dir| path.strip_prefix(dir).ok().map(Path::to_path_buf));
    relative
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// Prints what the example did, step by step.
fn print_summary(summary: &Summary) {
    let done = &summary.rewritten;
    println!("1. Read {} (typed):", shown(&summary.input));
    for entity in &done.before {
        println!("   {entity}");
    }

    println!("\n2. Level up every player (updates applied with Component::apply):");
    for change in &done.changes {
        let update = &change.player_update;
        println!(
            "   entity {} ({}): level {} -> {}, PlayerUpdate of {} bytes with {} levelled_up event(s)",
            change.entity_id,
            change.name,
            change.old_level,
            update.level.unwrap_or(change.old_level),
            update.encode().len(),
            update.events.levelled_up.len(),
        );
        if let Some((before, after)) = change.healed {
            println!("   entity {}: health {before} -> {after}", change.entity_id);
        }
    }
    if done.changes.is_empty() {
        println!("   (no player: nothing changed)");
    }
    println!("   wrote {}; read back:", shown(&summary.output));
    for entity in &summary.read_back {
        println!("   {entity}");
    }

    println!("\n3. A player through serde:");
    let Some(formats) = &summary.formats else {
        println!("   (no player in the snapshot)");
        return;
    };
    println!(
        "   O3DE JSON ({} bytes, {}):",
        formats.json.len(),
        shown(&summary.json_path)
    );
    for line in formats.json.lines() {
        println!("   {line}");
    }
    println!(
        "   Godot 4 bytes ({} bytes, {}):",
        formats.godot.len(),
        shown(&summary.godot_path)
    );
    for row in formats.godot.chunks(32) {
        let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
        println!("   {}", hex.join(" "));
    }
    println!(
        "   both read back as the same game::Player: {:?}",
        formats.player
    );
}
