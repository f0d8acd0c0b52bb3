//! The example's logic run on the example snapshot into a temporary directory: the written
//! snapshot decodes, holds the changed values, and is otherwise the input component for
//! component, byte for byte; the player's O3DE JSON and Godot bytes read back as the same
//! struct, from memory and from the files written.

use std::collections::BTreeMap;

use rosetta_example_typed::schema::game::{Health, Player, Team};
use rosetta_example_typed::{
    default_input, level_up, player_formats, run, Error, TypedEntity, GODOT_VERSION,
};
use rosetta_json::o3de::{Collect, LoadOptions};
use rosetta_wire::schema_type::EntityId;
use rosetta_wire::snapshot::{read_entities, RawEntity, SnapshotEntity};
use rosetta_wire::{Component, Object};

fn read_file(path: &std::path::Path) -> Vec<SnapshotEntity> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    read_entities(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `before` with field `id` taken from `after`, in its place: what `after` must be when only
/// that field changed.
fn with_field(before: &Object, after: &Object, id: u32) -> Object {
    let mut expected = before.clone();
    expected.replace_field_from(after, id);
    expected
}

#[test]
fn levels_up_the_player_and_keeps_everything_else() -> Result<(), Error> {
    let dir = tempfile::tempdir().map_err(|e| Error::msg(e.to_string()))?;
    // A directory that does not exist yet: the example creates it.
    let output = dir.path().join("out/levelled.snapshot");
    let input_bytes = std::fs::read(default_input()).map_err(|e| Error::msg(e.to_string()))?;
    let summary = run(&default_input(), &output)?;
    assert_eq!(
        std::fs::read(default_input()).map_err(|e| Error::msg(e.to_string()))?,
        input_bytes,
        "the input snapshot is only read"
    );

    let before = read_entities(&input_bytes).map_err(|e| Error::msg(e.to_string()))?;
    let after = read_file(&output);
    assert_eq!(
        after.iter().map(|e| e.id).collect::<Vec<_>>(),
        before.iter().map(|e| e.id).collect::<Vec<_>>()
    );
    let mut players = 0;
    for (old, new) in before.iter().zip(&after) {
        assert_eq!(
            new.component_ids().collect::<Vec<_>>(),
            old.component_ids().collect::<Vec<_>>(),
            "entity {}: the same components, in the same order",
            old.id
        );
        let is_player = old.component(Player::ID).is_some();
        for ((id, old_data), (_, new_data)) in old.components.iter().zip(&new.components) {
            // The one field the example changes, on players' entities only.
            let changed = match *id {
                Player::ID => Some(3),
                Health::ID if is_player => Some(1),
                _ => None,
            };
            let expected = match changed {
                Some(field) => {
                    assert_ne!(new_data, old_data, "entity {} component {id}", old.id);
                    with_field(old_data, new_data, field)
                }
                None => old_data.clone(),
            };
            assert_eq!(new_data, &expected, "entity {} component {id}", old.id);
            assert_eq!(
                new_data.encode(),
                expected.encode(),
                "entity {} component {id}: bytes",
                old.id
            );
        }
        if let Some(old_player) = old.get::<Player>().map_err(|e| Error::msg(e.to_string()))? {
            players += 1;
            let new_player = new.get::<Player>().map_err(|e| Error::msg(e.to_string()))?;
            let new_player = new_player.ok_or_else(|| Error::msg("the player is gone"))?;
            assert_eq!(new_player.level, old_player.level + 1);
            let health = new.get::<Health>().map_err(|e| Error::msg(e.to_string()))?;
            let health = health.ok_or_else(|| Error::msg("the health is gone"))?;
            assert_eq!(health.current, health.maximum);
        }
    }
    assert_eq!(players, 1, "the example snapshot has one player");
    assert_eq!(summary.rewritten.changes.len(), 1);
    let change = &summary.rewritten.changes[0];
    assert_eq!((change.entity_id, change.old_level), (1, 3));
    assert_eq!(change.healed, Some((80, 100)));

    // What the summary says it read and wrote is what the files hold.
    let typed = |entities: &[SnapshotEntity]| -> Result<Vec<TypedEntity>, Error> {
        entities
            .iter()
            .map(|entity| TypedEntity::read(&RawEntity::from(entity)))
            .collect()
    };
    assert_eq!(summary.rewritten.before, typed(&before)?);
    assert_eq!(summary.rewritten.after, typed(&after)?);
    assert_eq!(summary.read_back, typed(&after)?);
    assert_eq!(summary.read_back[0].others, vec![55]);

    // The JSON and Godot round trips, from memory and from the files beside the snapshot.
    let formats = summary
        .formats
        .as_ref()
        .ok_or_else(|| Error::msg("no player went through serde"))?;
    let player = summary.read_back[0]
        .player
        .clone()
        .ok_or_else(|| Error::msg("entity 1 has no player"))?;
    assert_eq!(player.level, 4);
    assert_eq!(formats.player, player);
    assert_eq!(formats.from_json, player);
    assert_eq!(formats.from_godot, player);
    assert!(
        formats.json.contains(r#""team": "RED""#),
        "{}",
        formats.json
    );

    let json =
        std::fs::read_to_string(&summary.json_path).map_err(|e| Error::msg(e.to_string()))?;
    assert_eq!(json, formats.json);
    let mut report = Collect::default();
    let (from_file, _) =
        rosetta_json::o3de::serde::from_str::<Player>(&json, &LoadOptions::default(), &mut report)
            .map_err(|e| Error::msg(e.to_string()))?;
    assert_eq!(from_file, player);
    assert!(report.reports.is_empty(), "{:?}", report.reports);

    let godot = std::fs::read(&summary.godot_path).map_err(|e| Error::msg(e.to_string()))?;
    assert_eq!(godot, formats.godot);
    let from_file = rosetta_godot::from_bytes::<Player>(&godot, GODOT_VERSION)
        .map_err(|e| Error::msg(e.to_string()))?;
    assert_eq!(from_file, player);
    Ok(())
}

#[test]
fn entities_without_a_player_are_untouched() -> Result<(), Error> {
    let mut entity = RawEntity::new(9);
    entity.insert(&Health {
        current: 1,
        maximum: 50,
        ..Health::default()
    });
    let untouched = entity.clone();
    assert_eq!(level_up(&mut entity)?, None);
    assert_eq!(entity, untouched);
    Ok(())
}

#[test]
fn a_player_with_no_target_or_stats_goes_through_both_formats() -> Result<(), Error> {
    let players = [
        Player::default(),
        Player {
            name: "Zoë \"the\" 🐉".into(),
            team: Team::Blue,
            level: u32::MAX,
            target: None,
            titles: vec![String::new(), "b".into()],
            stats: BTreeMap::from([("".into(), i64::MIN), ("max".into(), i64::MAX)]),
            ..Player::default()
        },
        Player {
            target: Some(EntityId(i64::MAX)),
            ..Player::default()
        },
    ];
    for player in &players {
        let formats = player_formats(player)?;
        assert_eq!(&formats.from_json, player, "{}", formats.json);
        assert_eq!(&formats.from_godot, player);
    }
    Ok(())
}

#[test]
fn a_missing_input_is_a_clear_error() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let missing = dir.path().join("missing.snapshot");
    let error = run(&missing, &dir.path().join("out.snapshot")).expect_err("no input");
    let message = error.to_string();
    assert!(message.starts_with("opening "), "{message}");
    assert!(message.contains("missing.snapshot"), "{message}");
}
