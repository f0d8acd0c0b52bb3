//! The deserializer's state ([`Deserializer`]): the load it reads with, the combined result,
//! and what every part of the walk shares (reporting, nesting, scalars by the loader's rules).

use ::serde::de::Visitor;
use rosetta_types::{TypeId, Value};

use crate::error::{Error, Result};
use crate::o3de::load::value::Load;
use crate::o3de::report::context::Halt;
use crate::o3de::report::result::{Outcome, ResultCode};
use crate::text::reader::Peek;

pub(crate) struct Deserializer<'de, 'p> {
    pub(super) l: Load<'static, 'de, 'p>,
    /// Every value's result, combined.
    pub(super) result: ResultCode,
    /// A plain Success, when successes are not reported (else [`ResultCode::NEVER`]): a value
    /// read as written into a result that is this already has nothing to do.
    pub(super) quiet_success: ResultCode,
    /// A fresh result, when successes are not reported (else [`ResultCode::NEVER`]): the first
    /// value read as written into a nested value's result makes it a plain Success.
    pub(super) quiet_fresh: ResultCode,
    /// Options and newtypes open around what is being read: they nest no JSON, but a
    /// recursive type can nest them without end (the serializer counts them the same way).
    pub(super) wraps: usize,
    pub(super) max_wraps: usize,
}

impl<'de> Deserializer<'de, '_> {
    pub(super) fn halt(&self, halt: Halt) -> Error {
        match halt {
            Halt::Error(e) => e,
            Halt::Code(code) => Error::at(self.l.ctx.path(), format!("loading stopped: {code}")),
        }
    }

    #[inline]
    pub(super) fn absorb(&mut self, step: std::result::Result<ResultCode, Halt>) -> Result<()> {
        match step {
            Ok(code) => {
                self.result.absorb(code);
                Ok(())
            }
            Err(h) => Err(self.halt(h)),
        }
    }

    /// A value read as written. Nearly every value is one, so the common case (nothing to
    /// report, and Success already in the result) does nothing.
    #[inline(always)]
    pub(super) fn success(&mut self) -> Result<()> {
        if self.result == self.quiet_success {
            return Ok(());
        }
        if self.result == self.quiet_fresh {
            self.result = self.quiet_success;
            return Ok(());
        }
        self.report_success()
    }

    /// [`Deserializer::success`] when there is something to do: kept out of line, so that the
    /// typed readers it sits in stay small enough to inline.
    #[inline(never)]
    pub(super) fn report_success(&mut self) -> Result<()> {
        let step = self.l.ctx.report(Outcome::Success, false, String::new);
        self.absorb(step)
    }

    /// Reads a value that is its content (`Some(v)`, a newtype struct), within the nesting
    /// limit.
    pub(super) fn wrapped<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        self.enter_wrap()?;
        let result = read(self);
        self.wraps -= 1;
        result
    }

    /// One wrapping value more (see [`Deserializer::wrapped`]); the caller takes it off
    /// `wraps` again.
    pub(super) fn enter_wrap(&mut self) -> Result<()> {
        if self.wraps >= self.max_wraps {
            return Err(Error::custom(format!(
                "nesting deeper than {} levels",
                self.max_wraps
            )));
        }
        self.wraps += 1;
        Ok(())
    }

    /// Reads with `read` from the explicit default `{}` instead of the text: a value that is
    /// missing, or that takes its default, as O3DE reads it.
    pub(super) fn with_explicit_default<T>(
        &mut self,
        read: impl FnOnce(&mut Self) -> Result<T>,
    ) -> Result<T> {
        let empty = self.l.r.over("{}");
        let text = std::mem::replace(&mut self.l.r, empty);
        let value = read(self);
        self.l.r = text;
        value
    }

    /// A scalar of built-in type `ty`, by the loader's rules; a value that cannot be read is
    /// reported and comes back as the type's default (zero, false, empty).
    pub(super) fn leaf(&mut self, ty: TypeId) -> Result<Value> {
        let mut v = Value::nil();
        let step = self.l.value(ty, &mut v);
        self.absorb(step)?;
        Ok(v)
    }

    /// Reads `{}` (the object ahead, if empty) where a list or map is expected: O3DE's
    /// explicit default (DefaultsUsed), here the empty container, what a new value starts as.
    /// Whether it was there.
    pub(super) fn explicit_default(&mut self) -> Result<bool> {
        if !self.l.r.at_empty_object()? {
            return Ok(false);
        }
        self.l.r.empty_object()?;
        let step = self.l.ctx.report(Outcome::DefaultsUsed, false, || {
            "the explicit default {}".into()
        });
        self.absorb(step)?;
        Ok(true)
    }

    /// Reports a value of the wrong JSON kind and skips it.
    pub(super) fn wrong_kind(&mut self, expected: &str) -> Result<()> {
        let step = self.l.wrong_kind(expected);
        self.absorb(step)
    }

    /// Starts a value whose result is combined apart (see [`Nested`]): the enclosing value's
    /// result so far, for [`Deserializer::end_nested`]. (Bookkeeping around the value rather
    /// than a closure taking it: values come back through one less copy.)
    #[inline(always)]
    pub(super) fn begin_nested(&mut self) -> ResultCode {
        std::mem::replace(&mut self.result, self.l.ctx.fresh())
    }

    #[inline(always)]
    pub(super) fn end_nested(&mut self, outer: ResultCode, kind: Nested) {
        let inner = match kind {
            Nested::Container => self.l.ctx.container(self.result),
            Nested::Struct => self.result,
        };
        self.result = outer;
        self.result.absorb(inner);
    }

    #[inline(always)]
    pub(super) fn peek(&mut self) -> Result<Peek> {
        self.l.r.peek()
    }

    /// A string read as written, borrowed from the text when it has no escapes.
    pub(super) fn string<V: Visitor<'de>>(&mut self, visitor: V) -> Result<V::Value> {
        if let Some(s) = self.l.r.string_if_next()? {
            self.success()?;
            return match s {
                std::borrow::Cow::Borrowed(s) => visitor.visit_borrowed_str(s),
                std::borrow::Cow::Owned(s) => visitor.visit_string(s),
            };
        }
        let v = self.leaf(TypeId::STRING)?;
        visit_leaf(v, visitor)
    }
}

