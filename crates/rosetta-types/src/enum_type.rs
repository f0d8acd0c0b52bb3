//! Enums and bitmasks: named constants over an integer representation.

use std::collections::HashMap;
use std::fmt;

use crate::error::{ErrorKind, Result};
use crate::meta::Meta;
use crate::scalar::IntType;

/// A named constant of an enum or a bitmask flag.
///
/// Values are `i64`; a `uint64` representation holds the bit pattern (`value as u64`).
#[derive(Debug, Clone, PartialEq)]
pub struct Constant {
    name: Box<str>,
    value: i64,
    meta: Meta,
}

impl Constant {
    /// A constant.
    pub fn new(name: impl Into<Box<str>>, value: i64) -> Self {
        Constant {
            name: name.into(),
            value,
            meta: Meta::default(),
        }
    }

    /// With metadata.
    pub fn with_meta(mut self, meta: Meta) -> Self {
        self.meta = meta;
        self
    }

    /// The name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value.
    pub fn value(&self) -> i64 {
        self.value
    }

    /// The metadata.
    pub fn meta(&self) -> &Meta {
        &self.meta
    }
}

/// The constants of an enum ([`Kind::Enum`](crate::Kind::Enum)) or the flags of a bitmask
/// ([`Kind::Bitmask`](crate::Kind::Bitmask)), over an integer representation (SpatialOS enums
/// are `uint32`, Flecs enums `int32` and bitmasks `uint32`, C++ enums any width).
///
/// Values need not start at 0 and need not be distinct (Flecs and O3DE allow aliases and
/// combination flags); [`EnumType::by_value`] finds the first constant declared with a value.
///
/// An enum value must be one of the constants unless the enum is [open](EnumType::open) (a C++
/// enum may hold any value of its representation, as O3DE's JSON format assumes) or has no
/// constants at all (then its default, 0, must be valid). A bitmask value may be any value of the
/// representation.
///
/// ```
/// use rosetta_types::{Constant, EnumType, IntType};
/// let e = EnumType::new(IntType::UINT32, [Constant::new("FIRST", 1), Constant::new("SECOND", 2)]).unwrap();
/// assert_eq!(e.constant("SECOND").map(|c| c.value()), Some(2));
/// assert_eq!(e.by_value(1).map(|c| c.name()), Some("FIRST"));
/// assert_eq!(e.default_value(), 1); // the first declared value
/// assert!(EnumType::new(IntType::UINT8, [Constant::new("BIG", 300)]).is_err());
/// ```
#[derive(Clone)]
pub struct EnumType {
    repr: IntType,
    constants: Vec<Constant>,
    by_name: HashMap<Box<str>, usize>,
    by_value: HashMap<i64, usize>,
    open: bool,
}

impl EnumType {
    /// An enum or bitmask with these constants. Errors on a repeated name or a value that does
    /// not fit `repr`.
    pub fn new(repr: IntType, constants: impl IntoIterator<Item = Constant>) -> Result<Self> {
        let constants: Vec<Constant> = constants.into_iter().collect();
        let mut by_name = HashMap::with_capacity(constants.len());
        let mut by_value = HashMap::with_capacity(constants.len());
        for (i, constant) in constants.iter().enumerate() {
            if !repr.contains(constant.value) {
                return Err(ErrorKind::OutOfRange {
                    value: constant.value,
                    repr: repr.name(),
                }
                .into());
            }
            if by_name.insert(constant.name.clone(), i).is_some() {
                return Err(ErrorKind::Duplicate {
                    what: "constant",
                    name: constant.name.clone(),
                }
                .into());
            }
            by_value.entry(constant.value).or_insert(i);
        }
        Ok(EnumType {
            repr,
            constants,
            by_name,
            by_value,
            open: false,
        })
    }

    /// The same enum, open: any value of the representation is valid, not only the constants.
    pub fn open(mut self) -> Self {
        self.open = true;
        self
    }

    /// Whether the enum was made [open](EnumType::open).
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Whether only the constants are valid enum values: not open, and at least one constant.
    pub fn is_closed(&self) -> bool {
        !self.open && !self.constants.is_empty()
    }

    /// The integer representation.
    pub fn repr(&self) -> IntType {
        self.repr
    }

    /// The constants in declaration order.
    pub fn constants(&self) -> &[Constant] {
        &self.constants
    }

    /// The constant named `name`.
    pub fn constant(&self, name: &str) -> Option<&Constant> {
        self.by_name.get(name).and_then(|&i| self.constants.get(i))
    }

    /// The first declared constant whose value is `value`.
    pub fn by_value(&self, value: i64) -> Option<&Constant> {
        self.by_value
            .get(&value)
            .and_then(|&i| self.constants.get(i))
    }

    /// The default enum value: for a closed enum the first declared constant's value (the
    /// SpatialOS rule); for an open enum, or one without constants, 0 (a value-initialised C++
    /// enum, as O3DE has it). (A bitmask's default is always 0.)
    pub fn default_value(&self) -> i64 {
        if self.open {
            return 0;
        }
        self.constants.first().map_or(0, |c| c.value)
    }
}

impl PartialEq for EnumType {
    fn eq(&self, other: &Self) -> bool {
        self.repr == other.repr && self.open == other.open && self.constants == other.constants
    }
}

impl fmt::Debug for EnumType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EnumType")
            .field("repr", &self.repr)
            .field("constants", &self.constants)
            .field("open", &self.open)
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_keep_the_first_constant() {
        let e = EnumType::new(
            IntType::UINT32,
            [
                Constant::new("A", 1),
                Constant::new("B", 2),
                Constant::new("ALSO_A", 1),
            ],
        )
        .unwrap();
        assert_eq!(e.by_value(1).map(Constant::name), Some("A"));
        assert_eq!(e.constant("ALSO_A").map(Constant::value), Some(1));
        assert!(!e.is_open() && e.is_closed());
        assert!(e.clone().open().is_open());
        assert!(!e.open().is_closed());
    }

    #[test]
    fn errors() {
        let dup = EnumType::new(
            IntType::INT32,
            [Constant::new("A", 1), Constant::new("A", 2)],
        );
        assert_eq!(dup.unwrap_err().to_string(), "duplicate constant `A`");
        let neg = EnumType::new(IntType::UINT32, [Constant::new("A", -1)]);
        assert_eq!(neg.unwrap_err().to_string(), "-1 does not fit uint32");
        let u64_pattern = EnumType::new(IntType::UINT64, [Constant::new("TOP", i64::MIN)]);
        assert!(u64_pattern.is_ok());
    }

    #[test]
    fn empty_enum_defaults_to_zero() {
        let e = EnumType::new(IntType::INT8, []).unwrap();
        assert_eq!(e.default_value(), 0);
        assert!(!e.is_closed());
        assert!(format!("{e:?}").contains("constants: []"));
    }
}
