//! Integer and float scalar types: width, signedness and the SpatialOS wire encoding.

/// The width of an integer type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntWidth {
    /// 8 bits.
    W8,
    /// 16 bits.
    W16,
    /// 32 bits.
    W32,
    /// 64 bits.
    W64,
}

impl IntWidth {
    /// The number of bits.
    pub const fn bits(self) -> u32 {
        match self {
            IntWidth::W8 => 8,
            IntWidth::W16 => 16,
            IntWidth::W32 => 32,
            IntWidth::W64 => 64,
        }
    }
}

/// How an integer is written in protobuf wire format (the SpatialOS schema's `int32` / `sint32` /
/// `fixed32` distinction). Formats without such a choice ignore it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum IntEncoding {
    /// A varint (`int32`, `uint64`, enums, `EntityId`); negative signed values take ten bytes.
    #[default]
    Varint,
    /// A zig-zag varint (`sint32`, `sint64`). Only meaningful for signed types.
    ZigZag,
    /// Little-endian fixed width (`fixed32`, `sfixed64`; 32-bit or 64-bit wire type).
    Fixed,
}

/// An integer type: width, signedness and wire encoding.
///
/// ```
/// use rosetta_types::{IntEncoding, IntType, IntWidth};
/// let t = IntType::new(IntWidth::W32, true, IntEncoding::ZigZag);
/// assert_eq!(t, IntType::SINT32);
/// assert_eq!(t.name(), "sint32");
/// assert!(t.contains(-5) && !t.contains(1 << 40));
/// // zig-zag is meaningless for unsigned types and is normalised to varint
/// assert_eq!(IntType::new(IntWidth::W64, false, IntEncoding::ZigZag), IntType::UINT64);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntType {
    width: IntWidth,
    signed: bool,
    encoding: IntEncoding,
}

impl IntType {
    /// `int8` (varint).
    pub const INT8: IntType = IntType::new(IntWidth::W8, true, IntEncoding::Varint);
    /// `int16` (varint).
    pub const INT16: IntType = IntType::new(IntWidth::W16, true, IntEncoding::Varint);
    /// `int32` (varint).
    pub const INT32: IntType = IntType::new(IntWidth::W32, true, IntEncoding::Varint);
    /// `int64` (varint).
    pub const INT64: IntType = IntType::new(IntWidth::W64, true, IntEncoding::Varint);
    /// `uint8` (varint).
    pub const UINT8: IntType = IntType::new(IntWidth::W8, false, IntEncoding::Varint);
    /// `uint16` (varint).
    pub const UINT16: IntType = IntType::new(IntWidth::W16, false, IntEncoding::Varint);
    /// `uint32` (varint).
    pub const UINT32: IntType = IntType::new(IntWidth::W32, false, IntEncoding::Varint);
    /// `uint64` (varint).
    pub const UINT64: IntType = IntType::new(IntWidth::W64, false, IntEncoding::Varint);
    /// `sint32` (zig-zag).
    pub const SINT32: IntType = IntType::new(IntWidth::W32, true, IntEncoding::ZigZag);
    /// `sint64` (zig-zag).
    pub const SINT64: IntType = IntType::new(IntWidth::W64, true, IntEncoding::ZigZag);
    /// `fixed32`.
    pub const FIXED32: IntType = IntType::new(IntWidth::W32, false, IntEncoding::Fixed);
    /// `fixed64`.
    pub const FIXED64: IntType = IntType::new(IntWidth::W64, false, IntEncoding::Fixed);
    /// `sfixed32`.
    pub const SFIXED32: IntType = IntType::new(IntWidth::W32, true, IntEncoding::Fixed);
    /// `sfixed64`.
    pub const SFIXED64: IntType = IntType::new(IntWidth::W64, true, IntEncoding::Fixed);

    /// An integer type. Zig-zag on an unsigned type is normalised to varint.
    pub const fn new(width: IntWidth, signed: bool, encoding: IntEncoding) -> Self {
        let encoding = match (signed, encoding) {
            (false, IntEncoding::ZigZag) => IntEncoding::Varint,
            (_, e) => e,
        };
        IntType {
            width,
            signed,
            encoding,
        }
    }

