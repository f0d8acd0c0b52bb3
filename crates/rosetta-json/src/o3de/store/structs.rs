//! Store for structs: an object of the members in declaration order, each left out when it
//! equals its default (a plain member written directly, with nothing to report).

use rosetta_types::{Kind, TypeId, Value};

use super::default::Dflt;
use super::value::Store;
use crate::o3de::report::context::Step;
use crate::o3de::report::result::{Outcome, ResultCode};
use crate::text::writer::Frame;

impl<'r> Store<'r, '_> {
    /// A struct value as an object; nothing (DefaultsUsed) when every member is the default.
    pub(crate) fn structure(&mut self, ty: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let start = self.w.len();
        let mut frame = self.w.begin_object();
        let mut result = self.members(&mut frame, ty, v, d)?;
        if !result.has_done_work() && self.opts.keep_defaults {
            result = self.ctx.code(Outcome::Success);
        }
        if result.outcome() == Outcome::DefaultsUsed && !self.opts.keep_defaults {
            self.w.abandon(start);
            return self.defaults_used();
        }
        self.w.end_object(frame);
        Ok(result)
    }

    /// The members of struct value `v` into an open object, defaults left out. The struct is an
    /// object, one level deeper as [`MAX_NESTING`](rosetta_types::MAX_NESTING) counts them,
    /// whether or not it is left out as the default.
    pub(crate) fn members(
        &mut self,
        frame: &mut Frame,
        ty: TypeId,
        v: &'r Value,
        d: Dflt<'_>,
    ) -> Step {
        self.ctx.enter_object()?;
        let code = self.members_of(frame, ty, v, d);
        self.ctx.leave_object();
        code
    }

    /// [`Store::members`] within the struct's level.
    fn members_of(&mut self, frame: &mut Frame, ty: TypeId, v: &'r Value, d: Dflt<'_>) -> Step {
        let reg = self.reg;
        let Some(Kind::Struct(s)) = reg.get(ty).map(|t| t.kind()) else {
            return Err(self.mismatch(ty, v));
        };
        let Value::Struct(values) = v else {
            return Err(self.mismatch(ty, v));
        };
        if values.len() != s.len() {
            return Err(self.mismatch(ty, v));
        }
        if let Some(code) = self.planned_members(frame, ty, s, values, d)? {
            return Ok(code);
        }
        let mut result = self.ctx.fresh();
        for (i, (field, value)) in s.fields().iter().zip(values.iter()).enumerate() {
            result.absorb(self.member(frame, field, value, d.field(s, i), None)?);
        }
        Ok(result)
    }

    /// One member, left out when it is the default; `key` is its name as compact JSON text
    /// (`"name":`) when the caller has it.
    pub(crate) fn member(
        &mut self,
        frame: &mut Frame,
        field: &'r rosetta_types::Field,
        value: &'r Value,
        d: Dflt<'_>,
        key: Option<&str>,
    ) -> Step {
        if let Some(code) = self.plain_member(frame, field, value, d) {
            return Ok(code);
        }
        let mark = self.w.mark(frame);
        match key {
            Some(key) => self.w.compact_key(frame, key),
            None => self.w.key(frame, field.name()),
        }
        let len = self.ctx.enter_key(field.name())?;
        let start = self.w.len();
        let code = self.value(field.ty(), value, d);
        self.ctx.leave(len);
        let code = code?;
        if self.left_out(&code, start) {
            self.w.rollback(frame, mark);
        }
        Ok(code)
    }

    /// Whether the value written from `start`, which reported `code`, is to be left out: it
    /// wrote nothing, or it is the default and defaults are not kept.
    pub(crate) fn left_out(&self, code: &ResultCode, start: usize) -> bool {
        self.w.len() == start
            || (code.outcome() == Outcome::DefaultsUsed && !self.opts.keep_defaults)
    }

    /// The common member, a bool, number or string of its field's type, written (or left out
    /// as the default) directly: nothing to report, so no path. `None` for everything else.
    #[inline]
    fn plain_member(
        &mut self,
        frame: &mut Frame,
        field: &rosetta_types::Field,
        value: &'r Value,
        d: Dflt<'_>,
    ) -> Option<ResultCode> {
        if self.opts.report_successes {
            return None;
        }
        let kind = self.reg.get(field.ty())?.kind();
        let plain = matches!(
            (kind, value),
            (Kind::Bool, Value::Bool(_))
                | (Kind::Float(_), Value::F32(_) | Value::F64(_))
                | (Kind::String, Value::String(_))
                | (
                    Kind::Int(_),
                    Value::I8(_)
                        | Value::I16(_)
                        | Value::I32(_)
                        | Value::I64(_)
                        | Value::U8(_)
                        | Value::U16(_)
                        | Value::U32(_)
                        | Value::U64(_)
                )
        );
        if !plain {
            return None;
        }
        if d.leaf_is_default(kind, value) {
            return Some(self.ctx.code(Outcome::DefaultsUsed));
        }
        self.w.key(frame, field.name());
        match *value {
            Value::Bool(b) => self.w.boolean(b),
            Value::F32(x) => self.f32(x),
            Value::F64(x) => self.f64(x),
            Value::String(ref s) => self.w.string(s),
            Value::U64(x) => self.w.u64(x),
            ref other => self.w.i64(other.as_i64().unwrap_or_default()),
        }
        Some(self.ctx.code(Outcome::Success))
    }
}
