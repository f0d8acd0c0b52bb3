//! Load for the kinds that carry other types: entities (components by name or id), polymorphic
//! values (`$type` found anywhere in the object) and `any` (`{"$type", "Value"}`).

use rosetta_types::{Kind, TypeId, Value};

use super::value::{failed, placeholder, Load};
use crate::o3de::report::context::{Halt, Step};
use crate::o3de::report::result::Outcome;
use crate::o3de::repr::names::{resolve, type_name, Unresolved};
use crate::text::reader::Peek;

impl<'a> Load<'_, 'a, '_> {
    /// An entity: an object, one level deeper as [`MAX_NESTING`](rosetta_types::MAX_NESTING)
    /// counts them (and its components' data one more).
    pub(crate) fn entity(&mut self, target: &mut Value) -> Step {
        if self.r.peek()? != Peek::Object {
            return self.wrong_kind("an object of components");
        }
        self.ctx.enter_object()?;
        let code = self.components(target);
        self.ctx.leave_object();
        code
    }

    /// The components of the entity ahead.
    fn components(&mut self, target: &mut Value) -> Step {
        if !matches!(target, Value::Entity(_)) {
            *target = Value::entity([]);
        }
        let Value::Entity(components) = target else {
            return Err(self.ctx.error("not an entity value"));
        };
        self.r.begin_object()?;
        let mut first = true;
        let mut result = self.ctx.code(Outcome::Success);
        let reg = self.reg;
        while let Some(key) = self.r.next_key(&mut first)? {
            let len = self.ctx.enter_read_key(&key)?;
            let component = reg
                .lookup(&key)
                .and_then(|id| reg.get(id))
                .or_else(|| key.parse::<u32>().ok().and_then(|n| reg.component(n)))
                .or_else(|| {
                    reg.components().find(|c| {
                        c.qualified_name()
                            .is_some_and(|q| q.eq_ignore_ascii_case(&key))
                            || c.name().is_some_and(|n| n.eq_ignore_ascii_case(&key))
                    })
                })
                .and_then(|t| t.component().map(|c| (t.id(), c.id())));
            let code = match component {
                Some((ty, id)) => {
                    let mut data = match components.remove(&id) {
                        Some(d) => d,
                        None => self.default_of(ty)?,
                    };
                    let code = self.value(ty, &mut data);
                    components.insert(id, data);
                    code
                }
                None => self.skip(|| format!("no component `{key}`")),
            };
            self.ctx.leave(len);
            result.absorb(code?);
        }
        Ok(result)
    }

