//! The text after each command's `--help` options: what it does in more words, and examples.
//!
//! Every example runs as written from the repository root (the test `help_examples.rs` runs
//! them in order): it reads the example schema and data under `examples/` and writes under
//! `target/`.

/// `rosetta --help`.
pub const MAIN_EXAMPLES: &str = "\
Examples:
  # compile the example game schema with Rosetta's standard library into bundle JSON
  rosetta schema compile --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path --bundle_json_out=target/bundle.json

  # only check a schema for errors
  rosetta schema check --schema_path=schema --schema_path=examples/schema \\
      examples/schema/game/player.schema

  # what is in a snapshot
  rosetta snapshot info examples/data/world.snapshot --schema_path schema --schema_path examples/schema";

/// `rosetta schema --help`.
pub const SCHEMA_EXAMPLES: &str = "\
Examples:
  rosetta schema check --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path
  rosetta schema compile --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path --bundle_out=target/bundle.sb
  rosetta schema proto --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path --proto_out=target/proto
  rosetta schema codegen rust --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path -o target/rust";

/// `rosetta schema compile --help`.
pub const COMPILE_EXAMPLES: &str = "\
The flags are spelled as the SpatialOS schema_compiler spelled them (--schema_path=DIR), so build
scripts can switch to rosetta unchanged; the kebab-case forms (--schema-path DIR) work too.
A schema file named on the command line is looked up in the current directory, then in each
schema path. Outputs are checked before compiling; a file is replaced only once it is complete
(keeping its mode, links and symbolic links), a device or FIFO written through; `-` is standard
output. The exit status is 0 on success, 1 when the schema has errors (reported on stderr as
file:line:column) or an output cannot be written, and 2 on a usage error.

Examples:
  # everything under both roots, as bundle JSON and binary bundle
  rosetta schema compile --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path \\
      --bundle_json_out=target/bundle.json --bundle_out=target/bundle.sb

  # one file and what it imports, in the 14.x bundle JSON format (fields carry `transient`)
  rosetta schema compile --schema-path schema --schema-path examples/schema \\
      --bundle-format v14 --bundle-json-out target/bundle14.json game/player.schema

  # the AST JSON of every file (one .json per .schema) into target/ast/
  rosetta schema compile --schema_path=schema --load_all_schema_on_schema_path \\
      --ast_json_out=target/ast

  # bundle JSON to standard output
  rosetta schema compile --schema_path=schema --load_all_schema_on_schema_path --bundle_json_out=-";

/// `rosetta schema check --help`.
pub const CHECK_EXAMPLES: &str = "\
Compiles exactly as `rosetta schema compile` does but writes nothing. The exit status is 0 when
the schema is valid, 1 when it has errors (reported on stderr as file:line:column), 2 on a usage
error.

Examples:
  rosetta schema check --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path
  # one file (looked for in the current directory, then under each schema path) and its imports
  rosetta schema check --schema-path schema --schema-path examples/schema game/player.schema";

/// `rosetta schema proto --help`.
pub const PROTO_EXAMPLES: &str = "\
Writes one .proto file per schema file (game/player.schema -> DIR/game/player.proto), and
rosetta/entity.proto when the schema has components, so that any protobuf tool can read schema
data: SpatialOS schema data is protobuf wire format with field number = field id. The files are
proto2; components are messages named like the component and extend rosetta.Entity with field
number = component id; maps are repeated <Field>Entry messages (key = 1, value = 2); enum values
are prefixed with the enum name (Team.RED -> TEAM_RED). The exit status is as for
`rosetta schema compile`.

Examples:
  rosetta schema proto --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path --proto_out=target/proto
  # a Player's data as wire bytes, decoded by protoc with those files
  rosetta convert --schema_path schema --schema_path examples/schema --root data \\
      --component game.Player --from json-spatialos --to wire examples/data/player.json \\
      -o target/player.bin
  protoc -Itarget/proto --decode=game.Player game/player.proto < target/player.bin";

/// `rosetta schema codegen --help`.
pub const CODEGEN_EXAMPLES: &str = "\
Generates code for the types of a compiled schema, one subcommand per language (rust). The
schema is given as to `rosetta schema compile`: files, --schema_path, and
--load_all_schema_on_schema_path.

Examples:
  rosetta schema codegen rust --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path -o target/rust";

