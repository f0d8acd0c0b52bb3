//! The deserializer: JSON text read by O3DE's rules straight into a `Deserialize` type. Scalars
//! go through the registry path's scalar loader (its fast path for values as written, and every
//! coercion with its report); containers, structs and enums are walked here.

use std::sync::OnceLock;

use ::serde::de::{self, Deserialize, Visitor};
use rosetta_types::{TypeId, TypeRegistry};

mod access;
mod maps;
mod state;
#[cfg(test)]
mod tests;
mod variant;

use crate::error::{Error, Result};
use crate::o3de::load::value::loader;
use crate::o3de::options::LoadOptions;
use crate::o3de::report::reporter::Reporter;
use crate::o3de::report::result::{Outcome, ResultCode};
use crate::text::reader::{Num, Peek};
use access::{Defaults, Members, Seq};
use maps::{Entries, KeyValues};
use state::{visit_leaf, Deserializer, Nested};
use variant::Tagged;

/// The built-in scalar types the loader resolves `TypeId::INT32` and its kind through.
fn scalars() -> &'static TypeRegistry {
    static SCALARS: OnceLock<TypeRegistry> = OnceLock::new();
    SCALARS.get_or_init(TypeRegistry::default)
}

/// Reads a `T` from O3DE-style JSON, leniently, as [`load`](crate::o3de::load()) reads a value of
/// the shared model: every coercion is made and reported, with its JSON Pointer.
///
/// ```
/// use rosetta_json::o3de::{self, Collect, LoadOptions};
/// #[derive(serde::Deserialize, Debug, PartialEq)]
/// struct Config { speed: f32, enabled: bool }
///
/// let mut report = Collect::default();
/// let (config, _) = o3de::serde::from_str::<Config>(
///     r#"{"Speed": "2.5f", "enabled": 1}"#,
///     &LoadOptions::default(),
///     &mut report,
/// ).unwrap();
/// assert_eq!(config, Config { speed: 2.5, enabled: true });
/// assert_eq!(report.reports.len(), 2);
/// assert_eq!(report.reports[0].path, "/Speed");
/// ```
pub fn from_str<'de, T: Deserialize<'de>>(
    text: &'de str,
    options: &LoadOptions,
    reporter: &mut dyn Reporter,
) -> Result<(T, ResultCode)> {
    let l = loader(scalars(), text, options, reporter);
    let mut de = Deserializer {
        wraps: 0,
        max_wraps: options.max_depth,
        result: l.ctx.fresh(),
        // With successes reported, none is quiet.
        quiet_success: if options.report_successes {
            ResultCode::NEVER
        } else {
            l.ctx.code(Outcome::Success)
        },
        quiet_fresh: if options.report_successes {
            ResultCode::NEVER
        } else {
            l.ctx.fresh()
        },
        l,
    };
    // An error leaves the path at the value it came from: nothing is left on the way out.
    let value = T::deserialize(&mut de).map_err(|e| e.locate(|| de.l.ctx.path()))?;
    de.l.r.finish()?;
    Ok((value, de.result))
}

/// The walk into containers, which hands serde's visitors the access types of [`access`].
impl<'de> Deserializer<'de, '_> {
    /// A sequence; a tuple (of `tuple` elements) that the array is too short for takes
    /// defaults for the rest.
    fn seq<V: Visitor<'de>>(&mut self, tuple: usize, visitor: V) -> Result<V::Value> {
        let peek = self.peek()?;
        if peek != Peek::Array {
            if !(peek == Peek::Object && self.explicit_default()?) {
                self.wrong_kind("an array")?;
            }
            return visitor.visit_seq(Defaults {
                de: self,
                left: tuple,
            });
        }
        let outer = self.begin_nested();
        self.l.r.begin_array()?;
        let mut seq = Seq::new(self, tuple)?;
        let value = visitor.visit_seq(&mut seq)?;
        seq.finish()?;
        self.end_nested(outer, Nested::Container);
        Ok(value)
    }

    /// The members of the object ahead (after `deserialize_struct`'s kind check).
    fn members<V: Visitor<'de>>(
        &mut self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.l.r.begin_object()?;
        let mut members = Members::new(self, name, fields)?;
        let value = visitor.visit_map(&mut members)?;
        let seen = members.finish()?;
        if seen < fields.len() {
            // Missing members take their `#[serde(default)]`s (serde's derive says if not):
            // PartialDefaults when some were read, as `load` says it.
            let missing = if seen == 0 {
                Outcome::DefaultsUsed
            } else {
                Outcome::PartialDefaults
            };
            self.result.absorb(self.l.ctx.code(missing));
        }
        Ok(value)
    }
}

/// Scalars read by the loader's rules (no fast path: rarely used, or text).
macro_rules! scalar {
    ($($method:ident => $ty:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let v = self.leaf(TypeId::$ty)?;
            visit_leaf(v, visitor)
        }
    )*};
}

/// Integers: a number in range is read as written; anything else by the loader's rules.
macro_rules! integer {
    ($($method:ident, $visit:ident, $t:ty => $ty:ident,)*) => {$(
        #[inline]
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let saved = self.l.r.save();
            if let Some((negative, magnitude)) = self.l.r.plain_integer()? {
                let x = if negative {
                    0i64.checked_sub_unsigned(magnitude).and_then(|i| <$t>::try_from(i).ok())
                } else {
                    <$t>::try_from(magnitude).ok()
                };
                if let Some(x) = x {
                    self.success()?;
                    return visitor.$visit(x);
                }
                self.l.r.restore(saved);
            }
            let v = self.leaf(TypeId::$ty)?;
            visit_leaf(v, visitor)
        }
    )*};
}

