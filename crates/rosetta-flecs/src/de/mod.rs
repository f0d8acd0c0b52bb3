//! World JSON read back into a world (`ecs_world_from_json`).
//!
//! [`world_from_json`] reads what `ecs_world_to_json` and REST `GET /world` write (the iterator
//! serializer in table mode, private ids included):
//!
//! ```text
//! {"results":[{"ids":[["Position"], ["Likes","Apples"], ["flecs.core.Identifier","flecs.core.Name"]],
//!              "parent":"Sun", "entities":["Earth", "Mars"], "values":[[{"x":1, "y":2}, {"x":3, "y":4}], 0, 0]}]}
//! ```
//!
//! into a [`World`] with v3.2.12's semantics:
//!
//! - Each result is a table. Its `ids` (`["Id"]` or `["Rel","Tgt"]`, by path) are found in the
//!   world or created as plain named entities (with their parents), as
//!   `flecs_json_ensure_entity` creates them; so are entities named in values.
//! - Each name in `entities` is found in the scope of `parent` or created there; an
//!   all-digit name, or a number, is an anonymous entity. An anonymous entity keeps its
//!   serialized id when the world has no entity of that index (and every mention of it maps to
//!   the same entity); otherwise it gets a new id. Flecs binds anonymous ids as it meets them;
//!   here they are all claimed before any named entity is created, so that a named entity
//!   created on the way cannot take an id a later anonymous entity had, and a world written and
//!   read back keeps its anonymous ids.
//! - Each entity is put in the table of exactly those ids in one move ([`World::commit`], as
//!   `ecs_commit`): ids it had and the result lacks are removed, values of ids it keeps stay.
//! - `values` holds, per id, `0` (a tag, or no reflection: nothing to read) or an array with
//!   one value per entity, read by the component's reflected type (see [`value`'s forms]).
//!
//! **Private ids.** `(Identifier, Name)` and `(ChildOf, P)` are read as ids like any other;
//! the name comes from `entities` (Flecs writes the `Identifier` column as `0`: it has no
//! reflection) and must agree with the `parent` member. Other `Identifier` pairs (`Symbol`,
//! `Alias`) keep the id and lose the text, as in Flecs. A result without private ids (REST's
//! `table=true` without `private=true`; Flecs' own reader refuses it with "invalid entity
//! identifier", research note §7, issue #1083) is read too: a named entity gets its
//! `(Identifier, Name)` and, under `parent`, its `ChildOf` anyway.
//!
//! **Types.** World JSON carries its types as Flecs holds them: type entities with
//! `flecs.core.Component` `{size, alignment}`, `flecs.meta.MetaType` and their kind's component,
//! struct members as `flecs.meta.Member` child entities, enum and bitmask constants as
//! `(flecs.meta.Constant, i32|u32)` child entities, units with `flecs.meta.Unit` (what
//! [`crate::ser::world_to_json`] writes, and `ecs_world_to_json` does). The reader rebuilds
//! those types as it reads them, in document order, so a world JSON reads into a new world
//! with no other file (see `types.rs`); member and constant entities stay their type's
//! metadata. A type the world already has (a SpatialOS schema's, a world script's) is kept. A
//! column the world cannot read (a tag in this world, a component without reflection, a value
//! of the wrong form) is skipped whole and listed in [`Report::skipped`] (once per id), as
//! v3.2.12 skips it when `strict` is off (its default); [`FromJsonDesc::strict`] makes it an
//! error, as Flecs' `strict` does. Values of a type the document defines further on wait
//! until it is built.
//!
//! **Input.** The text is parsed with serde_json as strict JSON (a byte order mark skipped, a
//! member twice refused, nesting bounded by [`rosetta_types::MAX_JSON_NESTING`], values by
//! [`rosetta_types::MAX_NESTING`]): the invalid JSON Flecs writes for names with quotes or
//! control characters is refused. Members are matched by name in any order (Flecs' own reader
//! wants them in its serializer's order). Every error says where: a JSON Pointer and the line
//! and column. On an error the world keeps what was read before it.
//!
//! [`value`'s forms]: self#value-forms
//!
//! # Value forms
//!
//! As `ecs_ptr_from_json` reads them: a JSON number goes into any numeric kind (a fraction
//! truncated, as C casts it; out of range refused); Flecs' quoted forms are read back (64-bit
//! integers from 2^31 up as `"2366700781656087864"`, exact to `u64::MAX` where Flecs' `atoll`
//! saturates at `i64::MAX`; floats as `"1e4"`, `"NaN"`, `"Inf"`); enums by constant name (or
//! number), bitmasks as `"A|B"` (or `0`, or a number); entities by path (created when missing;
//! `0` for none); ids as `["Rel"]` / `["Rel","Tgt"]` (Flecs cannot read these back; here they
//! are); structs by member name (`"a.b"` reaches into a nested struct; a member left out keeps
//! its default; an unknown member is refused); arrays with at most their count of elements,
//! vectors with any number; a string that is not a number where a number is wanted is refused
//! (Flecs' `atof` reads it as 0). Floats in the lossless form the serializers write by default
//! (`0.3333333333333333`, `"5e-324"`, `-0.0`, `"-Inf"`, `"-NaN"`) read back to the same bits.
//! Schema-only kinds: `bytes` an array of numbers, `option<T>` `[]`/`[v]`/`null`, `map<K, V>`
//! an array of `{"key":k, "value":v}`, a schema `EntityId` a number (a SpatialOS id), an
//! `Entity` an object of component values by qualified name.
//!
//! ```
//! use rosetta_flecs::de::{world_from_json, FromJsonDesc};
//! use rosetta_world::{script, World};
//! let mut world = script::load_str(r#"[["struct", "Position", [["x", "f32"], ["y", "f32"]]]]"#)?.world;
//! let json = r#"{"results":[{"ids":[["Position"], ["flecs.core.Identifier","flecs.core.Name"],
//!     ["flecs.core.ChildOf","Sun"]], "parent":"Sun", "entities":["Earth"],
//!     "values":[[{"x":1, "y":"1e4"}], 0, 0]}]}"#;
//! let report = world_from_json(&mut world, json, &FromJsonDesc::default())?;
//! assert_eq!(report.entities, 1);
//! let earth = world.lookup("Sun.Earth").unwrap();
//! let pos = world.lookup("Position").unwrap();
//! assert_eq!(format!("{:?}", world.get_owned(earth, pos).unwrap()), "Struct([F32(1.0), F32(10000.0)])");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod load;
mod rebuild;
mod report;
mod resolve;
mod trail;
mod types;
mod v4;
mod value;

