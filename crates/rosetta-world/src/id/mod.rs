//! 64-bit ids encoded exactly as Flecs v3.2.12 encodes them.
//!
//! An entity id keeps its index in the low 32 bits and a 16-bit generation in bits 32..48. A
//! pair sets [`Id::PAIR`] (bit 63) and keeps the relationship's index in bits 32..56 and the
//! target's index in the low 32 bits (generations are not part of a pair). Id flags live in the
//! top byte: [`Id::PAIR`], [`Id::OVERRIDE`], [`Id::TOGGLE`], [`Id::AND`].

use std::fmt;

/// An entity, component, tag, pair or flagged id: Flecs' `ecs_id_t` / `ecs_entity_t`.
///
/// ```
/// use rosetta_world::Id;
/// let likes = Id(600);
/// let apples = Id(601);
/// let p = Id::pair(likes, apples);
/// assert!(p.is_pair());
/// assert_eq!((p.first(), p.second()), (likes, apples));
/// assert_eq!(p.0, (1 << 63) | (600 << 32) | 601);
/// assert!(Id(5).with_flag(Id::TOGGLE).has_flag(Id::TOGGLE));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Id(pub u64);

/// An entity id (same encoding as [`Id`]; the alias documents intent).
pub type Entity = Id;

impl Id {
    /// `ECS_PAIR`: the id is a pair.
    pub const PAIR: u64 = 1 << 63;
    /// `ECS_OVERRIDE`: automatically override an inherited component.
    pub const OVERRIDE: u64 = 1 << 62;
    /// `ECS_TOGGLE`: the id has an enabled bitset.
    pub const TOGGLE: u64 = 1 << 61;
    /// `ECS_AND`.
    pub const AND: u64 = 1 << 60;
    /// `ECS_ID_FLAGS_MASK`: the top byte.
    pub const FLAGS_MASK: u64 = 0xFF << 56;
    /// `ECS_ENTITY_MASK`: the low 32 bits (an entity's index).
    pub const ENTITY_MASK: u64 = 0xFFFF_FFFF;
    /// `ECS_GENERATION_MASK`: bits 32..48.
    pub const GENERATION_MASK: u64 = 0xFFFF << 32;
    /// `ECS_COMPONENT_MASK`: everything but the flags.
    pub const COMPONENT_MASK: u64 = !Self::FLAGS_MASK;
    /// The null id.
    pub const NULL: Id = Id(0);

    /// `ecs_pair(first, second)`: only the low 32 bits of each element are kept.
    pub const fn pair(first: Id, second: Id) -> Id {
        Id(Self::PAIR | ((first.0 & Self::ENTITY_MASK) << 32) | (second.0 & Self::ENTITY_MASK))
    }

    /// Whether this is a pair (`ECS_IS_PAIR`).
    pub const fn is_pair(self) -> bool {
        self.0 & Self::FLAGS_MASK == Self::PAIR
    }

    /// Whether the pair flag is set (also true for a pair with more flags).
    pub const fn has_pair_flag(self) -> bool {
        self.0 & Self::PAIR != 0
    }

    /// The relationship of a pair (`ECS_PAIR_FIRST`): 24 bits above the target.
    pub const fn first(self) -> Id {
        Id((self.0 & Self::COMPONENT_MASK) >> 32)
    }

    /// The target of a pair (`ECS_PAIR_SECOND`).
    pub const fn second(self) -> Id {
        Id(self.0 & Self::ENTITY_MASK)
    }

    /// The flags in the top byte.
    pub const fn flags(self) -> u64 {
        self.0 & Self::FLAGS_MASK
    }

    /// Whether `flag` is set.
    pub const fn has_flag(self, flag: u64) -> bool {
        self.0 & flag == flag && flag != 0
    }

    /// The same id with `flag` set.
    pub const fn with_flag(self, flag: u64) -> Id {
        Id(self.0 | flag)
    }

    /// The id without flags (for a pair, the pair without the pair flag is not useful: use
    /// [`Id::first`] and [`Id::second`]).
    pub const fn without_flags(self) -> Id {
        Id(self.0 & Self::COMPONENT_MASK)
    }

    /// The low 32 bits: the entity's index (what Flecs prints for an unnamed entity).
    pub const fn index(self) -> u32 {
        (self.0 & Self::ENTITY_MASK) as u32
    }

    /// The generation (bits 32..48).
    pub const fn generation(self) -> u16 {
        ((self.0 & Self::GENERATION_MASK) >> 32) as u16
    }

    /// The same entity index with the next generation (`ECS_GENERATION_INC`).
    pub const fn next_generation(self) -> Id {
        let g = (self.generation() as u64 + 1) & 0xFFFF;
        Id((self.0 & !Self::GENERATION_MASK) | (g << 32))
    }

    /// Whether this is a plain entity id (no flags, not a pair).
    pub const fn is_entity(self) -> bool {
        self.0 & Self::FLAGS_MASK == 0 && self.0 != 0
    }
}

impl fmt::Debug for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.has_pair_flag() {
            write!(f, "({}, {})", self.first().0, self.second().0)
        } else if self.flags() != 0 {
            write!(f, "{:#x}|{}", self.flags(), self.without_flags().0)
        } else {
            write!(f, "{}", self.0)
        }
    }
}

impl fmt::Display for Id {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl From<u64> for Id {
    fn from(v: u64) -> Id {
        Id(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pair_encoding_matches_flecs() {
        let p = Id::pair(Id(2), Id(289));
        assert_eq!(p.0, 0x8000_0002_0000_0121);
        assert!(p.is_pair());
        assert_eq!(p.first(), Id(2));
        assert_eq!(p.second(), Id(289));
        // generation bits of the elements are dropped
        let g = Id(600).next_generation();
        assert_eq!(g.generation(), 1);
        assert_eq!(Id::pair(g, g), Id::pair(Id(600), Id(600)));
    }

    #[test]
    fn flags_sort_between_entities_and_pairs() {
        let toggle = Id(300).with_flag(Id::TOGGLE);
        assert!(toggle > Id(100_000));
        assert!(toggle < Id::pair(Id(1), Id(1)));
        assert!(!toggle.is_pair());
        assert_eq!(toggle.without_flags(), Id(300));
    }

    #[test]
    fn generation_wraps() {
        let e = Id(7 | (0xFFFF << 32));
        assert_eq!(e.next_generation(), Id(7));
    }
}
