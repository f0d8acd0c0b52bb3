//! The serializer: serde's data model written straight into a [`Writer`] by O3DE's rules, with
//! no intermediate values. Errors carry the JSON Pointer of the value, put together on the way
//! out ([`Error::under`]), so the way in pays nothing for it.

use ::serde::ser::{self, Serialize};

use crate::error::{Error, Result};
use crate::o3de::options::StoreOptions;
use crate::text::writer::{form, FloatForm};

mod map;
mod state;
#[cfg(test)]
mod tests;

pub use map::MapSer;
use state::{Compound, Ser, TupleVariant};

/// Writes `value` as JSON by O3DE's rules, as [`store`](crate::o3de::store()) writes a value of
/// the shared type model, for a Rust type that derives (or implements) `Serialize`:
///
/// | serde | JSON |
/// | --- | --- |
/// | bool, integers (up to 128 bits) | `true` / `false`, a number |
/// | `f32`, `f64` | a number as RapidJSON writes a double (`f32` widened) unless [`FloatForm::Shortest`] |
/// | char, str | a string |
/// | bytes | a base64 string (standard alphabet, padded) |
/// | `None`, `()` | `null` |
/// | `Some(v)`, newtype struct | `v` |
/// | unit struct | `{}` |
/// | unit variant | its name, `"Variant"` |
/// | newtype variant | `{"$type": "Variant", "Value": v}` (O3DE's `any`) |
/// | tuple variant | `{"$type": "Variant", "Value": [...]}` |
/// | struct variant | `{"$type": "Variant", "field": ...}` (O3DE's polymorphic form) |
/// | seq, tuple, tuple struct | `[...]` |
/// | struct | `{"field": ...}`, fields in order |
/// | map | `{"key": v}` when every key is written as a string other than `"{}"`, else `[{"Key": k, "Value": v}, ...]` |
///
/// Not-finite floats are the strings `"NaN"`, `"Infinity"`, `"-Infinity"`.
///
/// Of the options, `indent`, `float_form`, `sort_maps` (entries sorted by
/// [`compare`](super::super::compare())) and `max_depth` apply. The rest have no meaning
/// without a registry and are ignored: nothing is compared with a default (`keep_defaults`),
/// enum values are their variants' names (`enum_form`), both map forms are the same rule when
/// the key type's output decides (`map_form`), and nothing is reported (`strict`,
/// `report_successes`). Nesting deeper than `max_depth` (containers, or options and newtypes
/// inside one another) is an error.
///
/// ```
/// use rosetta_json::o3de::{serde::to_string, StoreOptions};
///
/// #[derive(serde::Serialize)]
/// enum Shape {
///     Circle { radius: f32 },
///     Empty,
/// }
///
/// let shapes = [Shape::Circle { radius: 0.5 }, Shape::Empty];
/// let json = to_string(&shapes, &StoreOptions::default()).unwrap();
/// assert_eq!(json, r#"[{"$type":"Circle","radius":0.5},"Empty"]"#);
/// ```
pub fn to_string<T: Serialize + ?Sized>(value: &T, options: &StoreOptions) -> Result<String> {
    // Compact text, the common case, is written by a serializer with its layout and float form
    // fixed in its type, so no value tests them.
    match (options.indent, options.float_form) {
        (None, FloatForm::Widened) => write(value, Ser::<false, { form::WIDENED }>::new(options)),
        (None, FloatForm::Shortest) => write(value, Ser::<false, { form::SHORTEST }>::new(options)),
        (Some(_), _) => write(value, Ser::<true, { form::ANY }>::new(options)),
    }
}

fn write<T: Serialize + ?Sized, const I: bool, const F: u8>(
    value: &T,
    mut ser: Ser<I, F>,
) -> Result<String> {
    match value.serialize(&mut ser) {
        Ok(()) => Ok(ser.w.into_string()),
        Err(e) => Err(e.or_at_root()),
    }
}

/// Integers in their own width: `itoa` is quicker on narrow types than on `u64`.
macro_rules! ints {
    ($($method:ident: $t:ty,)*) => {$(
        #[inline]
        fn $method(self, v: $t) -> Result<()> {
            self.w.int(v);
            Ok(())
        }
    )*};
}

