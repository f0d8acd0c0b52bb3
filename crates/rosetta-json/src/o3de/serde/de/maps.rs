//! The entries of a map for serde's visitors: from an object (keys are member names, read
//! through [`Key`]) or from O3DE's `[{"Key": k, "Value": v}]`. Each entry enters its JSON
//! Pointer step before its value and leaves it after.

use std::borrow::Cow;

use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use ::serde::forward_to_deserialize_any;
use rosetta_types::{TypeId, Value};

use super::access::{drain, enter_index, enter_key, read_explicit_default, read_member, De};
use super::state::{visit_leaf, Pos};
use super::variant::unit_variant;
use crate::error::{Error, Result};
use crate::o3de::load::value::is_placeholder;
use crate::o3de::options::Rules;
use crate::o3de::report::result::Outcome;
use crate::text::reader::{Peek, Scalar};

/// The entries of a map written as an object: keys are member names.
pub(super) struct Entries<'s, 'de, 'p> {
    de: De<'s, 'de, 'p>,
    first: bool,
    /// The path depth to leave to at the end (the innermost step is the current key's).
    depth: usize,
    done: bool,
}

impl<'s, 'de, 'p> Entries<'s, 'de, 'p> {
    /// After the `{`.
    #[inline(always)]
    pub fn new(de: De<'s, 'de, 'p>) -> Result<Self> {
        let depth = enter_key(de, "")?;
        Ok(Entries {
            de,
            first: true,
            depth,
            done: false,
        })
    }

    #[inline]
    pub fn finish(&mut self) -> Result<()> {
        if !self.done {
            drain(self)?;
        }
        Ok(())
    }
}

impl<'de> de::MapAccess<'de> for Entries<'_, 'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.done {
            return Ok(None);
        }
        let Some(key) = self.de.l.r.next_key(&mut self.first)? else {
            self.de.l.ctx.leave(self.depth);
            self.done = true;
            return Ok(None);
        };
        self.de.l.ctx.set_read_key(&key);
        // By reference: a `Key` moved into the call is copied with loads wider than the
        // stores that just made it (a failed store forward per entry).
        let mut key = Key { de: self.de, key };
        seed.deserialize(&mut key).map(Some)
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.de)
    }
}

/// Where an entry's value starts, where the entry ends, and the path depth to leave to.
struct Pending {
    value_at: Option<Pos>,
    end: Pos,
    depth: usize,
}

/// The entries of a map written as `[{"Key": k, "Value": v}, ...]` (member names in any case,
/// in any order).
pub(super) struct KeyValues<'s, 'de, 'p> {
    de: De<'s, 'de, 'p>,
    first: bool,
    index: usize,
    done: bool,
    /// The current entry, between its key and its value.
    pending: Option<Pending>,
}

impl<'s, 'de, 'p> KeyValues<'s, 'de, 'p> {
    pub fn new(de: De<'s, 'de, 'p>) -> Self {
        KeyValues {
            de,
            first: true,
            index: 0,
            done: false,
            pending: None,
        }
    }

    #[inline]
    pub fn finish(&mut self) -> Result<()> {
        if !self.done {
            drain(self)?;
        }
        Ok(())
    }
}

impl<'de> de::MapAccess<'de> for KeyValues<'_, 'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let depth = loop {
            if self.done || !self.de.l.r.next_element(&mut self.first)? {
                self.done = true;
                return Ok(None);
            }
            let depth = enter_index(self.de, self.index)?;
            self.index += 1;
            if self.de.peek()? == Peek::Object {
                break depth;
            }
            // Not an entry: Unsupported and skipped, as `load` does.
            self.de.wrong_kind("a {\"Key\", \"Value\"} object")?;
            self.de.l.ctx.leave(depth);
        };
        // The first member named `Key` (`Value`), spelled exactly so as RapidJSON's
        // `FindMember` finds it, or in any case with the documented rules.
        let exact = self.de.l.opts.rules == Rules::Engine;
        let is = |name: &str, want: &str| name == want || !exact && name.eq_ignore_ascii_case(want);
        let r = &mut self.de.l.r;
        r.begin_object()?;
        let (mut key_at, mut value_at, mut first) = (None, None, true);
        while let Some(name) = r.next_key(&mut first)? {
            if key_at.is_none() && is(&name, "Key") {
                key_at = Some(r.save());
            } else if value_at.is_none() && is(&name, "Value") {
                value_at = Some(r.save());
            }
            r.skip_value()?;
        }
        let end = r.save();
        let key = match key_at {
            Some(at) => {
                self.de.l.r.restore(at);
                read_member(self.de, "Key", seed)?
            }
            None => read_explicit_default(self.de, "Key", seed)?,
        };
        self.pending = Some(Pending {
            value_at,
            end,
            depth,
        });
        Ok(Some(key))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let Some(Pending {
            value_at,
            end,
            depth,
        }) = self.pending.take()
        else {
            return Err(Error::custom("a map value asked for before its key"));
        };
        let value = match value_at {
            Some(at) => {
                self.de.l.r.restore(at);
                read_member(self.de, "Value", seed)?
            }
            None => read_explicit_default(self.de, "Value", seed)?,
        };
        self.de.l.r.restore(end);
        self.de.l.ctx.leave(depth);
        Ok(value)
    }
}

