//! Flecs v3.2.12's JSON format over a [`rosetta_world::World`].
//!
//! - [`text`]: the JSON text as Flecs writes it: its float formatter, large integers as
//!   strings, `NaN`/`Inf`, escaping, the `", "` separator.
//! - [`ser`]: the serializers, `ecs_ptr_to_json` ([`ser::value_to_json`]),
//!   `ecs_type_info_to_json` ([`ser::type_info_to_json`]), `ecs_entity_to_json`
//!   ([`ser::entity_to_json`]), `ecs_iter_to_json` ([`ser::iter_to_json`]) and
//!   `ecs_world_to_json` ([`ser::world_to_json`]), each with its options and v3.2.12's
//!   defaults.
//! - [`de`]: world JSON (what `ecs_world_to_json` and `GET /world` write) read back into a
//!   world, as `ecs_world_from_json` reads it.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod de;
mod error;
pub mod ser;
pub mod text;

pub use error::{Error, Result};
pub use ser::{
    entity_to_json, iter_to_json, type_info_to_json, value_to_json, world_to_json, EntityDesc,
    IterDesc, Page,
};