impl<'a, const I: bool, const F: u8> ser::Serializer for &'a mut Ser<I, F> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'a, I, F>;
    type SerializeTuple = Compound<'a, I, F>;
    type SerializeTupleStruct = Compound<'a, I, F>;
    type SerializeTupleVariant = TupleVariant<'a, I, F>;
    type SerializeMap = MapSer<'a, I, F>;
    type SerializeStruct = Compound<'a, I, F>;
    type SerializeStructVariant = Compound<'a, I, F>;

    #[inline]
    fn serialize_bool(self, v: bool) -> Result<()> {
        self.w.boolean(v);
        Ok(())
    }

    ints! {
        serialize_i8: i8,
        serialize_i16: i16,
        serialize_i32: i32,
        serialize_i64: i64,
        serialize_i128: i128,
        serialize_u8: u8,
        serialize_u16: u16,
        serialize_u32: u32,
        serialize_u64: u64,
        serialize_u128: u128,
    }

    #[inline]
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.w.f32(v, self.float_form());
        Ok(())
    }

    #[inline]
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.w.f64(v, self.float_form());
        Ok(())
    }

    #[inline]
    fn serialize_char(self, v: char) -> Result<()> {
        self.w.string(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    #[inline]
    fn serialize_str(self, v: &str) -> Result<()> {
        self.w.string(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.w.base64(v);
        Ok(())
    }

    #[inline]
    fn serialize_none(self) -> Result<()> {
        self.w.null();
        Ok(())
    }

    #[inline]
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        self.wrapped(value)
    }

    #[inline]
    fn serialize_unit(self) -> Result<()> {
        self.w.null();
        Ok(())
    }

    #[inline]
    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.w.empty_object();
        Ok(())
    }

    #[inline]
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<()> {
        self.w.string(variant);
        Ok(())
    }

    #[inline]
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<()> {
        self.wrapped(value)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        let mut c = self.variant(variant)?;
        c.field("Value", value)?;
        c.end_object()
    }

    #[inline]
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'a, I, F>> {
        self.array()
    }

    #[inline]
    fn serialize_tuple(self, _len: usize) -> Result<Compound<'a, I, F>> {
        self.array()
    }

    #[inline]
    fn serialize_tuple_struct(self, _: &'static str, _len: usize) -> Result<Compound<'a, I, F>> {
        self.array()
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<TupleVariant<'a, I, F>> {
        let mut outer = self.variant(variant)?;
        outer.ser.w.key(&mut outer.frame, "Value");
        // The array is a level of its own.
        outer.ser.open().map_err(|e| e.under("Value"))?;
        let frame = outer.ser.w.begin_array();
        Ok(TupleVariant {
            outer: outer.frame,
            inner: Compound {
                ser: outer.ser,
                frame,
                index: 0,
            },
        })
    }

    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<MapSer<'a, I, F>> {
        MapSer::new(self)
    }

    #[inline]
    fn serialize_struct(self, _: &'static str, _len: usize) -> Result<Compound<'a, I, F>> {
        self.object()
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'a, I, F>> {
        self.variant(variant)
    }
}

impl<const I: bool, const F: u8> ser::SerializeSeq for Compound<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<const I: bool, const F: u8> ser::SerializeTuple for Compound<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<const I: bool, const F: u8> ser::SerializeTupleStruct for Compound<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.element(value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_array()
    }
}

impl<const I: bool, const F: u8> ser::SerializeTupleVariant for TupleVariant<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.inner.element(value).map_err(|e| e.under("Value"))
    }

    fn end(self) -> Result<()> {
        let ser = self.inner.ser;
        ser.w.end_array(self.inner.frame);
        ser.w.end_object(self.outer);
        ser.depth -= 2;
        Ok(())
    }
}

impl<const I: bool, const F: u8> ser::SerializeStruct for Compound<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_object()
    }
}

impl<const I: bool, const F: u8> ser::SerializeStructVariant for Compound<'_, I, F> {
    type Ok = ();
    type Error = Error;

    #[inline]
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.field(key, value)
    }

    #[inline]
    fn end(self) -> Result<()> {
        self.end_object()
    }
}