/// `rosetta schema codegen rust --help`.
pub const CODEGEN_RUST_EXAMPLES: &str = "\
Writes the Rust types that rosetta-build writes in a build script: one .rs file per package
(game.rs, improbable.restricted.rs) and a mod.rs that declares every package as nested modules
(`pub mod game { include!(\"game.rs\"); pub mod world { ... } }`). Each type and component
is a struct, each enum an open enum, each component has its update, events, and command request
and response types; they encode the SpatialOS wire format through rosetta-wire and, unless
--no_serde, derive serde. Fields a type's schema does not have (a newer schema's) are skipped
as prost skips them, or, with --keep_unknown_fields, kept in its `unknown_fields` and written
back. A crate that depends on rosetta-wire uses them with
`#[path = \"schema/mod.rs\"] mod schema;`. Files whose content is unchanged are left untouched.
The output directory is checked before compiling and made if missing. A PATH of
--type_attribute and --field_attribute is `.` (everything), a package (`game`) or a qualified
name (`game.Health`, `game.Health.current`); the value is split at its first `=`. The exit status
is 0 on success, 1 when the schema has errors (reported on stderr as file:line:column) or a file
cannot be written, and 2 on a usage error (an attribute that is no Rust attribute among them).

Examples:
  # every file under both roots into target/rust/
  rosetta schema codegen rust --schema_path=schema --schema_path=examples/schema \\
      --load_all_schema_on_schema_path -o target/rust

  # one file and what it imports, with HashMap maps, no serde and attributes of our own
  rosetta schema codegen rust --schema-path schema --schema-path examples/schema \\
      --map-type hash --no-serde --type-attribute 'game=#[allow(dead_code)]' \\
      --field-attribute 'game.Health.current=#[doc(alias = \"hp\")]' \\
      --out target/rust-player game/player.schema";

/// `rosetta snapshot --help`.
pub const SNAPSHOT_EXAMPLES: &str = "\
Examples:
  rosetta snapshot info examples/data/world.snapshot
  rosetta snapshot convert examples/data/world.snapshot -o target/world.json \\
      --schema_path schema --schema_path examples/schema";

/// `rosetta snapshot info --help`.
pub const SNAPSHOT_INFO_EXAMPLES: &str = "\
Reads the whole snapshot (streaming, in constant memory) and prints its size, its entity count
and how many entities have each component; with --schema_path the components are named. A JSON
snapshot is recognised by its first character, `{`.

Examples:
  rosetta snapshot info examples/data/world.snapshot
  rosetta snapshot info examples/data/world.snapshot --schema_path schema --schema_path examples/schema
  # a JSON snapshot needs no schema to be counted
  rosetta snapshot info examples/data/world.json";

/// `rosetta snapshot convert --help`.
pub const SNAPSHOT_CONVERT_EXAMPLES: &str = "\
The input format is found from the content (gzip or a decompressed record stream: binary; `{`:
JSON) unless --from says; the output format from OUTPUT's extension (.json: JSON, anything else:
binary) unless --to says. `-` is standard input or output. Entities are converted one at a time,
in constant memory, with a progress bar when standard error is a terminal. OUTPUT is checked
before the conversion starts; a file is replaced only once the conversion is complete (keeping
its mode, links and symbolic links), a device or FIFO written through. A binary snapshot
re-written as binary keeps its bytes, and with the default --compression its gzip bytes too
(zlib's level 6 and the input's OS byte, as the SDK wrote them); from JSON, each entity's
components are written in ascending id order, as the SDK's converter did. JSON snapshots need
the schema. Gzip is inflated on one thread and deflated on another while the records are
converted; --threads N deflates on N (independent gzip members: not the SDK's bytes).

Examples:
  # re-write a binary snapshot (no schema needed)
  rosetta snapshot convert examples/data/world.snapshot -o target/world.snapshot
  # the same, compressed fast on every core
  rosetta snapshot convert examples/data/world.snapshot -o target/world-fast.snapshot \\
      --compression fast --threads 0
  # binary to JSON and back
  rosetta snapshot convert examples/data/world.snapshot -o target/world.json \\
      --schema_path schema --schema_path examples/schema
  rosetta snapshot convert target/world.json -o target/world.snapshot \\
      --schema_path schema --schema_path examples/schema
  # the first entity of the JSON form, on standard output
  rosetta snapshot convert examples/data/world.snapshot -o - --to json \\
      --schema_path schema --schema_path examples/schema | head -n 8";

/// `rosetta convert --help`.
pub const CONVERT_EXAMPLES: &str = "\
The schema is compiled from every .schema file under the schema paths. What the data is comes
from --root: `object` (the default) is an object of --type; `data` and `update` are a
component's data or update, the component named by --component (qualified name or id) or by
--type; `request` and `response` are a command's, the command named by --command (name or
index). Formats: `wire` (the protobuf wire bytes SpatialOS wrote; an update in Rosetta's
envelope), `json-spatialos` (the SpatialOS SDK's JSON form), `godot3` / `godot4` (Godot
Variant bytes, `var2bytes` / `var_to_bytes`: the object as a Dictionary keyed by field name, lists
of primitives as packed arrays; an update as the fields that change and `$events`), and `json`
(O3DE's JSON serialization rules: values equal to their defaults left out, read leniently with a
report of every coercion; an update as the fields it sets, `$cleared` and `$events`). JSON is
written pretty, with a final newline (`json`: 4-space indent, or one line with --compact).