    /// The `$type` member of the object ahead, if it has one: the first, as RapidJSON's
    /// `FindMember` finds it (the reader is left where it was).
    fn peek_type(&mut self) -> Result<Option<TypeMember<'a>>, Halt> {
        let saved = self.r.save();
        self.r.begin_object()?;
        let mut first = true;
        let mut found = None;
        while let Some(key) = self.r.next_key(&mut first)? {
            if key == "$type" && found.is_none() {
                found = Some(if self.r.peek()? == Peek::String {
                    TypeMember::Name(self.r.string()?)
                } else {
                    self.r.skip_value()?;
                    TypeMember::NotAString
                });
            } else {
                self.r.skip_value()?;
            }
        }
        self.r.restore(saved);
        Ok(found)
    }

    pub(crate) fn polymorphic(&mut self, base: TypeId, target: &mut Value) -> Step {
        if self.r.peek()? != Peek::Object {
            return self.wrong_kind("an object");
        }
        let current = match target {
            Value::Dynamic(d) => d.ty,
            _ => base,
        };
        let actual = match self.peek_type()? {
            None => current,
            Some(member) => match self.resolve_type(member, base)? {
                Some(t) => t,
                None => return Ok(self.ctx.code(Outcome::Unknown)),
            },
        };
        if !self.reg.is_subtype(actual, base) {
            self.r.skip_value()?;
            let message = format!(
                "`{}` does not derive from `{}`",
                type_name(self.reg, actual),
                type_name(self.reg, base)
            );
            return self.ctx.report(Outcome::TypeMismatch, false, || message);
        }
        let mut value = match target {
            Value::Dynamic(d) if d.ty == actual => std::mem::replace(&mut d.value, placeholder()),
            _ => self.default_of(actual)?,
        };
        let is_struct = matches!(
            self.reg.get(actual).map(|t| t.kind()),
            Some(Kind::Struct(_))
        );
        let code = if is_struct {
            self.structure(actual, &mut value)
        } else {
            self.value_member(actual, &mut value)
        };
        if let Ok(c) = code {
            if failed(c) && current != actual {
                return Ok(c);
            }
        }
        *target = Value::dynamic(actual, value);
        code
    }

    fn resolve_type(
        &mut self,
        member: TypeMember<'_>,
        base: TypeId,
    ) -> Result<Option<TypeId>, Halt> {
        let found = match &member {
            TypeMember::Name(name) => resolve(self.reg, name, Some(base)),
            // The engine cannot determine a type from anything but a string.
            TypeMember::NotAString => Err(Unresolved::Unknown),
        };
        match found {
            Ok(t) => Ok(Some(t)),
            Err(why) => {
                self.r.skip_value()?;
                let message = match (member, why) {
                    (TypeMember::NotAString, _) => "the `$type` is not a string".to_owned(),
                    (TypeMember::Name(name), Unresolved::Unknown) => {
                        format!("no type named {name:?}")
                    }
                    (TypeMember::Name(name), Unresolved::Ambiguous) => {
                        format!("more than one type named {name:?}")
                    }
                };
                let len = self.ctx.enter_key("$type")?;
                let code = self.ctx.report(Outcome::Unknown, false, || message);
                self.ctx.leave(len);
                code.map(|_| None)
            }
        }
    }

    /// The `Value` member of an object: `Value` if there is one, else `value` (the engine reads
    /// those two), else one in another case; a missing one is the default (no work done).
    fn value_member(&mut self, ty: TypeId, target: &mut Value) -> Step {
        self.r.begin_object()?;
        let mut first = true;
        // The best member so far: its rank (0 `Value`, 1 `value`, 2 another case), where its
        // value starts and its name.
        let mut best: Option<(u8, _, std::borrow::Cow<'_, str>)> = None;
        while let Some(key) = self.r.next_key(&mut first)? {
            let rank = match key.as_ref() {
                "Value" => 0,
                "value" => 1,
                k if k.eq_ignore_ascii_case("value") => 2,
                _ => 3,
            };
            if rank < best.as_ref().map_or(3, |(r, ..)| *r) {
                best = Some((rank, self.r.save(), key));
            }
            self.r.skip_value()?;
        }
        let Some((_, at, key)) = best else {
            return Ok(self.ctx.fresh());
        };
        let end = self.r.save();
        self.r.restore(at);
        let len = self.ctx.enter_read_key(&key)?;
        let code = self.value(ty, target);
        self.ctx.leave(len);
        self.r.restore(end);
        code
    }

    /// `AZStd::any` (`JsonAnySerializer::Load`): `{"$type": name, "Value": value}`, read into a
    /// new value of that type. With no `$type`, or one that names no type (reported Unknown,
    /// without halting), the target is left as it is: DefaultsUsed.
    pub(crate) fn any(&mut self, target: &mut Value) -> Step {
        if self.r.peek()? != Peek::Object {
            return self.wrong_kind("an object");
        }
        let Some(member) = self.peek_type()? else {
            self.r.skip_value()?;
            return self.ctx.report(Outcome::DefaultsUsed, false, || {
                "no `$type`: the default, empty value".into()
            });
        };
        let ty = match self.resolve_type(member, TypeId::ANY) {
            Ok(Some(ty)) => ty,
            Ok(None) | Err(Halt::Code(_)) => return Ok(self.ctx.code(Outcome::DefaultsUsed)),
            Err(e) => return Err(e),
        };
        let mut value = self.default_of(ty)?;
        let code = self.value_member(ty, &mut value)?;
        *target = Value::dynamic(ty, value);
        // The type read is work done: a missing `Value` makes the whole PartialDefaults.
        let code = if code.has_done_work() {
            code
        } else {
            self.ctx.code(Outcome::DefaultsUsed)
        };
        Ok(self.ctx.code(Outcome::Success).combine(code))
    }
}

/// The `$type` member of an object.
enum TypeMember<'a> {
    Name(std::borrow::Cow<'a, str>),
    NotAString,
}
