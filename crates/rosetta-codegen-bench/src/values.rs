//! The benchmarked values, made deterministically as generated Rosetta types: the same data on
//! every run and in every representation (see [`crate::convert`]).

use std::collections::BTreeMap;

use rosetta_wire::schema_type::EntityId;

use crate::generated::bench::{Attributes, Buff, Character, CharacterClass, Path, Vec3f, Waypoint};
use crate::generated::improbable::{Coordinates, Position};

/// How many waypoints [`path`] gives the benchmarks.
pub const PATH_LEN: usize = 100_000;

/// An entity's position.
pub fn position() -> Position {
    Position {
        coords: Coordinates {
            x: 1_204.5,
            y: 32.25,
            z: -877.125,
        },
    }
}

/// A mid-game character: most options set, a few left empty, short collections.
pub fn character() -> Character {
    Character {
        name: "Aldric Stormborne".to_owned(),
        guild_name: "Knights of the Ember Vale".to_owned(),
        account_id: 81_234_567_890,
        created_at_ms: 1_712_345_678_901,
        class: CharacterClass::Ranger,
        level: 47,
        experience: 3_456_789,
        gold: 125_430,
        karma: -320,
        reputation: -12_500,
        appearance_seed: 0x9E37_79B9,
        session_id: 0xC2B2_AE3D_27D4_EB4F,
        faction_standing: -4_200,
        rested_bonus_ms: 7_200_000,
        health: 812.5,
        max_health: 1_040.0,
        mana: 233.75,
        max_mana: 600.0,
        stamina: 87.5,
        move_speed: 6.25,
        play_time_seconds: 1_234_567.891,
        last_damage_time: 98_765.25,
        online: true,
        in_combat: true,
        mounted: false,
        pvp_enabled: true,
        dead: false,
        target: Some(EntityId(40_213)),
        mount: None,
        title: Some("the Unyielding".to_owned()),
        party_id: Some(7_731),
        shield: None,
        base_attributes: Attributes {
            strength: 42,
            agility: 88,
            intellect: 31,
            stamina: 64,
        },
        bonus_attributes: Attributes {
            strength: 12,
            agility: 27,
            intellect: 3,
            stamina: 18,
        },
        facing: Vec3f {
            x: 0.707,
            y: 0.0,
            z: -0.707,
        },
        velocity: Vec3f {
            x: 3.5,
            y: -0.25,
            z: 1.75,
        },
        spawn_point: Coordinates {
            x: -1_520.0,
            y: 64.0,
            z: 2_210.5,
        },
        equipped_item_ids: vec![
            10_021, 10_544, 20_117, 31_002, 31_877, 40_005, 51_230, 60_011,
        ],
        buffs: vec![
            Buff {
                buff_id: 101,
                remaining_seconds: 12.5,
                stacks: 1,
            },
            Buff {
                buff_id: 2_045,
                remaining_seconds: 300.0,
                stacks: 3,
            },
            Buff {
                buff_id: 377,
                remaining_seconds: 4.75,
                stacks: 5,
            },
        ],
        currencies: BTreeMap::from([
            ("arena_tokens".to_owned(), 1_250),
            ("honor".to_owned(), 48_000),
            ("valor".to_owned(), 730),
        ]),
        skill_levels: BTreeMap::from([(1, 25), (4, 18), (9, 30), (17, 7), (23, 12)]),
        home: EntityId(1_000_017),
        zone_id: 1_519,
        instance_id: 3_000_142,
        zone_name: "Stormwind Harbor".to_owned(),
        deaths: 213,
        kills: 1_877,
        last_chat_ms: 1_712_399_999_123,
        gear_score: 463.75,
        customization: (0u8..24)
            .map(|i| i.wrapping_mul(37).wrapping_add(11))
            .collect(),
    }
}

/// A recorded path of `len` waypoints, 33 ms apart, wandering on a slope.
pub fn path(len: usize) -> Path {
    Path {
        waypoints: (0..len)
            .map(|i| {
                let step = i as f32;
                Waypoint {
                    x: 100.0 + step * 0.125,
                    y: 20.0 + (i % 256) as f32 * 0.0625,
                    z: -50.0 + (i % 1_000) as f32 * 0.25,
                    time_ms: (i as u32).wrapping_mul(33),
                }
            })
            .collect(),
    }
}
