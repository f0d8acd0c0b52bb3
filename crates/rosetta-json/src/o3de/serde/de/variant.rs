//! The enum access: a unit variant as its name (or index), the others as O3DE's typed objects
//! (`{"$type": "Variant", ...}`).

use ::serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};

use super::access::{enter_key, De};
use super::state::{find_name, Deserializer, Pos};
use crate::error::{Error, Result};
use crate::o3de::report::result::Outcome;
use crate::text::reader::{Num, Peek, Scalar};

/// The variant a name (exactly, else in any case) or an index names.
pub(super) fn unit_variant(
    name: &'static str,
    variants: &'static [&'static str],
    s: &Scalar<'_>,
) -> Result<&'static str> {
    let index = match s {
        Scalar::Str(text) => find_name(variants, text),
        Scalar::Num(Num::Uint(u)) => usize::try_from(*u).ok().filter(|i| *i < variants.len()),
        _ => None,
    };
    index
        .map(|i| variants[i])
        .ok_or_else(|| not_a_variant(name, variants, s))
}

#[cold]
fn not_a_variant(name: &str, variants: &[&str], s: &Scalar<'_>) -> Error {
    Error::custom(format!(
        "{} is not a variant of `{name}` (one of {})",
        match s {
            Scalar::Str(t) => format!("`{t}`"),
            Scalar::Num(n) => format!("{}", n.as_f64()),
            Scalar::Bool(b) => b.to_string(),
            Scalar::Null => "null".into(),
        },
        variants.join(", ")
    ))
}

/// An enum: a name or an index for a unit variant, or an object with `$type` naming the variant,
/// its content in `Value` (newtype and tuple variants) or in the other members (struct variants,
/// and newtype variants of structs: O3DE's polymorphic form). What names no variant is
/// reported, as the loader reports it, and reads as the first variant with its content's
/// explicit default (a zero-initialized enum).
pub(super) struct Tagged<'s, 'de, 'p> {
    de: De<'s, 'de, 'p>,
    variant: &'static str,
    /// Where the object starts, for variants with content; `None` for a unit variant read.
    object: Option<Pos>,
    /// The first variant, for input that names none: its content is the explicit default.
    defaulted: bool,
}

impl<'s, 'de, 'p> Tagged<'s, 'de, 'p> {
    #[inline]
    pub fn read(
        de: De<'s, 'de, 'p>,
        name: &'static str,
        variants: &'static [&'static str],
    ) -> Result<Self> {
        // The common case, a unit variant's name as written.
        if let Some(text) = de.l.r.string_if_next()? {
            return Self::named(de, name, variants, &Scalar::Str(text));
        }
        Self::read_other(de, name, variants)
    }

    /// The unit variant a name or index read names, else the first (reported).
    #[inline]
    fn named(
        de: De<'s, 'de, 'p>,
        name: &'static str,
        variants: &'static [&'static str],
        s: &Scalar<'_>,
    ) -> Result<Self> {
        match unit_variant(name, variants, s) {
            Ok(variant) => {
                de.success()?;
                Ok(Tagged {
                    de,
                    variant,
                    object: None,
                    defaulted: false,
                })
            }
            Err(e) => Self::first(de, variants, Outcome::Unsupported, e.to_string()),
        }
    }

    /// A unit variant's index, or an object with `$type`.
    fn read_other(
        de: De<'s, 'de, 'p>,
        name: &'static str,
        variants: &'static [&'static str],
    ) -> Result<Self> {
        match de.peek()? {
            Peek::Object => {}
            Peek::Array => {
                de.wrong_kind("a variant's name, index or {\"$type\": ...} object")?;
                return Self::first(de, variants, Outcome::Success, String::new());
            }
            _ => {
                let s = de.l.r.scalar()?;
                return Self::named(de, name, variants, &s);
            }
        }
        let start = de.l.r.save();
        if de.l.r.at_empty_object()? {
            de.l.r.empty_object()?;
            let message = "the explicit default {}".to_owned();
            return Self::first(de, variants, Outcome::DefaultsUsed, message);
        }
        let (tag, _) = member_at(de, "$type")?;
        let end = de.l.r.save();
        let found = match tag {
            None => Err((
                Outcome::Unsupported,
                format!("a `{name}` object needs a `$type`"),
            )),
            Some(at) => {
                de.l.r.restore(at);
                if de.peek()? == Peek::String {
                    // O3DE trims the type name.
                    let text = de.l.r.string()?;
                    let s = Scalar::Str(text.trim().into());
                    unit_variant(name, variants, &s)
                        .map_err(|e| (Outcome::Unsupported, e.to_string()))
                } else {
                    Err((Outcome::Unknown, "`$type` is not a string".to_owned()))
                }
            }
        };
        match found {
            Ok(variant) => {
                de.l.r.restore(start);
                Ok(Tagged {
                    de,
                    variant,
                    object: Some(start),
                    defaulted: false,
                })
            }
            Err((outcome, message)) => {
                de.l.r.restore(end);
                Self::first(de, variants, outcome, message)
            }
        }
    }

    /// The first variant, for input (already read) that names none, reported with `outcome`
    /// (nothing more to report for Success).
    #[cold]
    fn first(
        de: De<'s, 'de, 'p>,
        variants: &'static [&'static str],
        outcome: Outcome,
        message: String,
    ) -> Result<Self> {
        if outcome != Outcome::Success {
            let step = de.l.ctx.report(outcome, false, || message);
            de.absorb(step)?;
        }
        let variant = variants
            .first()
            .copied()
            .ok_or_else(|| Error::custom("an enum without variants has no value"))?;
        Ok(Tagged {
            de,
            variant,
            object: None,
            defaulted: true,
        })
    }
}

