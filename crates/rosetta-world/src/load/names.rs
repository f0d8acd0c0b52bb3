//! The names a snapshot's entities get in a world: a scope entity, each entity under it as
//! `entity_<id>`, and the component that keeps the SpatialOS id.

/// The scope entity that holds the snapshot's entities.
pub const SNAPSHOT_SCOPE: &str = "snapshot";

/// The component that holds each snapshot entity's SpatialOS entity id.
pub const ENTITY_ID_COMPONENT: &str = "spatialos.EntityId";

/// The world name of SpatialOS entity `id` under [`SNAPSHOT_SCOPE`]: `entity_<id>`.
///
/// ```
/// assert_eq!(rosetta_world::load::entity_name(42), "entity_42");
/// ```
pub fn entity_name(id: i64) -> String {
    format!("entity_{id}")
}
