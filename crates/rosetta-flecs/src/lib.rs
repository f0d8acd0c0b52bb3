//! Flecs v3.2.12's JSON format over a [`rosetta_world::World`].
//!
//! - [`text`]: the JSON text as Flecs writes it: its float formatter, large integers as
//!   strings, `NaN`/`Inf`, escaping, the `", "` separator.
//! - [`ser`]: the serializers, `ecs_ptr_to_json` ([`ser::value_to_json`]),
//!   `ecs_type_info_to_json` ([`ser::type_info_to_json`]), `ecs_entity_to_json`
//!   ([`ser::entity_to_json`]), `ecs_iter_to_json` ([`ser::iter_to_json`]) and
//!   `ecs_world_to_json` ([`ser::world_to_json`]), each with its options and v3.2.12's
//!   defaults.
//! - [`corpus`]: the Flecs corpus' cases checked against the serializers (the conformance
//!   suite `flecs` uses it).
//! - [`de`]: world JSON (what `ecs_world_to_json` and `GET /world` write) read back into a
//!   world, as `ecs_world_from_json` reads it.
//!
//! # Lossless JSON, valid JSON and the engine's bytes
//!
//! v3.2.12 writes invalid JSON in a few places (a name with a `"`, `\a`/`\v` escapes, raw
//! control characters, `INT64_MIN`, a doubled separator in some type info), and valid JSON
//! that loses data in others (floats rounded to 10 decimals by its own formatter, `"Inf"` for
//! both infinities, ESC in a string as `[`, `uptr` cut to 32 bits). The serializers take a
//! [`text::Mode`]:
//!
//! - [`text::Mode::Lossless`], the default of every serializer and desc: valid JSON whose
//!   values read back exactly (floats as their shortest round-trip text), Flecs' bytes
//!   everywhere else. World JSON written this way and read back with [`de::world_from_json`]
//!   gives the same values.
//! - [`text::Mode::Valid`]: Flecs' bytes wherever they are valid JSON (its lossy floats
//!   included), standard JSON escapes where they are not. The conformance suite `flecs`
//!   compares this mode with the corpus.
//! - [`text::Mode::Engine`]: v3.2.12's bytes exactly, for byte-for-byte comparison with a
//!   running Flecs.
//!
//! The [`text`] module lists every rule.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod corpus;
pub mod de;
mod error;
pub mod ser;
pub mod text;
pub mod v4;

pub use error::{Error, Result};
pub use ser::{
    entity_to_json, entity_to_json_with, iter_to_json, iter_to_json_bounded, type_info_to_json,
    value_to_json, world_to_json, world_to_json_mode, EntityDesc, Extras, IterDesc, Page,
};
