//! What the deserializer hands serde's visitors: the elements of an array, the members of a
//! struct (maps are in `maps.rs`, enums in `variant.rs`). Each step enters its JSON Pointer
//! step before the value and leaves it after.

use std::marker::PhantomData;

use ::serde::de::{self, DeserializeSeed, IntoDeserializer};

use super::state::{find_name, Deserializer};
use crate::error::{Error, Result};
use crate::o3de::options::Rules;
use crate::o3de::report::result::Outcome;
use crate::text::reader::Member;

pub(super) type De<'s, 'de, 'p> = &'s mut Deserializer<'de, 'p>;

/// Enters the path step of an element.
#[inline]
pub(super) fn enter_index(de: &mut Deserializer<'_, '_>, index: usize) -> Result<usize> {
    let step = de.l.ctx.enter_index(index);
    step.map_err(|h| de.halt(h))
}

/// Enters the path step of member `name` (`""` for a step named per member later).
#[inline]
pub(super) fn enter_key(de: &mut Deserializer<'_, '_>, name: &'static str) -> Result<usize> {
    let step = de.l.ctx.enter_key(name);
    step.map_err(|h| de.halt(h))
}

/// `seed` read from the value ahead, under the path step of member `name`.
pub(super) fn read_member<'de, T: DeserializeSeed<'de>>(
    de: &mut Deserializer<'de, '_>,
    name: &'static str,
    seed: T,
) -> Result<T::Value> {
    let depth = enter_key(de, name)?;
    let value = seed.deserialize(&mut *de)?;
    de.l.ctx.leave(depth);
    Ok(value)
}

/// Reads member `name`, which is missing, as O3DE reads a missing `Key` or `Value` of a map
/// entry: as `{}`, the explicit default.
#[cold]
pub(super) fn read_explicit_default<'de, T: DeserializeSeed<'de>>(
    de: &mut Deserializer<'de, '_>,
    name: &'static str,
    seed: T,
) -> Result<T::Value> {
    de.with_explicit_default(|de| read_member(de, name, seed))
}

/// The elements of a sequence that is not there (the explicit default `{}`, or a value of the
/// wrong kind, reported): none, or for a tuple its elements' explicit defaults.
pub(super) struct Defaults<'s, 'de, 'p> {
    pub de: De<'s, 'de, 'p>,
    pub left: usize,
}

impl<'de> de::SeqAccess<'de> for Defaults<'_, 'de, '_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.de
            .with_explicit_default(|de| seed.deserialize(de))
            .map(Some)
    }
}

/// The elements of an array. The path's innermost step is the element's index: entered once,
/// changed per element.
pub(super) struct Seq<'s, 'de, 'p> {
    de: De<'s, 'de, 'p>,
    first: bool,
    index: usize,
    /// The path depth to leave to at the end.
    depth: usize,
    /// The closing `]` has been read.
    done: bool,
    /// A tuple's element count (else 0): elements the array lacks take their defaults.
    tuple: usize,
}

impl<'s, 'de, 'p> Seq<'s, 'de, 'p> {
    /// After the `[`. Inlined, as are the other accesses' `new`: built in place, not copied
    /// out of a returned `Result` with loads wider than the stores that made it (a failed
    /// store forward).
    #[inline(always)]
    pub fn new(de: De<'s, 'de, 'p>, tuple: usize) -> Result<Self> {
        let depth = enter_index(de, 0)?;
        Ok(Seq {
            de,
            first: true,
            index: 0,
            depth,
            done: false,
            tuple,
        })
    }

    /// The array is shorter than the tuple: reported as the loader reports it (DefaultsUsed by
    /// the documentation's rule, else Unsupported); the rest take their defaults.
    #[cold]
    fn short(&mut self) -> Result<()> {
        let (found, wanted) = (self.index, self.tuple);
        let outcome = if self.de.l.opts.rules == Rules::Documented {
            Outcome::DefaultsUsed
        } else {
            Outcome::Unsupported
        };
        let step = self.de.l.ctx.report(outcome, false, || {
            format!("expected {wanted} elements, found {found}: the rest take their defaults")
        });
        self.de.absorb(step)
    }

    /// Reads the `]` when the visitor stopped before it (a tuple or fixed-size array reads
    /// just its elements). Elements it did not take are skipped and reported.
    #[inline]
    pub fn finish(&mut self) -> Result<()> {
        if self.done {
            // The path was left at the `]`.
            return Ok(());
        }
        if self.de.l.r.next_element(&mut self.first)? {
            return self.skip_rest();
        }
        self.de.l.ctx.leave(self.depth);
        self.done = true;
        Ok(())
    }

    /// Skips the element ahead and any after it.
    #[inline(never)]
    fn skip_rest(&mut self) -> Result<()> {
        loop {
            self.de.l.ctx.set_index(self.index);
            let step = self
                .de
                .l
                .skip(|| "more elements than the type holds".into());
            self.de.absorb(step)?;
            self.index += 1;
            if !self.de.l.r.next_element(&mut self.first)? {
                break;
            }
        }
        self.de.l.ctx.leave(self.depth);
        self.done = true;
        Ok(())
    }
}