Reading `json` from a file resolves `$import` directives relative to that file (from standard
input, relative to the current directory). Every value `json` reads or writes that is not a plain
success is reported: with --report all of them go to standard error, with the combined result
code; without it, only those of outcome Unavailable or worse, as warnings. A load or store that
halts (TypeMismatch, Invalid, Unknown, ...) is an error; with --strict so is any coercion or any
outcome other than Success, DefaultsUsed and PartialDefaults.

The exit status is 0 on success, 1 when the schema or the data has errors (said with a JSON
Pointer or a byte offset), 2 on a usage error (a --component or --type the schema does not
have, with the close names it has).

Examples:
  # a Player's component data from the SDK's JSON form to wire bytes, and back
  rosetta convert --schema_path schema --schema_path examples/schema --root data \\
      --component game.Player --from json-spatialos --to wire examples/data/player.json \\
      -o target/player.bin
  rosetta convert --schema_path schema --schema_path examples/schema --root data \\
      --component 1000 --from wire --to json-spatialos target/player.bin

  # an update of Health with an event, from standard input
  echo '{\"current\": 10, \"__events\": {\"died\": [{}]}}' | rosetta convert \\
      --schema_path schema --schema_path examples/schema --root update --component game.Health \\
      --from json-spatialos --to wire -o target/update.bin

  # a command request
  echo '{\"position\": [{\"x\": 1, \"y\": 0, \"z\": 2}]}' | rosetta convert \\
      --schema_path schema --schema_path examples/schema --root request \\
      --component game.Player --command respawn --from json-spatialos --to wire -o target/request.bin

  # a Player's data as Godot 4 Variant bytes (`bytes_to_var` in Godot reads them)
  rosetta convert --schema_path schema --schema_path examples/schema --root data \\
      --component game.Player --from json-spatialos --to godot4 examples/data/player.json \\
      -o target/player.var

  # a Player's data in O3DE's JSON form, defaults included, and back to wire bytes
  rosetta convert --schema_path schema --schema_path examples/schema --root data \\
      --component game.Player --from json-spatialos --to json --keep-defaults \\
      examples/data/player.json -o target/player.o3de.json
  rosetta convert --schema_path schema --schema_path examples/schema --root data \\
      --component game.Player --from json --to wire --strict --report target/player.o3de.json \\
      -o target/player.bin";

/// `rosetta world --help`.
pub const WORLD_EXAMPLES: &str = "\
Examples:
  # a snapshot as a Flecs world: its entities, tables and components
  rosetta world info examples/data/world.snapshot --schema_path schema --schema_path examples/schema
  # the same from a JSON snapshot; a world script needs no schema
  rosetta world info examples/data/world.json --schema_path schema --schema_path examples/schema
  rosetta world info examples/world/space.json
  # the snapshot's entities with a Health, and their doc names' source
  rosetta world query examples/data/world.snapshot 'game.Health, spatialos.EntityId' --schema_path schema --schema_path examples/schema
  # Flecs world JSON (what ecs_world_to_json and GET /world write), its types in it
  rosetta world info examples/flecs/space_world.json
  # a world converted: to Flecs world JSON, to a SpatialOS snapshot
  rosetta world convert examples/world/space.json -o - --to flecs-json
  rosetta world convert examples/data/world.json --schema_path schema --schema_path examples/schema -o - --to json-snapshot";

