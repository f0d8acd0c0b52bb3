//! Enums and bitmasks (`LoadUnderlyingEnumType`): a number, a string (numeric text, then a
//! name in any case) or an array of those, OR-ed.

use rosetta_types::{EnumType, Value};

use super::scalar::{self as scalar, Loaded};
use super::value::{failed, Load};
use crate::o3de::report::context::Step;
use crate::text::reader::Peek;

impl Load<'_, '_, '_> {
    /// An enum or bitmask value into `target`; `closed`: only its constants are values.
    pub(crate) fn enumeration(&mut self, e: &EnumType, closed: bool, target: &mut Value) -> Step {
        match self.r.peek()? {
            Peek::Array => self.enum_array(e, closed, target),
            Peek::Object => self.wrong_kind("an enum name, number or array"),
            _ => {
                let loaded = scalar::enum_scalar(e, closed, &self.r.scalar()?);
                self.apply(loaded, target)
            }
        }
    }

    /// `LoadEnumFromContainer`: each element is read on its own, reported at its index and
    /// OR-ed in; one that fails (a wrong name, a bool, an array) adds nothing, `""` adds
    /// nothing as a default. The target becomes the result, as in the engine, even when
    /// elements failed; its old value is not OR-ed in. `[]` leaves it as the default.
    fn enum_array(&mut self, e: &EnumType, closed: bool, target: &mut Value) -> Step {
        self.r.begin_array()?;
        let mut first = true;
        let mut result = self.ctx.fresh();
        let mut bits = 0i64;
        let mut depth = None;
        let mut index = 0;
        while self.r.next_element(&mut first)? {
            self.ctx.element_step(&mut depth, index)?;
            index += 1;
            let loaded = match self.r.peek()? {
                Peek::Array | Peek::Object => {
                    self.r.skip_value()?;
                    Loaded::unsupported("an enum array holds names and numbers")
                }
                _ => scalar::enum_scalar(e, false, &self.r.scalar()?),
            };
            let code = self.ctx.report(loaded.outcome, loaded.coerced, || {
                loaded.message.into_owned()
            })?;
            if let (Some(Value::Enum(v)), false) = (loaded.value, failed(code)) {
                bits |= v;
            }
            result.absorb(code);
        }
        let Some(depth) = depth else {
            return self.apply(Loaded::defaults("an empty enum array"), target);
        };
        self.ctx.leave(depth);
        *target = Value::Enum(bits);
        // The OR of constants need not be one; numeric text was reported per element. Not
        // when no element read: the value is dropped then, as the engine drops it.
        let checked = scalar::check_closed(e, closed, bits, None);
        if checked.coerced && !failed(result) {
            result.absorb(self.apply(checked, target)?);
        }
        Ok(result)
    }
}
