//! What the snapshot ↔ world JSON tests share: a snapshot loaded as a world, written as world
//! JSON, read back into a world made from the same schema, and written as a snapshot again.
// Each test binary uses what it needs of these.
#![allow(dead_code)]

pub mod corpus;

use rosetta_flecs::de::{world_from_json, FromJsonDesc};
use rosetta_flecs::ser::world_to_json;
use rosetta_schema::Schema;
use rosetta_types::TypeId;
use rosetta_wire::snapshot::{write_entities, Compression, SnapshotEntity};
use rosetta_wire::typed;
use rosetta_world::load::{register_schema, SnapshotLoader, ENTITY_ID_COMPONENT};
use rosetta_world::World;

/// What one round trip gave: the world JSON and the snapshot entities read back from it.
pub struct RoundTrip {
    pub json: String,
    pub back: Vec<SnapshotEntity>,
}

/// `entities` as a snapshot → a world (the snapshot loader) → world JSON → a world made from
/// `schema` (as `rosetta world convert` reads world JSON) → the same entities' components as
/// snapshot entities. Errors say which stage failed.
pub fn round_trip(schema: &Schema, entities: &[SnapshotEntity]) -> Result<RoundTrip, String> {
    let bytes = write_entities(entities, Compression::Raw).map_err(|e| format!("snapshot: {e}"))?;
    let loaded = SnapshotLoader::new(schema, "mem.snapshot")
        .load(&bytes[..])
        .map_err(|e| format!("snapshot load: {e}"))?;
    let mut world = loaded.world;
    world.process_pending();
    let json = world_to_json(&world).map_err(|e| format!("world JSON write: {e}"))?;
    let mut back = World::new();
    register_schema(&mut back, schema.registry()).map_err(|e| format!("schema: {e}"))?;
    back.component_of(ENTITY_ID_COMPONENT, TypeId::ENTITY_ID)
        .map_err(|e| format!("entity id component: {e}"))?;
    let report = world_from_json(&mut back, &json, &FromJsonDesc { strict: true })
        .map_err(|e| format!("world JSON read: {e}\n{json}"))?;
    if !report.skipped.is_empty() {
        return Err(format!("skipped: {:?}", report.skipped));
    }
    let registry = schema.registry();
    let mut out = Vec::new();
    for original in entities {
        let path = format!("snapshot.entity_{}", original.id);
        let e = back
            .lookup(&path)
            .ok_or_else(|| format!("{path} is not in the world read back"))?;
        let mut entity = SnapshotEntity::new(original.id);
        for (cid, _) in &original.components {
            let ty = registry
                .component(*cid)
                .ok_or_else(|| format!("component {cid}"))?;
            let name = ty.qualified_name().unwrap_or_default();
            let c = back
                .lookup(name)
                .ok_or_else(|| format!("{name} is not in the world"))?;
            let value = back
                .get_owned(e, c)
                .ok_or_else(|| format!("{path} has no {name} read back"))?;
            let object = typed::write(registry, ty.id(), &value)
                .map_err(|x| format!("{path} {name}: {x}"))?;
            entity = entity.with_component(*cid, object);
        }
        out.push(entity);
    }
    Ok(RoundTrip { json, back: out })
}

/// The snapshot bytes of `entities` (uncompressed), to compare two lists exactly.
pub fn snapshot_bytes(entities: &[SnapshotEntity]) -> Vec<u8> {
    match write_entities(entities, Compression::Raw) {
        Ok(b) => b,
        Err(e) => panic!("snapshot: {e}"),
    }
}