/// How a nested value's result is made from its parts' (as `load` makes them).
#[derive(Clone, Copy)]
pub(super) enum Nested {
    /// An array or map: nothing in it is Success; all defaults are PartialDefaults.
    Container,
    /// A struct: its members' results combined.
    Struct,
}

/// Hands a scalar the loader made to `visitor`.
pub(super) fn visit_leaf<'de, V: Visitor<'de>>(v: Value, visitor: V) -> Result<V::Value> {
    match v {
        Value::Bool(b) => visitor.visit_bool(b),
        Value::Char(c) => visitor.visit_char(c),
        Value::I8(x) => visitor.visit_i8(x),
        Value::I16(x) => visitor.visit_i16(x),
        Value::I32(x) => visitor.visit_i32(x),
        Value::I64(x) => visitor.visit_i64(x),
        Value::U8(x) => visitor.visit_u8(x),
        Value::U16(x) => visitor.visit_u16(x),
        Value::U32(x) => visitor.visit_u32(x),
        Value::U64(x) => visitor.visit_u64(x),
        Value::F32(x) => visitor.visit_f32(x),
        Value::F64(x) => visitor.visit_f64(x),
        Value::String(s) => visitor.visit_string(s.into_string()),
        Value::Bytes(b) => visitor.visit_byte_buf(b.into_vec()),
        other => Err(Error::custom(format!(
            "a {} is not a scalar",
            other.kind_name()
        ))),
    }
}

/// Index of `name` among `names`: exactly, else in any case (O3DE matches member names so).
pub(super) fn find_name(names: &[&'static str], name: &str) -> Option<usize> {
    names
        .iter()
        .position(|n| *n == name)
        .or_else(|| names.iter().position(|n| n.eq_ignore_ascii_case(name)))
}

/// A reader position ([`Reader::save`](crate::text::reader::Reader::save)).
pub(super) type Pos = (usize, usize);
