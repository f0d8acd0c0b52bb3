//! Containers of a fixed size, `AZStd::array`, pair and tuple: loaded in place, slot by slot.

use rosetta_types::{TypeId, Value};

use super::value::{failed, Load};
use crate::o3de::options::Rules;
use crate::o3de::report::context::{Halt, Step};
use crate::o3de::report::result::Outcome;
use crate::text::reader::Peek;

impl Load<'_, '_, '_> {
    /// How many elements the array ahead holds (the reader is left where it was).
    pub fn count_elements(&mut self) -> Result<usize, Halt> {
        let saved = self.r.save();
        self.r.begin_array()?;
        let mut first = true;
        let mut n = 0;
        while self.r.next_element(&mut first)? {
            self.r.skip_value()?;
            n += 1;
        }
        self.r.restore(saved);
        Ok(n)
    }

    /// `AZStd::array`: exactly `n` elements loaded in place; fewer is Unsupported, more are
    /// skipped.
    pub(crate) fn array(&mut self, element: TypeId, n: usize, target: &mut Value) -> Step {
        if self.r.peek()? != Peek::Array {
            return self.wrong_kind("an array");
        }
        let count = self.count_elements()?;
        let documented = self.opts.rules == Rules::Documented;
        if count < n && !documented {
            self.r.skip_value()?;
            return self.ctx.report(Outcome::Unsupported, false, || {
                format!("expected {n} elements, found {count}")
            });
        }
        if target.as_list().map_or(true, |l| l.len() != n) {
            *target = Value::list(vec![self.default_of(element)?; n]);
        }
        let Value::List(items) = target else {
            return Err(self.ctx.error("not an array value"));
        };
        self.r.begin_array()?;
        let mut first = true;
        // As `JsonArraySerializer`: the elements' codes alone (all failed is Altered, all
        // defaults DefaultsUsed); the extra elements are Skipped, with no report of each.
        let mut result = self.ctx.fresh();
        let mut i = 0;
        while self.r.next_element(&mut first)? {
            if i >= n {
                self.r.skip_value()?;
                result.absorb(self.ctx.code(Outcome::Skipped));
                i += 1;
                continue;
            }
            let len = self.ctx.enter_index(i)?;
            let code = self.value(element, &mut items[i]);
            self.ctx.leave(len);
            result.absorb(code?);
            i += 1;
        }
        if count < n {
            // The documentation's rule: the missing elements take their defaults (loaded onto
            // a value, the engine's would keep theirs).
            for item in &mut items[count..] {
                *item = self.default_of(element)?;
            }
            result.absorb(self.ctx.code(Outcome::DefaultsUsed));
        }
        Ok(result)
    }

    /// pair and tuple: slots filled in order; an element that cannot be read is skipped and the
    /// next element tried for the same slot.
    pub(crate) fn tuple(&mut self, types: &[TypeId], target: &mut Value) -> Step {
        if self.r.peek()? != Peek::Array {
            return self.wrong_kind("an array");
        }
        let count = self.count_elements()?;
        let mut slots: Vec<Value> = match target {
            Value::Tuple(t) if t.len() == types.len() => t.to_vec(),
            _ => types
                .iter()
                .map(|&t| self.default_of(t))
                .collect::<Result<_, _>>()?,
        };
        let documented = self.opts.rules == Rules::Documented;
        if count < types.len() && !documented {
            self.r.skip_value()?;
            return self.ctx.report(Outcome::Unsupported, false, || {
                format!("expected {} elements, found {count}", types.len())
            });
        }
        self.r.begin_array()?;
        let mut first = true;
        // As `JsonTupleSerializer::LoadContainer`: the elements' codes alone; the elements after
        // the last slot is filled are not read at all.
        let mut result = self.ctx.fresh();
        let mut slot = 0;
        let mut index = 0;
        while self.r.next_element(&mut first)? {
            if slot >= types.len() {
                self.r.skip_value()?;
                continue;
            }
            let len = self.ctx.enter_index(index)?;
            index += 1;
            let mut attempt = slots[slot].clone();
            let code = self.value(types[slot], &mut attempt).inspect(|&code| {
                if !failed(code) {
                    slots[slot] = attempt;
                    slot += 1;
                }
            });
            self.ctx.leave(len);
            result.absorb(code?);
        }
        if slot < types.len() && documented {
            // The documentation's rule: the missing elements take their defaults.
            for (value, &ty) in slots[slot..].iter_mut().zip(&types[slot..]) {
                *value = self.default_of(ty)?;
            }
            result.absorb(self.ctx.code(Outcome::DefaultsUsed));
        }
        // Slots no element could fill keep their values, as the engine's load in place does;
        // the failed elements' codes make the whole PartialAlter (or Altered).
        *target = Value::Tuple(slots.into_boxed_slice());
        Ok(result)
    }
}