/// `rosetta world info --help`.
pub const WORLD_INFO_EXAMPLES: &str = "\
WORLD is a world script (a JSON array of operations, as the Flecs corpus writes its setups), a
SpatialOS snapshot (binary, gzip or JSON) or Flecs world JSON (what Flecs v3.2.12's
ecs_world_to_json and REST GET /world write), told apart by its content. A snapshot needs its schema
(--schema_path, repeatable, as `snapshot convert` takes it): each schema component becomes a
component at its qualified name (game.Player is Player under the scope game), each snapshot entity
N the entity snapshot.entity_N with the component spatialos.EntityId = N, and its
improbable.Metadata entity_type as its doc name. A progress bar is drawn on a terminal.
World JSON carries its types as Flecs writes them, as type entities (flecs.core.Component sizes,
flecs.meta.MetaType, Member and Constant child entities): `world convert` and ecs_world_to_json
write them, and they are rebuilt on reading. For world JSON without them the types come from
--schema_path (a world exported from Rosetta's snapshot world) or from --types SCRIPT, a world
script run first that defines them (world query, world entity and serve take --types too).
A column of values the world has no type for is skipped with a warning (an error with --strict),
as Flecs' ecs_world_from_json does.

Examples:
  rosetta world info examples/data/world.snapshot --schema_path schema --schema_path examples/schema
  rosetta world info examples/world/space.json
  rosetta world info examples/flecs/space_world.json
  rosetta world info examples/flecs/space_world.json --types examples/flecs/space_types.json";

/// `rosetta world query --help`.
pub const WORLD_QUERY_EXAMPLES: &str = "\
WORLD is a world script or a snapshot, as for `rosetta world info`. QUERY is in Flecs v4.1.6's
query language (v3.2.12's with --flecs 3): components, tags and pairs, wildcards * and _,
variables $Var, ?optional, !not, A || B, [in]/[out]/[inout]/[none], sources Position(Src) and
#0, traversal (self, up, up(Rel), cascade; v3: parent), $this == Name, $this ~= \"substring\".
One row per entity (or per result without $this); a field's cell is the id it matched, then the
value, or `from SOURCE` when the field comes from another entity; `-` for a field that is not
set.

With --json the results are written as ecs_iter_to_json writes them. v4.1.6's options start
from ECS_ITER_TO_JSON_INIT: values, full_paths and fields on, everything else off (entity_ids,
doc, inherited, type_info, field_info, query_info, query_plan, query_profile, table, ...).
v3.2.12's (--flecs 3): term_ids, ids, sources, variables, is_set, values and entities on.
`--type_info` turns one on, `--values=false` one off.

Examples:
  rosetta world query examples/world/space.json 'Position'
  rosetta world query examples/world/space.json 'Position, Position(up), ?HasRocks'
  rosetta world query examples/world/space.json '(ChildOf, $Parent)' --limit 2
  rosetta world query examples/world/space.json 'Position, ?HasRocks' --json
  rosetta world query examples/world/space.json '(ChildOf, $Parent)' --json --values=false --entity_ids --doc
  rosetta world query examples/world/space.json 'Position, ?Kind' --json --query_info --field_info --offset 1 --limit 2
  rosetta world query examples/world/space.json 'Position, Position(parent), ?HasRocks' --flecs 3
  rosetta world query examples/world/space.json 'Position' --json --table --private --flecs 3";

/// `rosetta world entity --help`.
pub const WORLD_ENTITY_EXAMPLES: &str = "\
Writes ecs_entity_to_json of the entity at PATH (a path such as Sun.Earth, or an alias of a
world script) as Flecs v4.1.6 writes it (v3.2.12 with --flecs 3). Options start from
ECS_ENTITY_TO_JSON_INIT: v4's full_paths and values on (entity_id, doc, inherited, builtin,
type_info, matches off); v3's path, ids and base on. `--type_info` turns one on,
`--full_paths=false` one off. --refs REL
lists the entities that have (REL, entity) (`*` for every relationship); --matches lists the
world script's named filters that match the entity. Where Flecs writes invalid JSON (a name with
a quote), valid JSON is written, and floats are written so they read back exactly
(0.3333333333333333, where Flecs writes 0.3333333333); --engine-bytes writes Flecs' bytes.