impl<'de> de::SeqAccess<'de> for Seq<'_, 'de, '_> {
    type Error = Error;

    #[inline]
    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if !self.done {
            if self.de.l.r.next_element(&mut self.first)? {
                self.de.l.ctx.set_index(self.index);
                self.index += 1;
                return seed.deserialize(&mut *self.de).map(Some);
            }
            self.de.l.ctx.leave(self.depth);
            self.done = true;
            if self.index < self.tuple {
                self.short()?;
            }
        }
        if self.index < self.tuple {
            self.index += 1;
            return self
                .de
                .with_explicit_default(|de| seed.deserialize(de))
                .map(Some);
        }
        Ok(None)
    }
}

/// The members of a struct: names matched exactly, else in any case; `$type` ignored; members
/// the struct does not have skipped and reported.
pub(super) struct Members<'s, 'de, 'p> {
    de: De<'s, 'de, 'p>,
    name: &'static str,
    fields: &'static [&'static str],
    first: bool,
    /// The field after the last one read: members usually come in declaration order.
    hint: usize,
    seen: usize,
    /// The fields read so far (the first 128), to skip a second member for one of them: a
    /// derived visitor refuses duplicates. Kept from the first member out of declaration
    /// order on: until then the fields read are those before `hint`.
    present: u128,
    tracking: bool,
    /// The path depth to leave to at the end (the innermost step is the current member's).
    depth: usize,
    done: bool,
}

impl<'s, 'de, 'p> Members<'s, 'de, 'p> {
    /// After the `{`.
    #[inline(always)]
    pub fn new(
        de: De<'s, 'de, 'p>,
        name: &'static str,
        fields: &'static [&'static str],
    ) -> Result<Self> {
        // The step is named per member (`Ctx::set_key`, `Ctx::set_read_key`).
        let depth = enter_key(de, "")?;
        Ok(Members {
            de,
            name,
            fields,
            first: true,
            hint: 0,
            seen: 0,
            present: 0,
            tracking: false,
            depth,
            done: false,
        })
    }

    /// Reads what the visitor left of the object; the number of members matched.
    #[inline]
    pub fn finish(&mut self) -> Result<usize> {
        if !self.done {
            drain(self)?;
        }
        Ok(self.seen)
    }
}

impl<'de> Members<'_, 'de, '_> {
    /// Field `index`, `name`, is next (its path step set): the visitor is told which.
    #[inline(always)]
    fn member<K: DeserializeSeed<'de>>(
        &mut self,
        index: usize,
        name: &'static str,
        seed: K,
    ) -> Result<Option<K::Value>> {
        self.hint = index + 1;
        self.seen += 1;
        if self.tracking {
            if let Some(bit) = 1u128.checked_shl(index as u32) {
                self.present |= bit;
            }
        }
        seed.deserialize(name.into_deserializer()).map(Some)
    }

    #[inline(always)]
    fn is_present(&self, index: usize) -> bool {
        1u128
            .checked_shl(index as u32)
            .is_some_and(|bit| self.present & bit != 0)
    }

    /// A second member for field `name`, skipped: O3DE keeps the last, but the visitor has the
    /// first already.
    #[cold]
    fn duplicate(&mut self, name: &str) -> Result<()> {
        let step = self
            .de
            .l
            .skip(|| format!("a second `{name}`, skipped: the first is kept"));
        self.de.absorb(step)
    }
}

impl<'de> de::MapAccess<'de> for Members<'_, 'de, '_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.done {
            return Ok(None);
        }
        loop {
            let expected = self.fields.get(self.hint).copied();
            let key = match self.de.l.r.next_member(&mut self.first, expected)? {
                Member::Expected => {
                    // `expected` is `Some` for the reader to have matched it.
                    let name = expected.unwrap_or_default();
                    self.de.l.ctx.set_key(name);
                    if self.tracking && self.is_present(self.hint) {
                        self.duplicate(name)?;
                        continue;
                    }
                    return self.member(self.hint, name, seed);
                }
                Member::Other(key) => key,
                Member::End => {
                    // What the visitor says next (a missing member) is about the struct.
                    self.de.l.ctx.leave(self.depth);
                    self.done = true;
                    return Ok(None);
                }
            };
            if let Some(i) = find_name(self.fields, &key) {
                // The path names the member as the text spells it.
                self.de.l.ctx.set_read_key(&key);
                let name = self.fields[i];
                if !self.tracking {
                    self.tracking = true;
                    self.present = 1u128
                        .checked_shl(self.hint as u32)
                        .map_or(u128::MAX, |bit| bit - 1);
                }
                if self.is_present(i) {
                    self.duplicate(name)?;
                    continue;
                }
                return self.member(i, name, seed);
            }
            if key == "$type" {
                self.de.l.r.skip_value()?;
                continue;
            }
            self.de.l.ctx.set_read_key(&key);
            let name = self.name;
            let step = self.de.l.skip(|| format!("`{name}` has no member `{key}`"));
            self.de.absorb(step)?;
        }
    }

    #[inline]
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        seed.deserialize(&mut *self.de)
    }
}

/// Reads (and ignores) what a visitor left of a map: its entries until the end, once.
#[inline(never)]
pub(super) fn drain<'de, M: de::MapAccess<'de, Error = Error>>(map: &mut M) -> Result<()> {
    while map.next_key_seed(PhantomData::<de::IgnoredAny>)?.is_some() {
        map.next_value_seed(PhantomData::<de::IgnoredAny>)?;
    }
    Ok(())
}