use std::collections::HashSet;

use rosetta_world::World;

use crate::error::{Error, Result};

pub use report::{FromJsonDesc, Report, Skipped};

/// `ecs_world_from_json`: the world JSON `json` read into `world` (see the [module
/// docs](self)). The world's reflected types read the values.
pub fn world_from_json(world: &mut World, json: &str, desc: &FromJsonDesc) -> Result<Report> {
    let doc = rosetta_wire::json_input::from_str(json)
        .map_err(|e| Error::Read(format!("world JSON is not valid JSON: {e}")))?;
    let mut loader = load::Loader {
        world,
        desc,
        resolver: resolve::Resolver::default(),
        report: Report::default(),
        skipped: HashSet::new(),
        pending_types: HashSet::new(),
        deferred: Vec::new(),
        current: 0,
    };
    // v4.1.6's world JSON (one row per entity) is read as the tables it describes.
    let converted;
    let doc = if v4::is_v4(&doc) {
        converted = v4::to_tables(&doc).map_err(|e| read_error(json, &e))?;
        &converted
    } else {
        &doc
    };
    match loader.document(doc) {
        Ok(()) => Ok(loader.report),
        Err(e) => Err(read_error(json, &e)),
    }
}

/// The error said with where: `world JSON at /results/0/values/1/0/x (line 1, column 80): ...`.
fn read_error(json: &str, e: &value::ReadError) -> Error {
    let pointer = trail::Pointer(&e.steps);
    let place = match trail::locate(json, &e.steps) {
        Some((line, column)) => format!(" (line {line}, column {column})"),
        None => String::new(),
    };
    Error::Read(format!("world JSON at {pointer}{place}: {}", e.message))
}

/// Whether `head` (the first bytes of a file) looks like Flecs world JSON: a JSON object whose
/// first member is `results`, or another member an iterator's JSON starts with (`ids`, `vars`,
/// `type_info` ...). A JSON snapshot's objects start with `__entity_id` or a component name.
///
/// ```
/// use rosetta_flecs::de::is_world_json;
/// assert!(is_world_json(b"{\"results\":[]}"));
/// assert!(is_world_json(b"\xef\xbb\xbf \n{ \"vars\": [\"p\"], \"results\": []}"));
/// assert!(!is_world_json(b"{\"__entity_id\": \"1\"}"));
/// assert!(!is_world_json(b"[[\"tag\", \"T\"]]"));
/// ```
pub fn is_world_json(head: &[u8]) -> bool {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let mut rest = head.iter().skip_while(|b| b.is_ascii_whitespace());
    if rest.next() != Some(&b'{') {
        return false;
    }
    let after: Vec<u8> = rest
        .skip_while(|b| b.is_ascii_whitespace())
        .take(20)
        .copied()
        .collect();
    [
        "results",
        "ids",
        "id_labels",
        "vars",
        "type_info",
        "field_info",
        "query_info",
    ]
    .iter()
    .any(|k| after.starts_with(format!("\"{k}\"").as_bytes()))
}