Examples:
  rosetta world entity examples/world/space.json Sun.Earth
  rosetta world entity examples/world/space.json Sun.Earth --entity_id --type_info --inherited --doc
  rosetta world entity examples/world/space.json planets.RockyPlanet --full_paths=false --builtin
  rosetta world entity examples/world/space.json Sun.Earth --label --values --type_info --id_labels --hidden --flecs 3
  rosetta world entity examples/world/space.json Sun --refs=ChildOf --flecs 3";

/// `rosetta world convert --help`.
pub const WORLD_CONVERT_EXAMPLES: &str = "\
WORLD is a world script, a snapshot or Flecs world JSON, as for `rosetta world info`.

--to flecs-json writes what Flecs v4.1.6's ecs_world_to_json (REST GET /world) writes (v3.2.12's
with --flecs 3): every entity that is not a Flecs builtin nor in a module (world JSON is read in
the version it was written in). Registering a type makes its package scope (game of game.Health) a
module in v4.1.6, so its types are left out, and v4.1.6 makes no member entities for a struct:
with --member-entities both are written (the types as Flecs' type entities, members as Flecs
writes them for structs registered with create_member_entities), and Rosetta reads the file back
with no other file (v3's always has the types).
A Flecs v4 application reads it with ecs_world_from_json once it has the same components: its
own, or those that --to flecs-script writes (a Flecs Script for ecs_script_run; Flecs reads type
entities only into types it already has).
--to snapshot (binary, gzip) and --to json-snapshot write a SpatialOS snapshot and need the
schema (--schema_path): each entity with a SpatialOS id (its spatialos.EntityId component, or
its name snapshot.entity_N) becomes a snapshot entity with its schema components; other
components and tags, and entities without an id, are left out (a warning says how many).
Without --to, OUT's extension decides: .snapshot a binary snapshot, anything else Flecs JSON.
Flecs JSON is lossless: every value reads back exactly (floats as their shortest round-trip text,
1e300 as \"1e300\", where Flecs' own formatter keeps 10 decimals); --engine-bytes writes Flecs'
bytes instead. Schema types Flecs has no form for are written as Rosetta's Flecs meta describes
them: option<T> a vector of 0 or 1 T (rosetta.vector_T), bytes a vector of byte, map<K, V> a
vector of {key, value} (rosetta.vector_entry_K_V), EntityId an i64 (a SpatialOS id, not an
entity), Entity an object of component values by name (no Flecs type: Flecs skips its values, as
it does those of a recursive type).

Examples:
  rosetta world convert examples/world/space.json -o - --to flecs-json
  rosetta world convert examples/world/space.json -o - --to flecs-json --flecs 3
  rosetta world convert examples/data/world.snapshot --schema_path schema --schema_path examples/schema -o - --to json-snapshot
  rosetta world convert examples/data/world.snapshot --schema_path schema --schema_path examples/schema -o types.flecs --to flecs-script
  rosetta world convert examples/flecs/space_world.json --types examples/flecs/space_types.json -o - --to flecs-json --flecs 3";

/// `rosetta serve --help`.
pub const SERVE_EXAMPLES: &str = "\
Serves WORLD over Flecs v4.1.6's REST API (GET, PUT and DELETE /entity/<path> and
/component/<path>?component=, PUT /toggle/<path>, GET /query?expr=, /world, /type_info/<path>,
/components, /queries, /tables, /stats/world, /stats/pipeline) on 127.0.0.1:27750 until
interrupted (Ctrl-C); with --flecs 3, v3.2.12's (GET /entity/<path>, /query?q=, /world,
/tables, /stats/...; PUT /set, /delete, /enable, /disable). WORLD is a world script, a SpatialOS snapshot (with --schema_path), or
Flecs world JSON; without WORLD the built-in example world (examples/world/space.json) is
served. With the server running, open the Flecs explorer at
https://www.flecs.dev/explorer/?remote=true (it connects to 127.0.0.1:27750; on another port,
https://www.flecs.dev/explorer/?host=127.0.0.1:PORT). For example:

  rosetta serve examples/data/world.snapshot --schema_path schema --schema_path examples/schema
  rosetta serve --port 8080 --read-only