    /// The same width and signedness with another wire encoding.
    pub const fn with_encoding(self, encoding: IntEncoding) -> Self {
        IntType::new(self.width, self.signed, encoding)
    }

    /// The width.
    pub const fn width(self) -> IntWidth {
        self.width
    }

    /// The number of bits.
    pub const fn bits(self) -> u32 {
        self.width.bits()
    }

    /// Whether the type is signed.
    pub const fn is_signed(self) -> bool {
        self.signed
    }

    /// The wire encoding.
    pub const fn encoding(self) -> IntEncoding {
        self.encoding
    }

    /// The smallest value, as `i64` (0 for unsigned types).
    pub const fn min(self) -> i64 {
        if self.signed {
            i64::MIN >> (64 - self.bits())
        } else {
            0
        }
    }

    /// The largest value, as `u64`.
    pub const fn max(self) -> u64 {
        if self.signed {
            u64::MAX >> (65 - self.bits())
        } else {
            u64::MAX >> (64 - self.bits())
        }
    }

    /// Whether `value` is in range. For `uint64` every `i64` counts as in range: enum and bitmask
    /// values are held as `i64`, and a `uint64` one holds the bit pattern (`value as u64`).
    pub const fn contains(self, value: i64) -> bool {
        if !self.signed && self.bits() == 64 {
            return true;
        }
        value >= self.min() && (value < 0 || (value as u64) <= self.max())
    }

    /// The SpatialOS-style name: `int32`, `uint8`, `sint64`, `fixed32`, `sfixed64`, ...
    pub const fn name(self) -> &'static str {
        use IntEncoding::*;
        use IntWidth::*;
        match (self.signed, self.encoding, self.width) {
            (true, Varint, W8) => "int8",
            (true, Varint, W16) => "int16",
            (true, Varint, W32) => "int32",
            (true, Varint, W64) => "int64",
            (false, Varint | ZigZag, W8) => "uint8",
            (false, Varint | ZigZag, W16) => "uint16",
            (false, Varint | ZigZag, W32) => "uint32",
            (false, Varint | ZigZag, W64) => "uint64",
            (true, ZigZag, W8) => "sint8",
            (true, ZigZag, W16) => "sint16",
            (true, ZigZag, W32) => "sint32",
            (true, ZigZag, W64) => "sint64",
            (false, Fixed, W8) => "fixed8",
            (false, Fixed, W16) => "fixed16",
            (false, Fixed, W32) => "fixed32",
            (false, Fixed, W64) => "fixed64",
            (true, Fixed, W8) => "sfixed8",
            (true, Fixed, W16) => "sfixed16",
            (true, Fixed, W32) => "sfixed32",
            (true, Fixed, W64) => "sfixed64",
        }
    }
}

/// A floating-point type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FloatType {
    /// IEEE 754 binary32 (schema `float`).
    F32,
    /// IEEE 754 binary64 (schema `double`).
    F64,
}

impl FloatType {
    /// The schema name: `float` or `double`.
    pub const fn name(self) -> &'static str {
        match self {
            FloatType::F32 => "float",
            FloatType::F64 => "double",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(IntType::INT8.min(), -128);
        assert_eq!(IntType::INT8.max(), 127);
        assert_eq!(IntType::UINT8.max(), 255);
        assert_eq!(IntType::INT64.min(), i64::MIN);
        assert_eq!(IntType::INT64.max(), i64::MAX as u64);
        assert_eq!(IntType::UINT64.max(), u64::MAX);
        assert!(IntType::UINT32.contains(u32::MAX as i64));
        assert!(!IntType::UINT32.contains(-1));
        assert!(!IntType::UINT32.contains(1 << 32));
        assert!(IntType::UINT64.contains(-1));
        assert!(IntType::INT16.contains(-32768) && !IntType::INT16.contains(32768));
    }

    #[test]
    fn names() {
        assert_eq!(IntType::FIXED64.name(), "fixed64");
        assert_eq!(IntType::SFIXED32.name(), "sfixed32");
        assert_eq!(
            IntType::INT32.with_encoding(IntEncoding::ZigZag),
            IntType::SINT32
        );
        assert_eq!(FloatType::F32.name(), "float");
    }
}
