//! A serializer that writes the binary form directly, without building a [`Variant`] first.
//!
//! It produces exactly the bytes of `encode(&to_variant(value)?, options)` (checked by tests):
//! the same mapping, the same int and float width rules, the same depth limit. Lengths that are
//! unknown up front are written as a placeholder and patched at the end; a sequence whose
//! elements are all `u8` is rewritten as a `PackedByteArray` when it ends.
//!
//! [`Variant`]: crate::Variant

use super::ser::ByteProbe;
use super::variant_serde::{take_stashed, PASSTHROUGH};
use crate::encode::{encode, EncodeOptions};
use crate::error::{Error, Result};
use crate::header::{id_of, FLAG_64};
use crate::variant::VariantType;
use serde::ser::{self, Serialize};

/// The type ids this serializer writes, for one engine version.
struct Ids {
    nil: u32,
    bool: u32,
    int: u32,
    float: u32,
    string: u32,
    dictionary: u32,
    array: u32,
    bytes: u32,
}

pub(super) struct Writer {
    out: Vec<u8>,
    ids: Ids,
    options: EncodeOptions,
}

impl Writer {
    pub(super) fn new(options: &EncodeOptions) -> Result<Self> {
        let version = options.version;
        let id = |ty| {
            id_of(version, ty)
                .ok_or_else(|| Error::Unencodable(format!("{ty:?} does not exist in {version:?}")))
        };
        Ok(Writer {
            out: Vec::new(),
            ids: Ids {
                nil: id(VariantType::Nil)?,
                bool: id(VariantType::Bool)?,
                int: id(VariantType::Int)?,
                float: id(VariantType::Float)?,
                string: id(VariantType::String)?,
                dictionary: id(VariantType::Dictionary)?,
                array: id(VariantType::Array)?,
                bytes: id(VariantType::PackedByteArray)?,
            },
            options: *options,
        })
    }

    pub(super) fn serializer(&mut self) -> BytesSerializer<'_> {
        BytesSerializer { w: self, depth: 0 }
    }

    pub(super) fn into_bytes(self) -> Vec<u8> {
        self.out
    }

    fn u32(&mut self, v: u32) {
        self.out.extend_from_slice(&v.to_le_bytes());
    }

    fn checked_len(n: usize) -> Result<u32> {
        u32::try_from(n)
            .ok()
            .filter(|n| *n <= 0x7FFF_FFFF)
            .ok_or_else(|| Error::Unencodable(format!("length {n} does not fit")))
    }

    fn len(&mut self, n: usize) -> Result<()> {
        let n = Self::checked_len(n)?;
        self.u32(n);
        Ok(())
    }

    fn patch_len(&mut self, at: usize, n: usize) -> Result<()> {
        let n = Self::checked_len(n)?;
        self.out[at..at + 4].copy_from_slice(&n.to_le_bytes());
        Ok(())
    }

    fn pad(&mut self) {
        while self.out.len() % 4 != 0 {
            self.out.push(0);
        }
    }

    fn string(&mut self, s: &str) -> Result<()> {
        if s.contains('\0') {
            return Err(Error::Unencodable(format!(
                "string {s:?} holds a NUL character, which Godot strings cannot"
            )));
        }
        self.u32(self.ids.string);
        self.len(s.len())?;
        self.out.extend_from_slice(s.as_bytes());
        self.pad();
        Ok(())
    }

    fn int(&mut self, i: i64) {
        match i32::try_from(i) {
            Ok(small) => {
                self.u32(self.ids.int);
                self.out.extend_from_slice(&small.to_le_bytes());
            }
            Err(_) => {
                self.u32(self.ids.int | FLAG_64);
                self.out.extend_from_slice(&i.to_le_bytes());
            }
        }
    }

    fn float(&mut self, f: f64) {
        #[allow(clippy::float_cmp)]
        if f64::from(f as f32) == f {
            self.u32(self.ids.float);
            self.out.extend_from_slice(&(f as f32).to_le_bytes());
        } else {
            self.u32(self.ids.float | FLAG_64);
            self.out.extend_from_slice(&f.to_le_bytes());
        }
    }

    fn packed_bytes(&mut self, b: &[u8]) -> Result<()> {
        self.u32(self.ids.bytes);
        self.len(b.len())?;
        self.out.extend_from_slice(b);
        self.pad();
        Ok(())
    }

    /// Writes a container header and a placeholder length; returns the placeholder's offset.
    fn open(&mut self, id: u32) -> usize {
        self.u32(id);
        let at = self.out.len();
        self.u32(0);
        at
    }
}

/// A serde `Serializer` writing Godot binary bytes (mapping: [the module docs](super)).
pub(super) struct BytesSerializer<'a> {
    w: &'a mut Writer,
    depth: usize,
}

impl<'a> BytesSerializer<'a> {
    fn check(&self) -> Result<()> {
        if self.depth > self.w.options.max_depth {
            return Err(Error::TooDeep {
                offset: 0,
                limit: self.w.options.max_depth,
            });
        }
        Ok(())
    }

    fn int(self, v: i64) -> Result<()> {
        self.check()?;
        self.w.int(v);
        Ok(())
    }

    fn wide_int<T: TryInto<i64> + std::fmt::Display + Copy>(self, v: T) -> Result<()> {
        let i = v.try_into().map_err(|_| {
            Error::Unencodable(format!("integer {v} does not fit Godot's 64-bit int"))
        })?;
        self.int(i)
    }