Web pages: the Flecs explorer (https://www.flecs.dev, https://flecs.dev) and pages on
localhost, 127.0.0.1 or [::1] may use the server; a page of any other origin gets no CORS
headers (the browser keeps it from reading replies) and its writes are refused with 403, so a
site you visit cannot change the world. --allow-origin ORIGIN lets another origin in
(repeatable; '*' lets every origin, as Flecs does):

  rosetta serve world.json --allow-origin http://127.0.0.1:8080

--save writes the edited world back to WORLD in its own format, at most about once a second
after changes and once more when the server stops (Ctrl-C, SIGTERM); the file is replaced only
by a complete output. A world script cannot be written back (there is no world-script
writer): --save refuses it.

  rosetta serve world.snapshot --schema_path schema --save

--request answers one request without opening a port and prints the reply's body, as the
server would send it (the status goes to standard error when it is not 200).

Examples:
  # the tables of the example world, and its statistics
  rosetta serve --request /tables
  rosetta serve examples/world/space.json --request '/stats/world?period=1m'
  # the entity Sun.Earth as the explorer's inspector asks for it
  rosetta serve examples/world/space.json --request '/entity/Sun/Earth?values=true&entity_id=true&type_info=true&inherited=true'
  # a query as the explorer's query page sends it
  rosetta serve --request '/query?expr=Position%2C%20Kind&query_info=true&limit=25'
  # and as the v3 explorer sends them
  rosetta serve examples/world/space.json --flecs 3 --request '/entity/Sun/Earth&label=true&values=true'
  rosetta serve --flecs 3 --request '/query?q=Position%2C%20Kind&values=true&limit=25'";

/// `rosetta export --help`.
pub const EXPORT_EXAMPLES: &str = "\
Each component becomes a table (`entity_id`, then the component's fields), plus a table of
`entities` (id, name, components). A Flecs world (a world script, or world JSON of either
version) gives the same: a table per reflected component, named by its path, and `entities`
(id, path, parent, type), Flecs' own builtin entities left out. Files go to
DIR/component=<qualified name>/snapshot=<input name>/part-0.parquet and
DIR/entities/snapshot=<input name>/part-0.parquet: a dataset that DuckDB, Spark, pyarrow and
DataFusion read with hive partitioning. Nothing is moved into DIR until every table is written.

Examples:
  rosetta export parquet examples/data/world.snapshot -o target/tables \\
      --schema_path schema --schema_path examples/schema
  # the JSON form of the same snapshot, as Arrow IPC files (a folder of snapshots works too:
  # one partition per file)
  rosetta export arrow examples/data/world.json -o target/tables-ipc \\
      --schema_path schema --schema_path examples/schema
  # a Flecs world script: its components carry their own types
  rosetta export parquet examples/world/space.json -o target/space-tables";

/// `rosetta import --help`.
pub const IMPORT_EXAMPLES: &str = "\
Entities come back in the order of the dataset's `entities` table, each with its components in
the recorded order, so an exported snapshot imports to the same bytes. Tables from other tools
need `entity_id` and the component's fields as columns, named as in the schema.

Examples:
  rosetta import target/tables -o target/world.snapshot --schema_path schema --schema_path examples/schema";

/// `rosetta sql --help`.
pub const SQL_EXAMPLES: &str = "\
Snapshots are read straight into the query, a batch at a time; Flecs worlds (world scripts,
world JSON) are loaded whole, as `rosetta world` loads them; datasets written by
`rosetta export` are read as Parquet. Every table ends in a `snapshot` column (the input's file
name without its extension), so one query can compare snapshots.

Examples:
  rosetta sql examples/data/world.snapshot --schema_path schema --schema_path examples/schema \\
      'SELECT entity_id, current, maximum FROM \"game.Health\" ORDER BY entity_id'
  rosetta sql examples/data/world.snapshot --schema_path schema --schema_path examples/schema \\
      'SELECT e.name, h.current FROM entities e JOIN \"game.Health\" h USING (entity_id)' --format csv
  # a Flecs world: a table per component (by path) and `entities` (id, path, parent, type)
  rosetta sql examples/world/space.json \\
      'SELECT e.name, p.x, p.y FROM entities e JOIN \"Position\" p USING (entity_id) ORDER BY e.name'";