/// 128-bit integers: integer text in range is read as written (the O3DE model has no such
/// type); anything else by the loader's rules for the 64-bit type of the same sign.
macro_rules! wide_integer {
    ($($method:ident, $visit:ident, $t:ty => $ty:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            let saved = self.l.r.save();
            if let Some(x) = self.l.r.integer_text()?.and_then(|t| t.parse::<$t>().ok()) {
                self.success()?;
                return visitor.$visit(x);
            }
            self.l.r.restore(saved);
            let v = self.leaf(TypeId::$ty)?;
            visit_leaf(v, visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Deserializer<'de, '_> {
    type Error = Error;

    wide_integer! {
        deserialize_i128, visit_i128, i128 => INT64,
        deserialize_u128, visit_u128, u128 => UINT64,
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek()? {
            Peek::Null => {
                self.l.r.scalar()?;
                self.success()?;
                visitor.visit_unit()
            }
            Peek::Bool => {
                let b = self.l.r.boolean()?;
                self.success()?;
                visitor.visit_bool(b)
            }
            Peek::Number => {
                let n = self.l.r.number()?;
                self.success()?;
                match n {
                    Num::Uint(u) => visitor.visit_u64(u),
                    Num::Int(i) => visitor.visit_i64(i),
                    Num::Double(d) => visitor.visit_f64(d),
                }
            }
            Peek::String => self.string(visitor),
            Peek::Array => self.deserialize_seq(visitor),
            Peek::Object => self.deserialize_map(visitor),
        }
    }

    integer! {
        deserialize_i8, visit_i8, i8 => INT8,
        deserialize_i16, visit_i16, i16 => INT16,
        deserialize_i32, visit_i32, i32 => INT32,
        deserialize_i64, visit_i64, i64 => INT64,
        deserialize_u8, visit_u8, u8 => UINT8,
        deserialize_u16, visit_u16, u16 => UINT16,
        deserialize_u32, visit_u32, u32 => UINT32,
        deserialize_u64, visit_u64, u64 => UINT64,
    }

    scalar! {
        deserialize_char => CHAR,
        deserialize_bytes => BYTES,
        deserialize_byte_buf => BYTES,
    }

    #[inline]
    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if let Some(b) = self.l.r.bool_if_next()? {
            self.success()?;
            return visitor.visit_bool(b);
        }
        let v = self.leaf(TypeId::BOOL)?;
        visit_leaf(v, visitor)
    }

    #[inline]
    fn deserialize_f32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if let Some(f) = self.l.r.float32()? {
            self.success()?;
            return visitor.visit_f32(f);
        }
        let v = self.leaf(TypeId::FLOAT)?;
        visit_leaf(v, visitor)
    }

    #[inline]
    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if let Some(x) = self.l.r.number_if_next()? {
            self.success()?;
            return visitor.visit_f64(x.as_f64());
        }
        let v = self.leaf(TypeId::DOUBLE)?;
        visit_leaf(v, visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.string(visitor)
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.string(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.peek()? == Peek::Null {
            self.l.r.scalar()?;
            self.success()?;
            return visitor.visit_none();
        }
        self.wrapped(|de| visitor.visit_some(de))
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek()? {
            Peek::Null => {
                self.l.r.scalar()?;
                self.success()?;
            }
            Peek::Object if self.l.r.at_empty_object()? => {
                self.l.r.empty_object()?;
                self.success()?;
            }
            _ => self.wrong_kind("null or {}")?,
        }
        visitor.visit_unit()
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.wrapped(|de| visitor.visit_newtype_struct(de))
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.seq(0, visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        self.seq(len, visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        self.seq(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek()? {
            Peek::Object if self.explicit_default()? => visitor.visit_map(
                de::value::MapDeserializer::new(std::iter::empty::<((), ())>()),
            ),
            Peek::Object => {
                let outer = self.begin_nested();
                self.l.r.begin_object()?;
                let mut entries = Entries::new(self)?;
                let value = visitor.visit_map(&mut entries)?;
                entries.finish()?;
                self.end_nested(outer, Nested::Container);
                Ok(value)
            }
            Peek::Array => {
                let outer = self.begin_nested();
                self.l.r.begin_array()?;
                let mut entries = KeyValues::new(self);
                let value = visitor.visit_map(&mut entries)?;
                entries.finish()?;
                self.end_nested(outer, Nested::Container);
                Ok(value)
            }
            _ => {
                self.wrong_kind("an object or an array of {\"Key\", \"Value\"} objects")?;
                visitor.visit_map(de::value::MapDeserializer::new(
                    std::iter::empty::<((), ())>(),
                ))
            }
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        if self.peek()? != Peek::Object {
            self.wrong_kind("an object")?;
            return visitor.visit_map(de::value::MapDeserializer::new(
                std::iter::empty::<((), ())>(),
            ));
        }
        let outer = self.begin_nested();
        let value = self.members(name, fields, visitor)?;
        self.end_nested(outer, Nested::Struct);
        Ok(value)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        visitor.visit_enum(Tagged::read(self, name, variants)?)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.peek()? {
            Peek::Number => match self.l.r.number()? {
                Num::Uint(u) => visitor.visit_u64(u),
                _ => Err(Error::custom("expected a name or an index")),
            },
            _ => self.string(visitor),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.l.r.skip_value()?;
        visitor.visit_unit()
    }
}