    /// Opens the one-entry Dictionary `{variant: …}` of an enum variant; the value follows at
    /// `depth + 1`.
    fn variant_entry(self, variant: &str) -> Result<BytesSerializer<'a>> {
        self.check()?;
        self.w.u32(self.w.ids.dictionary);
        self.w.u32(1);
        let inner = BytesSerializer {
            w: self.w,
            depth: self.depth + 1,
        };
        inner.check()?;
        inner.w.string(variant)?;
        Ok(inner)
    }

    fn seq(self, byte_mode: bool) -> Result<SeqWriter<'a>> {
        self.check()?;
        let start = self.w.out.len();
        let len_at = self.w.open(self.w.ids.array);
        Ok(SeqWriter {
            w: self.w,
            depth: self.depth,
            start,
            len_at,
            count: 0,
            byte_mode,
            bytes: Vec::new(),
        })
    }

    fn map(self) -> Result<MapWriter<'a>> {
        self.check()?;
        let len_at = self.w.open(self.w.ids.dictionary);
        Ok(MapWriter {
            w: self.w,
            depth: self.depth,
            len_at,
            count: 0,
        })
    }
}

impl<'a> ser::Serializer for BytesSerializer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = SeqWriter<'a>;
    type SerializeTuple = SeqWriter<'a>;
    type SerializeTupleStruct = SeqWriter<'a>;
    type SerializeTupleVariant = SeqWriter<'a>;
    type SerializeMap = MapWriter<'a>;
    type SerializeStruct = MapWriter<'a>;
    type SerializeStructVariant = MapWriter<'a>;

    fn is_human_readable(&self) -> bool {
        false
    }

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.check()?;
        self.w.u32(self.w.ids.bool);
        self.w.u32(u32::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.int(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.int(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.int(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.int(v)
    }
    fn serialize_i128(self, v: i128) -> Result<()> {
        self.wide_int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.int(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.int(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.int(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        self.wide_int(v)
    }
    fn serialize_u128(self, v: u128) -> Result<()> {
        self.wide_int(v)
    }
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.check()?;
        self.w.float(v);
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<()> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        self.check()?;
        self.w.string(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.check()?;
        self.w.packed_bytes(v)
    }
    fn serialize_none(self) -> Result<()> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<()> {
        self.check()?;
        self.w.u32(self.w.ids.nil);
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<()> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        if name == PASSTHROUGH {
            if let Some(variant) = take_stashed() {
                // A `Variant` inside the value: written as the encoder writes it.
                self.check()?;
                let mut options = self.w.options;
                options.max_depth = self.w.options.max_depth - self.depth;
                let bytes = encode(&variant, &options)?;
                self.w.out.extend_from_slice(&bytes);
                return Ok(());
            }
        }
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        value.serialize(self.variant_entry(variant)?)
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<SeqWriter<'a>> {
        self.seq(true)
    }
    fn serialize_tuple(self, _len: usize) -> Result<SeqWriter<'a>> {
        self.seq(false)
    }
    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<SeqWriter<'a>> {
        self.seq(false)
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<SeqWriter<'a>> {
        self.variant_entry(variant)?.seq(false)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<MapWriter<'a>> {
        self.map()
    }
    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<MapWriter<'a>> {
        self.map()
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<MapWriter<'a>> {
        self.variant_entry(variant)?.map()
    }
}

/// Writes an `Array` (or, for a sequence of only `u8`, a `PackedByteArray`).
pub(super) struct SeqWriter<'a> {
    w: &'a mut Writer,
    depth: usize,
    /// Where the Array header starts (rewritten for a byte sequence).
    start: usize,
    len_at: usize,
    count: usize,
    /// Still collecting `u8` elements into `bytes` (sequences only).
    byte_mode: bool,
    bytes: Vec<u8>,
}

impl SeqWriter<'_> {
    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        if self.byte_mode {
            if let Ok(b) = value.serialize(ByteProbe) {
                self.bytes.push(b);
                return Ok(());
            }
            self.byte_mode = false;
            for b in std::mem::take(&mut self.bytes) {
                self.child().int(b.into())?;
                self.count += 1;
            }
        }
        value.serialize(self.child())?;
        self.count += 1;
        Ok(())
    }

    fn child(&mut self) -> BytesSerializer<'_> {
        BytesSerializer {
            w: self.w,
            depth: self.depth + 1,
        }
    }

    fn finish(self) -> Result<()> {
        if self.byte_mode && !self.bytes.is_empty() {
            self.w.out.truncate(self.start);
            self.w.packed_bytes(&self.bytes)
        } else {
            self.w.patch_len(self.len_at, self.count)
        }
    }
}

impl ser::SerializeSeq for SeqWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl ser::SerializeTuple for SeqWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for SeqWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for SeqWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

/// Writes a `Dictionary` (maps, structs, struct variants).
pub(super) struct MapWriter<'a> {
    w: &'a mut Writer,
    depth: usize,
    len_at: usize,
    count: usize,
}

impl MapWriter<'_> {
    fn child(&mut self) -> BytesSerializer<'_> {
        BytesSerializer {
            w: self.w,
            depth: self.depth + 1,
        }
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        ser::Serializer::serialize_str(self.child(), key)?;
        value.serialize(self.child())?;
        self.count += 1;
        Ok(())
    }

    fn finish(self) -> Result<()> {
        self.w.patch_len(self.len_at, self.count)
    }
}

impl ser::SerializeMap for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        key.serialize(self.child())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(self.child())?;
        self.count += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl ser::SerializeStruct for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for MapWriter<'_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }
    fn end(self) -> Result<()> {
        self.finish()
    }
}
