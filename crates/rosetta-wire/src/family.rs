//! The scalar families of `c_schema.h` (`Schema_AddFloat`, `Schema_GetSint64`, ...): each knows
//! its Rust type and how it sits on the wire.

use crate::encoding::{unzigzag, zigzag};

/// How a family's values are stored: one varint, or four or eight little-endian bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScalarWire {
    /// Wire type 0.
    Varint,
    /// Wire type 5.
    Fixed32,
    /// Wire type 1.
    Fixed64,
}

/// A scalar family: its Rust type, its wire layout and the conversion to and from the raw bits
/// (the varint's value, or the fixed-width bytes as an integer).
pub trait Family {
    /// The value type (`f32` for `Float`, `i64` for `Sint64`).
    type Value: Copy + Default + PartialEq + std::fmt::Debug;
    /// How the family sits on the wire.
    const WIRE: ScalarWire;
    /// The family's name in `c_schema.h` (`"Sint64"`).
    const NAME: &'static str;
    /// The raw bits of a value.
    fn to_bits(value: Self::Value) -> u64;
    /// The value of raw bits (truncating as the C API does).
    fn from_bits(bits: u64) -> Self::Value;
}

macro_rules! family {
    ($(#[$doc:meta])* $name:ident, $ty:ty, $wire:ident, |$v:ident| $to:expr, |$b:ident| $from:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub struct $name;

        impl Family for $name {
            type Value = $ty;
            const WIRE: ScalarWire = ScalarWire::$wire;
            const NAME: &'static str = stringify!($name);
            #[inline]
            fn to_bits($v: $ty) -> u64 {
                $to
            }
            #[inline]
            fn from_bits($b: u64) -> $ty {
                $from
            }
        }
    };
}

family!(/// `float`: four bytes.
    Float, f32, Fixed32, |v| u64::from(v.to_bits()), |b| f32::from_bits(b as u32));
family!(/// `double`: eight bytes.
    Double, f64, Fixed64, |v| v.to_bits(), |b| f64::from_bits(b));
family!(/// `bool`: a varint 0 or 1; any non-zero value reads as `true`.
    Bool, bool, Varint, |v| u64::from(v), |b| b != 0);
family!(/// `int32`: a varint; negative values take ten bytes, sign-extended as in protobuf.
    Int32, i32, Varint, |v| i64::from(v) as u64, |b| b as i32);
family!(/// `int64`: a varint.
    Int64, i64, Varint, |v| v as u64, |b| b as i64);
family!(/// `uint32`: a varint.
    Uint32, u32, Varint, |v| u64::from(v), |b| b as u32);
family!(/// `uint64`: a varint.
    Uint64, u64, Varint, |v| v, |b| b);
family!(/// `sint32`: a zig-zag varint.
    Sint32, i32, Varint, |v| zigzag(i64::from(v)), |b| unzigzag(b) as i32);
family!(/// `sint64`: a zig-zag varint.
    Sint64, i64, Varint, |v| zigzag(v), |b| unzigzag(b));
family!(/// `fixed32`: four bytes.
    Fixed32, u32, Fixed32, |v| u64::from(v), |b| b as u32);
family!(/// `fixed64`: eight bytes.
    Fixed64, u64, Fixed64, |v| v, |b| b);
family!(/// `sfixed32`: four bytes, two's complement.
    Sfixed32, i32, Fixed32, |v| u64::from(v as u32), |b| b as u32 as i32);
family!(/// `sfixed64`: eight bytes, two's complement.
    Sfixed64, i64, Fixed64, |v| v as u64, |b| b as i64);
family!(/// `EntityId`: an int64 varint (not zig-zag).
    EntityId, i64, Varint, |v| v as u64, |b| b as i64);
family!(/// A user enum: a uint32 varint of the declared value.
    Enum, u32, Varint, |v| u64::from(v), |b| b as u32);

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<F: Family>(values: &[F::Value]) {
        for &v in values {
            assert_eq!(F::from_bits(F::to_bits(v)), v, "{}", F::NAME);
        }
    }

    #[test]
    fn every_family_round_trips() {
        round_trip::<Float>(&[0.0, -1.5, f32::MAX]);
        round_trip::<Double>(&[0.0, -1.5, f64::MIN_POSITIVE]);
        round_trip::<Bool>(&[true, false]);
        round_trip::<Int32>(&[0, -1, i32::MIN, i32::MAX]);
        round_trip::<Int64>(&[0, -1, i64::MIN]);
        round_trip::<Uint32>(&[0, u32::MAX]);
        round_trip::<Uint64>(&[0, u64::MAX]);
        round_trip::<Sint32>(&[0, -1, i32::MIN]);
        round_trip::<Sint64>(&[0, -1, i64::MIN]);
        round_trip::<Fixed32>(&[0, u32::MAX]);
        round_trip::<Fixed64>(&[0, u64::MAX]);
        round_trip::<Sfixed32>(&[-1, i32::MIN]);
        round_trip::<Sfixed64>(&[-1, i64::MIN]);
        round_trip::<EntityId>(&[1, -1]);
        round_trip::<Enum>(&[0, 7, u32::MAX]);
        // A negative int32 is sign-extended to 64 bits, as protobuf writes it.
        assert_eq!(Int32::to_bits(-1), u64::MAX);
        assert!(Bool::from_bits(2));
    }
}