/// A map key read from a member name: strings as they are, other scalars by the loader's
/// rules for text (`"12"` for an integer key, `"true"` for a bool).
struct Key<'s, 'de, 'p> {
    de: De<'s, 'de, 'p>,
    key: Cow<'de, str>,
}

impl<'de> Key<'_, 'de, '_> {
    fn leaf<V: Visitor<'de>>(&mut self, ty: TypeId, visitor: V) -> Result<V::Value> {
        let kind = match self.de.l.reg.get(ty) {
            Some(t) => t.kind(),
            None => return Err(Error::custom("no such scalar type")),
        };
        let mut v = Value::nil();
        if self.key == "{}" {
            self.explicit_default()?;
        } else {
            let loaded = self
                .de
                .l
                .leaf(kind, &Scalar::Str(std::mem::take(&mut self.key)));
            let step = self.de.l.apply(loaded, &mut v);
            self.de.absorb(step)?;
        }
        if is_placeholder(&v) {
            v = rosetta_types::default_value(self.de.l.reg, ty)
                .map_err(|e| Error::custom(e.to_string()))?;
        }
        visit_leaf(v, visitor)
    }
}

impl Key<'_, '_, '_> {
    /// The member name `{}`: the key type's default, as O3DE reads it.
    fn explicit_default(&mut self) -> Result<()> {
        let step = self.de.l.ctx.report(Outcome::DefaultsUsed, false, || {
            "the explicit default {}".into()
        });
        self.de.absorb(step)
    }
}

macro_rules! key_scalar {
    ($($method:ident => $ty:ident,)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
            self.leaf(TypeId::$ty, visitor)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Key<'_, 'de, '_> {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.key == "{}" {
            self.explicit_default()?;
            return visitor.visit_borrowed_str("");
        }
        match std::mem::take(&mut self.key) {
            Cow::Borrowed(k) => visitor.visit_borrowed_str(k),
            Cow::Owned(k) => visitor.visit_string(k),
        }
    }

    key_scalar! {
        deserialize_bool => BOOL,
        deserialize_i8 => INT8,
        deserialize_i16 => INT16,
        deserialize_i32 => INT32,
        deserialize_i64 => INT64,
        deserialize_u8 => UINT8,
        deserialize_u16 => UINT16,
        deserialize_u32 => UINT32,
        deserialize_u64 => UINT64,
        deserialize_f32 => FLOAT,
        deserialize_f64 => DOUBLE,
        deserialize_char => CHAR,
        deserialize_bytes => BYTES,
        deserialize_byte_buf => BYTES,
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.de.enter_wrap()?;
        let result = visitor.visit_some(&mut *self);
        self.de.wraps -= 1;
        result
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.de.enter_wrap()?;
        let result = visitor.visit_newtype_struct(&mut *self);
        self.de.wraps -= 1;
        result
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key.trim().parse() {
            Ok(x) => visitor.visit_i128(x),
            Err(_) => self.leaf(TypeId::INT64, visitor),
        }
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        match self.key.trim().parse() {
            Ok(x) => visitor.visit_u128(x),
            Err(_) => self.leaf(TypeId::UINT64, visitor),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let variant = unit_variant(name, variants, &Scalar::Str(std::mem::take(&mut self.key)))?;
        visitor.visit_enum(variant.into_deserializer())
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        if self.key == "{}" {
            // The explicit default of a map or struct key: no members.
            self.explicit_default()?;
            let empty = std::iter::empty::<((), ())>();
            return visitor.visit_map(de::value::MapDeserializer::<_, Error>::new(empty));
        }
        self.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_map(visitor)
    }

    forward_to_deserialize_any! {
        str string unit unit_struct seq tuple tuple_struct identifier ignored_any
    }
}
