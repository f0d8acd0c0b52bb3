//! The same data in the other two representations: a generated Rosetta value as the prost
//! struct of the `.proto` export ([`ToProst`]) and as the dynamic value `typed::read` gives
//! ([`ToValue`]). Written field by field, independently of the codecs being compared, so that
//! the tests can check each codec against the others.

use rosetta_types::Value;

use crate::generated::{bench, improbable};
use crate::proto;

/// A generated type and the prost struct of the same message in the `.proto` export.
pub trait ToProst {
    /// The prost struct.
    type Prost: prost::Message + Default + PartialEq;
    /// The same data as the prost struct: every singular field `Some`, as Rosetta always writes
    /// it, options as they are, maps as entry messages in key order.
    fn to_prost(&self) -> Self::Prost;
}

/// A generated type as a dynamic value of the shared type model.
pub trait ToValue {
    /// The value [`rosetta_wire::typed::read`] reads from this value's bytes.
    fn to_value(&self) -> Value;
}

fn structure<const N: usize>(fields: [Value; N]) -> Value {
    Value::Struct(Box::new(fields))
}

fn option(value: Option<Value>) -> Value {
    Value::Option(value.map(Box::new))
}

fn list<T>(items: &[T], each: impl Fn(&T) -> Value) -> Value {
    Value::List(items.iter().map(each).collect())
}

impl ToProst for improbable::Coordinates {
    type Prost = proto::improbable::Coordinates;
    fn to_prost(&self) -> Self::Prost {
        proto::improbable::Coordinates {
            x: Some(self.x),
            y: Some(self.y),
            z: Some(self.z),
        }
    }
}

impl ToValue for improbable::Coordinates {
    fn to_value(&self) -> Value {
        structure([Value::F64(self.x), Value::F64(self.y), Value::F64(self.z)])
    }
}

impl ToProst for improbable::Position {
    type Prost = proto::improbable::Position;
    fn to_prost(&self) -> Self::Prost {
        proto::improbable::Position {
            coords: Some(self.coords.to_prost()),
        }
    }
}

impl ToValue for improbable::Position {
    fn to_value(&self) -> Value {
        structure([self.coords.to_value()])
    }
}

impl ToProst for bench::Vec3f {
    type Prost = proto::bench::Vec3f;
    fn to_prost(&self) -> Self::Prost {
        proto::bench::Vec3f {
            x: Some(self.x),
            y: Some(self.y),
            z: Some(self.z),
        }
    }
}

impl ToValue for bench::Vec3f {
    fn to_value(&self) -> Value {
        structure([Value::F32(self.x), Value::F32(self.y), Value::F32(self.z)])
    }
}

impl ToProst for bench::Attributes {
    type Prost = proto::bench::Attributes;
    fn to_prost(&self) -> Self::Prost {
        proto::bench::Attributes {
            strength: Some(self.strength),
            agility: Some(self.agility),
            intellect: Some(self.intellect),
            stamina: Some(self.stamina),
        }
    }
}

impl ToValue for bench::Attributes {
    fn to_value(&self) -> Value {
        structure([
            Value::U32(self.strength),
            Value::U32(self.agility),
            Value::U32(self.intellect),
            Value::U32(self.stamina),
        ])
    }
}

impl ToProst for bench::Buff {
    type Prost = proto::bench::Buff;
    fn to_prost(&self) -> Self::Prost {
        proto::bench::Buff {
            buff_id: Some(self.buff_id),
            remaining_seconds: Some(self.remaining_seconds),
            stacks: Some(self.stacks),
        }
    }
}

impl ToValue for bench::Buff {
    fn to_value(&self) -> Value {
        structure([
            Value::U32(self.buff_id),
            Value::F32(self.remaining_seconds),
            Value::U32(self.stacks),
        ])
    }
}

