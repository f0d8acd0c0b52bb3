//! [`Codec`]: how one value of a schema type sits on the wire, for the generic field helpers of
//! [`field`](super::field) that generated code calls.

use std::marker::PhantomData;

use crate::encoding::{put_tag, put_varint, WireType};
use crate::error::Result;
use crate::family::{Family, ScalarWire};
use crate::object::Object;

use super::input::Input;
use super::traits::{SchemaEnum, SchemaType};
use super::values::{Entity, EntityId};

/// How values of one schema type are written and read: a scalar family, a string, bytes, an
/// enum, an object of a generated type, an entity id or an entity.
pub trait Codec {
    /// The Rust type of a value.
    type Value: Default;
    /// The wire type of one value.
    const WIRE: WireType;
    /// Whether two or more values in a list are written packed (numeric types).
    const PACKED: bool;
    /// Writes a value after its tag (with its length prefix, when length-delimited).
    fn put(out: &mut Vec<u8>, value: &Self::Value);
    /// Reads a value whose tag had wire type [`Codec::WIRE`].
    fn get(input: &mut Input<'_>) -> Result<Self::Value>;
}

/// A scalar of a [`Family`] (`Scalar<Sint32>` is an `i32` written zig-zag).
pub struct Scalar<F>(PhantomData<F>);

const fn scalar_wire(wire: ScalarWire) -> WireType {
    match wire {
        ScalarWire::Varint => WireType::Varint,
        ScalarWire::Fixed32 => WireType::Fixed32,
        ScalarWire::Fixed64 => WireType::Fixed64,
    }
}

impl<F: Family> Codec for Scalar<F> {
    type Value = F::Value;
    const WIRE: WireType = scalar_wire(F::WIRE);
    const PACKED: bool = true;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &F::Value) {
        let bits = F::to_bits(*value);
        match F::WIRE {
            ScalarWire::Varint => put_varint(out, bits),
            ScalarWire::Fixed32 => out.extend_from_slice(&(bits as u32).to_le_bytes()),
            ScalarWire::Fixed64 => out.extend_from_slice(&bits.to_le_bytes()),
        }
    }
    #[inline(always)]
    fn get(input: &mut Input<'_>) -> Result<F::Value> {
        let bits = match F::WIRE {
            ScalarWire::Varint => input.varint()?,
            ScalarWire::Fixed32 => u64::from(input.fixed32()?),
            ScalarWire::Fixed64 => input.fixed64()?,
        };
        Ok(F::from_bits(bits))
    }
}

/// A `string`.
pub struct Str;

impl Codec for Str {
    type Value = String;
    const WIRE: WireType = WireType::Len;
    const PACKED: bool = false;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &String) {
        put_varint(out, value.len() as u64);
        out.extend_from_slice(value.as_bytes());
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<String> {
        let bytes = input.len_delimited()?;
        match std::str::from_utf8(bytes) {
            Ok(text) => Ok(text.to_owned()),
            Err(_) => Err(input.error("a string field is not UTF-8")),
        }
    }
}

/// `bytes`.
pub struct Blob;

impl Codec for Blob {
    type Value = Vec<u8>;
    const WIRE: WireType = WireType::Len;
    const PACKED: bool = false;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &Vec<u8>) {
        put_varint(out, value.len() as u64);
        out.extend_from_slice(value);
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<Vec<u8>> {
        input.len_delimited().map(<[u8]>::to_vec)
    }
}

/// `bytes` as [`bytes::Bytes`] (`Config::bytes_type` of rosetta-build): a slice of the buffer
/// when it is decoded with [`SchemaType::decode_shared`], else
/// a copy.
pub struct SharedBlob;

impl Codec for SharedBlob {
    type Value = bytes::Bytes;
    const WIRE: WireType = WireType::Len;
    const PACKED: bool = false;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &bytes::Bytes) {
        put_varint(out, value.len() as u64);
        out.extend_from_slice(value);
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<bytes::Bytes> {
        input.len_delimited_bytes()
    }
}

/// A user enum: the declared value as a `uint32` varint.
pub struct EnumOf<E>(PhantomData<E>);

impl<E: SchemaEnum> Codec for EnumOf<E> {
    type Value = E;
    const WIRE: WireType = WireType::Varint;
    const PACKED: bool = true;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &E) {
        put_varint(out, u64::from(value.value()));
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<E> {
        // Truncated to 32 bits, as `Schema_GetEnum` reads it.
        Ok(E::from_value(input.varint()? as u32))
    }
}

/// An `EntityId`: an `int64` varint.
pub struct EntityIdOf;

impl Codec for EntityIdOf {
    type Value = EntityId;
    const WIRE: WireType = WireType::Varint;
    const PACKED: bool = true;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &EntityId) {
        put_varint(out, value.0 as u64);
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<EntityId> {
        Ok(EntityId(input.varint()? as i64))
    }
}

/// Writes an object's length prefix and body: one byte is set aside for the length and widened
/// once the body is written, when it takes 128 bytes or more.
#[inline]
pub(crate) fn put_nested(out: &mut Vec<u8>, body: impl FnOnce(&mut Vec<u8>)) {
    let at = out.len();
    out.push(0);
    body(out);
    let len = out.len() - at - 1;
    if len < 0x80 {
        out[at] = len as u8;
    } else {
        widen(out, at, len);
    }
}

#[cold]
fn widen(out: &mut Vec<u8>, at: usize, len: usize) {
    let mut prefix = Vec::with_capacity(10);
    put_varint(&mut prefix, len as u64);
    out.splice(at..at + 1, prefix);
}

/// An object of a generated type.
pub struct Msg<T>(PhantomData<T>);

impl<T: SchemaType> Codec for Msg<T> {
    type Value = T;
    const WIRE: WireType = WireType::Len;
    const PACKED: bool = false;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &T) {
        put_nested(out, |out| value.write_fields(out));
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<T> {
        input.nested(|inner| {
            let mut value = T::default();
            value.merge_from(inner)?;
            Ok(value)
        })
    }
}

/// An object of a generated type that contains itself, boxed.
pub struct Boxed<T>(PhantomData<T>);

impl<T: SchemaType> Codec for Boxed<T> {
    type Value = Box<T>;
    const WIRE: WireType = WireType::Len;
    const PACKED: bool = false;
    #[inline]
    fn put(out: &mut Vec<u8>, value: &Box<T>) {
        Msg::<T>::put(out, value);
    }
    #[inline]
    fn get(input: &mut Input<'_>) -> Result<Box<T>> {
        Msg::<T>::get(input).map(Box::new)
    }
}

/// An `Entity`: an object whose field ids are component ids.
pub struct EntityOf;

impl Codec for EntityOf {
    type Value = Entity;
    const WIRE: WireType = WireType::Len;
    const PACKED: bool = false;
    fn put(out: &mut Vec<u8>, value: &Entity) {
        put_nested(out, |out| {
            for (&id, data) in &value.components {
                put_tag(out, id, WireType::Len);
                put_nested(out, |out| data.encode_to(out));
            }
        });
    }
    fn get(input: &mut Input<'_>) -> Result<Entity> {
        input.nested(|inner| {
            let mut entity = Entity::default();
            while !inner.at_end() {
                let (id, wire) = inner.tag()?;
                if wire != WireType::Len {
                    return Err(inner.wrong_wire_type(id, wire, "component data"));
                }
                let bytes = inner.len_delimited()?;
                let data =
                    Object::decode(bytes).map_err(|e| e.shifted(inner.offset() - bytes.len()))?;
                entity.components.insert(id, data);
            }
            Ok(entity)
        })
    }
}