/// Where the value of member `name` (exactly; in any case for others than `$type`) of the
/// object ahead starts, and how many members are neither it nor `$type`; the reader is left
/// after the object.
fn member_at(de: &mut Deserializer<'_, '_>, name: &str) -> Result<(Option<Pos>, usize)> {
    let r = &mut de.l.r;
    r.begin_object()?;
    let (mut first, mut found, mut others) = (true, None, 0);
    while let Some(key) = r.next_key(&mut first)? {
        if found.is_none() && (key == name || (name != "$type" && key.eq_ignore_ascii_case(name))) {
            found = Some(r.save());
        } else if key != "$type" {
            others += 1;
        }
        r.skip_value()?;
    }
    Ok((found, others))
}

/// Skips the object at `start`, reporting its members other than `$type` (and `Value`, when
/// that is the content) as Skipped, as the loader reports members a type does not have; the
/// reader is left after the object.
#[cold]
fn skip_others(
    de: &mut Deserializer<'_, '_>,
    start: Pos,
    value: bool,
    variant: &str,
) -> Result<()> {
    de.l.r.restore(start);
    de.l.r.begin_object()?;
    let depth = enter_key(de, "")?;
    let mut first = true;
    while let Some(key) = de.l.r.next_key(&mut first)? {
        if key == "$type" || (value && key.eq_ignore_ascii_case("Value")) {
            de.l.r.skip_value()?;
            continue;
        }
        de.l.ctx.set_read_key(&key);
        let step =
            de.l.skip(|| format!("variant `{variant}` has no member `{key}`"));
        de.absorb(step)?;
    }
    de.l.ctx.leave(depth);
    Ok(())
}

impl<'s, 'de, 'p> de::EnumAccess<'de> for Tagged<'s, 'de, 'p> {
    type Error = Error;
    type Variant = Self;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self)> {
        let variant: &'static str = self.variant;
        let value = seed.deserialize(variant.into_deserializer())?;
        Ok((value, self))
    }
}

/// Where a variant's content is.
enum Content {
    /// In the `Value` member, where the reader now is: after it, restore `end` and leave the
    /// path to `depth`.
    Value { end: Pos, depth: usize },
    /// In the other members of the object, which the reader is now at.
    Members,
    /// Nowhere: the object has only its `$type`, and the content is the explicit default.
    Default,
}

impl Tagged<'_, '_, '_> {
    /// Puts the reader at the variant's content.
    fn content(&mut self) -> Result<Content> {
        let Some(start) = self.object else {
            let v = self.variant;
            return Err(Error::custom(format!(
                "variant `{v}` has content: write it as {{\"$type\": \"{v}\", ...}}"
            )));
        };
        let de = &mut *self.de;
        match member_at(de, "Value")? {
            (Some(at), others) => {
                if others > 0 {
                    skip_others(de, start, true, self.variant)?;
                }
                let end = de.l.r.save();
                de.l.r.restore(at);
                let depth = enter_key(de, "Value")?;
                Ok(Content::Value { end, depth })
            }
            (None, 0) => Ok(Content::Default),
            (None, _) => {
                de.l.r.restore(start);
                Ok(Content::Members)
            }
        }
    }

    /// After the content read from `Value`.
    fn done(&mut self, content: Content) {
        if let Content::Value { end, depth } = content {
            self.de.l.ctx.leave(depth);
            self.de.l.r.restore(end);
        }
    }
}

impl<'de> de::VariantAccess<'de> for Tagged<'_, 'de, '_> {
    type Error = Error;

    fn unit_variant(self) -> Result<()> {
        if let Some(start) = self.object {
            skip_others(self.de, start, false, self.variant)?;
        }
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(mut self, seed: T) -> Result<T::Value> {
        let content = match self.defaulted {
            true => Content::Default,
            false => self.content()?,
        };
        if matches!(content, Content::Default) {
            return self.de.with_explicit_default(|de| seed.deserialize(de));
        }
        let value = seed.deserialize(&mut *self.de)?;
        self.done(content);
        Ok(value)
    }

    fn tuple_variant<V: Visitor<'de>>(mut self, len: usize, visitor: V) -> Result<V::Value> {
        let content = match self.defaulted {
            true => Content::Default,
            false => self.content()?,
        };
        match content {
            Content::Default => {
                return self.de.with_explicit_default(|de| {
                    de::Deserializer::deserialize_tuple(de, len, visitor)
                })
            }
            Content::Members => {
                return Err(Error::custom(
                    "a tuple variant's content is the array in its `Value` member",
                ))
            }
            Content::Value { .. } => {}
        }
        let value = de::Deserializer::deserialize_tuple(&mut *self.de, len, visitor)?;
        self.done(content);
        Ok(value)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let variant = self.variant;
        if self.defaulted {
            return self.de.with_explicit_default(|de| {
                de::Deserializer::deserialize_struct(de, variant, fields, visitor)
            });
        }
        let Some(start) = self.object else {
            return Err(Error::custom(format!(
                "variant `{variant}` has members: write it as {{\"$type\": \"{variant}\", ...}}"
            )));
        };
        self.de.l.r.restore(start);
        de::Deserializer::deserialize_struct(&mut *self.de, variant, fields, visitor)
    }
}