impl ToProst for bench::Character {
    type Prost = proto::bench::Character;
    fn to_prost(&self) -> Self::Prost {
        use proto::bench::character::{CurrenciesEntry, SkillLevelsEntry};
        proto::bench::Character {
            name: Some(self.name.clone()),
            guild_name: Some(self.guild_name.clone()),
            account_id: Some(self.account_id),
            created_at_ms: Some(self.created_at_ms),
            // proto2 enums are int32 on the wire's varint, with the same bits.
            class: Some(self.class.value() as i32),
            level: Some(self.level),
            experience: Some(self.experience),
            gold: Some(self.gold),
            karma: Some(self.karma),
            reputation: Some(self.reputation),
            appearance_seed: Some(self.appearance_seed),
            session_id: Some(self.session_id),
            faction_standing: Some(self.faction_standing),
            rested_bonus_ms: Some(self.rested_bonus_ms),
            health: Some(self.health),
            max_health: Some(self.max_health),
            mana: Some(self.mana),
            max_mana: Some(self.max_mana),
            stamina: Some(self.stamina),
            move_speed: Some(self.move_speed),
            play_time_seconds: Some(self.play_time_seconds),
            last_damage_time: Some(self.last_damage_time),
            online: Some(self.online),
            in_combat: Some(self.in_combat),
            mounted: Some(self.mounted),
            pvp_enabled: Some(self.pvp_enabled),
            dead: Some(self.dead),
            target: self.target.map(|id| id.0),
            mount: self.mount.map(|id| id.0),
            title: self.title.clone(),
            party_id: self.party_id,
            shield: self.shield,
            base_attributes: Some(self.base_attributes.to_prost()),
            bonus_attributes: Some(self.bonus_attributes.to_prost()),
            facing: Some(self.facing.to_prost()),
            velocity: Some(self.velocity.to_prost()),
            spawn_point: Some(self.spawn_point.to_prost()),
            equipped_item_ids: self.equipped_item_ids.clone(),
            buffs: self.buffs.iter().map(ToProst::to_prost).collect(),
            currencies: self
                .currencies
                .iter()
                .map(|(key, value)| CurrenciesEntry {
                    key: Some(key.clone()),
                    value: Some(*value),
                })
                .collect(),
            skill_levels: self
                .skill_levels
                .iter()
                .map(|(key, value)| SkillLevelsEntry {
                    key: Some(*key),
                    value: Some(*value),
                })
                .collect(),
            home: Some(self.home.0),
            zone_id: Some(self.zone_id),
            instance_id: Some(self.instance_id),
            zone_name: Some(self.zone_name.clone()),
            deaths: Some(self.deaths),
            kills: Some(self.kills),
            last_chat_ms: Some(self.last_chat_ms),
            gear_score: Some(self.gear_score),
            customization: Some(self.customization.clone()),
        }
    }
}

impl ToValue for bench::Character {
    fn to_value(&self) -> Value {
        structure([
            Value::string(&self.name),
            Value::string(&self.guild_name),
            Value::U64(self.account_id),
            Value::I64(self.created_at_ms),
            Value::Enum(i64::from(self.class.value())),
            Value::U32(self.level),
            Value::U64(self.experience),
            Value::I32(self.gold),
            Value::I32(self.karma),
            Value::I64(self.reputation),
            Value::U32(self.appearance_seed),
            Value::U64(self.session_id),
            Value::I32(self.faction_standing),
            Value::I64(self.rested_bonus_ms),
            Value::F32(self.health),
            Value::F32(self.max_health),
            Value::F32(self.mana),
            Value::F32(self.max_mana),
            Value::F32(self.stamina),
            Value::F32(self.move_speed),
            Value::F64(self.play_time_seconds),
            Value::F64(self.last_damage_time),
            Value::Bool(self.online),
            Value::Bool(self.in_combat),
            Value::Bool(self.mounted),
            Value::Bool(self.pvp_enabled),
            Value::Bool(self.dead),
            option(self.target.map(|id| Value::EntityId(id.0))),
            option(self.mount.map(|id| Value::EntityId(id.0))),
            option(self.title.as_ref().map(Value::string)),
            option(self.party_id.map(Value::U32)),
            option(self.shield.map(Value::F32)),
            self.base_attributes.to_value(),
            self.bonus_attributes.to_value(),
            self.facing.to_value(),
            self.velocity.to_value(),
            self.spawn_point.to_value(),
            list(&self.equipped_item_ids, |id| Value::U32(*id)),
            list(&self.buffs, ToValue::to_value),
            Value::Map(
                self.currencies
                    .iter()
                    .map(|(key, value)| (Value::string(key), Value::I32(*value)))
                    .collect(),
            ),
            Value::Map(
                self.skill_levels
                    .iter()
                    .map(|(key, value)| (Value::U32(*key), Value::U32(*value)))
                    .collect(),
            ),
            Value::EntityId(self.home.0),
            Value::U32(self.zone_id),
            Value::U32(self.instance_id),
            Value::string(&self.zone_name),
            Value::I32(self.deaths),
            Value::I32(self.kills),
            Value::U64(self.last_chat_ms),
            Value::F64(self.gear_score),
            Value::bytes(self.customization.as_slice()),
        ])
    }
}

impl ToProst for bench::Waypoint {
    type Prost = proto::bench::Waypoint;
    fn to_prost(&self) -> Self::Prost {
        proto::bench::Waypoint {
            x: Some(self.x),
            y: Some(self.y),
            z: Some(self.z),
            time_ms: Some(self.time_ms),
        }
    }
}

impl ToValue for bench::Waypoint {
    fn to_value(&self) -> Value {
        structure([
            Value::F32(self.x),
            Value::F32(self.y),
            Value::F32(self.z),
            Value::U32(self.time_ms),
        ])
    }
}

impl ToProst for bench::Path {
    type Prost = proto::bench::Path;
    fn to_prost(&self) -> Self::Prost {
        proto::bench::Path {
            waypoints: self.waypoints.iter().map(ToProst::to_prost).collect(),
        }
    }
}

impl ToValue for bench::Path {
    fn to_value(&self) -> Value {
        structure([list(&self.waypoints, ToValue::to_value)])
    }
}
